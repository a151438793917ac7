"""Effects as data: what an effect does, how much, to what, and under which kicked condition."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Literal

from engine.lazyre import LazyPattern, lazy
from engine.value import Value as _Value

_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "twenty": 20,
    "twice": 2,
    "thrice": 3,
    "once": 1,
}
_N = r"(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|X|\d+)"
# What "it", "this spell" or the card's own name may be called once oracle text is normalised.
_SELF = r"(?:it|this spell|this creature|this permanent|this artifact|this enchantment|CARDNAME)"


def number(word: str) -> int | None:
    """'three' -> 3, '4' -> 4; None for X or anything else."""
    w = word.casefold()
    if w.isdigit():
        return int(w)
    return _WORDS.get(w)


Comparison = Literal["le", "ge", "lt", "gt", "eq"]


class ManaValueCheck(_Value):
    """A mana value comparison: "mana value 3 or less", "mana value 5 or greater" (CR 202.3)."""

    op: Comparison
    n: int

    def holds(self, value: int) -> bool:
        return {
            "le": value <= self.n,
            "ge": value >= self.n,
            "lt": value < self.n,
            "gt": value > self.n,
            "eq": value == self.n,
        }[self.op]

    def __str__(self) -> str:
        return {
            "le": f"mana value {self.n} or less",
            "ge": f"mana value {self.n} or greater",
            "lt": f"mana value less than {self.n}",
            "gt": f"mana value greater than {self.n}",
            "eq": f"mana value {self.n}",
        }[self.op]


_MV = lazy(
    r"(?:(?:with|that has|has|of)\s+(?:an?\s+)?|(?:whose|its)\s+)?(?:total\s+)?mana value "
    r"(?:is\s+)?(?:"
    r"(?P<n1>\d+) or (?P<dir1>less|fewer|greater|more)"
    r"|(?P<dir2>less|greater) than (?:or equal to )?(?P<n2>\d+)"
    r"|(?:equal to\s+)?(?P<n3>\d+)\b"
    r")"
)


def mana_value_check(text: str) -> ManaValueCheck | None:
    """The first fixed mana value comparison ``text`` makes, or None."""
    m = _MV.search(text)
    if m is None:
        return None
    if m["n1"]:
        op: Comparison = "le" if m["dir1"] in ("less", "fewer") else "ge"
        return ManaValueCheck(op=op, n=int(m["n1"]))
    if m["n2"]:
        inclusive = "or equal to" in m.group(0)
        if m["dir2"] == "less":
            return ManaValueCheck(op="le" if inclusive else "lt", n=int(m["n2"]))
        return ManaValueCheck(op="ge" if inclusive else "gt", n=int(m["n2"]))
    return ManaValueCheck(op="eq", n=int(m["n3"]))


def without_mana_value(text: str) -> str:
    """``text`` with its mana value comparison taken out ("creature spells you cast")."""
    return re.sub(r"\s{2,}", " ", _MV.sub("", text, count=1)).strip()


Per = Literal["kick", "counter", "power", "x", "mana_value"]


class Amount(_Value):
    """How much an effect does: ``fixed``, or ``times`` for each unit of ``per``.

    ``per`` counts the times the spell was kicked (702.33), counters of kind
    ``counter`` on ``of``, the power of ``of``, the spell's X, or the mana value
    of ``of``. ``base`` is added ("a +1/+1 counter, plus one for each...").
    """

    fixed: int | None = None
    per: Per | None = None
    times: int = 1
    counter: str | None = None
    of: str = "self"
    base: int = 0

    def value(
        self,
        *,
        kicked: int = 0,
        counters: Mapping[str, int] | None = None,
        power: int | None = None,
        x: int | None = None,
        mana_value: int | None = None,
    ) -> int | None:
        """The amount in this position; None when a fact it needs isn't known."""
        if self.per is None:
            return self.fixed
        unit: int | None
        if self.per == "kick":
            unit = kicked
        elif self.per == "counter":
            unit = (counters or {}).get(self.counter or "", 0)
        elif self.per == "power":
            unit = power
        elif self.per == "x":
            unit = x
        else:
            unit = mana_value
        return None if unit is None else self.base + self.times * unit


