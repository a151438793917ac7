"""rulesbot's async edge: the card and rules store, question parsing, the CLI and the Discord bot."""

__version__ = "0.1.0"
