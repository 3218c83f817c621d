"""The content domain of the store: revisions, pages, files, links, search and markdown import."""

__all__: list[str] = []
