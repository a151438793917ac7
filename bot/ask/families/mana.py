"""Mana family: what permanents could produce, undefined mana, 'tapped for mana' triggers and replacements, mana abilities and the stack."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal

from bot.ask.families.tapping import makes_it_creature
from bot.ask.lexicon import load as load_lexicon
from bot.ask.question import CardMention, Question, Scenario, compiled, mention_for
from engine import manaprod as mp
from engine import tapping
from engine.abilities import (
    CHOSEN_COLOR,
    Activated,
    Cost,
    CouldProduce,
    Enchant,
    IfKicked,
    ManaDoubling,
    ManaProduction,
    ManaReplacement,
    TappedForManaTrigger,
)
from engine.card import Card, TypeLine
from engine.lazyre import lazy
from engine.mana import ManaType, sort_types
from engine.model import OPPONENT, YOU, GameState, Permanent
from engine.ruling import Rule, Ruling, Step

# Cards whose official rulings state the general rules, quoted when the question names none.
COULD_PRODUCE_REFERENCE = "Reflecting Pool"
TAPPED_FOR_MANA_REFERENCE = "Mana Reflection"

_PERMANENT_TYPES = frozenset(
    {"Creature", "Artifact", "Enchantment", "Land", "Planeswalker", "Battle"}
)
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "both": 2, "2": 2, "3": 3, "4": 4}
_TYPE_WORDS = {
    "white": ManaType.W,
    "blue": ManaType.U,
    "black": ManaType.B,
    "red": ManaType.R,
    "green": ManaType.G,
    "colorless": ManaType.C,
    "colourless": ManaType.C,
    "{w}": ManaType.W,
    "{u}": ManaType.U,
    "{b}": ManaType.B,
    "{r}": ManaType.R,
    "{g}": ManaType.G,
    "{c}": ManaType.C,
}
_OPPONENT_CUE = lazy(
    r"\b(opponent'?s?|opponents'|opps?|opp's|their|they|theirs|enemy|his|her|he|she|him)\b"
)
_YOU_CUE = lazy(r"\b(i|i've|i'm|my|me|mine|we|our)\b")
_APPOSITION = lazy(r"\b(i|me|we|us) ?\([^()]{0,30}\)")
# "my opponent's lands (an Island and a Mountain)", "his lands: ...": a list of one's lands.
_FACT_CUE = lazy(
    r"\b(control|controls|have|has|had|only|got|play|plays|are|is|out|with)\b|\blands\s*[(:]"
)
_ASK_START = lazy(
    r"\b(what|which|how|can|could|does|do|will|would|is|are|should)\b(?![^.?!]*[.!]\s)"
)
_NO_MANA = (
    r"\b(no|zero|0) mana\b",
    r"\bproduc\w* (no|nothing|zero)\b",
    r"\b(doesn't|does not|didn't|did not|can't|cannot|couldn't|won't|wouldn't) (produce|make|add|give)\b",
    r"\bnothing\b",
)

# "doesn't add the additional mana": the extra mana a trigger adds, not the tapped permanent's.
_EXTRA_AFTER = lazy(r"^\W*(\w+\W+){0,2}?(additional|extra|more|another|bonus)\b")


def _says_no_mana(q: Question) -> bool:
    """Whether the question says the tapped permanent produced no mana."""
    for pattern in _NO_MANA:
        for found in compiled(pattern).finditer(q.lower):
            if not _EXTRA_AFTER.match(q.lower[found.end() :]):
                return True
    return False


_PRODUCED_MANA = (
    r"\b(if|when|and|but) (it|the \w+|CARD) (produced|produces|made|makes|added|adds) "
    r"(some |any )?mana\b"
)

# Questions about what a spell costs, not what a permanent makes.
_COST_WORDS = (
    r"\bmana (value|cost)",
    r"\bconverted mana\b",
    r"\bcmc\b",
    r"\bcosts?\b",
    r"\bto (cast|pay|activate)\b",
    r"\b(spend|pay|paid)\b",
)


def _cost_after_question(q: Question) -> bool:
    """'can a Treasure make colorless? need {C} for a cost': the cost is only spoken of after
    the asked sentence, as the reason for asking, not as what is asked."""
    end = q.lower.find(q.asked.strip()) if q.asked.strip() else -1
    if end < 0:
        return False
    before = q.lower[:end]
    after = q.lower[end + len(q.asked.strip()) :]
    return not any(compiled(p).search(before) for p in _COST_WORDS) and any(
        compiled(p).search(after) for p in _COST_WORDS
    )


def _missing(*facts: str) -> Callable[[], Ruling]:
    def run() -> Ruling:
        return Ruling(verdict=None, missing=facts)

    return run


def _noted(run: Callable[[], Ruling], identity: tuple[Rule, str] | None) -> Callable[[], Ruling]:
    """``run`` with the stated commanders' color identity (903.4) as its first step."""
    if identity is None:
        return run

    def noted() -> Ruling:
        r = run()
        step = Step(rule=identity[0], note=identity[1])
        return r.model_copy(update={"steps": (step, *r.steps)})

    return noted


def _flip(ruling: Ruling) -> Ruling:
    return ruling.model_copy(
        update={"verdict": {"yes": "no", "no": "yes"}.get(ruling.verdict or "")}
    )


def _with_card(ruling: Ruling, card: str, note: str) -> Ruling:
    """Add a step marking a card whose official rulings state the rule applied."""
    return ruling.model_copy(update={"steps": (*ruling.steps, Step(note=note, card=card))})


@dataclass
class _Board:
    """The position the question describes: permanents, and which players' boards are complete."""

    perms: list[Permanent] = field(default_factory=list)
    # Players whose permanents the question tells of ("I control X", "if I control X")...
    described: set[str] = field(default_factory=set)
    # ...and those it says it tells all of ("only", "no other lands", a stated position).
    complete: set[str] = field(default_factory=set)
    # Kinds a player is said to have none of ("and no creatures"): (player, "Creature").
    none_of: set[tuple[str, str]] = field(default_factory=set)
    subject: CardMention | None = None
    names: tuple[str, ...] = ()
    # Unnamed permanents the question speaks of ("three creatures"): not on the board.
    unnamed: str = ""
    # What the stated commanders' color identity makes of "any color in your commander's
    # color identity" (903.4), for the explanation.
    identity: tuple[Rule, str] | None = None
    # "my only legendary creature is X": the asker's legendary permanents are all told.
    legends_told: bool = False


def _permanent(m: CardMention, controller: str, index: int) -> Permanent:
    line = TypeLine.parse(m.card.front.type_line)
    types = line.types - {"Token"}
    return Permanent(
        name=m.name if index == 0 else f"{m.name} #{index + 1}",
        controller=controller,
        owner=controller,
        supertypes=line.supertypes,
        types=types,
        subtypes=line.subtypes,
        abilities=m.abilities(),
        card=m.card,
    )


def _host_kind(p: Permanent) -> str | None:
    """What an Aura or Equipment can be attached to: its enchant keyword's object ("land",
    "Forest"), or a creature for Equipment."""
    for a in p.abilities:
        if isinstance(a, Enchant):
            return a.what.casefold()
    if "Equipment" in p.subtypes:
        return "creature"
    return None


def _can_host(what: str, host: Permanent, holder: Permanent) -> bool:
    """Whether ``host`` is a permanent ``what`` ("land you control", "nonbasic land") names."""
    words = what.replace("you control", " ").split()
    if "you" in what.split() and host.controller != holder.controller:
        return False
    kinds = {k.casefold() for k in (*host.types, *host.subtypes)}
    for word in words:
        base = word.removeprefix("non")
        if base == "basic":
            ok = "Basic" in host.supertypes
        elif base in kinds:
            ok = True
        else:
            return False
        if ok == word.startswith("non"):
            return False
    return bool(words)


_HOST_AFTER = re.compile(
    r"\s*(is |are )?(on|enchanting|enchants|equipping|equips|attached to|equipped to|onto|to)\s+"
    r"((my|a|an|the|your|their|his|her)\s+)?(opponent'?s'?\s+)?"
)
_HOST_BEFORE = re.compile(
    r"\s*((is |are |that's |that is |which is )?(enchanted|equipped) (with|by)|with)\s+"
    r"(a |an |my )?"
)


_HOST_verbed = lazy(r"\s+((my|a|an|the|your|their|his|her)\s+)?(opponent'?s'?\s+)?")


def _verbed(m: CardMention) -> bool:
    return m.written.casefold().endswith(("'d", "’d"))


def _named_hosts(q: Question) -> dict[str, str]:
    """The permanent the text puts an Aura or Equipment on, when it names it next to it ("Paradise
    Mantle is on my opponent's Llanowar Elves", "a Forest enchanted with Gift of Paradise")."""
    found: dict[str, str] = {}
    cards = q.cards
    for i, m in enumerate(cards):
        if not {"Aura", "Equipment"} & m.card.subtypes:
            continue
        after = cards[i + 1] if i + 1 < len(cards) else None
        before = cards[i - 1] if i else None
        if after is not None and _HOST_AFTER.fullmatch(q.text[m.end : after.start]):
            found[m.name] = after.name
        elif (
            after is not None and _verbed(m) and _HOST_verbed.fullmatch(q.text[m.end : after.start])
        ):
            # "opp spreading seas'd my forest": the Aura's name used as the verb.
            found[m.name] = after.name
        elif before is not None and _HOST_BEFORE.fullmatch(q.text[before.end : m.start]):
            found[m.name] = before.name
    return found


def _attach(perms: list[Permanent], named: dict[str, str]) -> list[Permanent]:
    """'Overgrowth is on my Forest', 'equipped with Paradise Mantle': an Aura or Equipment is
    attached to the permanent the text names beside it, else to the one permanent it can be
    attached to that the question describes; with several candidates it stays unattached, and
    what it affects undecided."""
    out: list[Permanent] = []
    for p in perms:
        what = _host_kind(p)
        if what is not None and p.attached_to is None:
            hosts = [o for o in perms if o is not p and _can_host(what, o, p)]
            if p.name in named:
                hosts = [o for o in hosts if o.name == named[p.name]]
            if len(hosts) == 1:
                p = p.model_copy(update={"attached_to": hosts[0].name})
        out.append(p)
    return out


_COUNT = r"(?P<n>\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|no)"
_KIND = r"(?:(?P<kind>[+-]\d+/[+-]\d+|[a-z]+)\s+)?"
_NOT_KINDS = frozenset({"more", "other", "extra", "additional", "total", "of", "the", "those"})
_COUNTERS_BEFORE = lazy(
    _COUNT + r"\s+" + _KIND + r"counters?\s+on\s+(?:(?:my|the|your|his|her|their|an?)\s+)?$"
)
_COUNTERS_AFTER = lazy(
    r"^'?s?\s*(?:,\s*)?(?:with|has|had|that has|which has|having|now has)\s+"
    + _COUNT
    + r"\s+"
    + _KIND
    + r"counters?\b"
)
_COUNTERS_CHANGE = lazy(
    r"\b(add|adds|added|adding|remove|removes|removed|removing|proliferat\w*|another|"
    r"doubl\w*|move|moves|moved|moving|then|after|later|lose|loses|lost)\b"
    r"[^.?!]{0,40}\bcounters?\b"
    r"|\bcounters?\b[^.?!]{0,40}\b(added|removed|moved|doubled|then|after|later)\b"
)
_COUNTERS_ON_IT = lazy(
    _COUNT
    + r"\s+"
    + _KIND
    + r"counters?\s+on\s+(?:it|this|her|him)\b"
    + r"|\b(?:it|this|she|he) (?:has|had) "
    + _COUNT.replace("?P<n>", "?P<n2>")
    + r"\s+"
    + _KIND.replace("?P<kind>", "?P<kind2>")
    + r"counters?\b"
    # "how much does Marwyn make with two +1/+1 counters?"
    + r"|\bwith "
    + _COUNT.replace("?P<n>", "?P<n3>")
    + r"\s+"
    + _KIND.replace("?P<kind>", "?P<kind3>")
    + r"counters?\b(?!\s+on\b)"
)


def _counter_kinds(m: CardMention) -> set[str]:
    """The kinds of counter a card's text speaks of ("charge", "+1/+1")."""
    return {
        k.casefold()
        for k in re.findall(r"([+-]\d+/[+-]\d+|\w+) counters? on\b", m.card.oracle_text)
    }


def _stated_counters(q: Question, m: CardMention) -> dict[str, int] | None:
    """The counters the question puts on a named permanent ("6 charge counters on Astral
    Cornucopia", "Incubation Druid with a +1/+1 counter"); None when it states none, or a
    count whose kind can't be told."""
    text = q.text.casefold()
    if _COUNTERS_CHANGE.search(text):
        # "then I removed one": the count the question states isn't the one it asks about.
        return None
    numbers = load_lexicon().numbers
    found: dict[str, int] = {}
    permanents = {o.name for o in q.cards if o.card.types & _PERMANENT_TYPES}
    hits: list[re.Match[str]] = []
    for o in q.cards:
        if o.name != m.name:
            continue
        before = _COUNTERS_BEFORE.search(text[max(0, o.start - 60) : o.start])
        after = _COUNTERS_AFTER.match(text[o.end : o.end + 60])
        hits += [h for h in (before, after) if h is not None]
    for h in _COUNTERS_ON_IT.finditer(text):
        # "... with 6 charge counters on it": the permanent named last before, else the one.
        earlier = [o for o in q.cards if o.name in permanents and o.end <= h.start()]
        meant = (
            earlier[-1].name
            if earlier
            else next(iter(permanents))
            if len(permanents) == 1
            else None
        )
        if meant == m.name:
            hits.append(h)
    kinds = _counter_kinds(m)
    for h in hits:
        suffix = next(
            (x for x in ("2", "3") if f"n{x}" in h.re.groupindex and h.group(f"n{x}") is not None),
            "",
        )
        word = h.group("n" + suffix)
        n = 0 if word == "no" else int(word) if word.isdigit() else numbers.get(word, 1)
        kind = (h.group("kind" + suffix) or "").casefold()
        if kind in _NOT_KINDS:
            return None
        if not kind:
            if len(kinds) != 1:
                return None
            kind = next(iter(kinds))
        if found.get(kind, n) != n:
            return None
        found[kind] = n
    return found or None


def _power_amount(p: Permanent) -> bool:
    """Whether a mana ability of the permanent adds an amount equal to its power (Marwyn)."""
    return any(
        isinstance(a, Activated) and a.mana is not None and "power" in (a.mana.per or "").casefold()
        for a in p.abilities
    )


_STATED_POWER = re.compile(
    r"\b(?:with|has|have|at)\s+(?P<n>\d+)\s+power\b|\bpower (?:is|of)\s+(?P<m>\d+)\b"
    r"|\b(?:is|as) an? (?P<p>\d+)/\d+\b"
)
# "then it gets +2/+2", "I pump it": the power stated isn't the one asked about.
_POWER_CHANGE = re.compile(r"\b(then|after|pump\w*|gets?|got|giant growth|becomes?)\b")


def _stated_power(q: Question) -> int | None:
    """The one power the question states ("Marwyn has 5 power", "she's a 4/4 now")."""
    if _POWER_CHANGE.search(q.lower):
        return None
    found = {
        int(m.group("n") or m.group("m") or m.group("p")) for m in _STATED_POWER.finditer(q.lower)
    }
    return found.pop() if len(found) == 1 else None


_NOT_CAST = (
    r"\bcop(y|ies|ied)\b",
    r"\bclone",
    r"without (being )?cast",
    r"\b(put|puts|putting|placed?)\b.{0,40}\bonto the battlefield",
    r"\breanimat",
    r"\b(flicker|blink)",
    r"\breturn(s|ed)?\b.{0,40}\bto the battlefield",
    r"\b(proliferat\w*|remov\w*|added?|put (a|an|another|one|two|\d+) (more )?\w* ?counters?)\b",
)


def _times_kicked(q: Question) -> int | None:
    """How many times the question says the spell was kicked ("kicked twice", "kicked it 3
    times", "with 2 kicks"); None when it doesn't say."""
    if not q.has(r"\bkick"):
        return None
    if q.has(r"(not|n't|never|without) (been )?kick", r"\bunkicked\b", r"\b(zero|0|no) times\b"):
        return 0
    if q.has(r"\bonce\b"):
        return 1
    if q.has(r"\btwice\b"):
        return 2
    if q.has(r"\bthrice\b"):
        return 3
    n = q.count_word(r"times\b")
    return n if n is not None else q.count_word(r"kicks\b")


def _kicked_counters(q: Question, m: CardMention) -> dict[str, int] | None:
    """ "Everflowing Chalice kicked twice": the counters it entered with, one set for each time
    it was kicked (702.33d), when it was cast and nothing since changed them."""
    per = [
        a.parsed
        for a in m.of_kind("if_kicked")
        if isinstance(a, IfKicked)
        and a.per_time
        and a.parsed is not None
        and a.parsed.verb == "counters"
        and a.parsed.counter
        and a.parsed.amount is not None
        and a.parsed.amount.per == "kick"
        and a.parsed.amount.of == "self"
    ]
    if len(per) != 1 or q.has(*_NOT_CAST) or q.asks(r"\bcounters?\b"):
        # "Does it get one or two counters?" asks the counters, not the mana they give.
        return None
    if q.has(r"\bproliferat") or any(
        o.name != m.name and re.search(r"\bcounters?\b", o.card.oracle_text, re.I) for o in q.cards
    ):
        # Another card named may change the counters it enters with or has since (Doubling
        # Season, Hardened Scales, proliferate): one set per kick isn't the count then.
        return None
    times = _times_kicked(q)
    amount, kind = per[0].amount, per[0].counter
    if times is None or amount is None or kind is None:
        return None
    return {kind: amount.base + times * amount.times}


def _counted(q: Question, perms: list[Permanent]) -> list[Permanent]:
    """The permanents with the counters the question states on them (the first of each name),
    and the power it states of the one permanent whose mana is equal to its power."""
    out: list[Permanent] = []
    by_power = [p for p in perms if _power_amount(p)]
    power = _stated_power(q) if len(by_power) == 1 else None
    for p in perms:
        m = next((o for o in q.cards if o.name == p.name), None)
        stated = _stated_counters(q, m) if m is not None and not p.counters else None
        if not stated and m is not None and not p.counters:
            stated = _kicked_counters(q, m)
        if stated:
            p = p.model_copy(update={"counters": tuple(sorted(stated.items()))})
        if power is not None and p is by_power[0] and p.power is None:
            p = p.model_copy(update={"power": power})
        out.append(p)
    return out


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR = r"(?:the colou?r\s+)?(?P<c>white|blue|black|red|green)\b"
_CHOSEN_AFTER = lazy(
    r"^\s*(?:,\s*|\(\s*)?(?:(?:which |that |it )?(?:is |was )?(?:on|naming|named|set to|set on|"
    r"chose|chosen|choosing|picked|choosing)\s+|(?=\w+\s*\)))" + _COLOR
)
_CHOSEN_ANY = lazy(r"\b(?:chose|chosen|choosing|named|naming|picked)\s+" + _COLOR)


def _chosen_color(q: Question, name: str) -> str | None:
    """The color the question says was chosen for ``name`` ("Caged Sun on green", "Gauntlet of
    Power, chose red"): right after its name, else the one color said to be chosen."""
    text = q.text.casefold()
    near = {
        found.group("c")
        for m in q.cards
        if m.name == name and (found := _CHOSEN_AFTER.match(text[m.end : m.end + 40]))
    }
    if len(near) == 1:
        return _COLOR_LETTERS[near.pop()]
    told = {found.group("c") for found in _CHOSEN_ANY.finditer(text)}
    return _COLOR_LETTERS[told.pop()] if len(told) == 1 and not near else None


def _chosen(q: Question, perms: list[Permanent]) -> list[Permanent]:
    """Permanents whose trigger adds mana of the color chosen as they entered, with that color
    when the question says it; left unsure otherwise."""
    holders = [
        p
        for p in perms
        if any(
            isinstance(a, TappedForManaTrigger) and a.of_type == CHOSEN_COLOR for a in p.abilities
        )
    ]
    if len({p.name for p in holders}) != 1 or len(holders) != 1:
        return perms
    letter = _chosen_color(q, holders[0].name)
    if letter is None:
        return perms
    abilities = tuple(
        a.model_copy(
            update={
                "of_type": f"{{{letter}}}",
                "adds": ManaProduction(choice="fixed", symbols=(letter,)),
            }
        )
        if isinstance(a, TappedForManaTrigger) and a.of_type == CHOSEN_COLOR
        else a
        for a in holders[0].abilities
    )
    chosen = holders[0].model_copy(update={"abilities": abilities})
    return [chosen if p is holders[0] else p for p in perms]


def _state(q: Question, perms: list[Permanent]) -> GameState:
    """The position to rule on: the stated board (with any permanent the question adds) or
    the permanents read from the text."""
    perms = _chosen(q, _counted(q, perms))
    if q.board is None:
        return GameState(battlefield=tuple(perms))
    known = {p.name.casefold() for p in q.board.battlefield}
    extra = tuple(p for p in perms if p.name.casefold() not in known)
    return q.board.model_copy(update={"battlefield": q.board.battlefield + extra})


def _sentence_before(text: str, start: int) -> str:
    cut = max(text.rfind(ch, 0, start) for ch in ".?!;")
    return text[cut + 1 : start]


_CONTROLS_IT = lazy(
    r"^s?[^.?!;]{0,30}?\b(but|and|though|yet) (?:now )?(?:my |the )?"
    r"(?P<who>i|we|opponents?|opps?|he|she|they) (?:now )?(controls?|has|have) (it|them)\b"
)
_OWNS = lazy(r"\b(i|we|my opponents?|opponents?|opps?|he|she|they) (own|owns|owned)\b")


def _controller(text: str, m: CardMention, start: int = 0) -> str:
    """Whose permanent a mention is: the nearest ownership word before it in its sentence, or
    after ``start`` (where the asking part begins) when the mention is in that part."""
    after = text[m.end : m.end + 40]
    if re.match(r"^s?\s*(that|which) (my |an |your )?opponents? (controls?|has|have)", after):
        return OPPONENT
    told = _CONTROLS_IT.match(after)
    if told:
        # "I own an Island but my opponent controls it": the owner isn't who controls it.
        return YOU if told["who"] in {"i", "we"} else OPPONENT
    if re.match(
        r"^s?\s*(is|are) (on|in) (my |the )?(opponent'?s?|opp'?s?|their|his|her) "
        r"(side|board|battlefield)\b",
        after,
    ):
        # "Crypt Ghast is on my opponent's side": said after the name.
        return OPPONENT
    before = _sentence_before(text, m.start)
    if start:
        before = text[max(start, m.start - len(before)) : m.start]
    # "I (his opponent) have an Island": the aside names the speaker, not whose it is.
    before = _APPOSITION.sub(r"\1 ", before)
    # "I own an Island": who owns a permanent doesn't say who controls it.
    before = _OWNS.sub(" ", before)
    best_you = max((x.end() for x in _YOU_CUE.finditer(before)), default=-1)
    best_opp = max((x.end() for x in _OPPONENT_CUE.finditer(before)), default=-1)
    if best_opp > best_you:
        return OPPONENT
    return YOU


