"""Benchmarks: `python -m bench` prints every figure the README states."""
