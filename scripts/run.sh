#!/usr/bin/env bash
# The main job from a fresh clone: set up .venv with the locked runtime versions (hash-checked), then start the MCP
# server on stdio over the demo local workspace (no account, no network). Extra arguments are
# passed to gitbook-mcp (for example: --transport streamable-http, or --local-token gb_local_reader).
# Installs only when needed: .venv/.run-stamp keeps the hashes of requirements.lock and
# pyproject.toml from the last install that succeeded; when both are unchanged (the package is
# installed in editable mode, so a change under src/ needs no install), it starts the server at once.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
STAMP=.venv/.run-stamp
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
state="$(.venv/bin/python -c 'import hashlib, sys
print(" ".join(hashlib.sha256(open(p, "rb").read()).hexdigest() for p in sys.argv[1:]))' \
  requirements.lock pyproject.toml)"
if [ ! -x .venv/bin/gitbook-mcp ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$state" ]; then
  rm -f "$STAMP"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
  printf '%s\n' "$state" > "$STAMP"
fi
exec .venv/bin/gitbook-mcp --local "$@"
