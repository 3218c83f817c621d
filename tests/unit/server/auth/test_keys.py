"""A caller key tells tokens apart without holding them."""

from __future__ import annotations

from gitbook_mcp.server.http.auth.keys import KEY_LENGTH, caller_key


def test_a_key_is_a_stable_truncated_hash_that_does_not_contain_the_token() -> None:
    key = caller_key("gb_api_secret")
    assert key == caller_key("gb_api_secret")
    assert key != caller_key("gb_api_secreT")
    assert len(key) == KEY_LENGTH
    assert int(key, 16) >= 0
    assert "secret" not in key
