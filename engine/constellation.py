"""Enchantments entering: constellation triggers, Aura and bestow resolution, and trigger order."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.abilities import EnchantmentEnters, SpellRule
from engine.effects import parse_effect
from engine.lazyre import lazy
from engine.model import OPPONENT, YOU, GameState, Permanent, Spell
from engine.render import possessive
from engine.ruling import Rule, Ruling, Trace

# How the permanents arrive. Only the first group is a zone change onto the battlefield.
How = Literal[
    "resolve",
    "put",
    "token",
    "reanimate",
    "flicker",
    "copy",
    "cast",
    "phase_in",
    "becomes",
    "control_change",
    "leaves",
    "attach",
    "level",
]
_ENTERS: frozenset[str] = frozenset({"resolve", "put", "token", "reanimate", "flicker", "copy"})


@dataclass(frozen=True)
class Triggered:
    """One enchantment-enters ability that triggered: its source and what entered."""

    source: str
    controller: str
    entered: str
    effect: str = ""


def _watchers(state: GameState, entering: Sequence[Permanent]) -> list[Permanent]:
    # Newcomers count as well as permanents already there (CR 603.6a).
    out = [p for p in state.battlefield if not p.phased_out]
    names = {id(p) for p in out}
    out.extend(p for p in entering if id(p) not in names)
    return out


def _whose(player: str) -> str:
    return possessive(player)


def _cap(name: str) -> str:
    """A name that may be "the Aura", opening a sentence."""
    return name[:1].upper() + name[1:]


def _owned(player: str) -> str:
    """'yours', 'your opponent's': the possessive that stands without its noun."""
    return "yours" if player == "you" else possessive(player)


def _card(perm: Permanent) -> str | None:
    return perm.card.name if perm.card else None


def _abilities(perm: Permanent) -> list[EnchantmentEnters]:
    return [a for a in perm.abilities if isinstance(a, EnchantmentEnters)]


def _matches(
    watcher: Permanent, ability: EnchantmentEnters, entered: Permanent
) -> tuple[bool, str]:
    types = {"Enchantment", *(t.capitalize() for t in ability.also)}
    if not types & entered.types:
        return False, f"{entered.name} isn't an enchantment"
    is_self = entered is watcher
    if is_self and ability.another and not ability.includes_self:
        return False, f"{entered.name} is the ability's own source and it says 'another'"
    if ability.nontoken and entered.token:
        return False, f"{entered.name} is a token and the ability says 'nontoken'"
    if ability.whose == "you" and entered.controller != watcher.controller:
        return (
            False,
            f"{entered.name} enters under {_whose(entered.controller)} control, not "
            f"{_owned(watcher.controller)}",
        )
    if ability.whose == "opponent" and entered.controller == watcher.controller:
        return False, f"{entered.name} enters under its controller's control, not an opponent's"
    return True, ""


