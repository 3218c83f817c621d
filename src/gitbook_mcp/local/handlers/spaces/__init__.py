"""HTTP translation for the spaces domain: spaces, collections and the user/team grants on them."""

__all__: list[str] = []
