"""The benchmark suite: ``python -m bench.run`` writes docs/benchmarks.md."""