def enters(
    state: GameState,
    entering: Sequence[Permanent],
    how: How = "resolve",
    watcher: str | None = None,
) -> tuple[list[Triggered], Ruling]:
    """Which enchantment-enters abilities trigger as ``entering`` arrive ``how`` (CR 603.2, 603.6a).

    ``watcher`` narrows the verdict to one permanent's abilities. The verdict is
    "yes" when at least one (of the watcher's) abilities triggers.
    """
    t = Trace()
    if how == "cast":
        t.step(
            Rule.TRIGGER_EVENT,
            "Casting a spell isn't an enchantment entering the battlefield; the ability can trigger "
            "only when the spell resolves and the permanent enters.",
        )
        return [], t.ruling("no")
    if how == "phase_in":
        t.step(
            Rule.PHASING_NO_ENTER, "Phasing in isn't entering the battlefield, so nothing triggers."
        )
        return [], t.ruling("no")
    if how == "level":
        t.step(
            Rule.CLASS_LEVEL,
            "A Class gaining a level, or a Saga getting a lore counter, stays the same permanent "
            "on the battlefield: its new level or chapter is a change to it, not a permanent "
            "entering.",
        )
        t.step(
            Rule.TRIGGER_EVENT,
            "Nothing entered the battlefield, so the enters ability doesn't trigger.",
        )
        return [], t.ruling("no")
    if how == "becomes":
        t.step(
            Rule.SIMULTANEOUS_ENTER,
            "Enters abilities trigger only when a permanent enters the battlefield.",
        )
        t.step(
            Rule.TRIGGER_EVENT,
            "A permanent that becomes an enchantment didn't enter the battlefield, so nothing triggers.",
        )
        return [], t.ruling("no")
    if how == "leaves":
        t.step(
            Rule.TRIGGER_EVENT,
            "An enchantment leaving the battlefield isn't one entering, so nothing triggers.",
        )
        return [], t.ruling("no")
    if how == "attach":
        t.step(
            Rule.ATTACH,
            "Attaching an Aura to another object moves it on the battlefield; it doesn't enter the "
            "battlefield again, so nothing triggers.",
        )
        return [], t.ruling("no")
    if how == "control_change":
        t.step(
            Rule.TRIGGER_EVENT,
            "Gaining control of an enchantment isn't it entering the battlefield, so nothing triggers.",
        )
        return [], t.ruling("no")
    if how == "token":
        t.step(Rule.TRIGGER_EVENT, "Creating a token puts it onto the battlefield: it enters.")
    elif how == "reanimate":
        t.step(
            Rule.TRIGGER_EVENT,
            "Returning a card from a graveyard to the battlefield makes it enter.",
        )
    elif how == "put":
        t.step(
            Rule.TRIGGER_EVENT,
            "Putting a permanent onto the battlefield makes it enter, cast or not.",
        )
    elif how == "flicker":
        t.step(Rule.NEW_OBJECT, "A permanent that leaves and returns enters again as a new object.")
    if len(entering) > 1:
        t.step(
            Rule.SIMULTANEOUS_ENTER,
            "Permanents entering at the same time each see the others enter, as well as themselves.",
        )
    fired: list[Triggered] = []
    # The watcher's reasons for not triggering: a lone one is already the conclusion.
    refused: list[str] = []
    closing = False
    for perm in _watchers(state, entering):
        for ability in _abilities(perm):
            hits = 0
            for entered in entering:
                ok, why = _matches(perm, ability, entered)
                if not ok:
                    if watcher is None or perm.name.casefold() == watcher.casefold():
                        note = f"{possessive(perm.name)} ability doesn't trigger: {why}."
                        refused.append(note)
                        t.step(Rule.TRIGGER_EVENT, note, _card(perm))
                        closing = True
                    continue
                if ability.one_or_more and hits:
                    continue
                hits += 1
                fired.append(Triggered(perm.name, perm.controller, entered.name, ability.effect))
                closing = False
                if entered is perm:
                    t.step(
                        Rule.SIMULTANEOUS_ENTER,
                        f"{perm.name} is on the battlefield as it enters, so its own enters "
                        "ability sees it enter.",
                        _card(perm),
                    )
                t.step(
                    Rule.TRIGGER_EVENT,
                    f"{possessive(perm.name)} ability triggers for {entered.name} entering under "
                    f"{_whose(entered.controller)} control.",
                    _card(perm),
                )
    mine = [f for f in fired if watcher is None or f.source.casefold() == watcher.casefold()]
    if len(fired) > 1:
        closing = False
        t.step(
            Rule.TRIGGER_ORDER,
            "Several abilities triggered: their controller puts them on the stack in any order.",
        )
        t.step(Rule.STACK_RESOLVES, "The last one put on the stack resolves first.")
    subject = f"{possessive(watcher)} ability" if watcher else "enchantment-enters abilities"
    if mine:
        times = {1: "once", 2: "twice"}.get(len(mine), f"{len(mine)} times")
        t.step(Rule.TRIGGER_EVENT, f"So {subject} trigger{'s' if watcher else ''} {times} in all.")
    elif not (watcher and len(refused) == 1 and closing):
        t.step(Rule.TRIGGER_EVENT, f"So {subject} {'doesn' if watcher else 'don'}'t trigger.")
    return fired, t.ruling("yes" if mine else "no")


def trigger_count(
    state: GameState,
    entering: Sequence[Permanent],
    how: How = "resolve",
    watcher: str | None = None,
) -> Ruling:
    """How many times abilities (of ``watcher``) trigger for this event, as a number verdict."""
    fired, ruling = enters(state, entering, how, watcher)
    mine = [f for f in fired if watcher is None or f.source.casefold() == watcher.casefold()]
    return Ruling(verdict=str(len(mine)), steps=ruling.steps)


Yield = Literal["draw", "tokens", "gain_life", "lose_life"]
_YIELD_WORDS: dict[str, tuple[str, str]] = {
    "draw": ("card", "cards"),
    "tokens": ("token", "tokens"),
    "gain_life": ("life", "life"),
    "lose_life": ("life", "life"),
}
_YIELD_VERBS: dict[str, str] = {
    "draw": r"\bdraws?\b",
    "tokens": r"\bcreates?\b",
    "gain_life": r"\bgains? [^.]*\blife\b",
    "lose_life": r"\bloses? [^.]*\blife\b",
}
# Life an effect makes its controller's opponents lose ("each opponent loses 1 life").
_OPPONENTS_LOSE = lazy(r"^(then )?each opponent loses\b")
# An effect whose amount turns on a choice or a condition the position doesn't hold.
_UNSURE_EFFECT = lazy(r"\b(may|if|unless|for each|equal to|x|instead|choose|up to)\b")
_EFFECT_PARTS = lazy(r"(?:,| and|\.) (?=(?:then )?[a-z])")


def effect_yield(effect: str, verb: Yield) -> int | None:
    """How many cards one resolution of ``effect`` draws its controller, tokens it makes them,
    or life it makes them gain; for ``lose_life``, the life it makes each of their opponents
    lose. None when that depends on a choice or a condition, or on whom the text picks."""
    low = effect.strip().casefold()
    if not re.search(_YIELD_VERBS[verb], low):
        return 0
    if _UNSURE_EFFECT.search(low):
        return None
    total = 0
    for part in _EFFECT_PARTS.split(low):
        parsed = parse_effect(part)
        if parsed.verb != verb:
            continue
        if verb == "lose_life" and not _OPPONENTS_LOSE.search(part.strip()):
            return None  # a loss of the controller's, or a target's: not read here
        if verb == "gain_life" and not re.match(r"(then )?(you )?gains?\b", part.strip()):
            return None
        if parsed.amount is None or parsed.amount.fixed is None:
            return None
        total += parsed.amount.fixed
    return total or None  # the verb is there, but no part of the text read its amount


