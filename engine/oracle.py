"""Parse oracle text into typed ability objects, keeping whatever is not understood."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal

from engine.abilities import (
    CHOSEN_COLOR,
    Ability,
    Activated,
    Bestow,
    BlockRestriction,
    CostChange,
    CouldProduce,
    Enchant,
    EnchantmentEnters,
    GrantedManaAbility,
    IfKicked,
    Keyword,
    Kicker,
    KickerCost,
    LandTypeChange,
    ManaDoubling,
    ManaProduction,
    ManaReplacement,
    MustBeBlocked,
    MustBlock,
    ParsedFace,
    SpellRule,
    TapOthers,
    TappedForManaTrigger,
    Target,
    Whose,
)
from engine.abilities import (
    Cost as AbilityCost,
)
from engine.card import BASIC_LAND_TYPES, Card, Face
from engine.effects import mana_value_check, parse_effect
from engine.errors import ManaCostError
from engine.lazyre import LazyPattern, lazy
from engine.mana import ManaCost

__all__ = [
    "SELF",
    "parse_all",
    "parse_card",
    "parse_face",
    "parse_mana",
    "sentences",
    "split_cost",
    "targets",
]

SELF = "CARDNAME"

# "this creature", "this enchantment", ... : how modern oracle text names its own object.
_THIS = r"[Tt]his (?!turn\b|way\b|ability\b|mana\b|combat\b|phase\b|step\b|emblem\b)[A-Za-z]+"
_ME = rf"(?:{SELF}|{_THIS})"
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twice": 2,
}  # fmt: skip
_NUM = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|X|\d+)"
_SYMS = r"(?:\{[WUBRGC]\})+"

_REMINDER = lazy(r"\s*\([^()]*\)")
_ABILITY_WORD = lazy(r"^(?P<word>[A-Z][\w'!,.\- ]{0,40}?) — (?P<rest>.+)$")
_BULLET = lazy(r"^•\s*")


def _amount(word: str) -> int | Literal["X"]:
    if word == "X":
        return "X"
    if word.isdigit():
        return int(word)
    return _NUMBERS[word.lower()]


_QUOTES = lazy('["“”]')
_SENTENCE_BREAK = lazy(r"[.!?] (?=[A-Z•{])")


def _quoted(text: str, index: int) -> bool:
    """Whether ``index`` falls inside a double-quoted ability."""
    return len(_QUOTES.findall(text, 0, index)) % 2 == 1


def _find_top(text: str, sep: str, start: int = 0) -> int:
    """The index of the first ``sep`` outside quotes, or -1."""
    i = text.find(sep, start)
    while i != -1 and _quoted(text, i):
        i = text.find(sep, i + 1)
    return i


def _split_top(text: str, sep: str) -> list[str]:
    """Split on ``sep`` wherever it is not inside quotes."""
    parts: list[str] = []
    start = 0
    i = _find_top(text, sep)
    while i != -1:
        parts.append(text[start:i])
        start = i + len(sep)
        i = _find_top(text, sep, start)
    parts.append(text[start:])
    return parts


def sentences(text: str) -> list[str]:
    """Split a line into sentences, never inside quoted abilities."""
    out: list[str] = []
    start = 0
    for m in _SENTENCE_BREAK.finditer(text):
        if not _quoted(text, m.start()):
            out.append(text[start : m.start() + 1].strip())
            start = m.end()
    tail = text[start:].strip()
    if tail:
        out.append(tail)
    return out


# ---------------------------------------------------------------- costs

_TAP_OTHERS = lazy(
    r"^Tap (?P<n>an|a|one|two|three|four|five|X|\d+) untapped (?P<what>.+?) you control$"
)
_LOYALTY = lazy(r"^[+−-]?(?:\d+|X)$")
_COST_VERBS = lazy(
    r"^(?:Sacrifice|Discard|Pay|Tap|Untap|Exile|Remove|Return|Put|Reveal|Collect|Mill|"
    r"Forage|Behold|Blight|Waterbend|Expend|Gain|Lose|Destroy|Shuffle|Turn|Draw|Roll|"
    r"Choose|Flip|Crew|Attach|Get|Unattach|Move|Skip|Create|Search|Note|Say|Look|"
    r"Airbend|Earthbend|Firebend|Exert|Mark|Energize|Discard|Harness)\b"
)
_MANA_ONLY = lazy(r"^(?:\{[^{}]+\})+$")


def split_cost(text: str) -> AbilityCost | None:
    """Parse an activation cost ("{2}, {T}, Sacrifice a land"), or None if it isn't one."""
    mana = ManaCost()
    tap = untap = False
    tap_others: TapOthers | None = None
    other: list[str] = []
    loyalty: str | None = None
    parts = [p.strip() for p in _split_top(text, ",")]
    for i, part in enumerate(parts):
        if not part:
            return None
        if _MANA_ONLY.match(part):
            symbols = re.findall(r"\{([^{}]+)\}", part)
            rest = "".join(f"{{{s}}}" for s in symbols if s not in {"T", "Q", "E"})
            tap = tap or "T" in symbols
            untap = untap or "Q" in symbols
            energy = [s for s in symbols if s == "E"]
            if energy:
                other.append("{E}" * len(energy))
            if rest:
                try:
                    mana = mana + ManaCost.parse(rest)
                except ManaCostError:
                    return None
            continue
        if i == 0 and len(parts) == 1 and _LOYALTY.match(part):
            loyalty = part.replace("−", "-")
            continue
        m = _TAP_OTHERS.match(part)
        if m and m["n"] != "X":
            count = _count(m["n"])
            what = _singular(m["what"]) if count > 1 else m["what"]
            tap_others = TapOthers(count=count, what=what, whose="you")
            continue
        if _COST_VERBS.match(part):
            other.append(part)
            continue
        if other and part[:1].islower():
            # A list inside one cost: "Sacrifice a green creature, a white creature, and ..."
            other[-1] = f"{other[-1]}, {part}"
            continue
        return None
    return AbilityCost(
        mana=mana, tap=tap, untap=untap, tap_others=tap_others, other=tuple(other), loyalty=loyalty
    )


def _singular(phrase: str) -> str:
    """'white creatures' → 'white creature', 'Elves' → 'Elf' (cost texts only)."""
    head, _, last = phrase.rpartition(" ")
    if last.endswith("ves"):
        last = last[:-3] + "f"
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    return f"{head} {last}".strip()


def _count(word: str) -> int:
    value = _amount(word)
    return 0 if value == "X" else value


def _split_activated(line: str) -> tuple[str, str] | None:
    i = _find_top(line, ": ")
    return (line[:i], line[i + 2 :]) if i != -1 else None


# ---------------------------------------------------------------- mana production


