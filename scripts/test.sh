#!/usr/bin/env bash
# Every test and check, from a fresh clone: creates .venv, installs the locked versions and the
# package, then runs format check, lint, strict type check and the whole pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.lock
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
echo "== ruff format --check"
.venv/bin/ruff format --check src tests bench
echo "== ruff check"
.venv/bin/ruff check src tests bench
echo "== mypy --strict src"
.venv/bin/mypy src
echo "== pytest"
.venv/bin/python -m pytest "$@"
