"""Built-in data and schema migrations shipped with rulesbot."""
