#!/usr/bin/env bash
# Every test and check, from a fresh clone: creates .venv, installs the locked versions and the
# package, runs the format check and lint, then the whole pytest suite with the strict type check,
# the dependency audit and the release files' build and check beside it (and the image's where
# docker works). Any failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
# Python's default: compiled modules are cached. Some machines turn that off
# (PYTHONDONTWRITEBYTECODE), and then each of the suite's hundreds of processes (workers, servers,
# CLI runs) compiles every module it imports again, and pytest rewrites every test module's
# asserts again in each worker.
unset PYTHONDONTWRITEBYTECODE
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  # Without a pip of its own (ensurepip took about 6 s): the lock installs the locked pip.
  "$PYTHON" -m venv --without-pip .venv
fi
# Every download is checked against the lock's hashes; the package is built with the locked hatchling.
# uv (itself pinned by hash in requirements-uv.lock, installed into .venv by this Python's pip from
# its wheel) installs the lock in seconds where pip takes about a minute; where uv does not install
# or cannot reach an index, .venv's own pip installs the same lock. No byte-compiling at install
# (uv's default; --no-compile for pip): Python compiles what is imported, when it is, and most
# locked modules never are here.
QUIET=(--quiet --disable-pip-version-check --no-compile)
PIP=(.venv/bin/python -m pip install "${QUIET[@]}")
UV=(.venv/bin/uv pip install --quiet --python .venv/bin/python)
if "$PYTHON" -m pip --python .venv/bin/python install "${QUIET[@]}" --only-binary uv \
  --require-hashes -r requirements-uv.lock \
  && "${UV[@]}" --require-hashes -r requirements-dev.lock; then
  "${UV[@]}" --no-deps --no-build-isolation -e .
else
  echo "uv could not install the lock here: pip installs it"
  .venv/bin/python -m pip --version >/dev/null 2>&1 || .venv/bin/python -m ensurepip --default-pip >/dev/null
  "${PIP[@]}" --require-hashes -r requirements-dev.lock
  "${PIP[@]}" --no-deps --no-build-isolation -e .
fi
echo "== ruff format --check"
.venv/bin/ruff format --check src tests bench
echo "== ruff check"
.venv/bin/ruff check src tests bench
# The strict type check, the audit (which mostly waits on the network) and the release files'
# build run in the background beside pytest: alone, mypy held one core for about 16 s while the
# other idled. Their output is shown after pytest's, in this order, and any failure fails the run.
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
.venv/bin/mypy src >"$work/mypy.log" 2>&1 &
mypy=$!
bash scripts/audit.sh >"$work/audit.log" 2>&1 &
audit=$!
release_files() {
  # As the release workflow builds them: the locked backend, no isolation (no download).
  mkdir "$work/dist"
  .venv/bin/python -m build --no-isolation --outdir "$work/dist" . >/dev/null
  .venv/bin/python -m twine check --strict "$work/dist"/*
  .venv/bin/python scripts/release_check.py --dist "$work/dist"
}
release_files >"$work/release.log" 2>&1 &
release=$!
echo "== pytest"
# One worker per core; a module whose fixture is built once per module stays on one worker
# (loadgroup). PYTEST_WORKERS=0 runs in this process, for a debugger or a single test.
status=0
.venv/bin/python -m pytest -n "${PYTEST_WORKERS:-auto}" --dist loadgroup "$@" || status=$?
failed=0
report() {  # report TITLE PID LOG: a background check's output, once it has finished
  local code=0
  echo "== $1"
  wait "$2" || code=$?
  cat "$3"
  [ "$code" -eq 0 ] || failed="$code"
}
report "mypy --strict src" "$mypy" "$work/mypy.log"
report "dependency audit" "$audit" "$work/audit.log"
report "release files: python -m build, twine check, one version" "$release" "$work/release.log"
echo "== container image"
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  docker build --quiet --tag gitbook-mcp:test . >/dev/null
  docker run --rm gitbook-mcp:test --version
else
  echo "image build: NOT RUN, no working docker here (the release workflow builds it)"
fi
[ "$status" -eq 0 ] || exit "$status"
exit "$failed"
