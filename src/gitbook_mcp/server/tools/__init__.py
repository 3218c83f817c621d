"""One module (or package) per toolset, named after its id; each tool is one handler under
`read_tool` or `write_tool` and registers itself with its toolset when the module is imported."""
