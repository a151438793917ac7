"""The tap and untap symbols, summoning sickness and haste: who may tap, untap, attack or block."""

from __future__ import annotations

import re
from typing import Literal

from engine import effects
from engine.abilities import Activated, Keyword
from engine.mana import ManaCost
from engine.model import GameState, Permanent
from engine.render import possessive
from engine.ruling import Rule, Ruling, Step, Trace

TapSymbol = Literal["T", "Q"]
TapOthersVia = Literal["convoke", "crew", "improvise", "saddle", "conspire", "tap_others"]
# The keyword name a permanent carries when an effect lets it activate abilities as though it
# had haste.
AS_THOUGH_HASTE = "as though haste"


def has_haste(p: Permanent) -> bool:
    """Whether the permanent has haste, printed or granted (CR 702.10)."""
    for a in p.abilities:
        if isinstance(a, Keyword) and a.name.casefold() == "haste":
            return True
    return p.card is not None and any(k.casefold() == "haste" for k in p.card.keywords)


# "Equipped creature has shroud and haste", "It gains haste until end of turn": a grant of haste,
# alone or at the end of a list of keywords.
_GRANTS_HASTE = re.compile(
    r"\b(?:has|have|gains?|gets?)\s+(?:[a-z-]+(?:,\s*|,?\s+and\s+))*haste\b"
    # "It becomes a 0/0 Elemental creature with vigilance and haste" (Nissa, Who Shakes the World).
    r"|\bbecomes? an? [^.;]*?\bcreatures?\b[^.;]*?\bwith\s+(?:[a-z-]+(?:,\s*|,?\s+and\s+))*haste\b",
    re.I,
)
# Words that make a grant depend on something the question may not settle.
_GRANT_CONDITION = re.compile(
    r"\b(?:as long as|if|unless|while|during|only|may|choice|choose|instead)\b|^(?:when|whenever|at)\b",
    re.I,
)


_TOKENS_HASTE = re.compile(
    r"\"[^\"]*\"|\bexcept (?:it|they) (?:has|have|gains?) haste\b|,? except (?:it|they) "
    r"(?:has|have) [^.]*?\bhaste\b",
    re.I,
)


def haste_grant(oracle_text: str) -> Literal["always", "maybe"] | None:
    """Whether a card's text grants haste: "always" when every mention of haste is a plain
    grant, "maybe" when some mention depends on a condition or choice (riot, dash, "as long as"),
    None when it doesn't speak of haste."""
    found: Literal["always", "maybe"] | None = None
    for line in oracle_text.splitlines():
        # Haste in a quoted ability granted (Splinter Twin) or of a copy made "except it has
        # haste" is the token's, not the permanent's.
        line = _TOKENS_HASTE.sub(" ", line)
        core = re.sub(r"\s*\([^)]*\)", "", line)
        if re.search(r"\bhaste\b", line, re.I) and not re.search(r"\bhaste\b", core, re.I):
            # Only a keyword's reminder speaks of it (riot, dash): a choice or a cost.
            return "maybe"
        for sentence in re.split(r"(?<=[.;])\s+", core):
            if not re.search(r"\bhaste\b", sentence, re.I):
                continue
            if _GRANTS_HASTE.search(sentence) and not _GRANT_CONDITION.search(sentence.strip()):
                found = "always"
            else:
                return "maybe"
    return found


# Keywords that give haste to what is cast or returned with them, by their rule.
_KEYWORD_HASTE_RULE = {"unearth": Rule.UNEARTH, "dash": Rule.DASH, "blitz": Rule.BLITZ}
_GAINS_HASTE = re.compile(r"\b(?:it|this creature|that creature) gains haste\b", re.I)


def haste_keywords(oracle_text: str, keywords: tuple[str, ...]) -> tuple[str, ...]:
    """The card's keywords that give it haste when used (unearth, dash, blitz): its reminder
    says "it gains haste". Empty when the card speaks of haste anywhere else, or by a choice
    (riot), since then the keyword alone doesn't settle whether it has haste."""
    found: list[str] = []
    for line in oracle_text.splitlines():
        if not re.search(r"\bhaste\b", line, re.I):
            continue
        core = re.sub(r"\s*\([^)]*\)", "", line)
        keyword = next(
            (k for k in keywords if re.match(rf"{re.escape(k)}\b", core.strip(), re.I)), None
        )
        reminder = " ".join(re.findall(r"\(([^)]*)\)", line))
        if (
            keyword is None
            or re.search(r"\bhaste\b", core, re.I)
            or not _GAINS_HASTE.search(reminder)
            or re.search(r"\bchoice\b|\bchoose\b", reminder, re.I)
        ):
            return ()
        found.append(keyword)
    return tuple(found)