def effect_total(
    state: GameState,
    entering: Sequence[Permanent],
    how: How,
    verb: Yield,
    player: str,
    watcher: str | None = None,
) -> Ruling:
    """How many cards ``player`` draws (or tokens they create) from the enchantment-enters
    abilities this event triggers: each trigger's controller follows its instructions (CR
    603.2, 608.2c)."""
    fired, ruling = enters(state, entering, how, watcher)
    t = Trace()
    one, many = _YIELD_WORDS[verb]
    total = 0
    for f in fired:
        if watcher is not None and f.source.casefold() != watcher.casefold():
            continue
        n = effect_yield(f.effect, verb)
        if n is None:
            return Ruling(
                verdict=None,
                steps=ruling.steps,
                missing=(f"how many {many} {possessive(f.source)} ability gives",),
            )
        # Life lost goes from the trigger controller's opponent; all else is the controller's.
        receiver = _other(f.controller) if verb == "lose_life" else f.controller
        if receiver != player:
            lost = "makes {} lose no life" if verb == "lose_life" else "gives {} no " + many
            t.step(
                Rule.FOLLOW_INSTRUCTIONS,
                f"{possessive(f.source)} ability is {possessive(f.controller)}: its controller "
                f"follows its instructions, so it {lost.format(_whose_obj(player))}.",
            )
            continue
        total += n
        if n:
            gives = (
                f"makes {_whose_obj(player)} lose {n} life"
                if verb == "lose_life"
                else f"gives {n} {one if n == 1 else many}"
            )
            t.step(
                Rule.FOLLOW_INSTRUCTIONS,
                f"{possessive(f.source)} trigger for {f.entered} {gives} as it resolves.",
            )
    t.step(Rule.FOLLOW_INSTRUCTIONS, f"So that's {total} {one if total == 1 else many} in all.")
    return Ruling(verdict=str(total), steps=ruling.steps + t.ruling(None).steps)


def _other(player: str) -> str:
    return OPPONENT if player == YOU else YOU


def _whose_obj(player: str) -> str:
    return "you" if player == "you" else f"your {player}"


def resolve_aura(spell: Spell, target_legal: bool) -> tuple[Permanent | None, Ruling]:
    """An Aura spell resolves: with an illegal target a bestowed Aura becomes a creature
    and enters; any other Aura doesn't resolve (CR 608.3b, 702.103e)."""
    t = Trace()
    t.step(Rule.AURA, "An Aura spell targets what it will enchant, as its enchant ability says.")
    types = set(spell.types)
    if target_legal:
        t.step(
            Rule.RESOLVE_PERMANENT,
            f"The target is legal, so {spell.name} resolves and enters attached to it.",
        )
        return _as_permanent(spell, frozenset(types)), t.ruling("yes")
    if spell.bestowed:
        types.discard("Aura")
        types.add("Creature")
        t.step(
            Rule.BESTOW_ILLEGAL_TARGET,
            f"{spell.name} was cast bestowed and its target is illegal: it stops being an Aura and "
            "resolves as an enchantment creature.",
        )
        t.step(
            Rule.AURA_ILLEGAL_TARGET, "A bestowed Aura spell with an illegal target still resolves."
        )
        perm = _as_permanent(spell, frozenset(types))
        return perm.model_copy(update={"subtypes": spell.subtypes - {"Aura"}}), t.ruling("yes")
    t.step(
        Rule.AURA_ILLEGAL_TARGET,
        f"{spell.name}'s only target is illegal, so it doesn't resolve: it goes to the graveyard and "
        "never enters the battlefield.",
    )
    return None, t.ruling("no")


def target_after_control_change(name: str, enchant: str, legal: bool) -> Ruling:
    """An Aura spell's target changed control before it resolves: still a legal target unless
    its enchant ability asks for an object its controller controls (CR 303.4a, 608.2b)."""
    t = Trace()
    t.step(
        Rule.TARGET_ILLEGAL,
        f"As {name} resolves, it checks that its target is still legal for “Enchant {enchant}”.",
    )
    if legal:
        t.step(
            Rule.TARGET_ILLEGAL,
            "A change of control doesn't change what the target is, so it's still a legal target.",
        )
    else:
        t.step(
            Rule.TARGET_ILLEGAL,
            "The target is now controlled by another player, so it's no longer one its "
            "controller controls: the target is illegal.",
        )
    return t.ruling("yes" if legal else "no")


def _as_permanent(spell: Spell, types: frozenset[str]) -> Permanent:
    return Permanent(
        name=spell.name,
        controller=spell.controller,
        owner=spell.owner,
        types=types,
        subtypes=spell.subtypes,
        token=spell.is_copy,
        kicked=spell.kicked,
        abilities=spell.abilities,
        card=spell.card,
        since_turn_start=False,
    )


