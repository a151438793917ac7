"""Blocking family: whether one named creature may block another, by their parsed restrictions."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.ask import lexicon
from bot.ask.question import CardMention, Question, Scenario
from bot.ask.question import permanent as _perm
from engine import blocking as b
from engine.abilities import Bestow, BlockRestriction, Keyword, MustBeBlocked, MustBlock
from engine.lazyre import lazy
from engine.model import OPPONENT, YOU, Permanent
from engine.ruling import Ruling

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


# One creature blocking several attackers: "can CARD block two attackers (at once)?".
_MULTI_SIZES = {"two": 2, "2": 2, "both": 2, "three": 3, "3": 3, "more than one": 2, "multiple": 2}
_MULTI_BLOCK = lazy(
    rf"CARD{_GAP}\bblock (?:(?P<n>two|2|three|3|more than one|multiple) (?:different |attacking |separate )?"
    r"(?:creatures|attackers|creature|attacker|of them|guys)|(?P<both>both)(?: (?:attackers|creatures|of them))?)"
    r"(?: at once| at the same time| simultaneously| in one combat| this combat)?\s*[?.!]?$"
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


def _makes_block(m: CardMention) -> bool:
    """The card makes another creature block ("target creature blocks this turn if able"):
    only the reading of that target consumes it."""
    return any(
        isinstance(a, MustBlock) and a.subject != "self" and a.subject != "each"
        for a in m.abilities()
    )


def plain(m: CardMention) -> bool:
    """A creature whose blocking-relevant text is all parsed."""
    if "Creature" not in m.card.types or len(m.faces) != 1 or _makes_block(m):
        return False
    if any(k in _UNMODELLED_EVASION or k.endswith("walk") for k in _keywords(m)):
        return False
    return not any(_BLOCKING_WORDS.search(line) for f in m.faces for line in f.unparsed)


def _bystander(m: CardMention) -> bool:
    """Another named card that can't change these two creatures' blocking."""
    return (
        "Creature" in m.card.types
        and not _makes_block(m)
        and not any(_BLOCKING_WORDS.search(line) for f in m.faces for line in f.unparsed)
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
        if not q.has(r"\b(block|chump)"):
            # "How many cards does he draw off Nessian Boar?" says no "block".
            counted = _trigger_count(q)
            return [counted] if counted is not None else []
        # "[Canopy Stalker]": a name in brackets is the name alone.
        q = replace(q, lower=_BRACKETED.sub("CARD", q.lower), asked=_BRACKETED.sub("CARD", q.asked))
        if not q.has(r"(?<!not )(?<!n't )\bbestow"):
            q = replace(q, cards=[_unbestowed(m) for m in q.cards])
        typed = _typed_requirement(q)
        if typed is not None:
            return [typed]
        counted = _trigger_count(q)
        if counted is not None:
            return [counted]
        required = _requirement_scenario(q)
        if required is not None:
            return [required]
        attached = self._attached(q)
        if attached is not None:
            return [attached]
        if _changed(q):
            return []
        group = self._multi(q) or self._group(q) or self._described(q)
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

    def _multi(self, q: Question) -> Scenario | None:
        """'Can Night Market Guard block two attackers?': one creature blocking several, by
        its 'can block an additional creature' abilities (CR 509.1a)."""
        m = _MULTI_BLOCK.search(q.asked)
        if m is None or len({c.name for c in q.cards}) != 1:
            return None
        if not q.asks(r"\b(can|could|may|able|allowed|legal)\b") or q.has(
            r"\bhow (many|much)\b", r"\b(must|have to|has to|need to|needs to|required)\b"
        ):
            return None
        named = q.cards[0]
        if not _plain_blocker(named):
            return None
        n = _MULTI_SIZES.get(m["n"] or "two", 2)
        blocker = b.Blocker.from_permanent(_perm(named, OPPONENT))
        if not blocker.can_block or blocker.blocks_only:
            return None  # then which attackers they are decides it
        attackers = [b.Attacker(name=f"attacking creature {i}") for i in range(1, n + 1)]
        declaration = {blocker.name: tuple(a.name for a in attackers)}
        return Scenario(
            "blocking_several_attackers",
            "yesno",
            0.88,
            lambda: b.is_legal(attackers, [blocker], declaration),
            (named.name,),
        )

    def _described(self, q: Question) -> Scenario | None:
        """'Can Serra Angel block a creature with flying?', 'their only creature: can it block
        Boggart Brute?': one named creature, and the other one described by its keywords."""
        if len({m.name for m in q.cards}) != 1 or not q.asks(
            r"\b(can|could|may|able|allowed|legal)\b"
        ):
            return None
        named = q.cards[0]
        if named.of_kind("must_be_blocked"):
            return None
        as_blocker = re.search(rf"CARD{_GAP}\bblock(s|ed|ing)? (?!by){_WHOSE}{_DESC}", q.asked)
        if not plain(named) and not (as_blocker and _plain_blocker(named)):
            return None
        if m := as_blocker:
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
            if attacker.flying or attacker.only_by or attacker.by_power:
                return None  # which creature it is decides it
            blocker = b.Blocker(name="their only creature")
        else:
            return None
        if attacker.only_by or attacker.by_power:
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
        if att.flying or att.only_by or att.by_power:
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
        if q.has(
            r"\bblock\w*\b[^.?!]*\b(?:with|alongside|together with|along with) (?:my |his |her |their |the |an? )?CARD",
            r"\bCARD (?:and|&) (?:my |his |her |their |the )?CARD (?:\w+ )?block",
            r"\b(?:double|triple|gang)[- ]?block",
        ):
            return None  # several creatures blocking together: each of them decides it
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
            if att.only_by or att.by_power:
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


_BRACKETED = lazy(r"\[+CARD\]+")


def _unbestowed(m: CardMention) -> CardMention:
    """A card with bestow the text doesn't bestow is a creature: its 'Enchanted creature ...'
    lines don't apply (CR 702.103)."""
    if not any(isinstance(a, Bestow) for a in m.abilities()):
        return m
    faces = tuple(
        f.model_copy(
            update={
                "unparsed": tuple(x for x in f.unparsed if not x.startswith("Enchanted creature"))
            }
        )
        for f in m.faces
    )
    return replace(m, faces=faces)


# -- requirements on a described position (CR 509.1c) ---------------------------------------

# Combat rules beyond declaring blockers, and changes the position read here can't hold.
_UNMODELLED_REQUIREMENT = lazy(
    r"\b(damage|assign\w*|trample\w*|deathtouch\w*|first strike|double strike|lifelink|hexproof|"
    r"shroud|ward|protection|indestructible|unblockable|can'?t be blocked|instant|in response|"
    r"after (blockers|blocks)|second combat|additional combat|extra combat|planeswalkers?|"
    r"battles?|players|power|toughness|untap|untaps|untapping|pay\w*|costs?|goad\w*|flash|"
    r"gains?|gained|gets|got(?! (?:\d+|one|two|three|four|five|six|a single|an?) (?:untapped |tapped )?"
    r"(?:creatures?|blockers?|guys?|dudes?)\b)|loses?|lost|becomes?|became|copy|copies|counters?|"
    r"phase\w*|regenerat\w*|sacrific\w*|destroy\w*|exile\w*|bounce\w*|dies|died|"
    r"horsemanship|shadow|fear|intimidate|skulk|\w+walk|defender|vigilance|"
    r"equip\w*|attach\w*|tokens?|copy|clone)\b|\+\d|-\d/|(?<!\d)/[+-]?\d|/[+-]\d",
)
_ATTACK = lazy(r"\b(attack\w*|swing\w*|swung|send\w*|comes? at)\b")
_WHOSE_REQ = r"(?:an? |the |my |his |her |their |your |its |an opponent's |my opponent's |opponent's |opp's )?"
_NOUN = r"(?:creature|attacker|guy|dude|one|token|flier|flyer)"
# The defending player's creatures as the text counts them.
_NUM = r"(\d+|one|two|three|four|five|six|a single|an|a)"
# Words that say a counted creature is a plain one.
_PLAIN_ADJ = r"(?:(?:vanilla|ground|plain|regular|normal|random|non-?flying) ){0,2}"
_DEFENDER_COUNT = lazy(
    r"\b(?P<who>i|he|she|they|my opponent|the opponent|opponent|opp|(?:the )?defending player|we)"
    r"(?:'ve|'s)?(?: only| just)? (?:has|have|had|control|controls|controlled|got)(?: only| just| exactly)? "
    rf"{_NUM} (?P<untapped>untapped |potential |possible |open )?{_PLAIN_ADJ}(?:creatures?|blockers?|guys?|dudes?)\b"
    r"|\b(?P<who2>my|his|her|their|opponent's|my opponent's) (?:only |sole )?"
    rf"{_NUM} (?:untapped |potential |possible )?(?:creatures|blockers|guys)\b"
    r"|\b(?:even )?though (?P<who3>he|she|they|i|my opponent) (?:had|has|have) "
    rf"{_NUM}(?: untapped)?(?: creatures| blockers| ones)?\b"
    r"|,? (?P<who4>he|she|they|i|my opponent) (?:had|has|have) "
    rf"{_NUM} untapped(?: creatures| blockers| ones)?\b(?! CARD)"
)
_DEFENDER_ONLY = lazy(
    # "attacks with their only creature" counts the attacking player's creatures.
    r"(?<!attacks with )(?<!attacked with )(?<!attack with )(?<!swings with )(?<!swung with )"
    r"\b(?P<who>my|his|her|their|opponent's|my opponent's) only (?:untapped )?(?:creature|blocker|guy)"
    r"(?P<tapped> is tapped| was tapped)?"
)
_NO_FLYERS = lazy(
    r"\bno (?:flying|flyers?|fliers?|reach)\b|\bground (?:guys|creatures|dudes)\b|"
    r"\b(?:none|neither) of (?:them|my creatures|their creatures) (?:has|have) (?:flying|reach)\b|"
    r"\bwithout (?:flying|reach)\b|\bnone (?:of them )?(?:with|has|have) (?:flying|reach)\b"
)
_ME = frozenset({"i", "my", "we"})
_COUNTED_SAID = lazy(
    rf"\b{_NUM} (?:untapped )?(?:creatures?|blockers?|guys?) (?:with|that has|that have|having|who has) "
    r"(?:flying|reach)\b"
)
# A creature the text doesn't name that must be blocked: "my creature must be blocked if
# able", "a creature that has to be blocked attacks".
_GENERIC_REQ = lazy(
    r"\b(?P<whose>my|your|his|her|their|opponent's|my opponent's|an?|the) (?:attacking )?"
    r"(?:creature|attacker)(?: (?:that|which))? (?:must|has to|needs to|(?:is )?(?:forced|required) to)"
    r" be blocked\b|\bmakes? (?P<whose2>my|his|her|their|an?|the) (?:attacking )?creature "
    r"(?:have to|has to|must) be blocked\b"
)
_CARD = lazy(r"CARD")
_FLIER_HOST = lazy(
    r"(?:'s)?(?: [a-z]+){0,3}? (?:makes|made|targets|targeted|targeting|gives|gave|hits|hit|is on|went on|"
    r"on|onto) (?:an? |the |my |his |her |their |your )?(?:attacking )?(?:flier|flyer|flying creature|"
    r"(?:creature|attacker|guy|dude),? (?:(?:with|that has|that's got|which has) flying|that can fly|"
    r"that flies))\b"
)


