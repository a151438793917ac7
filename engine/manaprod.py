"""Mana production: what permanents could produce, what tapping them for mana yields, and why."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from engine.abilities import (
    CHOSEN_COLOR,
    Ability,
    Activated,
    Cost,
    CouldProduce,
    GrantedManaAbility,
    LandTypeChange,
    ManaDoubling,
    ManaProduction,
    ManaReplacement,
    TappedForManaTrigger,
    Whose,
)
from engine.card import BASIC_LAND_TYPES
from engine.lazyre import lazy
from engine.mana import ALL_TYPES, COLORS, ManaType, sort_types
from engine.model import GameState, Permanent
from engine.ruling import Rule, Ruling, Step, Trace

Bag = tuple[ManaType, ...]
TapAction = Literal[
    "mana_ability",
    "mana_ability_no_tap",
    "convoke",
    "crew",
    "tap_others",
    "non_mana_ability",
    "effect",
    "attack",
    "spell",
]

_MAX_PERMUTED = 5


def types_verdict(types: Iterable[ManaType]) -> str:
    """Mana types as WUBRGC letters, or ``"none"`` when there are none."""
    letters = sort_types(types)
    return letters or "none"


def mana_text(bag: Iterable[ManaType]) -> str:
    """``{G}{G}`` for a bag of mana; ``no mana`` when empty."""
    counts = Counter(bag)
    out = "".join(f"{{{t}}}" * counts[t] for t in ALL_TYPES)
    return out or "no mana"


def _bag(types: Iterable[ManaType]) -> Bag:
    order = {t: i for i, t in enumerate(ALL_TYPES)}
    return tuple(sorted(types, key=order.__getitem__))


def _letters(symbol: str) -> list[ManaType]:
    return [ManaType(ch) for ch in symbol.upper() if ch in "WUBRGC"]


def _intrinsic(basic_type: str) -> Activated:
    sym = BASIC_LAND_TYPES[basic_type]
    return Activated(
        text=f"{{T}}: Add {{{sym}}}.",
        cost=Cost(tap=True),
        effect=f"Add {{{sym}}}.",
        mana=ManaProduction(choice="fixed", symbols=(sym,)),
        intrinsic=True,
    )


# -- which permanents a phrase like "nonbasic lands" or "a land you control" means ------------

_FILLER = frozenset({"each", "all", "a", "an", "the", "of", "that", "is", "are", "and"})
_CARD_TYPES = {
    "land": "Land",
    "creature": "Creature",
    "artifact": "Artifact",
    "enchantment": "Enchantment",
    "planeswalker": "Planeswalker",
}
_BASIC_WORDS = {k.casefold(): k for k in BASIC_LAND_TYPES}


def _singular(word: str) -> str:
    if word in _BASIC_WORDS:
        # "Plains" is singular too.
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _whose_ok(whose: Whose, p: Permanent, player: str) -> bool:
    if whose == "you":
        return p.controller == player
    if whose == "opponent":
        return p.controller != player
    return True


def _matches(
    subject: str, p: Permanent, subtypes: frozenset[str], source: Permanent, whose: Whose = "any"
) -> bool | None:
    """Whether ``p`` is one of the permanents ``subject`` describes, seen from ``source``;
    None when the phrase needs facts the position doesn't hold (attachments, targets)."""
    s = subject.casefold()
    if re.search(r"\byou control\b", s):
        whose = "you"
        s = re.sub(r"\byou control\b", " ", s)
    if re.search(r"\b(?:an opponent|your opponents?|opponents?) controls?\b", s):
        whose = "opponent"
        s = re.sub(r"\b(?:an opponent|your opponents?|opponents?) controls?\b", " ", s)
    # "each Elf on the battlefield": every permanent is there, whoever controls it.
    s = re.sub(r"\bon the battlefield\b", " ", s)
    if not _whose_ok(whose, p, source.controller):
        return False
    matched_any = False
    # "enchanted Forest" with no attachment known: still not a creature, whatever it enchants.
    unknown = False
    for raw in re.findall(r"[a-z]+", s):
        if raw in _FILLER:
            continue
        word = _singular(raw)
        if word in {"enchanted", "equipped", "attached"} and source.attached_to is not None:
            # The position says what the Aura or Equipment is attached to.
            if p.name.casefold() != source.attached_to.casefold():
                return False
            matched_any = True
            continue
        if word in {"enchanted", "equipped", "target", "chosen", "attached"}:
            unknown = True
            continue
        if word in {"other", "another"}:
            if p is source:
                return False
            continue
        if word == "this":
            return p is source
        if word == "permanent":
            matched_any = True
            continue
        negated = word.startswith("non")
        base = word[3:] if negated else word
        if base == "basic":
            ok = ("Basic" in p.supertypes) != negated
        elif base == "token":
            ok = p.token != negated
        elif base in _CARD_TYPES:
            ok = (_CARD_TYPES[base] in p.types) != negated
        elif base in _BASIC_WORDS:
            ok = (_BASIC_WORDS[base] in subtypes) != negated
        elif base in {_singular(t.casefold()) for t in subtypes}:
            ok = not negated
        elif base in {_singular(t.casefold()) for t in source.subtypes}:
            # "a Gate you control", said by a Gate: the word is a subtype, and ``p`` lacks it.
            ok = negated
        else:
            return None
        if not ok:
            return False
        matched_any = True
    return None if unknown or not matched_any else True


# -- the position after static effects: land types (305.6, 305.7) and granted abilities -----


@dataclass
class _View:
    perm: Permanent
    subtypes: frozenset[str]
    own: tuple[Ability, ...]
    intrinsic: tuple[str, ...] = ()
    set_by: str | None = None
    added_by: tuple[str, ...] = ()
    granted: tuple[tuple[str, Activated], ...] = ()

    @property
    def abilities(self) -> tuple[Ability, ...]:
        return (
            *self.own,
            *(_intrinsic(t) for t in self.intrinsic),
            *(a for _, a in self.granted),
        )

    @property
    def mana_abilities(self) -> tuple[Activated, ...]:
        return tuple(a for a in self.abilities if isinstance(a, Activated) and a.mana is not None)


def _new_types(text: str) -> frozenset[str]:
    low = text.casefold()
    if re.search(r"\b(?:every|all|each) basic land types?\b", low):
        return frozenset(BASIC_LAND_TYPES)
    return frozenset(
        _BASIC_WORDS[_singular(w)]
        for w in re.findall(r"[a-z]+", low)
        if _singular(w) in _BASIC_WORDS
    )


@dataclass
class _Board:
    views: list[_View]
    undecided: list[str] = field(default_factory=list)


