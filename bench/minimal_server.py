"""The reference for start-up: a minimal MCPServer with one tool, started the same way."""

from mcp.server.mcpserver import MCPServer

server = MCPServer("minimal")


@server.tool()
def echo(text: str) -> str:
    """Echo the text."""
    return text


if __name__ == "__main__":
    server.run("stdio")