def _symbols(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\{([WUBRGC])\}", text))


_MANA_PATTERNS: list[tuple[LazyPattern, Callable[[re.Match[str]], ManaProduction]]] = []


def _mana(
    pattern: str,
) -> Callable[
    [Callable[[re.Match[str]], ManaProduction]], Callable[[re.Match[str]], ManaProduction]
]:
    def register(
        fn: Callable[[re.Match[str]], ManaProduction],
    ) -> Callable[[re.Match[str]], ManaProduction]:
        _MANA_PATTERNS.append((lazy(pattern), fn))
        return fn

    return register


@_mana(rf"^(?:an additional )?(?P<s>{_SYMS})$")
def _fixed(m: re.Match[str]) -> ManaProduction:
    syms = _symbols(m["s"])
    return ManaProduction(choice="fixed", symbols=syms, amount=len(syms))


@_mana(rf"^(?P<n>{_NUM}) (?P<s>\{{[WUBRGC]\}})$")
def _n_fixed(m: re.Match[str]) -> ManaProduction:
    amount = _amount(m["n"])
    syms = _symbols(m["s"])
    if amount == "X":
        return ManaProduction(choice="fixed", symbols=syms, amount="X", per="X")
    return ManaProduction(choice="fixed", symbols=syms * amount, amount=amount)


@_mana(rf"^(?P<opts>{_SYMS}(?:, {_SYMS})*,? or {_SYMS})$")
def _one_of(m: re.Match[str]) -> ManaProduction:
    options = tuple("".join(_symbols(o)) for o in re.split(r",? or |, ", m["opts"]))
    return ManaProduction(choice="one_of", symbols=options, amount=1)


@_mana(
    rf"^(?:an additional )?(?P<n>{_NUM}) mana of any (?:one )?color"
    r"(?: in (?P<among>your commander's color identity))?$"
)
def _any_color(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(choice="any_color", amount=_amount(m["n"]), among=m["among"])


@_mana(rf"^(?P<s>{_SYMS}) or one mana of the chosen color$")
def _or_chosen(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(choice="one_of", symbols=_symbols(m["s"]), or_chosen_color=True)


@_mana(r"^one mana of any (?:color among|of) (?P<among>.+?)$")
def _any_color_among(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(choice="any_color", amount=1, among=m["among"])


@_mana(rf"^(?P<n>{_NUM}) mana of any (?:one )?color, where X is (?P<per>.+)$")
def _x_any_color(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(choice="any_color", amount=_amount(m["n"]), per=m["per"])


@_mana(rf"^(?P<n>{_NUM}) mana of any type$")
def _any_type(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(choice="any_type", amount=_amount(m["n"]))


@_mana(rf"^(?P<n>{_NUM}) mana of different colors$")
def _different(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(choice="different_colors", amount=_amount(m["n"]))


@_mana(
    rf"^(?:an additional )?(?P<n>{_NUM}) mana in any combination of "
    rf"(?:(?P<colors>colors)|(?P<s>{_SYMS}(?:, {_SYMS})*,? and/or {_SYMS}))"
    r"(?:, where X is (?P<per>.+))?$"
)
def _combination(m: re.Match[str]) -> ManaProduction:
    symbols = ("W", "U", "B", "R", "G") if m["colors"] else _symbols(m["s"])
    return ManaProduction(
        choice="combination", symbols=symbols, amount=_amount(m["n"]), per=m["per"]
    )


@_mana(rf"^(?:an additional )?(?P<n>{_NUM}) mana of the chosen color$")
def _chosen(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(choice="chosen_color", amount=_amount(m["n"]))


@_mana(
    r"^one mana of any (?P<kind>type|color) (?:that )?(?P<what>"
    r"(?:an? (?P<noun>[\w ]+?) (?P<whose>you control|an opponent controls|"
    r"your opponents control))|the sacrificed land|that land) could produce$"
)
def _could(m: re.Match[str]) -> ManaProduction:
    kind: Literal["type", "color"] = "type" if m["kind"] == "type" else "color"
    whose: Whose
    if m["noun"]:
        whose = "you" if m["whose"] == "you control" else "opponent"
        what = m["noun"]
    else:
        what = m["what"].removeprefix("the ")
        whose = "you" if what == "sacrificed land" else "any"
    return ManaProduction(
        choice="could_produce", could=CouldProduce(whose=whose, what=what, kind=kind)
    )


@_mana(r"^one mana of any type that (?:[a-z]+ )?(?:land|permanent|token) produced$")
def _same(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(choice="same_as_produced")


@_mana(rf"^(?:an additional )?(?P<s>{_SYMS}) for each (?P<per>.+)$")
def _for_each(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(
        choice="fixed", symbols=_symbols(m["s"]), amount="X", per="for each " + m["per"]
    )


@_mana(rf"^an amount of (?P<s>{_SYMS}) equal to (?P<per>.+)$")
def _equal_to(m: re.Match[str]) -> ManaProduction:
    return ManaProduction(
        choice="fixed", symbols=_symbols(m["s"]), amount="X", per="equal to " + m["per"]
    )


def parse_mana(text: str) -> ManaProduction | None:
    """Parse what follows "Add" (without the final period): "{R} or {G}", "two mana of..."."""
    text = text.strip().removesuffix(".")
    for pattern, build in _MANA_PATTERNS:
        m = pattern.match(text)
        if m:
            return build(m)
    return None


_ADD = lazy(r"^Add (?P<what>.+?)\.?$")


_CHOSEN_COLOR_ADD = lazy(
    rf"^Add (?P<n>{_NUM}) mana of that color(?: (?P<per>for each [^.]+?))?\.?$"
)


def _mana_effect(effect: str) -> tuple[ManaProduction | None, bool]:
    """The production of an "Add ..." effect, and whether the effect is an Add at all."""
    parts = sentences(effect) if effect else []
    first = parts[0] if parts else ""
    if first.strip() == "Choose a color." and len(parts) == 2:
        # Astral Cornucopia: "Choose a color. Add one mana of that color for each charge
        # counter on this artifact." is one mana of any color, per counter.
        chosen = _CHOSEN_COLOR_ADD.match(parts[1].strip())
        if chosen:
            per = chosen["per"]
            return ManaProduction(
                choice="any_color",
                amount="X" if per else _amount(chosen["n"]),
                per=per,
            ), True
    each = _EACH_COLOR_AMONG.match(first.strip())
    if each and len(parts) == 1:
        return ManaProduction(choice="each_color_among", amount=1, among=each["among"]), True
    m = _ADD.match(first)
    if not m:
        return None, False
    prod = parse_mana(m["what"])
    if prod is not None and len(parts) == 2:
        # Urza's Tower: "If you control ..., add {C}{C}{C} instead." is the other case.
        other = _INSTEAD.match(parts[1].strip())
        instead = parse_mana(other["what"]) if other else None
        same = _SAME_MORE.match(other["what"]) if other else None
        if same:
            # Incubation Druid: "add three mana of that type instead" is more of the same.
            instead = prod.model_copy(update={"amount": _amount(same["n"])})
        if other and instead is not None:
            prod = prod.model_copy(update={"instead": instead, "instead_if": other["cond"]})
    return prod, True


_INSTEAD = lazy(r"^If (?P<cond>[^,]+), add (?P<what>.+?) instead\.?$")
_EACH_COLOR_AMONG = lazy(
    r"^For each color among (?P<among>[^,]+ you control), add one mana of that color\.?$"
)
_SAME_MORE = lazy(rf"^(?P<n>{_NUM}) mana of that (?:type|color)$")


# ---------------------------------------------------------------- targets

_TARGET_NOUNS = (
    r"(?:creature|player|opponent|permanent|land|artifact|enchantment|spell|card|"
    r"planeswalker|battle|Aura|Equipment|instant|sorcery|ability|Vehicle|token|"
    r"Forest|Island|Swamp|Mountain|Plains|Gate|Dragon)s?"
)
# A word before the noun: "untapped", "nonblack", "attacking" (never a noun or "target").
_ADJ = rf"(?!(?:{_TARGET_NOUNS}|target|and|or)\b)[\w+/'-]+"
_TARGET = lazy(
    rf"\b(?:up to (?P<n>{_NUM}) )?(?:(?P<m>{_NUM}) )?(?:other )?target "
    rf"(?P<what>(?:{_ADJ}(?: or {_ADJ})? ){{0,3}}{_TARGET_NOUNS}(?: {_TARGET_NOUNS})?"
    rf"(?:(?:,? or |, |,? and/or )(?:{_ADJ} ){{0,2}}{_TARGET_NOUNS}\b)*"
    r"(?: (?:you control|you don't control|an opponent controls|"
    r"your opponents control|with flying|with mana value \w+ or less))?)\b"
)
_ANY_TARGET = lazy(r"\bany target\b")
_TARGET_WORD = lazy(r"\b[Tt]argets?\b")


def targets(text: str) -> tuple[Target, ...]:
    """The targets an effect names, in order ("tap target untapped creature")."""
    found: list[tuple[int, Target]] = []
    for m in _TARGET.finditer(text):
        n = m["n"] or m["m"]
        count = _count(n) if n else 1
        tail = text[m.end() : m.end() + 40].lstrip()
        mv = mana_value_check(tail) if tail.startswith("with") else None
        found.append((m.start(), Target(what=m["what"], count=count or 1, mana_value=mv)))
    for m in _ANY_TARGET.finditer(text):
        found.append((m.start(), Target(what="any")))
    return tuple(t for _, t in sorted(found, key=lambda x: x[0]))


# ---------------------------------------------------------------- kicker

_KICKER_LINE = lazy(r"^(?P<kw>Kicker|Multikicker)(?:—| )(?P<rest>.+)$", re.IGNORECASE)


def _kicker_costs(text: str) -> tuple[KickerCost, ...] | None:
    text = text.strip().removesuffix(".")
    text = re.sub(r"\. X can't be 0$", "", text)
    out: list[KickerCost] = []
    for piece in text.split(" and/or "):
        piece = piece.strip()
        head, _, tail = piece.partition(", ")
        if _MANA_ONLY.match(head):
            try:
                mana = ManaCost.parse(head)
            except ManaCostError:
                return None
            out.append(KickerCost(mana=mana, other=tail or None))
        elif piece and piece[0].isupper():
            out.append(KickerCost(other=piece))
        else:
            return None
    return tuple(out)


def _kicker(line: str) -> Kicker | None:
    m = _KICKER_LINE.match(line)
    if not m:
        return None
    costs = _kicker_costs(m["rest"])
    if not costs:
        return None
    return Kicker(text=line, costs=costs, multi=m["kw"].lower() == "multikicker")


_KICKED_SUBJ = rf"(?:it|this spell|{_ME})"
_WHICH = r"(?: with its (?P<which>(?:\{[^}]+\})+) kicker)?"
_KICKED_IF = lazy(
    rf"^[Ii]f {_KICKED_SUBJ} (?P<neg>was|wasn't) kicked{_WHICH}(?: (?P<times>twice))?, "
    r"(?P<instead1>instead )?(?P<effect>.+?)(?P<instead2> instead)?\.?$"
)
_KICKED_THEN_IF = lazy(
    rf"^Then if {_KICKED_SUBJ} (?P<neg>was|wasn't) kicked{_WHICH}, (?P<effect>.+?)\.?$"
)
_KICKED_INNER = lazy(
    rf"^(?P<when>Whenever [^,]+), if {_KICKED_SUBJ} (?P<neg>was|wasn't) kicked{_WHICH}, "
    r"(?P<effect>.+?)\.?$"
)
_KICKED_TAIL = lazy(rf"^(?P<effect>.+?) if {_KICKED_SUBJ} (?P<neg>was|wasn't) kicked\.?$")
_PER_TIME = lazy(
    rf"(?:for each time {_KICKED_SUBJ} was kicked|"
    rf"(?:the )?number of times {_KICKED_SUBJ} was kicked|"
    rf"twice the number of times {_KICKED_SUBJ} was kicked)"
)
_TRIGGER = lazy(
    rf"^(?P<when>When {_ME} enters|When you cast {_ME}|As {_ME} enters|"
    r"At the beginning of [^,]+|Whenever [^,]+), "
    rf"(?:if {_KICKED_SUBJ} (?P<neg>was|wasn't) kicked{_WHICH}(?: (?P<times>twice))?, )?"
    r"(?P<effect>.+)$"
)
_ENTERS_WITH = lazy(rf"^If {_KICKED_SUBJ} was kicked{_WHICH}, it enters with (?P<effect>.+?)\.?$")
KickTrigger = Literal["etb", "spell", "static", "other", "cast"]


def _with_effect(ability: Ability) -> Ability:
    """An 'if it was kicked' ability with its effect parsed into data as well."""
    if isinstance(ability, IfKicked) and ability.effect and ability.parsed is None:
        return ability.model_copy(update={"parsed": parse_effect(ability.effect)})
    return ability


class _FaceParser:
    """Parses the lines of one face; remembers kicker costs for "with its {1}{B} kicker"."""

    def __init__(self, face: Face, card: Card | None) -> None:
        self.face = face
        self.card = card
        self.kicker_costs: tuple[KickerCost, ...] = ()
        names = {face.name}
        if card is not None:
            names.add(card.name)
        # Alchemy rebalanced cards ("A-Name") print their text with the original name.
        names |= {n[2:] for n in names if n.startswith("A-")}
        short: set[str] = set()
        for name in names:
            if ", " in name:
                short.add(name.split(", ")[0])
            if "Legendary" in face.typeline.supertypes:
                first = name.split()[0].rstrip(",")
                if len(first) >= 4:
                    short.add(first)
            if " of " in name or " the " in name:
                short.add(re.split(r" (?:of|the) ", name)[0])
        self.names = sorted(names | short, key=len, reverse=True)
        keywords = {k.lower() for k in (card.keywords if card is not None else ())}
        self.keywords = keywords | _ALWAYS_KEYWORDS
        self.first_words = {_FIRST_WORD.split(k, 1)[0] for k in self.keywords}

    # -- helpers
    def normalise(self, line: str) -> str:
        for name in self.names:
            if name and name in line:
                line = _replace_word(line, name, SELF)
        return line

    def which(self, text: str | None) -> int | None:
        if not text:
            return None
        try:
            wanted = ManaCost.parse(text)
        except ManaCostError:
            return None
        for i, c in enumerate(self.kicker_costs):
            if c.mana == wanted:
                return i
        return None

    # -- kicked conditions
    def if_kicked(self, sentence: str, trigger: KickTrigger, full: str) -> IfKicked | None:
        m = _ENTERS_WITH.match(sentence)
        if m and trigger == "spell":
            effect = "it enters with " + m["effect"]
            return IfKicked(
                text=full,
                which=self.which(m["which"]),
                trigger="static",
                effect=effect,
                per_time=bool(_PER_TIME.search(effect)),
            )
        m = _KICKED_IF.match(sentence) or _KICKED_THEN_IF.match(sentence)
        if m:
            groups = m.groupdict()
            effect = m["effect"]
            return IfKicked(
                text=full,
                which=self.which(m["which"]),
                trigger=trigger,
                instead=bool(
                    groups.get("instead1") or groups.get("instead2") or " instead of " in effect
                ),
                negated=m["neg"] == "wasn't",
                times=2 if groups.get("times") else None,
                targets=targets(effect),
                effect=effect,
                per_time=bool(_PER_TIME.search(effect)),
            )
        m = _KICKED_INNER.match(sentence)
        if m:
            return IfKicked(
                text=full,
                which=self.which(m["which"]),
                trigger="other",
                negated=m["neg"] == "wasn't",
                targets=targets(m["effect"]),
                effect=f"{m['when']}, {m['effect']}",
            )
        m = _KICKED_TAIL.match(sentence)
        if m:
            return IfKicked(
                text=full,
                trigger=trigger,
                negated=m["neg"] == "wasn't",
                targets=targets(m["effect"]),
                effect=m["effect"],
            )
        if _PER_TIME.search(sentence):
            static = trigger == "spell" and re.match(rf"^{_ME} enters with ", sentence)
            return IfKicked(
                text=full,
                trigger="static" if static else trigger,
                per_time=True,
                targets=targets(sentence),
                effect=sentence.removesuffix("."),
            )
        return None

    def kicked_trigger(self, line: str) -> list[Ability] | None:
        m = _TRIGGER.match(line)
        if not m:
            return None
        when = m["when"]
        trigger: KickTrigger
        if when.startswith(("When ", "As ")) and when.endswith(" enters"):
            trigger = "etb"
        elif when.startswith("When you cast"):
            trigger = "cast"
        else:
            trigger = "other"
        effect = m["effect"]
        if m["neg"]:
            if trigger == "other" and "that spell" in when:
                return None
            return [
                IfKicked(
                    text=line,
                    which=self.which(m["which"]),
                    trigger=trigger,
                    negated=m["neg"] == "wasn't",
                    times=2 if m["times"] else None,
                    targets=targets(effect),
                    effect=effect.removesuffix("."),
                    per_time=bool(_PER_TIME.search(effect)),
                )
            ]
        found: list[Ability] = []
        for sentence in sentences(effect):
            ability = self.if_kicked(sentence, trigger, line)
            if ability is not None:
                found.append(ability)
        return found or None

    # -- the line dispatcher
    def parse(self) -> ParsedFace:
        abilities: list[Ability] = []
        unparsed: list[str] = []
        for raw in self.face.lines:
            stripped = _REMINDER.sub("", raw).strip()
            if not stripped:
                continue
            line = self.normalise(stripped)
            got, rest = self.parse_line(line)
            # Matching used the placeholder; what people read keeps the printed words.
            abilities.extend(_with_effect(a).model_copy(update={"text": stripped}) for a in got)
            unparsed.extend(
                stripped if r == line else r.replace(SELF, self.face.name) for r in rest
            )
        abilities.extend(_intrinsic(self.face))
        return ParsedFace(name=self.face.name, abilities=tuple(abilities), unparsed=tuple(unparsed))

    def parse_line(self, line: str) -> tuple[list[Ability], list[str]]:
        word = ""
        body = _BULLET.sub("", line)
        # Keywords come before ability words: "Suspend 17 — {0}" is a keyword with a cost.
        keywords = self.keyword_line(body)
        if keywords is not None:
            for k in keywords:
                if isinstance(k, Kicker):
                    self.kicker_costs = k.costs
            return keywords, []
        m = _ABILITY_WORD.match(body)
        if m and ":" not in m["word"]:
            word, body = m["word"], m["rest"]
        kicker = _kicker(body)
        if kicker is not None:
            self.kicker_costs = kicker.costs
            return [kicker], []
        keywords = self.keyword_line(body)
        if keywords is not None:
            for k in keywords:
                if isinstance(k, Kicker):
                    self.kicker_costs = k.costs
            return keywords, []
        activated = self.activated(body, line)
        if activated is not None:
            return activated
        for parser in _LINE_PARSERS:
            found = parser(body, line, word)
            if found:
                return [*found, *self.nested(body, line)], []
        kicked = self.kicked_trigger(body)
        if kicked is not None:
            return [*kicked, *self.nested(body, line)], []
        return self.by_sentence(body, line)

    def nested(self, body: str, line: str) -> list[Ability]:
        """Abilities inside a triggered effect that mechanics also want to see."""
        out: list[Ability] = []
        for sentence in sentences(body):
            out.extend(_must_be_blocked(sentence, line))
        return out

    def by_sentence(self, body: str, line: str) -> tuple[list[Ability], list[str]]:
        found: list[Ability] = []
        rest: list[str] = []
        for sentence in sentences(body):
            got: list[Ability] = []
            kicked = self.if_kicked(sentence, "spell", line)
            if kicked is not None:
                got.append(kicked)
            got.extend(_must_be_blocked(sentence, line))
            got.extend(_block_restriction(sentence, line))
            got.extend(_must_block(sentence, line))
            change = _cost_change(sentence, line)
            if change is not None:
                got.append(change)
            if got:
                found.extend(got)
            else:
                rest.append(sentence)
        if found:
            return found, rest
        return [], [line]

    def activated(self, body: str, line: str) -> tuple[list[Ability], list[str]] | None:
        split = _split_activated(body)
        if split is None:
            return None
        cost = split_cost(split[0])
        if cost is None:
            return None
        effect = split[1]
        own = itertools.takewhile(lambda x: not x.startswith("When"), sentences(effect))
        targeted = any(_TARGET_WORD.search(x) for x in own)
        if cost.loyalty is not None or targeted:
            # Loyalty abilities and targeted ones are never mana abilities (CR 605.1a);
            # targets of a delayed trigger it sets up ("When you next cast...") don't count.
            return [Activated(text=line, cost=cost, effect=effect)], []
        mana, is_add = _mana_effect(effect)
        ability = Activated(text=line, cost=cost, effect=effect, mana=mana)
        if is_add and mana is None:
            return [ability], [sentences(effect)[0]]
        nested = self.nested(effect, line)
        if any(isinstance(a, MustBeBlocked) and a.subject == "self" for a in nested):
            # "{2}{G}: This creature must be blocked this turn if able." binds only once
            # activated; kept as a standing requirement it would decide every combat.
            return [ability], [effect]
        return [ability, *nested], []

    def keyword_line(self, body: str) -> list[Ability] | None:
        parts = [p.strip() for p in re.split(r"[,;] ", body.removesuffix("."))]
        out: list[Ability] = []
        for part in parts:
            ability = self.keyword(part, body)
            if ability is None:
                break
            out.append(ability)
        else:
            return out
        # One keyword whose parameter has commas: "Ward—{2}, Pay 2 life."
        whole = self.keyword(body.removesuffix("."), body)
        return [whole] if whole is not None else None

    def keyword(self, part: str, line: str) -> Ability | None:
        low = part.lower()
        if _FIRST_WORD.split(low, 1)[0] not in self.first_words:
            return None
        best = ""
        # Candidate keywords are the part's leading words: "partner with", "first strike".
        for m in _WORD_END.finditer(low[:40]):
            if low[: m.start()] in self.keywords:
                best = low[: m.start()]
        if not best:
            return None
        name = part[:1].upper() + part[1 : len(best)]
        if part[len(best) :].startswith(" — ") and not re.match(r"^ — \{", part[len(best) :]):
            return None  # an ability word ("Landfall — Whenever ..."), not a keyword
        rest = part[len(best) :].lstrip(" —")
        if best in {"kicker", "multikicker"}:
            costs = _kicker_costs(rest)
            if not costs:
                return None
            return Kicker(text=line, costs=costs, multi=best == "multikicker")
        if best == "bestow":
            try:
                return Bestow(text=line, cost=ManaCost.parse(rest))
            except ManaCostError:
                return None
        if best == "enchant":
            return Enchant(text=line, what=rest) if rest else None
        if not rest:
            return Keyword(text=line, name=name)
        if rest.isdigit():
            return Keyword(text=line, name=name, amount=int(rest))
        paid = _AMOUNT_AND_COST.match(rest)
        if paid:
            # "Awaken 4—{6}{R}", "Suspend 17 — {0}"
            amount = int(paid["n"]) if paid["n"].isdigit() else None
            cost, detail = _leading_cost(paid["cost"])
            return Keyword(text=line, name=name, amount=amount, cost=cost, detail=detail)
        cost, detail = _leading_cost(rest)
        if cost is not None:
            return Keyword(text=line, name=name, cost=cost, detail=detail)
        if best in _DETAIL_KEYWORDS or rest[0].isupper() or best.endswith("cycling"):
            return Keyword(text=line, name=name, detail=rest)
        return None


_AMOUNT_AND_COST = lazy(r"^(?P<n>\d+|X) ?— ?(?P<cost>\{.+)$")
_LEADING_COST = lazy(r"^(?P<mana>(?:\{[^{}]+\})+)(?:, (?P<rest>[A-Z].*))?$")


def _leading_cost(text: str) -> tuple[ManaCost | None, str]:
    """'{2}' → ({2}, ''); '{2}, Pay 2 life' → ({2}, 'Pay 2 life'); otherwise (None, text)."""
    m = _LEADING_COST.match(text)
    if not m:
        return None, text
    try:
        return ManaCost.parse(m["mana"]), m["rest"] or ""
    except ManaCostError:
        return None, text


_WORD_END = lazy(r"(?=[ —])|$")
_FIRST_WORD = lazy(r"[ —]")


def _replace_word(text: str, word: str, placeholder: str) -> str:
    """Replace ``word`` where it stands as a whole word (not inside 'Goblin-Blade')."""
    out: list[str] = []
    start = 0
    i = text.find(word)
    while i != -1:
        end = i + len(word)
        before = text[i - 1] if i else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before in "_-") and not (after.isalnum() or after in "_-"):
            out.append(text[start:i])
            out.append(placeholder)
            start = end
        i = text.find(word, end if start == end else i + 1)
    out.append(text[start:])
    return "".join(out)


# Keywords whose parameter is words, not a cost or number ("Protection from red").
_DETAIL_KEYWORDS = frozenset(
    {
        "protection", "landwalk", "affinity", "partner with", "hexproof from", "champion",
        "splice", "typecycling", "offering", "amplify", "bands with other", "ward",
        "enlist", "companion", "cumulative upkeep", "echo", "equip", "escape", "craft",
        "reconfigure", "fortify", "toxic", "suspend", "station", "mutate", "prototype",
        "disguise", "morph", "megamorph", "ninjutsu", "plot", "foretell", "flashback",
        "buyback", "evoke", "dash", "emerge", "madness", "unearth", "embalm", "eternalize",
        "spectacle", "surge", "blitz", "warp", "mayhem", "harmonize", "impending", "overload",
        "entwine", "replicate", "level up", "saddle", "crew", "boast", "miracle", "transmute",
        "gift", "devour",
    }
)  # fmt: skip
_ALWAYS_KEYWORDS = frozenset(
    {
        "kicker", "multikicker", "bestow", "enchant", "haste", "convoke", "crew", "flying",
        "trample", "vigilance", "reach", "defender", "first strike", "double strike",
        "deathtouch", "lifelink", "menace", "hexproof", "indestructible", "flash", "equip",
    }
)  # fmt: skip


# ---------------------------------------------------------------- intrinsic mana


def _intrinsic(face: Face) -> list[Ability]:
    """A basic land type gives its land "{T}: Add [mana]" (CR 305.6)."""
    if "Land" not in face.types:
        return []
    out: list[Ability] = []
    for land_type, symbol in BASIC_LAND_TYPES.items():
        if land_type in face.subtypes:
            out.append(
                Activated(
                    text=f"{{T}}: Add {{{symbol}}}.",
                    cost=AbilityCost(tap=True),
                    effect=f"Add {{{symbol}}}.",
                    mana=ManaProduction(choice="fixed", symbols=(symbol,), amount=1),
                    intrinsic=True,
                )
            )
    return out


# ---------------------------------------------------------------- other line parsers

LineParser = Callable[[str, str, str], list[Ability]]


def _whose(text: str) -> Whose:
    if re.search(r"\b(?:an opponent|your opponents|opponents)\b", text):
        return "opponent"
    if re.search(r"\b(?:you|your)\b", text):
        return "you"
    return "any"


_ENCH_ENTERS = lazy(
    rf"^Whenever (?:(?P<self>{_ME}) or )?(?P<q>an|a|another|one or more) "
    r"(?P<nontoken>nontoken )?(?P<also>(?:[a-z]+, )*(?:[a-z]+,? or ))?enchantments? "
    r"(?P<ctl>you control |an opponent controls |your opponents control )?enters?"
    r"(?P<under> under (?:your|an opponent's) control)?(?P<dur> this turn)?"
    r"(?: and (?P<extra>whenever [^,]+))?, (?P<effect>.+)$"
)


def _enchantment_enters(body: str, line: str, word: str) -> list[Ability]:
    m = _ENCH_ENTERS.match(body)
    if not m:
        return []
    control = (m["ctl"] or "") + (m["under"] or "")
    also = tuple(a for a in re.split(r",? or |, ", (m["also"] or "").strip()) if a and a != "or")
    return [
        EnchantmentEnters(
            text=line,
            constellation=word == "Constellation",
            whose=_whose(control) if control else "any",
            another=m["q"] == "another",
            includes_self=bool(m["self"]),
            nontoken=bool(m["nontoken"]),
            one_or_more=m["q"] == "one or more",
            also=also,
            extra=m["extra"] or "",
            duration=(m["dur"] or "").strip(),
            effect=m["effect"].removesuffix("."),
        )
    ]


_TAPPED_TRIGGER = lazy(
    r"^(?:Until end of turn, )?[Ww]henever (?:(?P<who>a player|you) taps? (?P<what>.+?)|"
    r"(?P<what2>.+?) is tapped) for (?:mana|(?P<sym>\{C\})), (?:(?:that player|its controller) )?adds? "
    r"(?P<adds>.+?)\.$"
)
_LAND_TYPES = {
    "Plains": "Plains", "Island": "Island", "Swamp": "Swamp", "Mountain": "Mountain",
    "Forest": "Forest", "Islands": "Island", "Swamps": "Swamp", "Mountains": "Mountain",
    "Forests": "Forest",
}  # fmt: skip


def _applies(what: str) -> tuple[str, str | None]:
    """'a land' → ('land', None); 'a Swamp' → ('land', 'Swamp'); 'enchanted land' kept."""
    what = re.sub(r"^(?:an?|each) ", "", what)
    what = re.sub(r" (?:you|an opponent) controls?$", "", what)
    head = what.split(",")[0].split(" or ")[0]
    if head in _LAND_TYPES:
        return "land", what
    return what, None


def _tapped_trigger(body: str, line: str, word: str) -> list[Ability]:
    m = _TAPPED_TRIGGER.match(body)
    if not m:
        return []
    adds = parse_mana(m["adds"])
    if adds is None:
        return []
    what = m["what"] or m["what2"]
    applies_to, of_type = _applies(what)
    if m["sym"]:
        # "Whenever you tap a permanent for {C}": only a tapping that makes that mana.
        of_type = m["sym"]
    if m["who"]:
        whose: Whose = "you" if m["who"] == "you" else "any"
    else:
        whose = _whose(what) if re.search(r"control", what) else "any"
    return [
        TappedForManaTrigger(
            text=line, applies_to=applies_to, whose=whose, of_type=of_type, adds=adds
        )
    ]


# Gauntlet of Power, Caged Sun: one more mana of the color chosen as it entered.
_CHOSEN_TRIGGER = lazy(
    r"^Whenever (?:(?P<what>an? [\w ]+?) is tapped for mana|a (?P<what2>land)'s ability causes "
    r"(?P<you>you) to add one or more mana) of the chosen color, (?:its controller )?adds? "
    r"(?:an additional one|one additional) mana of that color\.$"
)


def _chosen_trigger(body: str, line: str, word: str) -> list[Ability]:
    """ "Whenever a basic land is tapped for mana of the chosen color, its controller adds an
    additional one mana of that color": ``of_type`` "chosen color" until a position names it."""
    m = _CHOSEN_TRIGGER.match(body)
    if not m:
        return []
    applies_to, _ = _applies(m["what"] or m["what2"])
    return [
        TappedForManaTrigger(
            text=line,
            applies_to=applies_to,
            whose="you" if m["you"] else "any",
            of_type=CHOSEN_COLOR,
            adds=ManaProduction(choice="chosen_color"),
        )
    ]


_REPLACEMENT = lazy(
    # "Until end of turn, if a player taps ...": a spell's replacement (Pale Moon) for the turn.
    r"^(?:Until end of turn, i|I)f (?:(?:(?P<you>you)|a player) taps? (?P<what>.+?)|"
    r"(?P<what2>.+?) is tapped) for mana, it produces "
    r"(?P<produces>.+?) instead of any other type(?P<amount> and amount)?\.$"
)
_DOUBLING = lazy(
    r"^If (?:(?P<you>you) tap (?P<what>.+?)|(?P<what2>.+?) is tapped) for mana, it produces "
    r"(?P<factor>twice|three times) as much of that mana instead\.$"
)


def _mana_replacement(body: str, line: str, word: str) -> list[Ability]:
    m = _DOUBLING.match(body)
    if m:
        what = m["what"] or m["what2"]
        applies_to, _ = _applies(what)
        return [
            ManaDoubling(
                text=line,
                applies_to=applies_to,
                whose="you" if m["you"] or "you control" in what else "any",
                factor=2 if m["factor"] == "twice" else 3,
            )
        ]
    m = _REPLACEMENT.match(body)
    if not m:
        return []
    produces = parse_mana(m["produces"])
    if produces is None and m["produces"] == "mana of a color of your choice":
        produces = ManaProduction(choice="any_color")
    if produces is None and m["produces"] == "colorless mana":
        produces = ManaProduction(choice="fixed", symbols=("C",))
    if produces is None:
        return []
    what = m["what"] or m["what2"]
    applies_to, _ = _applies(what)
    return [
        ManaReplacement(
            text=line,
            applies_to=applies_to,
            whose="you" if m["you"] or "you control" in what else "any",
            produces=produces,
            amount=bool(m["amount"]),
        )
    ]


_GRANT = lazy(r'^(?P<subj>(?!It |They )[A-Z][\w\' -]{0,50}?) (?:have|has) "(?P<inner>[^"]+)"\.?$')


def _granted(body: str, line: str, word: str) -> list[Ability]:
    m = _GRANT.match(body)
    if not m:
        return []
    split = _split_activated(m["inner"])
    if split is None:
        return []
    cost = split_cost(split[0])
    mana, _ = _mana_effect(split[1])
    if cost is None or mana is None:
        return []
    subj = m["subj"]
    whose: Whose = _whose(subj) if "control" in subj else "any"
    subject = re.sub(r" (?:you|your opponents|an opponent) controls?$", "", subj)
    subject = re.sub(r"^(?:All|Each) ", "", subject).lower()
    inner = Activated(text=m["inner"], cost=cost, effect=split[1], mana=mana)
    return [GrantedManaAbility(text=line, subject=subject, whose=whose, ability=inner)]


_LAND_CHANGE = lazy(
    r"^(?P<subj>Nonbasic lands|Each land|All lands|Lands you control|Enchanted land|"
    r"Nonbasic lands you control|Lands your opponents control) (?:are|is) (?:an? )?"
    r"(?P<type>Plains|Islands?|Swamps?|Mountains?|Forests?|every basic land type)"
    r"(?P<addition> in addition to (?:its|their) other (?:land )?types)?\.$"
)


def _land_change(body: str, line: str, word: str) -> list[Ability]:
    m = _LAND_CHANGE.match(body)
    if not m:
        return []
    return [
        LandTypeChange(
            text=line,
            subject=m["subj"].lower(),
            # "every basic land type" (Prismatic Omen) is kept as written.
            new_type=_LAND_TYPES.get(m["type"], m["type"]),
            replaces=not m["addition"],
        )
    ]


_LINE_PARSERS: tuple[LineParser, ...] = (
    _enchantment_enters,
    _tapped_trigger,
    _chosen_trigger,
    _mana_replacement,
    _granted,
    _land_change,
)


# ---------------------------------------------------------------- sentence parsers

_MUST_BE_BLOCKED = lazy(
    r"^(?:.*?, )?(?P<subj>[A-Za-z ]+?) (?:(?:gets|gains|has) [^.]*?(?: and|,) )?"
    r"must be blocked(?: by an? (?P<by>[A-Z][a-z]+)| by (?P<n>two|three|four) or more creatures)?"
    r"(?P<dur> this turn| each combat this turn)? if able\.?$"
)
# "CARDNAME must be blocked if able, and CARDNAME must be blocked by two or more creatures if
# able.": two requirements in one sentence.
_BOTH_BLOCKED = lazy(
    r"^(?P<a>[^,]+? must be blocked[^,]*? if able), and (?P<b>.+? must be blocked.+)$"
)
_ALL_BLOCK = lazy(
    r"^(?P<pre>.*?)[Aa]ll (?:creatures(?: with (?P<kw>flying|reach))?|(?P<kind>[A-Z][a-z]+s)) able to block "
    r"(?P<subj>[A-Za-z ]+?)(?P<dur> this turn)? do so\.?$"
)


def _subject(text: str) -> Literal["self", "target", "enchanted", "equipped", "each", "other"]:
    text = text.strip()
    if text == SELF or re.fullmatch(_THIS, text):
        return "self"
    if text.startswith("target "):
        return "target"
    if text.lower().startswith("enchanted "):
        return "enchanted"
    if text.lower().startswith("equipped "):
        return "equipped"
    if text.lower().startswith("each "):
        return "each"
    return "other"


def _must_be_blocked(sentence: str, line: str) -> list[Ability]:
    sentence = _BULLET.sub("", sentence)
    both = _BOTH_BLOCKED.match(sentence)
    if both:
        halves = [_must_be_blocked(both[k] + ("." if k == "a" else ""), line) for k in "ab"]
        return [*halves[0], *halves[1]] if all(halves) else []
    m = _MUST_BE_BLOCKED.match(sentence)
    if m:
        subj = m["subj"].strip()
        if subj == "it":
            subj = _antecedent(sentence[: m.start("subj")])
        return [
            MustBeBlocked(
                text=line,
                subject=_subject(_lower_first(subj)),
                duration=(m["dur"] or "").strip(),
                by_type=m["by"] or "",
                at_least=_NUMBERS[m["n"]] if m["n"] else 1,
            )
        ]
    m = _ALL_BLOCK.match(sentence)
    if m:
        subj = m["subj"].strip()
        if subj == "it":
            subj = _antecedent(m["pre"])
        kind = m["kind"]
        return [
            MustBeBlocked(
                text=line,
                subject=_subject(_lower_first(subj)),
                by_all=True,
                duration=(m["dur"] or "").strip(),
                by_all_with=m["kw"] or (kind[:-1] if kind else ""),
            )
        ]
    return []


_RESTRICTED = rf"(?P<subj>{SELF}|{_THIS}|[Ee]nchanted (?:creature|permanent)|[Ee]quipped creature)"
_CANT_BLOCK = lazy(rf"^{_RESTRICTED} can't (?P<attack>attack or )?block(?P<dur> this turn)?\.?$")
_ONLY_BY = lazy(
    rf"^{_RESTRICTED} can't be blocked except by creatures with (?P<kw>flying|reach|horsemanship)"
    r"(?: (?:or|and/or|and) (?P<kw2>flying|reach))?(?P<dur> this turn)?\.?$"
)
_MIN_BLOCKERS = lazy(
    rf"^{_RESTRICTED} can't be blocked except by (?P<n>two|three|four|five) or more creatures"
    r"(?P<dur> this turn)?\.?$"
)
_MAX_BLOCKERS = lazy(
    rf"^{_RESTRICTED} can't be blocked by more than (?P<n>one|two|three) creatures?(?P<dur> this turn)?\.?$"
)

_EXTRA_BLOCKS = lazy(
    rf"^{_RESTRICTED} can block (?:(?:an|up to (?P<upto>one|two|three|four|five|six|seven)) additional "
    r"(?P<n>creatures?|(?:one|two|three|four|five|six|seven) creatures)|(?P<any>any number of creatures))"
    r"(?: each combat|(?P<dur> this turn))?\.?$"
)
_BLOCKS_ONLY = lazy(
    rf"^{_RESTRICTED} can block only creatures with (?P<kw>flying|reach)(?P<dur> this turn)?\.?$"
)
_POWER_BLOCKERS = lazy(
    rf"^{_RESTRICTED} can't be blocked by creatures with power (?P<n>\d+) or (?P<dir>less|greater)"
    r"(?P<dur> this turn)?\.?$"
)
_MUST_BLOCK = lazy(
    rf"^(?:{_RESTRICTED}|(?P<all>All creatures)) (?P<attack>attacks? or )?blocks? each combat if able"
    r"(?P<dur> this turn)?\.?$"
)
# "Target creature blocks this turn if able." (Culling Mark): a requirement on the target.
_TARGET_BLOCKS = lazy(r"^(?:When [^,]+, )?[Tt]arget creature blocks (?P<dur>this turn) if able\.?$")


def _must_block(sentence: str, line: str) -> list[Ability]:
    """The requirements to block: "This creature blocks each combat if able", and
    "All creatures block each combat if able"."""
    m = _MUST_BLOCK.match(_BULLET.sub("", sentence).strip())
    if not m:
        t = _TARGET_BLOCKS.match(_BULLET.sub("", sentence).strip())
        if t is None:
            return []
        return [MustBlock(text=line, subject="target", duration=t["dur"])]
    return [
        MustBlock(
            text=line,
            subject="each" if m["all"] else _subject(_lower_first(m["subj"])),
            duration=(m["dur"] or "").strip(),
            attacks_too=bool(m["attack"]),
        )
    ]


def _block_restriction(sentence: str, line: str) -> list[Ability]:
    """Whole-sentence blocking restrictions; anything with a condition stays unparsed."""
    sentence = _BULLET.sub("", sentence).strip()
    fields: dict[str, Any] = {}
    if m := _CANT_BLOCK.match(sentence):
        fields = {"cant_block": True, "cant_attack": bool(m["attack"])}
    elif m := _ONLY_BY.match(sentence):
        fields = {"only_by": tuple(k.casefold() for k in (m["kw"], m["kw2"]) if k)}
    elif m := _MIN_BLOCKERS.match(sentence):
        fields = {"min_blockers": _NUMBERS[m["n"]]}
    elif m := _MAX_BLOCKERS.match(sentence):
        fields = {"max_blockers": _NUMBERS[m["n"]]}
    elif m := _EXTRA_BLOCKS.match(sentence):
        word = m["upto"] or ("one" if m["any"] or " " not in m["n"] else m["n"].split()[0])
        fields = {"extra_blocks": None if m["any"] else _NUMBERS[word]}
    elif m := _BLOCKS_ONLY.match(sentence):
        fields = {"blocks_only": (m["kw"].casefold(),)}
    elif m := _POWER_BLOCKERS.match(sentence):
        key = "power_at_most" if m["dir"] == "less" else "power_at_least"
        fields = {key: int(m["n"])}
    if not m:
        return []
    return [
        BlockRestriction(
            text=line,
            subject=_subject(_lower_first(m["subj"])),
            duration=(m["dur"] or "").strip(),
            **fields,
        )
    ]


_ANTECEDENT = lazy(rf"{SELF}|{_THIS}|[Tt]arget creature|[Ee]nchanted creature|[Ee]quipped creature")


def _antecedent(text: str) -> str:
    """What "it" refers to: the first creature the sentence named before it."""
    m = _ANTECEDENT.search(text)
    return m.group(0) if m else "it"


def _lower_first(text: str) -> str:
    if text.startswith(SELF):
        return text
    return text[:1].lower() + text[1:]


_COST_CHANGE = lazy(
    r"^(?P<subj>.+?) costs? \{(?P<n>\d+)\} (?P<dir>more|less) to cast(?P<rest>.*?)\.?$"
)


def _cost_change(sentence: str, line: str) -> CostChange | None:
    m = _COST_CHANGE.match(_BULLET.sub("", sentence))
    if not m or '"' in sentence:
        return None
    subj = m["subj"]
    condition = m["rest"].strip()
    lead, sep, tail = subj.rpartition(", ")
    if sep:
        # "As long as this creature is tapped, creature spells you cast cost..."
        subj = tail
        condition = f"{lead} {condition}".strip()
    whose: Whose = "any"
    if re.search(r"\b(?:your opponents|an opponent|opponents) casts?\b", subj):
        whose = "opponent"
    elif re.search(r"\byou cast\b", subj):
        whose = "you"
    n = int(m["n"])
    return CostChange(
        text=line,
        delta=n if m["dir"] == "more" else -n,
        applies_to=_lower_first(subj),
        whose=whose,
        condition=condition,
        mana_value=mana_value_check(subj),
    )


# ---------------------------------------------------------------- public API


def parse_face(face: Face, card: Card | None = None) -> ParsedFace:
    """Parse one face's oracle text; ``card`` supplies its keywords and full name."""
    return _FaceParser(face, card).parse()


def parse_card(card: Card) -> tuple[ParsedFace, ...]:
    """Parse every face of a card (one for a normal card)."""
    return tuple(parse_face(face, card) for face in card.faces)


def parse_all(cards: Iterable[Card]) -> Iterator[tuple[Card, tuple[ParsedFace, ...]]]:
    """Parse many cards lazily."""
    for card in cards:
        yield card, parse_card(card)


# ------------------------------------------------- what kind of spell a line cares about

_QUALITY = r"(?P<q>[A-Za-z-]+(?:(?:,| and| or|, and|, or) [A-Za-z-]+){0,3})"
_SpellRuleKind = Literal["cant_cast", "flash", "cast_trigger", "enters_trigger"]
_SPELL_RULES: tuple[tuple[_SpellRuleKind, LazyPattern], ...] = (
    (
        "cant_cast",
        lazy(
            rf"^(?P<who>you|players|each player|your opponents|each opponent) can't cast {_QUALITY}"
            r" spells\.?$"
        ),
    ),
    ("cant_cast", lazy(rf"^{_QUALITY} spells can't be cast\.?$")),
    (
        "flash",
        lazy(rf"^(?P<who>you) may cast {_QUALITY} spells as though they had flash\.?$"),
    ),
    (
        "cast_trigger",
        lazy(rf"^whenever (?P<who>you|a player|an opponent) casts? an? {_QUALITY} spell, "),
    ),
    (
        "enters_trigger",
        lazy(
            rf"^whenever (?P<another>another )?{_QUALITY} (?P<who>you control )?enters"
            r"(?: the battlefield)?(?P<yours> under your control)?, "
        ),
    ),
)


def spell_rules(text: str) -> tuple[SpellRule, ...]:
    """The lines of ``text`` that care what kind of spell is cast or what kind of permanent
    enters; a line with any further condition isn't one."""
    found: list[SpellRule] = []
    for line in text.split("\n"):
        line = _BULLET.sub("", line).strip()
        lower = line[:1].lower() + line[1:]
        for kind, pattern in _SPELL_RULES:
            m = pattern.match(lower)
            if m is None:
                continue
            groups = m.groupdict()
            words = tuple(w for w in re.split(r",? (?:and|or) |, ", m["q"]) if w)
            who = (groups.get("who") or "").strip()
            whose: Whose = "any"
            if who in ("you", "you control") or groups.get("yours"):
                whose = "you"
            elif who in ("your opponents", "each opponent", "an opponent"):
                whose = "opponent"
            found.append(
                SpellRule(
                    kind=kind,
                    qualities=words,
                    whose=whose,
                    another=bool(groups.get("another")),
                    text=line,
                )
            )
            break
    return tuple(found)
