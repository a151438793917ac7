"""Keep secrets out of logs: a filter that blanks them in every record a handler emits."""

from __future__ import annotations

import logging
from collections.abc import Iterable

MASK = "[redacted]"


class RedactSecrets(logging.Filter):
    """Replaces each secret in a record's message and traceback with a mask.

    Attached to handlers rather than loggers, because a logger's filters don't see
    records propagated from child loggers (discord.py's, aiohttp's).
    """

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self._secrets = tuple(s for s in secrets if len(s) >= 8)

    def _clean(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, MASK)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = self._clean(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        if record.stack_info:
            record.stack_info = self._clean(record.stack_info)
        return True


def redact_everywhere(*secrets: str) -> RedactSecrets:
    """Install the filter on every handler of the root logger (and return it)."""
    flt = RedactSecrets(secrets)
    root = logging.getLogger()
    if not root.handlers:
        logging.basicConfig()
    for handler in root.handlers:
        handler.addFilter(flt)
    return flt
