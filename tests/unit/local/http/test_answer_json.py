"""`answer_json`: an answer holding documents as JSON text (`RawJSON`) reads as the same JSON as
if they had been objects, whatever the texts around them hold."""

from __future__ import annotations

import json

import pytest

from gitbook_mcp.local.http.answer_json import answer_json
from gitbook_mcp.local.store.content.views import RawJSON

DOCUMENT = {"object": "document", "data": {}, "nodes": [{"object": "block", "text": 'a "q" é\0'}]}


def test_raw_texts_read_back_as_the_objects_they_hold() -> None:
    text = json.dumps(DOCUMENT, ensure_ascii=False, separators=(",", ":"))
    answer = {
        "title": 'a "quoted" \0 title',  # a NUL and quotes in the text around the documents
        "document": RawJSON(text),
        "pages": [{"document": RawJSON(text), "pages": []}, {"document": RawJSON("{}")}],
    }
    plain = {**answer, "document": DOCUMENT}
    plain["pages"] = [{"document": DOCUMENT, "pages": []}, {"document": {}}]
    written = answer_json(answer)
    assert json.loads(written) == plain
    assert written == json.dumps(plain, ensure_ascii=False, separators=(",", ":"))


def test_an_answer_without_raw_texts_is_written_as_starlette_writes_it() -> None:
    answer = {"a": ["é", 1.5, None, True], "b": {"c": "\0"}}
    assert answer_json(answer) == json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def test_a_value_json_cannot_hold_is_refused() -> None:
    with pytest.raises(TypeError, match="set"):
        answer_json({"a": {1, 2}})
    with pytest.raises(ValueError, match="Out of range"):
        answer_json({"a": float("nan")})
