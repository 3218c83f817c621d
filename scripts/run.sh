#!/usr/bin/env bash
# The main job from a fresh clone: set up .venv with the locked runtime versions (hash-checked), then start the MCP
# server on stdio over the demo local workspace (no account, no network). Extra arguments are
# passed to gitbook-mcp (for example: --transport streamable-http, or --local-token gb_local_reader).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
exec .venv/bin/gitbook-mcp --local "$@"