_COUNT_ADJECTIVE = lazy(r"(\s+(basic|snow|untapped|tapped|nonbasic))+$", re.I)


def _count(text: str, m: CardMention) -> int:
    # "two basic Swamps", "three untapped Forests": the number is before the adjective;
    # "both of my Mana Reflections", "both my Mana Reflections": before the possessive.
    head = _COUNT_ADJECTIVE.sub("", text[: m.start].rstrip()) if m.start else ""
    counted = re.search(r"(\S+)(?: of)?(?: my| your| the| his| her| their)?$", head)
    before = counted.group(1) if counted else ""
    n = _NUMBERS.get(before.casefold())
    if n and before.casefold() == "both" and re.match(r"^'?s?,? (and|&) ", text[m.end :]):
        # "both Mana Reflection and Zendikar Resurgent": the pair, not two of the first.
        return 1
    if n:
        return n
    if text[m.end : m.end + 1] == "s" and re.match(r"^s\b", text[m.end : m.end + 3]):
        return 2
    return 1


def _question_start(text: str) -> int:
    """Where the asking part starts: 'What mana can Reflecting Pool make?' after the facts."""
    low = text.casefold()
    found = [m.start() for m in re.finditer(r"\b(what|which|how)\b", low)]
    if found:
        return found[-1]
    ends = [m.end() for m in re.finditer(r"[.!;]\s", low)]
    return ends[-1] if ends else 0


def _asked_subject(text: str, ask_at: int, asked: list[CardMention]) -> CardMention:
    """The permanent a question asks about: 'tap X for', or the one nearest before 'make'."""
    # Not "a tapped Forest", which says what state another permanent is in.
    tap = re.search(r"\btap(ping|s)?\b|\btapped\b(?= for\b)", text[ask_at:])
    verb = re.search(
        r"\b(make|makes|produce|produces|add|adds|give|gives|generate)\b", text[ask_at:]
    )
    if tap:
        # "can Forest tap for blue": the card the verb follows.
        subject = [m for m in asked if 0 <= (ask_at + tap.start()) - m.end <= 1]
        if subject:
            return subject[-1]
        after = [m for m in asked if 0 <= m.start - (ask_at + tap.end()) <= 12]
        if after:
            return after[0]
    if verb:
        # "What colors can Chromatic Lantern let my Tundra produce": the card nearest the verb.
        before = [m for m in asked if m.end <= ask_at + verb.start()]
        if before:
            return before[-1]
    return asked[0]


# "Overgrowth is on my Forest", "a Forest enchanted with Gift of Paradise", "equipped with
# Paradise Mantle": the question says the Aura or Equipment is attached to something.
_ATTACHED = (
    r"\bCARD (is |are )?(on|enchanting|enchants|equipping|equips|attached to|equipped to|"
    r"(enchanted|equipped|attached|put) on(to)?) (my|a|an|the|your|their|his|her|it|them)\b",
    r"\b(enchanted|equipped) (with|by) (a |an |my )?CARD\b",
    # "a Forest with Wild Growth (on it)": an Aura or Equipment beside what it's on.
    r"\bCARD with (a |an |my )?CARD\b",
    r"\b(put|cast|attach\w*|equip\w*|mov\w*) (a |an |my |the )?CARD (on|onto|to) "
    r"(my |a |an |the |your )?(CARD|it)\b",
)


_COMMANDER_SAID = lazy(
    r"\b(my|our) (partner )?commanders? (is|are|was|were)\b|\b(is|are|as) (my |our |the )?"
    r"(partner )?commanders?\b|\bcommanders?\s*[:=]|\b(partner )?commanders? (is|are)\b"
)
_NO_COMMANDER = lazy(
    r"\b(not|n't|never|aren't|isn't|without)\b[^.?!]{0,20}\b(playing|in|a) commander\b"
    r"|\bno commanders?\b|\b(not|n't) (an? )?(edh|commander) game\b|\boutside (of )?commander\b"
)
_IDENTITY_WORDS = lazy(r"\bcolou?r indicator\b|\bis (all colou?rs|every colou?r)\b", re.I)


def _color_identity(card: Card) -> frozenset[ManaType] | None:
    """903.4: the colors of the mana symbols in a card's costs and rules text, reminder text
    aside; None when a characteristic-defining ability may add colors."""
    letters: set[str] = set()
    for face in card.faces:
        text = re.sub(r"\([^()]*\)", "", face.oracle_text)
        if _IDENTITY_WORDS.search(text):
            return None
        for symbol in (*face.mana_cost.parts, *re.findall(r"\{([^{}]+)\}", text)):
            letters |= {c for c in symbol.upper() if c in "WUBRG"}
    return frozenset(ManaType(c) for c in letters)


def _commanders(q: Question) -> list[CardMention] | None:
    """The commanders a sentence states as the asker's ("my commander is Kozilek", "Thrasios
    and Tymna as partner commanders"); None when none is stated or it may be another's."""
    text = q.text
    for found in _COMMANDER_SAID.finditer(text.casefold()):
        start = max(text.rfind(ch, 0, found.start()) for ch in ".?!;") + 1
        ends = [i for i in (text.find(ch, found.end()) for ch in ".?!;") if i >= 0]
        end = min(ends, default=len(text))
        if _OPPONENT_CUE.search(text[start:end].casefold()):
            return None
        named = [
            m
            for m in q.cards
            if start <= m.start < end
            and m.card.types & {"Creature", "Planeswalker"}
            and not any(
                isinstance(a, Activated) and a.mana is not None and a.mana.among
                for a in m.abilities()
            )
        ]
        if named:
            return named
    return None


def _with_identity(
    q: Question, perms: list[Permanent]
) -> tuple[list[Permanent], tuple[Rule, str] | None]:
    """The permanents with "any color in your commander's color identity" read as the stated
    commanders' colors, and a note saying so; unchanged when no commander is stated."""
    if not any(
        isinstance(a, Activated) and a.mana is not None and a.mana.among
        for p in perms
        for a in p.abilities
    ):
        return perms, None
    commanders = _commanders(q)
    if commanders is None and _NO_COMMANDER.search(q.lower):
        # 903.4f: without a commander the colors are undefined and the ability adds nothing.
        commanders = []
        note = (
            "Without a commander, the colors of 'your commander's color identity' are "
            "undefined, so that part of the ability does nothing: it adds no mana."
        )
    elif commanders is None:
        return perms, None
    else:
        note = ""
    colors: set[ManaType] = set()
    for m in commanders:
        identity = _color_identity(m.card)
        if identity is None:
            return perms, None
        colors |= identity
    letters = tuple(sort_types(colors))
    out: list[Permanent] = []
    for p in perms:
        abilities = tuple(
            a.model_copy(
                update={
                    "mana": replace(
                        a.mana,
                        choice="one_of" if letters else "fixed",
                        symbols=letters,
                        among=None,
                    )
                }
            )
            if isinstance(a, Activated) and a.mana is not None and a.mana.among
            else a
            for a in p.abilities
        )
        out.append(p.model_copy(update={"abilities": abilities}))
    if not commanders:
        return out, (Rule.NO_COMMANDER, note)
    names = " and ".join(m.name for m in commanders)
    shown = " ".join(f"{{{c}}}" for c in letters) if letters else "no color"
    note = (
        f"Your commander's color identity is that of {names}: {shown}, from the mana symbols "
        "in its mana cost and rules text. So 'any color in your commander's color identity' "
        f"means {'one of ' + shown if letters else 'no color at all, and it adds no mana'}."
    )
    return out, (Rule.COLOR_IDENTITY, note)


# Words saying a player's board is told whole.
_ALL_TOLD = lazy(
    r"\b(and )?nothing else\b|\bno other (lands?|permanents?)\b|\bthat'?s (all|it)\b|\bthat is (all|it)\b"
)


_NONE_OF = lazy(
    r"\b(?:no|zero|0) (?:other )?(?P<kind>creatures?|elf|elves|artifacts?|enchantments?)\b"
)


def _whose_sentence(text: str, at: int) -> str:
    """Whose board the words at ``at`` tell of: the nearest player named before in the sentence."""
    sentence = _APPOSITION.sub(r"\1 ", _sentence_before(text, at))
    you = max((x.end() for x in _YOU_CUE.finditer(sentence)), default=-1)
    opp = max((x.end() for x in _OPPONENT_CUE.finditer(sentence)), default=-1)
    return OPPONENT if opp > you else YOU


_CLAIM_CUE = lazy(r"\b(says?|said|thinks?|thought|claims?|claimed|insists?|argues?)\b")


def _in_claim(text: str, m: CardMention) -> bool:
    """Whether a mention is the first words of someone's claim, with no owner word of its own."""
    before = _sentence_before(text, m.start)
    cues = list(_CLAIM_CUE.finditer(before))
    if not cues:
        return False
    rest = before[cues[-1].end() :]
    return not (_YOU_CUE.search(rest) or _OPPONENT_CUE.search(rest))


def _placing(q: Question, text: str, m: CardMention) -> CardMention:
    """The mention of a card that says whose it is: not the one a claim opens with."""
    if not _in_claim(text, m):
        return m
    return next((o for o in q.cards if o.name == m.name and not _in_claim(text, o)), m)


def _read_board(q: Question) -> _Board:
    text = q.text.casefold()
    board = _Board()
    ask_at = _question_start(q.text)
    counts: dict[tuple[str, str], int] = {}
    first: dict[tuple[str, str], CardMention] = {}
    asked: list[CardMention] = []
    granting = any(m.of_kind("granted_mana") for m in q.cards)
    for m in q.cards:
        if not (m.card.types & _PERMANENT_TYPES):
            continue
        if re.search(
            r"\b(no|without|zero|(don't|do not|doesn't|does not) (have|control) any)\s+(other\s+)?$",
            text[max(0, m.start - 40) : m.start],
        ):
            # "a Forest but no Islands": named to say it isn't there.
            continue
        if _in_claim(text, m) and any(
            o.name == m.name and not _in_claim(text, o) for o in q.cards if o is not m
        ):
            # "my buddy says Mana Reflection doubles it ... he controls Mana Reflection": the
            # claim names the card; the other mention says whose it is.
            continue
        in_question = m.start >= ask_at
        # "my opp only has a Forest, what can Exotic Orchard make": the facts' owner words
        # don't reach into the asking part, unless it names a card the facts named.
        fresh = in_question and all(o.name != m.name or o.start >= ask_at for o in q.cards)
        who = _controller(text, m, ask_at if fresh else 0)
        key = (m.name, who)
        fact = not in_question and bool(_FACT_CUE.search(_sentence_before(text, m.start)))
        if fact or re.search(
            r"\b(if|when|while|with)\b[^.?!]*\b(control|controls|have|has|got|only)\b",
            _sentence_before(text, m.start),
        ):
            board.described.add(who)
        counts[key] = max(counts.get(key, 0), _count(q.text, m))
        first.setdefault(key, m)
        if in_question and (
            _makes_mana(m)
            or "Land" in m.card.types
            # "equipped with Paradise Mantle, what can it tap for": granted a mana ability.
            or (granting and not m.of_kind("granted_mana"))
        ):
            asked.append(m)
    for key, n in counts.items():
        m = first[key]
        for i in range(n):
            board.perms.append(_permanent(m, key[1], i))
    if q.has(*_ATTACHED) or any(_verbed(m) for m in q.cards):
        board.perms = _attach(board.perms, _named_hosts(q))
    for who, pattern in (
        (
            OPPONENT,
            r"\b(opponent|opp|they)\b[^.?!]{0,30}\b(has|have|controls?) no (other )?lands?\b",
        ),
        (
            OPPONENT,
            r"\b(opponent|opp|they)\b[^.?!]{0,30}\b(doesn't|does not|don't) (have|control) any lands?\b",
        ),
        (YOU, r"\bi (have|control) no other lands?\b"),
        (YOU, r"\bi (have|control) no (other )?(creatures?|permanents?)\b"),
        (YOU, r"\bif i (have|control) no\b"),
        (YOU, r"\b(my|i have|i control) (only|just)\b"),
        (OPPONENT, r"\b(opponent|opp)('s)? (only|just)\b"),
        (OPPONENT, r"\b(opponent|opp) (has|controls) (only|just)\b"),
        # "Reflecting Pool is the only land I have", "his only other land is an Island".
        (YOU, r"\bmy only (other )?lands?\b|\bonly (other )?lands? (i|we) (have|control|got)\b"),
        (
            OPPONENT,
            r"\b(his|her|their|opponent'?s'?) only (other )?lands?\b"
            r"|\bonly (other )?lands? (he|she|they|my opponent) (has|have|controls?|got)\b",
        ),
        # "I only control ...", "he just has ...", "my lands are ...".
        (YOU, r"\b(i|we) (only|just) (have|control|got)\b|\bmy lands are\b"),
        # "lands: Cabal Coffers, Urborg and 3 Plains", "my lands: ...": a list of them all.
        (YOU, r"(^|[.!?;]\s*)(my |our )?lands\s*:"),
        (OPPONENT, r"\b(opponent|opp)('?s'?)? lands\s*:|\b(his|her|their) lands\s*:"),
        (
            OPPONENT,
            r"\b(opponent|opp|he|she|they)\b[^.?!]{0,15}\b(only|just) (has|have|controls?|got)\b"
            r"|\b(his|her|their|opponent'?s'?) lands are\b"
            r"|\b(opponent|opp|he|she|they)\b[^.?!]{0,30}\bno other\b",
        ),
    ):
        if re.search(pattern, text):
            board.described.add(who)
            board.complete.add(who)
    for found in _ALL_TOLD.finditer(text):
        # "My opponent controls Reflecting Pool and nothing else": whose the sentence tells of.
        who = _whose_sentence(text, found.start())
        board.described.add(who)
        board.complete.add(who)
    for found in _NONE_OF.finditer(text):
        # "and no creatures in play": that count is told, the rest of the board isn't.
        word = found.group("kind")
        kind = "Elf" if word.startswith("elf") or word == "elves" else word.rstrip("s").capitalize()
        board.none_of.add((_whose_sentence(text, found.start()), kind))
    board.legends_told = bool(_LEGENDS_TOLD.search(text))
    if asked:
        board.subject = _asked_subject(text, ask_at, asked)
    if board.subject is None:
        # "...two Reflecting Pools, what can they produce?": the permanent named before.
        with_mana = [
            m
            for m in q.cards
            if _makes_mana(m)
            or (granting and m.card.types & _PERMANENT_TYPES and not m.of_kind("granted_mana"))
        ]
        plural = re.search(r"\b(they|them|each|either|both)\b", text[ask_at:])
        several = [m for m in with_mana if _count(q.text, m) > 1]
        if with_mana and plural and len({m.name for m in several}) == 1:
            board.subject = several[0]
        elif with_mana and re.search(r"\bit\b", text[ask_at:]) and not plural:
            # "If my only land is Exotic Orchard and ..., what can it make?": the first named.
            board.subject = with_mana[0]
        elif len({m.name for m in with_mana}) == 1:
            board.subject = with_mana[0]
    board.names = tuple(dict.fromkeys(m.name for m in q.cards))
    board.perms = _counted(q, board.perms)
    board.perms, board.identity = _with_identity(q, board.perms)
    if q.board is not None:
        # A stated position replaces the one read from the text: every side is told.
        board.perms = list(q.board.battlefield)
        board.described = {YOU, OPPONENT}
        board.complete = {YOU, OPPONENT}
        board.unnamed = ""
    # "if I control three creatures" (but not "no creatures" or "zero creatures", which are
    # complete counts).
    board.unnamed = " ".join(
        x.group(0)
        for x in re.finditer(
            r"(?<!\bno )(?<!\bno other )(?<!\bany )(?<!\bzero )(?<!\b0 )\b(\w+?)s?\b", q.lower
        )
        if x.group(1) in {"creature", "artifact", "land", "enchantment", "permanent", "elf", "elve"}
    )
    if q.board is None:
        counted = _unnamed_counted(q, board.perms)
        if counted is not None:
            who, noun, extra = counted
            board.perms += extra
            board.described.add(who)
            board.complete.add(who)
            many = "elves" if noun == "elf" else f"{noun}s"
            board.unnamed = re.sub(rf"\b({noun}|{many})\b", " ", board.unnamed).strip()
    return board


_UNNAMED_KINDS = {
    "creature": ("Creature", None),
    "artifact": ("Artifact", None),
    "enchantment": ("Enchantment", None),
    "elf": ("Creature", "Elf"),
    "elve": ("Creature", "Elf"),
}
_UNNAMED_COUNT = lazy(
    r"\b(?:(?P<who>i|you|we|my opponents?|opponents?|they|he|she)\s+(?:control|controls|have|has|"
    r"got)(?:\s+CARD(?:,?\s+CARD)*,?\s+and)?|with(?:\s+CARD(?:,?\s+CARD)*,?\s+and)?"
    # "Caged Sun on green, 3 creatures, I tap Cradle": a count listed as a clause of its own.
    r"|(?:^|[,.;:])(?=\s*(?:\d+|[a-z]+)\s+(?:other\s+)?(?:creature|artifact|enchantment|elf|elve)s?"
    r"\s*(?:out\s*|in play\s*)?(?:[,.;:!?]|$)))\s+"
    r"(?P<n>\d+|[a-z]+)\s+(?P<other>other\s+)?"
    r"(?P<what>creature|artifact|enchantment|elf|elve)s?\b(?!\s+(?:cards?|spells?|tokens? with)\b)"
)


def _unnamed_counted(
    q: Question, perms: list[Permanent]
) -> tuple[str, str, list[Permanent]] | None:
    """'How much mana does Gaea's Cradle make if I control 3 creatures?': stand-ins for the
    unnamed permanents the question counts, when a mana ability counts that kind ("for each
    creature you control"). None when it counts none, several, or a kind a named permanent
    also is and "other" doesn't say whether the count includes it."""
    found = list(_UNNAMED_COUNT.finditer(q.lower))
    if len(found) != 1 or _COUNTERS_CHANGE.search(q.lower) or q.has(r"\b(then|after|later)\b"):
        return None
    hit = found[0]
    word = hit.group("n")
    n = int(word) if word.isdigit() else load_lexicon().numbers.get(word)
    if n is None or not 0 < n <= 20:
        return None
    who_word = hit.group("who") or ""
    if not who_word and _OPPONENT_CUE.search(q.lower):
        return None
    who = OPPONENT if who_word and _OPPONENT_CUE.fullmatch(who_word.split()[-1]) else YOU
    kind, subtype = _UNNAMED_KINDS[hit.group("what")]
    noun = (subtype or kind).casefold()
    counts = any(
        isinstance(a, Activated)
        and a.mana is not None
        and re.search(rf"\bfor each (?:other )?{noun}s? you control\b", a.mana.per or "", re.I)
        for p in perms
        for a in p.abilities
    )
    if not counts:
        return None
    same = [p for p in perms if kind in p.types and (subtype is None or subtype in p.subtypes)]
    # "3 creatures total counting the Nyxbloom", "including Llanowar Elves": the named are in it.
    counting = re.match(
        r"\W*(in )?(total\b|all\b)?\W*(counting|including|incl)?\b", q.lower[hit.end() :]
    )
    counting = counting if counting and (counting.group(2) or counting.group(3)) else None
    if same and not hit.group("other"):
        if not counting or len(same) > n:
            return None
        n -= len(same)
    whose = "your opponent controls" if who == OPPONENT else "you control"
    extra = [
        Permanent(
            name=f"{noun} {whose} #{i + 1}",
            controller=who,
            owner=who,
            types=frozenset({kind}),
            subtypes=frozenset({subtype}) if subtype else frozenset(),
        )
        for i in range(n)
    ]
    return who, noun, extra


_UNREAD_MANA_TEXT = lazy(
    r"\b(adds?|produces?|produced|mana of|basic land types?|could produce|for mana)\b"
    r"|\b(is|are) (an? )?(plains|islands?|swamps?|mountains?|forests?)\b",
    re.I,
)


_UNREAD_POWER_TEXT = re.compile(r"[+-](\d+|x)/[+-](\d+|x)\b|\bpower\b|\bbase\b", re.I)


def _effect_part(line: str) -> str:
    """A trigger's effect without its condition: "Whenever an opponent taps a land for mana,
    that land doesn't untap ..." changes no mana, though its condition speaks of mana."""
    found = re.match(r"\s*(when|whenever)\b[^,]*\bfor mana\b[^,]*,(?P<rest>.*)$", line, re.I)
    return found.group("rest") if found else line


_LIST_NEXT = lazy(
    r"^\s*(?:,\s*(?:and\s+|&\s+)?|\s+(?:and|&|\+)\s+)(?:(?:an?|the|\d+|two|three|four)\s+)?"
    r"(?P<w>[a-z][\w'-]{2,})(?=\s*(?:[,.;:!?)]|\s(?:and|&|\+)\s|$))",
    re.I,
)
_LIST_BEFORE = lazy(
    r"(?:^|[\s(:])(?P<w>[a-z][\w'-]{2,})\s*(?:,\s*(?:and\s+)?|\s+(?:and|&|\+)\s+)"
    r"(?:(?:an?|the|\d+|two|three|four)\s+)?$",
    re.I,
)


def _unnamed_in_lists(q: Question) -> list[str]:
    """Words listed beside named permanents that are neither a card read nor English ("my
    lands are forest, mountain and mutavault"): a permanent the board would lack."""
    common = load_lexicon().common
    covered = [(m.start, m.end) for m in q.cards]
    out: list[str] = []
    for m in q.cards:
        if not (m.card.types & _PERMANENT_TYPES):
            continue
        hits = [
            (h.group("w"), m.end + h.start("w")) for h in [_LIST_NEXT.match(q.text[m.end :])] if h
        ] + [(h.group("w"), h.start("w")) for h in [_LIST_BEFORE.search(q.text[: m.start])] if h]
        for word, at in hits:
            bare = re.sub(r"'s?$", "", word).casefold()
            if any(a <= at < b for a, b in covered) or bare in common or bare.rstrip("s") in common:
                continue
            if bare not in out:
                out.append(bare)
    return out


