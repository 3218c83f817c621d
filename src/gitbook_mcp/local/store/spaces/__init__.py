"""The spaces domain of the store: spaces, collections and the user/team grants on them."""

__all__: list[str] = []