def _board(state: GameState) -> _Board:
    perms = [p for p in state.battlefield if not p.phased_out]
    views = [
        _View(
            perm=p,
            subtypes=p.subtypes,
            own=tuple(a for a in p.abilities if not (isinstance(a, Activated) and a.intrinsic)),
        )
        for p in perms
    ]
    board = _Board(views)

    def hits(subject: str, v: _View, src: _View, whose: Whose = "any") -> bool:
        found = _matches(subject, v.perm, v.subtypes, src.perm, whose)
        if found is None:
            note = f"which permanent {src.perm.name}'s '{subject}' means"
            if note not in board.undecided:
                board.undecided.append(note)
        return bool(found)

    # Effects that set land types (Blood Moon) apply first: they strip the rules-text
    # abilities of the lands they hit, including any land-type effects those lands had.
    setters: dict[int, list[tuple[Permanent, frozenset[str]]]] = {}
    for src in views:
        for a in src.own:
            if isinstance(a, LandTypeChange) and a.replaces:
                for i, v in enumerate(views):
                    if "Land" in v.perm.types and hits(a.subject, v, src):
                        setters.setdefault(i, []).append((src.perm, _new_types(a.new_type)))
    for i, found in setters.items():
        v = views[i]
        if len({types for _, types in found}) > 1:
            board.undecided.append(
                f"which of {', '.join(s.name for s, _ in found)} applies last to {v.perm.name} "
                "(timestamp order)"
            )
        setter, types = found[-1]
        v.subtypes = types
        v.own = ()
        v.set_by = setter.name
    for src in views:
        for a in src.own:
            if isinstance(a, LandTypeChange) and not a.replaces:
                for v in views:
                    if "Land" in v.perm.types and hits(a.subject, v, src):
                        if v.set_by is not None and not _new_types(a.new_type) <= v.subtypes:
                            # Blood Moon and Prismatic Omen: both in layer 4, neither
                            # depending on the other, so the later one wins (613.7).
                            board.undecided.append(
                                f"whether {v.set_by} or {src.perm.name} came later "
                                f"(timestamp order decides {v.perm.name}'s land types)"
                            )
                        v.subtypes = v.subtypes | _new_types(a.new_type)
                        v.added_by = (*v.added_by, src.perm.name)
    for v in views:
        if "Land" in v.perm.types:
            v.intrinsic = tuple(t for t in BASIC_LAND_TYPES if t in v.subtypes)
    for src in views:
        for a in src.own:
            if isinstance(a, GrantedManaAbility):
                for v in views:
                    if hits(a.subject, v, src, a.whose):
                        v.granted = (*v.granted, (src.perm.name, a.ability))
    return board


def _find(board: _Board, name: str) -> int:
    for i, v in enumerate(board.views):
        if v.perm.name.casefold() == name.casefold():
            return i
    from engine.errors import UnknownCardError

    raise UnknownCardError(name)


# -- what one mana ability would produce ------------------------------------------------------


@dataclass
class _Options:
    bags: set[Bag]
    uncertain: bool = False
    sources: tuple[int, ...] = ()


def _amount(prod: ManaProduction, board: _Board, me: _View) -> int | None:
    if isinstance(prod.amount, int):
        return prod.amount
    if prod.per:
        said = prod.per.casefold()
        if re.search(r"\bequal to (?:cardname|this \w+|its|[^.]*?'s) power\b", said) and (
            "cardname" in said or "this " in said or "its power" in said
        ):
            return me.perm.current_power
        counters = re.search(r"\bfor each (\S+) counter on (?:cardname|this \w+|it)\b", said)
        if counters:
            return me.perm.counter(counters.group(1))
        per = re.sub(r"^\s*for each\s+", "", prod.per.casefold())
        count = 0
        for v in board.views:
            hit = _matches(per, v.perm, v.subtypes, me.perm)
            if hit is None:
                return None
            count += bool(hit)
        return count
    return None


def _referenced(could: CouldProduce, board: _Board, me: _View) -> tuple[list[int], bool]:
    found: list[int] = []
    unsure = False
    for i, v in enumerate(board.views):
        hit = _matches(could.what, v.perm, v.subtypes, me.perm, could.whose)
        if hit is None:
            unsure = True
        elif hit:
            found.append(i)
    return found, unsure


_CONTROL_LIST = lazy(r"^you control (?P<items>.+)$")
_PROPER_ITEM = lazy(r"^an? (?P<what>[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*)$")
_HAS_COUNTER = lazy(
    r"^(?:this|cardname) (?:creature|artifact|land|permanent) has an? (?P<kind>\S+) counters? on it$",
    re.I,
)


def _condition(text: str, board: _Board, me: _View) -> bool | None:
    """Whether an "If ..., add ... instead" condition holds in the position; None when it
    speaks of something the position doesn't tell (a land played this turn, power)."""
    counter = _HAS_COUNTER.match(text)
    if counter:
        return me.perm.counter(counter["kind"]) > 0
    listed = _CONTROL_LIST.match(text)
    if not listed:
        return None
    for item in re.split(r",? and ", listed["items"]):
        proper = _PROPER_ITEM.match(item.strip())
        if proper is None:
            return None
        words = {w.casefold().replace("’", "'") for w in proper["what"].split()}
        whole = proper["what"].casefold().replace("’", "'")
        if not any(
            v.perm.controller == me.perm.controller
            and (
                v.perm.name.casefold().replace("’", "'") == whole
                or words <= {t.casefold().replace("’", "'") for t in v.subtypes}
            )
            for v in board.views
        ):
            return False
    return True


def _options(
    prod: ManaProduction, board: _Board, me: _View, could: Sequence[frozenset[ManaType]]
) -> _Options:
    if prod.instead is not None and prod.instead_if:
        holds = _condition(prod.instead_if, board, me)
        base = prod.model_copy(update={"instead": None, "instead_if": None})
        if holds is None:
            opts = _options(base, board, me, could)
            return _Options(opts.bags, True, opts.sources)
        return _options(prod.instead if holds else base, board, me, could)
    amount = _amount(prod, board, me)
    uncertain = amount is None
    n = 1 if amount is None else amount
    if n <= 0:
        return _Options({()}, uncertain)
    if prod.choice == "fixed":
        letters = [t for s in prod.symbols for t in _letters(s)]
        bag = letters * n if len(letters) == 1 else letters
        return _Options({_bag(bag)}, uncertain)
    if prod.choice == "one_of":
        bags = set()
        for s in prod.symbols:
            letters = _letters(s)
            bags.add(_bag(letters * n if len(letters) == 1 else letters))
        return _Options(bags, uncertain)
    if prod.choice == "each_color_among" and prod.among:
        # Faeburrow Elder: one mana of each color among the permanents it names (105.2).
        found, unsure_among = _among_colors(prod.among, board, me)
        return _Options({_bag(found)}, uncertain or unsure_among)
    if prod.choice in {"any_color", "any_type", "combination", "different_colors", "chosen_color"}:
        if prod.choice == "any_type":
            pool: Sequence[ManaType] = ALL_TYPES
        elif prod.choice == "combination" and prod.symbols:
            pool = [t for s in prod.symbols for t in _letters(s)]
        else:
            pool = COLORS
        if prod.choice == "different_colors":
            return _Options({_bag(c) for c in itertools.combinations(pool, n)}, uncertain)
        if prod.choice == "any_color" and prod.among and prod.among.endswith(" you control"):
            # Mox Amber: the colors of the permanents it names (106.7, 105.2).
            found, unsure_among = _among_colors(prod.among, board, me)
            return _Options({(t,) * n for t in found}, uncertain or unsure_among)
        unsure = uncertain or prod.among is not None or prod.choice == "chosen_color"
        return _Options({(t,) * n for t in pool}, unsure)
    if prod.choice == "could_produce" and prod.could is not None:
        refs, unsure = _referenced(prod.could, board, me)
        types: set[ManaType] = set()
        for i in refs:
            types |= could[i]
        if prod.could.kind == "color":
            types.discard(ManaType.C)
        return _Options({(t,) * n for t in types}, uncertain or unsure, tuple(refs))
    return _Options(set(), True)


_COLOR_SAID = lazy(
    r"\bcolou?r indicator\b|\bis (all colou?rs|every colou?r|white|blue|black|red|green|colorless)\b",
    re.I,
)
_GROUP_WORDS = {"legendary": "Legendary"}


def _permanent_colors(p: Permanent) -> frozenset[ManaType] | None:
    """A permanent's colors from its mana cost (202.2); None when its card may say otherwise
    (a color indicator, devoid, "is all colors", another face)."""
    card = p.card
    if card is None or len(card.faces) != 1 or p.copy_of is not None:
        return None
    face = card.faces[0]
    if _COLOR_SAID.search(face.oracle_text):
        return None
    if face.mana_cost.is_empty:
        # A land has no mana cost and, unless a color indicator gives it one (Dryad Arbor, a
        # creature), no color.
        plain_land = "Land" in p.types and "Creature" not in card.types
        return frozenset() if plain_land else None
    if any(k.casefold() == "devoid" for k in card.keywords):
        return frozenset()
    letters = {c for part in face.mana_cost.parts for c in part.upper() if c in "WUBRG"}
    return frozenset(ManaType(c) for c in letters)


