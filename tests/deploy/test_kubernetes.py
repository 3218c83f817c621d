"""The Kubernetes manifest validates against a pinned Kubernetes version and keeps its rules."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx2
import kubernetes_validate
import pytest
import yaml

from gitbook_mcp.config.options import resolve
from gitbook_mcp.config.settings import Settings
from gitbook_mcp.local import Store
from gitbook_mcp.server.http.transports import http_app
from tests.deploy.ops_support import serve_app
from tests.unit.server.conftest import make_server

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
        ("v1", "ConfigMap"),
    }


def test_the_deployment_leaves_the_replica_count_to_the_autoscaler() -> None:
    # A replicas field under an HPA is reset by every `kubectl apply`, fighting the autoscaler.
    assert "replicas" not in _kind("Deployment")["spec"]
    assert _kind("HorizontalPodAutoscaler")["spec"]["minReplicas"] >= 2


def test_the_deployment_has_probes_resources_and_a_locked_down_container() -> None:
    spec = _kind("Deployment")["spec"]
    pod = spec["template"]["spec"]
    [container] = pod["containers"]
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
    from gitbook_mcp.config.settings import Settings

    pod = _kind("Deployment")["spec"]["template"]["spec"]
    [container] = pod["containers"]
    # Any pod answers any request behind the Service; calls in flight finish before the kill.
    assert "--stateless" in container["args"]
    assert pod["terminationGracePeriodSeconds"] > Settings().drain_grace


def _pod_environment(namespace: str, config: dict[str, str]) -> dict[str, str]:
    """The container's environment as the kubelet makes it: the downward API's namespace, the
    ConfigMap's keys, and ``$(NAME)`` expanded from the variables defined before it."""
    [container] = _kind("Deployment")["spec"]["template"]["spec"]["containers"]
    env: dict[str, str] = {}
    for item in container["env"]:
        source = item.get("valueFrom", {})
        if "fieldRef" in source:
            assert source["fieldRef"]["fieldPath"] == "metadata.namespace"
            env[item["name"]] = namespace
        elif "configMapKeyRef" in source:
            ref = source["configMapKeyRef"]
            assert ref["name"] == _kind("ConfigMap")["metadata"]["name"]
            env[item["name"]] = config[ref["key"]]
        elif "value" in item:
            env[item["name"]] = re.sub(
                r"\$\((\w+)\)", lambda m: env.get(m.group(1), m.group(0)), item["value"]
            )
    return env


def test_the_configmap_ships_every_key_the_deployment_reads() -> None:
    shipped = _kind("ConfigMap")["data"]
    env = _pod_environment("default", shipped)
    assert "$(" not in env["GITBOOK_ALLOWED_HOSTS"]  # every reference defined before its use


@pytest.mark.anyio
@pytest.mark.parametrize("namespace", ["default", "docs-prod"])
async def test_the_host_allow_list_follows_the_namespace_and_the_ingress_hosts(
    store: Store, namespace: str
) -> None:
    ingress = "mcp.example.com"
    env = _pod_environment(namespace, {"ingress-hosts": ingress})
    settings = resolve(Settings, {"transport": "streamable-http", "local": True}, env)

    def make(port: int) -> Any:
        return http_app(make_server(store), settings)

    hosts = {
        "gitbook-mcp:8000": 200,  # the probes' Host header
        f"gitbook-mcp.{namespace}.svc.cluster.local:8000": 200,
        f"gitbook-mcp.{namespace}.svc:8000": 200,
        ingress: 200,
        "gitbook-mcp.elsewhere.svc.cluster.local:8000": 421,
        "attacker.example": 421,
    }
    async with serve_app(make) as url, httpx2.AsyncClient(base_url=url, timeout=10) as client:
        answers = {
            h: (await client.get("/healthz", headers={"host": h})).status_code for h in hosts
        }
    assert answers == hosts