def _unread(q: Question) -> list[str]:
    """Oracle lines about mana that the parser couldn't read: the engine would miss them. When
    a named permanent's mana is equal to its power, lines that may change a power count too."""
    by_power = any(
        isinstance(a, Activated) and a.mana is not None and "power" in (a.mana.per or "").casefold()
        for m in q.cards
        for a in m.abilities()
    )
    spending = q.has(r"\bspen[dt]\w*\b", r"\bpa(y|id)\w*\b", r"\bcast\w*\b", r"\bcosts?\b")
    return [f"what “{w}” is (it isn't read as a card)" for w in _unnamed_in_lists(q)] + [
        f'what {m.name}\'s "{line}" does here'
        for m in q.cards
        for face in m.faces
        for line in face.unparsed
        if (
            _UNREAD_MANA_TEXT.search(_effect_part(line))
            # How mana may be spent changes no production, unless spending is asked about.
            and not (_spends_only(line) and not spending)
        )
        or (
            # A static effect on power; counters a trigger puts are stated as counters.
            by_power
            and _UNREAD_POWER_TEXT.search(line)
            and not re.match(r"\s*(when|whenever|at)\b", line, re.I)
            and not re.search(r"\bcounters?\b", line, re.I)
        )
    ]


_CHANGES_MANA = frozenset(
    {
        "mana_replacement",
        "mana_doubling",
        "tapped_for_mana_trigger",
        "land_type_change",
        "granted_mana",
    }
)


def _changes_mana(m: CardMention) -> bool:
    """Whether a card changes what other permanents produce: a replacement, a trigger on
    tapping for mana, a land type change, a granted mana ability, or such a line unread."""
    return any(a.kind in _CHANGES_MANA for a in m.abilities()) or any(
        _CHANGES_TEXT.search(line) for face in m.faces for line in face.unparsed
    )


_CHANGES_TEXT = lazy(
    r"\bproduces?\b[^.]*\binstead\b|\b(tapped|taps?) [^.]{0,40}\bfor mana\b|\bbasic land types?\b"
    r"|\b(is|are) (an? )?(plains|islands?|swamps?|mountains?|forests?)\b",
    re.I,
)


def _unplaced(q: Question) -> list[str]:
    """Named cards whose change to mana no position here holds: a spell's effect other than one
    lasting the turn, or an activated ability that isn't a mana ability ("{U}: Until end of
    turn, if you tap a land ..., it produces {U} instead")."""
    out: list[str] = []
    for m in {c.name: c for c in q.cards}.values():
        spell = not (m.card.types & _PERMANENT_TYPES)
        if (
            spell
            and _delayed_trigger(m) is None
            and any(a.kind in _CHANGES_MANA for a in m.abilities())
        ):
            out.append(f"what {m.name}'s effect does to the mana here")
        elif any(
            isinstance(a, Activated) and a.mana is None and _CHANGES_TEXT.search(a.effect)
            for a in m.abilities()
        ):
            out.append(f"whether {m.name}'s activated ability was used and what it changes")
    return out


_SPEND_ONLY = lazy(r"^\s*(you may |players may )?spend\b|^[^.]*\bas though it were mana\b", re.I)


def _spends_only(line: str) -> bool:
    """ "You may spend white mana as though it were mana of any color": how mana is spent,
    not what anything produces."""
    return all(_SPEND_ONLY.search(part) for part in re.split(r"(?<=\.)\s+", line.strip()) if part)


_GENERIC_TAPPED = lazy(
    r"\b(?:(?P<who>my opponents?|an opponent|opponents?|they|i|you|a player|any player|each player|"
    r"someone|somebody|anyone|anybody)\b[^?.]{0,10}?"
    r"\btap(?:s|ped)? (?:a|an|one of (?:my|your|their|his|her)|their|his|her|my|your) "
    r"|\b(?:off|for|from|with|by|on|affects?|doubles?|triples?) (?P<whose>my|your|an?|their|his|"
    r"her) (?:opponent'?s'? )?)"
    r"(?P<what>lands?|creatures?|plains|islands?|swamps?|mountains?|forests?|artifacts?)\b"
)


_ANYONE_TAPS = (
    r"\b(a player|any player|someone|somebody|anyone|anybody|either player|each player)\b"
    r"[^.?!]{0,20}\btap"
)


# Kinds of typed ability that change what a permanent makes or how.
_MANA_KINDS = frozenset(
    {
        "land_type_change",
        "granted_mana",
        "mana_doubling",
        "mana_replacement",
        "tapped_for_mana_trigger",
    }
)
_GIVES_OTHER = lazy(
    r"\b(give|gives|giving)\s+(my opponents?|an opponent|opponents?|him|her|them)\s+"
    r"(an? )?(extra|more|additional|bonus)\b"
)


def _generic_tapped(q: Question, anyone_as: str | None = None) -> Permanent | None:
    """'when my opponent taps a land for mana': an unnamed permanent with some mana ability.
    ``anyone_as`` is whose it is taken to be when the question says anyone's."""
    found = _GENERIC_TAPPED.search(q.lower)
    if found is None:
        # "Does Mana Flare give my opponent extra mana too?": the mana of their lands.
        given = _GIVES_OTHER.search(q.lower)
        if given is None:
            return None
        who, whole, what = "", given.group(0), "lands"
    else:
        who = found.group("who") or found.group("whose") or ""
        whole, what = found.group(0), found.group("what")
    anyone = {"a player", "any player", "each player", "someone", "somebody", "anyone", "anybody"}
    opp = bool(re.search(r"\b(opponents?|they|their|them|his|him|her)\b", whole)) or who in anyone
    if who in anyone | {"a", "an"}:
        # Anyone's: the answer may differ by controller.
        if anyone_as is None:
            return None
        opp = anyone_as == OPPONENT
    controller = OPPONENT if opp else YOU
    word = what.rstrip("s") if what != "plains" else "plains"
    basic = {"plains": "Plains", "island": "Island", "swamp": "Swamp", "mountain": "Mountain"}
    basic["forest"] = "Forest"
    if word in basic:
        return Permanent(
            name=f"a {basic[word]} {'your opponent controls' if opp else 'you control'}",
            controller=controller,
            owner=controller,
            supertypes=frozenset({"Basic"}),
            types=frozenset({"Land"}),
            subtypes=frozenset({basic[word]}),
        )
    types = {"land": "Land", "creature": "Creature", "artifact": "Artifact"}[word]
    ability = Activated(
        text="",
        cost=Cost(tap=True),
        effect="Add mana.",
        mana=ManaProduction(choice="any_type"),
    )
    return Permanent(
        name=f"a {word} {'your opponent controls' if opp else 'you control'}",
        controller=controller,
        owner=controller,
        types=frozenset({types}),
        abilities=(ability,),
    )


# "give me mana", "adds the additional {B}", "extra mana": what a 'tapped for mana' trigger adds.
_GIVES_MANA = (
    r"\b(give|gives|giving|add|adds|adding)\b( me| you| them| him| her| us)?( an?| the| one)?"
    r"( additional| extra| more| bonus)?( \w+)? mana\b"
    r"|\b(additional|extra|bonus) (\{[wubrgc]\}|(mana|white|blue|black|red|green|colou?rless)\b)"
)


_NOT_COUNTS = frozenset({"a", "an", "no", "none", "both", "double", "pair", "single", "triple"})


@cache
def _expecting() -> re.Pattern[str]:
    words = sorted((w for w in load_lexicon().numbers if w not in _NOT_COUNTS), key=len)
    n = r"(\d+|" + "|".join(re.escape(w) for w in reversed(words)) + ")"
    return re.compile(
        r"\b(should|supposed to|expected|expect|ought to)\b[^.?!;]{0,40}?\b(?P<n>" + n + r")\s+"
        r"((additional|extra|more|total|\w+)\s+)?(mana|colou?rless|white|blue|black|red|green)\b"
        r"|\b(rather than|instead of)\s+(?P<m>" + n + r")\b(?!\s*(times|x)\b)"
    )


def _expected_amounts(text: str) -> set[int]:
    """The amounts of mana a report says a permanent should make ("should give me 6 mana",
    "3 mana generated rather than 6")."""
    numbers = load_lexicon().numbers
    found: set[int] = set()
    for m in _expecting().finditer(text):
        word = m.group("n") or m.group("m")
        found.add(int(word) if word.isdigit() else numbers[word])
    return found


_FACTOR = lazy(
    r"\b(?P<x>\d+)x\b|\b(?P<n>\w+) times\b(?! (each|per|a|in)\b)"
    r"|\b(?P<w>twice|double|triple)\b(?= (the|as much|that|of|amount|mana|normal)\b)"
)
_FACTOR_WORDS = {"twice": 2, "double": 2, "triple": 3}
_CLAIMING = lazy(r"\b(should|supposed to|expected|expect|ought to)\b[^.?!;]{0,40}$")


def _claimed_factor(text: str) -> int | None:
    """The multiple of the mana a question or report claims ("should be 6x", "does it make
    three times as much"): the one after "should" when several are stated, else the only one."""
    numbers = load_lexicon().numbers
    claimed: set[int] = set()
    stated: set[int] = set()
    for m in _FACTOR.finditer(text):
        if m.group("x"):
            n: int | None = int(m.group("x"))
        elif m.group("w"):
            if re.search(r"\bCARD\s+$", text[: m.start()]):
                # "Does Mana Reflection double ...": the verb, asked of the card itself.
                continue
            n = _FACTOR_WORDS[m.group("w")]
        else:
            word = m.group("n")
            n = int(word) if word.isdigit() else numbers.get(word)
        if n is None or n < 2:
            continue
        stated.add(n)
        if _CLAIMING.search(text[: m.start()]):
            claimed.add(n)
    if len(claimed) == 1:
        return claimed.pop()
    if not claimed and len(stated) == 1:
        return stated.pop()
    return None


def _delayed_trigger(m: CardMention) -> Permanent | None:
    """An instant or sorcery whose effect lasts the turn ("Until end of turn, whenever a player
    taps an Island for mana, ..."): a stand-in holding that ability, as after it resolved."""
    if m.card.types & _PERMANENT_TYPES:
        return None
    held = tuple(
        a
        for a in m.abilities()
        if isinstance(a, TappedForManaTrigger | ManaReplacement)
        and re.match(r"\s*until end of turn\b", a.text, re.I)
    )
    if not held or len(held) != len(m.abilities()):
        return None
    return Permanent(name=m.name, controller=YOU, owner=YOU, abilities=held, card=m.card)


def _stand_ins(q: Question) -> list[Permanent]:
    """The effects of named spells that last the turn, once each."""
    spells = {m.name: m for m in q.cards}
    return [p for m in spells.values() if (p := _delayed_trigger(m)) is not None]


# The spell is somewhere it hasn't resolved from: its effect isn't in play.
_UNRESOLVED = (
    r"\bin (my|your|his|her|their|the|a) (hand|library|graveyard|deck|opening hand)\b",
    r"\bon the stack\b",
    r"\bin response\b",
    r"\bcounter(s|ed|ing)?\b(?! on\b)",
    # "Pale Moon was cast last turn": an effect until end of turn has ended.
    r"\b(last|previous|prior|earlier) turn\b",
    r"\byesterday\b",
)


def _resolved(r: Ruling, stand_ins: list[Permanent]) -> Ruling:
    """Say that the answer takes the spells named as resolved this turn."""
    notes = tuple(
        Step(
            note=f"Taken as after {p.name} resolved this turn: until end of turn, its effect "
            + (
                "replaces the mana such a land produces."
                if any(isinstance(a, ManaReplacement) for a in p.abilities)
                else "triggers whenever such a land is tapped for mana."
            ),
            card=p.name,
        )
        for p in stand_ins
    )
    return r.model_copy(update={"steps": (*notes, *r.steps)}) if notes else r


# "I tap a Forest", "i sac my Treasure": one permanent's one activation.
_ONE_TAP = (
    r"\b(i|you|we|he|she|they|opponent|opp) (tap|taps|tapped|sac|sacs|sacrifice|sacrifices|"
    r"crack|cracks) (a|an|one|my|his|her|their|the|CARD)\b"
)


# "Total mana from tapping that Forest?": all that one activation of one named permanent gives.
_FROM_ONE_TAP = (
    r"\b(from|by|for|off|when) (tapping|activating|cracking|sacrificing) "
    r"((that|this|the|my|a|an|one|his|her|their) )?(CARD\b(?!s)|it\b)"
)


def _asks_total(q: Question, board: _Board, subject: CardMention) -> bool:
    """Whether an amount question may ask for the mana of several permanents together ("I have
    3 Treasures, how much mana can I make?"), not of one activation."""
    several = any(_count(q.text, m) > 1 for m in q.cards if m.name == subject.name)
    if several and not q.has(r"\b(each|a single|one of them|per)\b"):
        return True
    if q.has(r"\b(in total|total|altogether|all together|combined|all of them)\b") and not (
        # "I tap a Forest. Total mana?": all that one activation gives, triggers' mana too.
        q.has(_ONE_TAP, _FROM_ONE_TAP) and not several
    ):
        return True
    makers = [
        p
        for p in board.perms
        if any(isinstance(a, Activated) and a.mana is not None for a in p.abilities)
    ]
    # "how much do I get from Reflecting Pool": the one permanent the mana comes from.
    from_it = any(
        m.name == subject.name
        and re.search(
            r"\b(from|off|out of) (my |the |a |an |one |that )?$", q.text[: m.start], re.I
        )
        for m in q.cards
    )
    # "if I tap Reflecting Pool": one activation, however many permanents make mana.
    return (
        len(makers) > 1
        and not from_it
        and not q.has(r"\b(tap|taps|tapping|tapped|sac|sacrific\w*|crack\w*)\b")
        and q.has(
            r"\b(can|could|will|would|do|does) (i|you|we|they) (make|get|produce|generate|have)\b"
        )
    )


def _position(
    q: Question, board: _Board, subject: CardMention
) -> tuple[list[Permanent], list[Permanent]] | None:
    """The permanents to rule on (the board, with the asked permanent on it) and the stand-ins
    for named spells whose effect lasts the turn; None when such a spell is somewhere it hasn't
    resolved from, so its effect isn't in play, or when the question may ask what several
    permanents make together."""
    if _asks_total(q, board, subject):
        return None
    perms = list(board.perms)
    if not any(p.name == subject.name for p in perms):
        perms.append(_permanent(subject, YOU, 0))
    extra = _stand_ins(q)
    if extra and q.has(*_UNRESOLVED):
        return None
    return perms, extra


def _source_named(q: Question, subject: CardMention) -> bool:
    """Whether the text says the mana comes from the permanent ("4 mana from Sol Ring"), not
    only which cards change it."""
    own = [a.mana for a in subject.abilities() if isinstance(a, Activated) and a.mana is not None]
    if any(not isinstance(x.amount, int) or x.could is not None for x in own):
        # What Reflecting Pool makes hangs on the other lands, which the text may not list.
        return False
    return any(
        m.name == subject.name
        and (
            re.search(
                r"\bmana (from|off)\s+(my |the |a |an |your )?$",
                q.text[max(0, m.start - 20) : m.start],
            )
            # "does a Treasure make 2 mana" beside a doubler: the permanent is what makes it.
            # A trigger's extra mana waits on the tapping being told ("when I tap a Forest").
            or (
                not any(o.of_kind("tapped_for_mana_trigger") for o in q.cards)
                and _MAKER_VERB.match(q.text[m.end : m.end + 30])
            )
        )
        for m in q.cards
    )


_MAKER_VERB = lazy(
    r"\s+(tokens?\s+)?(make|makes|produce|produces|give|gives|add|adds|generate|"
    r"generates|tap for|taps for)\b",
    re.I,
)


def _mana_spells(q: Question) -> list[CardMention]:
    """The named instants and sorceries that add mana (Dark Ritual): their mana comes from no
    permanent. A spell's effect isn't a typed ability yet, so its text is read here."""
    return [
        m
        for m in q.cards
        if not m.card.types & _PERMANENT_TYPES
        and re.search(r"\badd\b[^.]*(\{[wubrgc]\}|\bmana\b)", m.card.oracle_text, re.I)
    ]


_GIVES_CONTROL = lazy(r"\byou control enchanted\b|\b(gain|exchange) control of\b", re.I)


def _control_changed(q: Question) -> str | None:
    """The fact a told change of control leaves open: with two permanents or more in the
    position, who controls which decides whose triggers and replacements apply (CR 106.12),
    and a possessive names the owner, not the controller."""
    changers = {m.name for m in q.cards if _GIVES_CONTROL.search(m.card.oracle_text)}
    if not (q.said("control") or changers):
        return None
    placed = {m.name for m in q.cards if m.card.types & _PERMANENT_TYPES and m.name not in changers}
    if len(placed) < 2:
        return None
    return "who controls each permanent after the control change"


# "Contamination is gone now", "Vernal Bloom was removed": said of the card just named.
_GONE = lazy(
    r"^(?:'s|s)?\s+(?:is|was|are|were|got|has been|had been)\s+(?:now\s+)?"
    r"(?:gone|dead|removed|destroyed|exiled|bounced|sacrificed|killed|no longer)\b"
    # "Vorinclex is in my graveyard", "Mana Reflection is in my hand, not cast yet".
    r"|^(?:'s|s)?\s+(?:is|was|are|were)\s+(?:still\s+)?(?:in|on)\s+(?:my|the|his|her|their|your)\s+"
    r"(?:graveyard|hand|library|deck|exile)\b",
    re.I,
)
_REMOVES = lazy(
    r"\b(destroy|exile|return) (target|all|each|up to)\b[^.]*"
    r"\b(permanent|artifact|enchantment|creature|land|nonland)",
    re.I,
)


_ENTERS_AS_COPY = lazy(r"\benter as a copy of\b", re.I)


def _copied(q: Question) -> str | None:
    """A named permanent that enters as a copy (Sculpting Steel, Clone) beside another: what it
    copies is what it is (CR 707.2), and the position reads it as its own card."""
    copiers = [m for m in q.cards if _ENTERS_AS_COPY.search(m.card.oracle_text)]
    if not copiers or len({m.name for m in q.cards}) < 2:
        return None
    return f"what {copiers[0].name} is a copy of"


def _corrected_tap(q: Question) -> str | None:
    """'I was going to tap my Forest but instead tapped an Island': a later 'instead' changes
    which permanent was tapped."""
    if re.search(r"\binstead\b[^.?!]{0,20}\btap", q.text, re.I):
        return "which permanent was tapped in the end"
    return None


_LATER = lazy(r"\b(then|after that|afterwards?|later|next)\b", re.I)
_CAME = lazy(r"\b(cast|casts|flash\w*|play\w*|resolv\w*|enter\w*|came|comes|drop\w*|put)\b", re.I)


def _entered_after_tap(q: Question) -> str | None:
    """'I tapped my Forest and then my opponent flashed in Dictate of Karametra': a card that
    changes mana and came in after the tap didn't see it (CR 603.2)."""
    text = q.text
    tap = re.search(r"\btapped\b", text, re.I)
    if tap is None:
        return None
    for m in q.cards:
        if m.start < tap.end() or not _changes_mana(m):
            continue
        between = text[tap.end() : m.start]
        if _LATER.search(between) and _CAME.search(between):
            return f"whether {m.name} was on the battlefield when the permanent was tapped"
    return None


# "... and it came back at the end step", "flickered with Ephemerate": it returned.
_BACK = lazy(
    r"\b(came|comes|come) back\b|\bflicker\w*"
    r"|\breturned\b(?! to (my|his|her|their|its owner's|your|the owner's) hand\b)",
    re.I,
)


def _left_play(q: Question) -> str | None:
    """A card that changes mana and that the question says left the battlefield, or that a named
    removal spell may have taken: without it back, the position the text names isn't the one
    the mana is made in (CR 400.7)."""
    text = q.text
    removal = [
        m
        for m in q.cards
        if not m.card.types & _PERMANENT_TYPES and _REMOVES.search(m.card.oracle_text)
    ]
    for m in q.cards:
        if not (m.card.types & _PERMANENT_TYPES) or not _changes_mana(m):
            continue
        left = q.said("leaves", m.name) or bool(_GONE.match(text[m.end : m.end + 40]))
        back = (
            q.said("cast", m.name) or q.said("enters", m.name) or bool(_BACK.search(text[m.end :]))
        )
        if (left or removal) and not back:
            by = f" after {removal[0].name}" if removal and not left else ""
            return f"whether {m.name} is still on the battlefield{by}"
    return None


_ACTIVATE_ONLY = lazy(r"\bActivate only (?P<cond>if [^.]+)\.", re.I)


def _restricted_asked(q: Question, ask_at: int) -> str | None:
    """A mana ability of the asked permanent that may be activated only under a condition
    (Tainted Field): what tapping it makes depends on whether the condition holds (CR 602.5),
    which the position doesn't tell."""
    for m in q.cards:
        if m.start < ask_at:
            continue
        for face in m.card.faces:
            for line in face.oracle_text.splitlines():
                found = _ACTIVATE_ONLY.search(line)
                if found and re.search(r"\badd\b", line, re.I):
                    return f"whether {m.name}'s condition holds ({found['cond']})"
    return None


def _makes_mana(m: CardMention) -> bool:
    return any(isinstance(a, Activated) and a.mana is not None for a in m.abilities())


# The scenarios that rule on what tapping or activating something makes.
_PRODUCING = frozenset(
    {
        "mana.amount",
        "mana.amount_claim",
        "mana.count_types",
        "mana.could_produce",
        "mana.can_produce_type",
        "mana.multiplier",
        "mana.stated_amount",
        "mana.tap_result",
        "mana.replacement",
        "mana.trigger",
        "mana.looks_at",
    }
)


def _unread_mana_ability(m: CardMention) -> bool:
    """Whether the card has a mana ability whose mana isn't read ("For each color among
    permanents you control, add one mana of that color"): what it makes can't be told."""
    return any(
        isinstance(a, Activated)
        and a.mana is None
        and "target" not in a.effect.lower()
        and bool(compiled(r"\badd\b[^.]*(\{[wubrgc]\}|\bmana\b)").search(a.effect.lower()))
        for a in m.abilities()
    )


def _said_tapped(q: Question, m: CardMention) -> bool:
    """Whether the text says ``m`` is tapped ("I tap Snow-Covered Forest", "tapping my Forest",
    "Forest is tapped for mana")."""
    before = q.text[max(0, m.start - 24) : m.start].lower()
    after = q.text[m.end : m.end + 24].lower()
    return bool(
        compiled(r"\btap(s|ped|ping)?( (my|a|an|the|that|this|their|his|her))?\s+$").search(before)
        or compiled(r"^\s+(is |was |gets |got |becomes )?tapped\b").search(after)
    )


