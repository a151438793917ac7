"""The one renderer: structured reasons (a reason name plus the facts used) to clean English."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.errors import EngineError

Facts = Mapping[str, str]


def possessive(name: str) -> str:
    """'Eidolon of Blossoms'' not 'Eidolon of Blossoms's'; 'your' for you."""
    if name == "you":
        return "your"
    if name == "opponent":
        return "your opponent's"
    return name + ("'" if name.endswith("s") else "'s")


def player(name: str) -> str:
    return "your opponent" if name == "opponent" else name


def _yes(facts: Facts, key: str) -> bool:
    return facts.get(key) == "True"


def _a(text: str) -> str:
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


def _times(n: str) -> str:
    return {"0": "no times", "1": "once", "2": "twice"}.get(n, f"{n} times")


def _count(n: str, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == "1" or noun in ("damage", "life") else "s")


_UNITS = {
    "damage": "damage",
    "counters": "counter",
    "draw": "card",
    "tokens": "token",
    "gain_life": "life",
    "lose_life": "life",
    "discard": "card",
    "mill": "card",
    "sacrifice": "permanent",
    "targets": "target",
}


def _kicked_effect(f: Facts) -> str:
    cond = "wasn't" if _yes(f, "negated") else "was"
    text = f"'{f['effect']}' happens only if {f['name']} {cond} kicked"
    if not _yes(f, "met"):
        return text + ", and that isn't so here."
    if _yes(f, "instead"):
        return text + "; that is so here, and it replaces the effect it changes."
    return text + "; that is so here."


def _permanent(f: Facts) -> str:
    state = "tapped" if _yes(f, "tapped") else "untapped"
    text = (
        f"{f['name']} is {_a(state + ' ' + f['types'])} under {possessive(f['controller'])} control"
    )
    if f.get("owner") and f["owner"] != f["controller"]:
        text += f" (owned by {player(f['owner'])})"
    if f.get("attached_to"):
        text += f", attached to {f['attached_to']}"
    since = "has" if _yes(f, "since_turn_start") else "hasn't"
    return (
        text + f"; it {since} been under that control since that player's most recent turn began."
    )


def _spell(f: Facts) -> str:
    what = "a copy of a spell" if _yes(f, "copy") else "a spell"
    text = f"{f['name']} is {what} on the stack, controlled by {player(f['controller'])}"
    details: list[str] = []
    if f.get("kicked", "0") != "0":
        details.append(f"kicked {_times(f['kicked'])}")
    else:
        details.append("not kicked")
    if f.get("x"):
        details.append(f"with X = {f['x']}")
    if _yes(f, "bestowed"):
        details.append("cast bestowed")
    if not _yes(f, "cast"):
        details.append("not cast")
    if f.get("targets"):
        details.append(f"targeting {f['targets']}")
    return text + " (" + ", ".join(details) + ")."


_RENDERERS: dict[str, Callable[[Facts], str]] = {
    "fact.permanent": _permanent,
    "fact.spell": _spell,
    "fact.granted": lambda f: (
        f"{f['name']} has '{f['ability']}' from {f['source']}; the {{{f['symbol']}}} in that "
        f"cost is {possessive(f['name'])} own, so the rule for {f['name']} applies."
    ),
    "fact.attacking": lambda f: f"{f['names']} {'are' if ',' in f['names'] else 'is'} attacking.",
    "fact.blockers": lambda f: (
        f"{possessive(f['player']).capitalize()} creatures that could block: {f['names']}."
        if f["names"]
        else f"{player(f['player']).capitalize()} controls no creature that could block."
    ),
    "fact.phase": lambda f: (
        "An extra beginning phase is a phase, not a turn: a permanent that came under your "
        "control this turn still hasn't been under your control since your most recent turn began."
    ),
    "mv.zone": lambda f: f"{f['name']} is {f['zone_text']}.",
    "mv.copy": lambda f: (
        f"{f['name']} is a copy of {f['original']}: it copies the mana cost {f['cost']}."
    ),
    "aura.targets": lambda f: f"{f['name']} targets {f['target']}.",
    "aura.target_gone": lambda f: f"{f['target']} is no longer on the battlefield.",
    "aura.target_hexproof": lambda f: (
        f"{f['target']} has {f['keyword']} now and {f['name']} is controlled by "
        f"{player(f['controller'])}, so {f['target']} can't be its target."
    ),
    "aura.target_control": lambda f: (
        f"{f['name']} can enchant only a {f['what']}; {f['target']} is now under "
        f"{possessive(f['target_controller'])} control, so it is an illegal target."
    ),
    "aura.target_type": lambda f: (
        f"{f['name']} can enchant only a {f['what']}, and {f['target']} isn't one."
    ),
    "aura.target_legal": lambda f: f"{f['target']} is still a legal target for {f['name']}.",
    "aura.put_choice": lambda f: (
        f"{f['name']} is put onto the battlefield without being cast, so it targets nothing: "
        f"as it enters, its controller chooses what it will enchant ({f['host']})."
    ),
    "aura.put_nothing": lambda f: (
        f"{f['name']} is put onto the battlefield without being cast, and there is nothing "
        "it could legally enchant: it stays where it is."
    ),
    "aura.put_no_target": lambda f: (
        f"It doesn't target, so hexproof or shroud on {f['host']} doesn't stop it."
    ),
    "bestow.permanent": lambda f: (
        f"{f['name']} is a bestowed Aura attached to {f['host']}: an enchantment, not a creature."
        if f.get("host")
        else f"{f['name']} is a bestowed Aura attached to nothing, so it is an enchantment "
        "creature again."
    ),
    "bestow.not_cast": lambda f: (
        f"{f['name']} wasn't cast, so it can't be bestowed: it enters as an enchantment creature."
    ),
    "blocks.verdict": lambda f: f"So the answer is {f['verdict']}.",
    "mana.treasure": lambda f: (
        f"{possessive(f['name'])} mana ability has {{T}} in its cost (with sacrificing it), so "
        "activating it is tapping it for mana."
    ),
    "mana.no_tap": lambda f: (
        f"{possessive(f['name'])} mana ability has no {{T}} in its cost, so activating it isn't "
        "tapping it for mana."
    ),
    "mana.colorless": lambda f: (
        "Colorless is a type of mana, not a color: "
        + (f"{f['name']} makes colorless mana only." if f.get("name") else "{C} isn't colored.")
    ),
    "mana.power": lambda f: f"{possessive(f['name'])} power is {f['power']}{f['how']}.",
    "tap.effect": lambda f: (
        "The summoning-sickness rule restricts only a creature's own abilities with {T} or {Q} in "
        f"their cost, and attacking; a spell or ability that taps or targets {f['name']} isn't "
        "either, so it works even the turn it came under your control."
    ),
    "kicked.count": lambda f: f"{f['name']} was kicked {_times(f['count'])}.",
    "haste.attack": lambda f: (
        f"{f['source']} lets {f['name']} attack as though it had haste: the summoning-sickness "
        "rule doesn't stop it attacking (its {T} abilities are another matter)."
    ),
    "haste.unless": lambda f: (
        f"{f['source']} lets {f['name']} attack as though it had haste unless {f['unless']}: "
        "whether that is so decides it."
    ),
    "target.type": lambda f: (
        f"{f['name']} {'is' if _yes(f, 'ok') else 'is not'} a legal choice for 'target "
        f"{f['what']}'."
    ),
    "mv.x_unknown": lambda f: (
        f"{f['name']} has X in its mana cost, so its mana value on the stack depends on the X "
        "announced."
    ),
    "mv.check": lambda f: (
        f"{possessive(f['name'])} mana value is {f['value']}, so it "
        f"{'has' if _yes(f, 'meets') else 'does not have'} {f['check']}."
    ),
    "cost.mana_value": lambda f: (
        f"{possessive(f['source'])} cost change applies only to spells with {f['check']}; on the "
        f"stack {possessive(f['name'])} mana value is {f['value']}"
        + (f" (its X counts as {f['x']})" if f.get("x") else "")
        + (", so it applies." if _yes(f, "meets") else ", so it doesn't apply.")
    ),
    "effect.kicked": _kicked_effect,
    "effect.none": lambda f: f"None of {possessive(f['name'])} effects of that kind happen.",
    "effect.per_kick": lambda f: (
        f"{f['name']} was kicked {_times(f['times'])}: {f['each']} for each time"
        + (f", plus {f['base']}" if f.get("base", "0") != "0" else "")
        + "."
    ),
    "effect.x": lambda f: f"X is {f['x']}.",
    "effect.counters": lambda f: (
        f"{f['name']} has {_count(f['n'], f['counter'] + ' counter')} on it."
    ),
    "effect.mana_value": lambda f: f"{possessive(f['name'])} mana value is {f['value']}.",
    "effect.total": lambda f: f"In all, that is {_count(f['total'], _UNITS[f['verb']])}.",
    "targets.kicked_only": lambda f: (
        f"The part of {f['name']} that targets '{f['what']}' works only if it was kicked, and only "
        "then is that target chosen: "
        + (
            "it was kicked, so it is chosen."
            if _yes(f, "met")
            else "it wasn't kicked, so no target is chosen for it."
        )
    ),
    "targets.per_kick": lambda f: (
        f"{f['name']} chooses one target, then another for each time it was kicked "
        f"({_times(f['times'])}): {f['n']} in all."
    ),
    "targets.any_number": lambda f: (
        f"{f['name']} divides its effect among any number of targets: its controller chooses how "
        "many."
    ),
    "targets.total": lambda f: (
        f"So {f['name']} has {_count(f['n'], 'target')}, chosen as it is cast."
    ),
    "copy.values": lambda f: (
        f"{f['name']} copies {possessive(f['original'])} copiable values: it is "
        f"{_a(f['typeline'])}."
    ),
    "copy.exceptions": lambda f: (
        f"{possessive(f['name'])} copy effect makes exceptions as it copies; they become part "
        "of the copy's copiable values."
    ),
    "copy.not_legendary": lambda f: (
        f"Its copy effect says it isn't legendary, so {f['name']} isn't legendary."
    ),
    "copy.legendary": lambda f: (
        f"{f['name']} is legendary, as {f['original']} is."
        if _yes(f, "legendary")
        else f"{f['name']} isn't legendary, as {f['original']} isn't."
    ),
    "copy.added_type": lambda f: (
        f"Its copy effect makes {f['name']} {_a(f['type'])} in addition to its other types."
    ),
    "copy.has_type": lambda f: (
        f"{f['name']} {'has' if _yes(f, 'has') else 'does not have'} the type {f['type']}."
    ),
    "copy.counters": lambda f: (
        f"Its copy effect has {f['name']} enter with {_count(f['n'], 'additional ' + f['counter'] + ' counter')}: "
        "an extra effect of this copy effect, not a copied value."
    ),
    "copy.no_counters": lambda f: (
        f"Copying gives {f['name']} no {f['counter']} counters: counters aren't copiable values."
    ),
}


def render(reason: str, facts: Facts) -> str:
    """The English sentence for ``reason`` with these facts."""
    try:
        return _RENDERERS[reason](facts)
    except KeyError as exc:
        raise EngineError(f"no sentence for reason {reason!r} with {dict(facts)}") from exc