class _Side:
    """What the text says of one attacker: its engine value and how the question may name it."""

    def __init__(
        self,
        attacker: b.Attacker,
        mention: CardMention | None,
        source: str = "",
        provoker: bool = False,
    ) -> None:
        self.attacker = attacker
        self.mention = mention
        self.source = source  # the card whose requirement it carries, when not its own
        self.provoker = provoker

    @property
    def required(self) -> bool:
        a = self.attacker
        return (
            self.provoker
            or a.must_be_blocked
            or a.by_all
            or a.at_least > 1
            or a.blocked_by_type is not None
        )


def _mention_at(q: Question, index: int) -> CardMention:
    return _slots(q)[index]


def _card_index(lower: str, pos: int) -> int:
    return lower.count("CARD", 0, pos)


def _host_of(q: Question, i: int, m: CardMention) -> tuple[str, int | None] | None:
    """Where the requirement card at CARD mark ``i`` goes: a named creature (its mark) or a
    creature the text doesn't name (None); None when the text doesn't say."""
    lower = q.lower
    starts = [x.start() for x in _CARD.finditer(lower)]
    at = starts[i]
    before, after = lower[max(0, at - 60) : at], lower[at + 4 : at + 64]
    kinds = {a.subject for a in m.of_kind("must_be_blocked") if isinstance(a, MustBeBlocked)}
    if "self" in kinds and "Creature" in m.card.types:
        return ("self", i)
    link = r"(?:on|onto|to|at|targeting|attached to)"
    # "Lure is on my opponent's Serra Angel", "cast Irresistible Prey on my Boggart Brute".
    if re.match(rf"\s*(?:is |was |goes |went )?{link} {_WHOSE_REQ}(?:attacking )?CARD", after):
        return ("named", i + 1)
    # "my Serra Angel enchanted with Lure", "targeted my Boggart Brute with Irresistible Prey".
    if re.search(
        r"CARD,?(?: (?:that's|that is|which is|is|was|being))? (?:enchanted|equipped|targeted) (?:with|by) (?:an? |the )?$",
        before,
    ) or re.search(rf"\btarget(?:ed|s)? {_WHOSE_REQ}CARD with (?:an? |the )?$", before):
        return ("named", i - 1)
    # "my Goblin Fire Fiend has menace from a bestowed Purphoros's Emissary".
    if re.search(
        r"CARD (?:has|gets|got|gains|gained) (?:[\w+/-]+ ){1,3}from (?:an? |the |my |his |her |their )?"
        r"(?:bestowed )?$",
        before,
    ):
        return ("named", i - 1)
    # "their Serra Angel has Lure on it".
    if re.search(r"CARD (?:has|with) (?:an? |the )?$", before) and re.match(r"\s*on it\b", after):
        return ("named", i - 1)
    # "Goldenhide Ox's trigger makes my creature ...", "Goldenhide Ox targets a creature".
    if "target" in kinds and re.match(
        rf"\s*(?:'s )?(?:constellation )?(?:triggered ability|trigger|ability )?\s*(?:makes|made|targets|"
        rf"targeted|targeting|gives|gave|hits|hit|is on|went on) {_WHOSE_REQ}(?:attacking )?{_NOUN}\b",
        after,
    ):
        return ("generic", None)
    # "a creature enchanted by Lure", "the Lure creature", "cast Irresistible Prey on their attacker".
    if (
        re.search(
            rf"\b{_NOUN},?(?: (?:that's|that is|which is|is|was|being))? (?:enchanted|equipped|targeted) (?:with|by) (?:an? |the )?$",
            before,
        )
        or re.match(rf"\s*(?:-enchanted |-equipped |'d |ed )?{_NOUN}\b", after)
        or re.match(rf"\s*(?:is |was |goes |went )?{link} {_WHOSE_REQ}(?:\w+ )?{_NOUN}\b", after)
        or re.search(rf"\b{_NOUN} with (?:an? |the )?$", before)
    ):
        return ("generic", None)
    return None


def _who(word: str) -> str:
    return YOU if word in _ME else OPPONENT


class _Position:
    """Attackers and the defending player's creatures, as the question describes them."""

    def __init__(
        self,
        sides: list[_Side],
        blockers: tuple[str, list[list[b.Blocker]]],
        provoked: CardMention | None = None,
        unknown: str = "",
        named: tuple[str, ...] = (),
    ) -> None:
        # A fact the ruling needs that the text doesn't state.
        self.unknown = unknown
        # The defending player's creatures the text names (each line-up starts with them).
        self.named = named
        self.sides = sides
        self.blockers = blockers
        # The creature a provoke trigger targeted, when the text names it.
        self.provoked = provoked

    @property
    def attackers(self) -> list[b.Attacker]:
        return [s.attacker for s in self.sides]


def _read_position(q: Question) -> _Position | None:
    """The combat the text describes, when every named card and count in it is accounted for."""
    lower = q.lower
    slots = _slots(q)
    defender = _defending(q)
    if len(slots) != len(q.cards) or defender is None:
        return None
    sides: list[_Side] = []
    used: set[int] = set()
    readable, provoke = _read_provoke(q, slots, defender)
    if not readable:
        return None
    if provoke is not None:
        provoked_at = provoke[1]
        if provoked_at is not None:
            used.add(provoked_at)
    # "my only untapped creature has Pacifism on it": the Aura's restriction on the lone blocker.
    pinned = _pinned_blocker(q, slots)
    if pinned is not None:
        used.add(pinned[0])
    # "I cast Culling Mark on their creature": a spell whose target blocks this turn if able.
    marked = _marked_blocker(q, slots)
    if marked is False:
        return None
    if marked is not None:
        used.add(marked)
    # "All creatures block each combat if able" (Grand Melee): a requirement on every blocker.
    everyone = {m.name for m in slots if _everyone_blocks(m)}
    for i, m in enumerate(slots):
        if m.name in everyone:
            if "Creature" in m.card.types or len(m.faces) != 1:
                return None  # it may be an attacker or a blocker itself
            if any(_BLOCKER_WORDS.search(line) for f in m.faces for line in f.unparsed):
                return None
            used.add(i)
    for i, m in enumerate(slots):
        if not m.of_kind("must_be_blocked") or i in used:
            continue
        if any(s.source == m.name or (s.mention and s.mention.name == m.name) for s in sides):
            used.add(i)  # named again: "the Lure creature" is the one it enchants
            continue
        if any(
            _REQUIRER_WORDS.search(line)
            and not _BLOCK_TRIGGER.match(line)
            and not _PT_BOOST.match(line)
            for f in m.faces
            for line in f.unparsed
        ):
            return None  # the card does something else to blocking no parser read
        where = _host_of(q, i, m)
        if where is None:
            return None
        how, at = where
        used.add(i)
        if how == "generic":
            # "made my flier 'must be blocked'": the creature the text describes flies.
            flier = _FLIER_HOST.match(lower[[x.end() for x in _CARD.finditer(lower)][i] :])
            perm = Permanent(
                name=f"the creature with {m.name}",
                controller=YOU,
                types=frozenset({"Creature"}),
                abilities=(Keyword(text="Flying", name="Flying"),) if flier else (),
            )
            host: Permanent | None = _perm(m, YOU)
        else:
            assert at is not None
            if not 0 <= at < len(slots) or (at in used and how != "self"):
                return None
            target = slots[at]
            if "Creature" not in target.card.types or not _plain_requirer(target):
                return None
            whose = _whose(lower, at)
            if whose == defender:
                return None  # the defending player's creature: it may be a blocker
            if how == "self" and whose is None and not _ATTACK.search(_sentence_around(lower, at)):
                return None  # a creature the text doesn't say attacks
            used.add(at)
            perm = _perm(target, YOU)
            host = None if how == "self" else _perm(m, YOU)
        attacker = _with_requirement(perm, host)
        if attacker is None:
            return None
        copies = _copies(lower, i) if how == "self" else 1
        if copies > 1:
            # "2 Prized Unicorns attack": each copy is an attacker with the requirement.
            for k in range(1, copies + 1):
                copy = attacker.model_copy(update={"name": f"{attacker.name} {k}"})
                sides.append(_Side(copy, slots[at] if at is not None else None, m.name))
            continue
        sides.append(_Side(attacker, slots[at] if at is not None else None, m.name))
    if not any(s.required for s in sides) and _GENERIC_REQ.search(lower):
        sides.append(_Side(b.Attacker(name="your attacking creature", must_be_blocked=True), None))
    # "Frenzied Rage is on my Gaea's Protector": keywords an Aura or Equipment grants the
    # attacker it's on, applied once every attacker is read.
    grants: list[tuple[int, frozenset[str]]] = []
    for i, m in enumerate(slots):
        bestowed = _bestowed_at(q, m)
        if (
            i in used
            or m.of_kind("must_be_blocked")
            or ("Creature" in m.card.types and not bestowed)
        ):
            continue
        given = _granted(m, bestowed)
        if given is None:
            continue
        where = _host_of(q, i, m)
        if where is None or where[0] != "named" or where[1] is None:
            return None
        used.add(i)
        grants.append((where[1], given))
    if (
        _LURED.search(lower)
        and _ATTACK.search(lower)
        and not any(s.attacker.by_all for s in sides)
        and not any(m.name == "Lure" for m in slots)
    ):
        # "A lured creature attacks": the Lure isn't named, its requirement is.
        sides.append(_Side(b.Attacker(name="the lured creature", by_all=True), None))
    # The defending player's named creatures: blockers, each mention of them.
    theirs = {
        m.name
        for i, m in enumerate(slots)
        if i not in used and (_whose(lower, i) == defender or _held_by(lower, i) == defender)
    }
    named: list[b.Blocker] = []
    for i, m in enumerate(slots):
        if i in used or m.name not in theirs:
            continue
        if provoke is not None or not _plain_blocker(m):
            return None
        used.add(i)
        if all(bl.name != m.name for bl in named):
            named.append(b.Blocker.from_permanent(_perm(m, defender)))
    # Other attackers: named plain creatures said to attack, and "another creature".
    for i, m in enumerate(slots):
        if i in used:
            continue
        if any(s.mention and s.mention.name == m.name for s in sides):
            continue  # the same attacker, named again
        if provoke is not None and provoke[1] is not None and slots[provoke[1]].name == m.name:
            continue  # the provoked creature, named again
        sentence = _sentence_around(lower, i)
        if (
            "Creature" not in m.card.types
            or not plain(m)
            or not _ATTACK.search(sentence)
            or (_BLOCK_SIDE.search(sentence) and not _attacks_with(lower, i))
            or _whose(lower, i) == defender
        ):
            return None  # a named card the position doesn't place
        used.add(i)
        provoker = provoke is not None and i == provoke[0]
        sides.append(_Side(b.Attacker.from_permanent(_perm(m, YOU)), m, provoker=provoker))
    if lazy(r"\b(another|other|a second|one more) (creature|attacker|guy|dude)\b").search(lower):
        sides.append(_Side(b.Attacker(name="the other attacker"), None))
    for pt in _PT_ATTACKER.finditer(lower):
        clause = lower[max(0, lower.rfind(".", 0, pt.start()) + 1) : pt.end()]
        if not _ATTACK.search(clause) or _BLOCK_SIDE.search(clause):
            return None  # a creature the position doesn't place
        what = pt["pt"]
        flyer = what in ("flyer", "flier", "flying creature") or bool(pt["fly"])
        sides.append(_Side(b.Attacker(name=f"the {what}", flying=flyer), None))
    for at, given in grants:
        host_name = slots[at].name if 0 <= at < len(slots) else None
        on = [s for s in sides if s.mention is not None and s.mention.name == host_name]
        if len(on) != 1:
            return None  # the Aura is on a creature the position doesn't attack with
        side = on[0]
        keyed = {k: True for k in ("flying", "menace") if k in given}
        side.attacker = side.attacker.model_copy(update=keyed)
    lone = _ONE_ATTACKER.search(lower)
    if lone is not None and not sides:
        # "attacks with their only creature (no evasion)": one attacker with nothing of its own.
        sides = [_Side(b.Attacker(name="the attacking creature"), None)]
    plural = _PLURAL_ATTACK.search(lower)
    if plural is not None:
        if sides:
            return None  # which of them the counted ones are isn't read
        # "opp attacks with two creatures": attackers with nothing of their own.
        n = _count_of(plural["n"]) or 0
        sides = [_Side(b.Attacker(name=f"attacking creature {k}"), None) for k in range(1, n + 1)]
    names = [s.attacker.name for s in sides]
    if len(set(names)) != len(names) or len(sides) > 3:
        return None
    if (
        not any(s.required for s in sides)
        and provoke is None
        and not everyone
        and marked is None
        and not any(bl.must_block for bl in named)
    ):
        return None  # no requirement to read
    provoked: CardMention | None = None
    if provoke is None:
        blockers = _read_blockers(q)
        if blockers is None and not named and pinned is None and _uncounted(q):
            # The text doesn't count the defending player's creatures: one to three plain
            # ones, and a ruling must hold for each.
            plainly = [b.Blocker(name=f"their creature {i}") for i in (1, 2, 3)]
            blockers = defender, [plainly[:k] for k in (1, 2, 3)]
    else:
        provoking = next((s.attacker.name for s in sides if s.provoker), None)
        if provoking is None:
            return None
        provoked = slots[provoke[1]] if provoke[1] is not None else None
        if provoked is not None and not _bystander(provoked):
            return None
        blockers = _provoked_lineups(q, provoked, provoking, defender)
    if named:
        blockers = _with_named(q, blockers, named, defender)
    if blockers is None:
        return None
    if pinned is not None:
        owner, lineups = blockers
        if any(len(lu) != 1 for lu in lineups) or named:
            return None
        aura = pinned[1]
        blockers = (
            owner,
            [
                [lu[0].model_copy(update={"can_block": False, "restricted_by": aura})]
                for lu in lineups
            ],
        )
    aimed = _marked_name(q, slots, marked) if marked is not None else None
    if aimed is not None:
        owner, lineups = blockers
        if provoke is not None or pinned is not None or aimed not in {bl.name for bl in named}:
            return None
        blockers = (
            owner,
            [
                [
                    bl.model_copy(update={"must_block": True}) if bl.name == aimed else bl
                    for bl in lu
                ]
                for lu in lineups
            ],
        )
    elif marked is not None:
        owner, lineups = blockers
        if named or provoke is not None or pinned is not None:
            return None  # which creature the spell targeted isn't read
        # Their creatures are alike, so the target may be any one of them.
        blockers = (
            owner,
            [
                [
                    lu[0].model_copy(update={"must_block": True, "name": "the targeted creature"}),
                    *lu[1:],
                ]
                for lu in lineups
            ],
        )
    if everyone:
        owner, lineups = blockers
        blockers = (
            owner,
            [[bl.model_copy(update={"must_block": True}) for bl in lu] for lu in lineups],
        )
    # Named creatures' keywords are their cards'; unnamed others may be tried with and
    # without reach, and then the ruling holds either way.
    varied = any(
        bl.reach and bl.name.startswith("their other creature") for lu in blockers[1] for bl in lu
    )
    flyers_said = (
        bool(_NO_FLYERS.search(lower))
        or bool(_COUNTED_SAID.search(lower))
        or (bool(named) and (varied or all(len(lu) == len(named) for lu in blockers[1])))
    )
    if lazy(r"\b(flying|flyers?|fliers?|reach)\b").search(lower) and not flyers_said:
        return None  # which creatures fly decides it, and the text says it some other way
    if any(s.attacker.only_by or s.attacker.by_power for s in sides):
        return None  # which creatures have those keywords, or what power, decides it
    if any(s.attacker.by_all_with[:1].isupper() for s in sides):
        return None  # which creatures are of the type it names isn't read
    if any(s.attacker.flying or s.attacker.by_all_with for s in sides) and not flyers_said:
        unknown = "whether their creatures have flying or reach"
        return _Position(sides, blockers, provoked, unknown=unknown)
    unnamed = [i for i, s in enumerate(sides) if s.mention is None]
    if (
        _MENACE_SAID.search(lower)
        and len(unnamed) == 1
        and len(sides) == 1
        and not sides[0].attacker.menace
    ):
        sides[0] = _Side(
            sides[0].attacker.model_copy(update={"menace": True}), None, sides[0].source
        )
    if lazy(r"\bmenace\b").search(lower) and not any(s.attacker.menace for s in sides):
        return None
    if any(s.attacker.blocked_by_type for s in sides):
        return None  # which blockers are of that type is not read from the text
    return _Position(sides, blockers, provoked, named=tuple(bl.name for bl in named))