def _among_colors(among: str, board: _Board, me: _View) -> tuple[frozenset[ManaType], bool]:
    """The colors among "legendary creatures and planeswalkers you control": each group's
    words are all met by the permanent (a supertype, then a card type)."""
    groups = [
        g.split()
        for g in re.split(r",\s*(?:and |or )?|\s+(?:and|or)\s+", among.removesuffix(" you control"))
    ]
    colors: set[ManaType] = set()
    unsure = False
    for v in board.views:
        if v.perm.controller != me.perm.controller:
            continue
        fits = False
        for words in groups:
            ok = True
            for raw in words:
                word = _singular(raw)
                if word in _GROUP_WORDS:
                    ok = ok and _GROUP_WORDS[word] in v.perm.supertypes
                elif word == "permanent":
                    continue
                elif word in _CARD_TYPES:
                    ok = ok and _CARD_TYPES[word] in v.perm.types
                else:
                    return frozenset(), True
            fits = fits or ok
        if not fits:
            continue
        found = _permanent_colors(v.perm)
        if found is None:
            unsure = True
        else:
            colors |= found
    return frozenset(colors), unsure


@dataclass(frozen=True)
class _Replacement:
    source: str
    effect: ManaReplacement | ManaDoubling


def _replacements(board: _Board, me: _View, ability: Activated) -> tuple[list[_Replacement], bool]:
    """Replacements on 'tapped for mana' that apply to this ability (106.12b)."""
    if not ability.cost.tap:
        return [], False
    found: list[_Replacement] = []
    unsure = False
    for src in board.views:
        for a in src.abilities:
            if isinstance(a, ManaReplacement | ManaDoubling):
                hit = _matches(a.applies_to, me.perm, me.subtypes, src.perm, a.whose)
                if hit is None:
                    unsure = True
                elif hit:
                    found.append(_Replacement(src.perm.name, a))
    return found, unsure


def _apply(rep: _Replacement, bag: Bag, board: _Board, me: _View) -> set[Bag]:
    if not bag:
        return {bag}
    eff = rep.effect
    if isinstance(eff, ManaDoubling):
        return {_bag(list(bag) * eff.factor)}
    made = _options(eff.produces, board, me, [frozenset()] * len(board.views)).bags
    if eff.amount:
        return made
    # Only the type is replaced: each mana becomes one of the replacement's.
    singles = sorted({t for b in made for t in b})
    return {_bag(c) for c in itertools.combinations_with_replacement(singles, len(bag))}


def _after_replacements(
    bags: set[Bag], reps: list[_Replacement], board: _Board, me: _View
) -> set[Bag]:
    """Every result the replacements can give, in any order (106.7, 616.1)."""
    if not reps:
        return set(bags)
    out: set[Bag] = set()
    orders = itertools.permutations(reps) if len(reps) <= _MAX_PERMUTED else [tuple(reps)]
    for order in orders:
        current = set(bags)
        for rep in order:
            current = {r for b in current for r in _apply(rep, b, board, me)}
        out |= current
    return out


@dataclass
class _AbilityResult:
    ability: Activated
    before: set[Bag]
    after: set[Bag]
    reps: list[_Replacement]
    uncertain: bool
    sources: tuple[int, ...]


def _resolve(
    board: _Board, i: int, ability: Activated, could: Sequence[frozenset[ManaType]]
) -> _AbilityResult:
    me = board.views[i]
    assert ability.mana is not None
    opts = _options(ability.mana, board, me, could)
    reps, unsure = _replacements(board, me, ability)
    after = _after_replacements(opts.bags, reps, board, me)
    uncertain = opts.uncertain or unsure or _conditional_production(ability)
    return _AbilityResult(ability, opts.bags, after, reps, uncertain, opts.sources)


def _with_option(board: _Board, i: int, res: _AbilityResult, option: Bag) -> _AbilityResult | None:
    """``res`` narrowed to the one option its ability is said to have been activated for
    (Graven Cairns for {B}{R}), before replacement effects change it; None if it has none such."""
    want = sorted(option)
    before = {b for b in res.before if sorted(b) == want}
    if not before:
        return None
    after = _after_replacements(before, res.reps, board, board.views[i])
    return replace(res, before=before, after=after)


_LATER_SENTENCE = lazy(r"(?<=\.)\s+")
_CHANGES_PRODUCTION = lazy(r"\binstead\b|\badds?\b", re.I)


def _conditional_production(ability: Activated) -> bool:
    """Whether the ability's text changes what it adds in a later sentence ("If you control
    an Urza's Mine ..., add {C}{C}{C} instead"): the parsed production is then only one case."""
    if ability.mana is not None and ability.mana.instead is not None:
        return False
    sentences = _LATER_SENTENCE.split(ability.effect.strip())
    # "Choose a color. Add ...": the sentences after the one that adds.
    first = next((n for n, s in enumerate(sentences) if _CHANGES_PRODUCTION.search(s)), 0)
    return any(_CHANGES_PRODUCTION.search(s) for s in sentences[first + 1 :])


def _types(bags: Iterable[Bag]) -> frozenset[ManaType]:
    return frozenset(t for b in bags for t in b)


def _fixpoint(board: _Board) -> tuple[list[frozenset[ManaType]], list[bool]]:
    """Least fixpoint of 'could produce' over the whole position (106.7): a permanent whose
    ability only mirrors others' types adds nothing unless something defines a type."""
    n = len(board.views)
    could: list[frozenset[ManaType]] = [frozenset()] * n
    changed = True
    while changed:
        changed = False
        for i, v in enumerate(board.views):
            found: set[ManaType] = set()
            for a in v.mana_abilities:
                found |= _types(_resolve(board, i, a, could).after)
            if frozenset(found) != could[i]:
                could[i] = frozenset(found)
                changed = True
    unsure = [
        any(_resolve(board, i, a, could).uncertain for a in v.mana_abilities)
        for i, v in enumerate(board.views)
    ]
    changed = True
    while changed:
        changed = False
        for i, v in enumerate(board.views):
            if unsure[i]:
                continue
            for a in v.mana_abilities:
                if any(unsure[j] for j in _resolve(board, i, a, could).sources):
                    unsure[i] = changed = True
    return could, unsure


_WHOSE_TEXT = {"you": " you control", "opponent": " an opponent controls", "any": ""}


def _symbols(types: Iterable[ManaType]) -> str:
    letters = sort_types(types)
    return "".join(f"{{{x}}}" for x in letters) if letters else "nothing"


def _describe(a: Activated) -> str:
    return a.text.strip() or "its mana ability"