def aura_spell_triggers(
    state: GameState, spell: Spell, target_legal: bool, watcher: str | None = None
) -> Ruling:
    """Does an Aura spell resolving (or failing to) trigger enchantment-enters abilities?"""
    perm, resolved = resolve_aura(spell, target_legal)
    if perm is None:
        t = Trace()
        t.step(
            Rule.TRIGGER_EVENT,
            "No enchantment entered, so constellation abilities don't trigger.",
            watcher,
        )
        return Ruling(verdict="no", steps=resolved.steps + t.ruling(None).steps)
    _, triggered = enters(state, [perm], "resolve", watcher)
    return Ruling(verdict=triggered.verdict, steps=resolved.steps + triggered.steps)


def bestow_unattached(state: GameState, watcher: str | None = None) -> Ruling:
    """A bestowed Aura whose creature leaves becomes a creature where it is: nothing enters."""
    t = Trace()
    t.step(
        Rule.BESTOW_UNATTACHED,
        "When a bestowed Aura becomes unattached it stops being bestowed and is an enchantment "
        "creature again, still on the battlefield.",
    )
    t.step(
        Rule.TRIGGER_EVENT,
        "It never left the battlefield, so it doesn't enter again and enchantment-enters abilities "
        "don't trigger.",
        watcher,
    )
    return t.ruling("no")


def trigger_order(triggers: Sequence[Triggered], active: str, card: str | None = None) -> Ruling:
    """Who orders simultaneous triggers: each controller orders their own, APNAP (CR 603.3b, 405.5)."""
    t = Trace()
    controllers = sorted({tr.controller for tr in triggers}, key=lambda c: c != active)
    t.step(
        Rule.TRIGGER_ORDER,
        "Abilities that triggered at the same time are put on the stack by their controllers, each "
        "in the order that player chooses.",
        card,
    )
    if len(controllers) > 1:
        t.step(
            Rule.TRIGGER_ORDER,
            f"With several players, the active player ({active}) puts theirs on the stack first, then "
            "the others in turn order (APNAP), so the non-active player's abilities resolve first.",
        )
    t.step(Rule.STACK_RESOLVES, "The last ability put on the stack is the first to resolve.")
    t.step(Rule.TRIGGER_ORDER, "So each player chooses the order of their own triggered abilities.")
    return t.ruling("yes")


def watcher_elsewhere(watcher: str, zone: str, card: str | None = None) -> Ruling:
    """A card with an enchantment-enters ability that isn't on the battlefield can't trigger (CR 113.6)."""
    t = Trace()
    t.step(
        Rule.ABILITY_ZONES,
        f"{watcher} is in {zone}, not on the battlefield; a permanent's abilities work only while it "
        "is on the battlefield.",
        card,
    )
    t.step(Rule.TRIGGER_EVENT, f"So {possessive(watcher)} ability doesn't trigger.")
    return t.ruling("no")


# What a target must be, by the words after "target": the ones a bestowed Aura meets.
_AURA_TARGETS = frozenset(
    {
        "enchantment",
        "artifact or enchantment",
        "creature or enchantment",
        "permanent",
        "nonland permanent",
        "noncreature permanent",
        "aura",
    }
)


def bestowed_is_creature(name: str, attached: bool, card: str | None = None) -> Ruling:
    """Is a bestowed permanent a creature? Attached it is an Aura and no creature; once
    unattached it ceases to be bestowed and is an enchantment creature (CR 702.103b, 702.103f)."""
    t = Trace()
    t.step(
        Rule.BESTOW_AURA,
        f"Cast bestowed, {name} is an Aura enchantment with enchant creature, not a creature, "
        "for as long as it stays bestowed.",
        card,
    )
    if attached:
        t.step(Rule.BESTOW_AURA, f"So while it's attached, {name} isn't a creature.")
        return t.ruling("no")
    t.step(
        Rule.BESTOW_UNATTACHED,
        f"When it becomes unattached, {name} ceases to be bestowed and stays on the battlefield "
        "as an enchantment creature.",
        card,
    )
    return t.ruling("yes")


def aura_unattached(name: str, bestowed: bool, card: str | None = None) -> Ruling:
    """The permanent an Aura enchants leaves: is the Aura put into its owner's graveyard?
    An Aura attached to nothing is (CR 704.5m); a bestowed one ceases to be bestowed and
    stays as an enchantment creature instead (702.103f)."""
    t = Trace()
    if not bestowed:
        t.step(
            Rule.AURA_UNATTACHED,
            f"Once the permanent it enchants is gone, {name} is attached to nothing, and an Aura "
            "that isn't attached to anything is put into its owner's graveyard as a state-based "
            "action.",
            card,
        )
        return t.ruling("yes")
    t.step(
        Rule.BESTOW_UNATTACHED,
        f"{_cap(name)} was bestowed: when it becomes unattached it ceases to be bestowed, an exception "
        "to the rule that puts unattached Auras into the graveyard.",
        card,
    )
    t.step(
        Rule.BESTOW_UNATTACHED,
        f"{_cap(name)} stays on the battlefield as an enchantment creature.",
        card,
    )
    return t.ruling("no")


