#!/usr/bin/env bash
# Dependency audit: checks every pinned version of requirements-dev.lock against the PyPI advisory
# database with pip-audit. Fails when a known vulnerability is found; says so and passes when no
# vulnerability database can be reached (an offline machine) or a version is unknown to it.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
status=0
timeout 180 "$PY" -m pip_audit --disable-pip --no-deps --progress-spinner off --format json \
  -r requirements-dev.lock -o "$report" 2>/dev/null || status=$?
"$PY" - "$report" "$status" <<'PYEOF'
import json
import sys

path, status = sys.argv[1], int(sys.argv[2])
try:
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
except (OSError, ValueError):
    print(f"audit: skipped, no vulnerability database could be reached (pip-audit exit {status})")
    sys.exit(0)
deps = data.get("dependencies", [])
found = [(d["name"], d.get("version"), v["id"]) for d in deps for v in d.get("vulns", [])]
unknown = [d["name"] for d in deps if "skip_reason" in d]
checked = len(deps) - len(unknown)
for name, version, vuln in found:
    print(f"audit: {name} {version}: {vuln}")
print(f"audit: {checked} of {len(deps)} pinned packages checked, {len(found)} known vulnerabilities"
      + (f"; {len(unknown)} not in the database reached" if unknown else ""))
sys.exit(1 if found else 0)
PYEOF
