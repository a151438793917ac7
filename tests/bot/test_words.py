"""Words as the full-text index sees them, and the stop words every search leaves out."""

from __future__ import annotations

from bot.words import STOPWORDS, match_any, terms, words


def test_words_fold_case_and_accents_like_the_index() -> None:
    assert words("Lim-Dûl's VAULT, 702.33c") == ["lim", "dul", "s", "vault", "702", "33c"]


def test_terms_leave_out_stop_words_and_keep_repeats() -> None:
    assert terms("Can I tap it for mana, and mana again?") == ["tap", "mana", "mana", "again"]
    assert not set(terms("what is the a an of it")) & STOPWORDS


def test_match_any_quotes_every_word_and_is_none_without_one() -> None:
    # FTS5 syntax in a question ("OR", quotes, NEAR) is only words to match.
    assert match_any('kicker "OR" NEAR(x') == '"kicker" OR "near" OR "x"'
    assert match_any("what is it?") is None
    assert match_any("") is None