Verb = Literal[
    "damage",
    "counters",
    "draw",
    "tokens",
    "gain_life",
    "lose_life",
    "discard",
    "sacrifice",
    "destroy",
    "return",
    "exile",
    "counter_spell",
    "targets",
    "mill",
    "copy",
    "tap",
    "gain_control",
    "pump",
    "grant",
    "fight",
    "search",
    "other",
]


class EffectTarget(_Value):
    """A target an effect names: ``what`` it may be, how many, and a mana value limit."""

    what: str
    count: int = 1
    any_number: bool = False
    mana_value: ManaValueCheck | None = None


class Effect(_Value):
    """One effect as data: ``verb`` with ``amount`` (of ``counter`` counters), to ``targets``.

    ``instead`` marks an effect that replaces the one before it ("... instead",
    CR 614.1a); ``each`` is the group it applies to when it targets nothing
    ("each creature you control"); ``requires`` is a mana value check on the
    object it acts on ("if its mana value is 2 or less").
    """

    verb: Verb
    amount: Amount | None = None
    counter: str | None = None
    targets: tuple[EffectTarget, ...] = ()
    each: str = ""
    instead: bool = False
    requires: ManaValueCheck | None = None
    text: str = ""


_TARGET = lazy(
    rf"\b(?:(?P<n>{_N}|up to (?:one|two|three|\d+)|any number of) (?:other )?)?"
    r"(?:another )?target (?P<what>[a-z/+\- ]+?)(?=\.|,|$| and\b"
    r"| to\b| from\b| with\b| that\b| you\b| an opponent\b| on\b| in\b| if\b| divided\b"
    r"| instead\b| gets?\b| gains?\b| can't\b| deals?\b| fights?\b| for each\b| discards?\b"
    r"| sacrifices?\b| loses?\b| draws?\b| puts?\b| mills?\b| of their\b| returns?\b)"
)


def _targets(text: str) -> tuple[EffectTarget, ...]:
    out: list[EffectTarget] = []
    for m in _TARGET.finditer(text):
        what = m["what"].strip()
        n = m["n"] or ""
        tail = text[m.end() : m.end() + 40].lstrip()
        mv = mana_value_check(tail) if tail.startswith("with") else None
        if n == "any number of":
            out.append(EffectTarget(what=what, count=0, any_number=True, mana_value=mv))
            continue
        count = number(n.removeprefix("up to ")) if n else 1
        out.append(EffectTarget(what=what, count=count or 1, mana_value=mv))
    if re.search(r"\bany target\b", text):
        out.append(EffectTarget(what="any"))
    if re.search(r"divided as you choose among any number of targets", text):
        out.append(EffectTarget(what="any", count=0, any_number=True))
    return tuple(out)


_PER_KICK = lazy(
    rf"(?:for each time {_SELF} was kicked|(?P<twice>twice )?(?:equal to )?the number of times "
    rf"{_SELF} was kicked)"
)
_PER_COUNTER = lazy(
    r"(?:for each|equal to the number of) (?P<kind>[+\-\d/a-z]+) counters? on "
    r"(?P<of>it|this \w+|CARDNAME|that \w+)"
)
_PER_POWER = lazy(
    r"equal to (?P<of>its|CARDNAME's|this \w+'s|that creature's|that permanent's) power"
)
_PER_MV = lazy(r"equal to (?P<of>its|that \w+'s|CARDNAME's) mana value")


def _of(word: str) -> str:
    return "that" if word.startswith("that") else "self"


