"""Family handlers: each maps questions of one rules family onto engine scenarios."""