def auras_stranded(names: Sequence[str]) -> Ruling:
    """Auras put onto the battlefield along with other permanents, with nothing already there
    to enchant: they stay where they are, and don't enter (CR 303.4g)."""
    t = Trace()
    for name in names:
        t.step(
            Rule.AURA_NOTHING,
            f"{_cap(name)} isn't cast: it can enchant only an object already on the battlefield, "
            f"not one entering with it, and there is none, so it stays where it is and doesn't "
            "enter.",
            name,
        )
    return t.ruling(None)


def aura_put_nothing(name: str, zone: str, card: str | None = None) -> Ruling:
    """An Aura put onto the battlefield without being cast, with nothing it could enchant: it
    stays in ``zone`` and never enters (CR 303.4g). The verdict says whether it stays."""
    t = Trace()
    t.step(
        Rule.AURA_PUT,
        f"{_cap(name)} isn't cast, so it doesn't target: as it would enter, its controller chooses a "
        "legal object or player for it to enchant.",
        card,
    )
    t.step(
        Rule.AURA_NOTHING,
        f"There is nothing it could legally enchant, so {name} stays in {zone} and doesn't enter "
        "the battlefield.",
        card,
    )
    return t.ruling("yes")


def aura_put_untargeted(name: str, quality: str, card: str | None = None) -> Ruling:
    """Can an Aura put onto the battlefield without being cast enchant a permanent with
    ``quality`` (hexproof, shroud, ward)? Nothing targets it, so yes (CR 303.4f)."""
    t = Trace()
    t.step(
        Rule.AURA_PUT,
        f"{_cap(name)} isn't cast: the effect that puts it onto the battlefield or attaches it lets its "
        "controller choose what it will enchant, any object its enchant ability allows.",
        card,
    )
    t.step(
        Rule.NOT_TARGETED,
        "That effect doesn't target the permanent the Aura ends up on.",
    )
    t.step(
        Rule.NOT_TARGETED,
        f"{quality.capitalize()} matters only to targeting, so it doesn't stop {name} from being "
        "attached this way.",
        card,
    )
    return t.ruling("yes")


def bestowed_targetable(name: str, target: str, spell: str, card: str | None = None) -> Ruling:
    """Can ``spell``, which needs "target ``target``", target an attached bestowed Aura?"""
    t = Trace()
    t.step(
        Rule.BESTOW_AURA,
        f"While bestowed and attached, {name} is an Aura enchantment, not a creature.",
        card,
    )
    wanted = target.casefold()
    if wanted in _AURA_TARGETS:
        article = "an" if wanted[:1] in "aeiou" else "a"
        t.step(Rule.TARGETS, f"{spell} can target {article} {wanted}, which {name} is.")
        return t.ruling("yes")
    words = wanted.split()
    if words and words[-1] == "creature" and " or " not in wanted:
        t.step(Rule.TARGETS, f"{spell} needs a target {wanted}, so it can't target {name}.")
        return t.ruling("no")
    return Ruling(verdict=None, missing=(f"whether {name} is a legal target {wanted}",))


def bestow_uncast(name: str, how: str, card: str | None = None) -> Ruling:
    """Can a bestow card put onto the battlefield (``how``, e.g. "returned by Replenish") be
    bestowed? Bestow is a choice made while casting, so only a cast spell is (CR 702.103a)."""
    t = Trace()
    t.step(
        Rule.BESTOW_CAST,
        f"Bestow is a choice made as {name} is cast: casting it bestowed makes it an Aura spell.",
        card,
    )
    t.step(
        Rule.BESTOW_AURA,
        f"{name}, {how}, isn't cast, so it can't be bestowed: it enters as an enchantment "
        "creature, not as an Aura.",
    )
    return t.ruling("no")


# What a bestowed Aura spell or permanent is, word by word: an Aura enchantment, no creature
# and, with the creature type gone, none of its creature types (CR 702.103b, 205.1a).
_BESTOWED_IS: dict[str, bool] = {
    "enchantment": True,
    "aura": True,
    "permanent": True,
    "noncreature": True,
    "nonland": True,
    "nonartifact": True,
    "creature": False,
    "artifact": False,
    "land": False,
    "planeswalker": False,
    "battle": False,
    "equipment": False,
    "vehicle": False,
    "instant": False,
    "sorcery": False,
    "nonenchantment": False,
    "non-aura": False,
}


def bestowed_spell_is(name: str, quality: str, card: str | None = None) -> Ruling:
    """Is ``name``, cast bestowed, a ``quality`` spell ("creature", "Aura")? It is an Aura
    enchantment spell and no creature spell (CR 702.103b)."""
    w = quality.casefold()
    if w not in _BESTOWED_IS:
        return Ruling(verdict=None, missing=(f"whether a bestowed Aura spell is {quality}",))
    has = _BESTOWED_IS[w]
    t = Trace()
    t.step(
        Rule.BESTOW_AURA,
        f"Cast bestowed, {name} becomes an Aura enchantment spell with enchant creature and "
        "loses the creature type: it isn't a creature spell while it's on the stack.",
        card,
    )
    shown = "Aura" if w == "aura" else w
    t.step(
        Rule.BESTOW_AURA,
        f"So it {'is' if has else 'is not'} {_article(w)} {shown} spell.",
    )
    return t.ruling("yes" if has else "no")


