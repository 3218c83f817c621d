"""Fixes of broken links: planned from the findings (`plan`, with `similar` for the likely
target of a renamed page), then applied to documents or markdown (`edit`)."""

__all__: list[str] = []
