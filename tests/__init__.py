"""Test suite for rulesbot; shared test data lives in modules such as tests.hostile."""
