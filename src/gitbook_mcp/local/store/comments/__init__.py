"""The comments domain of the store: comments on spaces and change requests, their replies and reactions."""

__all__: list[str] = []
