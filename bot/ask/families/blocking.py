"""Blocking family: whether one named creature may block another, by their parsed restrictions."""

from __future__ import annotations

import re
from typing import Any

from bot.ask.question import CardMention, Question, Scenario
from bot.ask.question import permanent as _perm
from engine import blocking as b
from engine.abilities import Keyword
from engine.lazyre import lazy
from engine.model import OPPONENT, YOU, Permanent

# Evasion the solver doesn't check: a creature with one of these is left alone.
_UNMODELLED_EVASION = frozenset(
    {"shadow", "horsemanship", "fear", "intimidate", "skulk", "protection", "daunt"}
)
# An unparsed line with one of these words may change who can block whom.
_BLOCKING_WORDS = lazy(
    r"\b(block\w*|flying|reach|menace|horsemanship|shadow|fear|intimidate|skulk|\w+walk|"
    r"protection|evasion|creatures|gains?|power|toughness)\b",
    re.I,
)
# Words saying the creatures were changed by something the question tells of.
_CHANGED = (
    r"\b(equip(ped|s)?|enchant(ed|s)?|gains?|gained|gets|got|pump\w*|until end of turn|attached|"
    r"aura|equipment|counters?|animated?|becomes?|became|copy|copies|copying)\b",
    r"(?<!un)tapped\b",
    r"\b(protection|hexproof|shroud|ward|lure|provoke|goad\w*|damage|first strike|double strike|"
    r"trample|deathtouch|unblockable|can't be blocked|must be blocked|if able)\b",
    # Abilities given or lost by an effect the question tells of.
    r"\b(give|gives|gave|given|giving|grant\w*|lose|loses|lost|losing|remove\w*|"
    r"no longer|not (flying|reach)|doesn't have|has no|lacks?)\b",
    r"(?<!with and )\bwithout\b",
    # Not whether, but why or how.
    r"^(why|how|what|when|where|which|who)\b",
    r"\b(because|due to|reason)\b",
)
# The gap between a name and its verb holds no other name and no clause break.
_GAP = r"(?:(?!CARD)[^.?!,;]){0,40}?"
_PASSIVE = r"\b((be|being|been|was|were|is|are|get|gets|got) )?blocked by\b"
_ATTACKER_THEN_BLOCKER = lazy(rf"CARD{_GAP}{_PASSIVE}{_GAP}CARD")
_SINGLE_BLOCKER = lazy(rf"CARD{_GAP}{_PASSIVE} (a single|one|just one|only one|1) creature\b")
_BLOCKER_THEN_ATTACKER = lazy(rf"CARD{_GAP}\bblock(s|ed|ing)?\b(?! by){_GAP}CARD")
_ANY_BLOCK = lazy(rf"CARD{_GAP}\bblock(s|ed|ing)?\b(?! by)")


_GROUP_SIZES = {"two": 2, "both": 2, "2": 2, "three": 3, "3": 3, "four": 4, "4": 4}
_N = r"(?P<n>two|both|three|four|2|3|4)"
_GROUP = (
    rf"\b{_N} (of )?(my |his |her |their |your |the |my opponent's |opponent's )?(untapped |different "
    r"|other )?(creatures|blockers|of them) (\w+ )?block CARD\b",
    rf"\bCARD (\w+ )?(be )?blocked by {_N} (untapped |different |other )?(creatures|blockers)\b",
    rf"\bblock CARD with {_N} (untapped |different |other )?(creatures|blockers)\b",
)


# A creature the question describes by its keywords instead of naming it.
_WHOSE = r"(?:an? |any |the |his |her |their |my |your |an opponent's |my opponent's )?"
_DESC = (
    r"(?P<desc>(?P<fly>flying|flier|flyer)s?( creature)?|(?:attacking |untapped )?creature "
    r"(?:with|that has) (?P<kw>flying|reach|menace)|ground creature|vanilla creature)\b"
)


def _describe(m: re.Match[str]) -> str:
    return "a " + m["desc"] if not m["desc"].startswith(("a ", "an ")) else m["desc"]


def _flags(m: re.Match[str], allowed: tuple[str, ...]) -> dict[str, Any]:
    """The keywords a described creature has, of those that matter on its side (keyword
    arguments of the engine's Attacker or Blocker: flags only)."""
    said = "flying" if m["fly"] else (m["kw"] or "")
    if said and said not in allowed:
        return {"flying": False} if "flying" in allowed else {}
    return {said: True} if said else {}


