"""HTTP translation for the sites domain: docs sites and their parts: site spaces, sections, section groups, redirects, MCP servers."""

__all__: list[str] = []
