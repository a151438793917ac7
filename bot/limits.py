"""Bounds on the work one question may cause; Settings exposes them, the pipeline obeys them.

Kept apart from bot.settings so that asking a question needn't load pydantic-settings.
"""

from __future__ import annotations

# Characters in one question (/ask, the message command, `rulesbot ask`).
MAX_QUESTION_CHARS = 1000
# [[Card name]] brackets looked up in one question; the rest are left unread.
MAX_BRACKETS = 10
# Discord's own cap on a text option: /ask can't carry more, so no setting may allow more.
DISCORD_TEXT_MAX = 4000