def _changed(q: Question) -> bool:
    """The question tells of something that changes the creatures, or asks why. A 'because'
    clause that only restates a keyword one of the named cards has changes nothing."""
    lower = q.lower
    why = re.search(r"\b(because|cause|cuz) (?P<why>[^.?!]*)", lower)
    if why is not None:
        clause = why["why"]
        said = set(re.findall(r"\b(flying|reach|menace|defender)\b", clause))
        known = {k for m in q.cards for k in _keywords(m)}
        if "CARD" in clause or not said <= known or any(re.search(p, clause) for p in _CHANGED):
            return True
        lower = lower[: why.start()] + lower[why.end() :]
    return any(re.search(p, lower) for p in _CHANGED)


def _slots(q: Question) -> list[CardMention]:
    """The mentions in the order their CARD marks stand in ``q.lower``."""
    out: list[CardMention] = []
    pos = 0
    for m in q.cards:
        if m.end > m.start >= pos:
            out.append(m)
            pos = m.end
    return out


def _marks(lower: str, match: re.Match[str]) -> tuple[int, int]:
    """Indices of the first and last CARD marks a match spans."""
    first = lower.count("CARD", 0, match.start())
    last = first + match.group(0).count("CARD") - 1
    return first, last


def _keywords(m: CardMention) -> set[str]:
    return {a.name.casefold() for a in m.abilities() if isinstance(a, Keyword)}


def plain(m: CardMention) -> bool:
    """A creature whose blocking-relevant text is all parsed."""
    if "Creature" not in m.card.types or len(m.faces) != 1:
        return False
    if any(k in _UNMODELLED_EVASION or k.endswith("walk") for k in _keywords(m)):
        return False
    return not any(_BLOCKING_WORDS.search(line) for f in m.faces for line in f.unparsed)


def _bystander(m: CardMention) -> bool:
    """Another named card that can't change these two creatures' blocking."""
    return "Creature" in m.card.types and not any(
        _BLOCKING_WORDS.search(line) for f in m.faces for line in f.unparsed
    )


# "Grizzly Bears enchanted with Pacifism", "a creature equipped with CARD": the blocker and
# the Aura or Equipment on it, then whether it blocks (an attacker, if one is named).
_ATTACHED_BLOCKER = lazy(
    r"(?:(?P<blk>CARD)|\b(?:a|my|the|your|his|her|their|an opponent's) creature)"
    r"(?:,| that's| that is| which is| is| was| that was| being)? (?P<how>enchanted|equipped) "
    r"(?:with|by) (?:an? |my |the |his |her |their )?CARD"
    r"(?P<gap>(?:(?!CARD)[^.?!;]){0,40}?|[.!;] (?:can|could|may|is|does) it\b(?:(?!CARD)[^.?!;]){0,20}?)"
    r"(?<!be )(?<!been )(?<!being )(?<!is )(?<!was )(?<!get )(?<!gets )(?<!got )"
    r"\bblock(?:s|ed|ing)?\b(?! by)(?:(?:(?!CARD)[^.?!,;]){0,30}?(?P<att>CARD))?"
)
# The Aura or Equipment may no longer be attached when blockers are declared.
_DETACHED = (
    r"\b(destroy\w*|exile\w*|leaves?|left|sacrific\w*|bounce\w*|return\w*|dies|died|"
    r"unattach\w*|detach\w*|move[sd]?|falls? off|fell off|in response|after|then|instead|"
    r"no longer|before|phase\w*|control)\b"
)