def amount(text: str, count: str | None = None) -> Amount | None:
    """The amount ``text`` states: per kick, per counter, from power or X, or ``count`` fixed."""
    m = _PER_KICK.search(text)
    if m:
        each = number(count) if count else None
        return Amount(per="kick", times=2 if m["twice"] else (each or 1))
    m = _PER_COUNTER.search(text)
    if m:
        each = number(count) if count else None
        return Amount(per="counter", counter=m["kind"], of=_of(m["of"]), times=each or 1)
    m = _PER_POWER.search(text)
    if m:
        return Amount(per="power", of=_of(m["of"]))
    m = _PER_MV.search(text)
    if m:
        return Amount(per="mana_value", of=_of(m["of"]))
    if count is None:
        return None
    if re.search(r"\bfor each\b|\bequal to\b|\bthe number of\b|\bhalf\b", text):
        # "a token for each creature card exiled this way": a count the data doesn't read.
        return None
    if count == "X":
        return Amount(per="x")
    n = number(count)
    return Amount(fixed=n) if n is not None else None


_DAMAGE = lazy(rf"\bdeals? (?:(?P<n>{_N}) )?(?:additional )?damage\b")
_COUNTERS = lazy(
    rf"\b(?:enters with|put|puts) (?:(?P<n>{_N}) )?(?:additional )?(?P<kind>[+\-\d/a-z]+) "
    r"counters? on\b"
)
_DRAW = lazy(rf"\bdraws? (?P<n>{_N}) (?:additional )?cards?\b")
_TOKENS = lazy(rf"\bcreates? (?P<n>{_N}|five of those) \b")
_TOKENS_OF_THOSE = lazy(rf"\bcreates? (?P<n>{_N}) of those tokens\b")
_LIFE = lazy(rf"\b(?P<who>gain|gains|lose|loses) (?:(?P<n>{_N}) )?life\b")
_DISCARD = lazy(rf"\bdiscards? (?P<n>{_N}) cards?\b")
_MILL = lazy(rf"\bmills? (?P<n>{_N}) cards?\b")
_SACRIFICE = lazy(
    rf"\bsacrifices? (?P<n>{_N}) (?:other )?(?:creatures?|permanents?|lands?|artifacts?|enchantments?)\b"
)
_COPY = lazy(r"\bcopy (?:that|this|target) [a-z ]*?(?P<n>twice|three times|\d+ times)?$")
_PUMP = lazy(r"\bgets? (?:an additional )?[+\-]\d+/[+\-]\d+\b")
_SIMPLE: tuple[tuple[Verb, LazyPattern], ...] = (
    ("gain_control", lazy(r"\bgains? control of\b")),
    ("fight", lazy(r"\bfights?\b")),
    ("search", lazy(r"^search\b")),
    ("tap", lazy(r"^tap\b")),
    ("sacrifice", lazy(r"\bsacrifices?\b")),
    ("destroy", lazy(r"\bdestroys?\b")),
    ("exile", lazy(r"\bexiles?\b")),
    ("counter_spell", lazy(r"^counter\b")),
    ("return", lazy(r"\breturns?\b")),
)
_INSTEAD = lazy(r"\binstead\.?$")
_REQUIRES = lazy(r"\bif (?:its|that \w+'s) mana value is\b")
_EACH = lazy(r"\bon each (?P<each>[a-z ]+?)(?:\.|$| instead)")
_CHOOSE_TARGETS = lazy(
    rf"^choose (?:any )?target(?: (?P<what>[a-z ]+?))?, then choose another target"
    rf"(?: [a-z ]+?)? for each time {_SELF} was kicked"
)


