"""Injected faults are drawn deterministically under a seed."""

from __future__ import annotations

from gitbook_mcp.local import FaultConfig


def test_fault_plan_is_deterministic_under_a_seed() -> None:
    from gitbook_mcp.local.faults import FaultPlan

    config = FaultConfig(error_rate=0.3, drop_rate=0.2, seed=7)
    a, b = FaultPlan(config), FaultPlan(config)
    first, second = [a.decide() for _ in range(50)], [b.decide() for _ in range(50)]
    assert first == second
    assert any(d.status for d in first)
    assert any(d.drop for d in first)