def keyword_haste_step(card: str, keyword: str) -> Step:
    """Why ``card`` has haste: it came in by ``keyword`` (unearth, dash, blitz), which gives it."""
    rule = _KEYWORD_HASTE_RULE.get(keyword.casefold(), Rule.HASTE)
    word = keyword.casefold()
    return Step(
        rule=rule,
        note=f"{card} cast or returned by {word} gains haste: {word} gives it haste as part of "
        "what it does.",
        card=card,
    )


def grants_haste(card: str, oracle_text: str) -> Ruling:
    """Whether ``card``'s text gives haste (702.10): yes for a plain grant, no when its text never
    speaks of haste, undecided for a grant that depends on a condition or choice."""
    t = Trace()
    grant = haste_grant(oracle_text)
    if grant == "maybe":
        return t.ruling(None, (f"whether the condition in {card}'s text about haste holds",))
    if grant is None:
        if re.search(r"\babilities of\b|\ball abilities\b|\bcopy\b", oracle_text, re.I):
            return t.ruling(None, (f"what abilities {card} takes from other objects",))
        t.step(Rule.HASTE, f"Nothing in {card}'s text gives haste.", card=card)
        return t.ruling("no")
    sentence = next(
        m.group(0).strip()
        for line in oracle_text.splitlines()
        for m in re.finditer(r"[^.;]*\bhaste\b[^.;]*[.;]?", line, re.I)
    )
    t.step(
        Rule.HASTE_ATTACK,
        "A creature with haste can attack even the turn it comes under its controller's control.",
    )
    t.step(Rule.HASTE_TAP, "It can also activate its abilities with {T} or {Q} in the cost then.")
    t.step(Rule.HASTE, f"{card} gives haste: its text says “{sentence}”", card=card)
    return t.ruling("yes")


def haste_for_abilities(state: GameState, p: Permanent) -> str | None:
    """The source of an effect letting ``p``'s abilities be activated as though it had haste
    (Thousand-Year Elixir): {T}/{Q} abilities only, never attacking."""
    for a in p.abilities:
        if isinstance(a, Keyword) and a.name.casefold() == "as though it had haste":
            return p.name
    for src in state.battlefield:
        if src.card is None or src.phased_out:
            continue
        face = src.card.front
        for ability in effects.as_though_haste(face.lines, (src.card.name, face.name, src.name)):
            if ability.what == "abilities" and ability.covers(
                src.name, src.attached_to, p.name, src.controller == p.controller
            ):
                return src.name
    return None


def has_haste_for_abilities(p: Permanent) -> bool:
    """Whether an effect lets ``p``'s abilities be activated as though it had haste (Thousand-Year
    Elixir): {T}/{Q} abilities yes, attacking no."""
    return any(isinstance(a, Keyword) and a.name.casefold() == AS_THOUGH_HASTE for a in p.abilities)


def became_creature(p: Permanent) -> bool:
    """A creature now whose card isn't one: an animated land or a crewed Vehicle."""
    return p.is_creature and p.card is not None and "Creature" not in p.card.types


def is_summoning_sick(p: Permanent) -> bool:
    """CR 302.6 restricts it: a creature not controlled since its controller's turn began,
    without haste."""
    return p.is_creature and not p.since_turn_start and not has_haste(p)


def summoning_sickness(state: GameState, name: str) -> Ruling:
    """Whether the summoning-sickness rule restricts ``name`` now (302.6); undecided with haste,
    where people mean different things by the question."""
    p = state.find(name)
    t = Trace()
    if not p.is_creature:
        t.step(
            Rule.SUMMONING_SICKNESS,
            f"The summoning-sickness rule only applies to creatures, and {p.name} isn't one: "
            "it can use {T} abilities the turn it comes under your control.",
        )
        return t.ruling("no")
    if p.since_turn_start:
        t.step(
            Rule.SUMMONING_SICKNESS,
            f"{p.name} has been under its controller's control continuously since their most "
            "recent turn began, so the rule doesn't restrict it.",
        )
        return t.ruling("no")
    if has_haste(p):
        t.step(
            Rule.HASTE,
            f"{p.name} has haste, so it may attack and use {{T}}/{{Q}} abilities anyway.",
        )
        return t.ruling(
            None, ("whether 'summoning sick' means the rule applies or that it stops the creature",)
        )
    t.step(
        Rule.SUMMONING_SICKNESS,
        f"{_creature_that(p)} hasn't been under its controller's control continuously "
        "since their most recent turn began: it can't attack or activate {T}/{Q} abilities "
        "until then (it can still block).",
    )
    return t.ruling("yes")