def parse_effect(text: str) -> Effect:
    """One effect sentence as data; an effect not understood is ``other`` with its targets."""
    body = text.strip().removesuffix(".")
    low = body[:1].lower() + body[1:]
    instead = bool(_INSTEAD.search(low))
    if low.startswith("instead "):
        # "If this spell was kicked, instead destroy target creature" (Bloodchief's Thirst).
        instead, low = True, low.removeprefix("instead ")
    targets = _targets(low)
    requires = mana_value_check(low) if _REQUIRES.search(low) else None
    base: dict[str, Any] = {
        "instead": instead,
        "targets": targets,
        "requires": requires,
        "text": body,
    }
    m = _CHOOSE_TARGETS.match(low)
    if m:
        # "Choose any target, then choose another target for each time it was kicked" (Comet Storm).
        return Effect(verb="targets", amount=Amount(per="kick", base=1), **base)
    m = _DAMAGE.search(low)
    if m:
        return Effect(verb="damage", amount=amount(low[m.start() :], m["n"]), **base)
    m = _COUNTERS.search(low)
    if m:
        each = _EACH.search(low)
        return Effect(
            verb="counters",
            amount=amount(low, m["n"] or "a"),
            counter=m["kind"],
            each=each["each"].strip() if each else "",
            **base,
        )
    m = _DRAW.search(low)
    if m:
        return Effect(verb="draw", amount=amount(low, m["n"]), **base)
    m = _TOKENS_OF_THOSE.search(low) or _TOKENS.search(low)
    if m:
        n = m["n"].removesuffix(" of those")
        return Effect(verb="tokens", amount=amount(low, n), **base)
    m = _LIFE.search(low)
    if m:
        verb: Verb = "gain_life" if m["who"].startswith("gain") else "lose_life"
        return Effect(verb=verb, amount=amount(low, m["n"]), **base)
    m = _DISCARD.search(low)
    if m:
        return Effect(verb="discard", amount=amount(low, m["n"]), **base)
    m = _MILL.search(low)
    if m:
        return Effect(verb="mill", amount=amount(low, m["n"]), **base)
    m = _SACRIFICE.search(low)
    if m:
        return Effect(verb="sacrifice", amount=amount(low, m["n"]), **base)
    m = _COPY.search(low)
    if m:
        times = (m["n"] or "once").split()[0]
        return Effect(verb="copy", amount=Amount(fixed=number(times) or 1), **base)
    for verb, pattern in _SIMPLE:
        if pattern.search(low):
            return Effect(verb=verb, **base)
    if _PUMP.search(low):
        return Effect(verb="pump", **base)
    if re.search(r"\b(?:gains?|have|has) [a-z]", low):
        return Effect(verb="grant", **base)
    return Effect(verb="other", **base)


# -- a spell's or permanent's effects, each with its kicked condition -----------------------------


class KickCondition(_Value):
    """The kicked condition an effect has: "if it was kicked [twice] [with its {A} kicker]"
    (702.33e-f).

    ``negated`` is "if it wasn't kicked"; ``cost`` is the kicker cost named, as printed;
    ``times`` is how many times it must have been kicked ("if it was kicked twice").
    """

    negated: bool = False
    cost: str | None = None
    times: int = 1

    def met(self, kicks: int, paid: Collection[str] | None = None) -> bool:
        """Whether a spell kicked ``kicks`` times, with the kicker costs ``paid`` (as printed),
        meets it; without ``paid``, a condition naming a cost is taken as met when kicked."""
        if self.cost is not None and paid is not None:
            held = self.cost in paid
            return not held if self.negated else held
        return kicks < self.times if self.negated else kicks >= self.times


class Conditional(_Value):
    """An effect and the kicked condition it has, if any.

    ``unsure`` marks an effect that hangs on something else the data doesn't model: another
    condition ("if you control a Wizard", "if you do") or an X the text defines ("where X is
    the number of attacking creatures"); how much it does can't be read from the card alone.
    """

    effect: Effect
    kicked: KickCondition | None = None
    unsure: bool = False


# A triggered ability's condition follows its trigger: "When this creature enters, if it was
# kicked, ..." (603.4), so the trigger clause may come first.
_KICKED = lazy(
    rf"^(?:(?:when|whenever|at) [^,]+, )?if {_SELF} (?P<neg>was|wasn't) kicked"
    rf"(?: (?P<times>{_N} times|twice|thrice))?"
    r"(?: with its (?P<cost>(?:\{[^}]+\})+) kicker)?"
    r", (?P<rest>.+)$",
    re.I,
)
# Conditions other than kicked, and an X the text itself defines.
_OTHER_CONDITION = lazy(
    r"\b(?:if|unless|as long as|where x is|where x equals|whenever)\b(?! able\b)"
    # "tap target creature and it deals damage to its controller equal to its power": "its"
    # is the target's there, not this object's.
    r"|\bits controller\b.*\bits power\b|\bits power\b.*\bits controller\b",
    re.I,
)
_SENTENCE = lazy(r"(?<=[.])\s+(?=[A-Z])")
_REMINDER = lazy(r"\s*\([^)]*\)")