def _taps_for_mana(m: CardMention) -> bool | None:
    """Whether activating the card's mana abilities taps it: True when each has {T} in its
    cost, False when none has, None when it has no mana ability or some of each."""
    taps = {a.cost.tap for a in m.abilities() if isinstance(a, Activated) and a.mana is not None}
    return taps.pop() if len(taps) == 1 else None


def _own_mana_ability(q: Question) -> CardMention | None:
    """The one named permanent a question asks about using its own mana ability ("tapping
    Llanowar Elves for mana", "sacrificing a Treasure for mana", "does a Treasure count as
    tapped for mana"); None when it names none or several, or one with mixed costs."""
    if not q.has(
        r"\btap\w* (CARD|it|them) for mana\b",
        r"\bCARD(s|'s)?\b[^.?!]{0,30}\b(tapped|tapping) for mana\b",
        r"\b(sacrific\w*|sac|sacs|sacking|crack\w*|us(e|es|ed|ing)|activat\w*) "
        r"(a |an |the |my |your )?CARD(s|'s)?\b",
    ):
        return None
    if q.has(r"\b(costs?|to (pay|cast|activate)|spell|effect|convok\w*|crew\w*|attack\w*)\b"):
        # "sacrificing a Treasure to pay a cost": not its own mana ability, whatever it is.
        return None
    makers = {m.name: m for m in q.cards if _makes_mana(m)}
    if len(makers) != 1 or len({m.name for m in q.cards}) != 1:
        return None
    m = next(iter(makers.values()))
    return m if _taps_for_mana(m) is not None else None


def _counts_unnamed(board: _Board, per: str) -> bool:
    """Whether 'for each creature you control' counts things the question mentions unnamed."""
    noun = re.search(r"\b(?:each|per) (?:other )?(\w+?)s?\b", per) or re.match(r"(\w+?)s?\b", per)
    if noun is None:
        return False
    word = noun.group(1).casefold()
    # "elves": the plural of Elf isn't word + s.
    plural = "elves" if word == "elf" else f"{word}s"
    return re.search(rf"\b({word}|{plural})\b", board.unnamed) is not None


def _split_control(board: _Board) -> bool:
    """Whether one card named once is read as both players' ("with Mana Reflection ... if my
    opponent controls Mana Reflection"): whose it is isn't clear."""
    seen: dict[str, set[str]] = {}
    for p in board.perms:
        if "Land" not in p.types:
            seen.setdefault(p.name.split(" #")[0], set()).add(p.controller)
    return any(len(who) > 1 for who in seen.values())


def _has_mana_ability(p: Permanent) -> bool:
    return any(isinstance(a, Activated) and a.mana is not None for a in p.abilities)


def _told(board: _Board, who: str, holder: Permanent, fits: Callable[[Permanent], bool]) -> bool:
    """Whether the question tells all of a player's permanents that an ability of ``holder``
    looks at or counts. A board said to be whole ("only", "no other lands") is. A board only
    named ("if I control Sol Ring") is when it names one that ``fits`` besides ``holder`` and
    its controller's others of its name: the question asks what those named make of it. When it names none
    ("how much mana does Reflecting Pool make if I control Mana Flare?"), the permanents looked
    at go unstated, and players seldom mean they have none."""
    if who in board.complete:
        return True
    return who in board.described and any(
        p.controller == who
        and not (p.name == holder.name and p.controller == holder.controller)
        and fits(p)
        for p in board.perms
    )


def _mana_source(p: Permanent) -> bool:
    """A permanent an ability mirroring what others could produce may be asked to look at."""
    return "Land" in p.types or _has_mana_ability(p)


def _land(p: Permanent) -> bool:
    return "Land" in p.types


_PER_KIND = lazy(r"\bfor each (?:other )?(\w+?)s? (?:you control|on the battlefield)\b", re.I)


def _counted_kind(per: str) -> str:
    """The kind 'for each creature you control' counts ("Creature", "Elf"; "" when unread)."""
    found = _PER_KIND.search(per)
    word = found.group(1) if found else ""
    return "Elf" if word.casefold() in ("elf", "elve") else word.capitalize()


def _of_kind(per: str) -> Callable[[Permanent], bool]:
    """The permanents 'for each creature you control' counts (any, when the kind isn't read)."""
    found = _PER_KIND.search(per)
    word = found.group(1) if found else ""
    kind = "Elf" if word.casefold() in ("elf", "elve") else word.capitalize()

    def fits(p: Permanent) -> bool:
        return not kind or kind in p.types or kind in p.subtypes

    return fits


# Every permanent whose colors could count is told: "my only legend", "the only permanents I
# have", "... are my permanents besides basic lands" (a basic land has no color).
_LEGENDS_TOLD = lazy(
    r"\bonly legend(ary|s)?\b|\bno (other )?legend(ary|s)?\b|\bonly (creature|permanent)s? i "
    r"(have|control)\b|\bmy (only )?(other )?permanents (besides|other than|apart from|aside from|"
    r"except( for)?) (my |the |some |a few )?basic lands\b"
)
# "Nonland permanents you control are white", "is all colors": a line that recolors.
_RECOLORS = lazy(
    r"\b(is|are|becomes?)\b[^.]*\bcolou?rs?\b"
    r"|\b(is|are|becomes?) (white|blue|black|red|green|colorless)\b",
    re.I,
)


def _counted_over(per: str, controller: str) -> tuple[str, ...]:
    """Whose permanents 'for each ...' counts: its controller's ("you control"), both players'
    ("on the battlefield", 109.2), or none read."""
    if re.search(r"\bfor each\b[^.]*\byou control\b", per, re.I):
        return (controller,)
    if re.search(r"\bfor each\b[^.]*\bon the battlefield\b", per, re.I):
        return (YOU, OPPONENT)
    return ()


def _needs(board: _Board) -> list[str]:
    """Facts the could-produce answer needs and the question doesn't give."""
    missing: list[str] = []
    # Blood Moon on Gaea's Cradle: what its rules-text ability would count doesn't matter.
    lost = mp.rules_text_lost(GameState(battlefield=tuple(board.perms)))
    for p in board.perms:
        if p.name in lost:
            continue
        for a in p.abilities:
            if (
                isinstance(a, Activated)
                and a.mana is not None
                and a.mana.among
                and a.mana.among.endswith(" you control")
            ):
                # Mox Amber: the colors of those permanents, when all of them are told.
                if YOU not in board.complete and not board.legends_told:
                    fact = f"which {a.mana.among} there are"
                    if fact not in missing:
                        missing.append(fact)
                missing += [
                    f"what {o.name}'s “{line}” does to colors"
                    for o in board.perms
                    if o.card is not None
                    for face in o.card.faces
                    for line in face.oracle_text.splitlines()
                    if _RECOLORS.search(line)
                ]
            elif isinstance(a, Activated) and a.mana is not None and a.mana.among:
                fact = "who your commander is (its color identity decides the colors)"
                if fact not in missing:
                    missing.append(fact)
            per = a.mana.per or "" if isinstance(a, Activated) and a.mana is not None else ""
            counted = re.search(
                r"\bfor each (\S+) counter on (?:cardname|this \w+|it)\b", per, re.I
            )
            # "for each charge counter on this artifact", with its counters told; "equal to
            # its power", with its power or its +1/+1 counters told.
            told = (
                counted is not None and any(k == counted.group(1).casefold() for k, _ in p.counters)
            ) or (
                "power" in per.casefold()
                and (p.power is not None or any("/" in k for k, _ in p.counters))
            )
            if (
                isinstance(a, Activated)
                and a.mana is not None
                and a.mana.amount == "X"
                and not told
                and not (
                    (counted_over := _counted_over(per, p.controller))
                    and all(
                        _told(board, who, p, _of_kind(per))
                        or (who, _counted_kind(per)) in board.none_of
                        for who in counted_over
                    )
                    and not _counts_unnamed(board, per)
                )
            ):
                # Gaea's Cradle counts what its controller has: known when their side is told,
                # and not when the question counts things it doesn't name ("three creatures").
                missing.append(
                    f"how much mana {p.name} makes "
                    f"({(a.mana.per or 'a variable amount').replace('CARDNAME', p.name)})"
                )
            cond = a.mana.instead_if or "" if isinstance(a, Activated) and a.mana else ""
            on_it = re.search(r"\bhas an? (\S+) counters? on it\b", cond)
            if on_it and not any(k == on_it.group(1).casefold() for k, _ in p.counters):
                # Incubation Druid: what it adds hangs on counters the question doesn't state.
                missing.append(f"whether {p.name} has a {on_it.group(1)} counter on it")
            if re.match(r"you control\b", cond) and not _told(board, p.controller, p, _land):
                fact = (
                    "every land you control"
                    if p.controller == YOU
                    else "every land your opponent controls"
                )
                if fact not in missing:
                    missing.append(fact)
            if (
                isinstance(a, Activated)
                and a.mana is not None
                and isinstance(a.mana.could, CouldProduce)
            ):
                whose = a.mana.could.whose
                player = (
                    p.controller if whose == "you" else (OPPONENT if p.controller == YOU else YOU)
                )
                needed = [YOU, OPPONENT] if whose == "any" else [player]
                for who in needed:
                    if not _told(board, who, p, _mana_source):
                        fact = (
                            "every land you control"
                            if who == YOU
                            else "every land your opponent controls"
                        )
                        if fact not in missing:
                            missing.append(fact)
    return missing


def _open_question(q: Question) -> bool:
    """'How does X work with Y?', 'Why ...?': no yes or no answers it."""
    ask = q.lower[_question_start(q.lower) :] if q.has(r"\b(how|why)\b") else q.lower
    return bool(
        re.search(
            r"^\W*(how(?! (much|many))|why|explain|what happens|what's the (ruling|interaction)|"
            r"what is the (ruling|interaction)|what about)\b",
            ask,
        )
    )


_COLORED = r"\bcolou?red mana\b"
_ANY_COLOR = r"\b(any|every|each) colou?r\b|\ball (five |5 )?colou?rs\b"
_SENTENCE_END = lazy(r"[.!?;:](?=\s|$)")
_LEAD_IN = lazy(r"\W*((so|and|but|then|ok|okay|well|q|question|also|now)\W+){0,2}|.*,\s*")


def _asked_directly(q: Question, *patterns: str) -> bool:
    """Whether a "what/which" phrase asks the question, not a clause of a statement ("it
    prompts for what color mana is produced"): it opens its sentence or a clause, or its
    sentence ends in a question mark."""
    text = q.lower
    for pattern in patterns:
        for found in compiled(pattern).finditer(text):
            start = max(
                (m.end() for m in _SENTENCE_END.finditer(text, 0, found.start())), default=0
            )
            end = _SENTENCE_END.search(text, found.end())
            if end is not None and end.group(0) == "?":
                return True
            if _LEAD_IN.fullmatch(text[start : found.start()]):
                return True
    return False


# An amount of mana ("3 colorless mana", "two blue", "{C}{C}"): a question about how much,
# which a yes/no about the type of mana doesn't answer.
_STATED_AMOUNT = lazy(
    r"\b(\d+|two|three|four|five|six|seven|eight|nine|ten|twice|double|triple)\s+"
    r"(colou?rless|white|blue|black|red|green|mana)\b"
    r"|(\{[wubrgc]\}){2,}|\b([wubrgc])\4{1,}\b"
)


def _claimed_amount(text: str) -> tuple[int, ManaType | None] | None:
    """The one amount of mana a yes/no question states ("tap for three mana", "two black
    mana", "{C}{C}{C}"), with its type if it names one; None when it states none or several."""
    found: set[tuple[int, ManaType | None]] = set()
    for m in re.finditer(
        r"\b(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
        r"(?:(?P<t>colou?rless|white|blue|black|red|green)\b(?:\s+mana\b)?|mana\b)"
        r"|\btaps? for (?P<m>\d+|two|three|four|five|six|seven|eight|nine|ten)\b"
        r"(?!\s+(?:colou?rless|white|blue|black|red|green|mana)\b)"
        r"|(?P<s>(?:\{[wubrgc]\}){2,})",
        text,
    ):
        if m.group("s"):
            letters = set(re.findall(r"[wubrgc]", m.group("s")))
            if len(letters) != 1:
                return None
            found.add((len(re.findall(r"\{", m.group("s"))), ManaType(letters.pop().upper())))
            continue
        word = m.group("n") or m.group("m")
        n = int(word) if word.isdigit() else load_lexicon().numbers[word]
        kind = m.group("t")
        found.add((n, _TYPE_WORDS[kind.replace("colourless", "colorless")] if kind else None))
    if len(found) != 1:
        return None
    return found.pop()


# "Does Fellwar Stone look at my lands?", "does it care about my opponent's lands": whose lands.
_LOOKS_AT = lazy(
    r"\b(?P<only>only\s+)?(look|looks|check|checks|care|cares|count|counts|see|sees)\s+"
    r"(at\s+|about\s+)?(?P<only2>only\s+)?(?P<whose>my|his|her|their|its|(?:my |the |an? )?opponent'?s'?)"
    r"\s+(?P<own>own\s+)?(other\s+)?lands?\b"
    # Nothing after the lands ("in their hand" is another zone's cards).
    r"(?=\s*(too|as well|also|at all|instead)?\s*[?.!]*\s*$)"
)
# "Is the mana from Birds of Paradise colored?", "does Sol Ring's mana count as colorless?"
_MANA_IS = lazy(
    r"^\W*(is|are|does|do|would|will)\b[^?]{0,40}?\bmana\b[^?]{0,25}?\b"
    r"(counts? as |considered |be |always )?(?P<what>colou?rless|colou?red|white|blue|black|red|"
    r"green)( mana)?\W*$"
)
# "Is Birds of Paradise a green source?", "does Ancient Tomb count as a colored source?":
# whether it could produce some mana of that kind.
_SOURCE = lazy(
    r"^\W*(is|are|does|do|would|will)\b[^?]{0,40}?\b(counts? as |considered |be )?an? "
    r"(?P<what>colou?rless|colou?red|white|blue|black|red|green) (mana )?source\W*$"
)
# "make any mana", "tap for anything", "produce mana at all": a yes/no about any type of mana.
_ANY_MANA = (
    r"\b(make|makes|produce|produces|add|adds|give|gives|generate|generates|get)\s+"
    r"(any|some)\s+mana\b",
    r"\b(tap|taps) for (any mana|anything)\b",
    r"\b(make|makes|produce|produces|add|adds|give|gives|generate|generates) anything\b",
    r"\bmana at all\b",
    # "can my Gaea's Cradle still tap for mana?": the permanent itself tapping for mana.
    r"\bCARD'?s?\s+(still\s+|even\s+)?(tap|taps|make|makes|produce|produces) (for )?mana\b",
)
# What decides whether a permanent can be tapped now rather than what it could produce: the
# turn it came under its controller's control, a change of control, or its being tapped.
_TAP_NOW_WORDS = lazy(
    r"\bturns?\b|\bsummon|\bsick|\bhaste\b|\b(stole|steal\w*|stolen|took|gain\w*|gets?) "
    r"control\b|\bcontrol of\b|\benter|\bjust (played|cast|dropped)\b|\bplay(ed|s)? (it|them)\b"
)
_TAPPED_STATE = lazy(
    r"\b(?:is|are|was|were|be|been|being|already|all|got|gets?|stays?|remains?|still)\s+"
    r"(?:all\s+|still\s+|already\s+)?tapped\b(?!\s+for\b)|'(?:s|re)\s+(?:all\s+)?tapped\b"
    r"(?!\s+for\b)|\btapped (?:out|down)\b"
)
_WORD_BOUNDARY = lazy(r"[.;:!?]|\b(?:and|but|while|when|if|so)\b")
_STATE_BOUNDARY = lazy(r"[.,;:!?]|\b(?:and|but|while|when|if|so)\b")
_OTHERS_WORDS = lazy(r"\b(opponent'?s?|opponents'?|their|his|her|he|she)\b")
_PRONOUN_ONLY = lazy(r"\W*(they|they're|they are|them|all of them|all)\W*")


_ON_BATTLEFIELD = lazy(
    r"\b(battlefield|in play|on the (board|field|table)|out|resolved|resolves|entered|enters|"
    r"cast|casting)\b"
)


def _off_its_zone(q: Question, subject: CardMention) -> bool:
    """'Elvish Spirit Guide is on the battlefield, can it make green?': its mana abilities
    work only from the hand ("Exile this creature from your hand"), and the question puts it
    elsewhere (113.6m)."""
    mana = [a for a in subject.abilities() if isinstance(a, Activated) and a.mana is not None]
    bound = bool(mana) and all(
        any(re.search(r"\bfrom your (hand|graveyard)\b", part, re.I) for part in a.cost.other)
        for a in mana
    )
    return bound and not q.has(r"\bhand\b") and bool(_ON_BATTLEFIELD.search(q.lower))


def _tap_now(q: Question, board: _Board, subject: CardMention) -> bool:
    """Whether the question says something that decides if ``subject`` can be tapped now: a
    turn, a change of control, or that it is tapped. Others' lands being tapped don't count:
    "could produce" doesn't care whether they are (106.7)."""
    text = re.sub(r"\([^()]*\)", " ", q.text.casefold())
    animated = re.search(
        r"(?<!n't )(?<!not )(?<!never )\b(animat\w*|becom\w*|turn\w* into|crew\w*)\b"
        # "activated it so it's a 2/2": a size makes it a creature.
        r"|\b(it'?s|it is|is now|it's now) an? \d+/\d+\b",
        text,
    )
    made = any(makes_it_creature(m, subject) for m in q.cards)
    if ("Creature" in subject.card.types or animated or made) and _TAP_NOW_WORDS.search(text):
        # Only a creature's {T} waits for its controller's turn to begin (302.6).
        return True
    mine = all(p.controller == YOU for p in board.perms if p.name == subject.name)
    if not mine and re.search(
        r"\b(can|could|do|will|would|may|should) (i|we)\b|\b(i|we) (tap|get|use|activate)\b"
        r"|\bfor (me|us)\b",
        q.asked,
    ):
        # "Can I get mana from my opponent's Elves?": only its controller activates it.
        return True
    for hit in _TAPPED_STATE.finditer(text):
        start = max((b.end() for b in _STATE_BOUNDARY.finditer(text, 0, hit.start())), default=0)
        said = text[start : hit.start()]
        if not re.search(r"\w", said):
            # "my opponent's only land, an Island, is tapped": the subject before the aside.
            start = max((b.end() for b in _WORD_BOUNDARY.finditer(text, 0, hit.start())), default=0)
            said = text[start : hit.start()]
        sentence = _sentence_before(text, hit.start())
        # "an Island that's tapped", "my Forest is tapped": another permanent, named.
        named = any(
            m.name != subject.name and m.name.casefold() in said for m in q.cards
        ) and not re.search(r"\b(lands|all|everything|permanents|both)\b", said)
        others = (
            _OTHERS_WORDS.search(said)
            or (_PRONOUN_ONLY.fullmatch(said) and _OTHERS_WORDS.search(sentence))
            or named
        )
        if (
            mine
            and others
            and subject.name.casefold() not in said
            and not re.search(r"\b(it|it's|this)\b|^\W*that\W*$", said)
        ):
            continue
        return True
    return False


_TYPE_NAMES = r"(colou?rless|white|blue|black|red|green|\{[wubrgc]\})"
_MAKE_VERBS = r"(tap\w*|produc\w*|mak\w*|add\w*|giv\w*|generat\w*)"
_ONLY_TYPE = (
    rf"\bonly (?:{_MAKE_VERBS}\s+)?(?:for\s+)?(?:one\s+)?(?:mana of\s+)?{_TYPE_NAMES}",
    rf"\b{_MAKE_VERBS}\s+(?:for\s+)?only\s+(?:for\s+)?(?:one\s+)?{_TYPE_NAMES}",
)


def _asked_types(q: Question) -> set[ManaType]:
    found: set[ManaType] = set()
    for word, t in _TYPE_WORDS.items():
        pattern = re.escape(word) if word.startswith("{") else rf"\b{word}\b"
        if q.has(pattern):
            found.add(t)
    return found


def _asking_part(q: Question) -> str | None:
    """The asked sentence from its last asking verb on (None if it has none): "I tapped it for
    {G}, can I also tap it for convoke?" states the {G} and asks from "can"."""
    modals = list(re.finditer(r"\b(can|could|does|do|will|would|is|should)\b", q.asked))
    return q.asked[modals[-1].start() :] if modals else None


def _asked_type(q: Question) -> ManaType | None:
    # A symbol is asked from the asking verb on, as a letter is (see _asked_letter).
    asking = _asking_part(q)
    if asking is None:
        asking = q.lower
    for word, t in _TYPE_WORDS.items():
        if word.startswith("{") and word in asking:
            return t
        if not word.startswith("{") and q.has(rf"\b{word}\b"):
            return t
    return None


# A bare mana letter where a type of mana goes ("tap it for B", "take it as G"); "u" is read
# as "you" before the family sees it, so blue is looked for as a capital "You" in the text.
_BLUE_LETTER = lazy(
    r"\b(?:for|as|be|get|take|make|add|produce|pick|choose|into|extra|another|give me|gives me) You\b"
)
_TYPE_AT = lazy(
    r"\b(colou?rless|white|blue|black|red|green)\b|\{([wubrgc])\}|\b(?:for|as|be|get|got|"
    r"take|make|makes|made|add|adds|added|produce|produces|produced|pick|choose|into|extra|"
    r"additional|another|one|an?|give me|gives me)\s+\{?([wbrgc])\}?(?!['\w])"
)
# "I tap Deathcap Glade for B", "tapped it for black mana", "tap a basic Island for blue": the
# mana that tapping made.
_TAPPED_FOR_TYPE = lazy(
    r"\btap(?:s|ped|ping)?\s+(?:(?:CARD|it|that|this|the \w+|my \w+|a \w+|"
    r"(?:a|an|my|the|one|his|her|their) \w+ CARD)\s+)?for\s+"
    r"(?:one |a |an |1 )?(?:\{?([wbrgc])\}?(?!['\w])|(colou?rless|white|blue|black|red|green)\b"
    r"|\{([wubrgc])\}|(you)\b)"
)


_LETTER_ASKED = lazy(
    r"\b(?:tap|taps|tapped|make|makes|produce|produces|add|adds|give|gives|generate|for)\s+"
    r"\{?([wbrgc])\}?(?!['\w])"
)


def _asked_letter(q: Question) -> ManaType | None:
    """'Can Tundra tap for B?': the one mana type the asked sentence names by its letter."""
    # From the asking verb on: "I tapped it for G, can I also tap it for convoke?" states
    # the G, it doesn't ask it.
    found = {m.group(1) for m in _LETTER_ASKED.finditer(_asking_part(q) or "")}
    return ManaType(found.pop().upper()) if len(found) == 1 else None


