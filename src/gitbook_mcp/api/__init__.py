"""What the API is, as data, below everything else of ours: its operations (operationId, method,
path, profiles) and its two profiles. It imports nothing of ours."""

from gitbook_mcp.api.operations import (
    ADDED_IN_LIVE,
    KEPT,
    OPERATIONS,
    PROFILES,
    REMOVED_IN_LIVE,
    Operation,
    Profile,
    operations,
    route_of,
)

__all__ = [
    "ADDED_IN_LIVE",
    "KEPT",
    "OPERATIONS",
    "PROFILES",
    "REMOVED_IN_LIVE",
    "Operation",
    "Profile",
    "operations",
    "route_of",
]
