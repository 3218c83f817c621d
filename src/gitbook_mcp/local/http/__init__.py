"""The HTTP face of the local workspace: request parsing, error mapping, faults, the app."""