def _creature_that(p: Permanent) -> str:
    """'Llanowar Elves is a creature that', but 'The creature', never 'the creature is a creature'."""
    if p.name.casefold() == "the creature":
        return "The creature"
    return f"{p.name} is a creature that"


def _sickness_steps(
    t: Trace, p: Permanent, what: str, haste_rule: Rule, abilities: bool = False
) -> bool:
    """Add the 302.6 / haste steps for ``what`` ('activate its {T} abilities', 'attack');
    return True when summoning sickness doesn't stop it."""
    if not p.is_creature:
        t.step(
            Rule.SUMMONING_SICKNESS,
            f"{p.name} isn't a creature, so the summoning-sickness rule doesn't apply to it: "
            "it doesn't matter that it came under your control this turn.",
        )
        return True
    if became_creature(p):
        t.step(
            Rule.SUMMONING_SICKNESS,
            f"{p.name} is a creature right now, so the rule applies to it; it doesn't matter "
            "how long it has been a creature, only how long you've controlled it.",
            card=p.card.name if p.card else None,
        )
    if p.since_turn_start:
        t.step(
            Rule.SUMMONING_SICKNESS,
            f"{p.name} has been under its controller's control continuously since their most "
            f"recent turn began, so it may {what}.",
        )
        return True
    if has_haste(p):
        t.step(
            Rule.SUMMONING_SICKNESS,
            f"{p.name} hasn't been under its controller's control since their most recent "
            "turn began.",
        )
        t.step(haste_rule, f"{p.name} has haste, so it may {what} anyway.")
        return True
    if abilities and has_haste_for_abilities(p):
        t.step(
            Rule.SUMMONING_SICKNESS,
            f"{p.name} hasn't been under its controller's control since their most recent "
            "turn began.",
        )
        t.step(
            haste_rule,
            f"An effect lets {possessive(p.name)} abilities be activated as though it had haste, "
            f"so it may {what} anyway (it still couldn't attack).",
        )
        return True
    t.step(
        Rule.SUMMONING_SICKNESS,
        f"{_creature_that(p)} hasn't been under its controller's control continuously "
        f"since their most recent turn began and has no haste, so it can't {what}.",
    )
    return False


def extra_phase_step(phase: str) -> Step:
    """Why an extra phase or step (``phase``: 'beginning phase', 'combat') doesn't end summoning
    sickness: it is part of the turn, and 302.6 counts from the start of the controller's turn."""
    return Step(
        rule=Rule.SUMMONING_SICKNESS,
        note=f"An extra {phase} is part of the turn, not a new turn: a permanent that came under "
        "your control this turn still hasn't been under your control continuously since your "
        "most recent turn began.",
    )


def controller_activates(state: GameState, name: str, player: str) -> Ruling | None:
    """A "no" when ``player`` doesn't control ``name``: only an object's controller activates
    its activated abilities, {T} mana abilities included (602.2); None when ``player`` controls
    it. A card whose text lets other players activate its ability is the caller's to weigh."""
    p = state.find(name)
    if p.controller == player:
        return None
    t = Trace()
    t.step(
        Rule.ACTIVATE_CONTROLLER,
        f"Only a permanent's controller can activate its activated abilities, and {p.name} is "
        f"controlled by {_player(p.controller)}, not {_player(player)}: tapping it for mana or "
        "for its other abilities isn't yours to do.",
        card=p.card.name if p.card else None,
    )
    return t.ruling("no")


def _player(who: str) -> str:
    return {"you": "you", "opponent": "your opponent"}.get(who, who)


