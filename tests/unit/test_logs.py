"""Log redaction: secrets are removed by key name and by shape (a ``gb_`` token, a bearer value),
in the message, in any field and in nested maps and lists, before a line is written."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gitbook_mcp.logs import REDACTED, configure_logging, get_logger

TOKEN = "gb_api_Zx81qQf0aLmN2"


@pytest.fixture
def lines(capsys: pytest.CaptureFixture[str]) -> Iterator[pytest.CaptureFixture[str]]:
    yield capsys
    configure_logging()  # back to the real stderr for later tests


def _log(capsys: pytest.CaptureFixture[str], event: str, **fields: object) -> dict[str, object]:
    """One JSON line written through the configured chain, as read back from stderr."""
    configure_logging(json=True)  # binds the stderr captured now
    get_logger("t").warning(event, **fields)
    out = capsys.readouterr()
    assert out.out == ""
    record: dict[str, object] = json.loads(out.err.strip().splitlines()[-1])
    return record


def test_a_token_under_any_token_key_is_redacted(lines: pytest.CaptureFixture[str]) -> None:
    record = _log(lines, "local.ready", role_token="gb_local_admin", profile="live")
    assert record["role_token"] == REDACTED
    assert record["profile"] == "live"


@pytest.mark.parametrize(
    "fields",
    [
        {"detail": f"called with {TOKEN} today"},
        {"headers": {"X-Docs": f"Bearer {TOKEN}"}},
        {"headers": {"X-Api": "Bearer s3cr3t-VALUE.x"}},
        {"attempts": [{"note": f"retry {TOKEN}"}]},
        {"url": f"https://api.test/v1?auth={TOKEN}&x=1"},
        {"error": "401 for bearer eyJhbGciOi.payload.sig"},
    ],
)
def test_token_shaped_values_are_redacted_wherever_they_are(
    lines: pytest.CaptureFixture[str], fields: dict[str, object]
) -> None:
    text = json.dumps(_log(lines, f"event mentioning {TOKEN}", **fields))
    for secret in (TOKEN, "s3cr3t-VALUE", "eyJhbGciOi"):
        assert secret not in text
    assert REDACTED in text


def test_other_values_are_left_alone(lines: pytest.CaptureFixture[str]) -> None:
    record = _log(lines, "space.read", space="spc_handbook", org="org_acme", hostname="gb_x")
    assert record["space"] == "spc_handbook"
    assert record["event"] == "space.read"
    assert record["org"] == "org_acme"
    assert record["hostname"] == "gb_x"  # too short to be a token
    glob = _log(lines, "local_api.exposed", warning="the public demo tokens (gb_local_*) open")
    assert glob["warning"] == "the public demo tokens (gb_local_*) open"


def test_stdlib_records_are_rendered_and_redacted_like_our_own(
    lines: pytest.CaptureFixture[str],
) -> None:
    configure_logging(json=True)  # binds the stderr captured now
    logging.getLogger("another_library").warning("Started with %s", TOKEN)
    logging.getLogger("gitbook_mcp.client").info("api.request", extra={"path": "/orgs"})
    err = lines.readouterr().err
    first, second = (json.loads(line) for line in err.strip().splitlines()[-2:])
    assert first["component"] == "another_library"
    assert first["level"] == "warning"
    assert first["event"] == f"Started with {REDACTED}"
    assert (second["component"], second["event"], second["path"]) == (
        "gitbook_mcp.client",
        "api.request",
        "/orgs",
    )


def test_structlog_is_imported_by_the_first_event_that_passes_the_level() -> None:
    code = (
        "import sys\n"
        "from gitbook_mcp.logs import configure_logging, get_logger\n"
        "configure_logging(level='WARNING', json=True)\n"
        "log = get_logger('t')\n"
        "log.info('quiet', token='gb_api_Zx81qQf0aLmN2')\n"
        "print('structlog' in sys.modules)\n"
        "log.warning('loud', token='gb_api_Zx81qQf0aLmN2')\n"
        "print('structlog' in sys.modules)\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root / "src")},
        timeout=60,
        check=True,
    )
    assert done.stdout.split() == ["False", "True"]
    (line,) = done.stderr.strip().splitlines()
    record = json.loads(line)
    assert (record["event"], record["level"], record["token"]) == ("loud", "warning", REDACTED)
    assert record["component"] == "t"
