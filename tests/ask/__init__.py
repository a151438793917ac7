"""Tests of the ask pipeline."""
