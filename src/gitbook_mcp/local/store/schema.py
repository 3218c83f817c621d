"""The schema: one SQL file per domain (``schema.sql`` in the domain's folder; ``meta`` with the
identity tables), squashed before 0.1.0 shipped.

A file made by the earlier migrations is refused whole (see `Database.migrate`). Columns hold
what rules query; ``data`` columns hold the remaining settings of an object as JSON, so that
new optional fields need no schema change.
"""

from __future__ import annotations

from importlib import resources

from gitbook_mcp.local.store.db import Migration

__all__ = ["DOMAINS", "FOLDERS", "MIGRATIONS", "schema_of"]

DOMAINS = ("identity", "organizations", "spaces", "content", "comments", "sites")
"""In the order their tables refer to each other."""
FOLDERS = {"content": ("content", "change_requests")}
"""The folders whose ``schema.sql`` make up a domain's migration, where more than the domain's
own: the change-request tables were squashed with the content domain's, so files made since
record them as part of its migration."""


def schema_of(domain: str) -> Migration:
    """The domain's schema as one migration named after the domain."""
    text = "".join(
        resources.files(f"{__package__}.{folder}").joinpath("schema.sql").read_text("utf-8")
        for folder in FOLDERS.get(domain, (domain,))
    )
    return (domain, text)


def _later(package: str, name: str) -> Migration:
    """A change made after the squash, applied once to new and existing files alike."""
    text = resources.files(package).joinpath(f"{name}.sql").read_text(encoding="utf-8")
    return (name, text)


MIGRATIONS: list[Migration] = [schema_of(domain) for domain in DOMAINS] + [
    _later(f"{__package__}.sites", "redirects_live"),
    _later(f"{__package__}.sites", "findings"),
    _later(f"{__package__}.content", "documents"),
    _later(f"{__package__}.content", "redirects"),
]
