"""A page read looks its rows up by index: it never scans every page of the revision, which made
each read of a large space cost as much as the space (a 50,000-page check, n² rows)."""

from __future__ import annotations

import sqlite3

from gitbook_mcp.local import Store
from gitbook_mcp.local.store.content.views import View

PARENT = "pg_getting_started"  # a demo page with pages below it


def _plans(conn: sqlite3.Connection, statements: list[str]) -> list[tuple[str, list[str]]]:
    reads = [q for q in statements if q.lstrip().upper().startswith(("SELECT", "WITH"))]
    return [(q, [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + q)]) for q in reads]


def test_a_page_read_with_pages_below_scans_no_table_whole(store: Store) -> None:
    actor = store.identity.authenticate("gb_local_admin")
    assert actor is not None
    conn = store.db._conn  # the store's own connection: the statements it runs, as SQLite ran them
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    try:
        page = store.content.page(
            actor, "spc_handbook", None, page_id=PARENT, view=View(body="document")
        )
    finally:
        conn.set_trace_callback(None)
    assert page["pages"], "the page read should carry the pages below it"
    plans = _plans(conn, statements)
    assert any("pages" in q for q, _ in plans)
    for query, steps in plans:
        for step in steps:
            whole = step.startswith("SCAN pages")
            # an index on the revision alone still reads every page of the revision
            revision_wide = " pages " in f" {step} " and step.endswith("(revision_id=?)")
            assert not whole, (query, step)
            assert not revision_wide, (query, step)