def _ability_steps(
    t: Trace, board: _Board, i: int, res: _AbilityResult, could: Sequence[frozenset[ManaType]]
) -> None:
    v = board.views[i]
    name = v.perm.name
    prod = res.ability.mana
    assert prod is not None
    if res.ability.intrinsic:
        t.step(
            Rule.INTRINSIC_MANA,
            f"{name} has the basic land type(s) {', '.join(v.intrinsic)}, so it has "
            f"'{_describe(res.ability)}' even if its text box doesn't say so.",
        )
    if prod.choice == "could_produce" and prod.could is not None:
        refs = [board.views[j] for j in res.sources]
        listed = (
            "; ".join(
                f"{r.perm.name} could produce {_symbols(could[j])}"
                for r, j in zip(refs, res.sources, strict=True)
            )
            or "there are none"
        )
        t.step(
            Rule.COULD_PRODUCE,
            f"{name}'s ability makes mana of a {prod.could.kind} that a {prod.could.what}"
            f"{_WHOSE_TEXT[prod.could.whose]} could produce, ignoring costs: {listed}. Abilities "
            "that only mirror what other lands could produce don't define a type by themselves.",
            card=name,
        )
        mirrored = set().union(*(could[j] for j in res.sources)) if res.sources else set()
        if prod.could.kind == "color" and ManaType.C in mirrored:
            t.step(
                Rule.MANA_COLORS,
                f"Colorless is a type of mana but not a color, so {name} can't make {{C}} even "
                "though one of those lands could produce it.",
                card=name,
            )
    elif prod.choice == "any_color":
        t.step(
            Rule.MANA_COLORS,
            f"'{_describe(res.ability)}': any of the five colors, never colorless.",
        )
    for rep in res.reps:
        if isinstance(rep.effect, ManaDoubling):
            note = (
                f"{rep.source} replaces the mana {name} produces when tapped for mana with "
                f"{rep.effect.factor} times as much of that mana."
            )
        else:
            note = (
                f"{rep.source} replaces the mana {name} produces when tapped for mana "
                "(the type and amount change; 'instead' marks a replacement effect)."
            )
        t.step(Rule.TAPPED_FOR_MANA_REPLACEMENT, note, card=rep.source)
    if len(res.reps) > 1:
        t.step(
            Rule.REPLACEMENT_ORDER,
            f"Several replacement effects apply; {_chooser(v.perm.controller)} the order, "
            f"as {name}'s controller, and every order counts for what it could produce.",
        )


def _chooser(controller: str) -> str:
    if controller == "you":
        return "you choose"
    return f"{'your opponent' if controller == 'opponent' else controller} chooses"


def _land_type_steps(t: Trace, v: _View) -> None:
    if v.set_by:
        types = ", ".join(sorted(v.subtypes)) or "no basic land type"
        t.step(
            Rule.SET_LAND_TYPE,
            f"{v.set_by} sets {v.perm.name}'s land type to {types}: it loses the abilities from "
            "its rules text and its old land types, and gains the mana ability of its new type.",
            card=v.set_by,
        )
    for src in v.added_by:
        t.step(
            Rule.SET_LAND_TYPE,
            f"{src} gives {v.perm.name} more land types; it keeps its own and gains their mana "
            "abilities.",
            card=src,
        )
    for src, a in v.granted:
        t.step(
            Rule.MANA_ABILITY,
            f"{src} gives {v.perm.name} the mana ability '{_describe(a)}'; this isn't removed by "
            "effects that set its land type.",
            card=src,
        )


def rules_text_lost(state: GameState) -> frozenset[str]:
    """The permanents whose rules-text abilities an effect setting their land type removes
    (Blood Moon on Gaea's Cradle): what those abilities would count doesn't matter."""
    return frozenset(v.perm.name for v in _board(state).views if v.set_by is not None)


def land_type_change_applies(state: GameState, name: str, source: str) -> Ruling:
    """Whether ``source``'s land-type change applies to ``name`` (305.7): "yes"/"no"."""
    board = _board(state)
    v = board.views[_find(board, name)]
    t = Trace()
    _land_type_steps(t, v)
    applies = (v.set_by or "").casefold() == source.casefold() or any(
        s.casefold() == source.casefold() for s in v.added_by
    )
    if not applies:
        t.step(
            Rule.SET_LAND_TYPE,
            f"{source}'s land-type change doesn't apply to {v.perm.name}: it keeps its own land "
            "types and abilities.",
            card=source,
        )
    return _finish(t, "yes" if applies else "no", board, False)


def own_ability_after_type_change(state: GameState, name: str) -> Ruling:
    """305.7: whether ``name`` can still activate an ability from its own rules text when an
    effect may set its land type (Blood Moon on Mutavault): "no" when one does; unsure when
    none does, since the ability's own costs and timing then decide."""
    board = _board(state)
    v = board.views[_find(board, name)]
    t = Trace()
    _land_type_steps(t, v)
    if v.set_by is None:
        t.step(
            Rule.SET_LAND_TYPE,
            f"No effect sets {v.perm.name}'s land type, so it keeps the abilities of its rules "
            "text.",
        )
        return t.ruling(None, (f"whether anything else stops {v.perm.name}'s ability",))
    t.step(
        Rule.SET_LAND_TYPE,
        f"So {v.perm.name} has none of the abilities printed on it while {v.set_by}'s effect "
        "applies, and none of them can be activated.",
        card=v.perm.name,
    )
    return _finish(t, "no", board, False)


def could_produce(state: GameState, name: str) -> tuple[frozenset[ManaType], Ruling]:
    """The types of mana ``name`` could produce (106.7), after every static effect in play."""
    board = _board(state)
    i = _find(board, name)
    v = board.views[i]
    could, unsure = _fixpoint(board)
    t = Trace()
    _land_type_steps(t, v)
    abilities = v.mana_abilities
    if not abilities:
        t.step(Rule.MANA_ABILITY, f"{v.perm.name} has no mana ability, so it produces no mana.")
        t.step(Rule.COULD_PRODUCE, f"So there's no type of mana {v.perm.name} could produce.")
        return frozenset(), _finish(t, "none", board, unsure[i])
    empty_mirror = False
    for a in abilities:
        res = _resolve(board, i, a, could)
        _ability_steps(t, board, i, res, could)
        if not _types(res.after) and a.mana is not None and a.mana.choice == "could_produce":
            empty_mirror = True
    types = could[i]
    if empty_mirror and not types:
        t.step(
            Rule.MANA_UNDEFINED,
            f"No type of mana can be defined for {v.perm.name}'s ability, so activating it "
            "produces no mana.",
        )
    t.step(
        Rule.COULD_PRODUCE,
        f"So {v.perm.name} could produce "
        + (" ".join(f"{{{x}}}" for x in sort_types(types)) if types else "no type of mana")
        + ".",
    )
    return types, _finish(t, types_verdict(types), board, unsure[i])


def sacrificed_land_produces(
    state: GameState, source: str, land: str
) -> tuple[frozenset[ManaType], Ruling]:
    """The types ``source``'s 'any type the sacrificed land could produce' ability (Squandered
    Resources) can add when ``land`` is sacrificed for it: what that land could produce as it
    last existed on the battlefield (106.7)."""
    board = _board(state)
    v = board.views[_find(board, source)]
    ability = next(
        (
            a
            for a in v.mana_abilities
            if a.mana is not None
            and a.mana.choice == "could_produce"
            and a.mana.could is not None
            and a.mana.could.what == "sacrificed land"
        ),
        None,
    )
    if ability is None or ability.mana is None or ability.mana.could is None:
        return frozenset(), Trace().ruling(
            None, (f"an ability of {source} adding mana a sacrificed land could produce",)
        )
    types, ruling = could_produce(state, land)
    if ability.mana.could.kind == "color":
        types = frozenset(x for x in types if x != ManaType.C)
    t = Trace()
    t.extend(ruling.steps)
    shown = " ".join(f"{{{x}}}" for x in sort_types(types)) or "no type of mana"
    t.step(
        Rule.COULD_PRODUCE,
        f"{source}'s ability adds one mana of any {ability.mana.could.kind} the sacrificed land "
        f"could produce, so sacrificing {land} gives {shown}.",
        card=source,
    )
    return types, t.ruling(types_verdict(types) if ruling.verdict else None, ruling.missing)


def _finish(t: Trace, verdict: str, board: _Board, unsure: bool) -> Ruling:
    missing = list(board.undecided)
    if unsure:
        missing.append(
            "facts an ability depends on (a chosen color, a variable amount, or "
            "what an Aura is attached to)"
        )
    if missing:
        return t.ruling(None, tuple(missing))
    return t.ruling(verdict)


