"""The contract of each API profile, loaded once: ``openapi.json`` (seed) and ``openapi-live.json``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from gitbook_mcp.client.profiles import Profile
from tests.support.contract import Contract, load_contract

__all__ = ["CONTRACT_FILES", "load_profile_contract"]

CONTRACT_FILES: dict[Profile, Path] = {
    "seed": Path(__file__).resolve().parent / "openapi.json",
    "live": Path(__file__).resolve().parent / "openapi-live.json",
}


@cache
def load_profile_contract(profile: Profile) -> Contract:
    """The vendored contract of a profile (the seed one is the suite's shared instance)."""
    if profile == "seed":
        return load_contract()
    return Contract(json.loads(CONTRACT_FILES[profile].read_text()))