class BlockingHandler:
    """Whether a named creature may block another named creature (CR 509.1a-b)."""

    family = "blocking"

    def scenarios(self, q: Question) -> list[Scenario]:
        if not q.has(r"\bblock"):
            return []
        attached = self._attached(q)
        if attached is not None:
            return [attached]
        if _changed(q):
            return []
        group = self._group(q) or self._described(q)
        if group is not None:
            return [group]
        if q.has(
            r"\b(both|two|multiple|several|additional|each|all|every|more than one)\b",
            r"\bhow (many|much)\b",
            r"CARD (and|or) CARD",
        ):
            return []  # several blocks at once, or not a yes/no question
        if any(m.of_kind("must_be_blocked") for m in q.cards):
            return []  # requirements are the must-be-blocked questions' part
        found = self._pair(q)
        return [found] if found is not None else []

    def _described(self, q: Question) -> Scenario | None:
        """'Can Serra Angel block a creature with flying?', 'their only creature: can it block
        Boggart Brute?': one named creature, and the other one described by its keywords."""
        if len({m.name for m in q.cards}) != 1 or not q.asks(
            r"\b(can|could|may|able|allowed|legal)\b"
        ):
            return None
        named = q.cards[0]
        if not plain(named) or named.of_kind("must_be_blocked"):
            return None
        if m := re.search(rf"CARD{_GAP}\bblock(s|ed|ing)? (?!by){_WHOSE}{_DESC}", q.asked):
            attacker = b.Attacker(name=_describe(m), **_flags(m, ("flying", "menace")))
            blocker = b.Blocker.from_permanent(_perm(named, OPPONENT))
        elif m := re.search(rf"CARD{_GAP}{_PASSIVE} {_WHOSE}{_DESC}", q.asked) or re.search(
            rf"\b{_DESC}{_GAP}\bblock(s|ed|ing)? (?!by){_GAP}CARD", q.asked
        ):
            attacker = b.Attacker.from_permanent(_perm(named, YOU))
            blocker = b.Blocker(name=_describe(m), **_flags(m, ("flying", "reach")))
        elif q.has(
            r"\b(only|just) (one|a single|1) (untapped )?(creature|blocker)\b",
            r"\b(only|sole) (untapped )?(creature|blocker)\b",
        ) and re.search(rf"\b(it|that creature|the creature|that one) block {_WHOSE}CARD", q.asked):
            attacker = b.Attacker.from_permanent(_perm(named, YOU))
            if attacker.flying or attacker.only_by:
                return None  # which creature it is decides it
            blocker = b.Blocker(name="their only creature")
        else:
            return None
        if attacker.only_by:
            return None  # the described creature's other keywords would decide it
        if (
            attacker.fewest > 1
            and blocker.name != "their only creature"
            and not q.has(r"\b(alone|by itself|on its own|single|only one|just one)\b")
        ):
            return None  # it may still block together with another creature
        declaration = {blocker.name: attacker.name}
        return Scenario(
            "blocking_can_block",
            "yesno",
            0.86,
            lambda: b.is_legal([attacker], [blocker], declaration),
            (named.name,),
        )

    def _group(self, q: Question) -> Scenario | None:
        """'Can two creatures block Boggart Brute?': how many may block it together, by its
        menace and 'can't be blocked except by' or 'by more than' restrictions (CR 509.1b)."""
        found = [m for p in _GROUP if (m := re.search(p, q.asked))]
        if len(found) != 1 or len({m.name for m in q.cards}) != 1:
            return None
        if not q.asks(r"\b(can|could|may|able|allowed|legal)\b") or q.has(
            r"\bhow (many|much)\b", r"\b(must|have to|has to|need to|needs to|required)\b"
        ):
            return None
        attacker = q.cards[0]
        if not plain(attacker) or attacker.of_kind("must_be_blocked"):
            return None
        att = b.Attacker.from_permanent(_perm(attacker, YOU))
        if att.flying or att.only_by:
            return None  # then which creatures block decides it, not how many
        n = _GROUP_SIZES[found[0]["n"]]
        blockers = [b.Blocker(name=f"blocking creature {i}") for i in range(1, n + 1)]
        declaration = {bl.name: att.name for bl in blockers}
        return Scenario(
            "blocking_group",
            "yesno",
            0.88,
            lambda: b.is_legal([att], blockers, declaration),
            (attacker.name,),
        )

    def _attached(self, q: Question) -> Scenario | None:
        """'Can a creature enchanted with Pacifism block?': the Aura's or Equipment's own
        restriction on the creature it's attached to (CR 509.1b)."""
        found = list(_ATTACHED_BLOCKER.finditer(q.lower))
        if len(found) != 1:
            return None
        m = found[0]
        if not q.asks(r"\b(can|could|may|able|allowed|let|allow)\b"):
            return None
        rest = q.lower[: m.start()] + q.lower[m.end() :]
        if (
            any(re.search(p, rest) for p in _CHANGED)
            or re.search(
                r"\b(both|two|multiple|several|each|all|every|more than one|how (many|much))\b",
                q.lower,
            )
            or re.search(_DETACHED, q.lower)
        ):
            return None
        slots = _slots(q)
        first = q.lower.count("CARD", 0, m.start())
        inside = m.group(0).count("CARD")
        blk_i = first if m["blk"] else None
        host_i = first + (1 if m["blk"] else 0)
        att_i = first + inside - 1 if m["att"] else None
        host = slots[host_i]
        kind = "Equipment" if m["how"] == "equipped" else "Aura"
        if kind not in host.card.subtypes or len(host.faces) != 1:
            return None
        if any(_BLOCKING_WORDS.search(line) for f in host.faces for line in f.unparsed):
            return None  # the Aura or Equipment does something to blocking no parser read
        blocker = slots[blk_i] if blk_i is not None else None
        attacker = slots[att_i] if att_i is not None else None
        named = [x for x in (blocker, attacker) if x is not None]
        if not all(plain(x) for x in named) or len({x.name for x in [*named, host]}) != len(
            [*named, host]
        ):
            return None
        if not all(
            _bystander(o) for o in q.cards if o.name not in {x.name for x in [*named, host]}
        ):
            return None
        host_perm = _perm(host, OPPONENT)
        if blocker is not None:
            blk = b.Blocker.from_permanent(_perm(blocker, OPPONENT), attached=(host_perm,))
        else:
            blk = b.Blocker.from_permanent(
                Permanent(name="the creature", controller=OPPONENT, types=frozenset({"Creature"})),
                attached=(host_perm,),
            )
        if blk.can_block:
            return None  # then the creature's own abilities decide, which a plain question asks
        att = (
            b.Attacker.from_permanent(_perm(attacker, YOU))
            if attacker is not None
            else b.Attacker(name="the attacking creature")
        )
        names = tuple(x.name for x in [*named, host])
        return Scenario(
            "blocking_attached_restriction",
            "yesno",
            0.88,
            lambda: b.is_legal([att], [blk], {blk.name: att.name}),
            names,
        )

    def _pair(self, q: Question) -> Scenario | None:
        slots = _slots(q)
        blocker: CardMention | None = None
        attacker: CardMention | None = None
        single = False
        if m := _ATTACKER_THEN_BLOCKER.search(q.lower):
            i, j = _marks(q.lower, m)
            attacker, blocker = slots[i], slots[j]
        elif m := _BLOCKER_THEN_ATTACKER.search(q.lower):
            i, j = _marks(q.lower, m)
            blocker, attacker = slots[i], slots[j]
        elif m := _SINGLE_BLOCKER.search(q.lower):
            attacker, single = slots[_marks(q.lower, m)[0]], True
        elif m := _ANY_BLOCK.search(q.lower):
            blocker = slots[_marks(q.lower, m)[0]]
        else:
            return None
        if blocker is not None and attacker is not None and blocker.name == attacker.name:
            return None
        named = [x for x in (blocker, attacker) if x is not None]
        if not all(plain(x) for x in named):
            return None
        if not all(_bystander(o) for o in q.cards if o.name not in {x.name for x in named}):
            return None
        att = (
            b.Attacker.from_permanent(_perm(attacker, YOU))
            if attacker is not None
            else b.Attacker(name="the attacking creature")
        )
        if attacker is None:
            # Only "can't block" decides a block against an attacker the question doesn't name.
            blk = b.Blocker.from_permanent(_perm(blocker, OPPONENT)) if blocker else None
            if blk is None or blk.can_block:
                return None
        if single or (attacker is not None and blocker is None):
            if att.only_by:
                return None  # which single creature blocks decides it
            blk = b.Blocker(name="a single creature")
        else:
            assert blocker is not None
            blk = b.Blocker.from_permanent(_perm(blocker, OPPONENT))
        if (
            att.fewest > 1
            and not single
            and not q.has(r"\b(alone|by itself|on its own|single|only one|just one)\b")
        ):
            return None  # it may still block together with another creature
        names = tuple(x.name for x in named)
        declaration = {blk.name: att.name}
        return Scenario(
            "blocking_can_block",
            "yesno",
            0.88,
            lambda: b.is_legal([att], [blk], declaration),
            names,
        )
