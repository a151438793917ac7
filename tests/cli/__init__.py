"""Tests of the command line as users run it."""