# -- producing mana: one activation, with replacements and triggers ---------------------------


def _pick(abilities: Sequence[Activated], index: int | None) -> Activated | None:
    if index is not None:
        return abilities[index] if 0 <= index < len(abilities) else None
    for a in abilities:
        if a.cost.tap:
            return a
    return abilities[0] if abilities else None


def _triggers(board: _Board, i: int) -> list[tuple[str, TappedForManaTrigger]]:
    return _trigger_matches(board, i)[0]


def _triggers_unsure(board: _Board, i: int) -> bool:
    """Whether some 'tapped for mana' trigger may apply on facts the position lacks."""
    return _trigger_matches(board, i)[1]


def _trigger_matches(board: _Board, i: int) -> tuple[list[tuple[str, TappedForManaTrigger]], bool]:
    me = board.views[i]
    unsure = False
    found: list[tuple[str, TappedForManaTrigger]] = []
    for src in board.views:
        for a in src.abilities:
            if not isinstance(a, TappedForManaTrigger):
                continue
            subject = a.applies_to
            if a.of_type and _singular(a.of_type.casefold()) in _BASIC_WORDS:
                # "Whenever a Forest is tapped for mana": a land type, not a mana type.
                subject = f"{subject} {a.of_type}"
            hit = _matches(subject, me.perm, me.subtypes, src.perm, a.whose)
            several = _new_types(a.of_type or "")
            if hit and len(several) > 1:
                # "taps a Mountain, Forest, or Plains for mana": one of those land types.
                hit = bool(several & me.subtypes)
            if hit and a.of_type == CHOSEN_COLOR:
                # Which color was chosen as it entered isn't in the position.
                hit = None
            if hit is None:
                unsure = True
            elif hit:
                found.append((src.perm.name, a))
    return found, unsure


def produce(
    state: GameState,
    name: str,
    *,
    ability: int | None = None,
    choose: ManaType | None = None,
    option: Bag | None = None,
) -> tuple[dict[ManaType, int], Ruling]:
    """Tap ``name`` for mana once: the mana added by type, after replacement effects (106.12b)
    and 'tapped for mana' triggers (106.12a). ``choose`` picks the type where there's a choice,
    ``option`` the whole mana the ability is activated for ({B}{R} of a filter land);
    otherwise the largest result is shown. The verdict is the total amount."""
    board = _board(state)
    i = _find(board, name)
    v = board.views[i]
    could, unsure = _fixpoint(board)
    t = Trace()
    _land_type_steps(t, v)
    picked = _pick(v.mana_abilities, ability)
    if ability is None and choose is not None:
        # "Tap Tundra for {U}": the ability that can make the chosen type.
        for a in v.mana_abilities:
            if a.cost.tap and any(choose in b for b in _resolve(board, i, a, could).after):
                picked = a
                break
    if ability is None and option is not None:
        # "Tap Graven Cairns for {B}{R}": the ability that has that option.
        for a in v.mana_abilities:
            if a.cost.tap and _with_option(board, i, _resolve(board, i, a, could), option):
                picked = a
                break
    if picked is None:
        t.step(
            Rule.MANA_ABILITY, f"{v.perm.name} has no mana ability, so it can't be tapped for mana."
        )
        return {}, t.ruling("0")
    if ability is None and choose is None and option is None:
        made = {
            max((len(b) for b in _resolve(board, i, a, could).after), default=0)
            for a in v.mana_abilities
            if a.cost.tap
        }
        if len(made) > 1:
            # Graven Cairns: {C}, or two mana for {B/R}; which one was activated decides it.
            return {}, t.ruling(
                None,
                (
                    f"which of {v.perm.name}'s mana abilities is activated (they make different "
                    "amounts)",
                ),
            )
    res = _resolve(board, i, picked, could)
    if option is not None:
        narrowed = _with_option(board, i, res, option)
        if narrowed is None:
            return {}, t.ruling(None, (f"whether {v.perm.name} can add {mana_text(option)}",))
        res = narrowed
    _ability_steps(t, board, i, res, could)
    if not picked.cost.tap:
        as_tap = picked.model_copy(update={"cost": picked.cost.model_copy(update={"tap": True})})
        for rep in _replacements(board, v, as_tap)[0]:
            t.step(
                Rule.TAPPED_FOR_MANA_REPLACEMENT,
                f"{rep.source} only changes mana made by tapping a permanent for mana; "
                f"{v.perm.name}'s mana ability has no {{T}} in its cost, so it doesn't apply.",
                card=rep.source,
            )
    candidates = res.after
    if choose is not None:
        chosen = {b for b in candidates if choose in b}
        candidates = chosen or candidates
    bag: Bag = max(candidates, key=lambda b: (len(b), b), default=())
    if not bag:
        mirrors = picked.mana is not None and picked.mana.choice == "could_produce"
        if mirrors and not res.before - {()}:
            t.step(
                Rule.MANA_UNDEFINED,
                f"The type of mana {v.perm.name}'s ability would make "
                "is undefined, so it produces no mana.",
            )
        else:
            t.step(Rule.MANA_ABILITY, f"{v.perm.name}'s ability produces no mana here.")
        if picked.cost.tap and _triggers(board, i):
            t.step(
                Rule.TAPPED_FOR_MANA_TRIGGER,
                "'Tapped for mana' triggers only trigger when "
                "the mana ability produces mana, so none trigger.",
            )
        return {}, _finish(t, "0", board, unsure[i])
    if len(res.reps) > 1 and len({len(b) for b in res.after}) > 1:
        t.step(
            Rule.REPLACEMENT_ORDER,
            f"The order chosen changes the amount; applying them in "
            f"the best order gives {mana_text(bag)}.",
        )
    t.step(
        Rule.MANA_ABILITY if not picked.cost.tap else Rule.TAPPED_FOR_MANA,
        f"Activating '{_describe(picked)}' produces {mana_text(bag)}"
        + (
            # A Treasure's "any color": one of several results, shown as an example.
            f" (or {len(bag)} mana of another type it can make)."
            if len({b for b in candidates if len(b) == len(bag)}) > 1
            else "."
        ),
    )
    total: Counter[ManaType] = Counter(bag)
    extra_unsure = False
    # Mana a trigger adds whose type is a choice (Utopia Sprawl's chosen color): the amount
    # is known even when the type isn't.
    chosen_extra = 0
    if picked.cost.tap:
        for src, trig in _triggers(board, i):
            wanted = _mana_type_filter(trig.of_type)
            if wanted and not any(x in bag for x in wanted):
                t.step(
                    Rule.TAPPED_FOR_MANA_TRIGGER,
                    f"{src} only triggers on mana of type {trig.of_type}, which wasn't produced.",
                    card=src,
                )
                continue
            added = _trigger_mana(trig, bag)
            if added is None:
                n = trig.adds.amount if isinstance(trig.adds.amount, int) else None
                if n is None or trig.adds.choice == "could_produce":
                    extra_unsure = True
                    continue
                chosen_extra += n
                t.step(
                    Rule.TAPPED_FOR_MANA_TRIGGER,
                    f"{v.perm.name} was tapped for mana and produced mana, so {src} triggers "
                    f"and adds {n} more mana (of a type chosen for it); replacement effects on "
                    "tapping for mana don't change that mana.",
                    card=src,
                )
                _triggered_mana_steps(t, src)
                continue
            total.update(added)
            t.step(
                Rule.TAPPED_FOR_MANA_TRIGGER,
                f"{v.perm.name} was tapped for mana and "
                f"produced mana, so {src} triggers and adds {mana_text(added)}; that mana "
                "isn't produced by tapping a permanent, so replacement effects on tapping for "
                "mana don't change it.",
                card=src,
            )
            _triggered_mana_steps(t, src)
    counts = {m: total[m] for m in ALL_TYPES if total[m]}
    if picked.cost.tap and _triggers_unsure(board, i):
        extra_unsure = True
    amount = sum(counts.values()) + chosen_extra
    return counts, _finish(t, str(amount), board, unsure[i] or extra_unsure)