def can_pay_tap_cost(
    state: GameState, name: str, symbol: TapSymbol = "T", by: str | None = None
) -> Ruling:
    """Whether ``name`` can pay a {T} or {Q} in the cost of its own ability (107.5, 107.6, 302.6);
    ``by``: the player who would activate it, when not necessarily its controller (602.2)."""
    if by is not None:
        other = controller_activates(state, name, by)
        if other is not None:
            return other
    p = state.find(name)
    t = Trace()
    ok = True
    if symbol == "T":
        if p.tapped:
            t.step(
                Rule.TAP_SYMBOL,
                f"{{T}} means 'tap this permanent'; {p.name} is already tapped, so it can't be "
                "tapped again to pay the cost.",
            )
            ok = False
        else:
            t.step(Rule.TAP_SYMBOL, f"{{T}} means 'tap this permanent'; {p.name} is untapped.")
    else:
        if not p.tapped:
            t.step(
                Rule.UNTAP_SYMBOL,
                f"{{Q}} means 'untap this permanent'; {p.name} is already untapped, so it can't "
                "be untapped again to pay the cost.",
            )
            ok = False
        else:
            t.step(Rule.UNTAP_SYMBOL, f"{{Q}} means 'untap this permanent'; {p.name} is tapped.")
    # Already tapped ({T}) or untapped ({Q}): the cost can't be paid, whatever 302.6 says; the
    # ruling closes on that, not on the summoning-sickness step after it.
    state_blocks = not ok
    what = f"activate abilities with {{{symbol}}} in their cost"
    helper = haste_for_abilities(state, p) if is_summoning_sick(p) else None
    if helper is not None:
        t.step(
            Rule.HASTE_TAP,
            f"{p.name} hasn't been under its controller's control since their most recent turn "
            f"began, but {helper} lets its abilities be activated as though it had haste, so it "
            f"may {what}.",
            card=helper,
        )
        _cost_state_closing(t, p.name, symbol, state_blocks)
        return t.ruling("yes" if ok else "no")
    attack_only = attack_as_though_haste(state, p) if is_summoning_sick(p) else None
    if attack_only is not None and not has_haste_for_abilities(p):
        t.step(
            Rule.HASTE_TAP,
            f"{attack_only[0]} lets {p.name} attack as though it had haste; it doesn't give it "
            "haste, so it doesn't let its {T} or {Q} abilities be activated.",
            card=attack_only[0],
        )
    ok = _sickness_steps(t, p, what, Rule.HASTE_TAP, abilities=True) and ok
    _cost_state_closing(t, p.name, symbol, state_blocks)
    return t.ruling("yes" if ok else "no")


def _cost_state_closing(t: Trace, name: str, symbol: TapSymbol, blocks: bool) -> None:
    """The closing step when the permanent's tapped state alone stops the cost being paid."""
    if not blocks:
        return
    state, verb = ("tapped", "tapped") if symbol == "T" else ("untapped", "untapped")
    t.step(
        Rule.TAP_SYMBOL if symbol == "T" else Rule.UNTAP_SYMBOL,
        f"So {name} can't pay the {{{symbol}}} cost now: it is already {state} and can't be "
        f"{verb} again.",
    )


def can_activate(state: GameState, name: str, ability: Activated) -> Ruling:
    """Whether the tap/untap parts of an ability's cost stop ``name`` from activating it now.

    Only {T} and {Q} are checked: mana and other costs are left to the player.
    """
    cost = ability.cost
    if cost.tap and cost.untap:
        first = can_pay_tap_cost(state, name, "T")
        second = can_pay_tap_cost(state, name, "Q")
        ok = first.verdict == "yes" and second.verdict == "yes"
        return Ruling(verdict="yes" if ok else "no", steps=first.steps + second.steps)
    if cost.tap:
        return can_pay_tap_cost(state, name, "T")
    if cost.untap:
        return can_pay_tap_cost(state, name, "Q")
    p = state.find(name)
    t = Trace()
    t.step(
        Rule.SUMMONING_SICKNESS,
        f"This ability of {p.name} has neither {{T}} nor {{Q}} in its cost, so the "
        "summoning-sickness rule doesn't restrict it: it can be activated even the turn "
        f"{p.name} came under your control.",
    )
    return t.ruling("yes")


