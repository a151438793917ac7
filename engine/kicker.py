"""Kicker and multikicker: paying kicker costs, total cost, mana value, X, copies and kicked triggers."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Literal, NamedTuple

from engine.abilities import CostChange, IfKicked, Kicker, Target
from engine.lazyre import lazy
from engine.mana import ManaCost
from engine.model import OPPONENT, GameState, Permanent, Spell
from engine.ruling import Rule, Ruling, Trace

EntryWay = Literal["cast", "alternative", "without_paying", "put", "copy"]
# How a spell with {X} in its mana cost is paid for: its mana cost, nothing ("without paying
# its mana cost"), an alternative cost without X (Jodah's), or one with X (Snapcaster's flashback).
XRoute = Literal["normal", "without_paying", "fixed_alternative", "alternative_with_x"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _cost_name(kicker: Kicker, index: int) -> str:
    text = str(kicker.costs[index]) if index < len(kicker.costs) else ""
    return f"{text} kicker" if text else "kicker"


def kicker_payments(kicker: Kicker, payments: Mapping[int, int], card: str | None = None) -> Ruling:
    """May the kicker costs be paid as often as ``payments`` says (cost index → times)?

    Each kicker cost is an additional cost paid at most once; "Kicker [A] and/or
    [B]" is two kicker costs, either or both of which may be paid; multikicker may
    be paid any number of times (CR 702.33a-d).
    """
    t = Trace()
    t.step(
        Rule.KICKER_MEANING, "Kicker is an additional cost you may pay as you cast the spell.", card
    )
    if len(kicker.costs) > 1:
        t.step(
            Rule.KICKER_AND_OR,
            f"The spell has {len(kicker.costs)} kicker costs; you may pay either or both of them.",
        )
    ok = True
    allowed: list[str] = []
    refused: list[str] = []
    for index, times in sorted(payments.items()):
        if times < 0:
            ok = False
            t.step(Rule.KICKER_MEANING, "A cost can't be paid a negative number of times.")
            continue
        if index >= len(kicker.costs):
            ok = False
            t.step(Rule.KICKER_AND_OR, f"The spell has no kicker cost number {index + 1} to pay.")
            continue
        name = _cost_name(kicker, index)
        if kicker.multi:
            t.step(
                Rule.MULTIKICKER,
                f"The {name} is a multikicker cost: paying it {_times(times)} is allowed.",
            )
        elif times > 1:
            ok = False
            refused.append(f"the {name} can be paid at most once, not {_times(times)}")
            t.step(
                Rule.KICKED,
                f"The {name} is an ordinary kicker cost: it can be paid at most once, not {_times(times)}.",
            )
            continue
        else:
            t.step(Rule.KICKED, f"Paying the {name} {_times(times)} is allowed.")
        allowed.append(f"the {name} {_times(times)}")
    if ok:
        t.step(Rule.KICKED, "So you may pay " + " and ".join(allowed) + ".")
    elif refused:
        t.step(Rule.KICKED, _cap("; ".join(refused)) + ".")
    return t.ruling("yes" if ok else "no")


def max_kicks(kicker: Kicker, card: str | None = None, one_cost: str | None = None) -> Ruling:
    """How many times a spell can be kicked: once per kicker cost; multikicker has no limit.
    ``one_cost`` asks about one of several kicker costs alone, which is paid at most once."""
    t = Trace()
    t.step(Rule.KICKER_MEANING, "Each kicker cost is an additional cost paid at most once.", card)
    if kicker.multi:
        t.step(
            Rule.MULTIKICKER,
            "A multikicker cost can be paid any number of times: there is no maximum.",
        )
        return t.ruling(None)
    if one_cost is not None:
        t.step(
            Rule.KICKER_AND_OR,
            f"The {one_cost} kicker is one of its {len(kicker.costs)} kicker costs; it can be "
            "paid at most once.",
        )
        return t.ruling("1")
    if len(kicker.costs) > 1:
        t.step(Rule.KICKER_AND_OR, f"It has {len(kicker.costs)} kicker costs, each payable once.")
    t.step(Rule.KICKED, f"So it can be kicked at most {_times(len(kicker.costs))}.")
    return t.ruling(str(len(kicker.costs)))


def no_kicker(card: str) -> Ruling:
    """A spell with no kicker ability can't be kicked: kicker is the spell's own ability (CR
    702.33a), and "kicked" means a kicker cost was paid (702.33d)."""
    t = Trace()
    t.step(
        Rule.KICKER_MEANING,
        f"Kicker is an ability of the spell itself; {card} has none, so there is no kicker cost "
        "to pay.",
        card,
    )
    t.step(Rule.KICKED, f"So {card} can't be kicked.")
    return t.ruling("no")


def kicked_status(payments: int, card: str | None = None) -> Ruling:
    """Is the spell kicked after this many kicker payments (CR 702.33d)?"""
    t = Trace()
    if payments > 0:
        t.step(Rule.KICKED, "A kicker cost was paid as it was cast, so the spell is kicked.", card)
        return t.ruling("yes")
    t.step(
        Rule.KICKED,
        "A spell is kicked only if its controller paid a kicker cost while casting it; none was paid.",
        card,
    )
    return t.ruling("no")


def kick_count(kicker: Kicker, payments: Mapping[int, int]) -> int:
    """How many times the spell is kicked (CR 702.33d): one per kicker payment."""
    return sum(max(0, n) for i, n in payments.items() if i < len(kicker.costs))


def _format_cost(cost: ManaCost) -> str:
    return str(cost) if not cost.is_empty else "{0}"


def total_cost(
    mana_cost: ManaCost,
    *,
    kicker: Kicker | None = None,
    kicked: Sequence[int] = (),
    alternative: ManaCost | None = None,
    alternative_name: str = "",
    without_paying: bool = False,
    increase: int = 0,
    reduction: int = 0,
    x: int | None = None,
    card: str | None = None,
    changes: Sequence[tuple[str, int]] = (),
) -> Ruling:
    """The total cost to cast a spell (CR 601.2f), verdict as a mana cost.

    ``changes`` are named cost changes ("Thalia, Guardian of Thraben", +1) that
    apply to this spell; they add to ``increase`` and ``reduction``.

    The base is the mana cost or one alternative cost (118.9, 118.9d); "without
    paying its mana cost" makes the base empty, but kicker may still be paid. Then
    kicker payments and cost increases are added, and generic reductions are taken
    off last; they never remove colored mana.
    """
    t = Trace()
    if without_paying:
        base = ManaCost()
        t.step(
            Rule.ALT_COST_PLUS_ADDITIONAL,
            "Cast without paying its mana cost: the base cost is zero, and additional costs "
            "such as kicker may still be paid.",
        )
    elif alternative is not None:
        base = alternative
        label = f" ({alternative_name})" if alternative_name else ""
        t.step(
            Rule.ALTERNATIVE_COST,
            f"The alternative cost{label} {alternative} replaces the mana cost.",
        )
        t.step(
            Rule.ALT_COST_PLUS_ADDITIONAL, "Additional costs, increases and reductions apply to it."
        )
    else:
        base = mana_cost
        t.step(Rule.TOTAL_COST, f"Start from the mana cost {_format_cost(mana_cost)}.", card)
    if base.has_x:
        if x is None:
            t.step(Rule.X_CHOSEN, "The cost has {X}; its value must be announced.")
            return t.ruling(None, missing=("the value of X",))
        base = base.with_x(x)
        t.step(Rule.X_CHOSEN, f"X is {x}, so {{X}} is paid as {x} generic mana.")
    total = base
    if kicked:
        if kicker is None:
            t.step(Rule.KICKER, "The spell has no kicker cost to pay.")
            return t.ruling(None, missing=("the kicker cost",))
        legal = kicker_payments(kicker, _payments(kicked))
        if legal.verdict != "yes":
            return Ruling(verdict=None, steps=t.ruling(None).steps + legal.steps)
        for index in kicked:
            cost = kicker.costs[index].mana
            if cost is None:
                t.step(Rule.KICKER, f"The {_cost_name(kicker, index)} isn't a mana cost.")
                continue
            total = total + cost
            t.step(
                Rule.KICKER_MEANING,
                f"Add the {_cost_name(kicker, index)} ({cost}) as an additional cost.",
            )
        if total.has_x:
            # "Kicker {X}" (Verdeloth the Ancient): X is announced for the kicker, too (601.2b).
            if x is None:
                t.step(Rule.X_CHOSEN, "The kicker cost has {X}; its value must be announced.")
                return t.ruling(None, missing=("the value of X",))
            total = total.with_x(x)
            t.step(Rule.X_CHOSEN, f"X is {x}, so the kicker's {{X}} is paid as {x} generic mana.")
    for source, delta in changes:
        if delta > 0:
            increase += delta
            t.step(Rule.TOTAL_COST, f"{source} makes it cost {{{delta}}} more.", source)
        elif delta < 0:
            reduction -= delta
            t.step(Rule.TOTAL_COST, f"{source} makes it cost {{{-delta}}} less.", source)
    if increase:
        total = total.increase(increase)
        t.step(Rule.TOTAL_COST, f"Add the cost increase of {{{increase}}}.")
    if reduction:
        before = total
        total = total.reduce_generic(reduction)
        removed = before.generic - total.generic
        note = (
            f"Take off the reduction of {{{reduction}}} from generic mana only ({removed} removed)"
        )
        if removed < reduction:
            note += "; it can't reduce colored mana"
        t.step(Rule.TOTAL_COST, note + ".")
    verdict = _format_cost(total)
    t.step(Rule.TOTAL_COST, f"The total cost is {verdict}.")
    return t.ruling(verdict)


_SPELL_TYPES = frozenset(
    {
        "artifact",
        "battle",
        "creature",
        "enchantment",
        "instant",
        "planeswalker",
        "sorcery",
        "kindred",
    }
)
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def cost_change_applies(
    change: CostChange,
    *,
    types: frozenset[str],
    subtypes: frozenset[str],
    colors: frozenset[str],
    same_controller: bool,
    power: str | None = None,
    mana_value: int | None = None,
    chosen_type: str | None = None,
    every_type: bool = False,
    kicked: bool | None = None,
    first_this_turn: bool | None = None,
) -> bool | None:
    """Does a static "... spells cost {N} more/less" ability apply to this spell?

    ``same_controller`` says whether the spell's caster controls the ability's
    source. ``power`` (as printed) and ``mana_value`` (on the stack) decide "with power 4
    or greater" and "with mana value 6 or greater"; ``chosen_type`` is the creature type
    chosen for "of the chosen type" (``every_type`` a changeling spell). None when the
    ability's wording is beyond this simple reading, or a fact it needs isn't given.
    ``kicked`` says whether the spell is kicked ("kicked spells"); ``first_this_turn`` whether
    it is the first such spell its caster casts this turn ("the first kicked spell you cast
    each turn").
    """
    if change.condition:
        return None
    subject = change.applies_to.casefold()
    if re.search(r"\bkicked\b", subject):
        if kicked is False:
            return False
        if kicked is None:
            return None
        subject = re.sub(r"\bkicked\s+", "", subject)
    first = re.fullmatch(r"the first (.+ )?spell you cast each turn", subject)
    if first is not None:
        if first_this_turn is None:
            return None
        if not first_this_turn:
            return False
        subject = f"{first.group(1) or ''}spells you cast"
    limit = re.search(r"\s+with (power|mana value) (\d+) or (greater|less)$", subject)
    if limit is not None:
        subject = subject[: limit.start()]
        n = int(limit.group(2))
        if limit.group(1) == "power":
            if power is None or not power.lstrip("-").isdigit():
                return None  # no power, or one that a characteristic-defining ability sets
            have = int(power)
        elif mana_value is None:
            return None
        else:
            have = mana_value
        if (have < n) if limit.group(3) == "greater" else (have > n):
            return False
    chosen = re.search(r"\s+of the chosen type$", subject)
    if chosen is not None:
        if every_type:
            chosen_ok = True
        elif chosen_type is None:
            return None
        else:
            # A card type (Cloud Key) or a creature type (Urza's Incubator) may be chosen.
            chosen_ok = chosen_type.casefold() in {t.casefold() for t in subtypes | types}
        subject = subject[: chosen.start()]
        if not chosen_ok:
            return False
    subject = re.sub(r"^(spells?) (?:you cast|your opponents cast)$", r"\1", subject)
    # "Each spell you cast that's red or green" reads as "red or green spells".
    subject = re.sub(
        r"^(?:each|a|any) spells? (?:you cast |your opponents cast )?that'?s (?:a |an )?(.+)$",
        r"\1 spells",
        subject,
    )
    subject = re.sub(r"\s+(you cast|your opponents cast)$", "", subject)
    if change.whose == "you" and not same_controller:
        return False
    if change.whose == "opponent" and same_controller:
        return False
    if not subject.endswith("spells"):
        return None
    lowered_types = {t.casefold() for t in types}
    lowered_subtypes = {t.casefold() for t in subtypes}
    groups = re.split(r",\s*(?:and |or )?|\s+(?:and|or)\s+", subject)
    for group in groups:
        words = [w for w in group.split() if w != "spells"]
        if any(not _is_quality(w) and w not in lowered_subtypes for w in words):
            # A word that is no type or color: a subtype this spell lacks, or a
            # qualifier ("historic", "face-down") not modelled here.
            return None
        if all(_has_quality(w, lowered_types, lowered_subtypes, colors) for w in words):
            return True
    return False


def cost_change_ruling(
    source: str, change: CostChange, applies: bool, spell: str, card: str | None = None
) -> Ruling:
    """Does ``source``'s cost change apply to casting ``spell`` (CR 601.2f)?"""
    t = Trace()
    more = change.delta > 0
    t.step(
        Rule.TOTAL_COST,
        f"{source} makes {change.applies_to} cost {{{abs(change.delta)}}} "
        f"{'more' if more else 'less'} as the total cost is determined.",
        source,
    )
    if applies:
        t.step(Rule.TOTAL_COST, f"{_cap(spell)} is one of those spells, so it applies.", card)
        return t.ruling("yes")
    t.step(Rule.TOTAL_COST, f"{_cap(spell)} isn't one of those spells, so it doesn't apply.", card)
    return t.ruling("no")


def _is_quality(word: str) -> bool:
    base = word[3:].lstrip("-") if word.startswith("non") else word
    return base in _SPELL_TYPES or base in _COLOR_LETTERS or base in ("colorless", "multicolored")


def _has_quality(word: str, types: set[str], subtypes: set[str], colors: frozenset[str]) -> bool:
    if word.startswith("non") and _is_quality(word):
        return not _has_quality(word[3:].lstrip("-"), types, subtypes, colors)
    if word in _COLOR_LETTERS:
        return _COLOR_LETTERS[word] in colors
    if word == "colorless":
        return not colors
    if word == "multicolored":
        return len(colors) > 1
    return word in types or word in subtypes


def _payments(kicked: Sequence[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for index in kicked:
        out[index] = out.get(index, 0) + 1
    return out


def mana_value(
    mana_cost: ManaCost,
    *,
    on_stack: bool,
    x: int | None = None,
    kicked: bool = False,
    card: str | None = None,
) -> Ruling:
    """An object's mana value (CR 202.3): kicker and other paid costs never change it."""
    t = Trace()
    t.step(
        Rule.MANA_VALUE, f"Mana value counts only the mana cost {_format_cost(mana_cost)}.", card
    )
    if kicked:
        t.step(
            Rule.TOTAL_COST,
            "Kicker is part of the total cost paid, not of the mana cost, so the mana value is unchanged.",
            card,
        )
    value_x = 0
    if mana_cost.has_x:
        if on_stack:
            if x is None:
                t.step(Rule.MANA_VALUE_X, "On the stack X counts as its announced value.")
                return t.ruling(None, missing=("the value of X",))
            value_x = x
            t.step(Rule.MANA_VALUE_X, f"On the stack X counts as the announced {x}.")
        else:
            t.step(Rule.MANA_VALUE_X, "Off the stack X counts as 0.")
    value = mana_cost.mana_value(value_x)
    t.step(Rule.MANA_VALUE, f"So its mana value is {value}.")
    return t.ruling(str(value))


def can_kick(way: EntryWay, card: str | None = None) -> Ruling:
    """Can kicker be paid when the object arrives this way?"""
    t = Trace()
    t.step(Rule.KICKER_MEANING, "Kicker is paid only as the spell is cast.", card)
    if way == "cast":
        t.step(Rule.ANNOUNCE_COSTS, "Casting it normally, you announce and pay any kicker costs.")
        return t.ruling("yes")
    if way in ("alternative", "without_paying"):
        t.step(
            Rule.ALT_COST_PLUS_ADDITIONAL,
            "An alternative cost (flashback, cascade, 'without paying its mana cost') still lets you pay "
            "additional costs such as kicker.",
        )
        return t.ruling("yes")
    if way == "copy":
        t.step(
            Rule.COPY_SPELL,
            "A copy of a spell isn't cast, so no kicker can be paid for it; it copies "
            "whether the original was kicked.",
        )
        return t.ruling("no")
    t.step(
        Rule.NEW_OBJECT,
        "Put onto the battlefield without being cast, it was never a spell that could be kicked.",
        card,
    )
    return t.ruling("no")


def combine_alternative_costs(ways: Sequence[str], card: str | None = None) -> Ruling:
    """Can two alternative costs apply to one spell (CR 118.9a)? Never: only one can.

    ``ways`` names the alternative costs the caster would apply ("flashback",
    "overload"); casting "without paying its mana cost" is one of them (118.9).
    """
    t = Trace()
    named = list(dict.fromkeys(ways))
    t.step(
        Rule.ALTERNATIVE_COST,
        "An alternative cost is paid rather than the mana cost; flashback and casting "
        "'without paying its mana cost' (cascade, Omniscience) are alternative costs too.",
        card,
    )
    if len(named) < 2:
        t.step(Rule.ONE_ALTERNATIVE_COST, "Only one alternative cost is named here.")
        return t.ruling(None, missing=("which two alternative costs are combined",))
    t.step(
        Rule.ONE_ALTERNATIVE_COST,
        f"Only one alternative cost can be applied to a spell as it's cast, so {named[0]} and "
        f"{named[1]} can't both be used; additional costs such as kicker still can.",
        card,
    )
    return t.ruling("no")


def additional_costs_with_alternative(*, skipped: bool, card: str | None = None) -> Ruling:
    """Are additional costs still paid when a spell is cast for an alternative cost (118.9d)?

    ``skipped`` asks the other way round: may the spell be cast as though its
    additional cost had been paid, or without it? Never.
    """
    t = Trace()
    t.step(
        Rule.ALTERNATIVE_COST,
        "Casting without paying its mana cost, with flashback or off cascade replaces only the "
        "mana cost.",
    )
    t.step(
        Rule.ALT_COST_PLUS_ADDITIONAL,
        "Additional costs still apply to an alternative cost: a mandatory one must be paid, and "
        "an optional one (kicker, entwine) may be paid.",
        card,
    )
    t.step(
        Rule.TOTAL_COST,
        "The total cost is the mana cost or alternative cost plus every additional cost.",
    )
    if skipped:
        t.step(
            Rule.ALT_COST_PLUS_ADDITIONAL,
            "So the spell can't be cast as though its additional cost had been paid.",
        )
        return t.ruling("no")
    t.step(Rule.ALT_COST_PLUS_ADDITIONAL, "So the additional cost is still paid.")
    return t.ruling("yes")


def x_choice(route: XRoute, value: int | None = None, card: str | None = None) -> Ruling:
    """May X be announced as ``value`` (None: some value above 0) when cast this way (107.3a-b)?"""
    t = Trace()
    t.step(
        Rule.X_ANNOUNCED,
        "The caster chooses and announces X while casting the spell; any whole number, 0 "
        "included, is a legal choice.",
        card,
    )
    forced = route in ("without_paying", "fixed_alternative")
    if route == "alternative_with_x":
        t.step(
            Rule.X_ANNOUNCED,
            "The alternative cost paid includes the {X}, so X is still chosen and paid.",
        )
    elif forced:
        how = (
            "without paying its mana cost"
            if route == "without_paying"
            else "for an alternative cost that has no {X}"
        )
        t.step(
            Rule.X_FREE,
            f"Cast {how}, nothing paid includes the {{X}}, so the only legal choice for X is 0.",
        )
    allowed = value == 0 or not forced
    shown = "a value above 0" if value is None else str(value)
    t.step(
        Rule.X_ANNOUNCED,
        f"So X {'can' if allowed else 'can’t'} be {shown}.".replace("’", "'"),
    )
    return t.ruling("yes" if allowed else "no")


def x_value_when_cast(route: XRoute, card: str | None = None) -> Ruling:
    """The X of a spell cast this way: 0 when nothing paid includes X (107.3b), else chosen."""
    ruling = x_choice(route, None, card)
    if ruling.verdict == "no":
        return Ruling(verdict="0", steps=ruling.steps[:-1])
    return Ruling(verdict=None, steps=ruling.steps[:-1], missing=("the X the caster chose",))


def resolve(spell: Spell) -> tuple[Permanent, Ruling]:
    """A permanent spell resolves: the permanent remembers how it was kicked (CR 608.3, 702.33d)."""
    t = Trace()
    perm = Permanent(
        name=spell.name,
        controller=spell.controller,
        owner=spell.owner,
        types=spell.types,
        subtypes=spell.subtypes,
        token=spell.is_copy,
        kicked=spell.kicked,
        x=0,
        abilities=spell.abilities,
        card=spell.card,
    )
    t.step(Rule.RESOLVE_PERMANENT, f"{spell.name} resolves and enters the battlefield.")
    if spell.is_copy:
        t.step(
            Rule.COPY_PERMANENT_SPELL, "A copy of a permanent spell becomes a token as it resolves."
        )
    if spell.kicked:
        t.step(
            Rule.KICKED, "The permanent was kicked, because the spell that became it was kicked."
        )
    return perm, t.ruling("yes" if perm.was_kicked else "no")


def copy_spell(spell: Spell) -> tuple[Spell, Ruling]:
    """Copy a spell on the stack: the copy keeps kicker payments and X (CR 707.10)."""
    t = Trace()
    copy = spell.model_copy(update={"is_copy": True, "cast": False})
    t.step(
        Rule.COPY_SPELL,
        "A copy of a spell copies the decisions made when casting it, including additional costs like "
        "kicker and the value of X; the copy itself isn't cast.",
    )
    if spell.kicked:
        t.step(Rule.KICKED, _cap(f"{spell.name} was kicked, so its copy is kicked too."))
    else:
        t.step(Rule.KICKED, _cap(f"{spell.name} wasn't kicked, so neither is its copy."))
    if (
        "Creature" in spell.types
        or {"Artifact", "Enchantment", "Planeswalker", "Battle"} & spell.types
    ):
        t.step(
            Rule.COPY_PERMANENT_SPELL,
            "A copy of a permanent spell becomes a token as it resolves; that token is kicked if the copy was.",
        )
    return copy, t.ruling("yes" if copy.was_kicked else "no")


def copy_permanent(original: Permanent, name: str = "the copy") -> tuple[Permanent, Ruling]:
    """A permanent enters as a copy of ``original``: being kicked isn't copied (CR 707.2)."""
    t = Trace()
    copy = original.model_copy(
        update={"name": name, "kicked": (), "x": 0, "copy_of": original.name, "tapped": False}
    )
    t.step(
        Rule.COPY_VALUES,
        "A copy of a permanent gets only the copiable values (printed characteristics); whether the "
        "original was kicked is a choice made while casting it, not a copiable value.",
    )
    t.step(
        Rule.KICKER_MEANING, _cap(f"{name} wasn't cast with its kicker paid, so it isn't kicked.")
    )
    return copy, t.ruling("no")


def copy_size(
    original: str,
    base: tuple[int, int],
    copier: str,
    extra: int = 0,
    ask: Literal["power", "toughness"] = "power",
) -> Ruling:
    """The power or toughness of a permanent entering as a copy of a kicked creature: its
    printed values, no counters of the original nor of its kicked abilities (the copy wasn't
    kicked), plus the +1/+1 counters the copy effect's own exception gives (CR 707.2, 707.9,
    702.33d, 122.1a)."""
    _, copied = copy_permanent(Permanent(name=original, kicked=(0,)), copier)
    t = Trace()
    t.extend(copied.steps)
    t.step(
        Rule.COPY_VALUES,
        f"Counters aren't copiable values: {copier} copies {original}'s printed "
        f"{base[0]}/{base[1]}, and no ability that needs it to be kicked puts counters on it.",
    )
    value = base[0] if ask == "power" else base[1]
    if extra:
        t.step(
            Rule.COPY_EXCEPTION_EFFECT,
            f"Its copy effect's exception has it enter with {extra} +1/+1 "
            f"counter{'' if extra == 1 else 's'}.",
            copier,
        )
    t.step(Rule.PT_COUNTERS, f"So its {ask} is {value} + {extra} = {value + extra}.")
    return t.ruling(str(value + extra))


def zone_change(perm: Permanent, to: str = "battlefield") -> tuple[Permanent, Ruling]:
    """A kicked permanent leaves and comes back: it is a new object, not kicked (CR 400.7)."""
    t = Trace()
    new = perm.model_copy(update={"kicked": (), "x": 0, "tapped": False, "since_turn_start": False})
    t.step(
        Rule.NEW_OBJECT,
        f"{perm.name} changed zones, so it is a new object with no memory of having been kicked.",
    )
    if to == "battlefield":
        t.step(
            Rule.KICKER_MEANING,
            "It returned to the battlefield without being cast, so it wasn't kicked.",
        )
    return new, t.ruling("no")


def kicked_consequence(
    perm: Permanent, ability: IfKicked, before: Ruling, *, absent: bool = False
) -> Ruling:
    """Does ``ability`` ("if it wasn't kicked, sacrifice it") apply to ``perm``, given the
    ruling that decided whether it is kicked (CR 702.33e-f)? With ``absent``, the question
    is whether it is without that effect ("does it come back with no counters?")."""
    t = Trace()
    applies = condition_met(ability, perm.kicked)
    cond = "wasn't kicked" if ability.negated else "was kicked"
    t.step(
        Rule.KICKER_LINKED,
        f"Its ability applies only if it {cond}: {ability.text}",
        perm.name,
    )
    t.step(
        Rule.KICKED,
        f"So for {perm.name} now it {'applies' if applies else 'does not apply'}"
        f" ({ability.effect}).",
    )
    verdict = "yes" if applies != absent else "no"
    return Ruling(verdict=verdict, steps=before.steps + t.ruling(None).steps)


def control_change(perm: Permanent, to: str = "another player") -> tuple[Permanent, Ruling]:
    """A kicked permanent changes control: no zone change, so it is the same object, still kicked."""
    t = Trace()
    t.step(
        Rule.NEW_OBJECT,
        f"Only a change of zones makes a new object; {perm.name} changing control stays on the "
        "battlefield as the same object.",
    )
    t.step(
        Rule.KICKED,
        f"{perm.name} keeps its kicked status."
        if perm.was_kicked
        else f"{perm.name} still isn't kicked.",
    )
    return perm.model_copy(update={"controller": to}), t.ruling("yes" if perm.was_kicked else "no")


def phase_out_and_in(perm: Permanent) -> tuple[Permanent, Ruling]:
    """Phasing out and in isn't a zone change: the permanent stays the same object, still kicked."""
    t = Trace()
    t.step(
        Rule.PHASING_NO_ENTER,
        f"Phasing doesn't move {perm.name} to another zone, so it stays the same object.",
    )
    t.step(
        Rule.KICKED,
        f"{perm.name} keeps its kicked status."
        if perm.was_kicked
        else f"{perm.name} still isn't kicked.",
    )
    return perm, t.ruling("yes" if perm.was_kicked else "no")


def x_for_etb(spell: Spell | None) -> Ruling:
    """The X an enters trigger uses (CR 107.3m): the X of the spell that became the permanent.

    ``None`` means the permanent wasn't a resolving spell (put onto the battlefield,
    flickered, reanimated): no X was chosen, so X is 0.
    """
    t = Trace()
    if spell is None:
        t.step(
            Rule.X_ETB,
            "Only a permanent that was a spell with a chosen X carries that X to its enters "
            "abilities; this one wasn't, so X is 0.",
        )
        t.step(Rule.NEW_OBJECT, "A permanent that changed zones has no memory of an earlier X.")
        return t.ruling("0")
    if spell.x is None:
        t.step(Rule.X_ETB, "The enters ability uses the X chosen for the spell.")
        return t.ruling(None, missing=("the value of X",))
    t.step(
        Rule.X_ETB,
        f"The enters ability uses the spell's X of {spell.x}, although X on the permanent itself is 0.",
    )
    return t.ruling(str(spell.x))


def condition_met(ability: IfKicked, kicked: Sequence[int]) -> bool:
    """Does the kicked status meet this 'if it was kicked ...' condition (CR 702.33e-f)?"""
    if ability.which is not None:
        met = ability.which in kicked
    elif ability.times is not None:
        met = len(kicked) >= ability.times
    else:
        met = bool(kicked)
    return not met if ability.negated else met


def kicked_trigger_fires(
    source: Permanent, ability: IfKicked, kicker: Kicker | None = None
) -> Ruling:
    """Does an 'enters, if it was kicked [with its A kicker]' ability trigger (CR 702.33e-f)?"""
    t = Trace()
    card = source.name
    if ability.which is not None and kicker is not None and ability.which < len(kicker.costs):
        name = _cost_name(kicker, ability.which)
        t.step(Rule.KICKER_SPECIFIC, f"This ability is linked to the {name} only.", card)
    else:
        name = "kicker"
        t.step(Rule.KICKER_LINKED, "This ability is linked to the kicker ability.", card)
    paid = ", ".join(_cost_name(kicker, i) for i in source.kicked) if kicker else ""
    t.step(Rule.KICKED, f"Paid as it was cast: {paid or 'no kicker cost'}.")
    if condition_met(ability, source.kicked):
        t.step(
            Rule.TRIGGER_EVENT,
            f"The {name} condition is met, so the ability triggers as it enters.",
        )
        return t.ruling("yes")
    t.step(Rule.TRIGGER_EVENT, f"The {name} condition isn't met, so the ability doesn't trigger.")
    return t.ruling("no")


def kicked_triggers_count(
    source: Permanent, abilities: tuple[IfKicked, ...], kicker: Kicker | None = None
) -> Ruling:
    """How many of these "enters, if it was kicked ..." abilities trigger, given the kicker
    costs paid (CR 702.33e-f, 603.2)."""
    t = Trace()
    fired = 0
    for ability in abilities:
        ruling = kicked_trigger_fires(source, ability, kicker)
        t.extend(ruling.steps)
        fired += ruling.verdict == "yes"
    t.step(
        Rule.TRIGGER_EVENT,
        f"{fired} of its {len(abilities)} kicked abilities trigger"
        + (", each once." if fired else "."),
    )
    return t.ruling(str(fired))


def kicked_static(source: Permanent, ability: IfKicked, kicker: Kicker) -> Ruling:
    """Does an "if it was kicked [with its A kicker], it enters with ..." ability apply to
    ``source``, given the kicker costs paid as it was cast (CR 702.33e-f, 614.1c)?"""
    t = Trace()
    paid = ", ".join(_cost_name(kicker, i) for i in source.kicked)
    t.step(Rule.KICKED, f"Paid as it was cast: {paid or 'no kicker cost'}.", source.name)
    if ability.which is not None and ability.which < len(kicker.costs):
        t.step(
            Rule.KICKER_SPECIFIC,
            f"This ability is linked to the {_cost_name(kicker, ability.which)} only.",
            source.name,
        )
    return kicked_consequence(source, ability, t.ruling(None))


_SET_EFFECT = lazy(
    r"\b(creatures|permanents|artifacts|goblins|elves|soldiers|zombies|\w+s) you control "
    r"(get|gain|have|become)\b[^.]*\buntil end of turn\b",
    re.I,
)


def resolved_effect_group(ability: IfKicked) -> bool:
    """Is the ability's effect a one-shot change to "creatures you control ... until end of
    turn", whose set of objects is fixed as it resolves (CR 611.2c)?"""
    return bool(_SET_EFFECT.search(ability.effect))


def later_object_affected(source: str, ability: IfKicked, newcomer: str) -> Ruling:
    """Does a resolved "creatures you control get ... until end of turn" also affect an
    object that arrived after it resolved (CR 611.2c)? Never: the set was locked then."""
    t = Trace()
    t.step(Rule.KICKER_LINKED, f"{_cap(source)}'s kicked ability: {ability.effect}.", source)
    t.step(
        Rule.AFFECTED_SET_LOCKED,
        "It changes the characteristics of the objects there as it resolves; that set of objects "
        f"is fixed then, so {newcomer}, arriving afterwards, isn't affected.",
        source,
    )
    return t.ruling("no")


def kicked_trigger(
    state: GameState,
    source: Permanent,
    ability: IfKicked,
    kicker: Kicker | None = None,
) -> Ruling:
    """Does an 'enters, if it was kicked' trigger go on the stack, and what must it target?

    The verdict is the one object or player it must target when only one is legal
    (CR 115.1d, 603.3d), "no" when it doesn't trigger or has no legal target, and
    None when its controller has a choice of targets.
    """
    t = Trace()
    card = source.name
    which = ""
    if ability.which is not None and kicker is not None and ability.which < len(kicker.costs):
        which = f" with its {_cost_name(kicker, ability.which)}"
        t.step(
            Rule.KICKER_SPECIFIC,
            f"This trigger is linked to the {_cost_name(kicker, ability.which)}.",
            card,
        )
    else:
        t.step(Rule.KICKER_LINKED, "This trigger is linked to the kicker ability.", card)
    if not condition_met(ability, source.kicked):
        t.step(
            Rule.TRIGGER_EVENT,
            f"{source.name} wasn't kicked{which}, so the ability doesn't trigger.",
        )
        return t.ruling("no")
    t.step(
        Rule.TRIGGER_EVENT,
        f"{source.name} was kicked{which}, so the ability triggers as it enters.",
    )
    if not ability.targets:
        return t.ruling("yes")
    candidates: list[str] = []
    for spec in ability.targets:
        found = legal_targets(state, spec, source)
        candidates.extend(n for n in found if n not in candidates)
        t.step(
            Rule.TARGETED_TRIGGER,
            f"Targets for 'target {spec.what}' are chosen as it goes on the stack: "
            + (", ".join(found) if found else "none are legal")
            + ".",
            card,
        )
    if not candidates:
        t.step(
            Rule.TRIGGER_NO_LEGAL_TARGET,
            "With no legal target, the ability is removed from the stack.",
        )
        return t.ruling("no")
    if len(candidates) == 1:
        only = candidates[0]
        note = f"{only} is the only legal target, so the ability must target it"
        if only == source.name:
            note += ", even though it is the ability's own source"
        t.step(Rule.TARGETED_TRIGGER, note + ".", card)
        return t.ruling(only)
    t.step(Rule.TARGETS, "Its controller chooses among the legal targets.")
    return t.ruling(None)


def resolve_targeted(state: GameState, source: Permanent, targets: Mapping[Target, str]) -> Ruling:
    """Will an ability with these chosen targets resolve, given the position now (CR 608.2b)?"""
    t = Trace()
    legal_any = False
    for spec, chosen in targets.items():
        if chosen in legal_targets(state, spec, source):
            legal_any = True
            t.step(Rule.TARGET_ILLEGAL, f"{chosen} is still a legal 'target {spec.what}'.")
        else:
            t.step(
                Rule.TARGET_ILLEGAL,
                f"{chosen} is no longer a legal 'target {spec.what}'.",
                source.name,
            )
    if not legal_any:
        t.step(
            Rule.TARGET_ILLEGAL,
            "Every target is illegal, so the ability doesn't resolve and does nothing.",
        )
        return t.ruling("no")
    return t.ruling("yes")


_TYPE_WORDS = {
    "creature": "Creature",
    "artifact": "Artifact",
    "enchantment": "Enchantment",
    "land": "Land",
    "planeswalker": "Planeswalker",
    "battle": "Battle",
}


def legal_targets(
    state: GameState, spec: Target, source: Permanent | None = None
) -> tuple[str, ...]:
    """The names of the players and permanents a 'target [what]' phrase can choose now."""
    what = spec.what.casefold()
    controller = source.controller if source else "you"
    words = set(re.findall(r"[a-z]+", what))
    # "up to three target permanents": a plural names the same kind.
    words |= {w[:-1] for w in words if w.endswith("s") and w[:-1] in {*_TYPE_WORDS, "permanent"}}
    out: list[str] = []
    types = {_TYPE_WORDS[w] for w in words if w in _TYPE_WORDS}
    wants_players = "player" in words or (
        "opponent" in words and not types and "permanent" not in words
    )
    if wants_players:
        for p in state.players:
            if "opponent" in words and "player" not in words and p == controller:
                continue
            out.append(p)
        if not types and "permanent" not in words:
            return tuple(out)
    for perm in state.battlefield:
        if perm.phased_out:
            continue
        if types and not types & perm.types:
            continue
        if not types and "permanent" not in words:
            continue
        if "untapped" in words and perm.tapped:
            continue
        if "tapped" in words and "untapped" not in words and not perm.tapped:
            continue
        if (
            ("another" in words or "other" in words)
            and source is not None
            and perm.name == source.name
        ):
            continue
        if "you control" in what and "don't" not in what and perm.controller != controller:
            continue
        if (
            "opponent controls" in what or "don't control" in what
        ) and perm.controller == controller:
            continue
        out.append(perm.name)
    return tuple(out)


def tapped_target_legal(
    source: Permanent,
    ability: IfKicked,
    spec: Target,
    *,
    tapped: bool,
    types: frozenset[str],
    card: str | None = None,
) -> Ruling:
    """Can the kicked ability's 'target [what]' choose a permanent that is (un)tapped
    (CR 115.1, 702.33e, 702.33g)? Only a target phrase that says "tapped" or "untapped"
    asks about it; the targets exist only if the spell was kicked."""
    t = Trace()
    if not condition_met(ability, source.kicked):
        if ability.trigger == "etb":
            t.step(
                Rule.KICKER_LINKED,
                f"Its ability happens only if it was kicked: {ability.text}",
                card,
            )
            t.step(
                Rule.TRIGGER_EVENT,
                "It wasn't kicked, so the ability doesn't trigger and targets nothing.",
            )
        else:
            t.step(
                Rule.KICKER_TARGETS,
                "Those targets are chosen only if the spell was kicked; it wasn't, so it has none.",
                card,
            )
        return t.ruling("no")
    thing = Permanent(name="that permanent", types=types, tapped=tapped, controller=OPPONENT)
    state = GameState(battlefield=(source, thing))
    state_word = "tapped" if tapped else "untapped"
    legal = thing.name in legal_targets(state, spec, source)
    t.step(Rule.KICKER_LINKED, f"Kicked, its ability targets: 'target {spec.what}'.", card)
    if legal:
        said = re.search(r"\b(un)?tapped\b", spec.what, re.I)
        t.step(
            Rule.TARGETS,
            f"'target {spec.what}' "
            + ("asks for that" if said else "asks nothing about being tapped or untapped")
            + f", so {'a' if tapped else 'an'} {state_word} one is a legal target.",
        )
        return t.ruling("yes")
    t.step(
        Rule.TARGETS,
        f"{'A' if tapped else 'An'} {state_word} one isn't a legal 'target {spec.what}'.",
    )
    return t.ruling("no")


def kicked_cast_trigger(
    watcher: str, spell: Spell, watcher_controller: str = "you", card: str | None = None
) -> Ruling:
    """Does a "whenever you cast a kicked spell" ability trigger for this spell (CR 603.2, 702.33d)?"""
    t = Trace()
    t.step(
        Rule.TRIGGER_EVENT,
        f"{watcher}'s ability triggers when its controller casts a spell that was kicked.",
        card,
    )
    if not spell.cast:
        t.step(
            Rule.COPY_SPELL,
            f"{_cap(spell.name)} wasn't cast (a copy isn't cast), so it doesn't trigger.",
        )
        return t.ruling("no")
    if spell.controller != watcher_controller:
        t.step(
            Rule.TRIGGER_EVENT,
            f"{_cap(spell.name)} was cast by another player, so it doesn't trigger.",
        )
        return t.ruling("no")
    if not spell.kicked:
        t.step(
            Rule.KICKED,
            f"No kicker cost was paid for {spell.name}, so it isn't a kicked spell and the ability "
            "doesn't trigger.",
        )
        return t.ruling("no")
    t.step(
        Rule.KICKED,
        f"A kicker cost was paid as {spell.name} was cast, so it is a kicked spell and the ability "
        "triggers.",
    )
    return t.ruling("yes")


def kicked_cast_trigger_count(
    watcher: str,
    spell: Spell,
    per_trigger: int = 1,
    what: str = "time",
    watcher_controller: str = "you",
    card: str | None = None,
) -> Ruling:
    """How many times a "whenever you cast a kicked spell" ability triggers for one spell, or
    how many of ``what`` (a singular noun) its triggers make, ``per_trigger`` each (CR 603.2c,
    702.33d)."""
    asked = kicked_cast_trigger(watcher, spell, watcher_controller, card)
    t = Trace()
    t.extend(asked.steps)
    if asked.verdict != "yes":
        return t.ruling("0")
    kicks = len(spell.kicked)
    t.step(
        Rule.TRIGGER_OCCURRENCES,
        f"Casting {spell.name} is one event, so the ability triggers once"
        + (f", though it was kicked {kicks} times." if kicks > 1 else "."),
    )
    if what != "time":
        t.step(
            Rule.TRIGGER_OCCURRENCES,
            f"That one trigger makes {per_trigger} {what}{'' if per_trigger == 1 else 's'}.",
        )
    return t.ruling(str(per_trigger if what != "time" else 1))


_ANOTHER = lazy(
    r"\banother target(?: (?P<what>creature|player|permanent|artifact|enchantment|land|planeswalker))?\b"
)


def another_target(ability: IfKicked) -> str | None:
    """The kind of the kicked part's "another target <kind>" ("creature" for Jilt's "it deals 2
    damage to another target creature"; "target" for Comet Storm's "another target"), when
    the spell's first target is of that kind too; None otherwise."""
    found = _ANOTHER.search(ability.effect.casefold())
    if found is None or ability.trigger != "spell":
        return None
    what = found["what"] or "target"
    if ability.per_time:
        before = ability.effect.casefold()[: found.start()]
    else:
        before = ability.text.casefold().split("if this spell was kicked")[0]
    first = r"\b(?:any )?target\b" if what == "target" else rf"\btarget {what}\b"
    return what if re.search(first, before) else None


def kicked_with_too_few_targets(
    ability: IfKicked, what: str, available: int, card: str | None = None
) -> Ruling:
    """Can the spell be cast kicked when its kicked part needs "another target <what>" beside
    its first target and only ``available`` objects of that kind exist (CR 702.33g, 115.1)?"""
    t = Trace()
    t.step(
        Rule.KICKER_TARGETS,
        f"Kicked, the spell also requires the kicked part's target: 'another target {what}'.",
        card,
    )
    t.step(
        Rule.TARGETS,
        f"Every target it requires is chosen as it is cast, and 'another' must be a different "
        f"{what} from its first target, so it needs two different {what}s.",
    )
    if available >= 2:
        t.step(Rule.TARGETS, f"There are {available} {what}s, so it can be cast kicked.")
        return t.ruling("yes")
    t.step(
        Rule.TARGETS,
        f"There {'is only one ' + what if available == 1 else 'is no ' + what}, so it can't be "
        "cast kicked" + (" (it can still be cast unkicked)." if available == 1 else "."),
    )
    return t.ruling("no")


def same_object_twice(ability: IfKicked, what: str, card: str | None = None) -> Ruling:
    """Can one object be both the first target and the kicked part's "another target" (CR
    115.3)? Never: "another" names a different object."""
    t = Trace()
    t.step(
        Rule.KICKER_TARGETS,
        f"Kicked, the spell chooses its first target and then 'another target{'' if what == 'target' else ' ' + what}'.",
        card,
    )
    t.step(
        Rule.TARGET_ONCE,
        "'Another' means an object other than the one already chosen, so the same object "
        "can't be chosen for both.",
    )
    return t.ruling("no")


def kick_target_count(ability: IfKicked) -> tuple[int, int] | None:
    """The targets a per-kick ability allows, as (before any kick, added per kick).

    "Choose any target, then choose another target for each time this spell was kicked"
    is (1, 1); "up to X target creatures, where X is the number of times it was kicked"
    is (0, 1). None when the ability's targets don't grow with the kicks.
    """
    if not ability.per_time or not ability.targets:
        return None
    effect = ability.effect.casefold()
    if re.search(r"\bup to x target\b", effect) and re.search(
        r"\bx is the number of times\b", ability.text.casefold()
    ):
        return (0, 1)
    if re.search(r"\bchoose (any |target )[^.]*\bthen choose another target\b", effect) and (
        "for each time" in effect
    ):
        return (1, 1)
    return None


def kick_targets(
    ability: IfKicked, kicks: int, wanted: int | None = None, card: str | None = None
) -> Ruling:
    """How many targets a spell whose targets grow per kick may choose (CR 601.2c, 702.33g).

    With ``wanted``, whether that many targets may be chosen ("yes"/"no"); else the most.
    """
    t = Trace()
    counts = kick_target_count(ability)
    if counts is None:
        t.step(Rule.KICKER_TARGETS, "How its targets depend on the kicks isn't read here.", card)
        return t.ruling(None)
    base, per = counts
    most = base + per * kicks
    t.step(
        Rule.KICKED,
        f"It was kicked {_times(kicks)}." if kicks else "It wasn't kicked.",
        card,
    )
    t.step(
        Rule.KICKER_TARGETS,
        "Its targets are chosen as it is cast: "
        + ("one, and another for each kick" if base else "one for each kick")
        + f", so it has at most {most} target{'s' if most != 1 else ''}.",
        card,
    )
    if wanted is None:
        return t.ruling(str(most))
    if wanted <= most:
        t.step(Rule.TARGETS, f"So {wanted} target{'s' if wanted != 1 else ''} may be chosen.")
        return t.ruling("yes")
    t.step(Rule.TARGETS, f"So it can't have {wanted} targets.")
    return t.ruling("no")


_MV_LIMIT = re.compile(r"\btarget ([a-z ,]+?) with mana value (\d+) or (less|greater)\b")


def _spec_types(what: str) -> frozenset[str] | None:
    """The card types a plain 'target creature or planeswalker' names; None if it says more."""
    words = re.findall(r"[a-z]+", what.casefold())
    if not words or any(w not in _TYPE_WORDS and w not in ("or", "and") for w in words):
        return None
    return frozenset(_TYPE_WORDS[w] for w in words if w in _TYPE_WORDS)


def kicked_target_legal(
    ability: IfKicked,
    kicked: bool,
    target_types: frozenset[str],
    target_mv: int,
    target: str = "that creature",
    card: str | None = None,
) -> Ruling:
    """Can this spell target it, kicked or not, when kicking changes its target ("If this spell
    was kicked, instead destroy target creature") (CR 601.2c, 702.33g)? None if unread."""
    t = Trace()
    if not ability.instead or not ability.targets or ability.trigger != "spell":
        return t.ruling(None)
    text = ability.text.casefold()
    cut = text.find("if this spell was kicked")
    if cut <= 0:
        return t.ruling(None)
    if kicked:
        what = ability.targets[0].what
        types = _spec_types(what)
        if types is None:
            return t.ruling(None)
        t.step(Rule.KICKED, "Its kicker was paid as it was cast, so the spell is kicked.", card)
        t.step(
            Rule.KICKER_TARGETS,
            f"Kicked, it has the kicked version's target instead: 'target {what}'.",
            card,
        )
        limit = None
    else:
        found = _MV_LIMIT.search(text[:cut])
        if found is None or _spec_types(found.group(1)) is None:
            return t.ruling(None)
        what = found.group(0)[len("target ") :]
        types = _spec_types(found.group(1)) or frozenset()
        limit = (int(found.group(2)), found.group(3))
        t.step(
            Rule.KICKER_TARGETS,
            f"Not kicked, it has only its unkicked target: 'target {what}'.",
            card,
        )
    if not types & target_types:
        t.step(Rule.TARGETS, f"{_cap(target)} isn't a {what.split(' with ')[0]}.")
        return t.ruling("no")
    if limit is None:
        t.step(
            Rule.TARGETS,
            f"That target has no mana value limit, so {target} is legal"
            + ("." if "mana value" in target else f" (mana value {target_mv})."),
        )
        return t.ruling("yes")
    n, way = limit
    ok = target_mv <= n if way == "less" else target_mv >= n
    t.step(
        Rule.MANA_VALUE,
        (
            f"{_cap(target)} has mana value {target_mv}, so it "
            if "mana value" not in target
            else f"{_cap(target)} "
        )
        + ("is" if ok else "isn't")
        + f" a legal target (mana value {n} or {way}).",
    )
    return t.ruling("yes" if ok else "no")


class CastCondition(NamedTuple):
    """'Whenever you cast a creature spell with mana value 4 or greater': whose spells, which
    kind, and the mana cost or mana value the spell must have."""

    who: Literal["you", "a player", "an opponent"]
    qualities: tuple[str, ...]
    has_x: bool
    value: int | None
    way: Literal["greater", "less"] | None
    text: str


_CAST_CONDITION = re.compile(
    r"\bwhenever (you cast|a player casts|an opponent casts) an? ((?:[a-z]+ )*?)spell with "
    r"(?:(\{x\} in its mana cost|a mana cost that contains \{x\})|mana value (\d+) or "
    r"(greater|less)),",
)


def cast_condition(oracle_text: str) -> CastCondition | None:
    """The spell condition of a cast trigger, when it is only kind, {X} or mana value."""
    found = _CAST_CONDITION.search(oracle_text.casefold())
    if found is None:
        return None
    qualities = tuple(found.group(2).split())
    if any(not _is_quality(w) for w in qualities):
        return None
    who: Literal["you", "a player", "an opponent"] = {
        "you cast": "you",
        "a player casts": "a player",
        "an opponent casts": "an opponent",
    }[found.group(1)]  # type: ignore[assignment]
    way: Literal["greater", "less"] | None = found.group(5)  # type: ignore[assignment]
    value = int(found.group(4)) if found.group(4) else None
    return CastCondition(who, qualities, bool(found.group(3)), value, way, found.group(0))


def cast_condition_trigger(
    watcher: str,
    cond: CastCondition,
    *,
    spell: str,
    mana_cost: ManaCost | None,
    has_x: bool | None = None,
    x: int | None = None,
    types: frozenset[str] | None = None,
    colors: frozenset[str] = frozenset(),
    caster: str = "you",
    cast: bool = True,
    kicked: bool = False,
) -> Ruling:
    """Does a cast trigger with an {X} or mana value condition trigger for this spell
    (CR 603.2, 202.3e: on the stack X counts as its chosen value)? ``mana_cost`` None is a
    spell the question describes ("a spell with X in its mana cost") with ``has_x``."""
    t = Trace()
    t.step(
        Rule.TRIGGER_EVENT,
        f"{watcher}'s ability triggers on: {cond.text.rstrip(',')}.",
        watcher,
    )
    if not cast:
        t.step(Rule.COPY_SPELL, f"{_cap(spell)} wasn't cast (a copy isn't cast).")
        return t.ruling("no")
    if cond.who == "you" and caster != "you":
        t.step(Rule.TRIGGER_EVENT, f"{_cap(spell)} was cast by another player.")
        return t.ruling("no")
    if cond.who == "an opponent" and caster == "you":
        t.step(Rule.TRIGGER_EVENT, f"{_cap(spell)} was cast by its controller, not an opponent.")
        return t.ruling("no")
    if cond.qualities:
        if types is None:
            return t.ruling(None, missing=("what kind of spell it is",))
        lowered = {ty.casefold() for ty in types}
        if not all(_has_quality(w, lowered, set(), colors) for w in cond.qualities):
            t.step(Rule.TRIGGER_EVENT, f"{_cap(spell)} isn't a {' '.join(cond.qualities)} spell.")
            return t.ruling("no")
    if cond.has_x:
        with_x = mana_cost.has_x if mana_cost is not None else has_x
        if with_x is None:
            return t.ruling(None, missing=("whether the spell has {X} in its mana cost",))
        shown = f" {_format_cost(mana_cost)}" if mana_cost is not None else ""
        if with_x:
            note = f"{_cap(spell)}'s mana cost{shown} has {{X}}, whatever X was chosen"
            t.step(Rule.X_CHOSEN, note + ", so it triggers.")
            return t.ruling("yes")
        t.step(
            Rule.X_CHOSEN, f"{_cap(spell)}'s mana cost{shown} has no {{X}}, so it doesn't trigger."
        )
        return t.ruling("no")
    if mana_cost is None or cond.value is None:
        return t.ruling(None, missing=("the spell's mana value",))
    value_x = 0
    if mana_cost.has_x:
        if x is None:
            t.step(Rule.MANA_VALUE_X, "On the stack X counts as its chosen value.")
            return t.ruling(None, missing=("the value of X",))
        value_x = x
    value = mana_cost.mana_value(value_x)
    note = f"On the stack {_cap(spell)} has mana value {value} ({_format_cost(mana_cost)}"
    note += f" with X={x})" if mana_cost.has_x else ")"
    if kicked:
        note += "; kicker paid doesn't change it"
    t.step(Rule.MANA_VALUE_X if mana_cost.has_x else Rule.MANA_VALUE, note + ".")
    ok = value >= cond.value if cond.way == "greater" else value <= cond.value
    t.step(
        Rule.TRIGGER_EVENT,
        f"Mana value {value} is {'' if ok else 'not '}{cond.value} or {cond.way}, so it "
        + ("triggers." if ok else "doesn't trigger."),
    )
    return t.ruling("yes" if ok else "no")


class ManaValueTarget(NamedTuple):
    """'Counter target spell with mana value 2', 'destroy target creature with mana value 3
    or less': what may be targeted and the mana value it must have."""

    what: str
    value: int
    way: Literal["greater", "less"] | None
    text: str


_MV_TARGET = re.compile(
    r"\btarget ((?:[a-z]+ )*?(?:spell|creature|permanent|artifact|enchantment|planeswalker)"
    r"(?: or (?:creature|planeswalker|enchantment|artifact))?) with mana value (\d+)"
    r"(?: or (less|greater))?\."
)
_PERMANENT_TYPES = frozenset(
    {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}
)


def mana_value_target(oracle_text: str) -> ManaValueTarget | None:
    """The one mana value limit on a card's target, if its text has exactly one and no
    'instead' that could change it."""
    text = oracle_text.casefold()
    found = list(_MV_TARGET.finditer(text))
    if len(found) != 1 or "instead" in text:
        return None
    m = found[0]
    words = m.group(1).split()
    allowed = {"spell", "permanent", "nonland", "or", *_TYPE_WORDS}
    if any(w not in allowed for w in words):
        return None
    way: Literal["greater", "less"] | None = m.group(3)  # type: ignore[assignment]
    return ManaValueTarget(m.group(1), int(m.group(2)), way, m.group(0))


def mana_value_target_legal(
    checker: str,
    spec: ManaValueTarget,
    *,
    subject: str,
    mana_cost: ManaCost,
    types: frozenset[str],
    x: int | None = None,
    kicked: bool = False,
) -> Ruling:
    """Can ``checker`` target ``subject`` given its mana value limit (CR 115.1, 202.3)? A
    spell's X counts as chosen on the stack and as 0 anywhere else (202.3e)."""
    t = Trace()
    t.step(
        Rule.TARGETS,
        f"{checker} can target only a {spec.what} with mana value "
        + (f"{spec.value} or {spec.way}." if spec.way else f"{spec.value}."),
        checker,
    )
    words = spec.what.split()
    on_stack = "spell" in words
    kinds = {_TYPE_WORDS[w] for w in words if w in _TYPE_WORDS}
    if on_stack:
        fits = not kinds or bool(kinds & types)
    else:
        fits = bool(types & _PERMANENT_TYPES) and (not kinds or bool(kinds & types))
        if "nonland" in words and "Land" in types:
            fits = False
    if not fits:
        t.step(Rule.TARGETS, f"{_cap(subject)} isn't a {spec.what}, so it can't be targeted.")
        return t.ruling("no")
    value_x = 0
    if mana_cost.has_x:
        if on_stack:
            if x is None:
                t.step(Rule.MANA_VALUE_X, "On the stack X counts as its chosen value.")
                return t.ruling(None, missing=("the value of X",))
            value_x = x
            t.step(Rule.MANA_VALUE_X, f"On the stack X counts as the chosen {x}.")
        else:
            t.step(Rule.MANA_VALUE_X, "Off the stack, on the battlefield, X counts as 0.")
    value = mana_cost.mana_value(value_x)
    if spec.way == "less":
        ok = value <= spec.value
    elif spec.way == "greater":
        ok = value >= spec.value
    else:
        ok = value == spec.value
    where = " on the stack" if on_stack else ""
    note = f"{_cap(subject)} has mana value {value}{where} ({_format_cost(mana_cost)}"
    if mana_cost.has_x:
        note += f" with X={value_x})" if on_stack else ", X counting as 0 off the stack)"
    else:
        note += ")"
    if kicked:
        note += ", kicked or not"
    t.step(
        Rule.MANA_VALUE_X if mana_cost.has_x else Rule.MANA_VALUE,
        note + f", so it {'is' if ok else 'is not'} a legal target for {checker}.",
    )
    return t.ruling("yes" if ok else "no")


class ManaValueCompare(NamedTuple):
    """A card that compares a cast spell's mana value with another number: the counters on
    it (Chalice of the Void), a revealed card's mana value (Counterbalance), or, for cascade,
    the mana value a card exiled from the library must stay under."""

    kind: Literal["counters", "revealed", "cascade"]
    text: str


_EQUAL_COUNTERS = lazy(
    r"\bwhenever a player casts a spell with mana value equal to the number of (\w+) counters "
    r"on (?:this \w+|cardname)[^.]*, counter that spell\.",
    re.I,
)
_SAME_AS_REVEALED = lazy(
    r"\bcounter that spell if it has the same mana value as the revealed card\.", re.I
)


def mana_value_compare(oracle_text: str, keywords: Sequence[str] = ()) -> ManaValueCompare | None:
    """How the card's text compares a spell's mana value, when it is one of the plain forms."""
    if "Cascade" in keywords:
        return ManaValueCompare("cascade", "Cascade")
    found = _EQUAL_COUNTERS.search(oracle_text)
    if found is not None:
        return ManaValueCompare("counters", found.group(0))
    found = _SAME_AS_REVEALED.search(oracle_text)
    if found is not None:
        return ManaValueCompare("revealed", found.group(0))
    return None


def _stack_value(t: Trace, spell: str, mana_cost: ManaCost, x: int | None, kicked: bool) -> int:
    value_x = 0 if x is None else x
    value = mana_cost.mana_value(value_x)
    note = f"On the stack {spell} has mana value {value} ({_format_cost(mana_cost)}"
    note += f" with X={value_x})" if mana_cost.has_x else ")"
    if kicked:
        note += "; the kicker paid doesn't change it"
    t.step(Rule.MANA_VALUE_X if mana_cost.has_x else Rule.MANA_VALUE, note + ".", spell)
    return value


def mana_value_compared(
    watcher: str,
    spec: ManaValueCompare,
    *,
    spell: str,
    mana_cost: ManaCost,
    x: int | None = None,
    kicked: bool = False,
    other: int | None = None,
    other_cost: ManaCost | None = None,
    other_name: str | None = None,
) -> Ruling:
    """Does ``watcher``'s comparison hold for ``spell`` cast with X = ``x`` (CR 202.3e: a
    spell's X counts on the stack, and 0 anywhere else)? ``other`` is the number compared
    with (counters on the watcher, or a revealed card's mana value), or ``other_cost`` the
    mana cost of the card revealed or exiled from the library. For cascade the verdict is
    whether the exiled card can be cast (its mana value is less than the spell's, 702.85a);
    otherwise whether the spell is countered."""
    t = Trace()
    if mana_cost.has_x and x is None:
        t.step(Rule.MANA_VALUE_X, "On the stack X counts as its chosen value.")
        return t.ruling(None, missing=("the value of X",))
    value = _stack_value(t, _cap(spell), mana_cost, x, kicked)
    if other is None and other_cost is not None:
        other = other_cost.mana_value(0)
        note = f"{_cap(other_name or 'the other card')} has mana value {other} in the library"
        note += " (X counts as 0 there)." if other_cost.has_x else "."
        t.step(Rule.MANA_VALUE_X if other_cost.has_x else Rule.MANA_VALUE, note, other_name)
    if other is None:
        return t.ruling(None, missing=("the mana value it is compared with",))
    if spec.kind == "cascade":
        ok = other < value
        t.step(
            Rule.CASCADE,
            f"Cascade exiles cards until a nonland card with mana value less than {value}; "
            f"{other} is {'' if ok else 'not '}less, so "
            + ("that card can be cast." if ok else "that card is exiled past, not cast."),
            watcher,
        )
        return t.ruling("yes" if ok else "no")
    what = (
        f"the {other} counters on {watcher}"
        if spec.kind == "counters"
        else f"the revealed card's mana value {other}"
    )
    ok = value == other
    t.step(
        Rule.TRIGGER_EVENT,
        f"{watcher} compares it with {what}: "
        + ("the same, so the spell is countered." if ok else "different, so it isn't countered."),
        watcher,
    )
    return t.ruling("yes" if ok else "no")


class XAmount(NamedTuple):
    """An amount a card's text ties to the X of the spell that was cast: "When you cast this
    spell, draw half X cards" (``when`` "cast"), "enters with X +1/+1 counters" or "a +1/+1
    counter for each mana spent to cast it" (``spent``), "etb"."""

    what: Literal["counters", "cards", "life"]
    when: Literal["cast", "etb"]
    half: bool = False
    spent: bool = False


_CAST_X = lazy(r"\bwhen you cast this spell, ([^.]*)\.", re.I)
_CAST_X_PART = lazy(r"\b(gain|draw) (half )?x (life|cards?)\b", re.I)
_ETB_X_COUNTERS = lazy(r"\benters with x \+1/\+1 counters on it\b", re.I)
_ETB_SPENT_COUNTERS = lazy(
    r"\benters with a \+1/\+1 counter on it for each mana spent to cast it\b", re.I
)


_X_ELSEWHERE = lazy(
    r"\bwhere x is\b|\bif x is\b|\badditional\b|\binstead\b|\bdouble|\btwice\b", re.I
)


def x_amounts(oracle_text: str, mana_cost: ManaCost) -> tuple[XAmount, ...]:
    """The amounts the text ties to the cast spell's X, in the plain forms above; none when
    X is defined by the text or its amounts change by other words."""
    if _X_ELSEWHERE.search(oracle_text):
        return ()
    spent = _ETB_SPENT_COUNTERS.search(oracle_text)
    if not mana_cost.has_x:
        return (XAmount(what="counters", when="etb", spent=True),) if spent else ()
    out: list[XAmount] = []
    cast = _CAST_X.search(oracle_text)
    if cast is not None:
        for part in _CAST_X_PART.finditer(cast.group(1)):
            what: Literal["cards", "life"] = (
                "life" if part.group(1).casefold() == "gain" else "cards"
            )
            out.append(XAmount(what=what, when="cast", half=part.group(2) is not None))
    if _ETB_X_COUNTERS.search(oracle_text):
        out.append(XAmount(what="counters", when="etb"))
    if spent:
        out.append(XAmount(what="counters", when="etb", spent=True))
    return tuple(out)


def x_amount(
    amount: XAmount,
    mana_cost: ManaCost,
    *,
    x: int | None,
    free: bool = False,
    card: str | None = None,
) -> Ruling:
    """How much ``amount`` is for the spell cast with this X (CR 107.3a-b, 107.3m, 601.2f);
    ``free`` is cast without paying its mana cost, where X is 0."""
    t = Trace()
    if free:
        t.step(
            Rule.X_FREE,
            "Cast without paying its mana cost, the only legal choice for X is 0.",
            card,
        )
        x = 0
    elif x is None:
        return t.ruling(None, missing=("the value of X",))
    else:
        t.step(Rule.X_ANNOUNCED, f"X was announced as {x} as the spell was cast.", card)
    if amount.spent:
        spent = 0 if free else mana_cost.mana_value(x)
        t.step(
            Rule.TOTAL_COST,
            f"The mana spent to cast it is its total cost, {spent} mana"
            + (": nothing was paid." if free else f" with X={x}."),
            card,
        )
        t.step(Rule.X_ETB, f"It enters with a +1/+1 counter for each of them: {spent}.", card)
        return t.ruling(str(spent))
    value = x // 2 if amount.half else x
    noun = {"counters": "+1/+1 counters", "cards": "cards", "life": "life"}[amount.what]
    if amount.when == "cast":
        t.step(
            Rule.X_ANNOUNCED,
            "Its cast trigger resolves while the spell is on the stack, where X is "
            + (f"{x}" if free else f"the announced {x}")
            + (
                f"; half of it, rounded down, is {value} {noun}."
                if amount.half
                else f": {value} {noun}."
            ),
            card,
        )
    else:
        t.step(
            Rule.X_ETB,
            f"It enters with X {noun}, the X the spell was cast with: {value}.",
            card,
        )
    return t.ruling(str(value))