def conditionals(lines: Sequence[str], names: Sequence[str] = ()) -> tuple[Conditional, ...]:
    """The effects of these oracle lines, sentence by sentence, each with its kicked condition.

    Keyword lines ("Kicker {4}", "Flying") carry no effect and are skipped; ``names``
    are what the card calls itself, read as "this spell".
    """
    out: list[Conditional] = []
    for raw in lines:
        line = _REMINDER.sub("", raw).strip()
        for name in sorted(names, key=len, reverse=True):
            if name:
                line = line.replace(name, "CARDNAME")
        if not line or re.match(r"^(?:Multikicker|Kicker)\b", line) or "." not in line:
            continue
        if re.match(r'^[^"]*?:\s', line):
            # An activated ability ("{T}: Add {C}..."): its effect isn't the object's own.
            continue
        # A mode ("• Target player draws two cards") happens only if it is chosen (700.2).
        mode = line.startswith("•")
        line = line.lstrip("• ")
        for sentence in _SENTENCE.split(line):
            m = _KICKED.match(sentence)
            if m:
                times = (m["times"] or "once").split()[0]
                cond = KickCondition(
                    negated=m["neg"] == "wasn't", cost=m["cost"], times=number(times) or 1
                )
                rest = m["rest"]
                out.append(
                    Conditional(
                        effect=parse_effect(rest),
                        kicked=cond,
                        unsure=mode or bool(_OTHER_CONDITION.search(rest)),
                    )
                )
            else:
                out.append(
                    Conditional(
                        effect=parse_effect(sentence),
                        unsure=mode or bool(_OTHER_CONDITION.search(sentence)),
                    )
                )
    return tuple(out)


def applicable(
    effects: Sequence[Conditional],
    kicked: bool | int,
    verb: Verb | None = None,
    paid: Collection[str] | None = None,
) -> tuple[Effect, ...]:
    """The effects that happen, kicked or not: an "instead" effect replaces the earlier one of its
    kind (CR 614.1a), a kicked-only effect happens only when kicked (702.33e).

    ``kicked`` is how many times the spell was kicked (``True`` is once); ``paid``, the kicker
    costs paid as printed, decides "if it was kicked with its {1}{B} kicker" (702.33f).
    """
    kicks = int(kicked)
    out: list[Effect] = []
    for c in effects:
        if verb is not None and c.effect.verb != verb and not c.effect.instead:
            continue
        met = c.kicked is None or c.kicked.met(kicks, paid)
        if not met:
            continue
        if c.effect.instead:
            replaced = next(
                (
                    i
                    for i in range(len(out) - 1, -1, -1)
                    if out[i].verb == c.effect.verb
                    or (c.effect.verb == "other" and out[i].verb != "other")
                ),
                None,
            )
            if replaced is not None:
                # "It deals 4 damage instead" still acts on what the replaced effect targeted.
                effect = c.effect
                if not effect.targets:
                    effect = effect.model_copy(update={"targets": out[replaced].targets})
                out[replaced] = effect
                continue
        if verb is None or c.effect.verb == verb:
            out.append(c.effect)
    return tuple(out)


# -- copy exceptions (707.9) ---------------------------------------------------------------------


class CopyExceptions(_Value):
    """What a copy effect changes as it copies (CR 707.9): types added, legendary taken away,
    a set power/toughness, counters it enters with, abilities it gains."""

    add_types: tuple[str, ...] = ()
    not_legendary: bool = False
    power_toughness: tuple[int, int] | None = None
    counters: tuple[tuple[str, int], ...] = ()
    gains: tuple[str, ...] = ()


_EXCEPT = lazy(r"\bexcept (?P<rest>.+?)\.?$")


