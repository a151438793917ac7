"""Tests for the Discord front end."""
