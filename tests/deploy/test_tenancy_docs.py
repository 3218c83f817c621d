"""The hardening advice of issue 26 stays written down: multi-tenant deployments run stateless,
metrics and probes sit behind the Host allow-list, shared machines set a token."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def _flat(path: str) -> str:
    return " ".join((ROOT / path).read_text(encoding="utf-8").split())


def test_deployment_docs_say_multi_tenant_deployments_run_stateless() -> None:
    text = _flat("docs/deployment.md")
    assert "Multi-tenant deployments should run `--stateless`" in text
    assert "`--sessions-per-caller`" in text
    assert "`--metrics-port PORT`" in text
    assert "behind the `Host` allow-list like every route" in text
    assert "more than one `Authorization` header is refused `400`" in text


def test_readme_advises_a_token_on_shared_machines_and_a_token_file() -> None:
    text = _flat("README.md")
    assert "On a machine shared by several users, set `--mcp-auth-token` even on loopback" in text
    assert "`--token-file`, not `--token`" in text


def test_the_kubernetes_probes_send_an_allowed_host() -> None:
    deployment = yaml.safe_load((ROOT / "deploy/kubernetes/deployment.yaml").read_text())
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e.get("value") for e in container["env"]}
    allowed = env["GITBOOK_ALLOWED_HOSTS"].split(",")
    for probe in ("readinessProbe", "livenessProbe"):
        headers = {h["name"]: h["value"] for h in container[probe]["httpGet"]["httpHeaders"]}
        assert headers["Host"] in allowed
