"""The MCP face of gitbook-mcp: tools by toolset, permission gating, resources and prompts."""