def copy_exceptions(text: str) -> CopyExceptions | None:
    """The exceptions of an "enter as a copy ..., except ..." effect; None when it has none."""
    m = _EXCEPT.search(text.replace("\n", " "))
    if m is None or "copy" not in text:
        return None
    rest = m["rest"]
    add = re.findall(
        r"(?:it's|it is) an? ([A-Z][a-z]+(?: [A-Z][a-z]+)*) in addition to its other types", rest
    )
    pt = re.search(r"(?:it's|it is|it has base power and toughness) (\d+)/(\d+)", rest)
    counters = [
        (kind, number(n) or 1)
        for n, kind in re.findall(
            r"enters with (an?|one|two|three|\d+) (?:additional )?([+\-\d/a-z]+) counters? on it "
            r"if it's a creature",
            rest,
        )
    ]
    gains = re.findall(r'(?:it )?has (?:"([^"]+)"|([a-z]+)(?= and|$|,))', rest)
    return CopyExceptions(
        add_types=tuple(add),
        not_legendary=bool(re.search(r"\bisn't legendary\b", rest)),
        power_toughness=(int(pt[1]), int(pt[2])) if pt else None,
        counters=tuple(counters),
        gains=tuple(a or b for a, b in gains),
    )


# -- "as though it had haste" (302.6, 702.10) ----------------------------------------------------

HasteSubject = Literal[
    "self", "enchanted", "equipped", "creatures you control", "other creatures you control", "all"
]


class AsThoughHaste(_Value):
    """ "... as though it had haste": ``what`` it allows (activating {T}/{Q} abilities, or
    attacking) for ``subject``; ``unless`` is a condition that takes it away ("unless it entered
    this turn"). It isn't haste: the other half of what haste does stays forbidden."""

    what: Literal["abilities", "attack"]
    subject: HasteSubject
    unless: str = ""

    def covers(self, source: str, host: str | None, name: str, same_controller: bool) -> bool:
        """Does it apply to permanent ``name``, given its source, what the source is attached to
        and whether they share a controller?"""
        if self.subject == "self":
            return source.casefold() == name.casefold()
        if self.subject in ("enchanted", "equipped"):
            return host is not None and host.casefold() == name.casefold()
        if self.subject == "all":
            return True
        if self.subject == "other creatures you control" and source.casefold() == name.casefold():
            return False
        return same_controller


_HASTE_ABILITIES = lazy(
    r"^(?:you may )?activate abilities of (?P<s>other creatures you control|creatures you "
    r"control) as though (?:those creatures|they) had haste\.?$",
    re.I,
)
_HASTE_ATTACK = lazy(
    r"^(?P<s>CARDNAME|this creature|enchanted creature|equipped creature|all creatures|"
    r"creatures you control|other creatures you control) can attack(?: [^,.]*?)? as though "
    r"(?:it|they|those creatures) had haste(?: unless (?P<unless>[^.]+))?\.?$",
    re.I,
)
_SUBJECTS: dict[str, HasteSubject] = {
    "cardname": "self",
    "this creature": "self",
    "enchanted creature": "enchanted",
    "equipped creature": "equipped",
    "all creatures": "all",
    "creatures you control": "creatures you control",
    "other creatures you control": "other creatures you control",
}


def as_though_haste(lines: Sequence[str], names: Sequence[str] = ()) -> tuple[AsThoughHaste, ...]:
    """The "as though it had haste" abilities among these oracle lines, as data."""
    out: list[AsThoughHaste] = []
    for raw in lines:
        line = _REMINDER.sub("", raw).strip()
        for name in sorted(names, key=len, reverse=True):
            if name:
                line = line.replace(name, "CARDNAME")
        m = _HASTE_ABILITIES.match(line)
        if m:
            out.append(AsThoughHaste(what="abilities", subject=_SUBJECTS[m["s"].casefold()]))
            continue
        m = _HASTE_ATTACK.match(line)
        if m:
            out.append(
                AsThoughHaste(
                    what="attack",
                    subject=_SUBJECTS[m["s"].casefold()],
                    unless=(m["unless"] or "").strip(),
                )
            )
    return tuple(out)