_MARKED_AFTER = lazy(
    r"^\s*(?:(?:kicked|unkicked|with kicker) )?(?:on|at|targeting) (?:his |her |their |the |an? |my opponent's |opponent's |opp's )"
    r"(?:only |one |untapped )?(?:creature|guy|blocker|dude)\b"
    r"|^\s*(?:on|at|targeting) (?:his |her |their |my opponent's |opponent's |opp's )(?P<named>CARD)"
)


def _marked_name(q: Question, slots: list[CardMention], at: int) -> str | None:
    """The named creature the spell at CARD mark ``at`` was cast on ("on their Grizzly Bears")."""
    end = [x.end() for x in _CARD.finditer(q.lower)][at]
    m = _MARKED_AFTER.match(q.lower[end:])
    return slots[at + 1].name if m is not None and m["named"] else None


def _marked_blocker(q: Question, slots: list[CardMention]) -> int | bool | None:
    """The CARD mark of an instant or sorcery whose target blocks this turn if able, cast on
    one of the defending player's creatures the text doesn't name; None when no such card is
    named, False when one is but the text isn't read."""
    lower = q.lower
    ends = [x.end() for x in _CARD.finditer(lower)]
    found: list[int] = []
    for i, m in enumerate(slots):
        makes = [a for a in m.abilities() if isinstance(a, MustBlock) and a.subject == "target"]
        if not makes:
            continue
        if not m.card.types & {"Instant", "Sorcery"} or len(m.faces) != 1:
            return False
        if any(a.kind in ("kicker", "if_kicked") for a in m.abilities()) or any(
            _BLOCKER_WORDS.search(line) or lazy(r"\b(gains?|gets)\b").search(line)
            for f in m.faces
            for line in f.unparsed
        ):
            return False  # something else it does to the creature isn't read
        if not _MARKED_AFTER.match(lower[ends[i] :]):
            return False
        found.append(i)
    if len(found) > 1:
        return False
    return found[0] if found else None


# A requirement card's unparsed lines that may change who can block whom ("When it dies,
# you gain 1 life" doesn't).
_REQUIRER_WORDS = lazy(
    r"\b(block\w*|flying|reach|menace|horsemanship|shadow|fear|intimidate|skulk|\w+walk|"
    r"protection|evasion|can'?t|power|toughness|gets|get|has|have|gains?(?! \d+ life)|loses?)\b|[+-]\d"
)
# "Enchanted creature gets +1/+1.": an attacker's power decides no block (CR 509.1b-c).
_PT_BOOST = lazy(r"^(?:Enchanted|Equipped) creature gets [+-]\d+/[+-]\d+\.$")
_LURED = lazy(
    r"\blured (?:creature|attacker|guy|dude|one)\b|\b(?:has|with|and|\+) lure (?:on it|attached)\b"
)
# The unnamed attacker's menace: "the attacker has menace and lure on it", "menace + Lure".
_MENACE_SAID = lazy(
    r"\b(?:attacker|creature|it|guy|one) (?:has|with|that has|having) (?:\w+ and )?menace\b"
    r"|\bmenace (?:\+|and|&) (?:CARD|lure)\b|\b(?:CARD|lure) (?:\+|and|&) menace\b"
)
# "I have an untapped CARD", "my only untapped creature is CARD": whose the creature is.
_HAS_BEFORE = lazy(
    r"\b(?P<who>i|we|he|she|they|my opponent|opponent|opp)(?: only| just| still)? "
    r"(?:have|has|had|control|controls|controlled|got)(?: only| just)? "
    r"(?:an? |one |my |his |her |their )?(?:untapped |single |lone )?$"
    r"|\b(?P<whose>my|his|her|their|opponent's|my opponent's) (?:only |sole |one )?(?:untapped )?"
    r"(?:creature|blocker|guy) (?:is|was) (?:an? )?(?:untapped )?$"
)
# A blocker's unparsed lines that may change whom it can block.
_BLOCKER_WORDS = lazy(r"\b(block\w*|flying|reach|menace|shadow|horsemanship|can'?t|protection)\b")


def _held_by(lower: str, index: int) -> str | None:
    """Whose creature the words before CARD mark ``index`` say it is ("I have an untapped")."""
    at = [x.start() for x in _CARD.finditer(lower)][index]
    m = _HAS_BEFORE.search(lower[max(0, at - 50) : at])
    if m is None:
        return None
    return _who(m["who"] or m["whose"])


_PINNED_BEFORE = lazy(
    r"\b(?:my|his|her|their) only (?:untapped )?(?:creature|blocker|guy) (?:has|with|is enchanted with|"
    r"is equipped with|enchanted with|equipped with) (?:an? |the )?$"
)


def _pinned_blocker(q: Question, slots: list[CardMention]) -> tuple[int, str] | None:
    """The CARD mark and name of an Aura or Equipment saying its creature can't block, on the
    defending player's only creature."""
    lower = q.lower
    starts = [x.start() for x in _CARD.finditer(lower)]
    found = []
    for i, m in enumerate(slots):
        if not _PINNED_BEFORE.search(lower[max(0, starts[i] - 60) : starts[i]]):
            continue
        kind = "equipped" if "Equipment" in m.card.subtypes else "enchanted"
        if len(m.faces) != 1 or not any(
            isinstance(a, BlockRestriction) and a.cant_block and a.subject == kind
            for a in m.abilities()
        ):
            return None
        if any(_BLOCKER_WORDS.search(line) for f in m.faces for line in f.unparsed):
            return None
        found.append((i, m.name))
    if len(found) != 1 or sum(1 for m in slots if m.name == found[0][1]) != 1:
        return None
    return found[0]


