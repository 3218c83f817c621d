"""The references for per-call overhead: a minimal MCPServer whose tool ``list_spaces`` makes the
same API call as ours through the same client and answers a line per space, and whose tool
``nothing`` does nothing (the SDK's own round trip); logs at ERROR, as ours."""

import os

from mcp.server.mcpserver import MCPServer

from gitbook_mcp.client import GitBookClient

server = MCPServer("minimal", log_level="ERROR")
_clients: list[GitBookClient] = []


@server.tool()
async def list_spaces(organization_id: str) -> str:
    """The organization's spaces, a line each."""
    if not _clients:
        _clients.append(
            GitBookClient(token=os.environ["GITBOOK_API_TOKEN"], base_url=os.environ["BASE"])
        )
    page = await _clients[0].spaces.list(organization_id, limit=25)
    return "\n".join(f"- {space.title} [{space.id}]" for space in page.items)


@server.tool()
async def nothing() -> str:
    """Nothing: what a call costs the SDK, client and server, over stdio."""
    return ""


if __name__ == "__main__":
    server.run("stdio")