def bestowed_matches(
    name: str,
    rule: SpellRule,
    source: str,
    creature_types: frozenset[str] = frozenset(),
    card: str | None = None,
) -> Ruling:
    """Does ``source``'s ``rule`` ("You can't cast noncreature spells", "Whenever another
    Human you control enters") apply to ``name`` cast bestowed? Yes when the bestowed Aura has
    one of the qualities the rule names."""
    types = {t.casefold() for t in creature_types}
    has: list[bool] = []
    for word in rule.qualities:
        w = word.casefold()
        if w in _BESTOWED_IS:
            has.append(_BESTOWED_IS[w])
        elif w in types:
            has.append(False)
        else:
            return Ruling(verdict=None, missing=(f"whether a bestowed Aura is {word}",))
    applies = any(has)
    # Name the quality it has, or every quality it lacks.
    what = next(
        (q for q, h in zip(rule.qualities, has, strict=True) if h), " or ".join(rule.qualities)
    )
    t = Trace()
    permanent = rule.kind == "enters_trigger"
    t.step(
        Rule.BESTOW_AURA,
        f"Cast bestowed, {name} is an Aura enchantment with enchant creature, not a creature"
        + (", and it enters as an Aura." if permanent else " spell."),
        card,
    )
    if permanent and types:
        t.step(
            Rule.TYPE_SET,
            f"Without the creature type it has none of its creature types either "
            f"({', '.join(sorted(creature_types))}).",
        )
    if rule.kind == "cant_cast":
        t.step(
            Rule.BESTOW_CASTABLE,
            "Whether it can be cast is decided by its characteristics as bestow modifies them.",
        )
    elif rule.kind == "flash":
        t.step(
            Rule.CAST_AS_THOUGH_FLASH,
            "Choosing bestow makes it an Aura spell, so an effect letting Aura spells be cast as "
            "though they had flash can apply to it.",
        )
    noun = "permanent" if permanent else "spell"
    verdict = "is" if applies else "isn't"
    effect = {
        "cant_cast": (
            "stops it from being cast bestowed",
            "doesn't stop it from being cast bestowed",
        ),
        "flash": ("lets it be cast bestowed as though it had flash", "doesn't apply to it"),
        "cast_trigger": (
            "triggers when it's cast bestowed",
            "doesn't trigger when it's cast bestowed",
        ),
        "enters_trigger": (
            "triggers when it enters bestowed",
            "doesn't trigger when it enters bestowed",
        ),
    }[rule.kind][0 if applies else 1]
    t.step(
        Rule.BESTOW_AURA,
        f"So it {verdict} {_article(what)} {what} {noun}, and {possessive(source)} “{rule.text}” "
        f"{effect}.",
    )
    return t.ruling("yes" if applies else "no")


def _article(word: str) -> str:
    return "an" if word[:1].casefold() in "aeiou" else "a"


# What each event is, said of the permanent it brings: none of them casts a spell.
_NOT_CAST: dict[str, str] = {
    "put": "put onto the battlefield",
    "token": "created as a token",
    "reanimate": "returned to the battlefield",
    "flicker": "returned to the battlefield after leaving it",
    "copy": "put onto the battlefield as a copy",
    "phase_in": "phased in",
    "becomes": "made an enchantment by an effect",
    "control_change": "taken over by a change of control",
    "leaves": "moved off the battlefield",
    "attach": "moved to another object",
    "level": "given a new level or chapter",
}


def cast_trigger(
    rule: SpellRule,
    source: str,
    how: How,
    types: frozenset[str],
    caster: str,
    controller: str = "you",
    card: str | None = None,
) -> Ruling:
    """Does ``source``'s "Whenever you cast a [quality] spell" trigger for this event? Only
    casting a spell with the quality does, as the spell becomes cast, whether or not it then
    resolves (CR 601.2i, 603.2)."""
    t = Trace()
    t.step(
        Rule.SPELL_BECOMES_CAST,
        f"{possessive(source)} “{rule.text}” triggers as a spell becomes cast, not when a "
        "permanent enters the battlefield.",
        card,
    )
    if how != "cast":
        done = _NOT_CAST.get(how, "put onto the battlefield")
        t.step(
            Rule.TRIGGER_EVENT,
            f"The enchantment is {done}; no spell is cast, so {possessive(source)} ability "
            "doesn't trigger.",
            card,
        )
        return t.ruling("no")
    if rule.whose == "you" and caster != controller:
        t.step(
            Rule.TRIGGER_EVENT,
            f"The spell is cast by {_whose_obj(caster)}, and the ability looks only at spells "
            f"its controller ({_whose_obj(controller)}) casts, so it doesn't trigger.",
            card,
        )
        return t.ruling("no")
    if rule.whose == "opponent" and caster == controller:
        t.step(
            Rule.TRIGGER_EVENT,
            "The spell is cast by the ability's controller, and the ability looks only at "
            "opponents' spells, so it doesn't trigger.",
            card,
        )
        return t.ruling("no")
    has = {q.casefold() for q in rule.qualities} & {ty.casefold() for ty in types}
    if not has:
        t.step(
            Rule.TRIGGER_EVENT,
            f"The spell isn't {' or '.join(rule.qualities)}, so the ability doesn't trigger.",
            card,
        )
        return t.ruling("no")
    quality = sorted(has)[0]
    t.step(
        Rule.TRIGGER_EVENT,
        f"Casting {_article(quality)} {quality} spell is the event: {possessive(source)} ability "
        "triggers as it's cast, even if the spell is later countered.",
        card,
    )
    return t.ruling("yes")


