"""Toolset ``org_admin`` (opt-in): an organization's settings, members, invites, teams, SAML
providers, custom fonts and OpenAPI specs.

One module per resource; importing them here, in this order, registers their tools in the
order of ``tools/list`` and the README. The one tool that deletes is in `delete`.
"""

from __future__ import annotations

# isort: off
# The order of these imports is the order of the tools in tools/list and the README.
from gitbook_mcp.server.tools.org_admin import organization
from gitbook_mcp.server.tools.org_admin import members
from gitbook_mcp.server.tools.org_admin import invites
from gitbook_mcp.server.tools.org_admin import teams
from gitbook_mcp.server.tools.org_admin import saml
from gitbook_mcp.server.tools.org_admin import fonts
from gitbook_mcp.server.tools.org_admin import openapi_specs
from gitbook_mcp.server.tools.org_admin import delete

# isort: on

__all__ = [
    "delete",
    "fonts",
    "invites",
    "members",
    "openapi_specs",
    "organization",
    "saml",
    "teams",
]
