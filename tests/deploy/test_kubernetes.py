"""The Kubernetes manifest validates against a pinned Kubernetes version and keeps its rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
MANIFESTS = sorted((ROOT / "deploy" / "kubernetes").glob("*.yaml"))
KUBERNETES_VERSION = "1.33.0"
"""The Kubernetes version the manifest is validated against (strict: no unknown fields)."""


def _objects() -> list[dict[str, Any]]:
    return [o for path in MANIFESTS for o in yaml.safe_load_all(path.read_text()) if o]


def _kind(kind: str) -> dict[str, Any]:
    [found] = [o for o in _objects() if o["kind"] == kind]
    return found


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_each_manifest_validates_strictly(path: Path) -> None:
    for obj in yaml.safe_load_all(path.read_text()):
        kubernetes_validate.validate(obj, KUBERNETES_VERSION, strict=True)


def test_strict_validation_refuses_an_unknown_field() -> None:
    broken = _kind("Service")
    broken["spec"]["portz"] = []
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


def test_every_object_is_there() -> None:
    kinds = {(o["apiVersion"], o["kind"]) for o in _objects()}
    assert kinds == {
        ("apps/v1", "Deployment"),
        ("v1", "Service"),
        ("autoscaling/v2", "HorizontalPodAutoscaler"),
        ("policy/v1", "PodDisruptionBudget"),
        ("networking.k8s.io/v1", "NetworkPolicy"),
    }


def test_the_deployment_has_replicas_probes_resources_and_a_locked_down_container() -> None:
    spec = _kind("Deployment")["spec"]
    pod = spec["template"]["spec"]
    [container] = pod["containers"]
    assert spec["replicas"] >= 2
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert set(container["resources"]) == {"requests", "limits"}
    assert {"cpu", "memory"} <= set(container["resources"]["limits"])
    security = container["securityContext"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] == 10001
    assert security["readOnlyRootFilesystem"] is True
    assert security["allowPrivilegeEscalation"] is False
    assert security["capabilities"]["drop"] == ["ALL"]
    assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"


def test_tokens_come_from_a_secret_never_a_literal() -> None:
    [container] = _kind("Deployment")["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e for e in container["env"]}
    for name in ("GITBOOK_API_TOKEN", "GITBOOK_MCP_AUTH_TOKEN"):
        assert "value" not in env[name]
        assert env[name]["valueFrom"]["secretKeyRef"]["name"] == "gitbook-mcp"


def test_autoscaler_and_disruption_budget_keep_two_pods_and_one_serving() -> None:
    hpa = _kind("HorizontalPodAutoscaler")["spec"]
    assert hpa["scaleTargetRef"]["name"] == _kind("Deployment")["metadata"]["name"]
    assert hpa["minReplicas"] >= 2
    assert _kind("PodDisruptionBudget")["spec"]["minAvailable"] >= 1


def test_the_network_policy_allows_8000_in_and_only_dns_and_https_out() -> None:
    policy = _kind("NetworkPolicy")["spec"]
    assert set(policy["policyTypes"]) == {"Ingress", "Egress"}
    ingress = {p["port"] for rule in policy["ingress"] for p in rule["ports"]}
    egress = {(p["port"], p["protocol"]) for rule in policy["egress"] for p in rule["ports"]}
    assert ingress == {8000}
    assert egress == {(53, "UDP"), (53, "TCP"), (443, "TCP")}
    assert all("to" not in rule or rule["to"] for rule in policy["egress"])


def test_the_pods_are_stateless_and_outlive_their_drain() -> None:
    from gitbook_mcp.settings import Settings

    pod = _kind("Deployment")["spec"]["template"]["spec"]
    [container] = pod["containers"]
    # Any pod answers any request behind the Service; calls in flight finish before the kill.
    assert "--stateless" in container["args"]
    assert pod["terminationGracePeriodSeconds"] > Settings().drain_grace