def tapped_mana(
    state: GameState, name: str, *, choose: ManaType | None = None, option: Bag | None = None
) -> tuple[dict[ManaType, int] | None, Ruling]:
    """The mana one tapping of ``name`` for mana gives, its triggers' mana included (106.12a,
    106.12b), when that is one result; None with an unsure ruling when it rests on a choice
    the position doesn't make (which ability, which type, a trigger's chosen type). ``choose``
    is the type the tapping is said to make, ``option`` all the mana its ability is activated
    for."""
    counts, ruling = produce(state, name, choose=choose, option=option)
    if ruling.verdict is None:
        return None, ruling
    board = _board(state)
    i = _find(board, name)
    v = board.views[i]
    could, _ = _fixpoint(board)
    results: set[Bag] = set()
    for a in v.mana_abilities:
        if not a.cost.tap:
            continue
        res = _resolve(board, i, a, could)
        if option is not None:
            narrowed = _with_option(board, i, res, option)
            res = narrowed if narrowed is not None else replace(res, after=set())
        after = res.after - {()}
        if choose is not None:
            after = {b for b in after if choose in b}
        results |= after
    if len(results) != 1:
        # None: it can't make the type it's said to be tapped for.
        return None, ruling.model_copy(
            update={"verdict": None, "missing": (f"which mana {v.perm.name} is tapped for",)}
        )
    if sum(counts.values()) != int(str(ruling.verdict)):
        return None, ruling.model_copy(
            update={"verdict": None, "missing": ("the type of mana a trigger adds",)}
        )
    return counts, ruling


def _triggered_mana_steps(t: Trace, src: str) -> None:
    t.step(
        Rule.TRIGGERED_MANA_ABILITY,
        f"{src}'s trigger is a triggered mana ability: it triggers from a mana ability and "
        "adds mana.",
    )
    t.step(Rule.TRIGGERED_MANA_NO_STACK, "So it doesn't use the stack and resolves right away.")


def replacement_order(state: GameState, name: str) -> Ruling:
    """616.1: whether the order of the replacement effects on tapping ``name`` for mana
    changes what it produces ("yes"/"no"); the steps say who chooses it."""
    board = _board(state)
    i = _find(board, name)
    v = board.views[i]
    could, unsure = _fixpoint(board)
    t = Trace()
    picked = _pick([a for a in v.mana_abilities if a.cost.tap], None)
    if picked is None or picked.mana is None:
        return t.ruling(None, (f"a mana ability of {v.perm.name} with {{T}} in its cost",))
    opts = _options(picked.mana, board, v, could)
    reps, reps_unsure = _replacements(board, v, picked)
    for rep in reps:
        t.step(
            Rule.TAPPED_FOR_MANA_REPLACEMENT,
            f"{rep.source} is a replacement effect on tapping {v.perm.name} for mana.",
            card=rep.source,
        )
    if len(reps) < 2:
        t.step(
            Rule.REPLACEMENT_ORDER,
            f"Only {len(reps)} replacement effect applies to tapping {v.perm.name} for mana, "
            "so there's no order to choose.",
        )
        return _finish(t, "no", board, unsure[i] or reps_unsure or opts.uncertain)
    if len(reps) > _MAX_PERMUTED:
        return t.ruling(None, ("the order of many replacement effects",))
    results: set[frozenset[Bag]] = set()
    for order in itertools.permutations(reps):
        current = set(opts.bags)
        for rep in order:
            current = {r for b in current for r in _apply(rep, b, board, v)}
        results.add(frozenset(current))
    matters = len(results) > 1
    t.step(
        Rule.REPLACEMENT_ORDER,
        f"{_chooser(v.perm.controller).capitalize()} the order they apply in, as the "
        f"controller of {v.perm.name}, the permanent tapped for mana; "
        + (
            "the order changes the mana it produces."
            if matters
            else "each one multiplies or changes the mana the same way in any order, so the "
            "result is the same whichever order is chosen."
        ),
    )
    return _finish(t, "yes" if matters else "no", board, unsure[i] or reps_unsure or opts.uncertain)


def _mana_type_filter(of_type: str | None) -> list[ManaType]:
    """The mana types a trigger's 'tapped for [type] mana' asks for; [] when it names none."""
    if not of_type or _singular(of_type.casefold()) in _BASIC_WORDS:
        return []
    words = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}
    low = of_type.casefold()
    found = [ManaType(v) for k, v in words.items() if k in low]
    return found or [t for t in _letters(of_type) if f"{{{t}}}" in of_type.upper()]


def _trigger_mana(trig: TappedForManaTrigger, produced: Bag) -> Bag | None:
    prod = trig.adds
    n = prod.amount if isinstance(prod.amount, int) else None
    if n is None:
        return None
    if prod.choice == "same_as_produced":
        return (produced[0],) * n
    if prod.choice == "fixed":
        letters = [x for s in prod.symbols for x in _letters(s)]
        return _bag(letters * n if len(letters) == 1 else letters)
    if prod.choice in {"any_color", "chosen_color", "one_of", "any_type", "combination"}:
        # Only the amount is certain here; the type is the player's or an earlier choice.
        return None
    return None


def tapped_for_mana_triggers(state: GameState, name: str) -> Ruling:
    """Whether tapping ``name`` for mana triggers any 'tapped for mana' abilities (106.12a)."""
    board = _board(state)
    i = _find(board, name)
    v = board.views[i]
    could, unsure = _fixpoint(board)
    t = Trace()
    triggers = _triggers(board, i)
    if _triggers_unsure(board, i):
        unsure[i] = True
    picked = _pick(v.mana_abilities, None)
    if picked is None or not picked.cost.tap:
        t.step(
            Rule.TAPPED_FOR_MANA,
            f"{v.perm.name} has no mana ability with {{T}} in its cost, "
            "so it can't be tapped for mana.",
        )
        return _finish(t, "no", board, unsure[i])
    res = _resolve(board, i, picked, could)
    _ability_steps(t, board, i, res, could)
    produced = any(res.after - {()})
    kept: list[tuple[str, TappedForManaTrigger]] = []
    for src, trig in triggers:
        # "Whenever a land is tapped for black mana": only when that type is produced.
        wanted = _mana_type_filter(trig.of_type)
        made = [b for b in res.after if b]
        hits = [any(x in b for x in wanted) for b in made]
        if not wanted or (hits and all(hits)):
            kept.append((src, trig))
        elif any(hits):
            unsure[i] = True
        else:
            t.step(
                Rule.TAPPED_FOR_MANA_TRIGGER,
                f"{src} only triggers on mana of type {trig.of_type}, which isn't produced.",
                card=src,
            )
    triggers = kept
    if not triggers:
        t.step(
            Rule.TAPPED_FOR_MANA_TRIGGER,
            f"Nothing in play triggers on {v.perm.name} being tapped for mana.",
        )
        return _finish(t, "no", board, unsure[i])
    names = ", ".join(s for s, _ in triggers)
    if not produced:
        t.step(Rule.MANA_UNDEFINED, f"{v.perm.name}'s ability can't produce any mana here.")
        t.step(
            Rule.TAPPED_FOR_MANA_TRIGGER,
            f"{names} only trigger(s) when the mana ability "
            "resolves and produces mana, so nothing triggers.",
            card=triggers[0][0],
        )
        return _finish(t, "no", board, unsure[i])
    t.step(Rule.TAPPED_FOR_MANA, f"Activating '{_describe(picked)}' taps {v.perm.name} for mana.")
    t.step(
        Rule.TAPPED_FOR_MANA_TRIGGER,
        f"It produces mana, so {names} trigger(s).",
        card=triggers[0][0],
    )
    return _finish(t, "yes", board, unsure[i])


