"""HTTP translation for the content domain: revisions, change requests, pages, files, links, search and markdown import."""

__all__: list[str] = []