# "Enchanted creature gets +2/+1 and has menace.": keywords an Aura or Equipment grants.
_GRANT = lazy(
    r"^(?:Enchanted|Equipped) creature (?:gets [+-]\d+/[+-]\d+ and )?(?:has|gains) "
    r"(?P<kws>[a-z ,]+?)\.$"
)
# Keywords that don't change which blocks are legal, and the two that do.
_GRANTABLE = frozenset(
    {"menace", "flying", "trample", "haste", "vigilance", "lifelink", "deathtouch", "first strike"}
    | {"double strike", "indestructible", "reach"}
)


def _bestowed_at(q: Question, m: CardMention) -> bool:
    """A card with bestow that the text says was bestowed, or names "bestowed" right before."""
    if not any(isinstance(a, Bestow) for a in m.abilities()):
        return False
    before = q.text[max(0, m.start - 30) : m.start].casefold()
    return bool(
        re.search(r"\bbestow(ed|s|ing)? (?:an? |the |my |his |her |their )?$", before)
    ) or bool(re.match(r"\s*(?:is |was )?bestowed\b", q.text[m.end : m.end + 20].casefold()))


def _granted(m: CardMention, bestowed: bool = False) -> frozenset[str] | None:
    """The keywords an Aura or Equipment (or a card cast bestowed, an Aura then, CR 702.103b)
    whose other text is all parsed grants; None when it isn't one, or says anything else."""
    if len(m.faces) != 1 or not (m.card.subtypes & {"Aura", "Equipment"} or bestowed):
        return None
    given: set[str] = set()
    for line in m.faces[0].unparsed:
        if _PT_BOOST.match(line):
            continue
        g = _GRANT.match(line)
        if g is None:
            return None
        words = {w.strip() for w in re.split(r",| and ", g["kws"]) if w.strip()}
        if not words <= _GRANTABLE:
            return None
        given |= words
    if any(isinstance(a, (MustBeBlocked, BlockRestriction, MustBlock)) for a in m.abilities()):
        return None
    return frozenset(given) if given else None


_PLURAL_ATTACK = lazy(
    r"\b(?:attacks?|attacked|swings?|swung)(?: me| at me)? with (?P<n>two|2|three|3) "
    r"(?:vanilla |plain |ground |other )?(?:creatures|attackers|guys|dudes)\b"
    # "two creatures that must be blocked", "two creatures, one with flying": more is said.
    r"(?! (?:that|which|with|enchanted|equipped|wearing|having|who)\b)(?!,? one\b)(?!:)"
)
_ONE_ATTACKER = lazy(
    r"\b(?:attacks?|attacked|swings?|swung)(?: me| at me)? with (?:their|his|her|my|a|an|one) "
    r"(?:only |single |lone )?(?:vanilla |plain |ground |non-?flying )?(?:creature|attacker|guy|dude)\b"
    r"(?! (?:that|which|with|enchanted|equipped|wearing|having|who)\b)(?!,? one\b)(?!:)"
)
_COPIES = lazy(r"\b(?P<n>two|2|three|3)\s*$")


def _copies(lower: str, index: int) -> int:
    """How many of the card at CARD mark ``index`` the count before it says ("2 Prized Unicorns")."""
    at = [x.start() for x in _CARD.finditer(lower)][index]
    m = _COPIES.search(lower[max(0, at - 8) : at])
    return (_count_of(m["n"]) or 1) if m else 1


def _everyone_blocks(m: CardMention) -> bool:
    return any(isinstance(a, MustBlock) and a.subject == "each" for a in m.abilities())


def _plain_requirer(m: CardMention) -> bool:
    """An attacking creature whose text about being blocked is all parsed."""
    if "Creature" not in m.card.types or len(m.faces) != 1 or _makes_block(m):
        return False
    if any(k in _UNMODELLED_EVASION or k.endswith("walk") for k in _keywords(m)):
        return False
    return not any(
        _REQUIRER_WORDS.search(line) and not _BLOCK_TRIGGER.match(line)
        for f in m.faces
        for line in f.unparsed
    )


def _plain_blocker(m: CardMention) -> bool:
    """A creature whose text about blocking is all parsed."""
    if "Creature" not in m.card.types or len(m.faces) != 1 or _makes_block(m):
        return False
    if "shadow" in _keywords(m):
        return False
    return not any(
        _BLOCKER_WORDS.search(line) and not _BLOCK_TRIGGER.match(line)
        for f in m.faces
        for line in f.unparsed
    )


# "Whenever this creature blocks, it gets +1/+1", "Whenever this creature becomes blocked by a
# creature, ...": it triggers once blocks are declared, so it changes nothing about which
# blocks are legal.
_BLOCK_TRIGGER = lazy(
    r"^Whenever (?:this creature|it) (?:blocks(?: (?:a creature|two or more creatures))?|becomes "
    r"blocked(?: by (?:a creature|one or more creatures|two or more creatures))?), "
    r"(?:(?!\b(?:can|can't|must|block)\b)[^.])*\.$"
)


def _with_named(
    q: Question,
    counted: tuple[str, list[list[b.Blocker]]] | None,
    named: list[b.Blocker],
    defender: str,
) -> tuple[str, list[list[b.Blocker]]] | None:
    """The line-ups with the named creatures first: in place of counted ones, else with none
    to two others beside them."""
    if lazy(r"(?<!un)tapped\b").search(q.lower) and counted is None:
        return None  # which creature is tapped isn't read
    if counted is None:
        if _DEFENDER_COUNT.search(q.lower) or _DEFENDER_ONLY.search(q.lower):
            return None
        others = [b.Blocker(name=f"their other creature {i}") for i in (1, 2)]
        # The others may have reach: a ruling must hold either way.
        reaching = [bl.model_copy(update={"reach": True}) for bl in others]
        return defender, [
            *([*named, *others[:k]] for k in (0, 1, 2)),
            *([*named, *reaching[:k]] for k in (1, 2)),
        ]
    owner, lineups = counted
    if owner != defender:
        return None
    out: list[list[b.Blocker]] = []
    for lineup in lineups:
        if len(lineup) < len(named) or any(bl.tapped or not bl.can_block for bl in lineup):
            return None
        out.append([*named, *lineup[len(named) :]])
    return defender, out


# "provoke their Grizzly Bears", "provoked his creature", "target their creature with provoke".
_PROVOKED = lazy(
    r"(?<!the )(?<!that )(?<!a )\bprovok(?:e|es|ed|ing) (?:their |his |her |the |a |an |one of (?:their|his|her|my) |"
    r"my opponent's |opponent's |my (?:only |sole )?(?:untapped )?)?(?:tapped )?(?:ground )?(?P<what>CARD|creatures?|blocker|guy)\b"
    # "its provoke targeted my tapped creature"
    r"|\bprovoke(?: trigger| ability)? (?:targets|targeted|targeting|hits|hit) (?:their |his |her |the |a |an |my "
    r"|my opponent's |opponent's )?(?:tapped |untapped )?(?P<what3>CARD|creature|blocker|guy)\b"
    r"|\btarget(?:s|ed|ing)? (?:their |his |her |my opponent's |opponent's )?(?P<what2>CARD|creature)"
    r" with (?:the |its |my )?provoke\b"
)


def _read_provoke(
    q: Question, slots: list[CardMention], defender: str
) -> tuple[bool, tuple[int, int | None] | None]:
    """Whether any provoke the text tells of is read, and then the CARD mark of the attacking
    creature whose provoke trigger targeted a creature and that creature's mark (None: one the
    text doesn't name)."""
    lower = q.lower
    provokers = [
        i
        for i, m in enumerate(slots)
        if any(isinstance(a, Keyword) and a.name.casefold() == "provoke" for a in m.abilities())
    ]
    if not lazy(r"\bprovok").search(lower):
        return not provokers, None
    found = list(_PROVOKED.finditer(lower))
    names = {slots[i].name for i in provokers}
    if len(names) != 1 or len(found) != 1:
        return False, None
    m = found[0]
    what = m["what"] or m["what2"] or m["what3"]
    at = next(m.start(g) for g in ("what", "what2", "what3") if m[g])
    provoked = _card_index(lower, at) if what == "CARD" else None
    attacking = YOU if defender == OPPONENT else OPPONENT
    if provoked is not None and (
        slots[provoked].name in names or _whose(lower, provoked) == attacking
    ):
        return False, None
    return True, (provokers[0], provoked)


def _with_requirement(perm: Permanent, host: Permanent | None) -> b.Attacker | None:
    """The attacker with its own requirement, or the one the Aura, Equipment or spell gives it."""
    if host is None:
        return b.Attacker.from_permanent(perm)
    kinds = {a.subject for a in host.abilities if isinstance(a, MustBeBlocked)}
    # A card with bestow that enchants a creature is an Aura (CR 702.103b).
    aura = "Aura" in host.subtypes or any(isinstance(a, Bestow) for a in host.abilities)
    if (aura and "enchanted" in kinds) or ("Equipment" in host.subtypes and "equipped" in kinds):
        return b.Attacker.from_permanent(perm, attached=(host,))
    spell = bool(host.types & {"Instant", "Sorcery"})
    # A permanent's triggered or activated ability that targets the creature does the same.
    ability = "target" in kinds and not host.subtypes & {"Aura", "Equipment"}
    # "this creature or enchanted creature" (Noble Quarry): bestowed, the enchanted one.
    bestowed = aura and any(
        isinstance(a, MustBeBlocked) and "enchanted creature" in a.text for a in host.abilities
    )
    if kinds & {"target", "other"} and (spell or ability or bestowed):
        mbb = [a for a in host.abilities if isinstance(a, MustBeBlocked)]
        if len(mbb) != 1 or mbb[0].by_type:
            return None
        return b.Attacker.from_permanent(
            perm, must_be_blocked=not mbb[0].by_all, by_all=mbb[0].by_all
        ).model_copy(update={"card": host.name})
    return None


_BLOCK_SIDE = lazy(r"\b(into|against|block\w*|blocker)\b")
# "opponent's lone untapped Watchdog": words between the possessive and the name that say
# how many there are or that it can block, not whose it is.
_LONE = r"(?:(?:lone|only|sole|single|untapped) )*"
_MINE = lazy(rf"\bmy {_LONE}$|\bmy$")
_THEIRS = lazy(
    rf"\b(his|her|their|opponent's|opp's|opponents) {_LONE}$|\b(his|her|their|opponent's|opp's|opponents)$"
)


def _whose(lower: str, index: int) -> str | None:
    """Whose creature the possessive before CARD mark ``index`` says it is."""
    at = [x.start() for x in _CARD.finditer(lower)][index]
    before = lower[max(0, at - 25) : at]
    if _MINE.search(before):
        return YOU
    if _THEIRS.search(before):
        return OPPONENT
    return None


# "I attack with Serra Angel and CARD": the named creatures listed right after the attack.
_ATTACKS_WITH = lazy(
    r"\b(?:attack|attacks|attacked|attacking|swing|swings|swung)(?: me| at me)? with "
    r"(?:(?:my |a |an |the |his |her |their )?CARD(?:,|,? and|,? &) )*(?:my |a |an |the |his |her |their )?$"
)


