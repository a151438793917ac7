"""Streaming parser for the Comprehensive Rules text: rules, examples, glossary, date."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime

# "702.33. Kicker", "702.33a Kicker is ...", "119.1d. In a ..." (a stray dot the CR has
# once), "100. General". Section headings ("1. Game Concepts") are not rules.
_RULE = re.compile(r"^(?P<number>\d{3}(?:\.\d+(?:[a-z]+)?)?)\.? (?P<text>\S.*)$")
_EFFECTIVE = re.compile(r"effective as of (?P<date>[A-Z][a-z]+ \d{1,2}, \d{4})")
_EXAMPLE = "Example:"
_SUBRULE = re.compile(r"^(?P<parent>\d{3}\.\d+)[a-z]+$")


@dataclass(slots=True)
class ParsedRule:
    """One numbered rule: its text is verbatim, the CR line after the number."""

    number: str
    text: str
    examples: list[str] = field(default_factory=list)
    # Indented paragraphs that continue a rule (a handful in the whole CR).
    more: list[str] = field(default_factory=list)

    @property
    def parent(self) -> str | None:
        return parent_of(self.number)


@dataclass(slots=True)
class ParsedGlossary:
    term: str
    text: str


@dataclass(slots=True)
class ParsedEffective:
    effective: date


CRItem = ParsedRule | ParsedGlossary | ParsedEffective


def parent_of(number: str) -> str | None:
    """702.33a → 702.33, 702.33 → 702, 702 → None."""
    sub = _SUBRULE.match(number)
    if sub:
        return sub.group("parent")
    if "." in number:
        return number.split(".", 1)[0]
    return None


def rule_sort_key(number: str) -> tuple[int, int, str]:
    """Order rule numbers as the CR does (702.9 before 702.10)."""
    head, _, rest = number.partition(".")
    digits = re.match(r"\d*", rest)
    minor = digits.group(0) if digits else ""
    return (int(head), int(minor) if minor else -1, rest[len(minor) :])


def _parse_date(text: str) -> date | None:
    try:
        return datetime.strptime(text, "%B %d, %Y").date()
    except ValueError:
        return None


def parse_cr(lines: Iterable[str]) -> Iterator[CRItem]:
    """Yield rules, glossary entries and the effective date, one at a time.

    Lines may keep their line endings and a leading BOM; both are stripped. The
    table of contents (between "Contents" and its "Credits" line) is skipped.
    """
    phase = "header"
    pending: ParsedRule | None = None
    term: str | None = None
    definition: list[str] = []
    seen_date = False

    for raw in lines:
        line = raw.rstrip("\r\n").lstrip("\ufeff")
        stripped = line.strip()
        if not seen_date and phase in ("header", "contents"):
            found = _EFFECTIVE.search(line)
            if found and (day := _parse_date(found.group("date"))):
                seen_date = True
                yield ParsedEffective(day)
        if phase == "header":
            if stripped == "Contents":
                phase = "contents"
                continue
            match = _RULE.match(line)
            if match and "." in match.group("number"):
                phase = "rules"
            else:
                continue
        elif phase == "contents":
            if stripped == "Credits":
                phase = "rules"
            continue

        if phase == "rules":
            if stripped == "Glossary":
                if pending:
                    yield pending
                    pending = None
                phase = "glossary"
                continue
            if not stripped:
                continue
            match = _RULE.match(line)
            if match:
                if pending:
                    yield pending
                pending = ParsedRule(match.group("number"), match.group("text").rstrip())
            elif pending is not None and stripped.startswith(_EXAMPLE):
                pending.examples.append(stripped)
            elif pending is not None and line[:1].isspace():
                pending.more.append(stripped)
            # Anything else is a section heading such as "7. Additional Rules".
            continue

        if phase == "glossary":
            if not stripped:
                if term is not None:
                    yield ParsedGlossary(term, "\n".join(definition))
                    term, definition = None, []
                continue
            if term is None:
                if stripped == "Credits":
                    phase = "credits"
                    continue
                term = stripped
            else:
                definition.append(stripped)
            continue
        # Credits: nothing more to read.
        break

    if pending:
        yield pending
    if term is not None and definition:
        yield ParsedGlossary(term, "\n".join(definition))


def looks_like_cr(head: str) -> bool:
    """True when a text's first part has the CR's shape (used to detect file kinds)."""
    head = head.lstrip("\ufeff")
    if "Comprehensive Rules" in head[:2000]:
        return True
    hits = sum(
        1 for line in head.splitlines() if _RULE.match(line) and "." in line.split(" ", 1)[0]
    )
    return hits >= 3
