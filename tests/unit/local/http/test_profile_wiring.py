"""``local-api --profile`` and ``serve --local --profile`` reach the local workspace's app: both
serve ``live`` unless told ``seed``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gitbook_mcp.api import Profile
from gitbook_mcp.cli import command as cli
from gitbook_mcp.cli.wiring import client_factory
from gitbook_mcp.client import OperationNotInProfile
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local.http import serve
from gitbook_mcp.local.seed.ids import SPACES
from tests.support.local import profile_of


@pytest.mark.parametrize(("argv", "expected"), [([], "live"), (["--profile", "seed"], "seed")])
def test_local_api_serves_the_chosen_profile(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], expected: Profile
) -> None:
    apps: list[object] = []

    def capture(app: object, *args: Any, **kwargs: Any) -> Any:
        apps.append(app)
        raise SystemExit(0)  # stop before uvicorn binds a port

    monkeypatch.setattr(serve, "server_config", capture)
    with pytest.raises(SystemExit):
        cli.main(["local-api", "--seed", "demo", *argv], environ={})
    (app,) = apps
    assert profile_of(app) == expected


@pytest.mark.anyio
@pytest.mark.parametrize("profile", ["live", "seed"])
async def test_local_server_serves_the_chosen_profile(tmp_path: Path, profile: Profile) -> None:
    assert Settings(local=True).profile == "live"
    settings = Settings(local=True, local_db=tmp_path / "w.db", profile=profile)
    async with client_factory(settings)() as client:
        assert client.profile == profile
        if profile == "live":
            # The client refuses before sending; the app itself answers 404 (test_profiles).
            with pytest.raises(OperationNotInProfile):
                client.spaces.list_links(SPACES["handbook"])
            assert (await client.users.me()).id
        else:
            assert await client.spaces.list_links(SPACES["handbook"]).to_list(max_items=1)


@pytest.mark.anyio
@pytest.mark.parametrize("profile", ["live", "seed"])
async def test_the_real_api_client_speaks_the_chosen_profile(profile: Profile) -> None:
    settings = Settings(api_token="gb_api_test", profile=profile)
    async with client_factory(settings)() as client:
        assert client.profile == profile
        assert client.has("createChangeRequest") is (profile == "live")
