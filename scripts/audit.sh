#!/usr/bin/env bash
# Dependency audit: checks every pinned version of requirements-dev.lock and requirements-uv.lock
# against the PyPI advisory database with pip-audit. Fails when a known vulnerability is found.
# When nothing could be checked (an offline machine, no database reached) it says SKIPPED, which
# is not a pass, and exits 0;
# AUDIT_STRICT=1 makes that a failure, and any pinned package left unchecked too.
# The verdict is scripts/audit_verdict.py (tested in tests/unit/test_audit.py).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
report="$(mktemp)"
errors="$(mktemp)"
trap 'rm -f "$report" "$errors"' EXIT
status=0
timeout 180 "$PY" -m pip_audit --disable-pip --no-deps --progress-spinner off --format json \
  -r requirements-dev.lock -r requirements-uv.lock -o "$report" 2>"$errors" || status=$?
"$PY" scripts/audit_verdict.py "$report" "$status" "$errors"