def aura_put_targets(
    name: str, card: str | None = None, named_by: str | None = None, copy_of: str | None = None
) -> Ruling:
    """Does an Aura put onto the battlefield without being cast (or entering as a copy of an
    Aura) target what it will enchant? No: only an Aura spell targets; as it enters, its
    controller chooses a legal object for it, unless the effect says where it goes (CR 303.4a,
    303.4f). The verdict says whether it targets."""
    t = Trace()
    if copy_of is not None:
        t.step(
            Rule.COPY_VALUES,
            f"{_cap(name)} enters as a copy of {copy_of}, so it is an Aura as it enters, with "
            f"{possessive(copy_of)} enchant ability.",
            card,
        )
    t.step(
        Rule.TARGETS,
        "Only an Aura spell targets what it will enchant; an Aura that isn't cast as an Aura "
        "spell has no target.",
    )
    if named_by is not None:
        t.step(
            Rule.AURA_PUT,
            f"{_cap(named_by)} says what {name} enters attached to, so nobody chooses and nothing "
            "is targeted.",
            card,
        )
    else:
        t.step(
            Rule.AURA_PUT,
            f"As {name} enters, its controller chooses what it will enchant: any object or player "
            "its enchant ability allows.",
            card,
        )
    t.step(
        Rule.NOT_TARGETED,
        "Nothing is targeted, so hexproof, shroud and ward don't matter and there is nothing "
        "to respond to that could make it fizzle.",
    )
    return t.ruling("no")


def aura_protection(
    name: str, quality: str, has_quality: bool, card: str | None = None, put: bool = False
) -> Ruling:
    """Can ``name`` enchant a permanent with protection from ``quality``? Not when the Aura has
    that quality, however it would become attached, cast or not (CR 702.16c, 303.4f)."""
    t = Trace()
    if put:
        t.step(
            Rule.AURA_PUT,
            f"{_cap(name)} isn't cast, so it doesn't target, but its controller must still choose "
            "an object it can legally enchant.",
            card,
        )
    if has_quality:
        t.step(
            Rule.PROTECTION_ENCHANT,
            f"A permanent with protection from {quality} can't be enchanted by {quality} Auras, and "
            f"{name} is {quality}.",
            card,
        )
        t.step(Rule.PROTECTION_ENCHANT, f"So {name} can't enchant it.")
        return t.ruling("no")
    t.step(
        Rule.PROTECTION_ENCHANT,
        f"Protection from {quality} stops only {quality} Auras from enchanting it, and {name} "
        f"isn't {quality}.",
        card,
    )
    return t.ruling("yes")


HostChange = Literal["control", "protection", "hexproof", "type"]


def aura_host_changed(
    name: str,
    change: HostChange,
    legal: bool,
    detail: str,
    card: str | None = None,
    bestowed: bool = False,
) -> Ruling:
    """What ``name`` enchants changes (its controller, a protection, hexproof, its types): is
    the Aura put into its owner's graveyard? Only when that object is no longer one it can
    legally enchant, as a state-based action (CR 303.4c, 704.5m). The verdict says whether it
    goes."""
    t = Trace()
    if change == "control":
        t.step(
            Rule.AURA_CONTROL_SEPARATE,
            f"Changing control of the enchanted permanent doesn't change who controls {name}.",
            card,
        )
        t.step(
            Rule.AURA_ILLEGAL_OBJECT,
            f"{_cap(name)} has “Enchant {detail}”: "
            + (
                "the permanent is still one it can enchant."
                if legal
                else "the permanent is now controlled by another player, so it's an illegal "
                "object for it."
            ),
            card,
        )
    elif change == "protection":
        t.step(
            Rule.PROTECTION_ENCHANT,
            f"A permanent with protection from {detail} can't be enchanted by {detail} Auras; "
            + (
                f"{name} isn't {detail}, so it's unaffected."
                if legal
                else f"{name} is {detail}, so the permanent is now an illegal object for it."
            ),
            card,
        )
    elif change == "hexproof":
        t.step(
            Rule.HEXPROOF_TARGETING,
            f"{detail.capitalize()} stops only targeting; an Aura already attached doesn't "
            f"target, so {name} is still legally attached.",
            card,
        )
    else:
        t.step(
            Rule.AURA_ILLEGAL_OBJECT,
            f"{_cap(name)} has “Enchant {detail}”: "
            + (
                f"the permanent is still {_article(detail)} {detail}."
                if legal
                else f"once the permanent is no longer {_article(detail)} {detail}, it's an "
                "illegal object for it."
            ),
            card,
        )
    if legal:
        t.step(Rule.AURA_UNATTACHED, f"So {name} stays attached.")
        return t.ruling("no")
    if bestowed:
        # The bestow exception replaces the state-based action that would bury it.
        t.step(
            Rule.BESTOW_UNATTACHED,
            f"{_cap(name)} was bestowed: it becomes unattached and ceases to be bestowed, so it "
            "stays on the battlefield as an enchantment creature instead of going to the graveyard.",
            card,
        )
        return t.ruling("no")
    t.step(
        Rule.AURA_UNATTACHED,
        f"An Aura attached to an illegal object is put into its owner's graveyard as a "
        f"state-based action, so {name} goes to the graveyard.",
        card,
    )
    return t.ruling("yes")