def can_attack(state: GameState, name: str) -> Ruling:
    """Whether ``name`` can be declared as an attacker (302.6, 508.1a, 702.10b)."""
    p = state.find(name)
    t = Trace()
    if not p.is_creature:
        t.step(Rule.ATTACKERS, f"Only creatures can attack, and {p.name} isn't a creature now.")
        return t.ruling("no")
    ok = True
    if p.tapped:
        t.step(Rule.ATTACKERS, f"Attacking creatures must be untapped; {p.name} is tapped.")
        ok = False
    else:
        t.step(Rule.ATTACKERS, f"Attacking creatures must be untapped; {p.name} is untapped.")
    helper = attack_as_though_haste(state, p)
    if helper is not None and is_summoning_sick(p):
        source, ability = helper
        if ability.unless:
            t.because(
                Rule.SUMMONING_SICKNESS,
                "haste.unless",
                source,
                source=source,
                name=p.name,
                unless=ability.unless,
            )
            return t.ruling(None, (f"whether {ability.unless}",))
        t.because(Rule.SUMMONING_SICKNESS, "haste.attack", source, source=source, name=p.name)
    else:
        ok = _sickness_steps(t, p, "attack", Rule.HASTE_ATTACK) and ok
    if p.tapped:
        # The steps after the tapped one may allow attacking as far as they go; the ruling
        # closes on what stops it.
        t.step(Rule.ATTACKERS, f"So {p.name} can't attack while it is tapped.")
    return t.ruling("yes" if ok else "no")


DefenderAct = Literal["attack", "block", "activate"]


def defender_restricts(act: DefenderAct) -> Ruling:
    """Whether defender stops a creature doing ``act``: it stops attacking only (702.3b), so it
    blocks and activates abilities, {T} mana abilities included, as any creature does."""
    t = Trace()
    if act == "attack":
        t.step(Rule.DEFENDER, "A creature with defender can't attack.")
        return t.ruling("yes")
    doing = "block" if act == "block" else "activate its abilities, {T} abilities included"
    t.step(
        Rule.DEFENDER,
        f"Defender only stops a creature attacking: a creature with defender can still {doing}.",
    )
    return t.ruling("no")


def put_attacking(name: str, how: str) -> Ruling:
    """Whether ``name``, put onto the battlefield attacking (``how``: 'by ninjutsu', "by Hero of
    Bladehold's ability"), is an attacking creature that turn: it is, though it was never
    declared as an attacker, and restrictions on declaring attackers such as summoning sickness
    don't apply to it (508.4c)."""
    t = Trace()
    t.step(
        Rule.PUT_ATTACKING,
        f"{name} was put onto the battlefield attacking {how}: it is an attacking creature, though "
        "it was never declared as an attacker, and restrictions on declaring attackers don't "
        "affect it.",
    )
    t.step(
        Rule.SUMMONING_SICKNESS,
        "The summoning-sickness rule only stops a creature being declared as an attacker (and "
        "its {T}/{Q} abilities), so it doesn't matter that it came under your control this turn: "
        "it attacks and deals combat damage as usual.",
    )
    return t.ruling("yes")


def attack_as_though_haste(
    state: GameState, p: Permanent
) -> tuple[str, effects.AsThoughHaste] | None:
    """A permanent whose ability lets ``p`` attack as though it had haste, and that ability."""
    for src in state.battlefield:
        if src.card is None or src.phased_out:
            continue
        face = src.card.front
        for ability in effects.as_though_haste(face.lines, (src.card.name, face.name, src.name)):
            if ability.what == "attack" and ability.covers(
                src.name, src.attached_to, p.name, src.controller == p.controller
            ):
                return src.name, ability
    return None


def can_block(state: GameState, name: str) -> Ruling:
    """Whether ``name`` can be declared as a blocker: untapped creature; 302.6 doesn't apply."""
    p = state.find(name)
    t = Trace()
    if not p.is_creature:
        t.step(
            Rule.BLOCKERS_UNTAPPED, f"Only creatures can block, and {p.name} isn't a creature now."
        )
        return t.ruling("no")
    if p.tapped:
        t.step(Rule.BLOCKERS_UNTAPPED, f"Blocking creatures must be untapped; {p.name} is tapped.")
        return t.ruling("no")
    t.step(Rule.BLOCKERS_UNTAPPED, f"Blocking creatures must be untapped; {p.name} is untapped.")
    t.step(
        Rule.SUMMONING_SICKNESS,
        "The summoning-sickness rule only stops a creature attacking and activating {T}/{Q} "
        "abilities; it says nothing about blocking, so even a creature that came under your "
        "control this turn can block.",
    )
    return t.ruling("yes")


_VIA_RULE: dict[str, Rule | None] = {
    "convoke": Rule.CONVOKE_MEANING,
    "crew": Rule.CREW_MEANING,
    "improvise": Rule.IMPROVISE_MEANING,
    "saddle": Rule.SADDLE_MEANING,
    "conspire": Rule.CONSPIRE_MEANING,
    "tap_others": Rule.TAP_UNTAP,
}
_VIA_TEXT = {
    "convoke": "tapped to convoke a spell",
    "crew": "tapped to crew a Vehicle",
    "improvise": "tapped to improvise",
    "saddle": "tapped to saddle a Mount",
    "conspire": "tapped to pay a spell's conspire cost",
    "tap_others": "tapped to pay a cost that taps other creatures",
}


