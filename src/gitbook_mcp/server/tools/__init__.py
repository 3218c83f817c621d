"""One module per toolset; each exports ``TOOLS``, a list of `ToolDef`."""