_TAP_VERB = lazy(r"\btap(s|ped|ping)?\b(?! for mana\b)")


def _types_in(text: str) -> set[ManaType]:
    """The mana types named in ``text`` (casefolded), as words, symbols or bare letters."""
    found: set[ManaType] = set()
    for m in _TYPE_AT.finditer(text):
        word, symbol, letter = m.groups()
        if word:
            found.add(_TYPE_WORDS[word])
        else:
            found.add(ManaType((symbol or letter).upper()))
    return found


def _tapped_for_types(q: Question) -> tuple[set[ManaType], str]:
    """The types a stated tapping made ("I tap the Glade for B"), and the asked sentence with
    those statements taken out, so what's left names only the types asked about."""
    blue_said = bool(_BLUE_LETTER.search(q.text)) or bool(
        re.search(r"\btap\w*\s+(?:\S+\s+){0,3}?for You\b", q.text)
    )
    made: set[ManaType] = set()
    for m in _TAPPED_FOR_TYPE.finditer(q.lower):
        letter, word, symbol, you = m.groups()
        if you:
            if blue_said:
                made.add(ManaType.U)
        elif word:
            made.add(_TYPE_WORDS[word])
        else:
            made.add(ManaType((letter or symbol).upper()))
    asked = _TAPPED_FOR_TYPE.sub(" ", q.asked)
    return made, asked


def _asked_trigger_types(q: Question) -> set[ManaType]:
    """The types asked of a trigger's mana, beside any stated tapping's own type."""
    _, asked = _tapped_for_types(q)
    found = _types_in(asked)
    if _BLUE_LETTER.search(q.text) and re.search(
        r"\b(?:as|be|get|take|make|add|produce|pick|choose|into|extra|another|give me|gives me) "
        r"you\b",
        asked,
    ):
        found.add(ManaType.U)
    return found


# "I pay the 2 for Coffers with two Plains": the mana maker's own activation cost, which
# doesn't change what it makes.
_OWN_COST_PAID = lazy(
    r"\b(pay|paid|paying) (the )?(\{?\d+\}?|mana|cost|activation cost)( cost)? (for|of|on) "
    r"(my |the )?(?P<card>CARD|\w+)( with (two |three |\d+ )?(my |the |a |an )?\w+)?"
)


# "I pay {B/R} and tap Graven Cairns": a filter land's own cost, paid as it is tapped.
_HYBRID_PAID = lazy(
    r"\b(pay|paid|paying|pays) (\{[wubrgc2]/[wubrgcp]\}\s*)+(,? and|,? then|to)? "
    r"(tap|taps|tapped|tapping|activate|activating) (my |the |a |an )?CARD\b"
)
# "tap Graven Cairns for {B}{R}", "choosing the {B}{R} option": all the mana an ability with
# several options is activated for.
_TOLD_OPTION = lazy(
    r"\b(?:for|choos\w*|chose|chosen|pick\w*|take|took|taking)\s+(?:the\s+)?"
    r"((?:\{[wubrgc]\}){2,})"
)


# "tap Graven Cairns for BR": the option in capital letters without braces.
_TOLD_LETTERS = lazy(
    r"\b(?:for|choos\w*|chose|chosen|pick\w*|take|took|taking)\s+(?:the\s+)?([WUBRGC]{2,3})\b"
)


def _told_option(q: Question) -> tuple[ManaType, ...] | None:
    """The one multi-mana option a stated tapping is said to make, if the text tells one."""
    found = {
        "".join(re.findall(r"\{([wubrgc])\}", m.group(1))) for m in _TOLD_OPTION.finditer(q.lower)
    } | {m.group(1).casefold() for m in _TOLD_LETTERS.finditer(q.text)}
    if len(found) != 1:
        return None
    return tuple(ManaType(c.upper()) for c in found.pop())


def _without_own_cost(q: Question) -> str:
    """The text without its statements of paying a named mana maker's own activation cost."""
    words = {w for m in q.cards for w in re.findall(r"[a-z]+", m.name.casefold()) if len(w) > 3}

    def drop(found: re.Match[str]) -> str:
        card = found.group("card")
        return (
            " "
            if card == "CARD" or card.removesuffix("s") in words or card in words
            else found.group(0)
        )

    return _HYBRID_PAID.sub(" ", _OWN_COST_PAID.sub(drop, q.lower))


# "how much green do I get?", "how much G": the amount of one type.
_HOW_MUCH_TYPE = (
    r"\bhow much (colou?rless|white|blue|black|red|green|\{[wubrgc]\}|[wbrgc](?!['\w]))"
    r"(?! or\b)"
)
_AMOUNT_WORD = r"(\d+|one|two|three|four|five|six|seven|eight)( mana)?"


# "What type can the extra mana be?", "what color is the additional mana from Resurgent?"
_WHAT_TYPE_EXTRA = (
    r"\b(what|which) (types?|colou?rs?|kinds?|sorts?)( of mana)? (can|could|is|will|would|does|do|"
    r"are|should)\b[^?.!]{0,30}\b(extra|additional|bonus|(the|its|that) trigger)\b",
    r"\b(what|which) (types?|colou?rs?|kinds?)( of mana)? (is|are|will be|would be|can be) "
    r"(the|that|this|my) (extra|additional|bonus|trigger\w*)\b",
    r"\b(what|which) (types?|colou?rs?|kinds?)( of mana)? (does|do|will|would|can) (the |its )?"
    r"trigger\b[^?.!]{0,20}\b(add|give|make|produce)\b",
)


# "What mana do I get when I tap it?", "what do I end up with?": what one tapping gives.
_WHAT_GOT = (
    r"\bwhat (kinds? of |types? of |colou?rs? of )?mana (do|does|will|would|did) "
    r"(i|you|we|he|she|they) (actually |really |then |now )?(get|end up with|have|make)\b",
    r"\bwhat (do|does|will|would|did) (i|you|we|he|she|they) (actually |really |then |now )?"
    r"(get|end up with)\b",
    r"\bwhat (mana )?(does|will|would|do) (it|that|this|CARD|the CARD|they) (make|produce|give|add)\b"
    r"(?= (me )?(when|if|now|then|here|with)\b)",
)


_SACRIFICE_BEFORE = lazy(r"\bsacrific\w*\s+(?:(?:my|the|a|an|that|this|his|her|their)\s+)?$", re.I)
_SACRIFICE_TO = lazy(
    r"^\s+(?:to|for|with|into|using|via|on)\s+(?:(?:my|the|a|an|his|her|their)\s+)?$", re.I
)


def _sacrifice_outlet(q: Question) -> tuple[CardMention, CardMention] | None:
    """'I sacrifice my Forest to Squandered Resources': the card whose mana ability (with no
    {T} in its cost) the named permanent is sacrificed to, and that permanent."""
    outlets = [
        m
        for m in q.cards
        if any(
            isinstance(a, Activated)
            and a.mana is not None
            and not a.cost.tap
            and any(re.match(r"sacrifice (a|an|another) ", o, re.I) for o in a.cost.other)
            for a in m.abilities()
        )
    ]
    for outlet in outlets:
        for m in q.cards:
            if m.name == outlet.name or m.end > outlet.start:
                continue
            if _SACRIFICE_BEFORE.search(q.text[: m.start]) and _SACRIFICE_TO.match(
                q.text[m.end : outlet.start]
            ):
                return outlet, m
    return None


def _colors_only(prod: ManaProduction) -> bool:
    """Whether an ability adds only colored mana, whatever is in play: colorless isn't a color
    (105.1), so "any color that a land could produce" never adds {C}."""
    if prod.choice in {"any_color", "different_colors"}:
        return True
    if prod.choice == "could_produce":
        return prod.could is not None and prod.could.kind == "color"
    if prod.choice in {"fixed", "one_of", "combination"}:
        return bool(prod.symbols) and all("C" not in s.upper() for s in prod.symbols)
    return False


def _never_colorless(q: Question, subject: CardMention) -> Callable[[], Ruling] | None:
    """'Can Fellwar Stone make colorless?' with no board: no, when each of its mana abilities
    adds only colored mana and no other card named could change what it makes."""
    if any(m.name != subject.name for m in q.cards) or q.has(
        r"\b(cop(y|ies)|becomes?|became|turn(s|ed)? into|gains?|gained|grant\w*)\b"
    ):
        # Another card, or an effect the text tells of, may change what it makes.
        return None
    abilities = subject.abilities()
    mana = [a for a in abilities if isinstance(a, Activated) and a.mana is not None]
    if not mana or any(a.mana is None or not _colors_only(a.mana) for a in mana):
        return None
    if any(
        isinstance(a, Activated) and a.mana is None and re.search(r"\badd\b", a.effect, re.I)
        for a in abilities
    ):
        return None
    name = subject.name

    def run() -> Ruling:
        note = (
            f"Each of {name}'s mana abilities adds only mana of a color, and colorless isn't "
            f"a color, so whatever else is in play {name} can’t make {{C}}."
        )
        return Ruling(
            verdict="no",
            steps=(
                Step(rule=Rule.MANA_COLORS, note="Colorless is not a color."),
                Step(rule=Rule.COULD_PRODUCE, note=note, card=name),
            ),
        )

    return run


# The predefined tokens that make mana, as CR 111.10a, 111.10c and 111.10h define them. Players
# say "a Treasure" of the token, and the name alone may resolve to a card that isn't a token.
_PREDEFINED_TOKENS = {
    "Treasure": (
        "Token Artifact — Treasure",
        "{T}, Sacrifice this token: Add one mana of any color.",
    ),
    "Gold": ("Token Artifact — Gold", "Sacrifice this token: Add one mana of any color."),
    "Powerstone": (
        "Token Artifact — Powerstone",
        "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
    ),
}
# "a Treasure", "two treasures", "a Gold token" ("gold" alone is a color word).
_TOKEN_WORDS = re.compile(r"\b(treasure|powerstone)(?=s?\b)|\b(gold)(?= tokens?\b)", re.I)


@cache
def _token_card(name: str) -> Card:
    type_line, text = _PREDEFINED_TOKENS[name]
    return Card.from_scryfall(
        {"name": name, "layout": "token", "type_line": type_line, "oracle_text": text}
    )


def _with_tokens(q: Question) -> Question:
    """The question with each predefined token it speaks of as a mention of that token: a
    card of the token's name that isn't a permanent (a theme card) stands for the token, and an unmarked
    "treasure" names one."""
    cards: list[CardMention] = []
    changed = False
    for m in q.cards:
        if m.name in _PREDEFINED_TOKENS and not m.card.types & _PERMANENT_TYPES:
            m = mention_for(_token_card(m.name), m.written, m.start, m.end)
            changed = True
        cards.append(m)
    for found in _TOKEN_WORDS.finditer(q.text):
        if any(m.start < found.end() and found.start() < m.end for m in cards):
            continue
        name = found.group(0).capitalize()
        cards.append(mention_for(_token_card(name), found.group(0), found.start(), found.end()))
        changed = True
    if not changed:
        return q
    built = Question.build(q.text, cards)
    if built.text != q.text:
        return q
    asked = _TOKEN_WORDS.sub("CARD", q.asked)
    return replace(built, raw=q.raw, asked=asked, board=q.board)


# A permanent said to be in play ("under Blood Moon", "with Magus of the Moon out"), and words
# that say it may not be ("in response to", "before it resolves", "got destroyed").
_IN_PLAY = (
    r"\bunder (my |your |his |her |their |an? |the )?(opponent'?s'? |opp'?s'? )?CARD\b",
    r"\bwith (my |your |his |her |their |an? |the )?(opponent'?s'? )?CARD\b",
    r"\bCARD('s| is| was)? (out|in play|on the battlefield|resolved|up|in effect)\b",
    r"\b(has|have|controls?|got) (a |an |the )?CARD\b",
)
_NOT_IN_PLAY = (
    r"\b(in response|respond\w*|before|casts?|casting|stack|leaves?|left|leaving|destroy\w*|"
    r"removed?|gone|exiled?|bounced?|sacrific\w*|no longer|anymore|again|until|after)\b"
)


# Stifle, Tale's End: a spell or ability that counters an activated ability.
_COUNTERS_ABILITY = lazy(r"\bcounter target (activated|triggered)( or triggered)? ability\b", re.I)


def _changer_and_land(q: Question) -> tuple[CardMention, CardMention] | None:
    """The one land-type changer and the one land a question names, and nothing else."""
    changers = [m for m in q.cards if m.of_kind("land_type_change")]
    lands = [m for m in q.cards if "Land" in m.card.types and m not in changers]
    if len({m.name for m in changers}) != 1 or len({m.name for m in lands}) != 1:
        return None
    if len({m.name for m in q.cards}) != 2 or _unread(q):
        return None
    return changers[0], lands[0]