def _attacks_with(lower: str, index: int) -> bool:
    """The words before CARD mark ``index``, in its sentence, list it among the attackers."""
    at = [x.start() for x in _CARD.finditer(lower)][index]
    left = max(lower.rfind(c, 0, at) for c in ".?!;")
    return bool(_ATTACKS_WITH.search(lower[left + 1 : at]))


def _sentence_around(lower: str, index: int) -> str:
    starts = [x.start() for x in _CARD.finditer(lower)]
    at = starts[index]
    left = max(lower.rfind(c, 0, at) for c in ".?!;")
    ends = [e for e in (lower.find(c, at) for c in ".?!;") if e >= 0]
    return lower[left + 1 : min(ends) if ends else len(lower)]


# "two creatures, one of them is tapped": one of the counted creatures can't block.
_ONE_TAPPED = lazy(
    r"\b(?:but |and )?(?P<k>one|1|two|2|three|3)(?: of them| of which| of those)? "
    r"(?:(?:(?:is|are|was|were|'s) )?tapped|(?P<cant>can'?t block))\b"
)
# "My creatures are all ground guys": the defending player's creatures, not counted.
_DEFENDER_UNCOUNTED = lazy(
    r"\b(?P<who>my|his|her|their|opponent's|my opponent's) (?:untapped |potential )?(?:creatures|blockers|guys)"
    r" (?:are|were|have|has|can't|don't)\b"
)


def _provoked_lineups(
    q: Question, provoked: CardMention | None, attacker: str, defender: str
) -> tuple[str, list[list[b.Blocker]]] | None:
    """The provoked creature (untapped by the trigger) and the defending player's others: as
    counted, whether or not the count includes it, else none to two others."""
    if provoked is not None:
        target = b.Blocker.from_permanent(_perm(provoked, defender))
    else:
        target = b.Blocker(name="the provoked creature")
    target = target.model_copy(
        update={"tapped": False, "must_block_attacker": attacker, "provoked": True}
    )
    counted = _read_blockers(q)
    if counted is None:
        if _DEFENDER_COUNT.search(q.lower) or _DEFENDER_ONLY.search(q.lower):
            return None
        sizes = [0, 1, 2]
    else:
        if counted[0] != defender:
            return None
        n = len(counted[1][0])
        sizes = sorted({n - 1, n})
        if any(bl.tapped for bl in counted[1][0]):
            return None
    lineups = [
        [target, *(b.Blocker(name=f"their other creature {i}") for i in range(1, k + 1))]
        for k in sizes
        if k >= 0
    ]
    return defender, lineups


_COUNTED_KEYWORDS = lazy(
    r"^(?: (?:creatures?|blockers?|guys?|ones?))?,? (?:with|that has|that have|having|who has) (?P<kw>flying|reach)"
    r"(?:,? (?:but|and) (?:no|not|without|doesn't have|don't have|lacks?) (?P<neg>flying|reach))?\b"
)
_MIXED_COUNT = lazy(
    r"\b(?P<who>i|we|he|she|they|my opponent|opponent|opp) (?:only |just )?(?:has|have|had|control|controls|got) "
    r"(?P<n1>a|an|one|two|three|\d) (?P<s1>tapped|untapped) (?:creatures?|ones?|guys?) and "
    r"(?P<n2>a|an|one|two|three|\d) (?P<s2>tapped|untapped)(?: creatures?| ones?| guys?)?\b"
)


def _mixed_lineup(
    lower: str, found: list[re.Match[str]]
) -> tuple[str, list[list[b.Blocker]]] | None:
    """ "I have a tapped creature and an untapped one": the one line-up the text counts."""
    if len(found) != 1:
        return None
    m = found[0]
    n1, n2 = _count_of(m["n1"]), _count_of(m["n2"])
    if n1 is None or n2 is None or m["s1"] == m["s2"] or not 2 <= n1 + n2 <= 4:
        return None
    rest = lower.replace(m.group(0), " ")
    if _DEFENDER_COUNT.search(rest) or _DEFENDER_ONLY.search(rest):
        return None
    if lazy(r"\b(tapped|can'?t block|summoning sick\w*)\b").search(rest):
        return None
    lineup = [
        b.Blocker(name=f"their creature {i}", tapped=state == "tapped")
        for i, state in enumerate(
            [*([m["s1"]] * n1), *([m["s2"]] * n2)],
            start=1,
        )
    ]
    return _who(m["who"]), [lineup]


def _read_blockers(q: Question) -> tuple[str, list[list[b.Blocker]]] | None:
    """Whose creatures may block, and the line-ups the text allows: one when it counts them,
    else one to three creatures (a ruling must then hold for each)."""
    lower = q.lower
    mixed = list(_MIXED_COUNT.finditer(lower))
    if mixed:
        return _mixed_lineup(lower, mixed)
    counts = list(_DEFENDER_COUNT.finditer(lower))
    only = list(_DEFENDER_ONLY.finditer(lower))
    loose = list(_DEFENDER_UNCOUNTED.finditer(lower))
    tapped = False
    extra: list[re.Match[str]] = []
    if len(counts) + len(only) > 1:
        # "I only have one untapped creature ... can my only untapped creature block": the
        # same one creature, said twice.
        said = [
            next(n for g in c.groups() if g and (n := _count_of(g)) is not None) for c in counts
        ]
        whose = {
            _who(w)
            for c in [*counts, *only]
            for w in (c.groupdict().get(k) for k in ("who", "who2", "who3", "who4"))
            if w
        }
        if set(said) - {1} or any(o["tapped"] for o in only) or len(whose) != 1:
            return None  # two counts that may disagree
        extra = [*counts, *only][1:]
        counts, only = ([], only[:1]) if only else (counts[:1], [])
    if only:
        m = only[0]
        sizes, tapped = [1], bool(m["tapped"])
    elif counts:
        m = counts[0]
        found = next(n for g in m.groups() if g and (n := _count_of(g)) is not None)
        sizes = [found]
    elif len(loose) == 1:
        m = loose[0]
        sizes = [1, 2, 3]
        # "all of their creatures are tapped": however many, none can block.
        every = lazy(r"^ (?:all )?tapped\b").match(lower[m.end() :])
        if every is not None and m.group(0).endswith((" are", " were")):
            tapped = True
            lower = lower[: m.end()] + lower[m.end() + len(every.group(0)) :]
    else:
        return None
    if not all(1 <= n <= 6 for n in sizes):
        return None
    # "one untapped creature with reach (but no flying)": keywords of every counted creature.
    described = _COUNTED_KEYWORDS.match(lower[m.end() :])
    flags: dict[str, bool] = {}
    if described is not None:
        flags = {described["kw"]: True}
        if described["neg"]:
            flags[described["neg"]] = False
        lower = lower[: m.end()] + " " + lower[m.end() + described.end() :]
    rest = lower.replace(m.group(0), " ")
    for other in extra:
        rest = rest.replace(other.group(0), " ")
    one_tapped = _ONE_TAPPED.search(rest)
    # "four creatures, 2 of them tapped": the last ones counted can't block.
    k = _count_of(one_tapped["k"]) or 0 if one_tapped is not None else 0
    if one_tapped is not None and not tapped and len(sizes) == 1 and sizes[0] > k >= 1:
        rest = rest.replace(one_tapped.group(0), " ")
    else:
        one_tapped = None
    if lazy(r"\b(tapped|can'?t block|summoning sick\w*)\b").search(rest) and not tapped:
        return None  # some of them may not be able to block
    who = next(w for w in (m.groupdict().get(k) for k in ("who", "who2", "who3", "who4")) if w)
    lineups = [
        [
            b.Blocker(
                name=f"their creature {i}",
                tapped=tapped or (one_tapped is not None and not one_tapped["cant"] and i > n - k),
                can_block=not (one_tapped is not None and one_tapped["cant"] and i > n - k),
                flying=flags.get("flying", False),
                reach=flags.get("reach", False),
            )
            for i in range(1, n + 1)
        ]
        for n in sizes
    ]
    return _who(who), lineups


# Words about the defending player's creatures that line-ups of plain ones wouldn't hold.
_UNCOUNTED_UNSAID = lazy(
    r"\b(tapped|untapped|can'?t block|cannot block|summoning sick\w*|no (untapped )?(creatures?|blockers?)|"
    r"(?<!with )only|none|nothing|defender|walls?|sole|lone|single)\b"
)


def _uncounted(q: Question) -> bool:
    """The text says nothing of how many creatures the defending player has, nor of any that
    may be unable to block."""
    lower = q.lower
    return not (
        _DEFENDER_COUNT.search(lower)
        or _DEFENDER_ONLY.search(lower)
        or _DEFENDER_UNCOUNTED.search(lower)
        or _MIXED_COUNT.search(lower)
        or _UNCOUNTED_UNSAID.search(lower)
    )


def _count_of(word: str) -> int | None:
    """A count as written ("2", "two", "a single"), by the lexicon's number words."""
    if word.isdigit():
        return int(word)
    return lexicon.load().numbers.get(word.split()[-1])


_I_DEFEND = lazy(
    r"\b(attacks?|attacked|attacking|swings?|swung)( at| into)? me\b"
    r"|\bprovoke(?: trigger| ability)? (?:targets|targeted|targeting|hits|hit) my (?!opponent)"
    r"|\b(opp|opponent|he|she|they)('s)? (\w+ ){0,2}(attack|attacks|attacked|swing|swings|swung|is attacking|are attacking)\b"
    r"|\bi (\w+ )?(block|blocked)\b|\bis on (his|her|their|my opponent's|opponent's)\b"
    r"|\b(their|his|her|opponent's|opp's) (\w+ )?(attacker|attacking)\b"
    r"|\bmy (?:untapped |potential )?(?:creatures|blockers) (?:are|were) (?:all )?(?:ground|non-?flying)"
    r"|\bi (?:only )?(?:have|control) [^.?!]{0,40}\b(?:vs\.?|versus|against) (?:the |an? |their |his |her )?"
    r"(?:[\w+]+ ){0,3}(?:attacker|attacking creature)\b"
)
_THEY_DEFEND = lazy(
    r"\bi (\w+ ){0,10}?(attack|attacked|swing|swung|am attacking)\b|\bi (?:provoke|provoked)\b"
    # "I cast Culling Mark on their creature precombat, then attacked with a flier"
    r"|\bi \w+ [^.?!]{0,60}?,? (?:and )?then (?:attack|attacked|swung|swing)\b"
    r"|\b(opp|opponent|he|she|they) (\w+ )?(block|blocks|blocked)\b|\bmy (\w+ )?(attacker|attacking)\b"
    r"|\bmy (?!opponent|opp\b)\w+ (and (my )?\w+ )?(attack|attacks|attacked|is attacking|are attacking)\b"
)


def _defender(lower: str) -> str | None:
    mine, theirs = bool(_I_DEFEND.search(lower)), bool(_THEY_DEFEND.search(lower))
    if mine == theirs:
        return None
    return YOU if mine else OPPONENT


# The text says the attacker's requirement itself: the creature is the one being blocked.
_REQUIREMENT_SAID = lazy(r"\bmust be blocked\b|\ball creatures able to block\b")


