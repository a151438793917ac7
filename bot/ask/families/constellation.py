"""Constellation family: enchantments entering, Aura and bestow resolution, trigger order, "must be blocked"."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from bot.ask.families import blocking as blocking_family
from bot.ask.question import CardMention, Question, Scenario
from bot.ask.question import permanent as _perm
from engine import blocking as b
from engine import constellation as c
from engine import kicker as kicker_engine
from engine.abilities import Ability, Bestow, CostChange, EnchantmentEnters, Keyword, MustBeBlocked
from engine.lazyre import lazy
from engine.model import OPPONENT, YOU, GameState, Permanent, Spell
from engine.oracle import spell_rules, targets
from engine.render import possessive
from engine.ruling import Rule, Ruling, Trace

# Cards whose official rulings state the general rules, quoted when no card is named.
CONSTELLATION_REFERENCE = "Eidolon of Blossoms"
MUST_BE_BLOCKED_REFERENCE = "Goldenhide Ox"

_GENERIC_CONSTELLATION = EnchantmentEnters(
    constellation=True,
    whose="you",
    another=True,
    includes_self=True,
    text="Constellation — Whenever this creature or another enchantment you control enters, ...",
)
_NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "both": 2,
    "several": 2,
    "multiple": 2,
}
_ENCHANTMENT_SUBTYPES = (
    # "non-Aura enchantments" names no subtype of what enters.
    r"(?<!non-)(?<!non )\b(aura|saga|shrine|cartouche|curse|class|room|case|background|role|rune|shard)s?\b"
)


def _missing(*facts: str) -> Callable[[], Ruling]:
    def run() -> Ruling:
        return Ruling(verdict=None, missing=facts)

    return run


def _flip(ruling: Ruling) -> Ruling:
    return Ruling(
        verdict={"yes": "no", "no": "yes"}.get(ruling.verdict or ""),
        steps=ruling.steps,
        missing=ruling.missing,
    )


def _before(q: Question, m: CardMention, width: int = 40) -> str:
    return q.text[max(0, m.start - width) : m.start].casefold()


def _after(q: Question, m: CardMention, width: int = 30) -> str:
    return q.text[m.end : m.end + width].casefold()


def _is_entering(q: Question, m: CardMention) -> bool:
    """'... when CARD enters': the named card is what enters, not what watches."""
    return bool(
        re.match(
            r"\s*(enters|enter|is put|comes|resolves|is returned|is created|is cast)", _after(q, m)
        )
        and re.search(r"\b(when|if|whenever|after|as|once)\b[^.?!]*$", _before(q, m))
    )


def _is_asked(q: Question, m: CardMention) -> bool:
    """'Does CARD trigger ...': the card whose ability the question asks about."""
    return bool(
        re.search(
            r"\b(does|do|will|would|did|doesn't|won't|can)\s+(my |their |the |his |her |an? |"
            r"my opponent's |opponent's |the opponent's )?$",
            _before(q, m, 30),
        )
    )


_I_TOOK = lazy(
    r"\bi (steal|stole|gain control of|gained control of|take control of|took control of) "
    r"(my |an |the )?opponent'?s'? $"
)


# A control change said of the card named next ("... steals my Eidolon of Blossoms").
_TOOK = lazy(
    r"\b(steals?|stole|stolen|gains? control of|gained control of|takes? control of|"
    r"took control of) (my |an |the |his |her |their |your )?(opponent'?s'? )?$"
)


def _controller_of(q: Question, name: str) -> str:
    for m in q.cards:
        if m.name != name:
            continue
        before = _before(q, m)
        if _I_TOOK.search(before):
            return YOU  # "I steal my opponent's Doomwake Giant": it is mine now
        if re.search(r"(opponent'?s'?|their|his|her) $", before) or re.search(
            r"opponent (controls|has|casts|plays) (an? |the )?$", before
        ):
            return OPPONENT
    return YOU


def _mention_controller(q: Question, m: CardMention) -> str:
    """Who controls this one mention ("my opponent's Grim Guardian"), by the words before it."""
    before = _before(q, m)
    if _I_TOOK.search(before):
        return YOU
    if re.search(r"(opponent'?s'?|their|his|her) $", before) or re.search(
        r"opponent (controls|has|casts|plays) (an? |the )?$", before
    ):
        return OPPONENT
    return YOU


def _named_both_ways(q: Question) -> bool:
    """ "I cast Eidolon of Blossoms. How many cards do I draw when the Eidolon resolves?": one
    name both watching and entering, with no word for a second copy: one object or two is
    what the count turns on."""
    if q.has(r"\b(another|second|other|2nd|two|both|extra|already|new)\b"):
        return False
    for m in q.cards:
        if not m.of_kind("enchantment_enters"):
            continue
        same = [o for o in q.cards if o.name == m.name]
        ways = {_is_entering(q, o) for o in same}
        # "my opponent's Grim Guardian" beside mine: two objects, told apart by who has them.
        one_side = len({_mention_controller(q, o) for o in same}) == 1
        if len(same) > 1 and ways == {True, False} and one_side:
            return True
    return False


def _watcher_mentions(q: Question) -> list[CardMention]:
    """Named cards with enchantment-enters abilities that watch (don't enter), one per name."""
    out: list[CardMention] = []
    for m in q.cards:
        fresh = all(o.name != m.name for o in out)
        if m.of_kind("enchantment_enters") and not _is_entering(q, m) and fresh:
            out.append(m)
    return out


def _asked_watcher(q: Question) -> str | None:
    for m in q.cards:
        if m.of_kind("enchantment_enters") and (
            _is_asked(q, m)
            # "How many Eidolon triggers do I get?"
            or (
                re.search(r"\bhow many (of )?(my |the )?$", _before(q, m, 20))
                and re.match(r"('s)? (triggers|constellation triggers|abilities)\b", _after(q, m))
            )
        ):
            return m.name
    # "how many eidolon triggers": one word of one watcher's name, written lowercase.
    word = re.search(
        r"\bhow many (?:of )?(?:my |the )?([a-z]{4,})(?:'s)? (?:constellation )?(?:triggers|abilities)\b",
        q.text.casefold(),
    )
    if word is not None:
        named = {
            m.name
            for m in q.cards
            if m.of_kind("enchantment_enters")
            and word[1] in re.findall(r"[a-z]+", m.name.casefold())
        }
        if len(named) == 1:
            return named.pop()
    return None


def _is_creator(q: Question, m: CardMention) -> bool:
    """'CARD makes an Angel token', 'put onto the battlefield with CARD': the named card
    makes or moves what enters; it doesn't enter."""
    before = _before(q, m, 60)
    if re.search(r"\benchanted\b[^.?!]*\bwith( my| the| an?| their| his| her)? $", before):
        return False  # "I enchanted their creature with Control Magic": the Aura entered
    return bool(
        re.match(r"\s*(makes|creates|puts|returns|gives|brings)\b", _after(q, m))
        or re.search(
            r"\b(with|by|using|via|thanks to)( my| the| an?| their| his| her)? $", _before(q, m)
        )
    )


def _moved(q: Question, m: CardMention) -> bool:
    """'If I reanimate CARD': the named card itself is what enters."""
    return bool(
        re.search(
            r"\b(reanimate|flicker|blink|return|put|resurrect|cast)(s|ed|ing)? (my |the |a |an )?$",
            _before(q, m, 30),
        )
    )


# Oracle text that puts cards onto the battlefield; one that casts them may bestow them.
_PUTS_ONTO = lazy(r"\b(return|put)s? [^.]*\b(to|onto) the battlefield\b", re.I)


def _unreminded(text: str) -> str:
    """Oracle text without its reminder text, which restates rules, not what the card does."""
    return re.sub(r"\([^()]*\)", "", text)


def _puts_without_casting(m: CardMention) -> bool:
    text = _unreminded(m.card.oracle_text)
    return (
        len(m.faces) == 1
        and bool(_PUTS_ONTO.search(text))
        and not re.search(r"\b(cast|bestow\w*|aura)\b", text, re.I)
    )


def _returns_auras(m: CardMention) -> bool:
    """ "Return each Aura card from your graveyard to the battlefield. Only creatures can be
    enchanted this way." (Retether): Auras put onto the battlefield, onto creatures."""
    text = _unreminded(m.card.oracle_text).strip()
    rest = _RETURNS_AURAS.sub("", text, count=1).strip()
    return len(m.faces) == 1 and rest != text and rest in ("", _ONLY_CREATURES)


_RETURNS_AURAS = lazy(
    r"^(return|put) (each|all) aura cards? from your graveyard (to|onto) the battlefield\.",
    re.I,
)
_ONLY_CREATURES = "Only creatures can be enchanted this way."


def _shielded_host(m: CardMention) -> bool:
    """A creature named as an Aura's host whose text is keywords and the like that stop
    targeting (hexproof, shroud, ward), nothing that stops being enchanted (protection)."""
    text = _unreminded(m.card.oracle_text)
    return (
        "Creature" in m.card.types
        and len(m.faces) == 1
        and bool(re.search(r"\b(hexproof|shroud|ward)\b", text, re.I))
        and not re.search(r"\b(protection|enchant\w*|auras?|attach\w*|equip\w*)\b", text, re.I)
    )


_TOKEN_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")


def _token_types(m: CardMention) -> frozenset[str] | None:
    """The card types of the one kind of token a card's text creates, if it says."""
    found = re.findall(r"\bcreates? ([^.;]*?)\btokens?\b", m.card.oracle_text, re.I)
    kinds = {
        frozenset(t.capitalize() for t in _TOKEN_TYPES if re.search(rf"\b{t}\b", phrase.casefold()))
        for phrase in found
    }
    if len(kinds) != 1:
        return None
    only = next(iter(kinds))
    return only or None


_TOKEN_COUNT = lazy(
    r"\b(?P<n>\d+|an?|one|two|three|four|five|six) (?:[\w/'+-]+ ){0,3}?tokens?\b(?! (?:cop(?:y|ies)))"
)
_CREATED_COUNT = lazy(r"\bcreates? (?P<n>\w+)\b", re.I)


def _token_count(q: Question) -> int | str | None:
    """How many tokens enter, as the text counts them ("makes two Centaur tokens"), else as
    the one card that creates them says ("Create two ..."); "several" when that card's number
    isn't fixed ("X", "that many")."""
    said = _TOKEN_COUNT.search(q.lower)
    if said is not None:
        word = said["n"]
        return int(word) if word.isdigit() else _COUNT_WORDS.get(word, 1)
    creators = {m.name: m for m in q.cards if _is_creator(q, m)}
    if len(creators) != 1:
        return None
    made = _CREATED_COUNT.findall(_unreminded(next(iter(creators.values())).card.oracle_text))
    counts = {int(w) if w.isdigit() else _COUNT_WORDS.get(w.casefold()) for w in made}
    if len(counts) != 1:
        return "several" if made else None
    n = counts.pop()
    return n if n is not None else "several"


def _copied_by(q: Question, m: CardMention) -> CardMention | None:
    """'a Clone copying my Doomwake Giant': the card a copy-entering card copies."""
    if "as a copy of" not in m.card.oracle_text:
        return None
    for other in q.cards:
        if other.start <= m.end or other.name == m.name:
            continue
        between = q.text[m.end : other.start].casefold()
        if re.fullmatch(
            r"\s*(?:enters? |entering |comes in )?(?:as a copy of|copying|copies|that copies|"
            r"as a copy of|to copy)\s+(?:my |a |an |the |your |their |opponent'?s'? )*",
            between,
        ):
            return other
    # "I cast Spark Double copying it": the pronoun stands for the one other card named before.
    if _COPYING_PRONOUN.match(q.text[m.end : m.end + 40].casefold()):
        before = [o for o in q.cards if o.end <= m.start and o.name != m.name]
        if len({o.name for o in before}) == 1:
            return before[-1]
    return None


_COPYING_PRONOUN = lazy(
    r"\s*(?:enters? |entering |comes in |and have it enter |to enter )?"
    r"(?:as a copy of|copying|copies|that copies|to copy) (?:it|that one|that|him|her)\b"
)


def _takes_control(m: CardMention) -> bool:
    """An instant or sorcery that gains control of a permanent ("Gain control of target
    creature until end of turn")."""
    return (
        len(m.faces) == 1
        and m.card.types <= {"Instant", "Sorcery"}
        and bool(re.match(r"gain control of target\b", _unreminded(m.card.oracle_text), re.I))
    )


def _makes_permanents(m: CardMention) -> bool:
    """An instant or sorcery whose text creates tokens or puts cards onto the battlefield."""
    text = _unreminded(m.card.oracle_text)
    return m.card.types <= {"Instant", "Sorcery"} and bool(
        re.search(r"\bcreates? [^.]*\btokens?\b|\b(to|onto) the battlefield\b", text, re.I)
    )


def _unread_copy(q: Question) -> CardMention | None:
    """A named permanent that may enter as a copy of something, entering with no copied
    object read: what it is as it enters isn't known (CR 707.2)."""
    for m in _entering_mentions(q):
        if (
            "as a copy of" in m.card.oracle_text
            and not m.card.types <= {"Instant", "Sorcery"}
            and _copied_by(q, m) is None
        ):
            return m
    return None


def _entering_mentions(q: Question) -> list[CardMention]:
    watching = {m.name for m in _watcher_mentions(q)}
    return [
        m
        for m in q.cards
        if (m.name not in watching or _is_entering(q, m))
        and not _is_creator(q, m)
        # "I enchanted their Grizzly Bears with Pacifism": the creature was already there.
        and not re.search(
            r"\benchanted (my |an |the |a |his |her |their )?(opponent'?s'? )?$", _before(q, m)
        )
    ]


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _generic_watcher(n: int) -> Permanent:
    return Permanent(
        name=(
            f"the {_ORDINALS[min(n, len(_ORDINALS)) - 1]} constellation permanent"
            if n
            else "your constellation permanent"
        ),
        types=frozenset({"Enchantment", "Creature"}),
        abilities=(_GENERIC_CONSTELLATION,),
    )


# Combat rules beyond the blocking requirements: damage assignment, evasion,
# and what may be targeted.
_UNMODELLED_COMBAT = (
    r"\bdamage\b",
    r"\bassign",
    r"\bdeathtouch\b",
    r"\btrample",
    r"\bfirst strike\b",
    r"\bdouble strike\b",
    r"\blifelink\b",
    r"\bhexproof\b",
    r"\bshroud\b",
    r"\bward\b",
    r"\bprotection\b",
    r"\bindestructible\b",
    r"\bunblockable\b",
    r"can'?t be blocked",
)
# Questions about enchantments entering that turn on rules the engine does not model:
# copying or stopping triggers, timing inside resolution, layers, targeting restrictions.
_UNMODELLED_ENTERS = (
    r"\bcop(y|ies|ying) (the |that |a |my |its |this )?(\w+ )?(trigger|triggered ability)",
    r"\bbefore (the |its |that |my )?(\w+ )?(trigger|ability) resolves",
    r"\btoughness\b",
    r"\blayers?\b",
    r"\bward\b",
    r"\b(trigger|ability) target(s|ing)?\b.*\b(hexproof|shroud|protection)\b",
    # "As it enters" is a replacement effect applied before any trigger (CR 614.1c).
    r"\bas (\w+ )?(enters|entering)\b",
)
# Words of an oracle line no parser understood that bear on enchantments entering or
# attaching: a card with such a line does something the engine can't see.
_ENTERS_TEXT = lazy(
    r"in addition to its other types|\battach (it|this|them)\b|\bconstellation\b"
    r"|\bas [^.,]{0,40}? enters\b|\benchantments?\b[^.]*\benters?\b|\benters?\b[^.]*\benchantments?\b",
    re.I,
)


# An unparsed line that changes an enchantment's types, or makes something an enchantment:
# a layer-4 effect (CR 613.1d) the engine doesn't apply.
_ENCHANTMENT_TYPE_CHANGE = lazy(
    r"\benchantments?\b[^.]*\b(is|are|becomes?) (an? )?(\w+ )?(creature|enchantment)s?\b"
    r"[^.]*in addition to its other types|\bis an enchantment in addition to its other types",
    re.I,
)


def _enchantment_type_change(q: Question) -> bool:
    return any(
        _ENCHANTMENT_TYPE_CHANGE.search(line)
        for m in q.cards
        for f in m.faces
        for line in f.unparsed
    )


# "As it enters, choose a color.": a choice the entering permanent makes about itself, which
# changes neither its types nor who controls it, so no enters trigger depends on it.
_SELF_CHOICE = lazy(
    r"\bas (it|this \w+|~) enters, choose an? (color|creature type|card type|basic land type|"
    r"land type|number|player|opponent|card name|mode)\.",
    re.I,
)


# "You may have this enchantment enter as a copy of an enchantment you control, except it
# has '...'": read as the copy the question names, when it names one; the ability the copy
# gains doesn't bear on entering.
_COPY_LINE = lazy(
    r"you may have [^.]*? enter as a copy of [^.\"]*?(, except it (has|gains) \"[^\"]*\")?\.?",
    re.I,
)


def _unread_entering_text(q: Question) -> bool:
    """A named card has an unparsed line about entering, the battlefield or attaching."""
    return any(
        _ENTERS_TEXT.search(_SELF_CHOICE.sub("", line))
        and not (_COPY_LINE.fullmatch(line.strip()) and _copied_by(q, m) is not None)
        for m in q.cards
        for f in m.faces
        for line in f.unparsed
    )


# Oracle text of a card that copies, multiplies or stops triggered abilities.
_TRIGGER_CHANGER = lazy(
    r"copy target (activated or )?triggered ability|(don't|can't) cause abilities to trigger"
    r"|triggers? an additional time",
    re.I,
)


# A card giving creatures a keyword or restriction that decides who may block them, or
# taking their abilities (CR 509.1b, 613.1f).
_GRANTS_EVASION = lazy(
    r"\b(have|has|gains?|get|gets)\b[^.]*\b(flying|menace|reach|shadow|fear|intimidate|"
    r"horsemanship|skulk|\w+walk)\b|\bcan't (attack or )?(block|be blocked)\b|"
    r"\blos(e|es) all abilities\b"
)


class ConstellationHandler:
    """Constellation and enchantment-enters triggers, Aura/bestow resolution, trigger order, must-be-blocked."""

    family = "constellation"

    def scenarios(self, q: Question) -> list[Scenario]:
        out: list[Scenario] = []
        block = self._must_be_blocked(q)
        if block is not None:
            out.append(block)
        if _enchantment_type_change(q) and q.has(r"\benchantments?\b", r"\bauras?\b"):
            out.append(
                Scenario(
                    "enchantment_type_change_unmodelled",
                    "yesno",
                    0.97,
                    _missing("how the named card's type-changing effect applies (CR 613)"),
                    self._cards(q),
                )
            )
            return out
        left = (
            self._aura_back_to_hand(q)
            or self._aura_left(q)
            or self._aura_put(q)
            or self._aura_host(q)
            or self._aura_cast_target(q)
        )
        if left is not None:
            out.append(left)
            return out
        if not self._about_enchantments_entering(q):
            return out
        uncast = self._bestow_uncast(q)
        if uncast is not None:
            out.append(uncast)
            return out
        quality = self._bestowed_quality(q)
        if quality is not None:
            out.append(quality)
            return out
        cost = self._bestow_cost(q)
        if cost is not None:
            out.append(cost)
            return out
        spell = self._bestowed_spell(q)
        if spell is not None:
            out.append(spell)
            return out
        status = self._bestowed_status(q)
        if status is not None:
            out.append(status)
            return out
        if q.has(*_UNMODELLED_ENTERS) or any(
            _TRIGGER_CHANGER.search(m.card.oracle_text) for m in q.cards
        ):
            out.append(
                Scenario(
                    "enchantment_enters_unmodelled",
                    "yesno",
                    0.97,
                    _missing("how the other rules or cards the question names apply"),
                    self._cards(q),
                )
            )
            return out
        cast = self._cast_trigger(q)
        if cast is not None:
            out.append(cast)
            return out
        if _named_both_ways(q):
            out.append(
                Scenario(
                    "enchantment_enters_unmodelled",
                    "number" if q.asks(r"\bhow many\b") else "yesno",
                    0.97,
                    _missing("whether the card that enters is the one already named or another"),
                    self._cards(q),
                )
            )
            return out
        if any(
            _is_asked(q, m)
            and not m.of_kind("enchantment_enters")
            and re.match(
                r"(\s*'s?( \w+)? (ability|abilities|constellation))?\s+(still )?trigger",
                _after(q, m),
            )
            for m in q.cards
        ):
            # "Does Enchantress's Presence trigger ...?" asks about a card with no
            # enchantment-enters ability; a generic constellation answer would be a guess.
            return out
        if q.has(r"\bphased out\b") and not q.has(
            r"\bphases? (back )?in\b", r"\bphased (back )?in\b"
        ):
            return out  # a phased-out permanent is treated as though it doesn't exist
        built = [
            s
            for build in (self._elsewhere, self._order, self._aura, self._enters)
            if (s := build(q))
        ]
        if built and _unread_entering_text(q):
            # A named card does something on entering or attaching that no parser read.
            built = [
                Scenario(
                    "enchantment_enters_unmodelled",
                    built[0].kind,
                    0.97,
                    _missing("what the named cards' unparsed abilities do"),
                    self._cards(q),
                )
            ]
        out.extend(built)
        if _asks_what(q):
            # "How many triggers ...?" is never answered by a yes or a no.
            out = [s for s in out if s.kind != "yesno"]
        return out

    def _cast_trigger(self, q: Question) -> Scenario | None:
        """'Does Enchantress's Presence trigger if I reanimate an enchantment?': a "whenever you
        cast an enchantment spell" ability sees spells being cast, not permanents entering
        (CR 601.2i, 603.2)."""
        found = [
            (m, r)
            for m in q.cards
            if len(m.faces) == 1
            for r in spell_rules(m.card.oracle_text)
            if r.kind == "cast_trigger"
        ]
        # "Enchantress's Presence ... does Presence trigger?": one card, named twice.
        found = list({(m.name, r.text): (m, r) for m, r in found}.values())
        if len(found) != 1:
            return None
        source, rule = found[0]
        if not any(w.casefold() in ("enchantment", "aura") for w in rule.qualities):
            return None  # spells of other kinds are not this family's part
        mentions = [m for m in q.cards if m.name == source.name]
        draws = bool(re.search(r"\bdraw\b", rule.text, re.I))
        asked = any(
            _is_asked(q, m)
            and re.match(
                r"(\s*'s?( \w+)? (ability|abilities))?\s+(still )?(trigger|draw)", _after(q, m)
            )
            for m in mentions
        ) or (draws and q.asks(r"\b(do|does|did|will|would|should) i (still )?(get to )?draw\b"))
        # "Do I gain life from Sythis?", "do I still get the card?" ask the same of a trigger
        # that gains life or draws.
        asked = asked or bool(
            re.search(r"\bgains? (\d+ |x )?life\b|\bdraws?\b", rule.text, re.I)
            and q.asks(
                r"\b(do|does|did|will|would|should) i (still )?(get to )?gain\b",
                r"\b(do|does|did|will|would|should) i (still )?get (the |my |a |an |\d+ |one )?"
                r"(\d+ )?(life|card|draw|trigger)",
            )
        )
        if not asked or any(_is_entering(q, m) or _moved(q, m) for m in mentions):
            return None  # the card itself entering or cast: its ability isn't on the battlefield
        if q.has(
            r"\bcop(y|ies|ying|ied)\b",
            r"\bCARD (is|was|'s) (still )?in (my|your|their|his|her|the) "
            r"(graveyard|hand|library|exile)",
        ):
            return None
        others = [m for m in q.cards if m.name != source.name]
        # "Replenish put two enchantments back": the card that moves them onto the battlefield
        # is neither what enters nor an enchantment spell cast.
        movers = {
            m.name
            for m in others
            if len(m.faces) == 1
            and _PUTS_ONTO.search(_unreminded(m.card.oracle_text))
            and not re.search(r"\b(cast|copy)\b", _unreminded(m.card.oracle_text), re.I)
        }
        if movers and not q.has(r"\benchantments?\b", _ENCHANTMENT_SUBTYPES):
            return None  # what the card moves isn't said
        if movers and any("Enchantment" in m.card.types for m in others if m.name in movers):
            return None  # casting the mover may itself be casting an enchantment spell
        others = [m for m in others if m.name not in movers]
        if any(
            m.card.types & {"Instant", "Sorcery"}
            or len(m.faces) != 1
            or re.search(
                r"\bcast\b|\bcopy\b|\bwithout paying\b", _unreminded(m.card.oracle_text), re.I
            )
            for m in others
        ):
            return None  # another card casts, copies or moves the spell: not read here
        event = _event(q)
        if event is None:
            return None
        how, caster, types, subtypes, _ = event
        cast_verbs = r"\b(cast|casts|casting|casted)\b"
        movers_cast = sum(
            1
            for m in q.cards
            if m.name in movers
            and re.search(cast_verbs[:-2] + r" (a |an |my |the )?$", _before(q, m, 20))
        )
        if movers and len(re.findall(cast_verbs, q.text.casefold())) > movers_cast:
            return None  # something besides the mover is cast as well
        if movers and how in ("cast", "resolve"):
            how = "put"  # the spell cast is the mover; what it moves is put onto the battlefield
        named = {m.name: m for m in others}
        if len(named) > 1:
            return None
        if named:
            # The other card named is what is cast or enters.
            only = next(iter(named.values()))
            types, subtypes = only.card.types, only.card.subtypes
        if how == "resolve" and q.has(r"\bplay(s|ed|ing)?\b") and not (types and "Land" in types):
            how = "cast"  # "I play an Aura": a spell cast
        if how == "resolve":
            return Scenario(
                "constellation_cast_trigger",
                "yesno",
                0.9,
                _missing("whether the enchantment was cast as a spell"),
                (source.name,),
            )
        controller = _mention_controller(q, mentions[0])
        spell_types = types or frozenset({"Enchantment"})
        kinds = spell_types | subtypes
        if not named and not q.has(_ENCHANTMENT_SUBTYPES, r"\benchantments?\b"):
            return None  # "when I cast it": what is cast isn't named
        if how == "cast" and not ({"Enchantment", "Aura"} & kinds):
            return None  # what was cast isn't said to be an enchantment
        name = source.name

        def run() -> Ruling:
            return c.cast_trigger(rule, name, how, kinds, caster, controller, name)

        return Scenario("constellation_cast_trigger", "yesno", 0.9, run, (name,))

    def _elsewhere(self, q: Question) -> Scenario | None:
        """'Doomwake Giant is in my graveyard ... does it trigger?': only permanents trigger."""
        if not q.fuzzy_has("trigger"):
            return None
        if _returner(q) or q.has(
            _BACK,
            r"\b(return|returns|returned|returning|reanimat\w*|put|puts|cast|casts|play|plays)\b"
            r"\s+(it|CARD|them)\b",
        ):
            return None  # it may not stay where it is: what brings it onto the battlefield
        for m in q.cards:
            if not m.of_kind("enchantment_enters"):
                continue
            zone = re.match(
                r"\s*(?:is|was|'s|are|sits|stays)( still)? in (my|your|their|his|her|the|an opponent's) "
                r"(graveyard|hand|library|exile)\b",
                _after(q, m, 45),
            )
            if zone is None and len({w.name for w in _watcher_mentions(q)}) == 1:
                zone = re.search(
                    r"\bit(?:'s| is| was)( still)? in (my|your|their|his|her|the) "
                    r"(graveyard|hand|library|exile)\b",
                    q.lower,
                )
            if zone is None:
                continue
            where = f"{zone.group(2)} {zone.group(3)}"
            name = m.name
            return Scenario(
                "constellation_watcher_elsewhere",
                "yesno",
                0.93,
                partial(c.watcher_elsewhere, name, where, name),
                (name,),
            )
        return None

    # -- recognising ------------------------------------------------------------
    @staticmethod
    def _about_enchantments_entering(q: Question) -> bool:
        if _watcher_mentions(q) or q.fuzzy_has("constellation"):
            return True
        if any("Aura" in m.card.subtypes or m.of_kind("bestow") for m in q.cards):
            return True
        if any(
            r.kind == "cast_trigger" and "enchantment" in (w.casefold() for w in r.qualities)
            for m in q.cards
            for r in spell_rules(m.card.oracle_text)
        ):
            return True  # "whenever you cast an enchantment spell"
        return q.has(
            r"\baura('s)? (spell|target)",
            r"\baura\b[^.?!]*\b(resolv\w*|fizzl\w*|in response|countered|illegal)\b",
            r"enchantment(s)? (you control |i control )?(enter|come)",
            r"\benchantment.*\btrigger",
            r"\btrigger.*\benchantment",
            r"\bbestow",
        )

    def _cards(self, q: Question) -> tuple[str, ...]:
        named = tuple(m.name for m in _watcher_mentions(q))
        return named or (CONSTELLATION_REFERENCE,)

    def _watchers(self, q: Question) -> list[Permanent]:
        if q.board is not None:
            stated = [
                p
                for p in q.board.battlefield
                if any(isinstance(a, EnchantmentEnters) for a in p.abilities)
            ]
            if stated:
                return stated
        mentions = _watcher_mentions(q)
        many = _many(q)
        if mentions:
            taken = _watcher_taken(q)
            perms = [
                _perm(
                    m,
                    taken[2]
                    if taken and _taken_name(q, taken) == m.name
                    else _mention_controller(q, m),
                )
                for m in mentions
            ]
            if len(perms) == 1 and many > 1:
                perms += [_perm(mentions[0], suffix=f" #{i}") for i in range(2, many + 1)]
            return perms
        generic = (
            [_generic_watcher(i) for i in range(1, many + 1)] if many > 1 else [_generic_watcher(0)]
        )
        if q.has(
            r"opponent'?s'? constellation",
            r"opponent controls (a |an )?constellation",
            r"their constellation",
        ):
            return [
                w.model_copy(update={"controller": OPPONENT, "owner": OPPONENT}) for w in generic
            ]
        return generic

    # -- scenarios -------------------------------------------------------------
    def _order(self, q: Question) -> Scenario | None:
        if not q.has(
            r"\border\b", r"resolves? first", r"which (one )?(goes|resolves)", r"\bapnap\b"
        ):
            return None
        if not q.fuzzy_has("trigger"):
            return None
        # "Who orders them?" isn't a yes/no question; leave it to the rules search.
        if not q.has(r"\b(do|does|can|may|am|will|is|should) (i|you|we|my|the|each|they)\b"):
            return None
        if q.has(
            r"resolve[sd]? in (the )?(same )?order (that )?(i|you|they|we) (put|place|stack|add)"
        ):
            return Scenario("constellation_order", "yesno", 0.9, _last_in_first_out, self._cards(q))
        if not q.has(
            r"\b(choose|choice|decide|pick|get to|determine|any order|set the order|"
            r"order them|which order|what order)"
        ):
            return None
        opponent_asked = q.has(
            r"(does|do|can|will) (my |the )?opponent(s)? (choose|decide|pick|get to)"
        )
        watchers = self._watchers(q)
        triggers = [c.Triggered(w.name, w.controller, "an enchantment") for w in watchers] or [
            c.Triggered("constellation permanent", YOU, "an enchantment")
        ]
        card = watchers[0].card.name if watchers and watchers[0].card else None

        def run() -> Ruling:
            ruling = c.trigger_order(triggers, YOU, card)
            return _flip(ruling) if opponent_asked else ruling

        return Scenario("constellation_order", "yesno", 0.9, run, self._cards(q))

    def _aura(self, q: Question) -> Scenario | None:
        aura_cards = [m for m in q.cards if "Aura" in m.card.subtypes or m.of_kind("bestow")]
        if not (q.has(r"\baura\b", r"\bbestow") or aura_cards):
            return None
        if not q.has(
            r"\b(does|do|is|will|can|would|should)\b",
            r"\b(doesn't|don't|isn't|won't|can't|wouldn't|shouldn't|didn't)\b",
        ):
            return None
        if any(
            re.search(
                r"\b(return|put|reanimate|bring)\w*( back)?( my| the| an?| their)? $", _before(q, m)
            )
            for m in aura_cards
        ):
            # An Aura returned or put onto the battlefield isn't cast and has no target (CR 303.4f).
            return None
        if _fell_off(q):
            return self._bestow_unattached(q)
        if not q.has(
            r"\bspell\b",
            r"in response",
            r"resolv",
            r"on the stack",
            r"\bcast",
            r"\btarget",
            r"\bfizzl",
        ):
            return None
        if not q.has(
            r"illegal",
            r"removed",
            r"in response",
            r"fizzle",
            r"(dies|died|leaves|left|destroyed|"
            r"exiled|sacrificed|bounced|gone|killed|murdered)",
            r"no longer (there|legal|on the battlefield)",
            r"hexproof|shroud|protection",
            _CONTROL_TAKEN,
        ):
            return None
        if q.has(
            r"\bcountered by\b",
            r"\b(i|you|they|opponent) counters?\b",
            r"\bcounterspell\b",
        ) and not q.has(r"illegal", r"\btarget"):
            if not (q.fuzzy_has("trigger") or q.fuzzy_has("constellation")):
                return None
            watchers = self._watchers(q)
            return (
                Scenario(
                    "constellation_aura_countered",
                    "yesno",
                    0.92,
                    _countered,
                    self._cards(q) + tuple(m.name for m in aura_cards),
                )
                if watchers
                else None
            )
        if q.asks(
            r"\b(return|returns|returned|returning|put|puts|putting|bring|brings|brought)\b"
            r"[^.?!]{0,40}\b(battlefield|into play)\b"
        ):
            # An Aura put onto the battlefield without being cast targets nothing (303.4f).
            return None
        bestow_card = any(m.of_kind("bestow") for m in q.cards)
        normal = q.has(
            r"without bestow",
            r"non-?bestow",
            r"(normal|regular|ordinary|plain|non-bestowed) aura",
            r"not (cast )?bestowed",
            r"wasn't bestowed",
            r"isn't bestowed",
        )
        bestowed = (q.has(r"\bbestow") or bestow_card) and not normal
        name = next(
            (m.name for m in q.cards if m.of_kind("bestow")),
            aura_cards[0].name if aura_cards else "the Aura spell",
        )
        types = frozenset({"Enchantment", "Creature"}) if bestowed else frozenset({"Enchantment"})
        spell = Spell(name=name, types=types, subtypes=frozenset({"Aura"}), bestowed=bestowed)
        state = GameState(battlefield=tuple(self._watchers(q)))
        cards = self._cards(q) + tuple(m.name for m in aura_cards)
        if q.asks(_ATTACH_ASKED) and not q.asks(*_RESOLUTION_ASKED):
            # "Can I attach it to the token?" asks what an attaching effect allows of what
            # entered, not whether anything triggered or whether the spell resolved.
            return Scenario(
                "constellation_aura_attach_unread",
                "yesno",
                0.92,
                _missing("what the effect that attaches it allows of what entered (CR 701.3)"),
                cards,
            )
        asks_trigger = q.fuzzy_has("trigger") or q.fuzzy_has("constellation")
        asks_countered = q.has(r"fizzle", r"countered", r"go(es)? to the graveyard")
        # Hexproof stops only an opponent's targeting (CR 702.11b), and "in response" alone
        # says nothing happened to the target: either may leave an ordinary Aura's target legal.
        certain = q.has(
            r"\b(illegal|removed|dies|died|leaves|left|destroyed|exiled|sacrificed|bounced|"
            r"gone|shroud|protection|killed|murdered)\b",
            r"no longer (there|legal|on the battlefield)",
            # Told, not asked: "my aura fizzled", "if it fizzles, ...".
            r"\bfizzled\b",
            r"\b(if|when|after|once) [^,?]*\bfizzles?\b",
            r"\b(that|which) fizzles?\b",
        ) or (
            q.has(r"\bhexproof\b")
            and q.has(
                r"\b(opponent'?s'?|their|his|her) (\w+ )?(creature|target|permanent)",
                r"\b(on|targeting|at) (my |an |the )?opponent'?s'?\b",
            )
            and not q.has(r"\bopponent'?s'? (aura|spell)", r"\bopponent (casts?|cast)")
        )
        if not certain and q.has(_CONTROL_TAKEN):
            return self._aura_control_changed(q, spell, state, asks_trigger, asks_countered, cards)
        if not bestowed and not certain:
            return Scenario(
                "constellation_aura_illegal_target",
                "yesno",
                0.92,
                _missing("whether the Aura spell's target became illegal"),
                cards,
            )

        def run() -> Ruling:
            if asks_trigger:
                return c.aura_spell_triggers(state, spell, target_legal=False)
            _, ruling = c.resolve_aura(spell, target_legal=False)
            return _flip(ruling) if asks_countered else ruling

        cards = self._cards(q) + tuple(m.name for m in aura_cards)
        return Scenario("constellation_aura_illegal_target", "yesno", 0.92, run, cards)

    def _aura_control_changed(
        self,
        q: Question,
        spell: Spell,
        state: GameState,
        asks_trigger: bool,
        asks_countered: bool,
        cards: tuple[str, ...],
    ) -> Scenario | None:
        """'My opponent gains control of the creature my Rancor targets': the target is still a
        creature, legal unless the enchant ability asks for one its controller controls (608.2b)."""
        if q.has(r"\b(hexproof|shroud|protection|ward)\b"):
            return None  # who controls it now decides targeting: not read here
        if not q.has(
            r"\b(opponents?|they|he|she) (\w+ )?((gains?|gained|takes?|took) control|steals?|stole)\b"
        ):
            return None  # only a target taken by another player is read
        auras = {m.name: m for m in q.cards if "Aura" in m.card.subtypes or m.of_kind("bestow")}
        if spell.bestowed:
            enchant = "creature"
        elif len(auras) == 1:
            aura = next(iter(auras.values()))
            lines = re.findall(r"^Enchant ([a-z ]+)$", aura.card.oracle_text, re.M)
            if len(lines) != 1 or len(aura.faces) != 1:
                return None
            enchant = lines[0]
        else:
            return None
        words = enchant.split()
        if len(words) == 1 and words[0] in ("creature", "permanent", "artifact", "land"):
            legal = True
        elif words[1:] == ["you", "control"]:
            legal = False
        else:
            return None
        what = enchant

        def run() -> Ruling:
            check = c.target_after_control_change(spell.name, what, legal)
            if asks_trigger:
                then = c.aura_spell_triggers(state, spell, target_legal=legal)
            else:
                _, then = c.resolve_aura(spell, target_legal=legal)
                then = _flip(then) if asks_countered else then
            return Ruling(verdict=then.verdict, steps=check.steps + then.steps)

        return Scenario("constellation_aura_control_changed", "yesno", 0.92, run, cards)

    def _bestow_uncast(self, q: Question) -> Scenario | None:
        """'Replenish returns my Boon Satyr: can I bestow it?': only a cast spell can be
        bestowed (CR 702.103a)."""
        bestowers = [m for m in q.cards if m.of_kind("bestow")]
        if len({m.name for m in bestowers}) != 1 or not q.asks(
            r"\b(can|could|may|will|would|does|do|is|should) (i |you |it |CARD )?"
            r"(still )?(bestow|be bestowed|come back bestowed|enter bestowed|return bestowed)\b",
            # "Can I have it come back attached to a creature as an aura?"
            r"\b(come|comes|return|returns|enter|enters) (back )?(attached|as an aura|bestowed)\b",
        ):
            return None
        name = bestowers[0].name
        if any(
            re.search(r"\bcast(s|ing)? (my |the |a |an )?$", _before(q, m, 20)) for m in bestowers
        ):
            return None  # the bestow card itself is cast
        if q.has(r"\bcast(s|ing)? (it|them)\b", r"\bwithout paying\b", r"\bflash\b"):
            return None
        others = [m for m in q.cards if m.name != name]
        moved = any(
            _moved(q, m) or _BROUGHT_BACK.search(_before(q, m, 30)) for m in bestowers
        ) or any(
            re.match(
                r"\s*(is|was|gets|got|has been|had been) (returned|put|reanimated|brought back)\b",
                _after(q, m),
            )
            for m in bestowers
        )
        putters = [m for m in others if _puts_without_casting(m)]
        if (
            moved
            and not putters
            and not q.has(r"\b(battlefield|into play|reanimat\w*|flicker\w*|blink\w*)\b")
        ):
            moved = False  # returned to a hand, it may still be cast bestowed
        if others and len(putters) != len(others):
            return None  # another named card may cast it, or change what it is
        if not moved and not (
            putters
            and q.has(
                r"\bin (my|your|their|his|her|the|a|an opponent's) graveyard\b",
                # "if I return it with Replenish": the putter moves the bestow card.
                r"\b(return|reanimat|put|bring)\w* (it|them)\b",
            )
        ):
            return None
        how = (
            f"put onto the battlefield by {putters[0].name}"
            if putters
            else "put onto the battlefield"
        )
        return Scenario(
            "constellation_bestow_uncast",
            "yesno",
            0.9,
            lambda: c.bestow_uncast(name, how, name),
            (name, *(m.name for m in putters)),
        )

    def _bestowed_quality(self, q: Question) -> Scenario | None:
        """'Does Nikya stop me casting it bestowed?', 'Does a bestowed Shieldmate trigger
        Champion of the Parish?': a bestowed spell is an Aura spell and no creature spell, and
        the permanent an Aura without creature types (CR 702.103b, 702.103d, 601.3b)."""
        if not q.has(r"\bbestow") or q.has(
            r"\bcast(s|ing)? (it |them |CARD )?(as an? (enchantment )?creature|normally)\b",
            r"\b(without|not|never|isn't|wasn't) (cast )?bestow",
            r"\bnon-?bestow",
            r"\bfor (its|their) (mana|normal|regular|printed) cost\b",
            r"\bcop(y|ies|ying)\b",
            r"\bopponents?\b(?!'s turn)",
            r"\b(gain|gains|gained|take|took) control\b",
            r"\bwithout paying\b",
            # An illegal target makes it a creature spell (CR 702.103e); leaving its creature
            # makes it a creature (702.103f).
            r"\b(illegal|in response|fizzl\w*|dies|died|destroyed|removed|leaves|left|"
            r"unattached|sacrificed|exiled|bounced|hexproof|shroud|protection|phas\w+)\b",
        ):
            return None
        bestowers = [m for m in q.cards if m.of_kind("bestow")]
        names = {m.name for m in bestowers}
        if len(names) > 1:
            return None
        sources = [m for m in q.cards if m.name not in names]
        if len({m.name for m in sources}) != 1 or len(sources[0].faces) != 1:
            return None
        source = sources[0]
        rules = spell_rules(source.card.oracle_text)
        speed = q.asks(
            r"\b(instant speed|flash|opponent's turn|end step|in response|during combat|"
            r"any time|at instant)\b"
        )
        flip = False
        # "Do I draw?" of a trigger that draws asks whether it triggers.
        draw_asked = q.asks(r"\b(do|does|did|will|would|should) i (still )?(get to )?draw\b")
        if q.asks(r"\b(trigger\w*|counts?|counting|counted)\b") or draw_asked:
            kinds: tuple[str, ...] = ("cast_trigger", "enters_trigger")
        elif q.asks(r"\b(prevents?|stops?|forbids?|prohibits?)\b"):
            kinds = ("cant_cast",)
        elif q.asks(r"\b(allows?|lets?|gives?|grants?)\b") and speed:
            kinds = ("flash",)
        elif q.asks(r"\b(can|could|may|able to|allowed to)\b[^.?!]*\b(cast|bestow|play)"):
            kinds = ("flash",) if speed else ("cant_cast",)
            if not speed:
                flip = True  # "can I cast it?": yes when the prohibition doesn't apply
        else:
            return None
        found = [r for r in rules if r.kind in kinds]
        if len(found) != 1:
            return None
        rule = found[0]
        if draw_asked and not re.search(r"\bdraws? (a|one) card\b", rule.text, re.I):
            return None  # what it draws, or whether, isn't plain
        if draw_asked and re.search(r"\bmay\b", rule.text, re.I):
            return None
        if rule.kind == "enters_trigger" and any(
            w.casefold() in ("enchantment", "aura") for w in rule.qualities
        ):
            return None  # an enchantment entering is the constellation scenarios' part
        name = bestowers[0].name if bestowers else "a bestow card"
        creature_types = frozenset(bestowers[0].card.subtypes) if bestowers else frozenset[str]()
        grant = rule.kind == "flash" and not flip
        if rule.kind == "flash" and any(
            isinstance(a, Keyword) and a.name.casefold() == "flash"
            for m in bestowers
            for a in m.abilities()
        ):
            return None  # it has flash of its own: the effect isn't what decides it

        def run() -> Ruling:
            ruling = c.bestowed_matches(
                name, rule, source.name, creature_types, name if bestowers else None
            )
            if grant and ruling.verdict == "no" and q.asks(r"\b(can|could|may|able to)\b"):
                # It may still have flash of its own: only a yes is certain.
                return Ruling(verdict=None, missing=("whether it has flash of its own",))
            return _flip(ruling) if flip else ruling

        return Scenario(
            "constellation_bestowed_quality",
            "yesno",
            0.9,
            run,
            tuple(dict.fromkeys([*names, source.name])),
        )

    def _aura_left(self, q: Question) -> Scenario | None:
        """'The enchanted creature dies: does the Aura go to the graveyard?': an unattached Aura
        does (CR 704.5m), a bestowed one stays as a creature (702.103f)."""
        grave = q.asks(_TO_GRAVEYARD)
        stay = q.asks(_STAYS)
        if grave == stay or not q.has(*_HOST_LEFT) or q.has(_AURA_LEFT_UNMODELLED):
            return None
        auras = [m for m in q.cards if "Aura" in m.card.subtypes or m.of_kind("bestow")]
        names = {m.name for m in auras}
        if len(names) > 1 or (not auras and not q.has(r"\bauras?\b", r"\bbestow")):
            return None
        others = [m for m in q.cards if m.name not in names]
        if not all(_plain_host_or_removal(m) for m in others):
            return None
        aura = auras[0] if auras else None
        if aura is not None and (
            len(aura.faces) != 1 or _AURA_OWN_FATE.search(_unreminded(aura.card.oracle_text))
        ):
            return None  # its own text says what becomes of it
        bestow_card = aura is not None and bool(aura.of_kind("bestow"))
        bestowed = (bestow_card or q.has(r"\bbestow")) and not q.has(
            r"\b(normal|regular|ordinary|plain|non-?bestowed) aura\b", r"\bnot (cast )?bestowed\b"
        )
        if aura is not None and not bestow_card and q.has(r"\bbestow"):
            return None  # an Aura without bestow said to be bestowed: the reading is unsure
        name = aura.name if aura is not None else ("the bestowed Aura" if bestowed else "the Aura")
        card = aura.name if aura is not None else None

        def run() -> Ruling:
            ruling = c.aura_unattached(name, bestowed, card)
            return _flip(ruling) if stay else ruling

        return Scenario(
            "constellation_aura_unattached",
            "yesno",
            0.9,
            run,
            tuple(names) or (CONSTELLATION_REFERENCE,),
        )

    def _aura_put(self, q: Question) -> Scenario | None:
        """An Aura put onto the battlefield without being cast (Replenish, a reanimation):
        with nothing to enchant it stays where it is (CR 303.4g); it targets nothing, so
        hexproof and shroud don't stop it (303.4f)."""
        auras = [m for m in q.cards if "Aura" in m.card.subtypes and not m.of_kind("bestow")]
        names = {m.name for m in auras}
        if len(names) > 1 or (not auras and not q.has(r"\bauras?\b")) or q.has(r"\bbestow"):
            return None
        others = [m for m in q.cards if m.name not in names]
        copiers = [m for m in others if _enters_as_copy(m)]
        putters = [
            m
            for m in others
            if _puts_without_casting(m)
            or _returns_auras(m)
            or _attaches_auras(m)
            or _puts_attached(m)
            or m in copiers
        ]
        # A basic land or a vanilla creature named as what the Aura may enchant.
        hosts = [m for m in others if m not in putters and _plain_host(m)]
        # A hexproof creature named as the host: only what targeting is about is read.
        shielded = [m for m in others if m not in putters and m not in hosts and _shielded_host(m)]
        if (
            len(putters) + len(hosts) + len(shielded) != len(others)
            or len({m.name for m in putters}) > 1
        ):
            return None  # another card may say what it enchants, or cast it
        if hosts and not copiers:
            return None  # hosts are read only for an Aura entering as a copy
        if shielded and (copiers or not putters or len({m.name for m in shielded}) > 1):
            return None
        if shielded or any(_returns_auras(m) for m in putters):
            # The named creature's hexproof, or a card that returns every Aura card: only
            # whether the Aura gets past hexproof, shroud or ward is read here.
            aura = auras[0] if auras else None
            noun = _enchant_noun(aura) if aura is not None else "creature"
            if noun not in ("creature", "permanent") or q.has(r"\b(you|i) control\b"):
                return None
            name = aura.name if aura is not None else "the Aura"
            card = aura.name if aura is not None else None
            cited = (*names, *dict.fromkeys(m.name for m in putters))
            host = shielded[0].card.oracle_text if shielded else ""
            return _put_past_shield(q, name, card, cited, host)
        aura = auras[0] if auras else None
        # An Aura whose own text returns it attached ("Return CARD to the battlefield attached
        # to that creature"), or a card that puts one onto the battlefield attached to something.
        attacher = next(
            (m for m in [*auras, *putters] if _puts_attached(m) and m not in copiers), None
        )
        copier = copiers[0] if copiers else None
        if copier is not None and not q.has(r"\bcop(y|ies|ying)\b"):
            return None  # a copy-entering card said to do something else
        put = (
            bool(putters)
            or attacher is not None
            or q.has(
                r"\bwithout (being )?cast(ing)?\b",
                r"\breanimat\w*\b",
                r"\b(return|returns|returned|returning|reanimat\w*|put|puts|putting)\b[^.?!]*"
                r"\b(to|onto) the battlefield\b",
            )
        )
        if not put:
            return None
        untargeted = self._aura_put_untargeted(q, aura, attacher, copier, names, putters)
        if untargeted is not None:
            return untargeted
        if copier is not None or q.has(_AURA_PUT_UNMODELLED):
            return None
        noun = _enchant_noun(aura) if aura is not None else None
        if aura is not None and noun is None:
            return None  # its enchant ability isn't a plain "Enchant creature", "Enchant land"
        name = aura.name if aura is not None else "the Aura"
        card = aura.name if aura is not None else None
        cited = (*names, *dict.fromkeys(m.name for m in putters)) or (CONSTELLATION_REFERENCE,)
        wanted = noun or r"creature|land|artifact|permanent|enchantment"
        nothing = q.has(
            rf"\b(no|aren't any|isn't any|without any|none of the) ({wanted})s?\b",
            r"\bnothing (for it )?to (enchant|attach)",
            r"\bnothing it can (legally )?enchant",
            r"\bno legal (object|target|creature|permanent)",
        )
        if nothing:
            found = _ZONE.search(q.text)
            zone = (
                re.sub(r"^my\b", "your", found.group(0).casefold()) if found else "the zone it's in"
            )
            stay = q.asks(_STAYS)
            enter = q.asks(r"\b(enter|enters|come into play|comes into play|attach\w*)\b")
            if stay == enter:
                return None
            where = zone

            def run_nothing() -> Ruling:
                ruling = c.aura_put_nothing(name, where, card)
                return _flip(ruling) if enter else ruling

            return Scenario("constellation_aura_put", "yesno", 0.9, run_nothing, cited)
        if noun in (None, "creature", "permanent") and not q.has(r"\b(you|i) control\b"):
            host = shielded[0].card.oracle_text if shielded else ""
            return _put_past_shield(q, name, card, cited, host)
        return None

    def _aura_put_untargeted(
        self,
        q: Question,
        aura: CardMention | None,
        attacher: CardMention | None,
        copier: CardMention | None,
        names: set[str],
        putters: list[CardMention],
    ) -> Scenario | None:
        """An Aura put onto the battlefield, or entering as a copy of an Aura: does it target,
        and who chooses what it enchants (CR 303.4f)? Can it go on a permanent with
        protection (702.16c)?"""
        if q.has(r"\b(in response|on the stack|spell|cast (it|them))\b") and copier is None:
            return None
        if aura is not None and _enchant_noun(aura) is None:
            return None  # its enchant ability isn't a plain "Enchant creature", "Enchant land"
        if copier is not None and aura is None and not q.has(r"\bcop(y|ies|ying)[^.?!]*\bauras?\b"):
            return None
        name = copier.name if copier is not None else (aura.name if aura else "the Aura")
        card = aura.name if aura is not None else (copier.name if copier else None)
        copy_of = (aura.name if aura is not None else "an Aura") if copier is not None else None
        named_by = attacher.name if attacher is not None else None
        cited = (*names, *dict.fromkeys(m.name for m in putters)) or (CONSTELLATION_REFERENCE,)
        protection = re.search(r"\bprotection from (\w+)\b", q.lower)
        if protection is not None:
            if named_by is not None or not (
                q.asks(rf"{_MAY_ATTACH}[^.?!]*\b(put|go|be on)\b")
                or q.asks(rf"{_MAY_ATTACH}[^.?!]*{_ATTACH_VERB}")
            ):
                return None
            quality = protection.group(1)
            has = _has_quality(aura, quality) if aura is not None else None
            if has is None:
                return None
            return Scenario(
                "constellation_aura_put",
                "yesno",
                0.9,
                lambda: c.aura_protection(name, quality, has, card, put=copier is None),
                cited,
            )
        shielded = _put_past_shield(q, name, card, cited) if copier is not None else None
        if shielded is not None:
            return shielded
        target_asked = q.asks(
            r"\b(does|do|did|will|would|is|are|can|could)\b[^.?!]*\b(target(s|ed|ing)?|fizzl\w*)\b"
        )
        choose_asked = q.asks(
            r"\b(do|does|can|could|will|would|should|may|get to|gets? to|must)\b[^.?!]*"
            r"\b(choose|chooses|pick|picks|select|selects|decide|decides)\b"
        )
        if target_asked == choose_asked:
            return None
        if choose_asked and q.asks(r"\b(opponents?|they|he|she)\b") and not q.asks(r"\b(i|you)\b"):
            return None  # who chooses: its controller, which the question may not say

        def run() -> Ruling:
            ruling = c.aura_put_targets(name, card, named_by, copy_of)
            if choose_asked and named_by is None:
                return _flip(ruling)
            return ruling

        return Scenario("constellation_aura_put", "yesno", 0.9, run, cited)

    def _aura_back_to_hand(self, q: Question) -> Scenario | None:
        """'My creature with Rancor died: do I get Rancor back?': an Aura that returns itself
        when put into a graveyard from the battlefield does, but not when its spell fizzled
        (CR 704.5m, 608.3b)."""
        auras = [m for m in q.cards if "Aura" in m.card.subtypes and not m.of_kind("bestow")]
        if len({m.name for m in auras}) != 1:
            return None
        aura = auras[0]
        text = _unreminded(aura.card.oracle_text)
        if len(aura.faces) != 1 or not _RETURNS_ITSELF.search(text):
            return None
        if re.search(r"\battach|\binstead\b|umbra|totem", text, re.I):
            return None
        if not q.asks(
            r"\b(get|gets|got|getting) (it|CARD|them) back\b",
            r"\b(go|goes|going|come|comes|return|returns|returned|bounce|bounces|head|heads) "
            r"(back )?(to|in|into) (my|your|its owner's|the owner's|his|her|their) hand\b",
            r"\bback (in|into|to) (my |your |the )?hand\b",
        ):
            return None
        others = [m for m in q.cards if m.name != aura.name]
        if not all(_plain_host_or_removal(m) or _plain_host(m) for m in others):
            return None
        stack = q.has(
            r"\bfizzl\w*",
            r"\bin response\b",
            r"\billegal\b",
            r"\bnever resolved\b",
            r"\bdidn'?t resolve\b",
        )
        left = q.has(*_HOST_LEFT) or q.has(r"\b(fell|falls) off\b")
        if stack == left:
            return None
        name = aura.name

        def run() -> Ruling:
            return c.aura_back_to_hand(name, from_battlefield=left, card=name)

        return Scenario("constellation_aura_back_to_hand", "yesno", 0.9, run, (name,))

    def _aura_cast_target(self, q: Question) -> Scenario | None:
        """'Can I cast Pacifism on my opponent's hexproof creature?', 'Can I put Rancor on my
        own creature with shroud?': an Aura spell targets what it will enchant (CR 303.4a)."""
        auras = [m for m in q.cards if "Aura" in m.card.subtypes and not m.of_kind("bestow")]
        # "Can I bestow Nimbus Naiad onto my hexproof creature?": cast bestowed, it is an
        # Aura spell with enchant creature, and targets like one (CR 702.103b).
        bestowed = [m for m in q.cards if m.of_kind("bestow")] if q.has(r"\bbestow") else []
        if bestowed and (auras or len({m.name for m in bestowed}) > 1):
            return None
        if bestowed:
            auras = bestowed
        elif q.has(r"\bbestow"):
            return None
        if len({m.name for m in auras}) > 1:
            return None
        if not auras and not q.has(r"\b(an|my|the|a|this) aura\b"):
            return None
        aura = auras[0] if auras else None
        others = [m for m in q.cards if aura is None or m.name != aura.name]
        # "Enchant creature or planeswalker you control" (Kaya's Ghostform): read only as to
        # whose permanent it may target.
        yours_only = aura is not None and not bestowed and _enchant_whose(aura) is not None
        if not all(_plain_host(m) or _shielded_host(m) for m in others) or (
            aura is not None
            and not bestowed
            and not yours_only
            and _enchant_noun(aura) not in ("creature", "permanent")
        ):
            return None
        if not q.asks(
            r"\b(can|could|may|allowed to|able to|legal to)\b[^.?!]*\b(cast|put|enchant|target\w*|"
            r"play|attach|slap|bestow)\b"
        ):
            return None
        if q.has(
            r"\b(return\w*|reanimat\w*|onto the battlefield|into play|replenish\w*|flash|"
            r"in response|copy|copies|ward|hexproof from|protection from (all|each|every|the)|"
            r"(gains?|gained|loses?|lost|gets?|got) (hexproof|shroud|protection))\b",
            r"\bput (it |CARD )?(onto|into)\b",
        ):
            return None
        if not q.asks(
            r"\b(can|could|may) (i|you|we|u)\b",
            r"\b(am i|are you|are we) (allowed|able)\b",
            r"\b(can|could|may) (my |an |the |this )?(aura|CARD)\b",
        ) or q.has(
            r"\b(opponent|he|she|they|them|him|her) (cast|casts|play|plays|target|targets)\b"
        ):
            return None  # the caster must be the player asking: hexproof turns on who casts
        if yours_only:
            return self._aura_any_controller(q, aura, others, bestowed)
        found = re.findall(r"\b(hexproof|shroud|protection from (\w+))\b", q.lower)
        shielded = [m for m in others if _shielded_host(m)]
        if not found and len({m.name for m in shielded}) == 1:
            # The named host's own hexproof or shroud, when the question doesn't say it.
            found = re.findall(
                r"\b(hexproof|shroud)()\b", _unreminded(shielded[0].card.oracle_text).casefold()
            )
        if not found and not shielded:
            return self._aura_any_controller(q, aura, others, bestowed)
        if len({f[0] for f in found}) != 1 or (shielded and found[0][0] == "ward"):
            return None
        quality = found[0][1] or found[0][0]
        opponents = q.has(
            r"\b(opponent'?s'?|their|his|her|enemy|opposing)\b[^.?!]*\b(creature|guy|dude|permanent|CARD)",
            r"\b(creature|permanent|CARD) (my |an |the )?opponents? controls?\b",
        )
        mine = q.has(
            r"\bmy (own )?(\w+ )?(creature|guy|dude|permanent|CARD)\b",
            r"\b(creature|permanent|CARD) (that )?i control\b",
        )
        if quality == "hexproof" and opponents == mine:
            return None  # whose creature it is decides hexproof
        has = False
        if found[0][1]:
            read = _has_quality(aura, quality) if aura is not None else None
            if read is None or quality in ("everything", "enchantments", "auras"):
                return None
            has = read
        name = aura.name if aura is not None else "the Aura spell"
        card = aura.name if aura is not None else None
        as_aura = bool(bestowed)

        def run() -> Ruling:
            ruling = c.aura_spell_target(name, quality, opponents, has, card)
            if not as_aura:
                return ruling
            t = Trace()
            t.step(
                Rule.BESTOW_AURA,
                f"Cast for its bestow cost, {name} is an Aura spell with enchant creature.",
                card,
            )
            return replace(ruling, steps=t.ruling(None).steps + ruling.steps)

        return Scenario(
            "constellation_aura_cast_target", "yesno", 0.9, run, (card,) if card else ()
        )

    def _aura_any_controller(
        self,
        q: Question,
        aura: CardMention | None,
        others: list[CardMention],
        bestowed: list[CardMention],
    ) -> Scenario | None:
        """ "Can I put Rancor on an opponent's creature?": "Enchant creature" names no
        controller, so an opponent's creature is a legal target (CR 303.4a, 702.5a)."""
        if aura is None or bestowed or others:
            return None
        restricted = _enchant_whose(aura)
        noun = restricted[0] if restricted is not None else _enchant_noun(aura)
        if (
            noun is None
            or (restricted is None and noun not in ("creature", "permanent"))
            or q.has(
                r"\bcan'?t be (the )?target",
                r"\buntargetable\b",
                r"\bcan'?t be enchanted\b",
                r"\bprotection\b",
                r"\bward\b",
                r"\bshroud\b",
                r"\bhexproof\b",
            )
        ):
            return None
        opponents = q.asks(
            r"\b(an |my |the )?(opponent'?s'?|opp'?s'?|their|his|her|enemy|opposing) "
            r"(\w+ )?(creature|guy|dude|permanent)\b"
        )
        mine = q.asks(r"\b(my|your) (own )?(\w+ )?(creature|guy|dude|permanent)\b")
        if opponents == mine:
            return None
        name, card, what = aura.name, aura.name, noun
        if restricted is not None and not q.asks(
            rf"\b({'|'.join(re.escape(w) for w in noun.split(' or '))})s?\b"
        ):
            return None  # what the question would enchant isn't what the Aura names
        only_yours = restricted is not None

        def run() -> Ruling:
            if only_yours:
                return c.aura_spell_yours_only(name, what, opponents, card)
            return c.aura_spell_any_controller(name, what, opponents, card)

        return Scenario("constellation_aura_cast_target", "yesno", 0.9, run, (name,))

    def _aura_host(self, q: Question) -> Scenario | None:
        """'My opponent steals the creature my Aura enchants / it gains protection / stops
        being a creature: does the Aura fall off?': only if the object is now illegal for it,
        a state-based action (CR 303.4c, 704.5m)."""
        grave = q.asks(_TO_GRAVEYARD)
        # "Does it stay tapped?" is about something else: only the Aura staying put counts.
        stay = q.asks(
            r"\b(stay|stays|remain|remains|stick|sticks)( around)?( on( it| the battlefield)?|"
            r" attached( to it)?)?\s*[?.!]*$"
        )
        if grave == stay or q.has(
            r"\b(in response|on the stack|spell|resolv\w*|target\w*|phas\w+)\b"
        ):
            return None
        # "Boon Satyr bestowed on my Grizzly Bears": a card the text says is bestowed is an Aura.
        bestowed = [m for m in q.cards if any(isinstance(a, Bestow) for a in m.abilities())]
        if q.has(r"\bbestow\w*") and not (
            not q.has(r"\bcast\w*")
            and len({m.name for m in bestowed}) == 1
            and q.has(r"\bCARD (is |was )?bestowed (on|onto)\b", r"\bbestowed CARD\b")
        ):
            return None
        if not q.has(r"\bbestow\w*"):
            bestowed = []
        auras = [m for m in q.cards if "Aura" in m.card.subtypes] + bestowed
        cast = _cast_cards(q)
        if cast is None or any("Aura" in m.card.subtypes for m in cast):
            return None  # the Aura cast: what happens to the spell isn't what's asked here
        names = {m.name for m in auras}
        if len(names) > 1 or (not auras and not q.has(r"\bauras?\b")):
            return None
        aura = auras[0] if auras else None
        if aura is not None and (
            len(aura.faces) != 1 or re.search(r"\battach", _unreminded(aura.card.oracle_text), re.I)
        ):
            # What it does once in the graveyard doesn't matter here; moving itself does.
            return None
        lines = re.findall(r"^Enchant ([a-z ]+)$", aura.card.oracle_text, re.M) if aura else []
        if bestowed and not lines:
            lines = ["creature"]  # a bestowed Aura has enchant creature (CR 702.103b)
        if aura is not None and len(lines) != 1:
            return None
        enchant = lines[0] if lines else None
        others = [m for m in q.cards if m.name not in names]
        name = aura.name if aura is not None else "the Aura"
        card = aura.name if aura is not None else None
        cited = tuple(names) or (CONSTELLATION_REFERENCE,)
        if q.has(r"\b(becomes?|is|are) (now )?(an )?illegal\b", r"\bno longer (a )?legal\b") and (
            not q.cards and not q.has(_CONTROL_TAKEN, r"\bprotection\b")
        ):
            return Scenario(
                "constellation_aura_host",
                "yesno",
                0.9,
                lambda: _grave_or_stay(
                    c.aura_host_changed(name, "type", False, "an object", card), stay
                ),
                cited,
            )
        change: c.HostChange
        detail: str
        legal: bool
        if q.has(_CONTROL_TAKEN):
            if enchant is None or not all(_inert(m, "control") for m in others):
                return None
            if aura is not None and any(
                _TOOK.search(_before(q, m))
                or re.match(r"\s*(is|gets|got|was) stolen", _after(q, m))
                for m in auras
            ):
                return None  # the Aura itself changes control
            words = enchant.split()
            if len(words) == 1:
                legal = True
            elif words[1:] == ["you", "control"]:
                legal = False
            else:
                return None
            change, detail = "control", enchant
        elif (
            found := re.search(
                r"\b(gains?|gets?|has|with|given|gives? (it|him|her|them|my \w+|the \w+|CARD)) "
                r"protection from (?P<what>\w+)\b",
                q.lower,
            )
        ) or (chosen := _chosen_protection(q, others)):
            if aura is None or not all(_inert(m, "protection") for m in others):
                return None
            quality = str(found.group("what")) if found else str(chosen)
            has = _has_quality(aura, quality)
            if has is None:
                return None
            change, detail, legal = "protection", quality, not has
        elif found := re.search(r"\b(gains?|gets?|given) (hexproof|shroud)\b", q.lower):
            if not all(_inert(m, "hexproof") for m in others):
                return None
            change, detail, legal = "hexproof", found.group(2), True
        elif enchant is not None and (
            found := re.search(
                r"\b(?:stops? being|stopped being|is no longer|loses?(?: the| its)?) (?:an? )?(\w+)\b",
                q.lower,
            )
        ):
            noun = enchant.split()[0]
            if found.group(1) != noun or not all(_inert(m, "type") for m in others):
                return None
            change, detail, legal = "type", noun, False
        else:
            return None

        was_bestowed = bool(bestowed)
        if was_bestowed and stay and not legal and not q.asks(r"\bbattlefield\b"):
            return None  # it stays on the battlefield but no longer attached: which is asked?

        def run() -> Ruling:
            return _grave_or_stay(
                c.aura_host_changed(name, change, legal, detail, card, was_bestowed), stay
            )

        return Scenario("constellation_aura_host", "yesno", 0.9, run, cited)

    def _bestow_cost(self, q: Question) -> Scenario | None:
        """'How much does it cost to bestow Boon Satyr with Thalia out?': bestow is an
        alternative cost, and cost changes see the spell as the Aura it is when bestowed (CR
        702.103b, 601.2f)."""
        bestowers = {m.name: m for m in q.cards if m.of_kind("bestow")}
        if len(bestowers) != 1 or not q.has(r"\bbestow"):
            return None
        if not q.asks(r"\bhow much\b", r"\b(total|the) cost\b", r"\bcost to bestow\b"):
            return None
        if q.has(
            r"\b(kick\w*|free|without paying|x ?=|copy|copies|convoke|delve|improvise|reduc\w*|"
            r"discount|treasure|instead)\b"
        ):
            return None
        card = next(iter(bestowers.values()))
        bestow = card.of_kind("bestow")
        if len(bestow) != 1 or len(card.faces) != 1:
            return None
        changes: list[tuple[str, int]] = []
        untouched: list[tuple[str, CostChange]] = []
        for m in q.cards:
            if m.name in bestowers:
                continue
            found = [a for a in m.abilities() if isinstance(a, CostChange)]
            if len(found) != 1 or len(m.faces) != 1 or any(f.unparsed for f in m.faces):
                return None
            change = found[0]
            if re.search(
                r"\b(white|blue|black|red|green|colou?r\w*|multicolou?red)\b",
                change.applies_to,
                re.I,
            ):
                return None  # the spell's colors aren't read here
            applies = kicker_engine.cost_change_applies(
                change,
                types=frozenset({"Enchantment"}),
                subtypes=frozenset({"Aura"}),
                colors=frozenset(),
                same_controller=_mention_controller(q, m) == YOU,
            )
            if applies is None:
                return None
            if applies:
                changes.append((m.name, change.delta))
            else:
                untouched.append((m.name, change))
        if not changes and not untouched:
            return None  # a bestow cost alone isn't this question
        name = card.name
        base = card.card.faces[0].mana_cost
        alternative = bestow[0]
        assert isinstance(alternative, Bestow)

        def run() -> Ruling:
            t = Trace()
            t.step(
                Rule.BESTOW_AURA,
                f"Cast bestowed, {name} is an Aura enchantment spell, not a creature spell, as its "
                "total cost is determined.",
                name,
            )
            skipped = [
                s
                for src, ch in untouched
                for s in kicker_engine.cost_change_ruling(src, ch, False, name).steps
            ]
            total = kicker_engine.total_cost(
                base,
                alternative=alternative.cost,
                alternative_name="bestow",
                changes=changes,
                card=name,
            )
            return Ruling(
                verdict=total.verdict,
                steps=t.ruling(None).steps + tuple(skipped) + total.steps,
                missing=total.missing,
            )

        return Scenario(
            "constellation_bestow_cost",
            "mana",
            0.9,
            run,
            (name, *(m.name for m in q.cards if m.name != name)),
        )

    def _bestowed_spell(self, q: Question) -> Scenario | None:
        """'Is a bestowed Boon Satyr a creature spell?': cast bestowed it is an Aura spell,
        and no creature spell (CR 702.103b)."""
        bestowers = {m.name for m in q.cards if m.of_kind("bestow")}
        if len(bestowers) != 1 or len(q.cards) != sum(1 for m in q.cards if m.name in bestowers):
            return None  # another named card may change what it is
        if not q.has(r"\bbestow") or q.has(
            r"\b(illegal|in response|fizzl\w*|dies|died|destroyed|removed|leaves|left|unattached|"
            r"sacrificed|exiled|bounced|hexproof|shroud|protection|phas\w+|cop(y|ies|ying)|"
            r"countered|resolv\w*|battlefield|permanent|without|not|no|never|normally|instead)\b",
            r"n't\b",
            r"\bnon-?bestow",
        ):
            return None
        found = re.search(
            r"(^|, )(so )?(is|does|would|will) (a |the |my |his |her |their )?(bestowed |bestow )?"
            r"(CARD|it)"
            r"( cast)?( bestowed| with bestow| for its bestow cost)?,? (still )?(count as |counts as )?"
            r"(an? )(?P<q>creature|enchantment|aura|noncreature|artifact|enchantment creature) spell\b",
            q.asked,
        )
        if found is None:
            return None
        name = next(iter(bestowers))
        quality = found["q"]
        if quality == "enchantment creature":
            quality = "creature"

        return Scenario(
            "constellation_bestowed_spell",
            "yesno",
            0.9,
            lambda: c.bestowed_spell_is(name, quality, name),
            (name,),
        )

    def _bestowed_status(self, q: Question) -> Scenario | None:
        """'Is a bestowed Nighthowler a creature?', 'Can I Doom Blade a bestowed Dryad?',
        'Does it become a creature when the enchanted creature dies?' (CR 702.103b, 702.103f)."""
        bestowers = [m for m in q.cards if m.of_kind("bestow")]
        if len({m.name for m in bestowers}) != 1 or not q.has(
            r"\bbestow(ed|s|ing)? (CARD )?(on|onto|to)\b", r"\bbestowed CARD\b"
        ):
            return None
        if q.has(
            r"\b(trigger\w*|constellation|spell|stack|in response|resolv\w*|cast(ing)?|layers?|"
            r"cop(y|ies|ying)|counters?|hexproof|shroud|protection|ward|phas\w+|control|"
            r"human|subtypes?|types? line)\b"
        ):
            return None
        if q.asks(r"\b(enter\w*|etb\w*|counts? as)\b"):
            return None  # whether something entered is the enters scenarios' question
        bestowed = bestowers[0]
        others = [m for m in q.cards if m.name != bestowed.name]
        left = q.has(
            r"\b(dies|died|die|leaves|left|destroyed|exiled|sacrificed|bounced|killed|removed|"
            r"gone|unattached)\b"
        )
        host = q.has(
            r"\benchanted creature\b",
            r"\bcreature (it('s| is| was)? |that it('s| is| was) )(bestowed|attached|enchanting|on)\b",
            r"\bbestowed (on|onto|to) (a|the|my|his|her|their|an opponent's) (\w+ )?creature "
            r"(that|which)\b",
            r"\bhost\b",
            # "the creature my Nighthowler is bestowed on", "the creature with my bestowed CARD"
            r"\bcreature (my |the |his |her |their )?CARD('s| is| was) (bestowed|attached|enchanting)\b",
            r"\bcreature with (my |the |his |her |their )?(bestowed )?CARD\b",
            # "bestowed on my Elf and the creature dies": what died is what it enchants.
            r"\bbestowed (on|onto|to) (a|the|my|his|her|their|an opponent's) (\w+ )?(creature|CARD)"
            r"\b[^.?!]*\b(and|then|but) (then )?(the creature|that creature|the \w+|CARD) "
            r"(dies|died|(is|was|gets|got) (destroyed|exiled|sacrificed|killed|bounced)|leaves|left)\b",
        )
        if left and not host:
            return None  # what left the battlefield isn't said to be the enchanted creature
        name = bestowed.name
        if others and all("Creature" in m.card.types for m in others):
            others = []  # the creature it's bestowed on
        if others:
            spells = [m for m in others if m.card.types & {"Instant", "Sorcery"}]
            if len(others) != 1 or len(spells) != 1 or left:
                return None
            spell = spells[0]
            found = targets(spell.card.oracle_text)
            if len(found) != 1 or len(spell.faces) != 1:
                return None
            what = found[0].what
            return Scenario(
                "constellation_bestowed_target",
                "yesno",
                0.9,
                lambda: c.bestowed_targetable(name, what, spell.name, name),
                (name, spell.name),
            )
        if q.asks(r"\b(enters?|entering|entered|triggers?|triggering|triggered|constellation)\b"):
            return None  # the question asks about entering, not what the Aura now is
        if not q.has(
            r"\b(a|an|the) creature\b[^.?!]*\b(is|was|are|be|become|becomes|stay|stays)\b",
            r"\b(become|becomes|became|turn into|turns into|count as|counts as|is it|still) (an? )?(enchantment )?creature\b",
            r"\bis (CARD|it) (still )?(an? )?(enchantment )?creature\b",
            r"\b(is|are) (a |the |my |his |her |their )?bestowed CARD (still )?(an? )?(enchantment )?"
            r"creature\b",
        ):
            return None
        attached = not left
        return Scenario(
            "constellation_bestowed_creature",
            "yesno",
            0.9,
            lambda: c.bestowed_is_creature(name, attached, name),
            (name,),
        )

    def _bestow_unattached(self, q: Question) -> Scenario | None:
        if not q.has(r"\bbestow") or not (
            q.fuzzy_has("trigger")
            or q.fuzzy_has("constellation")
            # "Does that count as an enchantment entering for my Eidolon?"
            or q.asks(r"\bcounts? as (an? )?(\w+ )?(enter|entering|etb)\b")
        ):
            return None
        state = GameState(battlefield=tuple(self._watchers(q)))
        return Scenario(
            "constellation_bestow_unattached",
            "yesno",
            0.9,
            lambda: c.bestow_unattached(state),
            self._cards(q) + tuple(m.name for m in q.cards if m.of_kind("bestow")),
        )

    def _enters(self, q: Question) -> Scenario | None:
        if not any(m.of_kind("enchantment_enters") for m in q.cards) and not (
            q.fuzzy_has("constellation")
            or q.has(
                r"enchantment[- ]enters",
                r"\benchantments? (you control |i control )?(enters?|entering|come)",
                r"(triggers?|abilities) (on|for|when) (an )?enchantments?",
            )
        ):
            return None  # no ability watches enchantments entering here
        if q.has(r"\bbestow") and _fell_off(q):
            return None  # a bestowed Aura left unattached: that is the event asked about
        watchers = self._watchers(q)
        if _asks_other_trigger(q, {w.name for w in watchers}):
            return None
        count_asked = q.has(r"how many (\w+ )?(times|triggers|abilities)")
        # "How many cards do I draw?", "Do I draw two cards?", "Does it give me a Pegasus?":
        # what the triggered abilities give, asked of their controller.
        yielded = _yield_asked(q, watchers)
        stated = _stated_count(q, watchers) if not count_asked else None
        if yielded is not None and yielded[1]:
            count_asked = False
        # "Does Eidolon of Blossoms see an Aura ...?" asks whether it triggers.
        sees = q.asks(
            r"\bCARD('s \w+)? (still )?(see|sees|notice|notices)\b",
            # "Does Eidolon count itself?"
            r"\bCARD('s \w+)? (still )?(count|counts) (itself|its own)\b",
        )
        if not (
            q.fuzzy_has("trigger")
            or count_asked
            or yielded is not None
            or stated is not None
            or sees
        ):
            return None
        if not (count_asked or yielded is not None or stated is not None or sees) and not q.asks(
            *_TRIGGER_ASKED
        ):
            # "X triggered. Can I move the Aura?": a trigger told as context, with another
            # proposition asked, isn't answered by whether it triggers.
            return None
        if q.asks(*_DUTY_ASKED):
            # "Do I have to draw?", "is the draw optional?": whether its controller may decline
            # what the trigger does, not whether it triggers.
            return None
        stolen = _steals_watcher(q)
        if stolen is not None:
            return self._stolen_watcher(q, stolen, watchers, count_asked or bool(yielded))
        event = _event(q)
        if event is None:
            return None
        how, controller, types, subtypes, token = event
        makers = (
            [m.name for m in _entering_mentions(q) if _makes_permanents(m)]
            if types is not None and types <= {"Instant", "Sorcery"}
            else []
        )
        copier = _unread_copy(q)
        if copier is not None and how not in ("phase_in", "becomes", "leaves", "level"):
            return Scenario(
                "constellation_copy_unread",
                "number" if count_asked or (yielded is not None and yielded[1]) else "yesno",
                0.9,
                _missing(f"what {copier.name} enters as a copy of (CR 707.2)"),
                self._cards(q),
            )
        if how == "level":
            # A Class gaining a level or a Saga's chapter: whichever watcher is asked about,
            # nothing entered.
            leveled = GameState(battlefield=tuple(watchers))
            permanent = Permanent(name="the permanent", types=frozenset({"Enchantment"}))

            def run_level() -> Ruling:
                return c.enters(leveled, [permanent], "level")[1]

            return Scenario("constellation_enters", "yesno", 0.9, run_level, self._cards(q))
        # "I cast Spirited Companion. Do both trigger?": a cast told as what happened, with
        # triggers asked after it, is a spell that resolved and entered under its caster's
        # control; "does it trigger when I cast it?" stays a question about casting.
        assumed = (
            how == "cast"
            and q.has(
                r"\b(i|we) (then |just |now )?(cast|casted|play|played)\b",
                r"\b(i|we) (already |still )?(control|have)\b[^.?!]* and (then )?(cast|casted|play|played)\b",
            )
            and not q.asks(r"\bcast")
            and not q.has(
                r"\bcounter",
                r"in response",
                r"before it resolves",
                r"on cast",
                r"fizzl",
                r"illegal",
                r"\bresolv",
                r"\bflash",
                r"\bstack\b",
            )
            and not (types is not None and types <= {"Instant", "Sorcery"})
        )
        if assumed:
            how, controller = "resolve", YOU
        simultaneous = q.has(r"same time", r"simultaneous", r"together", r"at once", r"both enter")
        counted = _entering_count(q)
        if token and counted is None:
            counted = _token_count(q)
        # Several enter, but not how many: any count is unknown, while "does it trigger?" holds
        # for two as for more.
        uncounted = counted == "several"
        n_entering = 2 if uncounted else (counted if isinstance(counted, int) else 1)
        watchers_enter = (
            simultaneous
            and q.has(
                r"CARD (and [^.?!]*?)?(enters?|come)", r"CARD (itself )?(enters|entering|comes)"
            )
            # "I control CARD and three enchantments enter": CARD is already there.
            and not q.has(r"\b(i|you|we) (control|have|own) (an? |two |\w+ )?CARD\b")
        )
        if q.has(
            r"\b(off|for|on|from|by) (of )?itself\b", r"\bitself (enters|entering)\b"
        ) and q.has(r"\bor (just |only )?(the )?(other|another)\b"):
            # "Does it trigger off itself or only other enchantments?": itself is what's asked.
            types = None
        moved = [m for m in q.cards if m.of_kind("enchantment_enters") and _moved(q, m)]
        itself = (
            not simultaneous
            and types is None
            and any(w.card for w in watchers)
            and (
                bool(moved)
                or q.has(
                    r"CARD (itself )?(enters|entering|comes)",
                    r"\bit(self)? (enters|comes|resolves)",
                    r"\b(reanimate|flicker|blink|resurrect)s? it\b",
                    r"enters itself",
                    # "Does it trigger off itself (entering)?"
                    r"\b(off|for|on|from|by) (of )?itself\b",
                    r"\btriggers? itself\b",
                    r"\bcounts? (itself|its own)\b",
                    r"\bitself (enters|entering|comes|coming)\b",
                )
            )
        )
        others: list[Permanent] = []
        if types is not None and not itself:
            others = [
                Permanent(
                    name=_describe(types, subtypes, token) + (f" #{i}" if n_entering > 1 else ""),
                    controller=controller,
                    owner=controller,
                    types=types,
                    subtypes=subtypes,
                    token=token,
                )
                for i in range(1, n_entering + 1)
            ]
            copying = [(m, x) for m in q.cards if (x := _copied_by(q, m)) is not None]
            named = {m.name: m for m in _entering_mentions(q)}
            if not copying and len(named) == 1:
                newcomer = next(iter(named.values()))
                if (
                    newcomer.of_kind("enchantment_enters")
                    and types == newcomer.card.types
                    and subtypes == newcomer.card.subtypes
                ):
                    # A newcomer with an enchantment-enters ability sees itself enter as well
                    # as the permanents already there see it (CR 603.6a).
                    others = [replace(p, abilities=newcomer.abilities()) for p in others]
            if copying and copying[0][1].of_kind("enchantment_enters"):
                # The copy has the copied card's abilities as it enters, so it sees itself
                # enter as well (CR 707.2, 603.6a).
                copied = copying[0][1]
                others = [
                    replace(
                        p,
                        # A copy has the copied card's name too.
                        name=copied.name,
                        abilities=copied.abilities(),
                    )
                    for p in others
                ]
        another = _another_of(q, watchers, controller)
        listed = _entering_list(q)
        stranded: list[str] = []
        buried = [m for m in _watcher_mentions(q) if _IN_GRAVEYARD.match(_after(q, m, 45))]
        if buried:
            # "Eidolon is in my graveyard with two other enchantments and I cast Replenish":
            # it returns with them, and sees itself and them enter (CR 603.6a).
            more = _WITH_OTHERS.search(q.lower)
            if not _returner(q) or len(buried) != 1 or more is None or another is not None:
                return None
            word = more[1]
            n = (
                int(word)
                if word.isdigit()
                else _COUNT_WORDS.get(word, 1 if word == "another" else 0)
            )
            if not n or any("Aura" in m.card.subtypes for m in q.cards) or q.has(r"\bauras?\b"):
                return None  # an Aura's host among what enters isn't read here
            listed = []
            home = _perm(buried[0], YOU)
            state = GameState(battlefield=tuple(w for w in watchers if w.name != home.name))
            entering = [home] + [
                Permanent(
                    name=f"an enchantment #{i}",
                    controller=YOU,
                    owner=YOU,
                    types=frozenset({"Enchantment"}),
                )
                for i in range(1, n + 1)
            ]
        if buried:
            pass
        elif another is not None:
            # "I control two Grim Guardians and cast a third one": the new one sees itself
            # enter, and each one already there sees it (CR 603.6a).
            state = GameState(battlefield=tuple(watchers))
            entering = [another]
        elif listed:
            read_list = list(listed)
            auras = [m for m in listed if "Aura" in m.card.subtypes and not m.of_kind("bestow")]
            if auras and q.has(
                r"\bno (other )?(creatures?|permanents?)\b[^.?!]*\b(battlefield|board|in play|out)\b",
                r"\b(battlefield|board) (is|was) empty\b",
                r"\bnothing (else )?(on|in) (the )?(battlefield|board|play)\b",
            ):
                # Nothing was there to enchant, and what enters with it can't be (CR 303.4g).
                stranded = [m.name for m in auras]
                listed = [m for m in listed if m.name not in stranded]
            elif auras and not q.has(
                r"\b(goes|go|going|went|put|attached|attach|attaches|lands?) (on|onto|to)\b"
            ):
                return None  # what a returned Aura enchants, if anything, isn't said (CR 303.4g)
            # "Replenish brings back Nyxborn Wolf, Daxos's Torment and Arcane Flight": they
            # enter together, each seen by every watcher, themselves included (CR 603.6a).
            names = {m.name for m in listed} | set(stranded)
            if any(
                o.name in names and o not in read_list and _held_at(q, o.start) for o in q.cards
            ):
                return None  # one is also said to be there already: which one enters isn't read
            # A watcher named as entering is among what enters, whatever number it was given.
            state = GameState(
                battlefield=tuple(
                    w for w in watchers if (w.card.name if w.card else w.name) not in names
                )
            )
            entering = [
                _perm(m, controller, suffix=f" #{i}" if listed.count(m) > 1 else "")
                for m in dict.fromkeys(listed)
                for i in range(1, listed.count(m) + 1)
            ]
            if not entering:
                return None
        elif watchers_enter:
            state = GameState()
            entering = list(watchers)
            # "If Eidolon and Doomwake Giant enter together": the other named newcomers enter
            # at the same time, and each is seen by every watcher (CR 603.6a).
            entering += [
                _perm(m, _mention_controller(q, m))
                for m in q.cards
                if _watcher_mentions(q)
                and _is_entering(q, m)
                and not any(p.name == m.name or p.name.startswith(f"{m.name} #") for p in entering)
            ]
            if q.has(
                r"(and|with) (an|another|a second|a|my|your|their|his|her) (other )?(\w+ )?"
                r"(enchantment|aura|saga)",
                r"other enchantment",
            ):
                entering += others or [
                    Permanent(name="the other enchantment", types=frozenset({"Enchantment"}))
                ]
        elif itself:
            mover = [w for w in watchers if moved and w.name == moved[0].name]
            if not mover:
                # "I control Setessan Champion. Eidolon of Blossoms enters": the one said to
                # enter, not the first one named.
                arriving = {
                    m.name
                    for m in q.cards
                    if re.match(r"\s*(itself )?(enters|entering|comes|resolves)\b", _after(q, m))
                }
                mover = [w for w in watchers if w.name in arriving]
            if not mover and len(watchers) > 1:
                # "my Eidolon of Blossoms; I flicker it": "it" is the card named last before it.
                pronoun = re.search(
                    r"\b(flicker|blink|reanimate|return|resurrect)s? it\b|\bit (enters|comes|returns)\b",
                    q.text.casefold(),
                )
                before = [m for m in q.cards if pronoun and m.end <= pronoun.start()]
                referent = before[-1].name if before else None
                if referent is not None and referent != _asked_watcher(q):
                    mover = [w for w in watchers if w.name == referent]
            if not mover and len(watchers) > 1:
                return None  # which of them enters isn't said
            entering = mover[:1] or watchers[:1]
            state = GameState(battlefield=tuple(w for w in watchers if w not in entering))
            if q.has(r"\b(a |my |the )?(second|another|other|new|2nd) CARD\b") and q.has(
                r"\b(already|still) (have|has|had|control|controls|got)\b",
                r"\b(have|has|had|control|controls|got) (an? |one )?CARD (out|already|in play)\b",
            ):
                # "I already have Eidolon out and cast a second one": a new object with the
                # same card enters, and the one already there sees it too (CR 603.6a).
                state = GameState(battlefield=tuple(watchers))
                entering = [replace(entering[0])]
        elif not others and how in ("phase_in", "becomes", "control_change", "leaves", "attach"):
            # None of these is an object entering the battlefield, whatever the object is.
            state = GameState(battlefield=tuple(watchers))
            entering = [Permanent(name="the permanent", types=frozenset({"Enchantment"}))]
        else:
            if not others:
                return None
            if makers:
                # The spell never enters, but what its resolution creates or puts onto the
                # battlefield does (CR 608.2c), and that isn't read here.
                return Scenario(
                    "constellation_spell_makes_unread",
                    "number" if count_asked or (yielded is not None and yielded[1]) else "yesno",
                    0.9,
                    _missing(f"what {makers[0]} puts onto the battlefield as it resolves"),
                    self._cards(q),
                )
            state = GameState(battlefield=tuple(watchers))
            entering = others
        if (
            uncounted
            and any(p in entering for p in others)
            and (count_asked or (yielded is not None and yielded[1]) or stated is not None)
        ):
            return None  # how many enter isn't told, so no count of triggers is known
        never_enters = types is not None and types <= {"Instant", "Sorcery"}
        if (
            how == "cast"
            # "I cast Steal Enchantment on opp's enchantment": the spell is mine, whatever
            # the words after it say of its target.
            and (controller == YOU or q.has(r"\b(i|we) (cast|casted|play|played)\b"))
            and not never_enters
            and not q.has(r"countered", r"before it resolves", r"on cast")
        ):
            number_asked = count_asked or (yielded is not None and yielded[1])
            return Scenario(
                "constellation_enters",
                "number" if number_asked and stated is None else "yesno",
                0.6,
                _missing("whether the spell resolved and the enchantment entered"),
                self._cards(q),
            )
        several = len(watchers) > 1 and q.has(
            r"\b(both|each|every|two|several|multiple)\b", r"(?<!\bat )\ball\b"
        )
        asked = _asked_watcher(q)
        if (
            another is not None
            and (count_asked or (yielded is not None and yielded[1]) or stated is not None)
            and q.asks(
                r"\b(the|my|that|this) (new|first|old|original|other|second|third|older|newer|"
                r"last) (one|CARD)\b",
                r"\beach\b(?! (opponent|player|of (my|your|their) opponents))",
            )
        ):
            return None  # the count of one of them, not of all: not read here
        if (
            several
            or another is not None
            or (len(watchers) > 1 and asked is None and (yielded or stated))
        ):
            # What all of them give together: each trigger counts.
            watcher = None
        elif asked is not None and any(w.name == asked for w in watchers):
            watcher = asked
        elif len(watchers) == 1:
            watcher = watchers[0].name
        else:
            return None

        # "Does it trigger for my enchantment?": only the named newcomer counts.
        for_other = (
            watchers_enter
            and bool(others)
            and q.has(
                r"\btriggers? (for|on|off( of)?) (my|the|that|their|his|her|an?|this) (\w+ )?(enchantment|aura|saga)"
            )
        )
        if q.board is not None:
            state, entering = _on_board(q, entering, watchers_enter)
        newcomers = {o.name for o in others}

        yield_count = yielded is not None and yielded[1]
        if (count_asked or yield_count) and stated is None:
            watching = {w.name for w in watchers}
            enchantments_named = {
                m.name for m in q.cards if "Enchantment" in m.card.types
            } - watching
            if len(enchantments_named) > len(entering) or q.has(
                r"\btoken cop(y|ies)\b", r"\bcop(y|ies) of (it|them)\b", r"\bmakes? a copy\b"
            ):
                # More enchantments named than read as entering, or a copy made of one: the
                # count would leave some out.
                return None

        def run() -> Ruling:
            if stated is not None:
                return _compare(stated, state, entering, how, watcher)
            if yielded is not None and yield_count:
                return c.effect_total(state, entering, how, yielded[0], yielded[2], watcher)
            if for_other and not count_asked and not several:
                fired, ruling = c.enters(state, entering, how, watcher)
                hit = any(
                    f.entered in newcomers and (watcher is None or f.source == watcher)
                    for f in fired
                )
                return Ruling(verdict="yes" if hit else "no", steps=ruling.steps)
            if count_asked:
                return c.trigger_count(state, entering, how, watcher)
            if several:
                fired, ruling = c.enters(state, entering, how)
                sources = {f.source for f in fired}
                every = all(w.name in sources for w in watchers)
                return Ruling(verdict="yes" if every else "no", steps=ruling.steps)
            if yielded is not None:
                return _gives(state, entering, how, yielded[0], yielded[2], watcher)
            return c.enters(state, entering, how, watcher)[1]

        name = (
            "constellation_simultaneous"
            if simultaneous or len(entering) > 1
            else ("constellation_each_triggers" if several else "constellation_enters")
        )
        number = (count_asked or yield_count) and stated is None
        spell = next(
            (
                m.name
                for m in q.cards
                if re.search(r"\b(cast|casted|play|played) (a |an |my |the )?$", _before(q, m, 20))
            ),
            "the spell",
        )
        counted_run = run if not uncounted else partial(_per_each, run)
        if stranded:
            counted_run = partial(_with_stranded, counted_run, tuple(stranded))
        permanent_spell = not any(
            m.name == spell and m.card.types & {"Instant", "Sorcery"} for m in q.cards
        )
        found = (
            counted_run
            if not assumed
            else partial(_assuming_resolved, counted_run, spell, permanent_spell)
        )
        return Scenario(name, "number" if number else "yesno", 0.9, found, self._cards(q))

    def _stolen_watcher(
        self,
        q: Question,
        stolen: tuple[CardMention, CardMention],
        watchers: list[Permanent],
        counted: bool,
    ) -> Scenario | None:
        """ "I bestow Hypnotic Siren onto my opponent's Setessan Champion: does the Champion
        trigger?": the Aura's control effect applies as it enters attached, so the watcher
        is its controller's as it sees the Aura enter (CR 603.6a)."""
        aura, host = stolen
        if (
            counted
            or not q.asks(r"\btrigger", r"\bsee\b")
            or q.has(r"\bin response\b", r"\bcounter", r"\bfizzl", r"\billegal", r"\bhexproof")
        ):
            return None
        taken = replace(_perm(host, YOU), name=host.name)
        entering = Permanent(
            name=aura.name,
            controller=YOU,
            owner=YOU,
            types=frozenset({"Enchantment"}),
            subtypes=frozenset({"Aura"}),
            abilities=aura.abilities(),
            card=aura.card,
        )
        rest = tuple(w for w in watchers if w.name not in (host.name, aura.name))
        state = GameState(battlefield=(taken, *rest))
        aura_name, host_name = aura.name, host.name

        def run() -> Ruling:
            t = Trace()
            t.step(
                Rule.SIMULTANEOUS_ENTER,
                f"{possessive(aura_name)} “You control enchanted creature” applies as it enters "
                f"attached to {host_name}, so {host_name} is yours as it sees the Aura enter, and "
                "you control its trigger.",
                aura_name,
            )
            ruling = c.enters(state, [entering], "resolve", host_name)[1]
            return replace(ruling, steps=t.ruling(None).steps + ruling.steps)

        return Scenario("constellation_stolen_watcher", "yesno", 0.9, run, (host.name, aura.name))

    # -- must be blocked -----------------------------------------------------
    def _must_be_blocked(self, q: Question) -> Scenario | None:
        found = self._must_be_blocked_shape(q)
        sources = [m.name for m in q.cards if m.of_kind("must_be_blocked")]
        if found is None and sources and q.has(r"\bblock"):
            # A named card's blocking requirement applies, but the question's shape wasn't
            # read: no other family's answer, which ignores the requirement, may stand.
            return Scenario(
                "must_be_blocked_unread",
                "yesno",
                0.85,
                _missing("which blocking declaration the question asks about"),
                tuple(sources),
            )
        return found

    def _must_be_blocked_shape(self, q: Question) -> Scenario | None:
        if q.has(r"\bsame as\b", r"\bdifferen(t|ce)\b", r"\bcompare"):
            return None  # comparing wordings isn't a blocking question
        sources = [m for m in q.cards if m.of_kind("must_be_blocked")]
        stated = q.board is not None and any(
            isinstance(a, MustBeBlocked) for p in q.board.battlefield for a in p.abilities
        )
        if not (
            sources
            or stated
            or q.has(
                r"must be blocked",
                r"blocked if able",
                r"(has|have) to be blocked",
                r"all creatures able to block",
                r"\blure\b",
            )
        ):
            return None
        if not q.has(r"\bblock"):
            return None
        cards = tuple(m.name for m in sources) or (MUST_BE_BLOCKED_REFERENCE,)
        if q.has(*_UNMODELLED_COMBAT):
            # Damage assignment, evasion and targeting restrictions lie outside the
            # blocking requirements the engine checks (CR 509.1c).
            return Scenario(
                "must_be_blocked_unmodelled",
                "yesno",
                0.97,
                _missing("how the other combat rules the question names apply"),
                cards,
            )
        if any(
            _GRANTS_EVASION.search(m.card.oracle_text)
            for m in q.cards
            if "Creature" not in m.card.types and not m.of_kind("must_be_blocked")
        ):
            # "Goblin War Drums is out": a named card gives creatures flying, menace or a
            # blocking restriction, and which creatures it reaches changes who may block.
            return Scenario(
                "must_be_blocked_unmodelled",
                "yesno",
                0.97,
                _missing("which creatures the other named card's effect applies to"),
                cards,
            )
        if len({m.name for m in sources}) > 1:
            # Two cards' requirements ride on different attackers, while the line-up here
            # gives every attacker one requirement (CR 509.1c counts each).
            return Scenario(
                "must_be_blocked_unmodelled",
                "yesno",
                0.97,
                _missing("which attackers carry which blocking requirement"),
                cards,
            )
        abilities: list[Ability] = [a for m in sources for a in m.of_kind("must_be_blocked")]
        if any(
            isinstance(a, MustBeBlocked) and (a.by_all_with or a.at_least > 1) for a in abilities
        ):
            # "All creatures with flying able to block it", "by two or more creatures": which
            # creatures fly, or how many block, is the blocking family's reading.
            return Scenario(
                "must_be_blocked_unmodelled",
                "yesno",
                0.97,
                _missing("which creatures the requirement falls on and how many block"),
                cards,
            )
        by_all = any(isinstance(a, MustBeBlocked) and a.by_all for a in abilities) or q.has(
            r"all creatures able to block", r"\blure\b"
        )
        card = sources[0].name if sources else MUST_BE_BLOCKED_REFERENCE
        menace = q.has(
            r"\b(it|attacker|attacking creature|blocked|my (\w+ )?creature|that creature|the creature"
            r"|target|targeted creature)( that| which)? (has|have|with|gets|got|gains|gained) menace",
            r"\bmenace (attacker|creature)",
        )
        blocker_menace = q.has(
            r"(opponent'?s'?|their|his|her) (only )?(\w+ )?(creature|blocker)s? (that |which )?"
            r"(has|have|with) menace"
        )
        # Menace on a blocker changes nothing; said of a creature the reading can't place, or
        # of both sides, it may be the attacker's.
        menace_unread = (menace and blocker_menace) or (
            q.has(r"\bmenace\b") and not menace and not blocker_menace
        )
        if menace_unread:
            return Scenario(
                "must_be_blocked_unmodelled",
                "yesno",
                0.97,
                _missing("which creature has menace"),
                cards,
            )
        n_attackers = (
            2
            if q.has(
                r"(two|both|multiple|several) (attacking creatures|attackers)",
                r"(two|both|multiple|several) CARD (attack|are attacking)",
                r"(two|multiple|several) (of (my|your|their) )?(\w+ )?creatures (that )?(must|have to|has to) be blocked",
                r"two such",
                r"each of them",
            )
            else 1
        )
        if n_attackers == 1 and q.has(
            r"\b(two|three|four|2|3|4|both) (of )?(my |his |her |their )?CARD"
        ):
            # "2 Prized Unicorns attacking": copies of the card, more attackers than read.
            return Scenario(
                "must_be_blocked_unmodelled",
                "yesno",
                0.97,
                _missing("how many attackers carry the requirement"),
                cards,
            )
        attackers = [
            b.Attacker(
                name="your attacking creature" if n_attackers == 1 else f"attacker {i}",
                must_be_blocked=not by_all,
                by_all=by_all,
                card=card,
                flying=q.has(
                    r"(attacker|it|attacking creature|target|targeted creature|my creature)"
                    r" (that has |which has )?(has|with) flying",
                    r"(attacker|target|targeted creature|my creature) that has flying",
                    r"flying attacker",
                ),
                menace=menace,
            )
            for i in range(1, n_attackers + 1)
        ]
        names = {m.name for m in sources}
        bystanders = list(
            {
                m.name: m for m in q.cards if m.name not in names and "Creature" in m.card.types
            }.values()
        )
        if bystanders and q.board is None:
            attacking = [m for m in bystanders if _named_attacker(q, m)]
            if (
                len(bystanders) == 1
                and len(attacking) == 1
                and n_attackers == 1
                and blocking_family.plain(attacking[0])
            ):
                # "My Boggart Brute is enchanted with Lure": the named creature is the
                # attacker, with its own evasion and restrictions (CR 509.1b).
                attackers = [
                    b.Attacker.from_permanent(
                        _perm(attacking[0], YOU), must_be_blocked=not by_all, by_all=by_all
                    ).model_copy(update={"card": card})
                ]
            elif not all(_block_neutral(m) for m in bystanders):
                return Scenario(
                    "must_be_blocked_unmodelled",
                    "yesno",
                    0.97,
                    _missing("which named creature attacks and which may block"),
                    cards,
                )
        n_blockers = _count_before(q, r"(potential |possible |untapped )?(blockers|creatures)") or 3
        only_one = q.has(
            r"(?<!with )(only|just) (one|1|a single) (untapped |potential |possible )?(creature|blocker)",
            r"(?<!with )(only|sole) (untapped |potential |possible )?(creature|blocker)",
        )
        if only_one:
            n_blockers = 1
        if n_attackers == 2 and q.has(r"two (potential |possible )?blockers"):
            n_blockers = 2
        blockers = [
            b.Blocker(name=f"their creature {i}") for i in range(1, max(1, min(n_blockers, 6)) + 1)
        ]
        if q.has(
            r"\b(only|all( of)?( the| their| his| her| my| my opponent'?s)?) (creatures|blockers) "
            r"(are|were) (all )?tapped",
            r"\b(creatures|blockers) are all tapped",
            r"\bno untapped (creatures?|blockers?)",
            r"\bevery (creature|blocker) (they|he|she) (control|has)s? is tapped",
        ):
            # No creature the defending player controls can block at all.
            blockers = [bl.model_copy(update={"tapped": True}) for bl in blockers]
        elif q.board is None and q.has(r"(?<!un)tapped\b") and q.has(r"\buntapped\b"):
            # Some creatures are tapped and some not: the line-up read here doesn't hold that.
            return Scenario(
                "must_be_blocked_unmodelled",
                "yesno",
                0.97,
                _missing("which of the defending player's creatures are tapped"),
                cards,
            )
        if q.board is not None:
            # A stated board replaces the attackers and blockers read from the text.
            named = [p.name for p in q.board.battlefield if p.attacking] or [
                m.name for m in sources if q.on_board(m.name)
            ]
            if named:
                attackers, blockers = b.from_state(q.board, named)
        first = attackers[0].name

        if q.has(
            r"\b(leave|hold|keep) (\w+ ){1,6}back\b",
            r"\b(one|some) of (their|his|her|the|my) (\w+ )?creatures (not|n't) block",
            r"\b(a|one|any) (\w+ )?(creature|blocker)( of (theirs|his|hers|mine))?( just)? (not|n't) block",
        ) and q.has(r"\b(can|could|may)\b"):
            held = blockers[0].name

            def run_hold_back() -> Ruling:
                return _flip(b.must_block_with(attackers, blockers, first, held))

            return Scenario("must_be_blocked_hold_back", "yesno", 0.93, run_hold_back, cards)
        if q.has(
            r"\b(can|could|may)\b.*\bblock (it|the creature|that creature|CARD|them) with "
            r"(just |only )?(one|a single|1) (creature|blocker)\b"
        ):
            single = {blockers[0].name: first}
            return Scenario(
                "must_be_blocked_one_blocker",
                "yesno",
                0.9,
                lambda: b.is_legal(attackers, blockers, single),
                cards,
            )
        if q.has(
            r"(choose|decide|opt|elect) (not|to not) (to )?block",
            r"(decline|refuse) to block",
            r"\bnot block (it|that creature|the creature)",
            r"(skip|avoid) blocking",
        ) and q.has(r"\b(can|could|may|is)\b"):
            blocked = first

            def run_decline() -> Ruling:
                return _flip(
                    b.holds_always(
                        attackers,
                        blockers,
                        lambda asg: any(v == blocked for v in asg.values()),
                        f"{blocked} blocked",
                    )
                )

            return Scenario("must_be_blocked_decline", "yesno", 0.93, run_decline, cards)
        if q.has(
            r"\b(have|has|need|needs|must|required|forced) to block (it|the creature|that creature|CARD|"
            r"them|my creature) with (two|multiple|more than one|several|both)\b",
            r"\b(have|has|need|needs) to be blocked by (two|multiple|more than one|several|both)\b",
        ):
            return Scenario(
                "must_be_blocked_several_blockers",
                "yesno",
                0.9,
                lambda: b.holds_always(
                    attackers,
                    blockers,
                    lambda asg: sum(1 for v in asg.values() if v == first) >= 2,
                    f"two creatures blocking {first}",
                ),
                cards,
            )
        if q.has(
            r"can (two|multiple|more than one|several|both) (of (their|the|my) )?(creatures|blockers)"
            r"( \w+)? block",
            r"\b(can|could|may)\b.*\bblock (it|the creature|that creature|CARD|them) with "
            r"(two|multiple|more than one|several|both)\b",
        ):
            pair = {bl.name: first for bl in blockers[:2]}
            return Scenario(
                "must_be_blocked_several_blockers",
                "yesno",
                0.9,
                lambda: b.is_legal(attackers, blockers, pair),
                cards,
            )
        if q.has(r"same (attacker|creature|one)", r"both block (the same|one)"):
            assignment = {bl.name: first for bl in blockers}
            if q.has(r"\b(must|have to|has to|need to|needs to|required|forced)\b"):
                return Scenario(
                    "must_be_blocked_same_attacker",
                    "yesno",
                    0.92,
                    lambda: b.holds_always(
                        attackers,
                        blockers,
                        lambda asg: len({v for v in asg.values() if v}) <= 1,
                        "every blocker on the same attacker",
                    ),
                    cards,
                )
            return Scenario(
                "must_be_blocked_same_attacker",
                "yesno",
                0.92,
                lambda: b.is_legal(attackers, blockers, assignment),
                cards,
            )
        if q.has(r"how many", r"\b(minimum|smallest|fewest) number"):
            if q.board is not None:
                # A stated board is the whole position.
                return Scenario(
                    "must_be_blocked_count",
                    "number",
                    0.9,
                    lambda: b.min_blockers(attackers, blockers, first),
                    cards,
                )
            # Counts on a position the text tells are the blocking family's (CR 509.1c).
            return Scenario(
                "must_be_blocked_count_unread",
                "number",
                0.9,
                _missing("the position the count is asked of"),
                cards,
            )
        if q.has(
            r"at least one (\w+ )?(creature|blocker)s? (has|have|must|needs?) (to )?block",
            r"\bblock (it|them|that creature|the creature|CARD|my creature) with at least one\b",
            r"(has|have|must|needs?) (to )?be blocked by at least one",
        ):
            return Scenario(
                "must_be_blocked_any",
                "yesno",
                0.9,
                lambda: b.holds_always(
                    attackers,
                    blockers,
                    lambda asg: any(v == first for v in asg.values()),
                    f"a creature blocking {first}",
                ),
                cards,
            )
        if (
            only_one
            and any(a.flying for a in attackers)
            and q.has(
                r"(opponent'?s|their|his|her) (only )?(untapped )?(creature|blocker) (has|with|that has) reach"
            )
        ):
            # "their only untapped creature has reach": the one blocker is able to block a flier.
            blockers = [blockers[0].model_copy(update={"reach": True}), *blockers[1:]]
        flyer = q.has(
            r"(opponent'?s|their|his|her|a|the) (\w+ )?creature (with|that has) (flying|reach)"
        ) and not q.has(r"no (\w+ )?creatures? (with|that have)")
        if flyer and not q.has(r"(attacker|my creature|it) (has|with) flying", r"flying attacker"):
            reach = q.has(r"creature (with|that has) reach")
            special_flyer = blockers[0].model_copy(
                update={"reach": True} if reach else {"flying": True}
            )
            lineup = [special_flyer, *blockers[1:]]
            return Scenario(
                "must_be_blocked_specific",
                "yesno",
                0.9,
                lambda: b.must_block_with(attackers, lineup, first, special_flyer.name),
                cards,
            )
        no_flyers = q.has(
            r"no (\w+ )?(creatures?|blockers?) (with|that (have|has)|having) (flying|reach)",
            r"none of (their|his|her|the) (creatures|blockers) (have|has) (flying|reach)",
        )
        if no_flyers and q.has(r"\bfl(ying|ier|yer)"):
            flyers = [a.model_copy(update={"flying": True}) for a in attackers]
            return Scenario(
                "must_be_blocked_any",
                "yesno",
                0.9,
                lambda: b.holds_always(
                    flyers,
                    blockers,
                    lambda asg: any(v == first for v in asg.values()),
                    f"a creature blocking {first}",
                ),
                cards,
            )
        # A blocker's own flying or reach can't stop it blocking a creature without flying.
        unplaced = re.sub(
            r"(defending player'?s|opponent'?s|their|his|her) (only )?(untapped )?(creatures?|blockers?)"
            r" (has|have|with|that has|that have) (flying|reach)",
            " ",
            q.lower,
        )
        if (
            re.search(r"\b(flying|fl[iy]ers?|reach)\b", unplaced)
            and not any(a.flying for a in attackers)
            and not q.has(r"without (flying|reach)", r"doesn'?t have (flying|reach)")
        ):
            # Flying said of a creature the reading doesn't place decides who is able to block.
            return Scenario(
                "must_be_blocked_unmodelled",
                "yesno",
                0.97,
                _missing("which creatures have flying or reach"),
                cards,
            )
        if q.has(
            r"\btapped (creature|blocker)",
            r"creature that'?s? tapped",
            r"(creature|blocker) (is|was) tapped",
            r"can'?t block",
            r"without (flying|reach)",
            r"doesn'?t have (flying|reach)",
        ):
            special = blockers[0]
            if q.has(
                r"\btapped (creature|blocker)",
                r"creature that'?s? tapped",
                r"(creature|blocker) (is|was) tapped",
            ):
                special = special.model_copy(update={"tapped": True})
            elif q.has(r"can'?t block"):
                special = special.model_copy(update={"can_block": False})
            else:
                attackers = [a.model_copy(update={"flying": True}) for a in attackers]
            blockers = [special, *blockers[1:]]
            return Scenario(
                "must_be_blocked_specific",
                "yesno",
                0.9,
                lambda: b.must_block_with(attackers, blockers, first, special.name),
                cards,
            )
        if q.has(
            r"\b(got|gets?|been|becomes?|became) tapped\b",
            r"\b(tap|taps|tapped|tapping) (my|their|his|her|the|an?|one|both|all|every)\b",
        ):
            # "their trigger tapped my only creature": a creature made unable to block the
            # reading doesn't place; the line-up of untapped creatures would answer wrongly.
            return Scenario(
                "must_be_blocked_unmodelled",
                "yesno",
                0.97,
                _missing("which creatures are tapped"),
                cards,
            )
        if q.has(
            r"specific creature",
            r"particular creature",
            r"(choose|pick|decide) which",
            r"any creature",
            r"a certain creature",
        ):
            choose = q.has(r"(choose|pick|decide) which")

            def run_specific() -> Ruling:
                ruling = b.must_block_with(attackers, blockers, first, blockers[0].name)
                return _flip(ruling) if choose else ruling

            return Scenario("must_be_blocked_specific", "yesno", 0.88, run_specific, cards)
        if only_one and q.has(
            r"(does|must|has) (it|that creature|the creature|their creature|the blocker|that blocker)"
        ):
            lone = blockers[0].name
            if len(attackers) > 1:
                return Scenario(
                    "must_be_blocked_specific",
                    "yesno",
                    0.9,
                    lambda: b.holds_always(
                        attackers, blockers, lambda a: a.get(lone) is not None, f"{lone} blocking"
                    ),
                    cards,
                )
            return Scenario(
                "must_be_blocked_specific",
                "yesno",
                0.9,
                lambda: b.must_block_with(attackers, blockers, first, lone),
                cards,
            )
        last = _last_sentence(q)
        if any(
            re.search(p, last)
            for p in (
                r"\b(all|every|each)\b.*\bblock",
                r"\bblock (it|them|that creature|the creature|card|my creature) with (all|every|each)\b",
                r"\bblock\b[^.?!]*\bwith (all|every|each)( of)? (his |her |their |the |my |your )?"
                r"(creatures|blockers|untapped creatures)\b",
                r"everything (has|have) to block",
                r"all of (them|their)",
                r"\bblocked by (all|every|each)\b",
                r"\b(do|does|must) both\b.*\bblock",
            )
        ):
            return Scenario(
                "must_be_blocked_all",
                "yesno",
                0.92,
                lambda: b.all_must_block(attackers, blockers, first),
                cards,
            )
        if re.match(
            r"(so |and |then |but )?(do|does|must|will) (they|my opponent|the opponent|the defending "
            r"player|he|she|i|you|we|their creatures?)( \w+)? (have to |has to |need to |needs to )?block"
            r"( it| that creature| the creature| my creature| my attacker)?$",
            last,
        ) or (
            # With a stated board the attacker named is the one on it, requirements and all.
            q.board is not None
            and (
                re.match(
                    r"(so |and |then |but )?(do|does|must|will) (they|my opponent|the opponent|i|you"
                    r"|their creatures?) (have to |has to |need to |needs to )?block card$",
                    last,
                )
                or re.match(
                    r"(so |and |then |but )?(do|does|must|will) (it|card|my creature|my attacker)"
                    r" (have to |has to |need to |needs to )?be blocked( if able)?$",
                    last,
                )
            )
        ):
            return Scenario(
                "must_be_blocked_any",
                "yesno",
                0.9,
                lambda: b.holds_always(
                    attackers,
                    blockers,
                    lambda asg: any(v == first for v in asg.values()),
                    f"a creature blocking {first}",
                ),
                cards,
            )
        if q.has(
            r"\b(have|has|need|needs|must|required|forced) to block [^.?!]*\bwith "
            r"(a|an|the|their|his|her|my|that|this) "
        ):
            # Whether one particular creature must block depends on which others could.
            return Scenario(
                "must_be_blocked_specific",
                "yesno",
                0.85,
                _missing("which other creatures could block"),
                cards,
            )
        return None


# "the creature it was on died", "Nighthowler fell off": an Aura's creature left, and the
# Aura became unattached where it is.
# An asked sentence about whether an ability triggers, or what its trigger gives.
_TRIGGER_ASKED = (
    r"trigg?er",
    r"tirgger",
    r"constellation",
    r"\b(draw|draws|drew|see|sees|saw|notice|notices|count|counts)\b",
)
# An asked sentence about whether a player must or may do something.
_DUTY_ASKED = (
    r"\b(have|has|had) to\b",
    r"\bmust\b",
    r"\boptional\b",
    r"\b(forced|required|obliged|mandatory)\b",
    r"\b(choose|opt|decide) not\b",
    r"\bdecline\b",
)
# An asked sentence about a player attaching or moving a permanent ("can I attach it to the
# token?", "may I move it onto my other creature?").
_ATTACH_ASKED = (
    r"\b(attach|attaches|attaching|reattach|reattaching|move|moving|stick|slap)\b[^.?!]*"
    r"\b(to|on|onto)\b"
)
# An asked sentence about triggers or the spell's resolution, which the Aura scenarios answer.
_RESOLUTION_ASKED = (
    r"trigger",
    r"constellation",
    r"\bresolv",
    r"\bfizzl",
    r"\bcounter",
    r"\benters?\b",
    r"\bgraveyard\b",
)
_AURA_FELL_OFF = (
    r"unattached",
    r"enchanted creature (dies|died|leaves|is destroyed|is exiled)",
    r"creature enchanted by [^.?!]*\b(dies|died|leaves|is destroyed|is exiled)",
    r"\bhost\b",
    r"creature it('s| is| was) (attached to|enchanting|on)",
    r"\b(is|was) attached to (dies|died|leaves|is destroyed|is exiled|is sacrificed)",
    r"\bbestowed? (on|onto) [^.?!]*\b(then )?the creature (dies|died|leaves|is destroyed|is exiled)",
    r"\b(on|enchanting|attached to) (a|the|my|their|his|her|an opponent's) creature (that|which) "
    r"(dies|died|left|leaves|was destroyed|is destroyed|got exiled|was exiled|was sacrificed)",
    r"\b(fell|falls|fall|falling) off\b",
    # "I bestowed Boon Satyr on my bear and the bear died"
    r"\bbestow(ed|s)?\b[^.?!]*\b(on|onto) (my|the|his|her|their|an opponent's|a|an) (\w+)\b[^.?!]*"
    r"\b(the|that|my|his|her|their) \4 (dies|died|left|was destroyed|got destroyed|was exiled|"
    r"got exiled|was sacrificed|got killed|was killed|was bounced|got bounced)\b",
)


def _fell_off(q: Question) -> bool:
    return q.has(*_AURA_FELL_OFF) and not q.has(
        r"\bspell\b", r"in response", r"resolv", r"on the stack"
    )


def _named_attacker(q: Question, m: CardMention) -> bool:
    """'my Boggart Brute enchanted with Lure', 'Boggart Brute attacks': the named creature is
    the attacking one."""
    if _mention_controller(q, m) != YOU:
        return False
    return bool(
        re.match(
            r"\s*(attacks|is attacking|attacked|,? (which is |that's |that is )?(enchanted|equipped) "
            r"(with|by)|(is|was|gets|got) (enchanted|equipped|targeted)|with (CARD|lure)|"
            r"(must|has to|needs to) be blocked)",
            _after(q, m),
        )
        or re.search(
            r"\b(attack(s|ed|ing)? with|targets?|targeting|targeted) (my )?$", _before(q, m)
        )
    )


def _block_neutral(m: CardMention) -> bool:
    """A named creature that blocks and is blocked as any creature is: no evasion, no
    restriction and no requirement of its own, and nothing unparsed about blocking."""
    if not blocking_family.plain(m):
        return False
    perm = _perm(m)
    att = b.Attacker.from_permanent(perm)
    blk = b.Blocker.from_permanent(perm)
    return (
        not (att.flying or att.menace or att.only_by or att.max_blockers is not None)
        and att.min_blockers == 1
        and blk.can_block
        and not (blk.flying or blk.reach or blk.must_block)
        and not m.of_kind("must_be_blocked")
    )


def _on_board(
    q: Question, entering: list[Permanent], together: bool
) -> tuple[GameState, list[Permanent]]:
    """With a stated board: what enters is the board's permanent the question names entering
    (else the one read from the text, as the board states it), and the rest watch."""
    board = q.board
    assert board is not None

    def stated(name: str) -> Permanent | None:
        return next((p for p in board.battlefield if p.name.casefold() == name.casefold()), None)

    named = [
        p
        for m in q.cards
        if _is_entering(q, m) or _moved(q, m)
        if (p := stated(m.name)) is not None
    ]
    if named and not together:
        entering = list({p.name: p for p in named}.values())
    else:
        entering = [stated(e.name) or e for e in entering]
    gone = {e.name.casefold() for e in entering}
    rest = tuple(p for p in board.battlefield if p.name.casefold() not in gone)
    return board.model_copy(update={"battlefield": rest}), entering


# "Replenish brings back my Spirespine": the card named right after is what is put back.
_BROUGHT_BACK = lazy(
    r"\b(bring|brings|brought|bringing|get|gets|got) back (my |the |a |an |his |her |their )?$"
)
# What the Aura's fate question asks: does it go to the graveyard, or stay?
_TO_GRAVEYARD = (
    r"\b(go|goes|going|gone|went|put|sent|end up|ends up|ended up|fall|falls|fell)\b[^.?!]{0,20}?\b(in)?to "
    r"(the|my|its|their|his|her|your|its owner's|the owner's) (grave(yard)?|gy|yard)\b"
    r"|\bfalls? off\b"
    # "does the Aura die too?": go to the graveyard with the creature it enchants
    r"|\b(die|dies|died|go|goes) (too|as well|with it)\b"
)
_STAYS = (
    r"\b(stay|stays|stayed|remain|remains|remained|stick around|sticks around|stuck around)\b"
    r"|\bkeep (it|CARD|the CARD|my CARD)( (on the battlefield|around|as an? (\w+ )?creature))?\b"
)
# The permanent the Aura enchants leaves the battlefield.
_LEAVES = (
    r"(dies|died|die|leaves|left|((is|was|gets|got|has been|are|were|get) )?(destroyed|exiled|sacrificed|bounced|"
    r"killed|removed))\b"
)
_HOST_LEFT = (
    rf"\benchanted (creature|permanent) {_LEAVES}",
    # "I bestowed CARD on their creature. They sacrificed that creature."
    r"\bbestow(ed|s)? (my |the )?CARD (on|onto) (my |the |his |her |their |an? |opp'?s |"
    r"(my )?opponent'?s )[^?!]*?\b(they|he|she|i|we|opp|(my )?opponent) "
    r"(sacrificed|destroyed|exiled|bounced|killed|sacrifices|destroys|exiles|bounces|kills) "
    r"(that|the|this|their|his|her|my) (\w+ )?(creature|guy|dude|elf|bear|one)s?\b",
    r"\b(creature|permanent) (it|CARD|my CARD|the aura|the bestowed aura|that it|which it)"
    rf"('s| is| was) (bestowed on|attached to|enchanting|on)\b[^.?!]*\b{_LEAVES}",
    r"\b(creature|permanent) (it|CARD|that it|which it) (enchants|enchanted|is attached to)\b"
    rf"[^.?!]*\b{_LEAVES}",
    rf"\b(creature|permanent) with (CARD|an aura|a bestowed aura) (on it|attached)[^.?!]*\b{_LEAVES}",
    rf"\b(creature|permanent) with (my |the |his |her |their )?bestowed CARD\b[^.?!]*\b{_LEAVES}",
    rf"\b(creature|permanent) enchanted (by|with) (my |the |an? |his |her |their )?(CARD|aura)\b"
    rf"[^.?!]*\b{_LEAVES}",
    # "Opp bounced my creature that had my Ethereal Armor on it"
    rf"\b{_LEAVES} (my |the |his |her |their |a |an )?(\w+ )?(creature|permanent) (that|which) "
    r"(had|has|was enchanted with|is enchanted with) (my |the |an? )?(CARD|aura|bestowed CARD)\b",
    r"\b(creature|permanent) (my |the |his |her |their )?CARD('s| is| was) (bestowed on|attached to|"
    rf"enchanting)\b[^.?!]*\b{_LEAVES}",
    r"\bCARD (is|was|'s) (bestowed on|attached to|enchanting|on) (my |the |a |an |his |her |their "
    r"|your )?(opponent's )?(CARD|creature)\b[^.?!]*\b(and|then|but) (it|they|that creature|the "
    rf"creature|CARD|the \w+) {_LEAVES}",
)
# Words of a question whose Aura may not simply be attached to nothing.
_AURA_LEFT_UNMODELLED = (
    r"\b(return\w*|phas\w+|control\w*|protection|hexproof|shroud|illegal|in response|cop(y|ies|ying)|"
    r"token|umbra|totem|regenerat\w*|indestructible|instead|replace\w*|flicker\w*|blink\w*|"
    r"another creature|attach(es|ed)? (it )?to|moves?|equipment|stack|spell|resolv\w*|cast\w*)\b"
)
# Another player takes control of something (the Aura spell's target, as read).
_CONTROL_TAKEN = (
    r"\b(gains?|gained|takes?|took|exchanges?|exchanged) control\b|\b(steals?|stole|stolen)\b"
)
# Aura text that says what becomes of the Aura itself.
_AURA_OWN_FATE = re.compile(
    r"put into (a|your|its owner's) graveyard from the battlefield|\bwhen [^.]*\b(dies|leaves)\b"
    r"|umbra armor|totem armor|\battach|\breturn [^.]*\bto (its owner's|your) hand",
    re.I,
)
# "When this Aura is put into a graveyard from the battlefield, return it to its owner's hand."
_RETURNS_ITSELF = lazy(
    r"^When (this Aura|~|[^.\n]+?) is put into a graveyard from the battlefield, return "
    r"(it|this card|that card) to its owner's hand\.$",
    re.I | re.M,
)
_REMOVAL = re.compile(r"(Destroy|Exile) target (creature|permanent|nonland permanent)\.", re.I)


# Asking whether an Aura put onto the battlefield goes on a permanent: "can it enchant",
# "does it enter attached to", "can it come back on".
_MAY_ATTACH = r"\b(can|could|may|able|allowed|legal|does|do|will|would)\b"
_ATTACH_VERB = (
    r"\b(enchant|attach\w*|put (it )?on|go(es)? on|comes? back on|return(s|ed)? on|"
    r"enters? (attached|on))\b"
)
_AURA_PUT_UNMODELLED = (
    r"\b(protection|control\w*|cop(y|ies|ying)|token|phas\w+|instead|replace\w*|stack|spell|"
    r"cast (it|them)|flash|in response|target(s|ed|ing)? (it|them))\b"
)
_ZONE = re.compile(
    r"\b(my|your|its owner's|their|his|her|the|an opponent's|my opponent's) "
    r"(graveyard|library|hand|exile)\b",
    re.I,
)


def _attaches_auras(m: CardMention) -> bool:
    """Oracle text that attaches Auras, or puts them onto the battlefield attached, without
    casting them ("you may attach to it any number of Auras")."""
    text = _unreminded(m.card.oracle_text)
    return (
        len(m.faces) == 1
        and bool(
            re.search(r"\battach (to it |to that creature )?any number of auras\b", text, re.I)
        )
        and not re.search(r"\bcast\b", text, re.I)
    )


def _enters_as_copy(m: CardMention) -> bool:
    """A card that may enter as a copy of a permanent ("Clever Impersonator")."""
    return len(m.faces) == 1 and bool(
        re.search(r"\benter as a copy of\b", _unreminded(m.card.oracle_text), re.I)
    )


def _puts_attached(m: CardMention) -> bool:
    """Text that puts an Aura onto the battlefield attached to an object it names ("Return
    CARD to the battlefield attached to that creature")."""
    return len(m.faces) == 1 and bool(
        re.search(r"\bto the battlefield attached to\b", _unreminded(m.card.oracle_text), re.I)
    )


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _has_quality(aura: CardMention, quality: str) -> bool | None:
    """Whether the Aura has the quality a protection names: a color, or every Aura for
    "everything", "enchantments", "auras"; None for a quality not read here."""
    if quality in ("everything", "enchantments", "auras"):
        return True
    if quality in _COLOR_WORDS and len(aura.faces) == 1:
        # A card's colors come from its mana cost; an Aura with a color indicator is rare.
        return _COLOR_WORDS[quality] in {str(c) for c in aura.card.front.mana_cost.colors}
    return None


# What another card named beside the Aura may do, by the host change it is asked about.
_INERT_BLOCKS = lazy(
    r"\b(aura|enchant\w*|attach\w*|protection|hexproof|shroud|control|types?|is an?|are|"
    r"becomes?|in addition|loses?)\b",
    re.I,
)


def _cast_cards(q: Question) -> list[CardMention] | None:
    """The named cards the question says were cast ("I cast Gods Willing"); None when a cast
    word is followed by no card name ("cast it", "casting a spell")."""
    marks = [i.start() for i in re.finditer(r"CARD", q.lower)]
    cast: list[CardMention] = []
    for found in re.finditer(r"\bcast(s|ing)?\b( (a|an|my|the|his|her|their))?( |$)", q.lower):
        if not q.lower.startswith("CARD", found.end()):
            return None
        k = marks.index(found.end()) if found.end() in marks else -1
        if not 0 <= k < len(q.cards):
            return None
        cast.append(q.cards[k])
    return cast


# The colors a player names for "protection from the color of your choice".
_CHOSEN_COLOR = lazy(
    r"\b(?:choos\w*|chose|chosen|nam(?:e|es|ed|ing)|pick\w*|for|say\w*) (white|blue|black|red|green)\b"
)


def _chosen_protection(q: Question, others: list[CardMention]) -> str | None:
    """The color a named card's "protection from the color of your choice" was given for
    ("I cast Gods Willing choosing white")."""
    granters = [
        m
        for m in others
        if re.search(r"\bprotection from the color of your choice\b", m.card.oracle_text, re.I)
    ]
    colors = {m.group(1) for m in _CHOSEN_COLOR.finditer(q.lower)}
    if len({m.name for m in granters}) != 1 or len(colors) != 1:
        return None
    return colors.pop()


def _inert(m: CardMention, change: str) -> bool:
    """A card named beside the Aura whose text bears on the host change only as the question
    says it does: the host itself, or the card making that change."""
    text = _unreminded(m.card.oracle_text)
    if change == "control":
        text = re.sub(r"\b(gain|gains|exchange) control\b", "", text, flags=re.I)
    elif change == "protection":
        # "Target creature you control gains protection from ...": whose creature it may
        # target doesn't bear on the Aura.
        text = re.sub(
            r"\bprotection from\b|\b(creature|permanent) you control\b", "", text, flags=re.I
        )
    elif change == "hexproof":
        text = re.sub(r"\b(hexproof|shroud)\b", "", text, flags=re.I)
    return len(m.faces) == 1 and not _INERT_BLOCKS.search(text)


def _with_stranded(run: Callable[[], Ruling], auras: tuple[str, ...]) -> Ruling:
    """The event's ruling, after the Auras that had nothing to enchant and stayed behind."""
    ruling = run()
    return replace(ruling, steps=c.auras_stranded(auras).steps + ruling.steps)


def _per_each(run: Callable[[], Ruling]) -> Ruling:
    """Two stand-ins were used for "several enchantments": the closing count speaks of each."""
    ruling = run()
    steps = list(ruling.steps)
    if steps and steps[-1].note.startswith("So ") and steps[-1].note.endswith(" in all."):
        head = steps[-1].note.removesuffix(" in all.").rsplit(" ", 1)[0]
        steps[-1] = replace(steps[-1], note=f"{head} once for each enchantment that enters.")
    return replace(ruling, steps=tuple(steps))


def _assuming_resolved(run: Callable[[], Ruling], spell: str, permanent: bool = True) -> Ruling:
    t = Trace()
    if permanent:
        t.step(
            Rule.RESOLVE_PERMANENT,
            f"Taking it that {spell} resolved: a permanent spell that resolves enters the "
            "battlefield under its caster's control.",
        )
    else:
        t.step(
            Rule.FOLLOW_INSTRUCTIONS,
            f"Taking it that {spell} resolved: its controller follows its instructions.",
        )
    ruling = run()
    return Ruling(
        verdict=ruling.verdict, steps=t.ruling(None).steps + ruling.steps, missing=ruling.missing
    )


def _plain_host(m: CardMention) -> bool:
    """A basic land, or a creature with no text the parsers left unread."""
    if m.card.types == frozenset({"Land"}) and "Basic" in m.card.front.typeline.supertypes:
        return True
    return m.card.types == frozenset({"Creature"}) and not any(f.unparsed for f in m.faces)


def _grave_or_stay(ruling: Ruling, stay: bool) -> Ruling:
    return _flip(ruling) if stay else ruling


def _enchant_whose(m: CardMention) -> tuple[str] | None:
    """The noun of an enchant ability limited to its controller's permanents ("Enchant
    creature or planeswalker you control" -> "creature or planeswalker")."""
    found = re.findall(r"^Enchant ([a-z]+(?: or [a-z]+)?) you control$", m.card.oracle_text, re.M)
    return (found[0],) if len(found) == 1 and len(m.faces) == 1 else None


def _enchant_noun(m: CardMention) -> str | None:
    """The one word of a plain enchant ability ("Enchant creature" -> "creature")."""
    found = re.findall(r"^Enchant (\w+)$", m.card.oracle_text, re.M)
    return found[0].casefold() if len(found) == 1 and len(m.faces) == 1 else None


def _plain_host_or_removal(m: CardMention) -> bool:
    """A creature with nothing unparsed (the enchanted one), or a spell that only destroys or
    exiles its target (how it left)."""
    if m.card.types == frozenset({"Creature"}):
        return not any(f.unparsed for f in m.faces)
    if m.card.types <= {"Instant", "Sorcery"}:
        return bool(_REMOVAL.fullmatch(m.card.oracle_text.strip()))
    return False


def _last_sentence(q: Question) -> str:
    sentences = [p for p in re.split(r"[.!?:;]\s+", q.lower.rstrip("?.! ")) if p.strip()]
    return sentences[-1].strip().casefold() if sentences else ""


def _asks_what(q: Question) -> bool:
    """The question's last sentence asks what, how many or how much, not yes or no."""
    sentences = [p for p in re.split(r"[.!?:;]\s+", q.lower) if p.strip()]
    last = sentences[-1].strip() if sentences else ""
    if re.match(
        r"(so |and |then |but )?(is|are|does|do|did|can|could|will|would|should|must)\b", last
    ):
        return False  # "Is there a limit to how many times ...?" is a yes/no question
    return bool(
        re.match(r"(so |and |then )?(what|how|which|who)\b", last)
        or re.search(r"\bhow (many|much)\b", last)
    )


def _countered() -> Ruling:
    t = Trace()
    t.step(
        Rule.RESOLVE_PERMANENT,
        "A countered spell never resolves, so it never becomes a permanent on the battlefield.",
    )
    t.step(
        Rule.TRIGGER_EVENT,
        "No enchantment entered the battlefield, so enchantment-enters abilities don't trigger.",
    )
    return t.ruling("no")


def _last_in_first_out() -> Ruling:
    t = Trace()
    t.step(
        Rule.TRIGGER_ORDER, "You put your triggered abilities on the stack in the order you choose."
    )
    t.step(
        Rule.STACK_RESOLVES,
        "The stack resolves last in, first out: the last one put on the stack resolves first, so "
        "they resolve in the reverse of the order you put them there.",
    )
    return t.ruling("no")


def _many(q: Question) -> int:
    m = next(
        (
            m
            for m in re.finditer(
                r"\b(two|three|four|five|both|several|multiple|\d)\b\s+(\w+\s+)?(permanents|"
                r"creatures|cards|constellation|copies|eidolons|abilities|of them|things|CARD\b)",
                q.lower,
            )
            # "Do I draw two cards?" counts what is drawn, not what watches.
            if not re.search(rf"\b{_GIVE_VERBS} (me |you |us )?$", q.lower[: m.start()])
        ),
        None,
    )
    if m:
        word = m.group(1)
        return int(word) if word.isdigit() else _NUMBERS.get(word, 2)
    if q.has(r"\bboth\b", r"\beach\b(?! (opponent|player|of (my|your|their) opponents))") and (
        len(_watcher_mentions(q)) <= 1
    ):
        return 2
    return 1


def _count_before(q: Question, pattern: str) -> int | None:
    m = re.search(r"\b(\d+|one|two|three|four|five)\s+" + pattern, q.lower)
    if not m:
        return None
    word = m.group(1)
    return int(word) if word.isdigit() else _NUMBERS.get(word)


_ENTER_VERBS = (
    r"\b(enter|enters|entering|entered|return|returns|returning|returned|put|puts|putting|"
    r"bring|brings|bringing|brought|come|comes|coming|came|create|creates|creating|created)\b"
)


_ENCHANTMENT_NOUN = (
    r"(?:enchantment cards?|enchantments?|auras?|sagas?|curses?|shrines?|cartouches?|class(?:es)?|"
    r"roles?)\b"
)
_COUNTED_ITEM = (
    r"(?P<n>\d+|an?|one|two|three|four|five|six|both)\s+"
    r"(?:(?:of )?(?:my|your|their|his|her|the|these|those) )?(?:[\w'-]+ ){0,2}?" + _ENCHANTMENT_NOUN
)
_NEXT_ITEM = lazy(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s+plus\s+)" + _COUNTED_ITEM)
# "returns my enchantments", "all three" aside: a plural with no number says several enter.
_UNCOUNTED_PLURAL = lazy(
    r"\b(?:my|your|our|their|his|her|all|several|multiple|some|many|a bunch of|a few)\s+"
    r"(?:(?:of )?(?:my|your|their|his|her|the) )?(?:[\w'-]+ ){0,2}?"
    r"(?:enchantment cards|enchantments|auras|sagas|curses|shrines|cartouches|classes|roles)\b"
)


def _held_before(q: Question, start: int, end: int | None = None) -> bool:
    """The words before ``start`` in its clause say what is already controlled ("I control
    Eidolon and three other enchantments"), with no entering verb after that, nor right after
    the noun ending at ``end`` ("I control Eidolon and three enchantments enter")."""
    if end is not None and re.match(r"\s*(?:[\w'-]+ ){0,3}?" + _ENTER_VERBS, q.lower[end:]):
        return False
    clause = re.split(r"[.?!;]", q.lower[:start])[-1]
    held = list(re.finditer(r"\b(control|controls|have|has|had|got|own|with)\b", clause))
    return bool(held) and not re.search(_ENTER_VERBS, clause[held[-1].end() :])


def _held_at(q: Question, start: int) -> bool:
    """The clause before text position ``start`` says what is already controlled ("I control
    Eidolon of Blossoms"), with no entering verb after the possession."""
    clause = re.split(r"[.?!;]", q.text[:start].casefold())[-1]
    held = list(re.finditer(r"\b(control|controls|have|has|had|got|own)\b", clause))
    return (
        bool(held)
        and not re.search(_ENTER_VERBS, clause[held[-1].end() :])
        and not re.search(r"\b(graveyard|yard|gy|hand|library|deck|exile)\b", clause)
    )


_LIST_VERB = lazy(
    r"\b(brings?|bringing|brought|returns?|returned|returning|puts?|putting|reanimates?|"
    r"reanimated|gets? back|got back|getting back)( back)?( to the battlefield| onto the battlefield)?( back)?"
    r"( (my|the|his|her|their))?\s*$"
)
_LIST_JOIN = lazy(r"\s*(,|,? and|&|plus)\s+((my|the|his|her|their) )?$")
# "My graveyard has Eidolon, Doomwake Giant and Ethereal Armor": what a named card that
# returns every such card (Replenish) puts onto the battlefield.
_GRAVE_LIST = lazy(r"\b(graveyard|gy|yard)( only)? (has|holds|contains|is)\s*(just |only )?$")


def _returner(q: Question) -> bool:
    """A named card returns every card of a kind from its controller's graveyard (Replenish)."""
    return any(
        len(m.faces) == 1
        and re.search(
            r"^return (all|each) [^.]*cards? from your graveyard to the battlefield\.",
            _unreminded(m.card.oracle_text).strip(),
            re.I,
        )
        for m in q.cards
    )


_IN_GRAVEYARD = lazy(r"\s*(?:is|was|'s|are|sits)( still)? in (my|your|the) (graveyard|gy|yard)\b")
_WITH_OTHERS = lazy(
    r"\b(?:with|and|along with|plus) (\d+|one|two|three|four|five|six|another|an?) (?:other )?"
    r"(?:enchantments?|enchantment cards?|auras?)\b"
)


def _entering_list(q: Question) -> list[CardMention]:
    """Two or more named cards listed after a verb that puts them onto the battlefield
    ("it brings back Nyxborn Wolf, Daxos's Torment and Arcane Flight"), or listed as a
    graveyard's contents when a named card returns them all, one per name."""
    cards = sorted(q.cards, key=lambda m: m.start)
    returner = any(
        len(m.faces) == 1
        and re.search(
            r"^return (all|each) [^.]*cards from your graveyard to the battlefield\.",
            _unreminded(m.card.oracle_text).strip(),
            re.I,
        )
        for m in cards
    )
    for i, m in enumerate(cards):
        before = q.text[max(0, m.start - 60) : m.start].casefold()
        head, first = _list_count(before)
        if not _LIST_VERB.search(head) and not (returner and _GRAVE_LIST.search(head)):
            continue
        run = [(m, first)]
        for nxt in cards[i + 1 :]:
            join, n = _list_count(q.text[run[-1][0].end : nxt.start].casefold())
            if not _LIST_JOIN.fullmatch(join):
                break
            run.append((nxt, n))
        names = {r.name for r, _ in run}
        if (
            len(names) == len(run)
            and sum(n for _, n in run) >= 2
            and (len(names) >= 2 or first > 1)
        ):
            # "returns two Eidolon of Blossoms and a Grim Guardian": each copy named by a
            # count is one more permanent of that card.
            return [r for r, n in run for _ in range(n)]
    return []


# A count written before a listed card's name ("two Eidolon of Blossoms", "a Grim Guardian").
_LIST_COUNT = lazy(r"\s(a|an|one|two|three|four|five|both|\d)\s+$")


def _list_count(before: str) -> tuple[str, int]:
    """The text before a listed name without its count, and the count (1 when none)."""
    m = _LIST_COUNT.search(" " + before)
    if m is None:
        return before, 1
    word = m[1]
    n = int(word) if word.isdigit() else _COUNT_WORDS.get(word, 2)
    return before[: max(0, m.start() - 1)] + " ", max(n, 1)


_ANOTHER_ONE = lazy(
    r"\b(cast|casts|casting|play|plays|played|resolve|resolves|put|puts|get|gets|draw|"
    r"and|then) (a |my |the |their |his |her )?(second|third|fourth|fifth|sixth|another|2nd|3rd|4th|"
    r"5th|6th|new) (CARD|one|copy)\b"
)


def _steals_watcher(q: Question) -> tuple[CardMention, CardMention] | None:
    """An Aura whose text gives its controller the enchanted creature, which I cast or bestow
    onto an opponent's watcher ("I bestow Hypnotic Siren onto my opp's Setessan Champion")."""
    for aura in q.cards:
        text = _unreminded(aura.card.oracle_text)
        if not re.search(r"^you control enchanted (creature|permanent)\.?$", text, re.I | re.M):
            continue
        if not re.search(
            r"\b(i|we) (just )?(bestow|bestowed|cast|casted|play|played|enchant|enchanted)\b"
            r"(?: \w+){0,2}$",
            _before(q, aura, 30).strip(),
        ):
            continue
        for host in q.cards:
            if host.start < aura.end or not host.of_kind("enchantment_enters"):
                continue
            between = q.text[aura.end : host.start].casefold()
            if re.fullmatch(
                r"( bestowed| for its bestow cost)? (on|onto|targeting|on to) (my )?"
                r"(opponent's|opp's|opps|opp|their|his|her|an opponent's) ",
                between,
            ):
                return aura, host
    return None


def _another_of(q: Question, watchers: list[Permanent], controller: str) -> Permanent | None:
    """ "I control two Eidolons and cast a third one": one more of the watching card, entering."""
    names = {w.card.name for w in watchers if w.card is not None}
    m = _ANOTHER_ONE.search(q.lower)
    if m is None or len(names) != 1 or len({w.name for w in watchers}) != len(watchers):
        return None
    if m[4] == "CARD":
        # The CARD mark is the watcher's own name, written after the ordinal.
        after = [c for c in q.cards if c.card.name in names]
        if not any(re.search(rf"\b{m[3]} $", _before(q, c, len(m[3]) + 2)) for c in after):
            return None
    model = watchers[0]
    return replace(
        model,
        name=f"{model.card.name if model.card else model.name} #{len(watchers) + 1}",
        controller=controller,
        owner=controller,
    )


def _entering_count(q: Question) -> int | str | None:
    """How many enchantments the question says enter: "returns three non-Aura enchantments",
    "two Auras and a Saga come back" (3); "several" when a plural says more than one enter
    without a number ("Replenish returns my enchantments"); None when no count is told."""
    for m in re.finditer(_COUNTED_ITEM, q.lower):
        word = m["n"]
        if word in ("a", "an") or _held_before(q, m.start(), m.end()):
            continue
        total = int(word) if word.isdigit() else _COUNT_WORDS.get(word, 2)
        end = m.end()
        while (more := _NEXT_ITEM.match(q.lower, end)) is not None:
            n = more["n"]
            total += int(n) if n.isdigit() else _COUNT_WORDS.get(n, 2)
            end = more.end()
        return total
    for m in _UNCOUNTED_PLURAL.finditer(q.lower):
        sentence_start = max(q.lower.rfind(x, 0, m.start()) for x in ".?!;") + 1
        stop = min(
            (i for x in ".?!;" if (i := q.lower.find(x, m.end())) >= 0), default=len(q.lower)
        )
        sentence = q.lower[sentence_start:stop]
        if re.search(_ENTER_VERBS, sentence) and not _held_before(q, m.start(), m.end()):
            return "several"
    return None


def _describe(types: frozenset[str], subtypes: frozenset[str], token: bool) -> str:
    words = " ".join(sorted(types, key=lambda t: t != "Enchantment")).lower()
    sub = " ".join(sorted(subtypes)).lower()
    noun = " ".join(w for w in (words, sub) if w)
    if token:
        return "a token " + noun
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


# "Replenish brings back two Auras", "they all come back": onto the battlefield, from wherever.
_BACK = (
    r"(\b(bring|brings|bringing|brought)\b[^.?!]*\bback|\b(come|comes|came|coming) back)\b"
    r"(?! (to|into|in) (my|your|its owner's|their|his|her|the|an opponent's) (hand|library|deck))"
)

Event = tuple[c.How, str, frozenset[str] | None, frozenset[str], bool]


def _event(q: Question) -> Event | None:
    """How, under whose control, and what enters, as the question states it."""
    # "I Act of Treason their Doomwake Giant": a named spell that gains control, as the verb.
    # Only when every other card named watches: another card may be what entered.
    taker = any(_takes_control(m) for m in q.cards) and all(
        _takes_control(m) or m.of_kind("enchantment_enters") for m in q.cards
    )
    if (
        not q.has(
            r"\benter",
            r"\btrigger(s|ed)? (off|on|for|from|with)\b",
            r"\bbestow(s|ing|ed)?\b",
            r"\bcast",
            r"\btoken",
            r"\bcreate",
            r"\breturn",
            r"\bput",
            r"\bphase",
            r"\bbecomes?\b",
            r"\blevel",
            r"\blore counter",
            r"resolv",
            r"into play",
            r"\betb\b",
            r"\breanimat",
            r"\bflicker",
            r"\bblink",
            r"gain control",
            r"(exchange|take|gains?|switch)s? control",
            r"\bsteal",
            r"\bplays?\b",
            r"\b(dies|destroyed|sacrificed|leaves|exiled)\b",
            r"\b(moved?|attach(es|ed)?|reattach(es|ed)?)\b",
            r"\bbounce",
            # "I enchanted their creature with Control Magic": the Aura resolved and entered.
            r"\b(i|you|we|he|she|they|opponent) enchanted\b",
            _BACK,
        )
        and not taker
    ):
        return None
    controller = (
        OPPONENT
        if q.has(
            r"opponent('s|s'?)? (casts?|plays?|creates?|resolves?|puts?|returns?|enchantment|"
            r"bestows?|bestowed)",
            r"\b(they|he|she) (casts?|plays?|bestows?|bestowed)\b",
            # "My opponent controls Eidolon and casts an Aura": the same subject acts.
            r"\b(opponent|they|he|she) (controls|has|had|got)\b(?:(?!\b(i|we|you)\b)[^.?!])*? and "
            r"(then )?(casts?|plays?|creates?|resolves?|puts?|returns?|reanimates?|flickers?|blinks?)\b",
            r"\b(opponent|they|he|she) enchanted\b",
            # "my opponent has two enchantments enter"
            r"\b(opponent|they|he|she) (has|had|have|gets|got|makes|made) ([\w'-]+ ){0,2}"
            r"(enchantments?|auras?|sagas?|tokens?) (enter|come|return)",
            r"opponent('s|s'?)? (\w+ )?(aura|saga|enchantment|token)s?\b",
            r"(enchantment|aura|saga|token)s?( \w+)? (that )?(my |an |the )?opponents? controls?",
            r"under (my |an |the |their |his |her )?opponent'?s?'? control",
            r"under their control",
            r"opponent('s|s'?)? side",
        )
        and not q.has(
            r"under my control",
            r"\bmy (?!opponent)(\w+ )?enchantment",
            r"enchantment (that )?i control",
        )
        else YOU
    )
    if q.has(r"phas(es|ed|ing)? in"):
        how: c.How = "phase_in"
    elif _levels_up(q):
        how = "level"
    elif q.has(
        r"\b(moved?|attach(es|ed)?|reattach(es|ed)?)\b[^.?!]*\bto (another|a different|a new|other)\b"
    ) and not q.has(r"\benters?\b"):
        how = "attach"
    elif q.has(
        r"before (it|the spell|that spell) resolves",
        r"\bon cast\b",
        r"\b(is|was|gets|got) countered\b",
        r"\bcountered by\b",
    ) and not q.has(r"illegal", r"\btarget"):
        # A spell that is cast (and perhaps countered) hasn't entered the battlefield.
        how = "cast"
    elif q.has(
        r"becomes? an? (\w+ )?enchantment", r"turns? into an enchantment", r"is now an enchantment"
    ):
        how = "becomes"
    elif q.has(r"gain(s|ed)? control", r"\bsteal", r"take control", r"exchange control") or taker:
        taken = _watcher_taken(q)
        if taken is not None:
            # The watcher changed hands: what enters, and how, is told by the rest.
            start, end, _ = taken
            return _event(replace(q, lower=q.lower[:start] + q.lower[end:]))
        if any(_TOOK.search(_before(q, m)) for m in _watcher_mentions(q)):
            # The watcher changed hands, not the enchantment that enters: what enters, and how,
            # is told elsewhere in the text, which this reading doesn't separate.
            return None
        how = "control_change"
    elif q.has(r"\btoken", r"\bcreates?\b"):
        how = "token"
    elif q.has(r"\bflicker", r"\bblink", r"exile[sd]? and return"):
        how = "flicker"
    elif q.has(r"\breanimat", r"from (my|the|your|a|their|an opponent's) graveyard") or q.has(
        r"\breturn(s|ed)?\b[^.?!]*\b(to|onto) the battlefield"
    ):
        how = "reanimate"
    elif not q.has(r"\b(re-?)?enters? (again|back)\b", r"\brecast", _BACK) and q.has(
        r"\bto (my|your|its owner's|their|his|her|the) hand",
        r"\bbounce",
        r"\b(dies|die|destroyed|sacrificed?|leaves the battlefield|is exiled|gets exiled)\b",
        r"put into (a|my|the|your) graveyard",
    ):
        how = "leaves"
    elif q.has(
        r"\bput (it |an? |the )?(\w+ )?(\w+ )?onto the battlefield",
        r"\bputs?\b.*onto the battlefield",
        r"\b(put|puts|putting)\b[^.?!]*\bback (on|onto|into) (the battlefield|play)\b",
        r"into play",
        _BACK,
    ):
        how = "put"
    elif q.has(r"\bcasts?\b", r"\bcasting\b") and not q.has(
        r"\benters?\b", r"resolv", r"comes? into play"
    ):
        how = "cast"
    else:
        how = "resolve"
    token = how == "token"
    subtypes: frozenset[str] = frozenset()
    types: frozenset[str] | None
    entering_named = _entering_mentions(q)
    if how == "control_change":
        # The spell that takes control isn't what the question is about (it never enters).
        entering_named = [m for m in entering_named if not _takes_control(m)]
    if any("Enchantment" in m.card.types for m in entering_named):
        # "cast Act of Treason, then cast Rancor": an instant or sorcery named beside an
        # enchantment never enters; the enchantment is what the question is about.
        entering_named = [
            m
            for m in entering_named
            if not (m.card.types <= {"Instant", "Sorcery"} and not _makes_permanents(m))
        ]
    if q.has(r"non-?enchantment"):
        word = re.search(r"non-?enchantment (creature|artifact|land|permanent)", q.lower)
        types = frozenset({word.group(1).capitalize()}) if word else frozenset({"Creature"})
    elif q.has(r"enchantment creature", r"creature enchantment"):
        types = frozenset({"Enchantment", "Creature"})
    elif q.has(r"enchantment artifact", r"artifact enchantment"):
        types = frozenset({"Enchantment", "Artifact"})
    elif q.has(r"enchantment land", r"land enchantment"):
        types = frozenset({"Enchantment", "Land"})
    elif q.has(r"\bbestow"):
        types = frozenset({"Enchantment"})
        subtypes = frozenset({"Aura"})
    elif q.has(_ENCHANTMENT_SUBTYPES):
        m = re.search(_ENCHANTMENT_SUBTYPES, q.lower)
        types = frozenset({"Enchantment"})
        subtypes = frozenset({m.group(1).capitalize()}) if m else frozenset()
    elif q.has(r"\benchantments?\b"):
        types = frozenset({"Enchantment"})
    elif how == "token" and (creators := [m for m in q.cards if _is_creator(q, m)]):
        types = _token_types(creators[0])
    elif entering_named and (copied := _copied_by(q, entering_named[0])) is not None:
        # A permanent entering as a copy has the copied permanent's types (CR 707.2).
        types = copied.card.types
        subtypes = copied.card.subtypes
    elif entering_named:
        types = entering_named[0].card.types
        subtypes = entering_named[0].card.subtypes
        if _controller_of(q, entering_named[0].name) == OPPONENT and not q.has(r"under my control"):
            controller = OPPONENT
    elif q.has(r"\b(creature|artifact|land|planeswalker)s?\b") and how not in (
        "phase_in",
        "becomes",
    ):
        word = re.search(r"\b(creature|artifact|land|planeswalker)s?\b", q.lower)
        types = frozenset({word.group(1).capitalize()}) if word else None
    else:
        types = None
    if types is None and how == "cast":
        # "Does it trigger on cast?" is about casting any enchantment spell.
        types = frozenset({"Enchantment"})
    return how, controller, types, subtypes, token


# What a player asks a trigger to give: cards drawn, or tokens made ("a Pegasus").
_GIVE_VERBS = r"(give|gives|get|gets|make|makes|create|creates|draw|draws)"
_COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _levels_up(q: Question) -> bool:
    """The question has a named Class gain a level, or a named Saga get a lore counter, and
    enters nothing else ("I leveled Fighter Class to level 2")."""
    leveled = any("Class" in m.card.subtypes for m in q.cards) and q.has(
        r"\blevel(l)?(ed|ing|s)? (it |CARD |my CARD |(my |the )?class )?up\b",
        r"\blevel(l)?(ed|ing|s)? (it |CARD |my CARD |(my |the )?class )?to (level )?(2|3|two|three)\b",
        r"\b(gain|gains|gained|gaining|reach|reaches|reached|get|gets|got) (the next |a |its next )?level\b",
        r"\b(to|at|hits?|reach\w*) level (2|3|two|three)\b",
    )
    chaptered = any("Saga" in m.card.subtypes for m in q.cards) and q.has(
        r"\blore counters?\b", r"\b(next|second|third|2nd|3rd) chapter\b"
    )
    if not (leveled or chaptered):
        return False
    # Only the Class or Saga is named with the watcher; a second thing entering isn't read.
    return not q.has(
        r"\b(cast|casts|casting|resolv\w*|create\w*|token|return\w*|flicker\w*|blink\w*|put)\b"
    )


def _token_noun(noun: str, watchers: list[Permanent]) -> bool:
    """A noun of the asked sentence ("pegasus", "tokens") names what a watcher's ability creates."""
    stem = re.sub(r"(es|s|i)$", "", noun)
    for w in watchers:
        for a in w.abilities:
            if isinstance(a, EnchantmentEnters) and re.search(r"\bcreates?\b", a.effect, re.I):
                words = re.findall(r"[a-z]+", a.effect.casefold())
                if noun in ("token", "tokens") or any(
                    x.startswith(stem) for x in words if x != "a"
                ):
                    return True
    return False


_LIFE_ASKED = lazy(
    r"\bhow much life (do|does|did|will|would|should) (?P<who>i|you|we|my opponent|the opponent|"
    r"each opponent|an opponent|each of my opponents|they|he|she)\b(?! all\b)"
    r"(?: [\w']+){0,3}? (?P<verb>gain|lose)\b"
)


def _yield_asked(q: Question, watchers: list[Permanent]) -> tuple[c.Yield, bool, str] | None:
    """The asked sentence asks what the triggers give a player: cards drawn or tokens made,
    as a count ("how many cards do I draw?", True) or a yes/no ("does it give me a Pegasus?"),
    and to whom."""
    if not watchers:
        return None
    player = (
        OPPONENT
        if q.asks(
            r"\b(does|do|did|will|would|should) (my |the |an )?(opponents?|they|he|she)\b",
            rf"\b{_GIVE_VERBS} (my |the |an )?(opponents?|them|him|her)\b",
        )
        else YOU
    )
    life = _LIFE_ASKED.search(q.asked)
    if life is not None and q.asks(r"\b(total|combined|altogether|in all|all together)\b"):
        return None  # summed over opponents whose number isn't told
    if life is not None:
        # "How much life does each opponent lose?": in a two-player game, the one opponent.
        who = OPPONENT if re.search(r"opponent|they|he|she", life["who"]) else YOU
        return ("gain_life" if life["verb"] == "gain" else "lose_life"), True, who
    if q.asks(r"\beach (player|opponent)\b"):
        return None
    if q.asks(r"\bhow many (\w+ )?cards\b") and q.asks(r"\bdraw\w*\b"):
        return "draw", True, player
    m = re.search(r"\bhow many (\w+ )?(?P<noun>[a-z]+)\b", q.asked)
    if m and _token_noun(m["noun"], watchers) and q.asks(r"\b(get|make|create|have)\b"):
        return "tokens", True, player
    # "Does my Eidolon of Blossoms draw for that?": the watcher draws for its controller.
    by_card = re.search(
        r"\b(do|did|will|would|should|does) (?P<whose>my |the |your |their |his |her )?CARD('s \w+)?"
        r" (still )?draw\b",
        q.asked,
    )
    if by_card is not None and len(watchers) == 1:
        theirs = (by_card["whose"] or "").strip() in ("their", "his", "her")
        return "draw", False, OPPONENT if theirs else watchers[0].controller
    if q.asks(
        r"\b(do|did|will|would|should|does) (i|you|my opponent|the opponent|an opponent|they|he|she)"
        r" (still )?(get to )?draw\b",
        r"\bdraws? (me|you|us|him|her|them|my opponent)\b",
        r"\bdraw (a|an|one) card\b",
    ):
        return "draw", False, player
    m = re.search(
        rf"\b{_GIVE_VERBS} (me |you |us )?(an? |one |another )(?P<noun>[a-z]+)\b", q.asked
    )
    if m and _token_noun(m["noun"], watchers):
        return "tokens", False, player
    return None


_STATED = lazy(
    r"(?<!at )\b(once|twice|thrice|(?P<n>\d+|one|two|three|four|five|six) (?:separate )?(?P<noun>[a-z]+))\b"
)


def _stated_count(q: Question, watchers: list[Permanent]) -> tuple[str, int] | None:
    """A yes/no question that states how many: "does it trigger twice?", "do I draw two
    cards?", "do I get two Pegasus tokens?" — what is counted, and the number."""
    if q.asks(r"\b(at least|at most|more than|less than|fewer than|up to|only)\b"):
        return None
    for m in _STATED.finditer(q.asked):
        word = m[1]
        if word in ("once", "twice", "thrice"):
            return "times", {"once": 1, "twice": 2, "thrice": 3}[word]
        n = int(m["n"]) if m["n"].isdigit() else _COUNT_WORDS[m["n"]]
        noun = m["noun"]
        if noun in ("times", "triggers"):
            return "times", n
        # What is drawn or made follows its verb: "draw two cards", "get two Pegasus tokens".
        given = re.search(rf"\b{_GIVE_VERBS} (me |you |us )?$", q.asked[: m.start()])
        if given is None:
            continue
        if noun == "cards" and given[1].startswith("draw"):
            return "draw", n
        if _token_noun(noun, watchers) and not given[1].startswith("draw"):
            return "tokens", n
    return None


def _compare(
    stated: tuple[str, int],
    state: GameState,
    entering: list[Permanent],
    how: c.How,
    watcher: str | None,
) -> Ruling:
    """The stated count against the one the engine finds: yes only when they agree."""
    what, n = stated
    if what == "times":
        found = c.trigger_count(state, entering, how, watcher)
    else:
        verb: c.Yield = "draw" if what == "draw" else "tokens"
        found = c.effect_total(state, entering, how, verb, YOU, watcher)
    if found.verdict is None:
        return found
    t = Trace()
    noun = {"times": ("time", "times"), "draw": ("card", "cards"), "tokens": ("token", "tokens")}
    one, many = noun[what]
    got = int(found.verdict)
    if got == n:
        t.step(Rule.TRIGGER_EVENT, f"So it's {n} {one if n == 1 else many}, as asked.")
    else:
        t.step(
            Rule.TRIGGER_EVENT,
            f"So it's {got} {one if got == 1 else many}, not {n}.",
        )
    return Ruling(verdict="yes" if got == n else "no", steps=found.steps + t.ruling(None).steps)


def _gives(
    state: GameState,
    entering: list[Permanent],
    how: c.How,
    verb: c.Yield,
    player: str,
    watcher: str | None,
) -> Ruling:
    """Does the event give ``player`` a card (or a token)? Yes when a trigger of theirs does."""
    found = c.effect_total(state, entering, how, verb, player, watcher)
    if found.verdict is None:
        return found
    got = int(found.verdict)
    t = Trace()
    if verb == "draw":
        what = "a card" if got == 1 else f"{got} cards"
        t.step(
            Rule.FOLLOW_INSTRUCTIONS,
            f"So {_who(player)} {_verb('draw', player)} {what}."
            if got
            else f"So {_who(player)} {_verb('do', player)}n't draw a card from it.",
        )
    else:
        what = "a token" if got == 1 else f"{got} tokens"
        t.step(
            Rule.FOLLOW_INSTRUCTIONS,
            f"So {_who(player)} {_verb('get', player)} {what}."
            if got
            else f"So {_who(player)} {_verb('do', player)}n't get a token from it.",
        )
    return Ruling(verdict="yes" if got else "no", steps=found.steps + t.ruling(None).steps)


def _who(player: str) -> str:
    return "you" if player == YOU else "your opponent"


def _verb(verb: str, player: str) -> str:
    if player == YOU:
        return verb
    return "does" if verb == "do" else verb + "s"


# "My opponent steals it", "I gain control of my opponent's CARD": who takes what.
_TAKES = lazy(
    r"\b(?P<who>i|my opponent|an opponent|the opponent|opponent|they|he|she) "
    r"(?:steals?|stole|(?:gains?|gained|takes?|took) control of) "
    r"(?:my |their |his |her |the |an? )?(?:opponent'?s'? )?(?P<what>CARD|it)\b"
)


def _watcher_taken(q: Question) -> tuple[int, int, str] | None:
    """The clause (in ``q.lower``) that says a watcher changed hands, and its new controller."""
    found = list(_TAKES.finditer(q.lower))
    if len(found) != 1:
        return None
    m = found[0]
    watchers = _watcher_mentions(q)
    if m["what"] == "it":
        if len(watchers) != 1 or len(q.cards) != 1:
            return None
    else:
        index = q.lower[: m.start("what")].count("CARD")
        if index >= len(q.cards) or q.cards[index].name not in {w.name for w in watchers}:
            return None
    return m.start(), m.end(), YOU if m["who"] == "i" else OPPONENT


def _taken_name(q: Question, taken: tuple[int, int, str]) -> str | None:
    """The watcher a taking clause names."""
    start, end, _ = taken
    piece = q.lower[start:end]
    if not piece.endswith("CARD"):
        watchers = _watcher_mentions(q)
        return watchers[0].name if len(watchers) == 1 else None
    index = q.lower[: end - 4].count("CARD")
    return q.cards[index].name if index < len(q.cards) else None


def _asks_other_trigger(q: Question, watchers: set[str]) -> bool:
    """ "Does my Enchantress's Presence draw me a card?" beside Eidolon of Blossoms: the asked
    question's subject is another card with a triggered ability, which this mapping doesn't
    read."""
    k = q.asked.count("CARD")
    subject = re.search(
        r"\b(?:does|do|did|will|would|should|shouldn't|doesn't|won't) (?:my |your |the |his |her "
        r"|their |an? )?CARD",
        q.asked,
    )
    if not k or subject is None:
        return False
    index = q.asked[: subject.end()].count("CARD") - 1
    m = q.cards[len(q.cards) - k + index]
    return (
        m.name not in watchers
        and not any(w.startswith(m.name) for w in watchers)
        and re.search(r"(?:^|\n)(?:when|whenever|at the beginning)\b", m.card.oracle_text, re.I)
        is not None
    )


def _put_past_shield(
    q: Question, name: str, card: str | None, cited: tuple[str, ...], host: str = ""
) -> Scenario | None:
    """ "Can it be put on a creature with hexproof?": an Aura put onto the battlefield doesn't
    target, so hexproof, shroud and ward don't stop it (303.4f). ``host`` is the named
    creature's text, when the question names it and not its hexproof."""
    shield = re.search(r"\b(hexproof|shroud|ward)\b", q.lower) or re.search(
        r"\b(hexproof|shroud|ward)\b", host.casefold()
    )
    if shield is None or not q.asks(_MAY_ATTACH) or not q.asks(_ATTACH_VERB):
        return None
    what = shield.group(1)
    return Scenario(
        "constellation_aura_put",
        "yesno",
        0.9,
        lambda: c.aura_put_untargeted(name, what, card),
        cited,
    )
