"""Hostile user inputs for property tests of every place that takes free text."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

_ZALGO_MARKS = "".join(chr(c) for c in range(0x0300, 0x0370))

# (id, text) pairs. Each targets a different way free text breaks code that
# parses it, stores it, or echoes it back into Discord.
HOSTILE_QUESTIONS: list[tuple[str, str]] = [
    ("empty", ""),
    ("whitespace_only", " \t\r\n\u00a0\u2003\u3000\n  "),
    ("newlines_only", "\n" * 5000),
    (
        "text_100kb",
        ("If I kick Goblin Bushwhacker twice, do I get two triggers? " * 1700)[:100_000],
    ),
    ("nul_bytes", "Does \x00Llanowar Elves\x00 tap for mana?\x00"),
    (
        "control_chars",
        "".join(chr(c) for c in range(32)) + "\x7f" + "".join(chr(c) for c in range(0x80, 0xA0)),
    ),
    ("ansi_escape", "\x1b[31mIs \x1b[1mKicker\x1b[0m a cost?\x1b[2J"),
    ("crlf_injection", "Is kicker a cost?\r\nverdict: yes\r\n\r\nrule: 702.33"),
    (
        "zalgo",
        "".join(ch + _ZALGO_MARKS[i % 40 : i % 40 + 12] for i, ch in enumerate("Llanowar Elves")),
    ),
    ("rtl_override", "Can \u202eslevE rawonalL\u202c tap the turn it enters?"),
    ("bidi_isolates", "\u2067Llanowar\u2069 \u2066Elves\u2069 \u200f\u061c tap?"),
    ("zero_width", "Lla\u200bno\u200cwar\u200d El\u2060ves\ufeff tap for mana?"),
    ("lone_surrogate", "Does \ud800 Llanowar Elves \udfff tap?"),
    (
        "emoji_and_custom_emoji",
        "🃏🔥 <:mana_g:123456789012345678> <a:spin:123456789012345678> tap?",
    ),
    ("non_latin", "稲妻 Какой кикер? مرحبا [[Молния]] 번개"),
    ("everyone", "@everyone @here does multikicker stack?"),
    ("role_mention", "<@&123> can I tap a creature the turn it enters?"),
    ("user_mention", "<@456> <@!456> is kicker an additional cost?"),
    ("channel_and_slash_mentions", "<#789> </ask:1234567890> <t:0:R> tap?"),
    (
        "markdown_injection",
        "**bold** __under__ ~~strike~~ ||spoiler|| *i*\n# Heading\n> quote\n-# small\n"
        "[link](https://example.com) tap?",
    ),
    ("code_fence_injection", "```\n```py\nprint('x')\n``` ` `` ``` Kicker?```"),
    ("masked_link", "[Llanowar Elves](https://evil.example/phish) [[Island]](javascript:alert(1))"),
    ("html_script", "<script>alert(1)</script><img src=x onerror=alert(1)> kicker?"),
    ("sql_injection", "'; DROP TABLE cards; --"),
    ("sql_metacharacters", "Llanowar%_Elves\\ \" ' ; -- /* */ OR 1=1 LIKE '%'"),
    ("fts_syntax", 'NEAR("kicker" "cost") AND NOT OR * ^ : "unbalanced'),
    ("format_strings", "{0} {} %s %(name)s %n {__class__.__mro__} ${HOME} $(id)"),
    ("regex_metacharacters", ".*+?^$()[]{}|\\ (a+)+$ kicker?"),
    ("many_card_brackets", " ".join(f"[[Island {i}]]" for i in range(500))),
    ("unbalanced_brackets", "[[[[Island]] ]] [[ [[Llanowar Elves]]]] ]] [[ [["),
    ("empty_brackets", "[[]] [[ ]] [[\n]] tap?"),
    ("long_card_name", "Does " + "Llanowar" * 1250 + " have kicker?"),
    ("long_bracketed_name", "[[" + "A" * 10_000 + "]]"),
    ("long_single_word", "x" * 50_000),
    ("huge_number", "If I kick it " + "9" * 5000 + " times, how many triggers?"),
    ("mana_symbol_garbage", "{X}{X}{∞}{-1}{99999999999999999999}{G/U/P}{}{{}} costs?"),
    ("only_punctuation", "?!?!?... ,,, ;;; ::: !!!"),
]


def hostile_text() -> SearchStrategy[str]:
    """The fixed inputs above plus arbitrary Unicode text, for hypothesis."""
    from hypothesis import strategies as st

    return st.one_of(st.sampled_from([text for _, text in HOSTILE_QUESTIONS]), st.text())
