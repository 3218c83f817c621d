"""HTTP translation for the comments domain: comments on spaces and change requests, their replies and reactions."""

__all__: list[str] = []