def can_tap_for_cost(
    state: GameState,
    name: str,
    via: TapOthersVia,
    source: str | None = None,
    source_taps_itself: bool = False,
    by: str | None = None,
    shares_color: bool | None = None,
) -> Ruling:
    """Whether creature ``name`` can be tapped to pay another object's cost (convoke, crew,
    saddle, conspire, 'Tap an untapped creature you control'); 302.6 doesn't restrict this.

    ``source_taps_itself``: the ability's cost also has {T}, so its source is tapped by that
    part and can't be the untapped creature the other part taps. ``by``: the player paying,
    when not necessarily its controller: these costs tap only what the payer controls.
    ``shares_color``: for conspire, whether the creature shares a color with the spell (None
    when not known).
    """
    p = state.find(name)
    t = Trace()
    rule = _VIA_RULE[via]
    if by is not None and p.controller != by:
        t.step(
            rule,
            f"The cost taps untapped {'artifacts' if via == 'improvise' else 'creatures'} "
            f"{_player(by)} control{'' if by == 'you' else 's'}, and {p.name} is controlled by "
            f"{_player(p.controller)}: it can't be tapped to pay it.",
            card=source,
        )
        return t.ruling("no")
    if source_taps_itself and source is not None and source.casefold() == p.name.casefold():
        t.step(
            Rule.TAP_SYMBOL,
            f"The {{T}} in the cost taps {p.name} itself, and every part of a cost is paid.",
        )
        t.step(
            Rule.TAP_UNTAP,
            f"Only an untapped permanent can be tapped, so {p.name}, tapped by the {{T}}, can't "
            "also be the untapped permanent the other part of the cost taps: it needs another.",
        )
        return t.ruling("no")
    if via == "improvise":
        if "Artifact" not in p.types:
            t.step(rule, f"Only artifacts can be {_VIA_TEXT[via]}, and {p.name} isn't one.")
            return t.ruling("no")
        if p.tapped:
            t.step(rule, f"Improvise taps untapped artifacts you control, and {p.name} is tapped.")
            return t.ruling("no")
        t.step(
            rule,
            f"Improvise taps untapped artifacts you control rather than paying generic mana; "
            f"{p.name} is one. Tapping it this way isn't activating any of its abilities, so its "
            "own mana ability (and any sacrifice in that ability's cost) isn't involved.",
        )
        if p.is_creature:
            t.step(
                Rule.SUMMONING_SICKNESS,
                "The summoning-sickness rule only restricts a creature's own {T}/{Q} abilities "
                "and attacking, so an artifact creature that came under your control this turn "
                "can be tapped for improvise.",
            )
        return t.ruling("yes")
    if not p.is_creature:
        t.step(rule, f"Only creatures can be {_VIA_TEXT[via]}, and {p.name} isn't a creature now.")
        return t.ruling("no")
    if via == "crew" and source is not None and source.casefold() == p.name.casefold():
        t.step(rule, "Crew taps other creatures; a Vehicle can't crew itself.")
        return t.ruling("no")
    if via == "saddle" and source is not None and source.casefold() == p.name.casefold():
        t.step(rule, "Saddle taps other creatures; a Mount can't saddle itself.")
        return t.ruling("no")
    if via == "conspire":
        if shares_color is None:
            return t.ruling(None, (f"whether {p.name} shares a color with the spell",))
        if not shares_color:
            t.step(
                rule,
                f"Conspire taps untapped creatures you control that share a color with the "
                f"spell, and {p.name} doesn't.",
                card=source,
            )
            return t.ruling("no")
    if p.tapped:
        t.step(rule, f"The cost needs an untapped creature, and {p.name} is tapped.")
        return t.ruling("no")
    t.step(rule, f"The cost taps untapped creatures you control; {p.name} is one.")
    t.step(
        Rule.SUMMONING_SICKNESS,
        "The summoning-sickness rule only restricts a creature's own abilities with {T} or {Q} "
        "in the cost (and attacking). Tapping a creature to pay a cost of another spell or "
        "ability isn't that, so a creature that came under your control this turn can do it.",
        card=source,
    )
    return t.ruling("yes")


