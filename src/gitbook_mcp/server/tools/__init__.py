"""One module (or package) per toolset, named after its id. Each tool is one handler under
`read_tool`, `write_tool` or `delete_tool` and registers itself with its toolset when the module
is imported; so a tool module exports nothing by name (``__all__`` is empty) and a tool's name
is written once, in its ``def``."""
