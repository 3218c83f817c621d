"""The identity domain of the store: users and their API tokens (and, in its schema, the
store's ``meta`` table)."""

__all__: list[str] = []
