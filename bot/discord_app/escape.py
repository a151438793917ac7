"""Make user-supplied text inert before it is echoed back into Discord."""

from __future__ import annotations

import re
import unicodedata

import discord

# Zero-width and bidi-control characters let people hide mentions, fake
# markdown or reverse displayed text; echoed text never needs them.
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]"
)
# Channel, slash-command, emoji and timestamp syntax render specially too.
_ANGLE = re.compile(r"<(?=[@#:/a]|t:)")
# An opening bracket after an even run of backslashes is live; escape_markdown only
# catches the simplest masked links, and "[[x]](url)" slips past it.
_LIVE_BRACKET = re.compile(r"(?<!\\)((?:\\\\)*)\[")


def strip_invisible(text: str) -> str:
    """Drop zero-width/bidi characters and control characters other than newlines."""
    text = _INVISIBLE.sub("", text)
    return "".join(ch for ch in text if ch == "\n" or unicodedata.category(ch) not in {"Cc", "Cf"})


def escape_user_text(text: str, *, single_line: bool = False) -> str:
    """Return ``text`` so that no mention pings and no markdown renders.

    ``single_line`` also folds all whitespace, for titles and list items.
    """
    text = strip_invisible(text)
    if single_line:
        text = " ".join(text.split())
    text = discord.utils.escape_markdown(text)
    text = _LIVE_BRACKET.sub(r"\1\\[", text)
    text = discord.utils.escape_mentions(text)
    # escape_mentions leaves "<@" pairs; a zero-width space after "<" keeps
    # user, role, channel and command mentions from ever resolving.
    return _ANGLE.sub("<\u200b", text)


def plain(text: str) -> str:
    """Escape text for places where markdown doesn't render (author, footer, labels)."""
    return " ".join(strip_invisible(text).split())