class ManaHandler:
    """Mana production: could produce, undefined mana, tapped-for-mana triggers, the stack."""

    family = "mana"

    def scenarios(self, q: Question) -> list[Scenario]:
        q = _with_tokens(q)
        out = self._scenarios(q)
        unread = [
            f"whether “{m.written}” means the card {m.name}"
            for m in q.english_names
            if _changes_mana(m) and m.name not in {c.name for c in q.cards}
        ] + _unplaced(q)
        if unread:
            # "with contamination out": a card that would change the answer, written as an
            # English word, is never left out of the position.
            return [replace(s, run=_missing(*unread[:2])) for s in out]
        changed = _control_changed(q)
        if changed:
            # "my opponent stole my Forest with Annex": the owner words no longer say whose it is.
            return [replace(s, run=_missing(changed)) if s.name in _PRODUCING else s for s in out]
        unsure = _copied(q) or _corrected_tap(q) or _entered_after_tap(q)
        if unsure:
            return [replace(s, run=_missing(unsure)) if s.name in _PRODUCING else s for s in out]
        gone = _left_play(q)
        if gone:
            # "I had Mana Reflection but it got destroyed": a told removal isn't in the position.
            return [replace(s, run=_missing(gone)) if s.name in _PRODUCING else s for s in out]
        ask_at = _question_start(q.text)
        restricted = _restricted_asked(q, ask_at)
        if restricted:
            return [
                replace(s, run=_missing(restricted)) if s.name in _PRODUCING else s for s in out
            ]
        unmade = [
            f"what mana {m.name}'s ability adds"
            for m in q.cards
            if m.start >= ask_at and _unread_mana_ability(m)
        ][:1]
        if unmade:
            # "What mana do I get from tapping Bloom Tender?": an ability whose mana isn't read
            # makes none in the position, so what is made is never ruled from it.
            return [replace(s, run=_missing(*unmade)) if s.name in _PRODUCING else s for s in out]
        return out

    def _scenarios(self, q: Question) -> list[Scenario]:
        out: list[Scenario] = []
        open_question = _open_question(q)
        for build in (
            self._new_token,
            self._tapped_source,
            self._card_ability,
            self._stack,
            self._undefined,
            self._is_color,
            self._type_change_on,
            self._type_change_activate,
            self._spell_stack,
            self._spell_mana_ability,
            self._generic,
            self._tapped_meaning,
            self._trigger_no_mana,
            self._trigger_on_board,
            self._amount,
            self._stated_amount,
            self._multiplier,
            self._order,
            self._amount_claim,
            self._tap_result,
            self._sacrificed_land,
            self._could,
            self._looks_at,
            self._mana_is,
        ):
            s = build(q)
            if s is not None and not (
                (open_question or q.has(r"\bhow (much|many)\b")) and s.kind == "yesno"
            ):
                out.append(s)
        return out

    def _new_token(self, q: Question) -> Scenario | None:
        """'I got a Treasure this turn; can I sacrifice it for mana right away?': a token
        artifact's mana ability, the turn it was made (302.6 restricts only creatures)."""
        tokens = [m for m in q.cards if m.name in _PREDEFINED_TOKENS]
        if len({m.name for m in tokens}) != 1 or len(q.cards) > len(tokens) + 2:
            return None
        if not q.asks(
            r"\b(can|could|may) (i|we|you|he|she|they)\b[^?.!]{0,20}\b(sacrific\w*|use|tap|crack|"
            r"pop|activate)\b"
        ) or not q.has(
            r"\b(right away|immediately|straight away|this turn|same turn|the turn|yet|right now)\b"
        ):
            return None
        if q.has(r"\b(animat\w*|becom\w*|creature|haste|tapped|untap\w*|opponent\w*|steal\w*)\b"):
            return None
        token = tokens[0]
        ability = next(
            (a for a in token.abilities() if isinstance(a, Activated) and a.mana is not None),
            None,
        )
        if ability is None:
            return None
        made = replace(_permanent(token, YOU, 0), token=True, since_turn_start=False)
        state = GameState(battlefield=(made,))

        def run() -> Ruling:
            return tapping.can_activate(state, made.name, ability)

        return Scenario("mana.new_token", "yesno", 0.86, run, (token.name,))

    def _tapped_source(self, q: Question) -> Scenario | None:
        """'My Gold token got tapped; can I still sacrifice it for mana?': a tapped permanent's
        mana ability can be activated unless {T} is in its cost (107.5)."""
        if not q.has(r"\btapped\b") or q.has(r"\buntap\w*\b", r"\btapped for\b"):
            return None
        if not q.asks(
            r"\b(can|could|may) (i|we|you|he|she|they)\b[^?.!]{0,20}\b(sacrific\w*|sac|use|"
            r"crack|pop|activate)\b[^?.!]{0,30}\bmana\b"
        ):
            return None
        sources = {m.name: m for m in q.cards if _makes_mana(m)}
        if len(sources) != 1 or _unread(q):
            return None
        source = next(iter(sources.values()))
        if any(
            re.search(
                r"\bactivated abilit|\bcan't be activated|\bto activate\b", m.card.oracle_text
            )
            for m in q.cards
            if m.name != source.name
        ):
            return None
        abilities = [a for a in source.abilities() if isinstance(a, Activated) and a.mana]
        if len(abilities) != 1 or abilities[0].cost.untap:
            return None
        ability = abilities[0]
        tapped = replace(
            _permanent(source, YOU, 0), tapped=True, token=source.name in _PREDEFINED_TOKENS
        )
        state = GameState(battlefield=(tapped,))

        def run() -> Ruling:
            if ability.cost.tap:
                return tapping.can_activate(state, tapped.name, ability)
            step = Step(
                rule=Rule.TAP_SYMBOL,
                note=f"{{T}} isn't part of the cost of {tapped.name}'s mana ability, so being "
                "tapped doesn't stop it: only a {T} cost needs the permanent untapped.",
            )
            return Ruling(verdict="yes", steps=(step,))

        return Scenario("mana.tapped_source", "yesno", 0.86, run, (source.name,))

    # -- card-independent ------------------------------------------------------
    def _stack(self, q: Question) -> Scenario | None:
        about_mana = q.has(r"\bmana abilit", r"\btap\w* [^?]{0,30}for mana\b", r"\bfor mana\b") or (
            q.card_with("tapped_for_mana_trigger") is not None and q.has(r"\btrigger")
        )
        stack = q.has(
            r"\b(use|uses|using|go|goes|going|put|placed|on|onto|skip|skips|bypass\w*)\b"
            r"[^?]{0,15}\bstack\b"
        )
        respond = q.has(
            r"\b(respond|responded|responding) to\b",
            r"\bbe responded\b",
            # The verb, not a +1/+1 or charge counter.
            r"(?<!\d )(?<!\w )\bcounter(ed)?\b(?! on\b)",
            r"\b(be|it|them|can't|cannot|you|i|they) counter(ed)?\b",
            r"\bcounter (my|your|their|a|an|the|it|this|that|mana)\b",
            r"\bstifle",
        )
        # "Can I Stifle it?": a card that counters abilities, named where the verb stands.
        counterer = any(_COUNTERS_ABILITY.search(m.card.oracle_text) for m in q.cards) and q.asks(
            r"\b(i|you|we|he|she|they) (still |just )?CARD\b"
        )
        if not about_mana or not (stack or respond or counterer):
            return None
        if q.has(r"\bin response\b", r"\bwhile\b[^?]{0,30}\bon the stack\b") and not (
            counterer or q.asks(r"\bstifle", r"\bcounter(ed)?\b(?! on\b)")
        ):
            # "Can I tap Llanowar Elves for mana in response?" asks about timing, not the stack;
            # "he cracked it in response, can I Stifle it?" still asks whether it can be countered.
            return None
        if q.has(r"\bstorm\b", r"\bsplit second\b") or _mana_spells(q):
            # "Is Dark Ritual a mana ability or does it use the stack?": a spell that adds mana
            # isn't a mana ability at all (605.5b); what a mana ability does isn't the answer.
            return None
        for m in q.cards:
            for a in m.abilities():
                if (
                    isinstance(a, Activated)
                    and a.mana is None
                    and re.search(r"\badd\b", a.effect, re.I)
                ):
                    return Scenario(
                        "mana.stack",
                        "yesno",
                        0.9,
                        _missing(
                            f"whether {m.name}'s ability is a mana ability (an ability that targets "
                            "isn't one)"
                        ),
                        (m.name,),
                    )
        trigger_card = q.card_with("tapped_for_mana_trigger")
        triggered = trigger_card is not None or q.has(r"\btriggered mana abilit")
        if q.has(r"\btrigger") and not triggered:
            return None
        invert = q.has(
            r"\b(skip|skips|bypass|bypasses|avoid|avoids)\b[^?]{0,15}\bstack\b",
            r"\b(don't|doesn't|do not|does not|never|not)\b[^?]{0,15}\b(use|go on|go to|use up)\b"
            r"[^?]{0,10}\bstack\b",
            r"\bwithout (using|going on) the stack\b",
            r"\bresolve (immediately|right away|instantly)\b",
        )
        kind: Literal["activated", "triggered"] = "triggered" if triggered else "activated"
        names = tuple(m.name for m in q.cards)

        def run() -> Ruling:
            r = mp.mana_ability_uses_stack(kind)
            return _flip(r) if invert else r

        return Scenario("mana.stack", "yesno", 0.9, run, names)

    def _card_ability(self, q: Question) -> Scenario | None:
        """'Is Deathrite Shaman's first ability a mana ability?', 'Can my opponent respond to
        Springleaf Drum's ability?', 'Does Overgrowth's trigger use the stack?'"""
        is_mana = q.asks(r"\b(is|are)\b[^?]{0,60}\b(a |an )?mana abilit(y|ies)\s*\??$")
        # "The copy showed on the stack": the stack named in a report, not asked about.
        stack = _asked_directly(
            q, r"\b(use|uses|using|go|goes|going|put|placed|on|onto)\b[^?]{0,15}\bstack\b"
        )
        respond = q.asks(
            r"\b(respond|responded|responding) to CARD'?s?'?\b",
            r"\bbe (responded|countered|stifled)\b",
            r"\bcounter CARD'?s?'?\b",
        )
        if not (is_mana or stack or respond):
            return None
        if q.has(
            r"\b(skip|skips|bypass\w*|avoid\w*|without)\b",
            r"\b(don't|doesn't|do not|does not|never|not)\b[^?]{0,15}\b(use|go)\b",
            r"\bin response\b",
            r"\bstorm\b",
            r"\bsplit second\b",
            r"\b(me|you|him|her|them|i) tap",
        ):
            return None
        owners = [
            m
            for m in q.cards
            if re.match(r"'s?\b|s'", q.text[m.end : m.end + 2]) or re.search(r"'s?$", m.written)
        ]
        if (
            not owners
            and len({m.name for m in q.cards}) == 1
            and q.has(r"\babilit", r"\btrigger")
            and not q.has(r"\b(cast|casting|spell|play|playing|resolve|enter|enters)\b")
        ):
            # "Does the ability of Overgrowth use the stack?": the one card named. Without
            # "ability" the question may be about the card as a spell, which does use it.
            owners = q.cards[:1]
        if len({m.name for m in owners}) != 1:
            return None
        card = owners[0]
        listed = [a for a in card.abilities() if isinstance(a, Activated | TappedForManaTrigger)]
        ordinal = re.search(r"\b(first|second|third|1st|2nd|3rd|last)\b", q.lower)
        if ordinal:
            index = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2}.get(
                ordinal.group(1), len(listed) - 1
            )
            picked = listed[index : index + 1]
        elif q.has(r"\btrigger"):
            picked = [a for a in listed if isinstance(a, TappedForManaTrigger)]
        elif q.has(r"\bmana abilit"):
            picked = [a for a in listed if mp.classify_ability(a) not in {"no_mana", "loyalty"}]
        else:
            picked = listed
        kinds = {mp.classify_ability(a) for a in picked}
        if len(kinds) != 1 or (_unread(q) and not ordinal):
            return None
        kind = kinds.pop()
        if kind is None:
            return None
        name = card.name
        if is_mana:

            def run_is() -> Ruling:
                return mp.is_mana_ability(name, kind)

            return Scenario("mana.is_mana_ability", "yesno", 0.92, run_is, (name,))

        def run_stack() -> Ruling:
            return mp.ability_uses_stack(name, kind)

        return Scenario("mana.ability_stack", "yesno", 0.92, run_stack, (name,))

    def _mana_is(self, q: Question) -> Scenario | None:
        """'Is the mana from Birds of Paradise colored?', 'does a Powerstone's mana count as
        colorless?': whether every type of mana the permanent could produce is of that kind."""
        source = _SOURCE.search(q.asked)
        found = _MANA_IS.search(q.asked) or source
        if found is None or q.has(*_COST_WORDS) or _unread(q):
            return None
        board = _read_board(q)
        subject = board.subject
        if subject is None or not _makes_mana(subject) or _needs(board):
            return None
        if _off_its_zone(q, subject):
            return None
        if any(
            m.of_kind("tapped_for_mana_trigger")
            or m.of_kind("mana_doubling")
            or m.of_kind("mana_replacement")
            for m in q.cards
        ):
            # Another card's mana on top of the permanent's: which mana is meant isn't said.
            return None
        word = found.group("what").replace("colour", "color")
        wanted = (
            frozenset({ManaType.C})
            if word == "colorless"
            else frozenset(t for t in ManaType if t.is_color)
            if word == "colored"
            else frozenset({_TYPE_WORDS[word]})
        )
        if not any(p.name == subject.name for p in board.perms):
            board.perms.append(_permanent(subject, YOU, 0))
        state = _state(q, board.perms)
        name = subject.name

        def run() -> Ruling:
            types, ruling = mp.could_produce(state, name)
            if ruling.verdict is None or not types:
                return ruling.model_copy(update={"verdict": None})
            if source is not None:
                # A source of a kind of mana is a permanent that could produce some of it.
                yes = bool(types & wanted)
                note = f"So {name} {'is' if yes else 'isn’t'} a source of {word} mana."
                colors = (
                    (Step(rule=Rule.MANA_COLORS, note="Colorless is not a color."),)
                    if word in ("colored", "colorless")
                    else ()
                )
                return ruling.model_copy(
                    update={
                        "verdict": "yes" if yes else "no",
                        "steps": (*ruling.steps, *colors, Step(rule=Rule.COULD_PRODUCE, note=note)),
                    }
                )
            if types <= wanted:
                yes = True
            elif not types & wanted:
                yes = False
            else:
                return ruling.model_copy(
                    update={
                        "verdict": None,
                        "missing": (
                            f"which of the types it can make you mean: {name} can make "
                            + " ".join(f"{{{x}}}" for x in sort_types(types)),
                        ),
                    }
                )
            note = f"So the mana {name} makes {'is' if yes else 'isn’t'} {word}."
            return ruling.model_copy(
                update={
                    "verdict": "yes" if yes else "no",
                    "steps": (
                        *ruling.steps,
                        Step(rule=Rule.MANA_COLORS, note="Colorless is not a color."),
                        Step(rule=Rule.COULD_PRODUCE, note=note),
                    ),
                }
            )

        return Scenario("mana.mana_is", "yesno", 0.85, run, board.names)

    def _type_change_on(self, q: Question) -> Scenario | None:
        """'Does Blood Moon affect Dryad Arbor?': whether a land-type change applies to the
        one land named (305.7)."""
        if not q.asks(
            r"^\W*(does|do|will|would|is|are)\b[^?]*\b(affect|affects|affected|hit|hits|"
            r"apply to|applies to|work on|works on|change|changes)\b"
        ) or q.has(r"\binto\b", r"\bhow\b", r"\b(tap|taps|tapped|tapping)\b"):
            return None
        pair = _changer_and_land(q)
        if pair is None:
            return None
        source, land = pair
        text = q.text.casefold()
        perms = [
            _permanent(source, _controller(text, source), 0),
            _permanent(land, _controller(text, land), 0),
        ]
        if source.name == land.name:
            return None
        state = _state(q, perms)

        def run() -> Ruling:
            return mp.land_type_change_applies(state, land.name, source.name)

        return Scenario("mana.land_type_change", "yesno", 0.85, run, (source.name, land.name))

    def _type_change_activate(self, q: Question) -> Scenario | None:
        """'Under Blood Moon, can I still animate Mutavault?': a land whose type an effect sets
        loses the abilities of its rules text, so it can't activate them (305.7)."""
        if (
            not q.asks(r"\b(can|could|may)\b[^?]{0,30}\b(activate|use|animate|make|turn|become)\b")
            or not q.asks(
                r"\b(creature|\d+/\d+|animat\w*|becom\w*|make (it|CARD) an?|turn (it|CARD) into|"
                r"abilit(y|ies))\b"
            )
            or q.asks(r"\bmana\b", r"\btap\w* for\b", r"\badd\w*\b")
        ):
            return None
        pair = _changer_and_land(q)
        if pair is None:
            return None
        source, land = pair
        if not any(isinstance(a, Activated) and a.mana is None for a in land.abilities()):
            return None
        if q.has(_NOT_IN_PLAY) or not q.has(*_IN_PLAY):
            # "in response to Blood Moon", "Blood Moon got destroyed": its effect may not apply.
            return None
        text = q.text.casefold()
        perms = [
            _permanent(source, _controller(text, source), 0),
            _permanent(land, _controller(text, land), 0),
        ]
        state = _state(q, perms)

        def run() -> Ruling:
            return mp.own_ability_after_type_change(state, land.name)

        return Scenario(
            "mana.land_type_change_ability", "yesno", 0.85, run, (source.name, land.name)
        )

    def _spell_stack(self, q: Question) -> Scenario | None:
        """'Does Dark Ritual use the stack?': a spell that adds mana is cast like any spell."""
        if not q.asks(
            r"\b(use|uses|using|go|goes|going|put|placed|on|onto)\b[^?]{0,15}\bstack\b",
            r"\b(respond|responded|responding) to\b",
            r"\bbe (responded|countered)\b",
        ) or q.has(r"\b(skip|bypass\w*|without|not|never)\b", r"\babilit", r"\bsplit second\b"):
            # Split second on the stack: no spell can be cast then at all.
            return None
        spells = _mana_spells(q)
        if len(spells) != 1 or len({m.name for m in q.cards}) != 1:
            return None
        name = spells[0].name
        return Scenario(
            "mana.spell_stack", "yesno", 0.9, lambda: mp.spell_uses_stack(name), (name,)
        )

    def _spell_mana_ability(self, q: Question) -> Scenario | None:
        """'Is Manamorphose a mana ability?', 'Can I cast Dark Ritual while paying for my
        spell?': a spell that adds mana is no mana ability, so not cast mid-payment (605.5b)."""
        spells = _mana_spells(q)
        if len({m.name for m in spells}) != 1:
            return None
        is_mana = q.asks(
            r"^\W*(is|isn't|does)\b[^?]{0,40}\b(a |an )?(count as (a )?)?mana abilit(y|ies)\s*\??$"
        )
        mid_payment = q.asks(
            r"\b(cast|play)\w*\b[^?]{0,40}\b(while|during|when|mid|in the middle of)\b[^?]{0,25}"
            r"\b(pay|paying|casting|cast)\b"
        )
        # "while paying for Necropotence" may name the other spell; a mana ability asked of
        # one card is asked of it alone.
        alone = len({m.name for m in q.cards}) == 1
        if not ((is_mana and alone) or mid_payment) or q.has(
            r"\b(copy|copies|storm|flash|stack)\b"
        ):
            return None
        name = spells[0].name
        return Scenario(
            "mana.spell_mana_ability",
            "yesno",
            0.9,
            lambda: mp.spell_mana_ability(name, mid_payment=mid_payment),
            (name,),
        )

    def _generic(self, q: Question) -> Scenario | None:
        """'Is {C} the same as generic mana?'"""
        if not q.asks(
            r"\b(is|are)\b[^?]{0,10}(colou?rless|\{c\})( mana)? (the same( thing)? as|equal to)"
            r"( a| an)? generic\b",
            r"\b(is|are)\b[^?]{0,10}\bgeneric( mana)? (the same( thing)? as|equal to) "
            r"(colou?rless|\{c\})",
        ):
            return None
        return Scenario("mana.colorless_generic", "yesno", 0.9, mp.colorless_is_generic, ())

    def _is_color(self, q: Question) -> Scenario | None:
        m = re.search(
            r"\bis (colou?rless|white|blue|black|red|green|\{[wubrgc]\}) (mana )?(a|one of the) "
            r"colou?rs?\b",
            q.lower,
        )
        if m is None:
            return None
        word = m.group(1).replace("colourless", "colorless")
        mana = _TYPE_WORDS[word]
        return Scenario("mana.is_color", "yesno", 0.9, lambda: mp.is_color(mana), ())

    def _undefined(self, q: Question) -> Scenario | None:
        if not q.has(
            r"\bundefined\b",
            r"\bno type (of mana )?(can be |is )?defined\b",
            r"\btype (of mana )?(isn't|is not|can't be|cannot be) defined\b",
        ):
            return None
        if not q.has(r"\bmana\b", r"\bproduc"):
            return None
        return Scenario("mana.undefined", "types", 0.9, mp.undefined_mana, ())

    @staticmethod
    def _action(q: Question) -> mp.TapAction | None:
        if _sacrifice_outlet(q) is not None:
            # Sacrificing a land to Squandered Resources activates the outlet's ability, which
            # has no {T}: the land isn't tapped at all.
            return "mana_ability_no_tap"
        if q.fuzzy_has("convoke") or q.has(r"\bconvok"):
            return "convoke"
        if q.has(r"\bcrew(s|ed|ing)?\b"):
            return "crew"
        if q.has(r"\bimprovis"):
            return "tap_others"
        if q.has(r"\battack(s|ed|ing)?\b"):
            return "attack"
        payer = [
            m
            for m in q.cards
            if any(isinstance(a, Activated) and a.cost.tap_others for a in m.abilities())
        ]
        tapped_creature = q.has(r"\b(creature|elf|elves|dork|guy)s?\b") or any(
            "Creature" in m.card.types for m in q.cards if m not in payer
        )
        if q.has(r"\btap an untapped creature\b") or (payer and tapped_creature):
            # Springleaf Drum: the creature tapped to pay its cost isn't tapped for mana; the
            # Drum itself is.
            return "tap_others"
        if q.has(
            r"\btapped by (a |an |the )?(spell|effect|ability|CARD)\b",
            r"\b(becomes|gets|got|became) tapped\b",
            r"\btap (it|them) (down )?with\b",
            # Not "tap a Swamp with Crypt Ghast out": that card is in play, not the tapper.
            r"\btaps? (my|your|a|an|the) \w+ with\b(?! (my |a |an |the )?\w+ (out|in play|on the "
            r"(battlefield|board|field)|around|down|up|active|around)\b)",
        ) or (
            q.has(r"\bwith CARD\b[^?]{0,30}\btap")
            and any(
                isinstance(a, Activated) and re.search(r"\btap target\b", a.effect, re.I)
                for m in q.cards
                for a in m.abilities()
            )
        ):
            return "effect"
        for m in q.cards:
            activated = [a for a in m.abilities() if isinstance(a, Activated)]
            taps = [a for a in activated if a.cost.tap]
            if (
                taps
                and all(a.mana is None for a in activated)
                and not any(re.search(r"\bmana\b|\badd\b", a.effect, re.I) for a in activated)
            ):
                # Doubling Cube's ability makes mana without saying "add": not this case.
                # "Does tapping Icy Manipulator count as tapping it for mana?"
                return "non_mana_ability"
        return None

    def _tapped_meaning(self, q: Question) -> Scenario | None:
        """'Is tapping a creature for convoke tapping it for mana?' and the triggers/replacements
        that hang on it."""
        action = self._action(q)
        cares = (
            q.card_with("tapped_for_mana_trigger")
            or q.card_with("mana_doubling")
            or q.card_with("mana_replacement")
        )
        # "No prompt for mana payment" isn't tapping anything for mana.
        if not q.has(r"\btap\w*\b[^.?!]{0,40}\bfor mana\b", r"\bmana abilit") and cares is None:
            return None
        if action == "attack" and not q.has(
            r"\btap", r"\bmana\b", r"\btrigger", r"\bgo(es)? off\b", r"\bfire", r"\{"
        ):
            # Tapping family: "Can the land creature attack?" beside Nissa never speaks of tapping,
            # mana or a trigger, so it doesn't ask about the card's tapped-for-mana ability.
            return None
        trigger = q.card_with("tapped_for_mana_trigger")
        replacement = q.card_with("mana_doubling") or q.card_with("mana_replacement")
        names = tuple(m.name for m in q.cards)
        last = re.split(r"[.!?]\s+", q.lower.strip(" ?"))[-1]
        meaning = (
            q.has(
                r"\b(count|counts|counted|considered|same as|mean|means|qualify|qualifies|treated)\b"
            )
            or (
                re.match(r"\W*(is|does|do|would|will)\b", last)
                and len(re.findall(r"\btap", last)) > 1
            )
            # "Is a Treasure tapped for mana when I sacrifice it?"
            or bool(
                re.match(r"\W*(is|are)\b[^?]{0,40}\b(tapped|tapping)( it| them)? for mana\b", last)
            )
        )
        own: CardMention | None = None
        if action is None and cares is None and meaning:
            # "Is sacrificing Blood Pet for mana tapping it for mana?", "Does a Treasure count
            # as tapped for mana?": activating the one named permanent's own mana ability.
            own = _own_mana_ability(q)
            if own is not None:
                action = "mana_ability" if _taps_for_mana(own) else "mana_ability_no_tap"
        if action is None:
            return self._replacement_on(q, replacement)
        if not q.asks(
            r"\btrigger",
            r"\bgo(es)? off\b",
            r"\bfire",
            r"\bmana\b",
            r"\b(add|adds|double|doubles|work|works|apply|applies|count|counts|counted)\b",
            r"\bCARD\b",
        ):
            # "Can the land creature attack this turn?" after a trigger is told of: the asked
            # sentence is about something else than tapping for mana.
            return None
        if trigger is not None or q.has(r"\btrigger", r"\bgo(es)? off\b", r"\bfire"):
            ref = trigger.name if trigger else None

            def run_trigger() -> Ruling:
                r = mp.tapped_for_mana_trigger_rule(action)
                return (
                    _with_card(r, ref, "Its trigger cares only about tapping for mana.")
                    if ref
                    else r
                )

            return Scenario("mana.tapped_for_mana_trigger", "yesno", 0.9, run_trigger, names)
        if replacement is not None or q.has(r"\b(double|doubles|doubled|twice as much|instead)\b"):
            ref = replacement.name if replacement else TAPPED_FOR_MANA_REFERENCE

            def run_replacement() -> Ruling:
                r = mp.tapped_for_mana_replacement_rule(action)
                return _with_card(
                    r,
                    ref,
                    "You're tapping a permanent for mana only if you activate "
                    "its mana ability with {T} in the cost.",
                )

            return Scenario(
                "mana.tapped_for_mana_replacement", "yesno", 0.9, run_replacement, names
            )
        if not q.has(
            r"\b(count|counts|counted|considered|same as|mean|means|qualify|qualifies|treated)\b",
            r"\b(is|are|was|were|did|does|do)\b[^?]{0,60}\btap(ped|ping)?\b[^?]{0,30}\bfor mana\b",
        ):
            return None
        if q.has(r"\b(let|lets|allow|allows)\b"):
            # "Does Springleaf Drum let me tap a creature for mana?" asks what's allowed.
            return None
        if q.has(
            r"\b(stop|stops|prevent|prevents|keep|keeps)\b[^?]{0,40}\btap\w*\b[^?]{0,20}\bfor mana"
        ):
            # "Does Icy Manipulator stop a land from tapping for mana?" is about another effect.
            return None
        said = re.search(
            r"\b(count|counts|counted|considered|same as|qualify|qualifies|treated)\b", q.lower
        )
        if said and not re.search(r"\btap", q.lower[said.end() :]):
            # "Does tapping it for mana count as casting a spell?" compares with something else.
            return None
        if re.search(
            r"\bfor mana\b.*\b(make|makes|cause|causes|stop|stops|remove|removes|prevent|"
            r"prevents|keep|keeps|end|ends|take|takes)\b",
            q.lower,
        ):
            # "Does tapping it for mana make it stop attacking?" asks about a consequence.
            return None

        def run() -> Ruling:
            r = _with_card(
                mp.is_tapped_for_mana(action),
                TAPPED_FOR_MANA_REFERENCE,
                "What counts as tapping a permanent for mana.",
            )
            if own is None:
                return r
            has = "has" if action == "mana_ability" else "has no"
            step = Step(
                rule=Rule.TAPPED_FOR_MANA,
                note=f"{own.name}'s mana ability {has} {{T}} in its cost.",
                card=own.name,
            )
            return r.model_copy(update={"steps": (*r.steps, step)})

        return Scenario("mana.tapped_for_mana", "yesno", 0.9, run, names)

    def _replacement_on(self, q: Question, replacement: CardMention | None) -> Scenario | None:
        """'Does Mana Reflection double the mana from Springleaf Drum?': whether a replacement
        on tapping for mana applies to a named permanent's mana ability."""
        if replacement is None or q.has(r"\bhow (much|many)\b", r"\btrigger"):
            return None
        if q.asks(r"\border\b"):
            # "Does the order they apply in matter?" asks about several of them (616.1).
            return None
        if not q.has(
            r"\b(doubl\w*|tripl\w*|apply|applies|affect|affects|work|works|"
            r"change|changes|replace|replaces|multipl\w*)\b"
        ):
            return None
        spells = _mana_spells(q)
        if spells and len(q.cards) == 2:
            # Dark Ritual: mana from a spell is never mana from tapping a permanent.
            spell_names = (replacement.name, spells[0].name)

            def run_spell() -> Ruling:
                return _with_card(
                    mp.tapped_for_mana_replacement_rule("spell"),
                    replacement.name,
                    "It only changes mana made by tapping a permanent for mana.",
                )

            return Scenario("mana.replacement", "yesno", 0.85, run_spell, spell_names)
        others = [m for m in q.cards if m.name != replacement.name and _makes_mana(m)]
        if not q.has(r"\b(does|do|will|would|is|can)\b"):
            return None
        text = q.text.casefold()
        placed = _placing(q, text, replacement)
        generic = _generic_tapped(q) if not others and len({m.name for m in q.cards}) == 1 else None
        if generic is not None and any(
            getattr(a, "whose", "any") != "any" for a in placed.abilities()
        ):
            # "Does Mana Reflection work on my opponent's lands?": whose Mana Reflection it is
            # decides, so it must be told ("my Mana Reflection", "I control ...").
            before = _sentence_before(text, placed.start)
            if not (_YOU_CUE.search(before) or _OPPONENT_CUE.search(before)):
                return None
        if generic is not None:
            # "Does my Mana Reflection work on my opponent's lands?"
            perms = [_permanent(replacement, _controller(text, placed), 0), generic]
            tapped = generic.name
        elif len({m.name for m in others}) == 1:
            subject = others[0]
            # "from my opponent's Treasure": Mana Reflection changes only its controller's mana.
            perms = [
                _permanent(replacement, _controller(text, placed), 0),
                _permanent(subject, _controller(text, subject), 0),
            ]
            tapped = subject.name
        else:
            return None
        missing = _unread(q)
        names = tuple(dict.fromkeys(m.name for m in q.cards))
        if missing:
            return Scenario("mana.replacement", "yesno", 0.85, _missing(*missing), names)
        state = _state(q, perms)

        def run() -> Ruling:
            return mp.replacement_applies(state, tapped, placed.name)

        return Scenario("mana.replacement", "yesno", 0.85, run, names)

    def _trigger_no_mana(self, q: Question) -> Scenario | None:
        """'Does a "whenever a land is tapped for mana" trigger go off if it produced no mana?'"""
        if (
            not q.has(
                r"\btapped for mana\b",
                r"\btaps? (a|an|the) \w+ for mana\b",
                r"\btap\w* [^?]{0,30}for mana",
            )
            and q.card_with("tapped_for_mana_trigger") is None
        ):
            return None
        if not q.has(
            r"\btrigger", r"\bgo(es)? off\b", r"\bfire", r"\bextra mana\b", r"\badditional\b"
        ):
            return None
        produced = not _says_no_mana(q)
        if produced and not (
            # "...if the land produced mana?": only an unnamed trigger, tapped by its own ability.
            q.has(_PRODUCED_MANA)
            and q.card_with("tapped_for_mana_trigger") is None
            and not q.has(r"\b(convok|crew|improvis|attack|cost|pay)")
        ):
            return None
        trigger = q.card_with("tapped_for_mana_trigger")
        names = tuple(m.name for m in q.cards)

        def run() -> Ruling:
            r = mp.tapped_for_mana_trigger_rule("mana_ability", produced=produced)
            return (
                _with_card(r, trigger.name, "It triggers only when mana is produced.")
                if trigger
                else r
            )

        return Scenario("mana.trigger_no_mana", "yesno", 0.9, run, names)

    # -- positions -------------------------------------------------------------
    def _trigger_on_board(self, q: Question) -> Scenario | None:
        """'Does Heartbeat of Spring trigger when I tap Reflecting Pool ...?' with a position."""
        trigger = q.card_with("tapped_for_mana_trigger")
        if trigger is None:
            return None
        # "Does Crypt Ghast give me extra mana when ...": its trigger is what adds that mana.
        gives = q.has(_GIVES_MANA) and not q.has(r"\b(spend|spent|spending|pay|paid|paying)\b")
        # "Does Mana Flare work on my opponent's lands?", "Does Heartbeat of Spring double Sol
        # Ring?": whether it triggers for them.
        asks_trigger = q.has(
            r"\btrigger",
            r"\bgo(es)? off\b",
            r"\bfire",
            r"\bwork(s|ed)? (with|on|for|off)\b",
            r"\b(doubl|tripl)\w*\b",
        )
        # "I tap the Glade for B, can the extra be G?": the tapping's own type is what it
        # made, not a type asked of the trigger.
        made, _ = _tapped_for_types(q)
        if made and len(_TAP_VERB.findall(q.lower)) > 1:
            # "I tap Tundra for W and then tap an Island": which tapping made what isn't sure.
            return None
        asked_types = _asked_trigger_types(q) if made else _asked_types(q) | _asked_trigger_types(q)
        if asked_types and q.asks(r"\b(extra|additional|another|bonus)\b"):
            # "Can I take the extra as W?": which type the trigger's mana can be.
            gives = True
        # "What type can the extra mana be?": the types the trigger's mana can be, here.
        what_type = _asked_directly(q, *_WHAT_TYPE_EXTRA) or bool(
            # "What color does Vernal Bloom add?": the trigger's card by name.
            re.search(
                r"\b(what|which) (types?|colou?rs?|kinds?)( of mana)? (does|do|will|would|can) "
                rf"{re.escape(trigger.written)}\W+(add|give|make|produce)\b",
                q.text,
                re.I,
            )
        )
        if what_type:
            gives, asked_types = True, set()
        if not asks_trigger and not gives:
            return None
        if asked_types and not made and (asks_trigger or q.has(r"\bonly\b")):
            # "Mana Flare only adds colorless": which type it adds, not whether it adds any.
            return None
        # "Does Crypt Ghast give extra black mana ...": the type it adds, when it triggers.
        adds = {
            t
            for a in trigger.abilities()
            if isinstance(a, TappedForManaTrigger) and a.adds.choice == "fixed"
            for s in a.adds.symbols
            for t in (ManaType(ch) for ch in s.upper() if ch in "WUBRGC")
        }
        if q.has(r"\bhow (much|many)\b") or _STATED_AMOUNT.search(q.lower):
            return None
        if self._action(q) is not None:
            return None
        board = _read_board(q)
        stand_in = _delayed_trigger(trigger)
        if stand_in is None and not trigger.card.types & _PERMANENT_TYPES:
            return None
        if stand_in is not None and q.has(*_UNRESOLVED):
            return None
        makers = [
            m
            for m in q.cards
            if m.name != trigger.name
            and any(isinstance(a, Activated) and a.mana is not None for a in m.abilities())
        ]
        if len({m.name for m in makers}) > 1:
            # "Utopia Sprawl is on my Forest. I tap Snow-Covered Forest": the one the text
            # says is tapped, not the first named; unsaid, which one isn't known.
            said = {m.name for m in makers if _said_tapped(q, m)}
            if len(said) != 1:
                return Scenario(
                    "mana.trigger",
                    "yesno",
                    0.85,
                    _missing("which permanent is tapped"),
                    (trigger.name,),
                )
            makers = [m for m in makers if m.name in said]
        tapped = makers[0] if makers else None
        generic = None if tapped is not None else _generic_tapped(q)
        # "when a player taps a land": ruled for it as yours and as an opponent's, and
        # answered when both agree.
        anyones = (
            [p for who in (YOU, OPPONENT) if (p := _generic_tapped(q, who)) is not None]
            if tapped is None and generic is None
            else []
        )
        if anyones:
            generic = anyones[0]
        if tapped is None and generic is None:
            return self._trigger_on_spell(q, trigger)
        if (
            generic is not None
            and not generic.subtypes
            and any(isinstance(a, TappedForManaTrigger) and a.of_type for a in trigger.abilities())
        ):
            # "when I tap a land", asked of Crypt Ghast: whether it's a Swamp isn't said.
            return Scenario(
                "mana.trigger", "yesno", 0.85, _missing("which land is tapped"), (trigger.name,)
            )
        if (
            not q.has(r"\?")
            and not q.has(r"\b(does|do|will|would|is)\b")
            and not what_type
            and not (
                gives
                and q.has(
                    r"\bCARD (doesn't |does not |didn't |did not |won't |isn't |is not )?"
                    r"(gives?|giving|adds?|adding)\b"
                )
            )
        ):
            return None
        tapped_by = (
            generic.controller
            if generic is not None
            else next((p.controller for p in board.perms if tapped and p.name == tapped.name), YOU)
        )
        if (
            q.has(r"\b(give|gives|giving|add|adds|adding)\s+(me|us)\b")
            and (tapped_by == OPPONENT or anyones)
            and any(
                isinstance(a, TappedForManaTrigger)
                and re.search(r"\b(that player|its controller)\b", a.text, re.I)
                for a in trigger.abilities()
            )
        ):
            # Mana Flare gives the mana to whoever tapped the land, not to "me".
            return None
        missing = _unread(q) + ([] if q.board else _needs(board))
        if missing:
            return Scenario("mana.trigger", "yesno", 0.85, _missing(*missing), board.names)
        if generic is not None:
            board.perms.append(generic)
        if stand_in is not None:
            board.perms.append(stand_in)
        state = _state(q, board.perms)
        name = tapped.name if tapped is not None else generic.name if generic else ""
        extra = [stand_in] if stand_in is not None else []

        same_type = any(
            isinstance(a, TappedForManaTrigger) and a.adds.choice == "same_as_produced"
            for a in trigger.abilities()
        )

        others = [
            (p.name, _state(q, [*[x for x in board.perms if x is not generic], p]))
            for p in anyones[1:]
        ]
        if tapped is not None and q.has(_ANYONE_TAPS):
            # "when a player taps a Swamp": the named land as each player's.
            flipped = [
                x.model_copy(update={"controller": OPPONENT, "owner": OPPONENT})
                if x.name == tapped.name and x.controller == YOU
                else x
                for x in board.perms
            ]
            others.append((tapped.name, _state(q, flipped)))

        def run() -> Ruling:
            r = _resolved(mp.tapped_for_mana_triggers(state, name), extra)
            for other_name, other_state in others:
                if mp.tapped_for_mana_triggers(other_state, other_name).verdict != r.verdict:
                    return r.model_copy(
                        update={"verdict": None, "missing": ("whose land is tapped",)}
                    )
            if what_type and r.verdict == "no":
                return r.model_copy(update={"verdict": None, "missing": ("a trigger that adds",)})
            if not (asked_types or what_type) or r.verdict != "yes":
                return r
            if same_type:
                # Mana Flare adds a type the tapped permanent produced.
                types, could = mp.could_produce(state, name)
                if could.verdict is None:
                    return could
                adds_here = set(types)
                if not made:
                    # Whichever type this tapping makes: one the land could produce (106.7).
                    r = r.model_copy(update={"steps": (*r.steps, *could.steps[-1:])})
                if made:
                    if not made <= adds_here:
                        return r.model_copy(
                            update={"verdict": None, "missing": (f"what {name} was tapped for",)}
                        )
                    # 106.12a: the type that tapping produced, not any type it could have.
                    adds_here = made
                    produced = " ".join(f"{{{t}}}" for t in sort_types(made))
                    r = r.model_copy(
                        update={
                            "steps": (
                                *r.steps,
                                Step(
                                    rule=Rule.TAPPED_FOR_MANA_TRIGGER,
                                    note=f"{trigger.name} adds mana of a type {name} actually "
                                    f"produced by this tapping: {produced}.",
                                    card=trigger.name,
                                ),
                            )
                        }
                    )
            elif adds:
                adds_here = adds
            else:
                return r.model_copy(
                    update={
                        "verdict": None,
                        "missing": (f"which type of mana {trigger.name}'s trigger adds here",),
                    }
                )
            if what_type:
                letters = mp.types_verdict(adds_here)
                shown = " or ".join(f"{{{t}}}" for t in letters)
                note = f"So {trigger.name}'s trigger adds {shown} here."
                return r.model_copy(
                    update={
                        "verdict": letters,
                        "steps": (*r.steps, Step(rule=Rule.TAPPED_FOR_MANA_TRIGGER, note=note)),
                    }
                )
            yes = asked_types <= adds_here
            what = " ".join(f"{{{t}}}" for t in sorted(asked_types))
            note = f"So {trigger.name}'s trigger {'can add' if yes else 'doesn’t add'} {what} here."
            return r.model_copy(
                update={
                    "verdict": "yes" if yes else "no",
                    "steps": (*r.steps, Step(rule=Rule.COULD_PRODUCE, note=note)),
                }
            )

        return Scenario("mana.trigger", "types" if what_type else "yesno", 0.85, run, board.names)

    def _trigger_on_spell(self, q: Question, trigger: CardMention) -> Scenario | None:
        """'Does Heartbeat of Spring double Dark Ritual?': a spell's mana is never mana from
        tapping a permanent, so no 'tapped for mana' trigger sees it."""
        spells = _mana_spells(q)
        if len(spells) != 1 or len({m.name for m in q.cards}) != 2:
            return None
        names = (trigger.name, spells[0].name)

        def run() -> Ruling:
            return _with_card(
                mp.tapped_for_mana_trigger_rule("spell"),
                trigger.name,
                "It triggers only on a permanent tapped for mana.",
            )

        return Scenario("mana.trigger", "yesno", 0.85, run, names)

    def _amount(self, q: Question) -> Scenario | None:
        if any(compiled(p).search(_without_own_cost(q)) for p in _COST_WORDS):
            return None
        if q.has(r"\bkick(ed|er|ing)?\b") and q.has(
            r"how much mana (is|would be|will be) (that|this|it)\s*[?.!]*$"
        ):
            # "Everflowing Chalice kicked twice, how much mana is that": the total cost of
            # the kicks, or what it then makes; the kicker family says which it can't tell.
            return None
        if _sacrifice_outlet(q) is not None:
            # "I sacrifice an Island to Squandered Resources": the outlet's ability makes the
            # mana, not the land's.
            return None
        if q.has(r"\bhow many (different )?(colou?rs|types|kinds)\b"):
            return self._count_types(q)
        if not q.has(
            r"\bhow (much|many)\b[^?]{0,20}\bmana\b",
            r"\bhow much\b[^?]{0,40}\b(add|make|produce|get|tap for|taps for)",
            # "how much green total", "Total mana?", "what's the total?"
            r"\bhow much (colou?rless|white|blue|black|red|green)\b",
            _HOW_MUCH_TYPE,
        ) and not q.asks(
            r"^\W*(so\W+|and\W+)?(the )?total( mana| colou?rless| white| blue| black| red| green"
            r"| [wubrgc])?\W*$",
            rf"^\W*(so\W+|and\W+)?(the )?total( mana)? {_FROM_ONE_TAP[2:]}\W*$",
            r"\b(what'?s|what is) the total\b",
            # "do I get 1 or 2?": two amounts offered, so how much.
            rf"\b(get|make|produce|add|gives?)\b[^?.!]{{0,20}}\b{_AMOUNT_WORD} or {_AMOUNT_WORD}\b",
        ):
            return None
        board = _read_board(q)
        subject = board.subject or next((m for m in q.cards if _makes_mana(m)), None)
        if subject is None or not _makes_mana(subject) or _split_control(board):
            return None
        missing = _unread(q) + ([] if q.board else _needs(board))
        if missing:
            return Scenario("mana.amount", "number", 0.85, _missing(*missing), board.names)
        placed = _position(q, board, subject)
        if placed is None:
            return None
        perms, extra = placed
        state = _state(q, [*perms, *extra])
        # "how much green do I get?": that type's share of what the tapping gives.
        of_type = (
            _types_in(found.group(0))
            if (found := compiled(_HOW_MUCH_TYPE).search(q.lower))
            else set()
        )
        # "I tap Tundra for U, how much white?": the stated tapping decides the type made.
        made, _ = _tapped_for_types(q)
        if len(made) > 1 or (made and len(_TAP_VERB.findall(q.lower)) > 1):
            return None
        if q.has(r"\bfor\s+(\{[wubrgc]\}\s*){2,}") or _told_option(q) is not None:
            # "I tap Mystic Gate (paying ...) for {W}{U}": the told mana picks which ability
            # was activated, and a filter's trigger count isn't read from it yet.
            return None
        choose = (
            next(iter(made))
            if made
            else next(iter(of_type))
            if len(of_type) == 1
            else _asked_type(q)
        )

        def run() -> Ruling:
            counts, r = mp.produce(state, subject.name, choose=choose)
            r = _resolved(r, extra)
            if not of_type or r.verdict is None:
                return r
            if sum(counts.values()) != int(str(r.verdict)) or len(of_type) != 1:
                # Some of the mana is of a type chosen for it: how much is of this type isn't told.
                return r.model_copy(
                    update={"verdict": None, "missing": ("the type of every mana made",)}
                )
            (wanted,) = of_type
            n = counts.get(wanted, 0)
            note = f"So {n} of that mana is {{{wanted}}}."
            return r.model_copy(
                update={
                    "verdict": str(n),
                    "steps": (*r.steps, Step(rule=Rule.TAPPED_FOR_MANA, note=note)),
                }
            )

        return Scenario("mana.amount", "number", 0.85, run, board.names)

    def _stated_amount(self, q: Question) -> Scenario | None:
        """A report that states how much mana a permanent makes and how much it should ("the
        Island should produce two blue mana"): the amount, when the rules bear the expected
        one out. When they bear out another, whether the report's form asks a yes or no or
        the amount is unclear, so it abstains."""
        if q.has(*_COST_WORDS) or q.has(r"\bhow (much|many)\b", r"\?"):
            return None
        expected = _expected_amounts(q.lower)
        if len(expected) != 1:
            return None
        board = _read_board(q)
        subject = board.subject or next((m for m in q.cards if _makes_mana(m)), None)
        if subject is None or not _makes_mana(subject):
            return None
        missing = _unread(q) + _needs(board)
        if missing:
            return None
        placed = _position(q, board, subject)
        if placed is None:
            return None
        perms, extra = placed
        state = _state(q, [*perms, *extra])
        choose = _asked_type(q)
        want = expected.pop()

        def run() -> Ruling:
            r = _resolved(mp.produce(state, subject.name, choose=choose)[1], extra)
            if r.verdict != str(want):
                return r.model_copy(
                    update={
                        "verdict": None,
                        "missing": (
                            f"what the report asks: by the rules {subject.name} makes "
                            f"{r.verdict or 'an unknown amount of'} mana here, not {want}",
                        ),
                    }
                )
            return r

        return Scenario("mana.stated_amount", "number", 0.8, run, board.names)

    def _amount_claim(self, q: Question) -> Scenario | None:
        """'Does Urza's Tower tap for three mana if I control Mine and Power-Plant?': whether
        one activation makes the one amount the question states."""
        if q.has(*_COST_WORDS) or q.has(r"\bhow (much|many)\b", r"\b(at least|up to|or more)\b"):
            return None
        if not q.has(r"\b(does|do|will|would|is|are|should)\b"):
            return None
        if self._action(q) is not None or q.has(
            # Whether it may be tapped now, or what happens around it, not what it makes.
            r"\b(summoning|sick|haste|turn|untap\w*|response|priority|stack|trigger\w*|"
            r"cop(y|ies)|sacrific\w*|exil\w*|spell|cast\w*|activat\w*|instead|rather)\b"
        ):
            return None
        if q.asks(r"\b(extra|additional|bonus)\b"):
            # "I tap Sol Ring for {C}{C}. Do I get an extra {C}?": the stated tapping isn't a
            # claimed amount; the extra mana is a trigger's.
            return None
        claim = _claimed_amount(q.lower)
        if claim is None:
            return None
        want, of_type = claim
        if _asked_types(q) - {of_type} or q.has(_ANY_COLOR, _COLORED):
            # "Does Sol Ring tap for 2 mana of any color?" claims a type besides the amount.
            return None
        if q.has(r"\b(both|each|all|together|total|combined|twice|again|every)\b"):
            # Mana from several permanents or activations, not one.
            return None
        if q.has(r"\btapped\b(?! for)"):
            # "if Sol Ring is tapped": whether it can be tapped at all.
            return None
        board = _read_board(q)
        subject = board.subject or next((m for m in q.cards if _makes_mana(m)), None)
        if subject is None or not _makes_mana(subject):
            return None
        if any(_count(q.text, m) > 1 for m in q.cards if m.name == subject.name):
            return None
        if _split_control(board):
            return None
        if any(
            isinstance(a, TappedForManaTrigger | ManaReplacement | ManaDoubling)
            for m in q.cards
            for a in m.abilities()
        ) and not (
            q.has(r"\b(tap|taps|tapped|tapping)\b")
            or _source_named(q, subject)
            # "Mana Reflection and a Treasure, does it make 2 mana?": the one that makes mana.
            or (
                len({m.name for m in q.cards if _makes_mana(m)}) == 1
                and not any(m.of_kind("tapped_for_mana_trigger") for m in q.cards)
                and q.asks(r"\bit (make|makes|produce|produces|give|gives|add|adds)\b")
            )
        ):
            # "Does Mana Reflection give 2 mana": whose permanent is tapped isn't said.
            return None
        missing = _unread(q) + ([] if q.board else _needs(board))
        if missing:
            return Scenario("mana.amount_claim", "yesno", 0.8, _missing(*missing), board.names)
        placed = _position(q, board, subject)
        if placed is None:
            return None
        perms, extra = placed
        state = _state(q, [*perms, *extra])
        name = subject.name

        def run() -> Ruling:
            counts, r = mp.produce(state, name, choose=of_type)
            r = _resolved(r, extra)
            if r.verdict is None or not r.verdict.isdigit():
                return r
            total = int(r.verdict)
            if of_type is not None and total != sum(counts.values()):
                # Utopia Sprawl's chosen color: some of the mana's type isn't known.
                return r.model_copy(
                    update={"verdict": None, "missing": ("the type of the mana a trigger adds",)}
                )
            got = counts.get(of_type, 0) if of_type is not None else total
            yes = total == want and got == want
            what = f"{want} {'mana' if of_type is None else '{' + str(of_type) + '}'}"
            note = (
                f"So tapping {name} once here makes {what}."
                if yes
                else f"So tapping {name} once here makes {total} mana, not {what}."
            )
            return r.model_copy(
                update={
                    "verdict": "yes" if yes else "no",
                    "steps": (*r.steps, Step(rule=Rule.MANA_ABILITY, note=note)),
                }
            )

        return Scenario("mana.amount_claim", "yesno", 0.8, run, board.names)

    def _multiplier(self, q: Question) -> Scenario | None:
        """'With Nyxbloom Ancient and Mana Reflection out, should tapping a land give 6x the
        mana?': how many times the mana several doublers make, each applied in turn (616.1)."""
        if not any(m.of_kind("mana_doubling") for m in q.cards):
            return None
        if q.has(*_COST_WORDS) or q.has(r"\bhow (much|many)\b"):
            return None
        claim = _claimed_factor(q.lower)
        if claim is None:
            return None
        board = _read_board(q)
        if any(
            m.of_kind("mana_replacement") or m.of_kind("tapped_for_mana_trigger") for m in q.cards
        ):
            return None
        if _unread(q) or any(p.controller != YOU for p in board.perms):
            return None
        if _OPPONENT_CUE.search(q.lower) or q.has(r"\b(a player|each player|someone)\b"):
            # The mana of someone else's permanents: the doublers name whose they change.
            return None
        producers = [
            p for p in board.perms if any(isinstance(a, Activated) and a.mana for a in p.abilities)
        ]
        if producers:
            return None
        land = _a_land_you_control()
        # "multiple Mana Reflections": at least two, so the answer must hold for two and three.
        several = [
            m
            for m in q.cards
            if m.of_kind("mana_doubling")
            and (
                re.search(r"\b(multiple|several|many|more than one)\s+$", q.text[: m.start])
                or (
                    m.written.casefold().endswith("s")
                    and not m.name.casefold().endswith("s")
                    and _count(q.text, m) == 1
                )
            )
        ]
        states = [GameState(battlefield=(*board.perms, land))]
        if several:
            for extra in (1, 2):
                more = [_permanent(m, YOU, i + 1) for m in several for i in range(extra)]
                kept = [p for p in board.perms if p.name not in {x.name for x in more}]
                states.append(GameState(battlefield=(*kept, *more, land)))
            states = states[1:]

        def run() -> Ruling:
            results = [mp.produce(state, land.name)[1] for state in states]
            r = results[0]
            if any(x.verdict is None or not x.verdict.isdigit() for x in results):
                return r
            factors = {int(x.verdict or 0) for x in results}
            if len(factors) > 1 and claim in factors:
                return r.model_copy(
                    update={"verdict": None, "missing": ("how many of them are in play",)}
                )
            factor = int(r.verdict or 0)
            note = (
                f"Together they make {factor} times the mana, not {claim} times."
                if factor != claim
                else f"Together they make {factor} times the mana."
            )
            return r.model_copy(
                update={
                    "verdict": "yes" if factor == claim else "no",
                    "steps": (*r.steps, Step(rule=Rule.REPLACEMENT_ORDER, note=note)),
                }
            )

        return Scenario("mana.multiplier", "yesno", 0.8, run, board.names)

    def _order(self, q: Question) -> Scenario | None:
        """'Does the order of Nyxbloom Ancient and Mana Reflection matter?', 'Do I choose the
        order they apply in?': several replacement effects on one tap for mana (616.1)."""
        if not q.asks(r"\border\b") or q.has(*_COST_WORDS):
            return None
        matters = q.asks(
            r"\border\b[^?]{0,40}\b(matter|matters|change|changes|make a difference)\b",
            r"\b(matter|matters|difference)\b[^?]{0,40}\border\b",
        )
        chooser = re.search(
            r"\b(do|does|can|could|should|will)\s+(?P<who>i|we|you|my opponent|the opponent|he|"
            r"she|they)\s+(get to\s+)?(choose|chooses|decide|decides|pick|picks)\b[^?]{0,20}"
            r"\border\b",
            q.asked,
        )
        if not matters and chooser is None:
            return None
        replacing = [
            m for m in q.cards if m.of_kind("mana_doubling") or m.of_kind("mana_replacement")
        ]
        if sum(_count(q.text, m) for m in replacing) < 2 or _unread(q):
            return None
        if any(m.of_kind("tapped_for_mana_trigger") for m in q.cards):
            # A trigger's mana isn't among the replacements ordered; what's asked may include it.
            return None
        board = _read_board(q)
        if _split_control(board):
            return None
        producers = [p for p in board.perms if _has_mana_ability(p)]
        if len({p.name for p in producers}) > 1:
            return None
        tapped = producers[0] if producers else _generic_tapped(q, anyone_as=None)
        perms = list(board.perms)
        if tapped is None:
            if q.has(r"\b(opponents?|opps?|a player|each player|someone)\b"):
                # Whose permanent is tapped isn't said, and the chooser is its controller.
                return None
            tapped = _a_land_you_control()
        if tapped not in perms:
            perms.append(tapped)
        state = _state(q, perms)
        name = tapped.name
        who = chooser.group("who") if chooser else ""
        asks_you = who in ("i", "we", "you")

        def run() -> Ruling:
            r = mp.replacement_order(state, name)
            if matters or r.verdict is None:
                return r
            holder = state.find(name).controller
            yes = (holder == YOU) == asks_you
            return r.model_copy(update={"verdict": "yes" if yes else "no"})

        return Scenario("mana.replacement_order", "yesno", 0.85, run, board.names)

    def _count_types(self, q: Question) -> Scenario | None:
        """'How many colors of mana can Birds of Paradise make?': count what it could produce."""
        board = _read_board(q)
        subject = board.subject
        if subject is None or not _makes_mana(subject) or _off_its_zone(q, subject):
            return None
        missing = _unread(q) + ([] if q.board else _needs(board))
        if missing:
            return Scenario("mana.count_types", "number", 0.85, _missing(*missing), board.names)
        if not any(p.name == subject.name for p in board.perms):
            board.perms.append(_permanent(subject, YOU, 0))
        state = _state(q, board.perms)
        colors_only = q.has(r"\bhow many (different )?colou?rs\b")

        def run() -> Ruling:
            types, ruling = mp.could_produce(state, subject.name)
            if ruling.verdict is None:
                return ruling
            counted = [x for x in types if x != ManaType.C] if colors_only else list(types)
            what = "colors" if colors_only else "types"
            note = f"That is {len(counted)} {what} of mana."
            if colors_only and ManaType.C in types:
                note += " Colorless is a type of mana but not a color."
            return ruling.model_copy(
                update={
                    "verdict": str(len(counted)),
                    "steps": (
                        *ruling.steps,
                        Step(rule=Rule.MANA_COLORS if colors_only else Rule.MANA_TYPES, note=note),
                    ),
                }
            )

        return Scenario("mana.count_types", "number", 0.85, run, board.names)

    def _looks_at(self, q: Question) -> Scenario | None:
        """'Does Reflecting Pool look at my opponent's lands?': whose lands an ability that
        makes what a land could produce looks at, as its words say (106.7)."""
        found = _LOOKS_AT.search(q.asked)
        if found is None or q.asks(r"\bor\b") or not q.asks(r"^\W*(does|do|will|would|is|can)\b"):
            return None
        subjects = {
            m.name: (m, a.mana.could)
            for m in q.cards
            for a in m.abilities()
            if isinstance(a, Activated)
            and a.mana is not None
            and isinstance(a.mana.could, CouldProduce)
            and "land" in a.mana.could.what.casefold()
        }
        if len(subjects) != 1 or len({m.name for m in q.cards}) != 1:
            return None
        subject, could = next(iter(subjects.values()))
        owner = found.group("whose")
        holder = _controller(q.text.casefold(), subject)
        lands: Literal["controller", "others"]
        if found.group("own") and owner in ("his", "her", "their", "its"):
            # "its own lands", "his own lands": the lands of whoever controls it.
            lands = "controller"
        elif owner in ("his", "her", "their", "its"):
            # Whose "his" is (the one who controls it or another player) isn't said.
            return None
        else:
            side = YOU if owner == "my" else OPPONENT
            if holder == OPPONENT and side == OPPONENT:
                return None
            lands = "controller" if side == holder else "others"
        if (found.group("only") or found.group("only2")) and could.whose == "any":
            return None
        name = subject.name

        def run() -> Ruling:
            return mp.looks_at(name, could, lands)

        return Scenario("mana.looks_at", "yesno", 0.85, run, (name,))

    def _sacrificed_land(self, q: Question) -> Scenario | None:
        """'I sacrifice my Ancient Tomb to Squandered Resources: what type of mana can I get?':
        the types the sacrificed land could produce."""
        found = _sacrifice_outlet(q)
        if found is None or q.has(*_COST_WORDS):
            return None
        outlet, land = found
        if "Land" not in land.card.types:
            return None
        asks_types = _asked_directly(
            q,
            r"\b(what|which) (kinds? of |types? of |sorts? of |colou?rs? (of )?)?mana\b",
            r"\b(what|which) (colou?rs?|types?|kinds?)\b",
        )
        asked = _asked_trigger_types(q)
        asks_yes = (
            not asks_types
            and len(asked) == 1
            and q.asks(
                r"\b(can|could|do|does|will|would) (i|you|we|he|she|they) (get|make|add|take)\b"
            )
            and not q.asks(r"\b(extra|additional|another|bonus|trigger\w*|doubl\w*)\b")
        )
        if not asks_types and not asks_yes:
            return None
        if asks_types and q.asks(r"\b(extra|additional|another|bonus|trigger\w*|doubl\w*)\b"):
            return None
        board = _read_board(q)
        # The outlet's "sacrificed land" is the named land alone, not every land in play.
        rest = replace(board, perms=[p for p in board.perms if p.name != outlet.name])
        missing = _unread(q) + ([] if q.board else _needs(rest))
        name = "mana.sacrificed_land"
        kind = "types" if asks_types else "yesno"
        if missing:
            return Scenario(name, kind, 0.86, _missing(*missing), board.names)
        perms = list(board.perms)
        for i, m in enumerate((outlet, land)):
            if not any(p.name == m.name for p in perms):
                perms.append(_permanent(m, YOU, i))
        state = _state(q, perms)

        def run() -> Ruling:
            types, r = mp.sacrificed_land_produces(state, outlet.name, land.name)
            if asks_types or r.verdict is None:
                return r
            (wanted,) = asked
            yes = wanted in types
            note = f"So {outlet.name} {'can' if yes else 'can’t'} give {{{wanted}}} here."
            return r.model_copy(
                update={
                    "verdict": "yes" if yes else "no",
                    "steps": (*r.steps, Step(rule=Rule.COULD_PRODUCE, note=note)),
                }
            )

        return Scenario(name, kind, 0.86, run, board.names)

    def _tap_result(self, q: Question) -> Scenario | None:
        """'Overgrowth is on my Ancient Tomb; what mana do I get when I tap it?': the mana one
        tapping gives, its triggers and replacements included, when that is one result."""
        if any(
            compiled(p).search(_without_own_cost(q)) for p in _COST_WORDS
        ) or not _asked_directly(q, *_WHAT_GOT):
            return None
        option = _told_option(q)
        made, _ = _tapped_for_types(q)
        if option is not None:
            # "for {B}{R}": the whole option, not its first symbol.
            made = set()
        if _sacrifice_outlet(q) is not None or (made and len(_TAP_VERB.findall(q.lower)) > 1):
            return None
        changers = [
            m
            for m in q.cards
            if m.of_kind("tapped_for_mana_trigger")
            or m.of_kind("mana_doubling")
            or m.of_kind("mana_replacement")
        ]
        if not made and not changers and option is None:
            # "What mana do I get from Command Tower?" is what it could produce.
            return None
        if not q.has(r"\btap\w*\b"):
            return None
        board = _read_board(q)
        subject = board.subject
        if subject is None or subject in changers or not _makes_mana(subject):
            return None
        if _split_control(board) or _off_its_zone(q, subject):
            return None
        missing = _unread(q) + ([] if q.board else _needs(board))
        if missing:
            return Scenario("mana.tap_result", "mana", 0.85, _missing(*missing), board.names)
        placed = _position(q, board, subject)
        if placed is None:
            return None
        perms, extra = placed
        state = _state(q, [*perms, *extra])
        choose = next(iter(made)) if len(made) == 1 else None
        if len(made) > 1:
            return None

        def run() -> Ruling:
            counts, r = mp.tapped_mana(state, subject.name, choose=choose, option=option)
            r = _resolved(r, extra)
            if counts is None or r.verdict is None:
                return r.model_copy(update={"verdict": None}) if r.verdict is not None else r
            text = "".join(f"{{{t}}}" * counts[t] for t in sorted(counts, key="WUBRGC".index))
            return r.model_copy(update={"verdict": text or "none"})

        return Scenario("mana.tap_result", "mana", 0.85, run, board.names)

    def _could(self, q: Question) -> Scenario | None:
        if q.asks(*_COST_WORDS) or (q.has(*_COST_WORDS) and not _cost_after_question(q)):
            return None
        asks_types = _asked_directly(
            q,
            r"\bwhat (kinds? of |types? of |sorts? of |colou?rs? (of )?)?mana\b",
            r"\bwhat (colou?rs?|types?)\b",
            r"\bwhich (kinds? of |types? of |sorts? of )?(colou?rs?|types?|mana)\b",
            r"\bwhat (can|could|does|will|would|should) [^?]{0,40}\b(make|produce|tap for|add|give|generate)\b",
            # "what's the mana from Command Tower?"
            r"\bwhat('?s| is) the (colou?rs? of |types? of )?mana (from|of|off)\b",
        )
        # "Star Compass, my lands are a Forest and a Tundra. What colors?"
        elliptical = not q.board and q.asks(_ELLIPTICAL)
        asks_types = asks_types or elliptical
        verbs = (
            r"\b(make|makes|produce|produces|tap for|taps for|add|adds|give|gives|generate"
            r"|tap (it|them|CARD) for|tapped for)\b|\bget\w*\b[^.?!]{0,25}\b(out of|from)\b"
            # "if I sac a Treasure, can I get any color?"
            r"|\b(can|could|do|would|will) (i|you|we) get\b"
        )
        letter = _asked_letter(q) if _asked_type(q) is None else None
        typed = (
            _asked_type(q) is not None or letter is not None or q.has(_COLORED) or q.has(_ANY_COLOR)
        )
        # "Can it make any mana?", "does it tap for anything?": whether it could produce any type.
        any_mana = not asks_types and not typed and q.asks(*_ANY_MANA)

        # "Can it tap for mana?" when it makes none: it can still be activated (106.7 rulings).
        tap_for = any_mana and not q.asks(*_ANY_MANA[:-1]) and q.asks(r"\btaps? for mana\b")
        if (
            any_mana
            and not q.asks(*_ANY_MANA[:-1])
            and (q.has(r"\b(tapped|untap\w*)\b") or _TAP_NOW_WORDS.search(q.lower))
        ):
            # "Can a tapped Birds of Paradise tap for mana?": whether it can be tapped now.
            return None
        asks_yes = (
            not asks_types
            and q.has(r"\b(can|could|will|would|does|do|is)\b")
            and q.has(verbs)
            and (typed or any_mana)
        )
        if not asks_types and not asks_yes:
            return None
        if asks_types and _tapped_for_types(q)[0] and _asked_directly(q, *_WHAT_GOT):
            # "I tap it for G: what mana do I get?" asks what that tapping gave, not what it
            # could have made.
            return None
        if asks_yes and _STATED_AMOUNT.search(q.lower):
            return None
        if asks_types and q.has(
            r"\b(can't|cannot|can ?not|couldn't|won't|not|never)\b (\w+ )?"
            r"(produce|make|add|generate|give|tap for)\b",
            r"\b(which|what)\b[^?]{0,40}\b(can't|cannot|couldn't|won't)\b",
        ):
            # "Which colors can't it make?" asks for the complement: not answered as asked.
            return None
        if (
            asks_yes
            and q.asks(r"\bor\b")
            and (len(_asked_types(q)) + q.asks(_ANY_COLOR) + q.asks(_COLORED) > 1)
        ):
            # "Does Ancient Tomb give colorless or any color?" offers two answers: no yes/no.
            return None
        if asks_yes and len(_asked_types(q)) > 1:
            # "Can Tundra tap for white and blue at the same time?" is about one activation's
            # amount, not which types it could make.
            return None
        if not elliptical and not q.has(verbs, r"\bcould produce\b", r"\bmana\b"):
            return None
        board = _read_board(q)
        subject = board.subject
        if subject is None and elliptical:
            subject = board.subject = _relative_source(q)
        if subject is None:
            return None
        if any_mana and any(
            m.name != subject.name
            and not _makes_mana(m)
            and "Land" not in m.card.types
            and not any(a.kind in _MANA_KINDS for a in m.abilities())
            for m in q.cards
        ):
            # "Can Llanowar Elves tap for mana if it's enchanted by Pacifism?": another card
            # whose effect on it isn't one the mana rules read may stop it.
            return None
        if (
            asks_yes
            and q.has(_GIVES_MANA)
            and any(
                m.name != subject.name
                and (
                    m.of_kind("tapped_for_mana_trigger")
                    or m.of_kind("mana_doubling")
                    or m.of_kind("mana_replacement")
                )
                for m in q.cards
            )
        ):
            # "Does Crypt Ghast give me extra black mana when I tap a Swamp?" asks about the
            # mana the other card adds, not what the tapped permanent makes.
            return None
        if (
            asks_yes
            and q.asks(r"\b(extra|additional|bonus)\b")
            and not any(
                isinstance(a, TappedForManaTrigger) and a.adds.choice == "same_as_produced"
                for m in q.cards
                for a in m.abilities()
            )
        ):
            # "Do I get an extra red?": extra mana is a trigger's or a replacement's, not what
            # the tapped permanent's own ability makes, even when that card isn't read; only a
            # named Mana Flare's extra is one of the types the permanent makes.
            return None
        if not any(
            isinstance(a, Activated) and a.mana is not None for a in subject.abilities()
        ) and not any(m.of_kind("granted_mana") or m.of_kind("land_type_change") for m in q.cards):
            return None
        if _off_its_zone(q, subject):
            return None
        if asks_yes and _tap_now(q, board, subject):
            # Whether it can be tapped now (it's tapped, it's new, it changed control) decides
            # "can I get blue from it?", not what it could produce.
            return None
        missing = _unread(q) + ([] if q.board else _needs(board))
        kind = "types" if asks_types else "yesno"
        name = "mana.could_produce" if asks_types else "mana.can_produce_type"
        if missing and asks_yes and _asked_type(q) == ManaType.C and not _unread(q):
            colorless = _never_colorless(q, subject)
            if colorless is not None:
                return Scenario(name, kind, 0.85, colorless, board.names)
        if missing:
            return Scenario(name, kind, 0.85, _missing(*missing), board.names)
        if not any(p.name == subject.name for p in board.perms):
            board.perms.append(_permanent(subject, YOU, 0))
        extra = _stand_ins(q)
        if extra and q.has(*_UNRESOLVED):
            return None
        state = _state(q, [*board.perms, *extra])
        wanted = _asked_type(q) or letter
        # "it only taps for green": whether that is the one type it could produce.
        only = wanted is not None and q.has(*_ONLY_TYPE)
        colored = wanted is None and q.has(_COLORED)
        # "mana of any color": whichever color is wanted, so every one of the five.
        every_color = wanted is None and not colored and q.has(_ANY_COLOR)

        only_colors = asks_types and q.has(r"\bcolou?rs?\b") and not q.has(r"\btypes?\b")
        # Triggers adding mana of other types than the tapped permanent made.
        extra_types = [
            m.name
            for m in q.cards
            if any(
                isinstance(a, TappedForManaTrigger) and a.adds.choice != "same_as_produced"
                for a in m.abilities()
            )
        ]

        def run() -> Ruling:
            types, ruling = mp.could_produce(state, subject.name)
            if only_colors and ManaType.C in types and len(types) > 1:
                # "What colors does Llanowar Wastes make?": colorless isn't a color, but people
                # asking this way often mean every type; the answer would depend on which.
                return ruling.model_copy(
                    update={
                        "verdict": None,
                        "missing": (
                            "whether colorless counts for you: it's a type of mana it can "
                            "make, but not a color",
                        ),
                    }
                )
            if every_color and ruling.verdict is not None:
                colors = [x for x in types if x != ManaType.C]
                if 0 < len(colors) < 5:
                    # "Can it make any color?" may ask for some color or for every one.
                    return ruling.model_copy(
                        update={
                            "verdict": None,
                            "missing": (
                                "whether you ask about some color or every color: it can make "
                                + " ".join(f"{{{x}}}" for x in colors)
                                + " here",
                            ),
                        }
                    )
                yes = len(colors) == 5
                note = f"So {subject.name} {'can' if yes else 'can’t'} make mana of any color here."
                return ruling.model_copy(
                    update={
                        "verdict": "yes" if yes else "no",
                        "steps": (*ruling.steps, Step(rule=Rule.COULD_PRODUCE, note=note)),
                    }
                )
            if (
                asks_types
                and ruling.verdict is not None
                and extra_types
                and mp.tapped_for_mana_triggers(state, subject.name).verdict in (None, "yes")
            ):
                # "If I tap Forest with Utopia Sprawl, what mana do I get?": the trigger's mana
                # of another type is part of what tapping it gives, not of what it could produce.
                return ruling.model_copy(
                    update={
                        "verdict": None,
                        "missing": (
                            f"whether you ask what {subject.name} could produce, or also the "
                            f"mana {', '.join(extra_types)} add(s) when it is tapped for mana",
                        ),
                    }
                )
            if any_mana and ruling.verdict is not None:
                if not types and tap_for:
                    return ruling.model_copy(
                        update={
                            "verdict": None,
                            "missing": (
                                f"whether you ask if {subject.name}'s ability can be activated "
                                "(it can) or if it makes mana (here it makes none)",
                            ),
                        }
                    )
                if not types and extra_types:
                    # A trigger's mana when it is tapped may be what the question counts.
                    return ruling.model_copy(
                        update={
                            "verdict": None,
                            "missing": (
                                f"whether the mana {', '.join(extra_types)} add(s) counts",
                            ),
                        }
                    )
                note = (
                    f"So {subject.name} can make mana here."
                    if types
                    else f"So {subject.name} can’t make any mana here."
                )
                return ruling.model_copy(
                    update={
                        "verdict": "yes" if types else "no",
                        "steps": (*ruling.steps, Step(rule=Rule.COULD_PRODUCE, note=note)),
                    }
                )
            if asks_types or ruling.verdict is None or (wanted is None and not colored):
                return ruling
            if colored:
                yes = any(x != ManaType.C for x in types)
                what = "colored mana"
            elif only:
                if extra_types:
                    # A trigger's mana of another type may or may not be what "only" counts.
                    return ruling.model_copy(
                        update={
                            "verdict": None,
                            "missing": (
                                f"whether the mana {', '.join(extra_types)} add(s) counts",
                            ),
                        }
                    )
                yes = set(types) == {wanted}
                what = (
                    f"only {{{wanted}}}"
                    if yes
                    else f"only {{{wanted}}}: it can make "
                    + " ".join(f"{{{x}}}" for x in sort_types(types))
                )
                note = f"So {subject.name} {'can make' if yes else 'doesn’t make'} {what} here."
                return ruling.model_copy(
                    update={
                        "verdict": "yes" if yes else "no",
                        "steps": (*ruling.steps, Step(rule=Rule.COULD_PRODUCE, note=note)),
                    }
                )
            else:
                yes = wanted in types
                what = f"{{{wanted}}}"
            if (
                not yes
                and extra_types
                and mp.tapped_for_mana_triggers(state, subject.name).verdict in (None, "yes")
            ):
                # Fertile Ground's trigger adds a color the land itself can't make.
                return ruling.model_copy(
                    update={
                        "verdict": None,
                        "missing": (
                            f"whether the mana {', '.join(extra_types)} add(s) when "
                            f"{subject.name} is tapped for mana is what you ask about",
                        ),
                    }
                )
            note = f"So {subject.name} {'can' if yes else 'can’t'} make {what} here."
            return ruling.model_copy(
                update={
                    "verdict": "yes" if yes else "no",
                    "steps": (*ruling.steps, Step(rule=Rule.COULD_PRODUCE, note=note)),
                }
            )

        def run_resolved() -> Ruling:
            return _resolved(run(), extra)

        return Scenario(name, kind, 0.85, _noted(run_resolved, board.identity), board.names)


