"""Tests of the benchmark and scoring tools in bench/."""