_PLAYER_WORDS = lazy(
    r"\b(i|i'm|i've|me|my|mine|we|our|you|your|he|she|they|his|her|their|them|opponent\w*|opp|"
    r"player\w*|defending|attacking player)\b"
)


def _defending(q: Question) -> str | None:
    """The defending player: as the words about attacking say, else (when they name no
    player) the one whose creatures the text counts."""
    lower = q.lower
    said = _defender(lower)
    if said is not None or _I_DEFEND.search(lower):
        return said
    generic = _GENERIC_REQ.search(lower)
    whose = generic and (generic["whose"] or generic["whose2"])
    if whose in ("my", "your"):
        return OPPONENT
    if whose in ("his", "her", "their", "opponent's", "my opponent's"):
        return YOU
    if not _ATTACK.search(lower) and generic is None and not _REQUIREMENT_SAID.search(lower):
        return said
    if generic is not None and not _PLAYER_WORDS.search(lower):
        return OPPONENT  # no player named: the defending player is just "the opponent"
    counted = _read_blockers(q)
    return counted[0] if counted is not None else None


_THE_REQ = (
    r"(?:it|them|that creature|the creature|my creature|their creature|his creature|her creature|"
    r"the attacker|my attacker|that attacker|"
    r"(?:the|that|their|his|her|my) (?:lured|enchanted|provoking) (?:creature|attacker|guy|one|dude))"
)


def _target(pos: _Position, q: Question, words: str, nth: int = 0) -> _Side | None:
    """The attacker the asked words name."""
    words = words.strip()
    required = [s for s in pos.sides if s.required]
    if (
        words in ("", "it", "them")
        or re.fullmatch(_THE_REQ, words)
        or re.fullmatch(
            r"(?:my|their|his|her|the|a) (?:creature|attacker) (?:that|which) must be blocked(?: if able)?",
            words,
        )
    ):
        if len(required) == 1:
            return required[0]
        return pos.sides[0] if len(pos.sides) == 1 else None
    if pt := re.fullmatch(
        r"(?:the|that|their|his|her) (\d+/\d+)(?: flier| flyer| ground| non-?flying)?"
        r"(?: creature| attacker| guy| one| dude)?",
        words,
    ):
        found = [s for s in pos.sides if s.attacker.name == f"the {pt[1]}"]
        return found[0] if len(found) == 1 else None
    if kind := re.fullmatch(
        r"(?:the|that|their|his|her|my|your) (?:(?P<fly>flier|flyer|flying)|(?P<ground>ground|non-?flying))"
        r"(?: creature| attacker| guy| one| dude)?",
        words,
    ):
        # "the ground guy": the one described attacker with (or without) flying.
        fits = [
            s for s in pos.sides if s.mention is None and s.attacker.flying == bool(kind["fly"])
        ]
        return fits[0] if len(fits) == 1 else None
    if w := re.fullmatch(r"(?:my|the|that|their|his|her) (?P<w>[a-z'-]+)", words):
        # "my bears": a word of one named attacker's name or creature types.
        word = _singular(w["w"])
        fits = [
            s
            for s in pos.sides
            if s.mention is not None
            and word in {_singular(x) for x in (*s.mention.name.split(), *s.mention.card.subtypes)}
        ]
        if len(fits) == 1:
            return fits[0]
    if re.fullmatch(r"the other (?:attacker|creature|one|guy)", words):
        rest = [s for s in pos.sides if not s.required]
        return rest[0] if len(rest) == 1 else None
    if re.fullmatch(rf"{_WHOSE_REQ}CARD(?: (?:creature|one|attacker|guy))?", words):
        card = _asked_card(q, nth)
        if card is None:
            return None
        found = [
            s
            for s in pos.sides
            if (s.mention and s.mention.name == card.name) or s.source == card.name
        ]
        return found[0] if len(found) == 1 else None
    return None


def _asked_card(q: Question, nth: int = 0) -> CardMention | None:
    """The ``nth`` card the asked sentence names, found where that sentence stands in the text."""
    at = q.lower.rfind(q.asked)
    if at < 0 or q.asked.count("CARD") <= nth:
        return None
    return _slots(q)[q.lower.count("CARD", 0, at) + nth]


_PLAYER = r"(?:i|we|you|he|she|they|my opponent|the opponent|opponent|opp|the defending player)"
_LONE = (
    r"(?:it|my creature|their creature|his creature|her creature|my only creature|their only creature|"
    r"the blocker|that creature|my blocker|my guy|(?:my|their|his|her) only untapped (?:creature|blocker|guy)|"
    r"(?:my|their|his|her|that|the) (?:one|lone|single) (?:untapped )?(?:creature|blocker|guy|dude)|"
    r"(?:my|their|his|her|that|the) (?:reach|reachy|flying|ground) (?:creature|blocker|guy|dude))"
)
_ALL = r"(?:(?:they |we |you )?all(?: (?P<alln>two|three|four|\d))?(?: of them| of my creatures| of their creatures| my creatures| their creatures)?|(?:they |we |you )?both(?: of them)?)"
_MODAL = (
    r"(?:have to|has to|need to|needs to|required to|supposed to|forced to|obliged to|obligated to)"
)
_ALL_BARE = _ALL.replace("(?P<alln>", "(?:")
_PROVOKED_REF = r"(?:the |their |his |her |my |my opponent's |opponent's )?(?:CARD|provoked creature|provoked one)"
_MUST_ASK = lazy(
    rf"^(?:so |and |then |but )?(?:(?:do|does|am|is|are|will|would) (?P<subj>{_PLAYER}|{_LONE}|{_ALL_BARE}|{_PROVOKED_REF}) (?:still |really |actually |now )?(?P<untap>untap and )?(?:be )?{_MODAL}"
    rf"|must (?P<subj2>{_PLAYER}|{_LONE}|{_ALL_BARE}|{_PROVOKED_REF})"
    # "my Razorgrass Screen has to block the ground guy, right?": the claim asked about.
    rf"|(?P<subj3>{_PLAYER}|{_LONE}|{_ALL_BARE}|{_PROVOKED_REF}) (?:{_MODAL}|must)) (?:chump[- ]?block|chump|block)(?: (?P<t>(?!with\b)[^,]+?))?"
    r"(?: with (?P<with>both|all of them|all|two|three|\d)(?: of (?:them|my creatures|their creatures|his creatures))?"
    r"| with (?P<wcard>(?:my |the |our |his |her |their )?CARD)"
    r"| with (?P<wlone>it|that creature|that one|my creature|my guy|my blocker|my only creature|"
    r"(?:the|my|their|his|her) untapped (?:one|creature|guy|blocker))"
    r"| with (?:my|the|our|his|her|their) (?P<wword>[a-z'-]+))?$"
)
_LEAVE_ASK = lazy(
    rf"^(?:can|could|may) {_PLAYER} (?P<double>double[- ]?block|block) (?P<t>[^,]+?)"
    r"(?: with (?P<with>both|two|all|them)(?: of (?:them|my creatures))?)? and (?:leave|let) (?P<t2>.+?) "
    r"(?:unblocked|through|go unblocked|go through)$"
)
_ONE_ASK = lazy(
    rf"^(?:can|could|may) {_PLAYER} (?:just |only )?block(?: (?P<t>.+?))? with (?:only |just )?(?:one|a single|1)"
    r"(?: creature| blocker| guy| dude| of them| of (?:my|his|her|their) (?:creatures|guys|blockers|dudes))?(?:,? (?:(?:even )?though |and |but |while |when )?(?:he|she|they|i) (?:had|has|have) .*)?$"
)
_SPLIT_ASK = lazy(
    rf"^(?:can|could|may) {_PLAYER} block (?P<t>[^,]+?) with one(?: creature| of them)? and (?P<t2>[^,]+?) "
    r"with the other(?: one)?$"
)
_PROVOKED_ASK = lazy(
    rf"^(?:can|could|may) (?P<subj>{_PROVOKED_REF}) (?:still |just |even )?block (?P<t>.+?)(?: instead)?$"
)
_NUMBER_OF = {"both": 2, "two": 2, "three": 3, "four": 4}
# "Can it block the 3/3 instead?" when a provoke trigger targeted the defender's creature.
_PROVOKED_LONE_ASK = lazy(
    rf"^(?:can|could|may) (?P<subj>{_LONE}) (?:still |just |even )?block (?P<t>[^,]+?)(?: instead)?$"
)
# "Can my only untapped creature block the Bears instead of the Unicorn?": one block, the
# other attacker unblocked.
_INSTEAD_ASK = lazy(
    rf"^(?:can|could|may) (?:{_PLAYER} (?:choose to |decide to |just )?(?:have (?:it|them) |let (?:it|them) )?"
    rf"|(?P<lone>{_LONE}) (?:just |still )?)block (?P<t>[^,]+?) instead(?: of (?P<t2>[^,]+?))?$"
)
# An attacker the text describes by its power and toughness: "attacks with a 5/5".
_PT_ATTACKER = lazy(
    r"\b(?:an?|one) (?P<pt>\d+/\d+|flyer|flier|flying creature)(?: (?P<fly>flier|flyer|flying creature|with "
    r"flying)| (?P<ground>ground|non-?flying|vanilla))?(?: creature| attacker| token| guy| dude)?\b"
)
# "How many of my creatures have to block it?": the fewest blockers the maximum needs.
_HOW_MANY_ASK = lazy(
    r"^how many(?: of)?(?: my| his| her| their| the| our| mine| them)?(?: creatures| blockers| guys)?"
    r"(?: of mine| of theirs)?(?: do i| does (?:he|she)| do (?:they|we))? (?:have to|has to|need to|needs to|must|"
    r"are (?:forced|required|supposed|obliged) to|(?:will |would )?end up|should) "
    r"block(?:ing)?(?: (?P<t>[^,]+?))?$"
)


# "What's the minimum number of creatures that must block it?", "... of blockers on it?"
_MIN_ASK = lazy(
    r"^(?:what'?s|what is|whats) the (?:minimum|smallest|fewest|least) (?:number|amount)"
    r"(?: of (?:creatures|blockers|guys))?(?: (?:that|which))?"
    r"(?: (?:i|he|she|they|we|you|the defending player|my opponent))?"
    r"(?: (?:must|have to|has to|need to|needs to|are required to|is required to|can|could|"
    r"legally|still|be)){0,3} "
    r"(?:block(?:ing)?|on|for|put on|assign to|(?:put|send|throw) in front of) (?P<t>[^,]+?)(?: with)?$"
)


# "How many creatures does he have to block it with?"
_WITH_ASK = lazy(
    r"^how many(?: of)?(?: my| his| her| their| the| our| them)?(?: creatures| blockers| guys)? "
    r"(?:do|does|must|should) (?:i|he|she|they|we|the defending player|my opponent)"
    r"(?: (?:have to|need to|needs to|has to))? block (?P<t>[^,]+?) with$"
)


# "Does Canopy Stalker's first ability force Pir to block?": whether that creature must block
# the attacker with the requirement (or the one named after "block").
_FORCE_ASK = lazy(
    r"^(?:does|do|will|would|should|shouldn't|doesn't) (?P<src>(?:the |my |his |her |their )?CARD|it|lure|the lure)(?:'s?)?"
    r"(?: (?:first|second|own|static))?(?: ability| trigger| effect| requirement)? (?:force|make|require) "
    r"(?P<subj>(?:my |his |her |their |the |opponent's |my opponent's )?CARD) to block(?: (?P<t>[^,]+?))?$"
)