def crew_amount(p: Permanent) -> int | None:
    """The N of a Vehicle's "Crew N", from its parsed abilities; None when it has none or
    several that differ."""
    found = {
        a.amount
        for a in p.abilities
        if isinstance(a, Keyword) and a.name.casefold() == "crew" and a.amount is not None
    }
    return found.pop() if len(found) == 1 else None


def can_crew(state: GameState, vehicle: str, crewers: tuple[str, ...], n: int) -> Ruling:
    """Whether tapping ``crewers`` together pays "Crew N" of ``vehicle`` (702.122a): other
    untapped creatures its controller controls, whose total power is N or greater. Summoning
    sickness doesn't matter (302.6 restricts a creature's own {T} abilities)."""
    v = state.find(vehicle)
    t = Trace()
    total = 0
    for name in crewers:
        p = state.find(name)
        if p.name.casefold() == v.name.casefold():
            t.step(Rule.CREW_MEANING, "Crew taps other creatures; a Vehicle can't crew itself.")
            return t.ruling("no")
        if not p.is_creature:
            t.step(Rule.CREW_MEANING, f"Only creatures can crew, and {p.name} isn't one.")
            return t.ruling("no")
        if p.controller != v.controller:
            t.step(
                Rule.CREW_MEANING,
                f"Crew taps creatures the Vehicle's controller controls, and {p.name} isn't one.",
            )
            return t.ruling("no")
        if p.tapped:
            t.step(Rule.CREW_MEANING, f"Crew taps untapped creatures, and {p.name} is tapped.")
            return t.ruling("no")
        power = p.current_power
        if power is None:
            return t.ruling(None, (f"the power of {p.name}",))
        total += power
    if any(not state.find(name).since_turn_start for name in crewers):
        t.step(
            Rule.SUMMONING_SICKNESS,
            "Tapping a creature to pay a crew cost isn't activating its own {T} ability, so it "
            "doesn't matter that it came under your control this turn.",
        )
    who = _listed(crewers)
    one = len(crewers) == 1
    has = f"{who} has power {total}" if one else f"{who} have total power {total}"
    if total >= n:
        t.step(
            Rule.CREW_MEANING,
            f"Crew {n} taps any number of untapped creatures with total power {n} or greater"
            f"{'' if one else ', not one creature with that power'}: {has}, so tapping "
            f"{'it' if one else 'them together'} crews {v.name}.",
        )
        return t.ruling("yes")
    t.step(
        Rule.CREW_MEANING,
        f"Crew {n} needs untapped creatures with total power {n} or greater, and {has}: "
        f"{'it' if one else 'they'} can crew {v.name} only together with other creatures.",
    )
    return t.ruling("no")