def replacement_applies(state: GameState, name: str, source: str) -> Ruling:
    """Whether ``source``'s 'if tapped for mana' replacement changes the mana ``name`` makes
    when tapped for mana (106.12, 106.12b)."""
    board = _board(state)
    i = _find(board, name)
    v = board.views[i]
    could, unsure = _fixpoint(board)
    t = Trace()
    _land_type_steps(t, v)
    abilities = v.mana_abilities
    if not abilities:
        t.step(Rule.MANA_ABILITY, f"{v.perm.name} has no mana ability, so it makes no mana.")
        return _finish(t, "no", board, unsure[i])
    tapping = [a for a in abilities if a.cost.tap]
    if not tapping:
        t.step(
            Rule.TAPPED_FOR_MANA,
            f"{v.perm.name}'s mana ability has no {{T}} in its cost, so activating it isn't "
            f"tapping {v.perm.name} for mana.",
        )
        t.step(
            Rule.TAPPED_FOR_MANA_REPLACEMENT,
            f"{source}'s replacement only modifies mana made by tapping a permanent for mana, "
            "so it doesn't apply.",
            card=source,
        )
        return _finish(t, "no", board, unsure[i])
    applies = False
    for a in tapping:
        res = _resolve(board, i, a, could)
        if any(r.source.casefold() == source.casefold() for r in res.reps):
            applies = True
            _ability_steps(t, board, i, res, could)
            break
        reps_unsure = _replacements(board, v, a)[1]
        if reps_unsure:
            unsure[i] = True
    if not applies:
        t.step(
            Rule.TAPPED_FOR_MANA_REPLACEMENT,
            f"{source}'s replacement doesn't apply to {v.perm.name}: it isn't one of the "
            "permanents it names.",
            card=source,
        )
        return _finish(t, "no", board, unsure[i])
    t.step(
        Rule.TAPPED_FOR_MANA,
        f"Activating {v.perm.name}'s mana ability with {{T}} in its cost taps it for mana.",
    )
    return _finish(t, "yes", board, unsure[i])


# -- card-independent answers ---------------------------------------------------------------

_TAP_ACTION_NOTES: dict[str, tuple[tuple[Rule, str], ...]] = {
    "mana_ability": (
        (
            Rule.TAPPED_FOR_MANA,
            "Activating a mana ability with {T} in its cost is "
            "exactly what 'tapping it for mana' means.",
        ),
    ),
    "mana_ability_no_tap": (
        (
            Rule.TAPPED_FOR_MANA,
            "This mana ability has no {T} in its cost, so "
            "activating it isn't tapping the permanent for mana.",
        ),
    ),
    "convoke": (
        (
            Rule.CONVOKE_MEANING,
            "Convoke lets you tap a creature rather than pay mana: the "
            "creature is tapped as part of paying the spell's cost, and no mana ability of it is "
            "activated.",
        ),
        (
            Rule.TAPPED_FOR_MANA,
            "Tapping for mana means activating a mana ability with {T} in its "
            "cost, so a creature tapped for convoke isn't tapped for mana and produces no mana.",
        ),
    ),
    "crew": (
        (
            Rule.CREW_MEANING,
            "Crewing taps creatures to pay the Vehicle's crew cost; crew isn't a mana ability.",
        ),
        (
            Rule.TAPPED_FOR_MANA,
            "Tapping for mana means activating a mana ability of that "
            "permanent with {T} in its cost, so crewing isn't tapping for mana.",
        ),
    ),
    "tap_others": (
        (
            Rule.TAPPED_FOR_MANA,
            "A creature tapped to pay another permanent's cost ('Tap an "
            "untapped creature you control') isn't activating its own mana ability, so it isn't "
            "tapped for mana, even when that other ability makes mana.",
        ),
    ),
    "non_mana_ability": (
        (Rule.MANA_ABILITY, "An ability that can't add mana isn't a mana ability."),
        (
            Rule.TAPPED_FOR_MANA,
            "Only activating a mana ability with {T} in its cost is tapping for mana.",
        ),
    ),
    "effect": (
        (
            Rule.TAPPED_FOR_MANA,
            "A permanent tapped by a spell or ability isn't tapped for "
            "mana: no mana ability of it was activated.",
        ),
    ),
    "spell": (
        (
            Rule.TAPPED_FOR_MANA,
            "A spell that adds mana isn't a mana ability of a permanent: casting it taps "
            "nothing, so its mana isn't produced by tapping a permanent for mana.",
        ),
    ),
    "attack": (
        (
            Rule.TAPPED_FOR_MANA,
            "Attacking taps a creature but activates no mana ability, "
            "so it isn't tapping for mana.",
        ),
    ),
}


def is_tapped_for_mana(action: TapAction) -> Ruling:
    """Whether ``action`` counts as tapping a permanent for mana (106.12)."""
    t = Trace()
    for rule, note in _TAP_ACTION_NOTES[action]:
        t.step(rule, note)
    return t.ruling("yes" if action == "mana_ability" else "no")


def tapped_for_mana_trigger_rule(
    action: TapAction = "mana_ability", produced: bool = True
) -> Ruling:
    """Whether a 'whenever ... is tapped for mana' ability triggers, given how the permanent
    was tapped and whether mana was produced (106.12, 106.12a)."""
    first = is_tapped_for_mana(action)
    steps: list[Step] = list(first.steps)
    if first.verdict != "yes":
        steps.append(
            Step(
                rule=Rule.TAPPED_FOR_MANA_TRIGGER,
                note="It wasn't tapped for mana, so 'tapped for mana' abilities don't trigger.",
            )
        )
        return Ruling(verdict="no", steps=tuple(steps))
    if not produced:
        steps.append(
            Step(
                rule=Rule.TAPPED_FOR_MANA_TRIGGER,
                note="Such an ability triggers when "
                "the mana ability resolves and produces mana; one that produced no "
                "mana doesn't trigger it.",
            )
        )
        return Ruling(verdict="no", steps=tuple(steps))
    steps.append(
        Step(
            rule=Rule.TAPPED_FOR_MANA_TRIGGER,
            note="The mana ability resolved and produced mana, so the ability triggers.",
        )
    )
    return Ruling(verdict="yes", steps=tuple(steps))


def tapped_for_mana_replacement_rule(action: TapAction = "mana_ability") -> Ruling:
    """Whether an 'if tapped for mana' replacement (Mana Reflection) applies, given how the
    permanent was tapped (106.12, 106.12b)."""
    first = is_tapped_for_mana(action)
    steps: list[Step] = list(first.steps)
    if first.verdict != "yes":
        steps.append(
            Step(
                rule=Rule.TAPPED_FOR_MANA_REPLACEMENT,
                note="A replacement effect on tapping for mana only modifies the mana "
                "production of a mana ability with {T} in its cost; here no such ability "
                "produced mana, so it doesn't apply.",
            )
        )
        return Ruling(verdict="no", steps=tuple(steps))
    steps.append(
        Step(
            rule=Rule.TAPPED_FOR_MANA_REPLACEMENT,
            note="The replacement modifies the mana production event while that ability resolves.",
        )
    )
    return Ruling(verdict="yes", steps=tuple(steps))


