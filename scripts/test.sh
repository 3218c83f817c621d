#!/usr/bin/env bash
# Every test and check, from a fresh clone: creates .venv, installs the locked versions and the
# package, then runs format check, lint, strict type check, the dependency audit and the whole pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
# Every download is checked against the lock's hashes; the package is built with the locked hatchling.
.venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-dev.lock
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
echo "== ruff format --check"
.venv/bin/ruff format --check src tests bench
echo "== ruff check"
.venv/bin/ruff check src tests bench
echo "== mypy --strict src"
.venv/bin/mypy src
echo "== dependency audit"
bash scripts/audit.sh
echo "== pytest"
# One worker per core; a module whose fixture is built once per module stays on one worker
# (loadgroup). PYTEST_WORKERS=0 runs in this process, for a debugger or a single test.
.venv/bin/python -m pytest -n "${PYTEST_WORKERS:-auto}" --dist loadgroup "$@"