def _listed(names: tuple[str, ...]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def convoke_pays(
    cost: ManaCost, creatures: tuple[tuple[str, frozenset[str]], ...], spell: str
) -> Ruling:
    """Whether tapping ``creatures`` (each a name and its colors, as W/U/B/R/G) pays all of a
    convoke spell's total ``cost`` (702.51a): each creature pays one generic mana, or one
    colored mana of a color it has. None when the cost has symbols other than generic and
    plain colored mana (hybrid, Phyrexian, X, colorless)."""
    t = Trace()
    whose = possessive(spell)
    pips = list(cost.parts)
    if any(p not in _COLOR_NAMES for p in pips):
        return t.ruling(None, (f"how creatures pay the symbols of {spell}'s cost",))
    names = [n for n, _ in creatures]

    def match(i: int, chosen: tuple[int, ...]) -> tuple[int, ...] | None:
        # Colored mana first, each by a different creature of its color, tried in every order.
        if i == len(pips):
            return chosen
        for j, (_, colors) in enumerate(creatures):
            if j not in chosen and pips[i] in colors:
                found = match(i + 1, (*chosen, j))
                if found is not None:
                    return found
        return None

    chosen = match(0, ())
    rule = Rule.CONVOKE_MEANING
    if chosen is None:
        short = [
            _COLOR_NAMES[p]
            for p in sorted(set(pips))
            if pips.count(p) > sum(1 for _, colors in creatures if p in colors)
        ]
        which = " or ".join(short) if short else "colored"
        t.step(
            rule,
            f"Convoke pays each colored mana of {whose} cost {cost} only with a creature of "
            f"that color, and {_listed(tuple(names))} don't have enough {which} creatures for "
            "it: the rest would have to be paid with mana.",
        )
        return t.ruling("no")
    if len(creatures) - len(chosen) < cost.generic:
        t.step(
            rule,
            f"Convoke lets each tapped creature pay one mana of {whose} cost {cost}, which is "
            f"{cost.generic + len(pips)} mana, and there are only {len(creatures)} creatures: "
            "the rest would have to be paid with mana.",
        )
        return t.ruling("no")
    colored = ", ".join(f"{names[j]} pays {{{pips[k]}}}" for k, j in enumerate(chosen))
    what = f"{colored}, and the others pay the generic mana" if colored else "each pays {1}"
    t.step(
        rule,
        f"Convoke lets each tapped creature pay one generic mana, or one colored mana of its "
        f"color, of {whose} cost {cost}: {what}, so tapping them pays the whole cost and no "
        "mana is spent.",
    )
    return t.ruling("yes")


def tapped_by_effect(state: GameState, name: str, source: str) -> Ruling:
    """Whether another object's effect may tap, untap or target creature ``name`` that came under
    its controller's control this turn: 302.6 restricts only what the creature itself does."""
    p = state.find(name)
    t = Trace()
    if not p.is_creature:
        return t.ruling(None, ("whether the permanent is a creature",))
    t.step(
        Rule.SUMMONING_SICKNESS,
        f"The summoning-sickness rule only stops a creature attacking and activating its own "
        f"abilities with {{T}} or {{Q}} in the cost. {source}'s effect tapping, untapping or "
        f"targeting {p.name} is neither, so it doesn't matter that {p.name} came under its "
        "controller's control this turn.",
        card=source,
    )
    return t.ruling("yes")


def enters_tapped(source: str, says_tapped: bool, asked_tapped: bool) -> Ruling:
    """Whether a permanent put onto the battlefield by ``source``'s effect enters tapped (asked
    as ``asked_tapped``) or untapped: untapped unless the effect says otherwise (110.5b)."""
    t = Trace()
    if says_tapped:
        t.step(
            Rule.ENTERS_UNTAPPED,
            f"Permanents enter the battlefield untapped unless a spell or ability says otherwise, "
            f"and {source}'s effect says it puts them onto the battlefield tapped: they enter "
            "tapped.",
            card=source,
        )
    else:
        t.step(
            Rule.ENTERS_UNTAPPED,
            f"Permanents enter the battlefield untapped unless a spell or ability says otherwise; "
            f"{source}'s effect doesn't say tapped, so they enter untapped.",
            card=source,
        )
    return t.ruling("yes" if says_tapped == asked_tapped else "no")


StatusChange = Literal["tapped", "control", "combat"]


def status_kept(name: str, change: StatusChange, asks_kept: bool) -> Ruling:
    """What doesn't change with a permanent's status or controller: a tapped permanent keeps its
    abilities (110.5a); a new controller doesn't tap or untap it (110.5c); an attacker or blocker
    tapped or untapped stays in combat and deals its damage (506.4b)."""
    t = Trace()
    if change == "combat":
        t.step(
            Rule.COMBAT_TAP_STATUS,
            f"Once {name} has been declared as an attacker or blocker, tapping or untapping it "
            "doesn't remove it from combat: it stays attacking or blocking and still deals its "
            "combat damage.",
        )
    elif change == "tapped":
        t.step(
            Rule.STATUS_NOT_CHARACTERISTIC,
            f"Tapped or untapped is {name}'s status, not one of its characteristics: being tapped "
            "doesn't take its abilities away, and its static abilities keep applying unless "
            "their own text says they work only while it's untapped.",
        )
    else:
        t.step(
            Rule.STATUS_RETAINED,
            f"A permanent keeps its status until a spell, ability or turn-based action changes "
            f"it: {name} changing controllers neither taps nor untaps it, unless the effect that "
            "changes control says so.",
        )
    return t.ruling("yes" if asks_kept else "no")


def crew_timing(vehicle: str) -> Ruling:
    """Whether crew can be activated outside the main phase (in combat, on another player's turn):
    it is an activated ability without a timing restriction (702.122a, 117.1b)."""
    t = Trace()
    t.step(
        Rule.CREW_MEANING,
        f"Crew is an activated ability of {vehicle}; nothing in it limits when it can be "
        "activated.",
    )
    t.step(
        Rule.ACTIVATE_WITH_PRIORITY,
        "A player may activate an activated ability any time they have priority, so crew can be "
        "activated in combat, on another player's turn or in response, like an instant. (A "
        "Vehicle crewed after attackers are declared isn't attacking, though.)",
    )
    return t.ruling("yes")
