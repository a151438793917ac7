"""One query interface: typed questions about a position, and ``rule(state, query)`` to answer them."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal

from engine import blocking, constellation, effects, kicker, manaprod, tapping
from engine.abilities import (
    Activated,
    CostChange,
    Enchant,
    GrantedManaAbility,
    Keyword,
    Kicker,
    Target,
)
from engine.errors import EngineError, UnknownCardError
from engine.mana import ManaCost, ManaType
from engine.model import GameState, Permanent, Spell
from engine.render import possessive
from engine.ruling import Rule, Ruling, Trace
from engine.value import Value as _Query

Zone = Literal["stack", "battlefield", "graveyard", "hand", "library", "exile", "command"]
Symbol = Literal["T", "Q"]


class CanActivate(_Query):
    """May ``permanent``'s ability be activated now, as far as {T}/{Q} and 302.6 go?

    ``ability`` indexes its activated abilities (its own, then those granted by
    attached Auras and Equipment); ``symbol`` asks about a {T} or {Q} cost
    without naming an ability. ``phase`` says when: an extra beginning phase is
    still the same turn.
    """

    kind: Literal["can_activate"] = "can_activate"
    permanent: str
    ability: int | None = None
    symbol: Symbol | None = None
    phase: Literal["turn", "extra_beginning"] = "turn"


class CanAttack(_Query):
    kind: Literal["can_attack"] = "can_attack"
    permanent: str


class CanBlock(_Query):
    """May ``permanent`` block (``attacker``, when named: flying, reach and 'can't block')?"""

    kind: Literal["can_block"] = "can_block"
    permanent: str
    attacker: str | None = None


class SummoningSick(_Query):
    kind: Literal["summoning_sick"] = "summoning_sick"
    permanent: str


class TapForCost(_Query):
    """May creature ``permanent`` be tapped for another object's cost (convoke, crew...)?"""

    kind: Literal["tap_for_cost"] = "tap_for_cost"
    permanent: str
    via: Literal["convoke", "crew", "tap_others"]
    source: str | None = None


class TappedByEffect(_Query):
    """May a spell or ability tap (or target) ``permanent`` though it came under your control
    this turn? 302.6 restricts only its own {T}/{Q} abilities and attacking."""

    kind: Literal["tapped_by_effect"] = "tapped_by_effect"
    permanent: str


class BlockRequirements(_Query):
    """The declarations of blockers 509.1c allows, against ``attackers`` (default: those marked
    attacking).

    ``ask``: ``obeyed`` — how many requirements can be obeyed (number);
    ``min_blockers`` — the fewest blockers ``attacker`` must get (number);
    ``must_block`` — must ``blocker`` block ``attacker`` (yes/no);
    ``all_must_block`` — must every creature able to block ``attacker`` do so (yes/no);
    ``legal`` — is ``assignment`` (blocker → attacker or None) legal (yes/no).
    """

    kind: Literal["block_requirements"] = "block_requirements"
    attackers: tuple[str, ...] = ()
    ask: Literal["obeyed", "min_blockers", "must_block", "all_must_block", "legal"] = "obeyed"
    attacker: str | None = None
    blocker: str | None = None
    assignment: tuple[tuple[str, str | None], ...] = ()


class Triggers(_Query):
    """How many times enchantment-enters abilities (of ``watcher``) trigger for this event.

    ``entering`` names permanents of the position that just arrived ``how``;
    ``spell`` names an Aura spell on the stack resolving instead, its target
    checked against the position (608.3b).
    """

    kind: Literal["triggers"] = "triggers"
    entering: tuple[str, ...] = ()
    how: constellation.How = "resolve"
    watcher: str | None = None
    spell: str | None = None


class ResolveAura(_Query):
    """Does the Aura spell ``spell`` (default: the top of the stack) resolve and enter?"""

    kind: Literal["resolve_aura"] = "resolve_aura"
    spell: str | None = None


class PutAura(_Query):
    """An Aura put onto the battlefield without being cast: what does it enchant (303.4f, g)?

    The verdict is the one thing it can enchant, "no" when it can't enter, and
    undecided when its controller has a choice.
    """

    kind: Literal["put_aura"] = "put_aura"
    aura: str
    controller: str = "you"


class BestowStatus(_Query):
    """Is the bestowed permanent ``permanent`` a creature now (702.103b, f)?"""

    kind: Literal["bestow_status"] = "bestow_status"
    permanent: str


class TotalCost(_Query):
    """The total cost of spell ``spell`` on the stack, with these choices or the ones it shows."""

    kind: Literal["total_cost"] = "total_cost"
    spell: str
    kicked: tuple[int, ...] | None = None
    x: int | None = None
    without_paying: bool | None = None


class ManaValue(_Query):
    """The mana value of ``object`` in ``zone`` (default: where the position has it)."""

    kind: Literal["mana_value"] = "mana_value"
    object: str
    zone: Zone | None = None


class IsKicked(_Query):
    """Is ``object`` (a spell or a permanent) kicked; with ``times``, how many times?"""

    kind: Literal["is_kicked"] = "is_kicked"
    object: str
    times: bool = False


class CopySpell(_Query):
    """A copy of spell ``spell`` is made: is it kicked, or (``ask="x"``) what is its X?"""

    kind: Literal["copy_spell"] = "copy_spell"
    spell: str
    ask: Literal["kicked", "x", "mana_value"] = "kicked"


class EntersAsCopy(_Query):
    """A permanent enters as a copy of ``original``: is it kicked (707.2)?"""

    kind: Literal["enters_as_copy"] = "enters_as_copy"
    original: str
    name: str = "the copy"


class CouldProduce(_Query):
    kind: Literal["could_produce"] = "could_produce"
    permanent: str


class Produces(_Query):
    """What tapping ``permanent`` for mana once adds (verdict: the amount)."""

    kind: Literal["produces"] = "produces"
    permanent: str
    ability: int | None = None
    choose: ManaType | None = None


class IsTappedForMana(_Query):
    """Does activating ``permanent``'s mana ability count as tapping it for mana (106.12)?"""

    kind: Literal["is_tapped_for_mana"] = "is_tapped_for_mana"
    permanent: str
    ability: int | None = None


class IsColor(_Query):
    kind: Literal["is_color"] = "is_color"
    mana: ManaType


class EffectAmount(_Query):
    """How much ``object``'s effect of kind ``verb`` does (damage, counters, cards, tokens, life),
    from how many times it was kicked, its counters, its power, its X or its target's mana value
    (702.33, 614.1a). Default ``verb``: its first effect with an amount."""

    kind: Literal["effect_amount"] = "effect_amount"
    object: str
    verb: effects.Verb | None = None


class SpellTargets(_Query):
    """How many targets spell ``spell`` chooses as it is cast: a part that works only if it was
    kicked has its targets chosen only if it was (702.33g)."""

    kind: Literal["spell_targets"] = "spell_targets"
    spell: str


class EffectRequires(_Query):
    """Does ``source``'s effect, as kicked or not, apply to ``object`` by the mana value check it
    makes ("counter that spell if its mana value is 4 or less")?"""

    kind: Literal["effect_requires"] = "effect_requires"
    source: str
    object: str


class CanTarget(_Query):
    """May spell ``spell``, as kicked or not, choose ``target`` as a target: its target's types
    and any mana value limit ("target creature with mana value 2 or less")?"""

    kind: Literal["can_target"] = "can_target"
    spell: str
    target: str


class ManaValueCompare(_Query):
    """Does ``object``'s mana value in ``zone`` meet ``check`` ("mana value 3 or less")?"""

    kind: Literal["mana_value_compare"] = "mana_value_compare"
    object: str
    check: str
    zone: Zone | None = None


class CopyValues(_Query):
    """``permanent`` entered as a copy of ``original`` (default: its ``copy=``), with its own copy
    effect's exceptions (707.9): is it legendary, has it subtype or type ``type``, or how many
    ``counter`` counters does it enter with?"""

    kind: Literal["copy_values"] = "copy_values"
    permanent: str
    original: str | None = None
    ask: Literal["legendary", "has_type", "counters"] = "legendary"
    type: str | None = None
    counter: str = "+1/+1"


Query = (
    CanActivate
    | CanAttack
    | CanBlock
    | SummoningSick
    | TapForCost
    | TappedByEffect
    | BlockRequirements
    | Triggers
    | ResolveAura
    | PutAura
    | BestowStatus
    | TotalCost
    | ManaValue
    | IsKicked
    | CopySpell
    | EntersAsCopy
    | CouldProduce
    | Produces
    | IsTappedForMana
    | IsColor
    | EffectAmount
    | SpellTargets
    | EffectRequires
    | CanTarget
    | ManaValueCompare
    | CopyValues
)


# -- facts of the position, as structured steps -------------------------------------------------


def _typeline(p: Permanent | Spell) -> str:
    head = " ".join(sorted(p.supertypes) + sorted(p.types)).lower()
    return head + (" — " + " ".join(sorted(p.subtypes)) if p.subtypes else "")


def _card(obj: Permanent | Spell) -> str | None:
    return obj.card.name if obj.card else None


def _fact_permanent(t: Trace, p: Permanent) -> None:
    t.because(
        None,
        "fact.permanent",
        name=p.name,
        types=_typeline(p),
        controller=p.controller,
        owner=p.owner,
        tapped=p.tapped,
        since_turn_start=p.since_turn_start,
        attached_to=p.attached_to or "",
    )


def _fact_spell(t: Trace, s: Spell) -> None:
    t.because(
        None,
        "fact.spell",
        name=s.name,
        controller=s.controller,
        kicked=len(s.kicked),
        x="" if s.x is None else s.x,
        copy=s.is_copy,
        cast=s.cast,
        bestowed=s.bestowed,
        targets=", ".join(s.targets),
    )


def _then(t: Trace, ruling: Ruling) -> Ruling:
    t.extend(ruling.steps)
    return t.ruling(ruling.verdict, ruling.missing)


# -- tapping, attacking and blocking ---------------------------------------------------------


def _granted(state: GameState, p: Permanent) -> list[tuple[str, Activated]]:
    """Abilities that Auras and Equipment attached to ``p`` give it."""
    out: list[tuple[str, Activated]] = []
    for host in state.attached(p.name):
        for a in host.abilities:
            if isinstance(a, GrantedManaAbility) and re.match(
                r"(enchanted|equipped) ", a.subject, re.I
            ):
                out.append((host.name, a.ability))
    return out


def _can_activate(state: GameState, q: CanActivate) -> Ruling:
    p = state.find(q.permanent)
    t = Trace()
    _fact_permanent(t, p)
    if q.phase == "extra_beginning":
        t.because(Rule.SUMMONING_SICKNESS, "fact.phase")
    own = [a for a in p.abilities if isinstance(a, Activated)]
    granted = _granted(state, p)
    options = [(None, a) for a in own] + [(src, a) for src, a in granted]
    symbol = q.symbol
    chosen: Activated | None = None
    if q.ability is not None:
        if not 0 <= q.ability < len(options):
            raise EngineError(f"{p.name} has no activated ability number {q.ability + 1}")
        source, chosen = options[q.ability]
        if source is not None:
            sym = "T" if chosen.cost.tap else "Q" if chosen.cost.untap else "T"
            t.because(
                Rule.TAP_SYMBOL,
                "fact.granted",
                source,
                name=p.name,
                ability=chosen.text or "its ability",
                source=source,
                symbol=sym,
            )
    if chosen is not None:
        return _then(t, tapping.can_activate(state, p.name, chosen))
    return _then(t, tapping.can_pay_tap_cost(state, p.name, symbol or "T"))


def _can_attack(state: GameState, q: CanAttack) -> Ruling:
    p = state.find(q.permanent)
    t = Trace()
    _fact_permanent(t, p)
    helper = tapping.haste_for_abilities(state, p)
    if helper is not None and tapping.is_summoning_sick(p):
        t.step(
            Rule.SUMMONING_SICKNESS,
            f"{helper} lets {p.name}'s abilities be activated as though it had haste; it doesn't "
            "give it haste, so it doesn't let it attack.",
            helper,
        )
    return _then(t, tapping.can_attack(state, p.name))


def _can_block(state: GameState, q: CanBlock) -> Ruling:
    p = state.find(q.permanent)
    t = Trace()
    _fact_permanent(t, p)
    basic = tapping.can_block(state, p.name)
    if basic.verdict != "yes" or q.attacker is None:
        return _then(t, basic)
    t.extend(basic.steps)
    attacker = state.find(q.attacker)
    ok, rule, why = blocking.can_block(
        blocking.Blocker.from_permanent(p),
        blocking.Attacker.from_permanent(attacker, attached=state.attached(attacker.name)),
    )
    if not ok:
        t.step(rule, why + ".")
        return t.ruling("no")
    t.step(Rule.BLOCK_RESTRICTIONS, f"No restriction stops {p.name} blocking {attacker.name}.")
    return t.ruling("yes")


def _summoning_sick(state: GameState, q: SummoningSick) -> Ruling:
    t = Trace()
    _fact_permanent(t, state.find(q.permanent))
    return _then(t, tapping.summoning_sickness(state, q.permanent))


def _tap_for_cost(state: GameState, q: TapForCost) -> Ruling:
    t = Trace()
    _fact_permanent(t, state.find(q.permanent))
    return _then(t, tapping.can_tap_for_cost(state, q.permanent, q.via, q.source))


def _tapped_by_effect(state: GameState, q: TappedByEffect) -> Ruling:
    p = state.find(q.permanent)
    t = Trace()
    _fact_permanent(t, p)
    t.because(Rule.SUMMONING_SICKNESS, "tap.effect", name=p.name)
    return t.ruling("yes")


def _block_requirements(state: GameState, q: BlockRequirements) -> Ruling:
    attackers, blockers = blocking.from_state(state, q.attackers)
    t = Trace()
    t.because(Rule.BLOCK_REQUIREMENTS, "fact.attacking", names=", ".join(a.name for a in attackers))
    defender = state.opponents_of(state.find(attackers[0].name).controller)
    t.because(
        Rule.BLOCKERS_UNTAPPED,
        "fact.blockers",
        player=defender[0] if defender else "opponent",
        names=", ".join(b.name + (" (tapped)" if b.tapped else "") for b in blockers),
    )
    if q.ask == "obeyed":
        return _then(t, blocking.solve(attackers, blockers)[1])
    attacker = q.attacker or attackers[0].name
    if q.ask == "min_blockers":
        return _then(t, blocking.min_blockers(attackers, blockers, attacker))
    if q.ask == "all_must_block":
        return _then(t, blocking.all_must_block(attackers, blockers, attacker))
    if q.ask == "must_block":
        if q.blocker is None:
            raise EngineError("must_block needs a blocker")
        return _then(t, blocking.must_block_with(attackers, blockers, attacker, q.blocker))
    return _then(t, blocking.is_legal(attackers, blockers, dict(q.assignment)))


# -- enchantments entering, Auras and bestow -------------------------------------------------


def _enchant(obj: Permanent | Spell) -> str:
    if obj.bestowed:
        return "creature"
    for a in obj.abilities:
        if isinstance(a, Enchant):
            return a.what.casefold()
    return "permanent"


_KINDS = {
    "creature": "Creature",
    "land": "Land",
    "artifact": "Artifact",
    "enchantment": "Enchantment",
    "planeswalker": "Planeswalker",
}


def _can_enchant(what: str, target: Permanent, controller: str) -> tuple[bool, str]:
    words = what.split()
    kind = next((w for w in words if w in _KINDS), None)
    if (
        kind is not None
        and _KINDS[kind] not in target.types
        and kind.capitalize() not in target.subtypes
    ):
        return False, "type"
    for sub in words:
        if sub.capitalize() in {"Forest", "Island", "Swamp", "Mountain", "Plains"} and (
            sub.capitalize() not in target.subtypes
        ):
            return False, "type"
    if "you control" in what and target.controller != controller:
        return False, "control"
    if ("an opponent controls" in what or "you don't control" in what) and (
        target.controller == controller
    ):
        return False, "control"
    return True, ""


def _protected(target: Permanent, controller: str) -> str | None:
    for a in target.abilities:
        if isinstance(a, Keyword):
            name = a.name.casefold()
            if name == "shroud" or (name == "hexproof" and target.controller != controller):
                return name
    return None


def _aura_target_legal(state: GameState, spell: Spell, t: Trace) -> bool:
    if not spell.targets:
        raise EngineError(f"{spell.name} has no target in the position (give it targets=...)")
    target = spell.targets[0]
    card = _card(spell)
    t.because(Rule.AURA, "aura.targets", card, name=spell.name, target=target)
    try:
        host = state.find(target)
    except UnknownCardError:
        t.because(Rule.TARGET_ILLEGAL, "aura.target_gone", target=target)
        return False
    what = _enchant(spell)
    ok, why = _can_enchant(what, host, spell.controller)
    if not ok and why == "control":
        t.because(
            Rule.TARGET_ILLEGAL,
            "aura.target_control",
            name=spell.name,
            what=what,
            target=host.name,
            target_controller=host.controller,
        )
        return False
    if not ok:
        t.because(
            Rule.TARGET_ILLEGAL, "aura.target_type", name=spell.name, what=what, target=host.name
        )
        return False
    keyword = _protected(host, spell.controller)
    if keyword is not None:
        t.because(
            Rule.TARGET_ILLEGAL,
            "aura.target_hexproof",
            name=spell.name,
            target=host.name,
            keyword=keyword,
            controller=spell.controller,
        )
        return False
    t.because(Rule.TARGET_ILLEGAL, "aura.target_legal", name=spell.name, target=host.name)
    return True


def _aura_spell(state: GameState, name: str | None) -> Spell:
    if name is not None:
        return state.find_spell(name)
    if not state.stack:
        raise EngineError("the stack is empty")
    return state.stack[-1]


def _uncast_bestow(spell: Spell, t: Trace) -> Spell:
    """Only a cast spell (or a copy of one) can be bestowed (702.103a-c)."""
    if not spell.bestowed or spell.cast or spell.is_copy:
        return spell
    t.because(Rule.BESTOW, "bestow.not_cast", _card(spell), name=spell.name)
    types = spell.types | {"Creature"}
    line = spell.card.front.typeline if spell.card else None
    subtypes = (line.subtypes if line else spell.subtypes - {"Aura"}) - {"Aura"}
    return spell.model_copy(
        update={"bestowed": False, "types": types, "subtypes": subtypes, "targets": ()}
    )


def _resolve_aura(state: GameState, q: ResolveAura) -> Ruling:
    spell = _aura_spell(state, q.spell)
    t = Trace()
    _fact_spell(t, spell)
    spell = _uncast_bestow(spell, t)
    if "Aura" not in spell.subtypes:
        ruling = kicker.resolve(spell)[1]
        return _then(t, ruling.model_copy(update={"verdict": "yes"}))
    legal = _aura_target_legal(state, spell, t)
    return _then(t, constellation.resolve_aura(spell, legal)[1])


def _triggers(state: GameState, q: Triggers) -> Ruling:
    t = Trace()
    if q.spell is not None:
        spell = _aura_spell(state, q.spell)
        _fact_spell(t, spell)
        spell = _uncast_bestow(spell, t)
        if "Aura" in spell.subtypes:
            legal = _aura_target_legal(state, spell, t)
            perm, resolved = constellation.resolve_aura(spell, legal)
            t.extend(resolved.steps)
        else:
            perm, resolved = kicker.resolve(spell)
            t.step(Rule.RESOLVE_PERMANENT, f"{spell.name} resolves and enters the battlefield.")
        if perm is None:
            t.step(Rule.TRIGGER_EVENT, "No enchantment entered, so nothing triggers.")
            return t.ruling("0")
        return _then(t, constellation.trigger_count(state, [perm], "resolve", q.watcher))
    entering = [state.find(n) for n in q.entering]
    for p in entering:
        _fact_permanent(t, p)
    return _then(t, constellation.trigger_count(state, entering, q.how, q.watcher))


def _put_aura(state: GameState, q: PutAura) -> Ruling:
    aura = _find_anywhere(state, q.aura)
    t = Trace()
    what = _enchant(aura)
    hosts = [
        p
        for p in state.battlefield
        if not p.phased_out and p.name != aura.name and _can_enchant(what, p, q.controller)[0]
    ]
    card = _card(aura)
    if not hosts:
        t.because(Rule.AURA_NOTHING, "aura.put_nothing", card, name=aura.name)
        return t.ruling("no")
    t.because(
        Rule.AURA_PUT,
        "aura.put_choice",
        card,
        name=aura.name,
        host=", ".join(h.name for h in hosts),
    )
    shielded = [h.name for h in hosts if _protected(h, q.controller)]
    if shielded:
        t.because(Rule.AURA_PUT, "aura.put_no_target", host=", ".join(shielded))
    if len(hosts) == 1:
        return t.ruling(hosts[0].name)
    return t.ruling(None, ("which of them its controller chooses",))


def _bestow_status(state: GameState, q: BestowStatus) -> Ruling:
    p = state.find(q.permanent)
    t = Trace()
    host = p.attached_to
    if (
        p.bestowed
        and host is not None
        and any(x.name.casefold() == host.casefold() for x in state.battlefield)
    ):
        t.because(Rule.BESTOW, "bestow.permanent", _card(p), name=p.name, host=host)
        return t.ruling("no")
    if p.bestowed:
        t.because(Rule.BESTOW_UNATTACHED, "bestow.permanent", _card(p), name=p.name, host="")
        return t.ruling("yes")
    _fact_permanent(t, p)
    t.step(
        Rule.BESTOW,
        f"{p.name} isn't bestowed; it is {'a creature' if p.is_creature else 'not a creature'}.",
    )
    return t.ruling("yes" if p.is_creature else "no")


# -- costs, mana value, kicker and copies -------------------------------------------------------


def _mana_cost(obj: Permanent | Spell) -> ManaCost:
    if obj.card is None:
        raise EngineError(f"the position doesn't give {obj.name}'s mana cost (it names no card)")
    return obj.card.front.mana_cost


def _kicker(obj: Permanent | Spell) -> Kicker | None:
    return next((a for a in obj.abilities if isinstance(a, Kicker)), None)


def _colors(cost: ManaCost) -> frozenset[str]:
    return frozenset(str(c) for c in cost.colors)


def _total_cost(state: GameState, q: TotalCost) -> Ruling:
    spell = state.find_spell(q.spell)
    t = Trace()
    _fact_spell(t, spell)
    cost = _mana_cost(spell)
    kick = _kicker(spell)
    kicked = spell.kicked if q.kicked is None else q.kicked
    free = (
        spell.alternative_cost == "without paying its mana cost"
        if q.without_paying is None
        else q.without_paying
    )
    x = spell.x if q.x is None else q.x
    if free and cost.has_x:
        t.step(
            Rule.X_FREE,
            "Cast without paying its mana cost, the only legal value for the X in its mana cost is 0.",
        )
        if any(k.mana is not None and k.mana.has_x for k in (kick.costs if kick else ())):
            t.step(Rule.X_SAME, "Every X on the spell has the same value, the kicker's X too.")
        x = 0
    changes: list[tuple[str, int]] = []
    for p in state.battlefield:
        for a in p.abilities:
            if isinstance(a, CostChange) and a.applies_to != "this spell":
                if a.mana_value is not None:
                    meets = _cost_change_mana_value(state, spell, p, a, x, t)
                    if meets is None:
                        return t.ruling(None, ("the value of X",))
                    if not meets:
                        continue
                    a = a.model_copy(
                        update={
                            "applies_to": effects.without_mana_value(a.applies_to),
                            "mana_value": None,
                        }
                    )
                applies = kicker.cost_change_applies(
                    a,
                    types=frozenset(tp.casefold() for tp in spell.types),
                    subtypes=frozenset(s.casefold() for s in spell.subtypes),
                    colors=_colors(cost),
                    same_controller=p.controller == spell.controller,
                )
                if applies is None:
                    t.step(
                        Rule.TOTAL_COST, f"Whether {p.name}'s cost change applies isn't modelled."
                    )
                    return t.ruling(None, (f"whether {p.name}'s cost change applies",))
                if applies:
                    changes.append((p.name, a.delta))
    if kick is not None and kicked:
        kick = _x_kicker(kick, x, t)
        if kick is None:
            return t.ruling(None, ("the value of X",))
    ruling = kicker.total_cost(
        cost,
        kicker=kick,
        kicked=kicked,
        without_paying=free,
        x=x,
        card=_card(spell),
        changes=changes,
    )
    return _then(t, ruling)


def _x_kicker(kick: Kicker, x: int | None, t: Trace) -> Kicker | None:
    """The kicker with its {X} costs paid as ``x`` generic mana."""
    if not any(k.mana is not None and k.mana.has_x for k in kick.costs):
        return kick
    if x is None:
        t.step(Rule.X_CHOSEN, "The kicker cost has {X}; its value must be announced.")
        return None
    t.step(Rule.X_CHOSEN, f"X is {x}, so the kicker's {{X}} is paid as {x} generic mana.")
    costs = tuple(
        k.model_copy(update={"mana": k.mana.with_x(x)}) if k.mana is not None else k
        for k in kick.costs
    )
    return kick.model_copy(update={"costs": costs})


def _find_anywhere(state: GameState, name: str) -> Permanent | Spell:
    for s in reversed(state.stack):
        if s.name.casefold() == name.casefold():
            return s
    return state.find(name)


_ZONE_TEXT = {
    "stack": "a spell on the stack",
    "battlefield": "a permanent on the battlefield",
    "graveyard": "a card in a graveyard",
    "hand": "a card in a hand",
    "library": "a card in a library",
    "exile": "a card in exile",
    "command": "a card in the command zone",
}


def _mana_value(state: GameState, q: ManaValue) -> Ruling:
    obj = _find_anywhere(state, q.object)
    zone: Zone = q.zone or ("stack" if isinstance(obj, Spell) else "battlefield")
    t = Trace()
    if isinstance(obj, Spell) and zone == "stack":
        _fact_spell(t, obj)
    t.because(Rule.MANA_VALUE, "mv.zone", name=obj.name, zone_text=_ZONE_TEXT[zone])
    cost = _mana_cost(obj)
    if isinstance(obj, Permanent) and obj.copy_of:
        t.because(Rule.COPY_VALUES, "mv.copy", name=obj.name, original=obj.copy_of, cost=str(cost))
    x = obj.x if isinstance(obj, Spell) and zone == "stack" else None
    if cost.has_x and zone != "stack":
        t.step(Rule.X_OFF_STACK, "Off the stack, an {X} in a mana cost is 0.")
    ruling = kicker.mana_value(
        cost, on_stack=zone == "stack", x=x, kicked=bool(obj.kicked), card=_card(obj)
    )
    return _then(t, ruling)


def _is_kicked(state: GameState, q: IsKicked) -> Ruling:
    obj = _find_anywhere(state, q.object)
    t = Trace()
    if isinstance(obj, Spell):
        _fact_spell(t, obj)
        if obj.is_copy:
            t.step(
                Rule.COPY_SPELL,
                "A copy of a spell copies the choices made casting the original, kicker included.",
            )
    else:
        _fact_permanent(t, obj)
        if obj.copy_of:
            t.step(
                Rule.COPY_VALUES,
                f"{obj.name} is a copy of {obj.copy_of}: being kicked isn't a copiable value.",
            )
    ruling = kicker.kicked_status(len(obj.kicked), _card(obj))
    if q.times:
        t.extend(ruling.steps)
        t.because(Rule.KICKED, "kicked.count", name=obj.name, count=len(obj.kicked))
        return t.ruling(str(len(obj.kicked)))
    return _then(t, ruling)


def _copy_spell(state: GameState, q: CopySpell) -> Ruling:
    spell = state.find_spell(q.spell)
    t = Trace()
    _fact_spell(t, spell)
    copy, ruling = kicker.copy_spell(spell)
    t.extend(ruling.steps)
    if spell.bestowed:
        t.step(Rule.COPY_BESTOWED, "A copy of a bestowed Aura spell is a bestowed Aura spell too.")
    if q.ask == "kicked":
        return t.ruling(ruling.verdict)
    if q.ask == "x":
        if copy.x is None:
            return t.ruling(None, ("the value of X",))
        t.step(Rule.COPY_SPELL, f"The copy's X is {copy.x}, the same as the original's.")
        return t.ruling(str(copy.x))
    value = kicker.mana_value(_mana_cost(spell), on_stack=True, x=copy.x, card=_card(spell))
    return _then(t, value)


def _enters_as_copy(state: GameState, q: EntersAsCopy) -> Ruling:
    original = state.find(q.original)
    t = Trace()
    _fact_permanent(t, original)
    return _then(t, kicker.copy_permanent(original, q.name)[1])


# -- mana -----------------------------------------------------------------------------------


def _could_produce(state: GameState, q: CouldProduce) -> Ruling:
    return manaprod.could_produce(state, q.permanent)[1]


def _produces(state: GameState, q: Produces) -> Ruling:
    return manaprod.produce(state, q.permanent, ability=q.ability, choose=q.choose)[1]


def _is_tapped_for_mana(state: GameState, q: IsTappedForMana) -> Ruling:
    p = state.find(q.permanent)
    mana = [a for a in p.abilities if isinstance(a, Activated) and a.mana is not None]
    if not mana:
        raise EngineError(f"{p.name} has no mana ability")
    a = mana[q.ability or 0] if (q.ability or 0) < len(mana) else mana[0]
    t = Trace()
    if a.cost.tap:
        t.because(Rule.TAPPED_FOR_MANA, "mana.treasure", _card(p), name=p.name)
        return _then(t, manaprod.is_tapped_for_mana("mana_ability"))
    t.because(Rule.TAPPED_FOR_MANA, "mana.no_tap", _card(p), name=p.name)
    return _then(t, manaprod.is_tapped_for_mana("mana_ability_no_tap"))


def _is_color(state: GameState, q: IsColor) -> Ruling:
    return manaprod.is_color(q.mana)


# -- effects as data: amounts, kicked-only targets, mana value checks, copy exceptions ------------


def _cost_change_mana_value(
    state: GameState, spell: Spell, source: Permanent, change: CostChange, x: int | None, t: Trace
) -> bool | None:
    """Does the spell meet a cost change's mana value check? On the stack X counts (202.3e)."""
    check = change.mana_value
    assert check is not None
    cost = _mana_cost(spell)
    if cost.has_x and x is None:
        t.because(Rule.MANA_VALUE_X, "mv.x_unknown", name=spell.name)
        return None
    value = cost.mana_value(x or 0)
    meets = check.holds(value)
    t.because(
        Rule.MANA_VALUE_X if cost.has_x else Rule.MANA_VALUE,
        "cost.mana_value",
        _card(source),
        source=source.name,
        name=spell.name,
        check=str(check),
        value=value,
        x="" if not cost.has_x else (x or 0),
        meets=meets,
    )
    return meets


def _face_effects(obj: Permanent | Spell) -> tuple[effects.Conditional, ...]:
    if obj.card is None:
        raise EngineError(f"the position doesn't give {obj.name}'s text (it names no card)")
    face = obj.card.front
    return effects.conditionals(face.lines, (obj.card.name, face.name, obj.name))


def _paid(obj: Permanent | Spell) -> tuple[str, ...] | None:
    """The kicker costs paid for ``obj``, as printed; None when its kicker isn't known."""
    kicker = _kicker(obj)
    if kicker is None:
        return None
    costs = [str(c) for c in kicker.costs]
    return tuple(costs[i] for i in obj.kicked if 0 <= i < len(costs))


def _kick_steps(
    t: Trace, obj: Permanent | Spell, conds: tuple[effects.Conditional, ...], verb: str
) -> None:
    for c in conds:
        if c.kicked is None or (c.effect.verb != verb and not c.effect.instead):
            continue
        met = c.kicked.met(len(obj.kicked), _paid(obj))
        t.because(
            Rule.REPLACEMENT_INSTEAD if c.effect.instead and met else Rule.KICKER_LINKED,
            "effect.kicked",
            _card(obj),
            name=obj.name,
            effect=c.effect.text,
            negated=c.kicked.negated,
            met=met,
            instead=c.effect.instead,
        )


def _effect_amount(state: GameState, q: EffectAmount) -> Ruling:
    obj = _find_anywhere(state, q.object)
    conds = _face_effects(obj)
    with_amount = [
        c for c in conds if c.effect.amount is not None and q.verb in (None, c.effect.verb)
    ]
    if not with_amount:
        raise EngineError(
            f"{obj.name} has no effect with an amount" + (f" ({q.verb})" * bool(q.verb))
        )
    verb = with_amount[0].effect.verb
    t = Trace()
    if isinstance(obj, Spell):
        _fact_spell(t, obj)
    else:
        _fact_permanent(t, obj)
    _kick_steps(t, obj, conds, verb)
    if any(
        c.unsure
        or (
            c.effect.instead
            and (c.effect.verb == "other" or (c.effect.verb == verb and c.effect.amount is None))
        )
        for c in conds
        if c.effect.verb == verb or c.effect.instead
    ):
        # "If you control a Wizard, ... instead", a mode, "twice that much damage instead":
        # something beyond kicked decides the amount.
        return t.ruling(None, ("what the effect's other condition depends on",))
    applied = [e for e in effects.applicable(conds, len(obj.kicked), verb, _paid(obj)) if e.amount]
    if not applied:
        t.because(Rule.KICKER_LINKED, "effect.none", name=obj.name)
        return t.ruling("0")
    total = 0
    for e in applied:
        assert e.amount is not None
        value = _amount_value(state, obj, e.amount, t)
        if value is None:
            return t.ruling(None, (_AMOUNT_MISSING[e.amount.per or "x"],))
        total += value
    t.because(
        Rule.KICKER_LINKED if applied[0].amount and applied[0].amount.per == "kick" else None,
        "effect.total",
        name=obj.name,
        verb=verb,
        total=total,
    )
    return t.ruling(str(total))


_AMOUNT_MISSING = {
    "kick": "how many times it was kicked",
    "counter": "how many counters it has",
    "power": "its power",
    "x": "the value of X",
    "mana_value": "its target",
}


def _amount_value(
    state: GameState, obj: Permanent | Spell, amount: effects.Amount, t: Trace
) -> int | None:
    subject: Permanent | Spell = obj
    if amount.of == "that":
        target = obj.targets[0] if isinstance(obj, Spell) and obj.targets else None
        if target is None:
            return None
        subject = state.find(target)
    if amount.per is None:
        return amount.fixed
    if amount.per == "kick":
        t.because(
            Rule.KICKED,
            "effect.per_kick",
            name=obj.name,
            times=len(obj.kicked),
            each=amount.times,
            base=amount.base,
        )
        return amount.value(kicked=len(obj.kicked))
    if amount.per == "x":
        x = obj.x
        if x is None:
            return None
        t.because(Rule.X_CHOSEN, "effect.x", name=obj.name, x=x)
        return amount.value(x=x)
    if not isinstance(subject, Permanent):
        return None
    if amount.per == "counter":
        n = subject.counter(amount.counter or "")
        t.because(
            Rule.PERMANENT_STATUS,
            "effect.counters",
            name=subject.name,
            counter=amount.counter or "",
            n=n,
        )
        return amount.value(counters={amount.counter or "": n})
    if amount.per == "power":
        power = subject.current_power
        if power is None:
            return None
        t.because(None, "mana.power", name=subject.name, power=power, how="")
        return amount.value(power=power)
    value = _mana_cost(subject).mana_value(0)
    t.because(Rule.MANA_VALUE, "effect.mana_value", name=subject.name, value=value)
    return amount.value(mana_value=value)


def _spell_targets(state: GameState, q: SpellTargets) -> Ruling:
    spell = state.find_spell(q.spell)
    conds = _face_effects(spell)
    t = Trace()
    _fact_spell(t, spell)
    kicked = bool(spell.kicked)
    for c in conds:
        if c.kicked is None:
            continue
        for target in c.effect.targets:
            t.because(
                Rule.KICKER_TARGETS,
                "targets.kicked_only",
                _card(spell),
                name=spell.name,
                what=target.what,
                met=kicked != c.kicked.negated,
            )
    total = 0
    for e in effects.applicable(conds, kicked):
        if e.verb == "targets" and e.amount is not None:
            n = e.amount.value(kicked=len(spell.kicked)) or 0
            t.because(
                Rule.KICKED, "targets.per_kick", name=spell.name, times=len(spell.kicked), n=n
            )
            total += n
            continue
        for target in e.targets:
            if target.any_number:
                t.because(Rule.TARGETS, "targets.any_number", name=spell.name)
                return t.ruling(None, ("how many targets its controller chooses",))
            total += target.count
    t.because(Rule.TARGETS, "targets.total", name=spell.name, n=total)
    return t.ruling(str(total))


def _effect_requires(state: GameState, q: EffectRequires) -> Ruling:
    source = _find_anywhere(state, q.source)
    conds = _face_effects(source)
    t = Trace()
    if isinstance(source, Spell):
        _fact_spell(t, source)
    checked = [c for c in conds if c.effect.requires is not None]
    if not checked:
        raise EngineError(f"{source.name} makes no mana value check")
    verb = checked[0].effect.verb
    _kick_steps(t, source, conds, verb)
    applied = [e for e in effects.applicable(conds, len(source.kicked), verb) if e.requires]
    if not applied:
        return t.ruling("no")
    check = applied[-1].requires
    assert check is not None
    return _checked_mana_value(t, state, ManaValue(object=q.object), check)


def _checked_mana_value(
    t: Trace, state: GameState, asked: ManaValue, check: effects.ManaValueCheck
) -> Ruling:
    """Whether the object's mana value meets ``check`` (202.3), its steps added to ``t``."""
    value = _mana_value(state, asked)
    t.extend(value.steps)
    if value.verdict is None:
        return t.ruling(None, value.missing)
    meets = check.holds(int(value.verdict))
    t.because(
        Rule.MANA_VALUE,
        "mv.check",
        name=asked.object,
        check=str(check),
        value=value.verdict,
        meets=meets,
    )
    return t.ruling("yes" if meets else "no")


def _can_target(state: GameState, q: CanTarget) -> Ruling:
    spell = state.find_spell(q.spell)
    target = state.find(q.target)
    conds = _face_effects(spell)
    t = Trace()
    _fact_spell(t, spell)
    kicked = bool(spell.kicked)
    for c in conds:
        if c.kicked is not None and c.effect.targets:
            met = kicked != c.kicked.negated
            t.because(
                Rule.REPLACEMENT_INSTEAD if c.effect.instead and met else Rule.KICKER_TARGETS,
                "effect.kicked",
                _card(spell),
                name=spell.name,
                effect=c.effect.text,
                negated=c.kicked.negated,
                met=met,
                instead=c.effect.instead,
            )
    slots = [x for e in effects.applicable(conds, kicked) for x in e.targets]
    if not slots:
        t.because(Rule.TARGETS, "targets.total", name=spell.name, n=0)
        return t.ruling("no")
    value = _mana_cost(target).mana_value(0) if target.card is not None else None
    for slot in slots:
        if slot.what != "any":
            legal = kicker.legal_targets(state, Target(what=slot.what), None)
            if target.name not in legal:
                t.because(Rule.TARGETS, "target.type", name=target.name, what=slot.what, ok=False)
                continue
        if slot.mana_value is not None:
            if value is None:
                return t.ruling(None, (f"{possessive(target.name)} mana value",))
            meets = slot.mana_value.holds(value)
            t.because(
                Rule.MANA_VALUE,
                "mv.check",
                name=target.name,
                check=str(slot.mana_value),
                value=value,
                meets=meets,
            )
            if not meets:
                continue
        t.because(Rule.TARGETS, "target.type", name=target.name, what=slot.what, ok=True)
        return t.ruling("yes")
    return t.ruling("no")


def _mana_value_compare(state: GameState, q: ManaValueCompare) -> Ruling:
    check = effects.mana_value_check(q.check)
    if check is None:
        raise EngineError(f"no mana value comparison in {q.check!r}")
    return _checked_mana_value(Trace(), state, ManaValue(object=q.object, zone=q.zone), check)


def _copy_values(state: GameState, q: CopyValues) -> Ruling:
    perm = state.find(q.permanent)
    name = q.original or perm.copy_of
    if not name:
        raise EngineError(f"{perm.name} isn't a copy (give it copy=...)")
    original = state.find(name)
    if original.card is None or perm.card is None:
        raise EngineError("the position doesn't give both cards' characteristics")
    t = Trace()
    line = original.card.front.typeline
    t.because(
        Rule.COPY_VALUES,
        "copy.values",
        name=perm.name,
        original=original.name,
        typeline=_typeline(original),
    )
    text = "\n".join(perm.card.front.lines)
    exc = effects.copy_exceptions(text) or effects.CopyExceptions()
    if exc != effects.CopyExceptions():
        t.because(Rule.COPY_EXCEPTIONS, "copy.exceptions", _card(perm), name=perm.name)
    if q.ask == "legendary":
        legendary = "Legendary" in line.supertypes and not exc.not_legendary
        if exc.not_legendary:
            t.because(Rule.COPY_MODIFIED, "copy.not_legendary", name=perm.name)
        else:
            t.because(
                Rule.COPY_VALUES,
                "copy.legendary",
                name=perm.name,
                original=original.name,
                legendary=legendary,
            )
        return t.ruling("yes" if legendary else "no")
    if q.ask == "has_type":
        if not q.type:
            raise EngineError("which type? (give type=...)")
        want = q.type.casefold()
        have = {x.casefold() for x in line.types | line.subtypes | line.supertypes}
        added = {x.casefold() for x in exc.add_types}
        if want in added:
            t.because(Rule.COPY_MODIFIED, "copy.added_type", name=perm.name, type=q.type)
            return t.ruling("yes")
        t.because(Rule.COPY_VALUES, "copy.has_type", name=perm.name, type=q.type, has=want in have)
        return t.ruling("yes" if want in have else "no")
    n = sum(k for kind, k in exc.counters if kind == q.counter) if "Creature" in line.types else 0
    if n:
        t.because(
            Rule.COPY_EXCEPTION_EFFECT, "copy.counters", name=perm.name, n=n, counter=q.counter
        )
    else:
        t.because(Rule.COPY_VALUES, "copy.no_counters", name=perm.name, counter=q.counter)
    return t.ruling(str(n))


_HANDLERS: dict[type[_Query], Callable[[GameState, Any], Ruling]] = {
    CanActivate: _can_activate,
    CanAttack: _can_attack,
    CanBlock: _can_block,
    SummoningSick: _summoning_sick,
    TapForCost: _tap_for_cost,
    TappedByEffect: _tapped_by_effect,
    BlockRequirements: _block_requirements,
    Triggers: _triggers,
    ResolveAura: _resolve_aura,
    PutAura: _put_aura,
    BestowStatus: _bestow_status,
    TotalCost: _total_cost,
    ManaValue: _mana_value,
    IsKicked: _is_kicked,
    CopySpell: _copy_spell,
    EntersAsCopy: _enters_as_copy,
    CouldProduce: _could_produce,
    Produces: _produces,
    IsTappedForMana: _is_tapped_for_mana,
    IsColor: _is_color,
    EffectAmount: _effect_amount,
    SpellTargets: _spell_targets,
    EffectRequires: _effect_requires,
    CanTarget: _can_target,
    ManaValueCompare: _mana_value_compare,
    CopyValues: _copy_values,
}


def rule(state: GameState, query: Query) -> Ruling:
    """Answer ``query`` about ``state``: the one entry point to the engine's mechanics."""
    return _HANDLERS[type(query)](state, query)