# "Do both my creatures have to block the same Unicorn?"
_SAME_ASK = lazy(
    r"^(?:do|does|must) (?:they |we |you )?(?:both|all)(?: of)?(?: my| his| her| their| the| them)?"
    r"(?: creatures| blockers| guys)?(?: of them)? (?:have to |has to |need to |needs to )?block "
    r"the same (?:CARD|[a-z'-]+)$"
)


# "Do I get to pick which of the two it blocks?": whether each attacker is one it may block.
_PICK_ASK = lazy(
    r"^(?:do|does|can|could|may) (?:i|we|he|she|they|you) (?:get to |still get to |still )?(?:pick|choose|decide) "
    r"(?:which|what)(?: one| attacker| creature)?(?: of (?:the|them|those)(?: two| 2| three| 3| attackers| creatures)?)?"
    r"(?: (?P<who>it|CARD|my CARD|the CARD|he|she) blocks?)?$"
)


def _picker(pos: _Position, q: Question, blockers: list[b.Blocker], who: str | None) -> str | None:
    """The blocker a 'which one does it block' question asks about: the named one, or the only one."""
    if who and "CARD" in who:
        card = _asked_card(q, 0)
        return card.name if card is not None and card.name in pos.named else None
    if len(pos.named) == 1:
        return pos.named[0]
    return blockers[0].name if len(blockers) == 1 else None


def _blocking(blocker: str, attacker: str) -> Callable[[b.Assignment], bool]:
    return lambda a: b.blocks(a, blocker, attacker)


def _each_possible(
    attackers: list[b.Attacker], blockers: list[b.Blocker], held: str
) -> Callable[[], Ruling]:
    """Yes when, for each attacker, some declaration obeying the most requirements has ``held``
    blocking it."""

    def run() -> Ruling:
        ruling = Ruling(verdict=None)
        for a in attackers:
            ruling = b.possible(
                attackers, blockers, _blocking(held, a.name), f"{held} blocking {a.name}"
            )
            if ruling.verdict != "yes":
                return ruling
        return ruling

    return run


def _how_many(asked: str) -> re.Match[str] | None:
    return _WITH_ASK.match(asked) or _HOW_MANY_ASK.match(asked) or _MIN_ASK.match(asked)


# Defender on a creature that may block changes nothing about blocking (CR 702.3b).
_DEFENDER_BLOCKER = lazy(
    r"\b(?:(?:my|his|her|their) (?:only |sole )?(?:untapped )?(?:creature|blocker|guy) is )?"
    r"(?:an? |the )?(?:\w+ )?(?:wall|creature|blocker|guy)s? (?:with|that has|that have|has|have) defender\b"
)


def _requirement_scenario(q: Question) -> Scenario | None:
    """A requirement question about a position the text describes: who attacks with which
    requirement, how many creatures may block, and the declaration asked about (CR 509.1c)."""
    said = _DEFENDER_BLOCKER.sub(" ", q.lower)
    if lazy(r"\bprovok").search(said):
        # Provoke's own untapping of its target is read with the provoke (CR 702.39a).
        said = lazy(r"\buntaps? and (?=(?:be )?(?:have|has|must|need|needs|forced|required) )").sub(
            "", said
        )
    if _UNMODELLED_REQUIREMENT.search(said):
        return None
    pos = _read_position(q)
    if pos is None:
        return None
    owner, lineups = pos.blockers
    if _defending(q) != owner:
        return None
    if pos.unknown:
        missing = pos.unknown
        return Scenario(
            "blocking_requirement",
            "yesno",
            0.98,
            lambda: Ruling(verdict=None, missing=(missing,)),
            tuple(dict.fromkeys(m.name for m in q.cards)),
        )
    asked = q.asked.strip().rstrip("?!. ").strip()
    asked = re.sub(r",? (?:right|correct|yes|yeah|no)$", "", asked)
    asked = re.sub(r" (?:somehow|anyway|anyways|at all|now|then|still)$", "", asked)
    # "Shouldn't the Bears be forced to block?", "shouldn't one of them have blocked?": the
    # requirement the report says was broken, asked as such.
    should = _SHOULD_ASK.match(asked)
    if should is not None:
        subj = _ANY_OF_THEM.sub("the defending player", should["subj"])
        asked = f"does {subj} have to block{should['rest']}"
    if ", " in asked and (
        lazy(r"^(if|when|say|so if) ").match(asked)
        or lazy(r"^(can|could|may|do|does|am|is|are|must|how|will|would) ").match(
            asked.rsplit(", ", 1)[1]
        )
    ):
        # "If it attacks and I have one creature, must I block it?": the condition is context.
        asked = asked.rsplit(", ", 1)[1]
    kind = "number" if _how_many(asked) else "yesno"
    runs = [_query(pos, q, asked, lineup) for lineup in lineups]
    if any(r is None for r in runs):
        return None
    ready = [r for r in runs if r is not None]
    names = tuple(dict.fromkeys(m.name for m in q.cards))

    def run() -> Ruling:
        rulings = [r() for r in ready]
        if len({r.verdict for r in rulings}) != 1:
            return Ruling(
                verdict=None, steps=rulings[0].steps, missing=("how many creatures can block",)
            )
        return rulings[0]

    return Scenario("blocking_requirement", kind, 0.98, run, names)


_SHOULD_ASK = lazy(
    r"^(?:should|shouldn't|should not) (?P<subj>[^,]+?) (?:have been (?:forced|required|made) to block|"
    r"have had to block|be (?:forced|required|made) to block|have to block|have blocked)(?P<rest>(?: [^,]+)?)$"
)
_ANY_OF_THEM = lazy(
    r"^(?:one|any|some) of (?:them|his creatures|her creatures|their creatures|my creatures|"
    r"his untapped creatures|their untapped creatures|my untapped creatures)$"
)


def _query(
    pos: _Position, q: Question, asked: str, blockers: list[b.Blocker]
) -> Callable[[], Ruling] | None:
    """The engine call that answers the asked declaration against one line-up of blockers."""
    attackers = pos.attackers
    provoked = next((bl for bl in blockers if bl.must_block_attacker), None)
    if m := _PROVOKED_ASK.match(asked) or (
        _PROVOKED_LONE_ASK.match(asked) if provoked is not None else None
    ):
        nth = _provoked_subject(pos, q, m["subj"])
        target = _target(pos, q, m["t"], nth=nth) if nth is not None else None
        if provoked is None or target is None:
            return None
        alone: dict[str, str | None] = {bl.name: None for bl in blockers}
        alone[provoked.name] = target.attacker.name
        return lambda: b.is_legal(attackers, blockers, alone)
    if m := _PICK_ASK.match(asked):
        picked = _picker(pos, q, blockers, m["who"])
        if picked is None or len(attackers) < 2:
            return None
        return _each_possible(attackers, blockers, picked)
    if _SAME_ASK.match(asked):
        if len(blockers) < 2:
            return None
        return _holds(
            attackers,
            blockers,
            lambda a: (
                all(a.get(bl.name) for bl in blockers)
                and len({t for bl in blockers for t in b.targets(a.get(bl.name))}) == 1
            ),
            "every one of their creatures blocking the same attacker",
        )
    if m := _FORCE_ASK.match(asked):
        src = m["src"].count("CARD")
        held_card = _asked_card(q, src)
        if held_card is None or held_card.name not in pos.named:
            return None
        held = held_card.name
        if m["t"]:
            aimed = _target(pos, q, m["t"], nth=src + 1)
        elif src:
            aimed = _target(pos, q, "CARD", nth=0)
        else:
            aimed = _target(pos, q, "it")
        if aimed is None:
            return None
        goal = aimed.attacker.name
        return _holds(
            attackers, blockers, lambda a: b.blocks(a, held, goal), f"{held} blocking {goal}"
        )
    if m := _MUST_ASK.match(asked):
        subj = m["subj"] or m["subj2"] or m["subj3"]
        if m["untap"] and provoked is None:
            return None  # only provoke untaps the creature it targets (CR 702.39a)
        if subj == "they" and pos.blockers[0] == YOU:
            # The attacking player isn't asked to block: "they" are my creatures.
            subj = "they all"
        named = _named_blocker(pos, q, subj, m)
        if named is not None:
            held, nth = named
            if m["with"]:
                return None
            if not m["t"]:
                return _holds(
                    attackers, blockers, lambda a: bool(b.targets(a.get(held))), f"{held} blocking"
                )
            target = _target(pos, q, m["t"], nth=nth)
            if target is None:
                return None
            aim = target.attacker.name
            return _holds(
                attackers, blockers, lambda a: b.blocks(a, held, aim), f"{held} blocking {aim}"
            )
        lone_word = m["wword"] is not None and _lone_word(q.lower, m["wword"])
        if (m["wlone"] or lone_word) and re.fullmatch(_PLAYER, subj):
            untapped = [bl for bl in blockers if not bl.tapped]
            if "untapped" in (m["wlone"] or "") and len(untapped) == 1:
                only = untapped[0].name  # "with the untapped one": the one that can block
            elif len(blockers) != 1:
                return None
            else:
                only = blockers[0].name
            if not m["t"]:
                return _holds(
                    attackers, blockers, lambda a: bool(b.targets(a.get(only))), f"{only} blocking"
                )
            aimed = _target(pos, q, m["t"])
            if aimed is None:
                return None
            aim = aimed.attacker.name
            return _holds(
                attackers, blockers, lambda a: b.blocks(a, only, aim), f"{only} blocking {aim}"
            )
        if m["wcard"] or m["wword"] or m["wlone"]:
            return None
        if re.fullmatch(_PROVOKED_REF, subj) and not re.fullmatch(_LONE, subj):
            nth = _provoked_subject(pos, q, subj)
            target = _target(pos, q, m["t"] or "", nth=nth) if nth is not None else None
            if provoked is None or target is None or m["with"]:
                return None
            goal, held = target.attacker.name, provoked.name
            return _holds(
                attackers, blockers, lambda a: a.get(held) == goal, f"{held} blocking {goal}"
            )
        if re.fullmatch(_PLAYER, subj) and not m["t"] and not m["with"]:
            # "Do I have to block?": any block at all, whichever attacker it is.
            return _holds(
                attackers,
                blockers,
                lambda a: any(v is not None for v in a.values()),
                "a block",
            )
        target = _target(pos, q, m["t"] or "")
        if target is None:
            return None
        goal = target.attacker.name
        if m["with"]:
            need = _NUMBER_OF.get(m["with"]) or (
                len(blockers) if m["with"].startswith("all") else 0
            )
            if not need or need > len(blockers) or re.fullmatch(_LONE, subj):
                return None
            return _holds(
                attackers,
                blockers,
                lambda a: sum(v == goal for v in a.values()) >= need,
                f"{need} creatures blocking {goal}",
            )
        if re.fullmatch(_PLAYER, subj):
            return _holds(
                attackers,
                blockers,
                lambda a: any(v == goal for v in a.values()),
                f"a creature blocking {goal}",
            )
        if re.fullmatch(_LONE, subj):
            # Provoke's target, or the spell's, is the creature the text speaks of.
            aimed_at = provoked or next(
                (bl for bl in blockers if bl.name == "the targeted creature"), None
            )
            if aimed_at is None and len(blockers) != 1:
                return None
            lone = aimed_at.name if aimed_at is not None else blockers[0].name
            return _holds(
                attackers, blockers, lambda a: a.get(lone) == goal, f"{lone} blocking {goal}"
            )
        every = re.fullmatch(_ALL, subj)
        if every is not None:
            said = every["alln"] or (
                "two"
                if subj.split(" ")[-1] == "both" or " both" in subj or subj.startswith("both")
                else None
            )
            if said is not None and _NUMBER_OF.get(said, 0) != len(blockers):
                return None
            return _holds(
                attackers,
                blockers,
                lambda a: all(v == goal for v in a.values()),
                f"every one of their creatures blocking {goal}",
            )
        return None
    if m := _INSTEAD_ASK.match(asked):
        first = _target(pos, q, m["t"])
        second = _target(pos, q, m["t2"], nth=m["t"].count("CARD")) if m["t2"] else None
        if first is None or len(blockers) != 1 or (m["t2"] and (second is None or second is first)):
            return None
        instead: dict[str, b.Choice] = {blockers[0].name: first.attacker.name}
        return lambda: b.is_legal(attackers, blockers, instead)
    if m := _how_many(asked):
        if not m["t"] and len(pos.sides) != 1:
            return None  # blocking which attacker isn't said
        target = _target(pos, q, m["t"] or "")
        if target is None:
            return None
        goal = target.attacker.name
        return lambda: b.min_blockers(attackers, blockers, goal)
    if m := _LEAVE_ASK.match(asked):
        first, second = _target(pos, q, m["t"]), _target(pos, q, m["t2"])
        if first is None or second is None or first is second:
            return None
        n = 2 if m["double"] != "block" or m["with"] else 1
        if n > len(blockers):
            return None
        declaration: dict[str, str | None] = {bl.name: None for bl in blockers}
        for bl in blockers[:n]:
            declaration[bl.name] = first.attacker.name
        return lambda: b.is_legal(attackers, blockers, declaration)
    if m := _SPLIT_ASK.match(asked):
        first, second = _target(pos, q, m["t"]), _target(pos, q, m["t2"], nth=1)
        if first is None or second is None or first is second or len(blockers) < 2:
            return None
        split: dict[str, str | None] = {bl.name: None for bl in blockers}
        split[blockers[0].name] = first.attacker.name
        split[blockers[1].name] = second.attacker.name
        return lambda: b.is_legal(attackers, blockers, split)
    if m := _ONE_ASK.match(asked):
        if not m["t"] and len(pos.sides) != 1:
            return None  # blocking which attacker isn't said
        target = _target(pos, q, m["t"] or "")
        if target is None:
            return None
        one = target.attacker.name
        # Whatever the other creatures do: some legal declaration has one blocker on it.
        return lambda: b.possible(
            attackers,
            blockers,
            lambda a: sum(1 for v in a.values() if one in b.targets(v)) == 1,
            f"exactly one creature blocking {one}",
        )
    return None


