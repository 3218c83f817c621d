"""The change-request domain of the store: change requests, their authoring and content
batches, reviews, reviewers and contributors, merging (with conflicts), and the organization's
listing."""

__all__: list[str] = []
