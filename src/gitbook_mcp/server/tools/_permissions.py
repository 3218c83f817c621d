"""The permissions the toolsets' writes share: a flag on the object an argument names."""

from __future__ import annotations

from gitbook_mcp.server.tooling import Permission

__all__ = ["ORG_ADMIN", "ORG_CREATE_CONTENT", "SPACE_ADMIN", "SPACE_EDIT"]

ORG_ADMIN = Permission("organization", "admin", "organization_id")
"""The admin flag of the organization named by ``organization_id``."""
ORG_CREATE_CONTENT = Permission("organization", "createContent", "organization_id")
"""May create spaces and collections in the organization named by ``organization_id``."""
SPACE_ADMIN = Permission("space", "admin", "space_id")
"""The admin flag of the space named by ``space_id``."""
SPACE_EDIT = Permission("space", "edit", "space_id")
"""The edit flag of the space named by ``space_id`` (its content and change requests)."""