_ELLIPTICAL = (
    r"^\W*(?:(?:so|and|then|ok|okay)\W+)?(?:CARD\s*[:,-]\s*)?(?:what|which)?\s*"
    r"(?:colou?rs?|types?|kinds?)"
    r"(?: of mana)?(?: (?:then|now|here))?\W*$"
)


def _relative_source(q: Question) -> CardMention | None:
    """The permanent a verbless "what colors?" asks about: the one named card whose mana hangs
    on other permanents (Fellwar Stone, Star Compass, Mox Amber), else the one mana source."""
    sources = {m.name: m for m in q.cards if _makes_mana(m)}
    relative = [
        m
        for m in sources.values()
        if any(
            isinstance(a, Activated)
            and a.mana is not None
            and (a.mana.could is not None or a.mana.among is not None)
            for a in m.abilities()
        )
    ]
    if len(relative) == 1:
        return relative[0]
    return next(iter(sources.values())) if len(sources) == 1 and not relative else None


def _a_land_you_control() -> Permanent:
    """An unnamed land of the asker's: what a replacement on "a land" is tried on."""
    return Permanent(
        name="a land you control",
        types=frozenset({"Land"}),
        abilities=(
            Activated(
                text="{T}: Add {C}.",
                cost=Cost(tap=True),
                effect="Add {C}.",
                mana=ManaProduction(choice="fixed", symbols=("C",)),
            ),
        ),
    )