def mana_ability_uses_stack(kind: Literal["activated", "triggered"] = "activated") -> Ruling:
    """Mana abilities don't use the stack and can't be responded to (605.3b, 605.4a)."""
    t = Trace()
    if kind == "activated":
        t.step(
            Rule.MANA_ABILITY,
            "An activated ability that could add mana, doesn't target and "
            "isn't a loyalty ability is a mana ability.",
        )
        t.step(
            Rule.MANA_ABILITY_NO_STACK,
            "An activated mana ability doesn't go on the stack: it "
            "resolves right after it's activated, so it can't be targeted, countered or "
            "responded to.",
        )
    else:
        t.step(
            Rule.TRIGGERED_MANA_ABILITY,
            "A triggered ability that doesn't target, triggers "
            "from a mana ability or from mana being added, and could add mana is a mana "
            "ability.",
        )
        t.step(
            Rule.TRIGGERED_MANA_NO_STACK,
            "A triggered mana ability doesn't go on the stack: "
            "it resolves right after the mana ability that triggered it, so it can't be "
            "responded to.",
        )
    return t.ruling("no")


AbilityClass = Literal["mana", "triggered_mana", "targeted", "loyalty", "no_mana"]


def classify_ability(ability: Ability) -> AbilityClass | None:
    """Which kind of ability this is for 605.1a/605.1b: None for kinds this can't tell."""
    if isinstance(ability, TappedForManaTrigger):
        return "triggered_mana"
    if not isinstance(ability, Activated):
        return None
    if ability.cost.loyalty is not None:
        return "loyalty"
    if ability.mana is not None:
        return "mana"
    if re.search(r"\btarget", ability.effect, re.I):
        return "targeted"
    if re.search(r"\badd\b|\bmana\b", ability.effect, re.I):
        # Doubling Cube: makes mana without the word the parser reads.
        return None
    return "no_mana"


_CLASS_NOTES: dict[str, tuple[Rule, str]] = {
    "mana": (
        Rule.MANA_ABILITY,
        "It's an activated ability that could add mana, doesn't target and isn't a loyalty "
        "ability, so it's a mana ability.",
    ),
    "triggered_mana": (
        Rule.TRIGGERED_MANA_ABILITY,
        "It's a triggered ability that triggers from a mana ability, could add mana and "
        "doesn't target, so it's a mana ability.",
    ),
    "targeted": (
        Rule.MANA_ABILITY,
        "A mana ability can't require a target; this ability targets, so it isn't a mana "
        "ability even though it may add mana.",
    ),
    "loyalty": (Rule.MANA_ABILITY, "A loyalty ability is never a mana ability."),
    "no_mana": (Rule.MANA_ABILITY, "It can't add mana, so it isn't a mana ability."),
}


def is_mana_ability(name: str, kind: AbilityClass) -> Ruling:
    """Whether an ability of ``name`` of this kind is a mana ability (605.1a, 605.1b)."""
    t = Trace()
    rule, note = _CLASS_NOTES[kind]
    t.step(rule, f"{name}: {note}", card=name)
    return t.ruling("yes" if kind in {"mana", "triggered_mana"} else "no")


def ability_uses_stack(name: str, kind: AbilityClass) -> Ruling:
    """Whether an ability of ``name`` of this kind uses the stack: mana abilities don't
    (605.3b, 605.4a); every other activated or triggered ability does (405.1)."""
    first = is_mana_ability(name, kind)
    t = Trace()
    for s in first.steps:
        t.step(s.rule, s.note, card=s.card)
    if kind == "mana":
        t.step(
            Rule.MANA_ABILITY_NO_STACK,
            "An activated mana ability doesn't go on the stack: it resolves right away, so it "
            "can't be countered or responded to.",
        )
        return t.ruling("no")
    if kind == "triggered_mana":
        t.step(
            Rule.TRIGGERED_MANA_NO_STACK,
            "A triggered mana ability doesn't go on the stack: it resolves right after the "
            "mana ability that triggered it.",
        )
        return t.ruling("no")
    t.step(
        Rule.STACK_ABILITIES,
        "Abilities that aren't mana abilities go on the stack when activated or put there when "
        "triggered, so players can respond to them.",
    )
    return t.ruling("yes")


def undefined_mana() -> Ruling:
    """Mana of an undefined type is no mana at all (106.5)."""
    t = Trace()
    t.step(
        Rule.MANA_UNDEFINED,
        "An ability that would produce mana of an undefined type produces no mana instead.",
    )
    return t.ruling("none")


def spell_uses_stack(name: str) -> Ruling:
    """605.5b: a spell that adds mana (Dark Ritual) is no mana ability; it uses the stack."""
    t = Trace()
    t.step(
        Rule.SPELL_NOT_MANA_ABILITY,
        f"{name} is a spell, and a spell is never a mana ability even when it adds mana: it's "
        "cast and resolves like any other spell.",
        card=name,
    )
    t.step(
        Rule.STACK_ABILITIES, f"So casting {name} puts it on the stack, and it can be responded to."
    )
    return t.ruling("yes")


def spell_mana_ability(name: str, *, mid_payment: bool) -> Ruling:
    """605.5b: a spell that adds mana (Manamorphose) is no mana ability, so it can't be cast
    while paying for another spell, when only mana abilities may be activated (601.2g, 605.3a).
    The verdict answers "is it a mana ability?" or, with ``mid_payment``, "can it be cast
    then?": no either way."""
    t = Trace()
    t.step(
        Rule.SPELL_NOT_MANA_ABILITY,
        f"{name} is a spell, and a spell is never a mana ability even when it adds mana.",
        card=name,
    )
    if mid_payment:
        t.step(
            Rule.PAYMENT_MANA_ABILITIES,
            "While a spell is being cast, the player paying its cost may only activate mana "
            "abilities before paying.",
        )
        t.step(
            Rule.MANA_ABILITY_TIMING,
            f"Only mana abilities can be used in the middle of casting a spell, so {name} can't "
            "be cast then; it has to be cast, and resolve, before the other spell is cast.",
            card=name,
        )
    return t.ruling("no")


def colorless_is_generic() -> Ruling:
    """107.4b-c: {C} is colorless mana (or a cost only colorless mana pays); generic costs take
    any type of mana. They aren't the same."""
    t = Trace()
    t.step(
        Rule.COLORLESS_SYMBOL,
        "{C} stands for one colorless mana, and in a cost for one that only colorless mana pays.",
    )
    t.step(
        Rule.GENERIC_MANA,
        "A generic cost ({1}, {2}, {X}) can be paid with any type of mana, colorless included, so "
        "colorless mana pays generic costs, but {C} in a cost isn't generic.",
    )
    return t.ruling("no")


def is_color(mana: ManaType) -> Ruling:
    """Whether a type of mana is a color: colorless is a type, not a color (106.1a, 106.1b)."""
    t = Trace()
    t.step(Rule.MANA_COLORS, "The five colors of mana are white, blue, black, red and green.")
    t.step(Rule.MANA_TYPES, "The six types of mana are those five colors and colorless.")
    return t.ruling("yes" if mana.is_color else "no")


def looks_at(
    name: str, could: CouldProduce, whose_lands: Literal["controller", "others"]
) -> Ruling:
    """Whether an ability that makes what "a land ... could produce" looks at its controller's
    lands or at other players' (106.7): the ability's own words say whose."""
    t = Trace()
    said = _WHOSE_TEXT[could.whose].strip() or "any player controls"
    t.step(
        Rule.COULD_PRODUCE,
        f"{name}'s ability makes a type of mana that a {could.what} {said} could produce.",
        card=name,
    )
    yes = could.whose == "any" or (could.whose == "you") == (whose_lands == "controller")
    lands = "its controller's" if whose_lands == "controller" else "other players'"
    t.step(
        Rule.COULD_PRODUCE,
        f"So {name} {'looks' if yes else 'doesn’t look'} at {lands} {could.what}s.",
    )
    return t.ruling("yes" if yes else "no")