def _aura_spell_trace(name: str, card: str | None) -> Trace:
    """A trace that opens with what an Aura spell targets (CR 303.4a)."""
    t = Trace()
    t.step(
        Rule.AURA_SPELL_TARGET,
        f"Cast as a spell, {name} targets what it will enchant, so that permanent must be one "
        "it can target.",
        card,
    )
    return t


def aura_spell_target(
    name: str,
    quality: str,
    opponents: bool,
    has_quality: bool = False,
    card: str | None = None,
) -> Ruling:
    """Can the Aura spell ``name`` target a permanent with ``quality`` (hexproof, shroud, or
    protection from a quality; ``opponents`` says the permanent is an opponent's)? An Aura
    spell targets what it will enchant (CR 303.4a, 702.11b, 702.18a, 702.16b)."""
    t = _aura_spell_trace(name, card)
    if quality == "shroud":
        t.step(
            Rule.SHROUD_TARGETING,
            "Shroud means it can't be the target of any spell or ability, its controller's "
            "included.",
        )
        can = False
    elif quality == "hexproof":
        t.step(
            Rule.HEXPROOF_TARGETING,
            "Hexproof stops only spells and abilities its controller's opponents control"
            + (
                ", and you are one of them."
                if opponents
                else "; its own controller can still target it."
            ),
        )
        can = not opponents
    else:
        t.step(
            Rule.PROTECTION_TARGETING,
            f"Protection from {quality} stops it being targeted by {quality} spells; {name} "
            + (f"is {quality}." if has_quality else f"isn't {quality}."),
            card,
        )
        can = not has_quality
    verb = "can" if can else "can't"
    t.step(Rule.AURA_SPELL_TARGET, f"So {name} {verb} be cast targeting it.")
    return t.ruling("yes" if can else "no")


def aura_spell_any_controller(
    name: str, noun: str, opponents: bool, card: str | None = None
) -> Ruling:
    """Can the Aura spell ``name`` ("Enchant ``noun``") target a ``noun`` an opponent (or its
    caster) controls, with nothing stopping it being targeted? Its enchant ability names no
    controller, so yes (CR 303.4a, 702.5a)."""
    t = _aura_spell_trace(name, card)
    whose = "an opponent's" if opponents else "your own"
    t.step(
        Rule.ENCHANT_TARGETS,
        f"“Enchant {noun}” doesn't say whose, so any {noun} can be its target, {whose} included.",
        card,
    )
    t.step(Rule.AURA_SPELL_TARGET, f"So {name} can be cast targeting it.")
    return t.ruling("yes")


def aura_spell_yours_only(name: str, noun: str, opponents: bool, card: str | None = None) -> Ruling:
    """Can the Aura spell ``name`` ("Enchant ``noun`` you control") target an opponent's
    ``noun`` (``opponents``) or its caster's own? Only its controller's (CR 303.4a, 702.5a)."""
    t = _aura_spell_trace(name, card)
    t.step(
        Rule.ENCHANT_TARGETS,
        f"“Enchant {noun} you control” lets it target only a {noun} its controller controls"
        + (", not an opponent's." if opponents else ", and yours is one."),
        card,
    )
    verb = "can't" if opponents else "can"
    t.step(Rule.AURA_SPELL_TARGET, f"So {name} {verb} be cast targeting it.")
    return t.ruling("no" if opponents else "yes")


def aura_back_to_hand(name: str, from_battlefield: bool, card: str | None = None) -> Ruling:
    """``name`` says "When this Aura is put into a graveyard from the battlefield, return it to
    its owner's hand": does it come back? Only when it goes to the graveyard from the
    battlefield, not when the spell is countered or its target is illegal (CR 704.5m, 608.3b,
    603.2)."""
    t = Trace()
    if from_battlefield:
        t.step(
            Rule.AURA_UNATTACHED,
            f"Once the permanent it enchants is gone, {name} is put into its owner's graveyard "
            "from the battlefield as a state-based action.",
            card,
        )
        t.step(
            Rule.TRIGGER_EVENT,
            f"That is the event {possessive(name)} ability waits for, so it triggers and returns "
            f"{name} to its owner's hand.",
            card,
        )
        return t.ruling("yes")
    t.step(
        Rule.AURA_ILLEGAL_TARGET,
        f"An Aura spell whose target is illegal doesn't resolve: {name} goes to the graveyard "
        "from the stack and never enters the battlefield.",
        card,
    )
    t.step(
        Rule.TRIGGER_EVENT,
        f"{possessive(name)} ability triggers only when it's put into a graveyard from the "
        "battlefield, so it doesn't trigger and the card stays in the graveyard.",
        card,
    )
    return t.ruling("no")