def _lone_word(lower: str, word: str) -> bool:
    """'with the wall' when the text says the defending player's only creature is a wall."""
    return word in ("creature", "guy", "dude", "blocker") or bool(
        re.search(
            rf"\bonly (?:untapped )?(?:creature|blocker|guy) (?:is|was) an? (?:\w+ )?{re.escape(word)}\b",
            lower,
        )
    )


def _named_blocker(
    pos: _Position, q: Question, subj: str, m: re.Match[str]
) -> tuple[str, int] | None:
    """The named blocker a requirement question asks about ("does CARD have to block", "must
    I block with my CARD"), and how many cards the asked words name before the attacker."""
    if not pos.named:
        return None
    if "CARD" in subj and re.fullmatch(_PLAYER, subj) is None:
        card, nth = _asked_card(q, 0), 1
    elif m["wcard"] and re.fullmatch(_PLAYER, subj):
        card, nth = _asked_card(q, (m["t"] or "").count("CARD")), 0
    elif m["wword"] and re.fullmatch(_PLAYER, subj):
        # "with my elves": a word of one named creature's name or creature types.
        word = _singular(m["wword"])
        fits = [
            c
            for c in q.cards
            if c.name in pos.named
            and word in {_singular(w) for w in (*c.name.split(), *c.card.subtypes)}
        ]
        if len({c.name for c in fits}) != 1:
            return None
        card, nth = fits[0], 0
    else:
        return None
    if card is None or card.name not in pos.named:
        return None
    return card.name, nth


def _singular(word: str) -> str:
    """A word's singular, as players shorten a card name ("my elves", "the golems")."""
    w = word.casefold()
    if w.endswith("ves"):
        return w[:-3] + "f"
    if w.endswith("ies"):
        return w[:-3] + "y"
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def _provoked_subject(pos: _Position, q: Question, subj: str) -> int | None:
    """The provoked creature as the asked sentence names it: the number of cards the subject
    names (a target's card comes after it), or None when it names another creature."""
    if "CARD" not in subj:
        return 0
    card = _asked_card(q, 0)
    if card is None or pos.provoked is None or card.name != pos.provoked.name:
        return None
    return 1


def _holds(
    attackers: list[b.Attacker],
    blockers: list[b.Blocker],
    claim: Callable[[b.Assignment], bool],
    text: str,
) -> Callable[[], Ruling]:
    return lambda: b.holds_always(attackers, blockers, claim, text)


def _typed_requirement(q: Question) -> Scenario | None:
    """'Must be blocked by an Eldrazi if able': only a blocker of that type has the
    requirement, and the text doesn't say which creatures are; no answer that reads it as
    'must be blocked' may stand."""
    typed = [
        (m.name, a.by_type)
        for m in q.cards
        for a in m.of_kind("must_be_blocked")
        if isinstance(a, MustBeBlocked) and a.by_type
    ]
    if not typed:
        return None
    name, kind = typed[0]

    def run() -> Ruling:
        return Ruling(verdict=None, missing=(f"which of the creatures that may block are {kind}",))

    return Scenario("blocking_typed_requirement", "yesno", 0.99, run, (name,))


# "Whenever this creature becomes blocked by a creature, that creature's controller draws a
# card.": once per blocker (CR 509.3d); without "by a creature", once (509.3c).
_BLOCKED_TRIGGER = lazy(
    r"^Whenever (?:this creature|it) becomes blocked(?P<each> by a creature)?, (?P<eff>[^.]+)\.$"
)
_DRAWS_ONE = lazy(r"^(?:that creature's controller|its controller) draws a card$")
_TRIGGER_COUNT_ASK = lazy(r"^how many (?P<what>cards|times|triggers|card draws)\b(?P<rest>[^,]*)$")
_DRAWER = lazy(
    r"\b(?:do|does|did|will|would|should|can|could|gets? to|get to)(?: (?P<who>i|we|he|she|they|my opponent|my opp|"
    r"the opponent|opponent|opp|the defending player))?\b(?: \w+)? (?:draw|drawing)\b"
    r"|\b(?P<who2>i|we|he|she|they|my opponent|opponent|opp)(?: \w+)? (?:draw|draws|drawing)\b"
)
_STATED_BLOCKERS = lazy(
    r"\bblock(?:s|ed)? (?:my |his |her |their |the )?(?:CARD|it|him|her) with (?P<n>\d|two|three|four|five) "
    r"(?:untapped )?(?:creatures|blockers|guys)\b"
    r"|\b(?P<n2>\d|two|three|four|five) (?:of (?:them|my creatures|their creatures|his creatures) |creatures |blockers |guys )"
    r"block(?:s|ed)? (?:my |his |her |their |the )?(?:CARD|it)\b"
    r"|\ball (?:(?P<n3>\d|two|three|four|five) )?of them block(?:s|ed)? (?:my |his |her |their |the )?(?:CARD|it)\b"
    r"|\b(?:CARD|it) (?:is|was|gets|got|becomes|became) blocked by (?P<n4>\d|two|three|four|five) "
    r"(?:creatures|blockers|guys)\b"
)


def _trigger_count(q: Question) -> Scenario | None:
    """'How many cards does he draw off Nessian Boar?': its 'becomes blocked by a creature'
    trigger, counted by the creatures blocking it as stated or as the requirements force."""
    m = _TRIGGER_COUNT_ASK.match(q.asked.strip().rstrip("?!. ").strip())
    if m is None:
        return None
    found = [
        (c, t)
        for c in q.cards
        for f in c.faces
        for line in f.unparsed
        if (t := _BLOCKED_TRIGGER.match(line)) is not None
    ]
    if len({c.name for c, _ in found}) != 1 or len(found[0][0].faces) != 1:
        return None
    card, trig = found[0]
    if m["what"] in ("cards", "card draws"):
        if not _DRAWS_ONE.match(trig["eff"]):
            return None  # how many cards each trigger draws isn't read
        drawer = _DRAWER.search(m["rest"])
        said = drawer and (drawer["who"] or drawer["who2"])
        defender = _defending(q)
        if defender is None or (said and _who(said.replace("my opp", "opp")) != defender):
            return None  # the blockers' controller draws, and the question asks of another
    elif not lazy(r"\btrigger").search(m["rest"]):
        return None
    per_blocker = bool(trig["each"])
    stated = list(_STATED_BLOCKERS.finditer(q.lower))
    names = (card.name,)
    if len(stated) > 1:
        return None
    if stated:
        n_word = stated[0]["n"] or stated[0]["n2"] or stated[0]["n3"] or stated[0]["n4"]
        if n_word is None:
            counted = _read_blockers(q)
            if counted is None or len(counted[1]) != 1:
                return None
            lineup = counted[1][0]
            if any(bl.tapped or not bl.can_block for bl in lineup):
                return None
            n = len(lineup)
        else:
            n = _count_of(n_word) or 0
        if not 1 <= n <= 8:
            return None
        attacker = b.Attacker(name=card.name)
        return Scenario(
            "blocking_trigger_count",
            "number",
            0.97,
            lambda: b.block_triggers([attacker], [], card.name, per_blocker, stated=n),
            names,
        )
    if lazy(r"\b(?:block(?:s|ed)|blocking)\b").search(q.lower) and not q.has(
        r"\bmust\b|if able|have to"
    ):
        return None  # blocks the text tells of, and which aren't read
    pos = _read_position(q)
    if pos is None or pos.unknown:
        return None
    side = [s for s in pos.sides if s.mention is not None and s.mention.name == card.name]
    if len(side) != 1 or pos.blockers[0] != _defending(q):
        return None
    goal = side[0].attacker.name
    attackers = pos.attackers
    lineups = pos.blockers[1]

    def run() -> Ruling:
        rulings = [b.block_triggers(attackers, lineup, goal, per_blocker) for lineup in lineups]
        if len({r.verdict for r in rulings}) != 1:
            return Ruling(
                verdict=None, steps=rulings[0].steps, missing=("how many creatures can block",)
            )
        return rulings[0]

    return Scenario("blocking_trigger_count", "number", 0.97, run, names)
