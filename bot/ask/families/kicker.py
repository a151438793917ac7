"""Kicker family: maps questions about kicker, multikicker, costs, mana value, copies and X onto the engine."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from rapidfuzz import fuzz

from bot.ask.question import CardMention, Question, Scenario
from engine import effects as eff
from engine import kicker as k
from engine import query as eq
from engine import rule as engine_rule
from engine.abilities import CostChange, IfKicked, Kicker, KickerCost
from engine.lazyre import lazy
from engine.mana import ManaCost
from engine.model import OPPONENT, GameState, Permanent, Spell
from engine.ruling import Rule, Ruling, Trace

# A card whose official rulings state the general kicker rules (copies, putting
# onto the battlefield, total cost), quoted when the question names no card.
REFERENCE_CARD = "Skyclave Shade"

# "Whenever you cast a kicked spell" and "Whenever you cast a spell, if that spell was kicked".
_CAST_KICKED = re.compile(
    r"whenever you cast a kicked spell|whenever you cast a spell, if that spell was kicked", re.I
)
# An asked clause whose "kicked" is the question ("does it count as kicked?").
_ASKS_KICKED = (
    r"\b(count|counts|counted|considered|treated|regarded) as (a |an )?(multi)?kicked\b"
    r"|\b(is|be) (it |that |this |CARD )?(still )?(a |an )?(multi)?kicked spell\b"
)
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_ALT_WORDS = (
    "flashback",
    "flash back",
    "flashed back",
    "flashing back",
    "flash it back",
    "escape",
    "overload",
    "evoke",
    "dash",
    "madness",
    "foretell",
    "plot",
    "alternative cost",
    "alternate cost",
    "spectacle",
    "surge",
    "emerge",
    "prowl",
    "miracle",
    "awaken",
    "blitz",
    "disturb",
    "warp",
    "sneak",
    "freerunning",
    "impending",
)
# Ways of casting that are themselves alternative costs (CR 118.9).
_ALT_ROUTES = (
    (r"\bflash(ed|ing|es)? ?(it |them |CARD )?back\b", "flashback"),
    (r"\bflashback\b", "flashback"),
    (r"\bcascad(e|ed|es|ing)\b", "cascade"),
    (r"\bwithout paying\b", "casting without paying its mana cost"),
    (r"\bfor free\b|\bfree(ly)? cast", "casting without paying its mana cost"),
)
# Another alternative cost applied to the same spell, said as something done to it.
_OBJ = r" (a|an|it|them|CARD|the|that|this|my|your|their)\b"
_ALT_PAYMENTS = (
    (r"\boverload(ed|ing)\b|\boverload" + _OBJ, "overload"),
    (r"\bpitch(ed|ing|es)?\b", "exiling a card rather than paying its mana cost"),
    (r"\bevok(ed|ing)\b|\bevoke" + _OBJ, "evoke"),
    (r"\bdash(ed|ing)\b|\bdash" + _OBJ, "dash"),
    (
        r"\b(use|used|using|pay|paid|paying|apply|applied|applying) (the |its |an |their |a |that "
        r"|his |her |CARD'?s? )?(?!flashback)(\w+ )?alternat(e|ive) (casting )?costs?\b",
        "its own alternative cost",
    ),
    (
        r"\b(for|with|using|via) (its|the|an|their|his|her) (overload|evoke|dash|madness|surge"
        r"|spectacle|prowl|warp|blitz|emerge|escape|bestow|mutate) cost\b",
        "its own alternative cost",
    ),
)
# "As an additional cost to cast this spell, sacrifice an artifact": a cost that must be paid.
_MANDATORY_ADDITIONAL = re.compile(r"(?im)^as an additional cost to cast this spell, (?!you may)")
# A spell cast as though an additional cost had been paid, or with it skipped.
_SKIP_ADDITIONAL = (
    r"as if (that |the |its |this |an? )?(additional |extra )?cost (had been|has been|was|were) paid",
    r"\bskip(s|ped|ping)? (the |its |that |an? |any )?(additional|extra)",
    r"\bignor(e|es|ed|ing) (the |its |that |an? |any )?(additional|extra)",
    r"without (paying|having to pay) (the |its |that |an? |any )(additional|extra)",
    # "without sacrificing anything", "without discarding": the additional cost's action.
    r"\bwithout (?!paying (its |their |the |that |an? )?(\w+'s )?mana costs?)(?!casting)"
    r"(?!being)\w+ing\b",
)
# Words that ask what X may be chosen as ("choose X", "X can't be paid", "pick X=0").
_X_CHOICE_WORDS = (
    r"\b(choos\w*|chose|chosen|pick\w*|announc\w*|select\w*)\b",
    r"\bx\b (costs? )?(can(not|'t)?|could|may|must) (\w+ )?be (paid|chosen|picked|announced)",
    r"\bpa(y|id|ying) (for )?(the )?x\b",
    r"\bx costs? (can|could)\b",
)
# Another object that arrived later ("then I cast another goblin", "the new elf").
_NEWCOMER = (
    r"\b(another|new|newly|second|other|later|next)\b (\w+ )?(goblin|elf|creature|guy|dude|one|token|"
    r"soldier|zombie|ally|warrior|knight|wolf|beast|dragon|angel)s?\b",
    r"\b(cast|play|played|casting|playing) (another|a second|a new|more)\b",
)
# "Does Reverberate copy X?", "does the copy keep X?": whether a copy has the same X.
_COPY_KEEPS_X = (
    r"\bcop(y|ies) (the )?(value of |chosen |announced |original'?s? )?x\b",
    r"\b(copy|it|that) (keeps?|gets?|has|have|inherits?) (the )?(same |original'?s? )?x\b",
)
_CONDITIONAL_COPY = re.compile(r"(?i)\bif you do, copy\b")
# Words that ask whether a cost change applies to a spell.
_COST_CHANGE_WORDS = (
    r"\b(reduc\w*|discount\w*|cheaper|increas\w*|more expensive)\b",
    r"\bcosts? (\{?\d+\}? )?(less|more)\b",
)
# One alternative cost chosen over another is allowed; only combining them isn't.
_CHOICE_WORDS = (r"\binstead of\b", r"\brather than\b", r"\bwhich\b", r"\beither\b")
_FREE_WORDS = (r"\bcascad", "without paying", "for free", r"\bdiscover", "free cast")
# Keyword abilities and game rules the kicker engine does not model: a question that
# turns on one of them needs rules beyond kicker, so any kicker verdict would be a guess.
_UNMODELLED = (
    r"\bindestructible\b",
    r"\bhexproof\b",
    r"\bshroud\b",
    r"\bward\b",
    r"\bprotection\b",
    r"\bsplit second\b",
    r"\blifelink\b",
    r"\bdeathtouch\b",
    r"\btrample\b",
    r"\bmenace\b",
    r"\bregenerat",
    r"\bcountered\b",
    r"\bcounter (it|the spell|that spell|CARD|just|only)\b",
    r"\blayers?\b",
    r"\bcop(y|ies|ying) (the |its |that |a |this )?(\w+ )?(kicker )?(trigger|triggered ability)",
)
# Costs added or taken away by rules other than kicker ("commander tax", convoke).
_OTHER_COST_WORDS = (
    r"\bcommander\b",
    r"\btax\b",
    r"\bconvoke\b",
    r"\bdelve\b",
    r"\bimprovise\b",
    r"\baffinity\b",
    r"\bassist\b",
    r"\bemerge\b",
    # Other additional costs, and casting face down: each changes what is paid.
    r"\bbuyback\b",
    r"\bentwin",
    r"\breplicat",
    r"\bsquad\b",
    r"\bsplic",
    r"\bescalat",
    r"\bcasualty\b",
    r"\bbargain",
    r"\boffspring\b",
    r"\bstrive\b",
    r"\bconspire\b",
    r"\bmorph",
    r"\bdisguis",
    r"\bface[- ]?down\b",
    r"\bsuspend",
    r"\bbestow",
    r"\bmutat",
)


def _unmodelled(q: Question) -> tuple[str, ...]:
    """The _UNMODELLED words, less those a named card's kicked ability grants ("enters with
    three +1/+1 counters and with trample"): that one is the kicked effect, read as data."""
    granted = [a.effect for m in q.cards for a in m.of_kind("if_kicked") if isinstance(a, IfKicked)]
    return tuple(p for p in _UNMODELLED if not any(re.search(p, e, re.I) for e in granted))


_TARGET_TYPES = {
    "creature": "Creature",
    "creatures": "Creature",
    "artifact": "Artifact",
    "artifacts": "Artifact",
    "land": "Land",
    "lands": "Land",
    "enchantment": "Enchantment",
    "enchantments": "Enchantment",
}


def _missing(*facts: str) -> Callable[[], Ruling]:
    def run() -> Ruling:
        return Ruling(verdict=None, missing=facts)

    return run


_COUNT_WORDS = {"zero": 0, "no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_COUNT_WORDS |= {"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
# "once" as a count, not the conjunction ("once it resolves") nor "at once".
_ONCE = lazy(
    r"(?<!\bat )(?<!more than )\bonce\b(?! (it|its|the|that|this|he|she|they|i|you|we|card|my|your"
    r"|their|all|both|everything|on|in))"
)
_TIMES = lazy(r"\b(\d+|[a-z]+) (times|kicks)\b|\b(twice|thrice)\b")


def _stated_counts(q: Question, text: str | None = None) -> set[int]:
    """Every count of kicks the text states ("3 times", "twice", "kicked once")."""
    text = q.lower if text is None else text
    out: set[int] = set()
    for m in _TIMES.finditer(text):
        if m.group(3):
            out.add(2 if m.group(3) == "twice" else 3)
        elif m.group(1).isdigit():
            out.add(int(m.group(1)))
        elif m.group(1) in _COUNT_WORDS:
            out.add(_COUNT_WORDS[m.group(1)])
    if _ONCE.search(text):
        out.add(1)
    return out


# Cast again after it left: a new object with its own kicker choices (CR 400.7).
_RECAST = lazy(
    r"\b(recast|re-cast|cast (it|him|her|them|CARD) (again|back)|cast again|replay(s|ed)? "
    r"(it|CARD))\b"
)
_LEFT = lazy(r"\b(bounc|flicker|blink|return|die[ds]?\b|exile|sacrific|to (my|his|her|their) hand)")
_UNKICKED = lazy(
    r"\bunkicked\b|(not|n't|never|without) (being |been |paying |the |its |any )*(multi)?kick"
)


def _recast_tail(q: Question) -> str | None:
    """The text after the object left and was cast again, where its kicker choices are told."""
    last = None
    for m in _RECAST.finditer(q.lower):
        last = m
    if last is None or not _LEFT.search(q.lower[: last.start()]):
        return None
    return q.lower[last.end() :]


def _times_asked(q: Question) -> int | None:
    tail = _recast_tail(q)
    if tail is not None:
        # Only the last casting's kicks count; the earlier object is gone.
        if _UNKICKED.search(tail):
            return 0
        counts = _stated_counts(q, tail)
        return counts.pop() if len(counts) == 1 else None
    if len(_stated_counts(q)) > 1 and not q.has(
        r"\b(once|twice|thrice|\w+ times) or (once|twice|thrice|\w+ times)\b"
    ):
        # Two counts told ("kicked 3 times, ... recast it kicked once"): which casting is
        # asked about isn't for the first one found to decide.
        return None
    if q.has(r"\b(zero|0|no) times\b"):
        return 0
    if q.has(r"\btwice\b", r"more than once", r"multiple times", r"\bagain\b", r"second time"):
        return 2
    if q.asks(
        r"\bany number of times\b",
        r"\bas many times as (i|you|we|they|he|she) (want|like|wish|can)",
        r"\bunlimited(ly)?\b",
        r"\binfinite(ly)?( many)? times\b",
    ):
        # More than once is what decides it: multikicker may, kicker may not. Said in an
        # earlier question ("can I kick it as many times as I want? if I want 3 counters, what
        # do I pay?"), it is no count of what was paid.
        return 2
    if q.has(r"\bthrice\b"):
        return 3
    n = q.count_word(r"times\b")
    if n is not None and n > 0:
        return n
    n = q.count_word(r"kicks\b")  # "with 2 kicks"
    if n is not None:
        return n
    if q.has(r"\bonce\b"):
        return 1
    return None


class KickerHandler:
    """Kicker and multikicker: payments, total cost, mana value, copies, zone changes, kicked triggers."""

    family = "kicker"

    def scenarios(self, q: Question) -> list[Scenario]:
        if q.board is not None:
            stated = _board_scenario(q)
            if stated is not None:
                return [stated]
        mention = q.card_with("kicker")
        if q.has(
            r"\b(going|gonna|meant|wanted|planned|tried|trying|about|intended) to "
            r"(kick|pay (the |its )?(multi)?kicker)\b[^.?!]*\bbut\b"
        ):
            # "I was going to kick it but didn't": the intent and what was done differ.
            return [
                Scenario(
                    "kicker_is_kicked",
                    "yesno",
                    0.97,
                    _missing("how it was cast in the end: the kick meant isn't the kick made"),
                    self._cards(mention),
                )
            ]
        about_kicker = (
            mention is not None
            or q.fuzzy_has("kicker")
            or q.has(r"\bkick(ed|ing|s)?\b", r"\bunkicked\b")
        )
        out: list[Scenario] = []
        ask_yes_no = False
        compared = self._mana_value_compared(q)
        if compared is not None:
            # Chalice of the Void, Counterbalance, cascade: the spell's mana value on the stack
            # decides it, kicked or not.
            return [compared]
        if about_kicker and q.has(*_unmodelled(q)):
            return [
                Scenario(
                    "kicker_unmodelled",
                    "yesno",
                    0.97,
                    _missing("how the other rules the question names apply"),
                    self._cards(mention),
                )
            ]
        if any(_CONDITIONAL_COPY.search(m.card.oracle_text) for m in q.cards) and q.has(
            r"\bremov\w*", r"\b(pa(y|id|ying)|afford) (for )?(the |its |that )?(cost|counters?)"
        ):
            # "You may remove two counters. If you do, copy that spell": whether the copy is
            # made hangs on that cost, which isn't modelled.
            return [
                Scenario(
                    "kicker_conditional_copy",
                    "yesno",
                    0.97,
                    _missing("whether the cost the copy depends on was paid"),
                    self._cards(mention),
                )
            ]
        if about_kicker:
            for build in (
                self._phasing,
                self._control_change,
                self._is_kicked,
                self._max_times,
                self._pay_times,
                self._copy_spell,
                self._copy_permanent,
                self._copy_size,
                self._zone_change,
                self._put_onto_battlefield,
                self._alternative,
                self._trigger_target,
                self._target_illegal,
                self._trigger_condition,
                self._trigger_count,
                self._static_kicked,
                self._per_kick_counters,
                self._kick_targets,
                self._another_target,
                self._tapped_target,
                self._kicked_target,
                self._effect_amount,
                self._spell_targets,
                self._kicked_size,
            ):
                s = build(q, mention)
                if s is not None:
                    out.append(s)
        if about_kicker:
            none = self._no_kicker(q)
            if none is not None:
                out.append(none)
        two_alternatives = self._two_alternatives(q, about_kicker)
        if two_alternatives is not None:
            out.append(two_alternatives)
        changed = self._cost_change_applies(q)
        if changed is not None:
            out.append(changed)
        x_choice = self._x_choice(q)
        if x_choice is not None:
            out.append(x_choice)
        additional = self._additional_with_alternative(q)
        if additional is not None:
            out.append(additional)
        for cast_trigger in (
            self._cast_kicked_trigger(q),
            self._cast_condition_trigger(q),
            self._mana_value_target(q),
        ):
            if cast_trigger is not None:
                out.append(cast_trigger)
        if _asks_what(q) or _offered_values(q) is not None:
            # "What's the mana value of ...?", "is its mv 2 or 4?" are never answered by a yes
            # or a no.
            out = [s for s in out if s.kind != "yesno"]
        elif _asks_yes_no(q):
            ask_yes_no = True
        if not about_kicker:
            amount = self._effect_amount(q, _single_plain_card(q) or _cast_free(q))
            if amount is not None:
                out.append(amount)
        total = self._total_cost(q, mention or _cast_mention(q))
        if total is not None:
            out.append(total)
        copy_x = self._copy_x(q, mention)
        if copy_x is not None:
            out.append(copy_x)
        for build in (self._mana_value, self._x_etb, self._x_amount):
            s = build(q, mention or _single_plain_card(q))
            if s is not None:
                out.append(s)
        if ask_yes_no:
            # "Does its mana value go up?" is answered yes or no, never with a number.
            out = [s for s in out if s.kind == "yesno"]
        return out

    # -- helpers -------------------------------------------------------------
    @staticmethod
    def _cards(mention: CardMention | None) -> tuple[str, ...]:
        # The reference card's rulings state the general kicker rules (total cost, copies,
        # putting onto the battlefield); a named kicker card's own rulings come first.
        if mention is None:
            return (REFERENCE_CARD,)
        if mention.of_kind("kicker") and mention.name != REFERENCE_CARD:
            return (mention.name, REFERENCE_CARD)
        return (mention.name,)

    @staticmethod
    def _kicker(mention: CardMention | None) -> Kicker | None:
        if mention is None:
            return None
        found = [a for a in mention.of_kind("kicker") if isinstance(a, Kicker)]
        return found[0] if found else None

    @staticmethod
    def _which(q: Question, kicker: Kicker) -> int | None:
        """The kicker cost the question names, by its mana cost or its color."""
        costs = q.mana_costs()
        for i, kc in enumerate(kicker.costs):
            if kc.mana is not None and any(str(c) == str(kc.mana) for c in costs):
                return i
        for word, letter in _COLOR_WORDS.items():
            if q.has(rf"\b{word}\b"):
                hits = [
                    i
                    for i, kc in enumerate(kicker.costs)
                    if kc.mana and letter in "".join(kc.mana.parts)
                ]
                if len(hits) == 1:
                    return hits[0]
        short = re.search(r"\b(\d*)([wubrg]{1,3})\s+kicker\b", q.lower)
        if short:
            written = short.group(1) + short.group(2).upper()
            hits = [
                i
                for i, kc in enumerate(kicker.costs)
                if kc.mana is not None and str(kc.mana).replace("{", "").replace("}", "") == written
            ]
            if len(hits) == 1:
                return hits[0]
        if q.has(r"\bfirst\b"):
            return 0
        if q.has(r"\bsecond\b") and len(kicker.costs) > 1:
            return 1
        if len(kicker.costs) == 1:
            return 0
        return None

    @staticmethod
    def _both(q: Question, kicker: Kicker | None = None) -> bool:
        if kicker is not None and len(kicker.costs) > 1 and not kicker.multi:
            named = {
                i
                for i, kc in enumerate(kicker.costs)
                for c in q.mana_costs()
                if kc.mana is not None and str(c) == str(kc.mana)
            }
            if len(named) == len(kicker.costs) and q.has(r"\band\b", r"\bboth\b"):
                return True
        return q.has(
            r"\bboth\b",
            r"\ball (of )?(the |its |their )?kick",
            r"\band/or\b",
            r"\beach kicker",
            r"\btwo kicker",
            r"fully kicked",
            r"max(imum|imally|ed)? kick",
            r"every kicker",
        )

    # -- scenarios -----------------------------------------------------------
    def _pay_times(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not q.has(r"\b(can|could|may|allowed|able|possible|legal)\b"):
            return None
        if not q.has(r"\b(pay|paid|kick|use|cast)"):
            return None
        if q.has(
            r"\btargets?\b",
            r"total cost",
            r"how much",
            r"mana value",
            r"\bcmc\b",
            r"\bcopy\b",
            r"flashback",
            r"cascade",
            r"without (paying|casting)",
            r"onto the battlefield",
        ):
            return None
        kicker = self._kicker(mention)
        multi_named = q.fuzzy_has("multikicker")
        if kicker is None:
            if mention is not None:
                return None
            both = self._both(q, None)
            kicker = Kicker(
                costs=(KickerCost(), KickerCost()) if both else (KickerCost(),), multi=multi_named
            )
        both = self._both(q, kicker)
        repeated = q.has(
            r"\btwice\b", r"\bthrice\b", r"\b(\d+|two|three|four|five) times\b", r"more than once"
        ) and not q.has(r"\beach\b")
        if both and repeated:
            # "Both kickers twice", "{1}{B} once and {2}{U} twice": some kicker cost is paid
            # more than once.
            repeats = _times_asked(q) or 2
            payments = {i: repeats for i in range(max(2, len(kicker.costs)))}
            times_note = str(repeats)
        elif both:
            payments = {i: 1 for i in range(max(2, len(kicker.costs)))}
            times_note = "both"
        else:
            times = _times_asked(q)
            if (
                times is None
                and _names_one_cost(q, kicker)
                and q.has(r"\bwith (just |only )?(the|its)\b", r"\b(just|only) (the|its)\b")
            ):
                # "Kick it with just the {W} kicker": paying one named kicker cost once.
                times = 1
            if (
                times is None
                and mention is not None
                and q.asks(
                    r"^(so |and |but )?(can|could|may) (i|you|we) (kick|pay the kicker on) (CARD|it)\W*$"
                )
            ):
                # "Can I kick Burst Lightning?": paying its kicker at all, once.
                times = 1
            if times is None:
                return None
            which = self._which(q, kicker)
            kick_verb = q.has(
                r"\bkick(ed)? (it |CARD |this |that |the spell |the creature )?\w* ?times\b",
                r"\bkick(ed)? (it |CARD |this |that |the spell |the creature )?twice\b",
            )
            one_cost = q.has(
                r"\bsame kicker",
                r"\b(either|one|a single|any one) (of (its|the) )?kicker( costs?)?\b",
            )
            if which is None and one_cost and times > 1:
                # "Kicked twice with the same kicker": one kicker cost paid more than once.
                payments = {i: times for i in range(len(kicker.costs))}
            elif which is None and kick_verb and not kicker.multi and len(kicker.costs) > 1:
                # "Kick it twice" counts kicks (CR 702.33d): one per kicker cost paid.
                payments = {i: 1 for i in range(min(times, len(kicker.costs)))}
                if times > len(kicker.costs):
                    payments = {i: times for i in range(len(kicker.costs))}
            elif which is None and (kicker.multi or times > 1):
                # No single kicker cost may be paid twice, whichever one is meant.
                payments = {i: times for i in range(len(kicker.costs))}
            elif which is None:
                payments = {0: times}
            else:
                payments = {which: times}
            times_note = str(times)
        name = mention.name if mention else None
        fixed = kicker

        def run() -> Ruling:
            return k.kicker_payments(fixed, payments, name)

        score = 0.9 if (mention or times_note == "both" or q.fuzzy_has("kicker")) else 0.7
        return Scenario("kicker_pay_times", "yesno", score, run, self._cards(mention))

    def _no_kicker(self, q: Question) -> Scenario | None:
        """'Can I cast Mind Stone with kicker?': the one card named, kicked, has no kicker."""
        if len({m.name for m in q.cards}) != 1 or q.has(*_UNMODELLED):
            return None
        m = q.cards[0]
        if "kick" in m.card.oracle_text.casefold():
            return None
        if not q.asks(
            r"^(so |and |but )?((can|could|may) (i|you|we|he|she|they)|is it (possible|legal) to)\b"
        ):
            return None
        if not q.asks(
            r"\bkick(ed|ing)? CARD\b",
            r"\bkick(ed|ing)? (it|this|that)\b",
            r"\bcast CARD (with|using|and pay) (its |the |a )?(multi)?kicker\b",
            r"\b(multi)?kicker (cost )?(on|for|of) CARD\b",
            r"\bCARD'?s? (multi)?kicker\b",
        ) or q.has(r"\b(gains?|gets?|gives?|has|have|had|grants?|granted) (\w+ )?(multi)?kicker\b"):
            return None
        name = m.name
        return Scenario(
            "kicker_no_kicker", "yesno", 0.95, lambda: k.no_kicker(name), (name, REFERENCE_CARD)
        )

    def _phasing(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not q.has(r"\bphas(e|es|ed|ing)\b") or not q.has(r"\bkicked\b"):
            return None
        # What phasing does to the creature's Auras or damage is another question: this rule
        # answers only whether it is still kicked.
        if not q.asks(r"\bkick"):
            return None
        perm = Permanent(
            name=mention.name if mention else "the kicked permanent",
            types=mention.card.types if mention else frozenset({"Creature"}),
            kicked=(0,),
        )
        return Scenario(
            "kicker_phasing",
            "yesno",
            0.88,
            lambda: k.phase_out_and_in(perm)[1],
            self._cards(mention),
        )

    def _control_change(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'My opponent gains control of my kicked creature: is it still kicked?'"""
        if not q.has(r"(gain|gains|gained|take|takes|took|exchange)s? control", r"\bsteal"):
            return None
        if not q.has(r"\b(is|was) (it|CARD|the creature|that creature) (still )?kicked\b"):
            return None
        if not q.has(r"\bkicked (CARD|creature|permanent)", r"\bCARD (was|is) kicked"):
            return None
        if q.has(r"\breturn", r"\bflicker", r"\bblink", r"\bdies", r"\bcop(y|ies)"):
            return None
        perm = Permanent(
            name=mention.name if mention else "the kicked permanent",
            types=mention.card.types if mention else frozenset({"Creature"}),
            kicked=(0,),
        )
        return Scenario(
            "kicker_control_change",
            "yesno",
            0.88,
            lambda: k.control_change(perm)[1],
            self._cards(mention),
        )

    def _is_kicked(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not q.has(
            r"\b(is|was) (it|the spell|that spell|a spell|CARD|the creature|a creature) "
            r"(still |considered )?kicked"
        ):
            return None
        if q.has(
            r"\bcop(y|ied)", r"\bclone", r"return", r"reanimat", r"flicker", r"onto the battlefield"
        ):
            return None
        if q.has(
            r"(don't|didn't|do not|did not|never|without) pay",
            r"\b(zero|0|no) times\b",
            r"(not|n't) (pay|kick)",
        ):
            payments = 0
        elif q.has(
            r"\b(i|you) (only |just )?(pay|paid)\b",
            r"pay(ing)? (it|the kicker|multikicker) once",
            r"pay(ing)? (its|the|it'?s) (\S+ )?kicker",
            r"\b(enters|entered|cast|was cast) kicked\b",
            r"\bkicked with\b",
            r"\b(i|you|and) kick(ed)? (it|CARD)\b",
            r"\b(i|you) paid (its|the|it'?s) (\S+ )?(multi)?kicker\b",
            r"\bcast (it |CARD )?with (its |the )?(\S+ )?(multi)?kicker\b(?! cost)",
        ):
            payments = 1
        else:
            return None
        name = mention.name if mention else None
        return Scenario(
            "kicker_is_kicked",
            "yesno",
            0.88,
            lambda: k.kicked_status(payments, name),
            self._cards(mention),
        )

    def _max_times(self, q: Question, mention: CardMention | None) -> Scenario | None:
        limit = q.has(r"\b(is|are) there (a |any )?(limit|max|maximum|cap)\b")
        if not limit and not q.has(r"how many times", r"how often", r"maximum number of times"):
            return None
        if not q.has(r"\b(kick|pay)"):
            return None
        tail = re.search(r"\b(?:how many times|how often)\b(.*)", q.asked or q.lower)
        if (
            not limit
            and tail is not None
            and re.match(r"\s*(does|do|did|will|would|is|are)\b", tail.group(1))
            and not re.search(r"\b(kick|pay|multikick)", tail.group(1))
        ):
            return None  # "how many times does it deal 2 damage" counts what it does
        kicker = self._kicker(mention)
        if kicker is None:
            if mention is not None:
                return None
            kicker = Kicker(costs=(KickerCost(),), multi=q.fuzzy_has("multikicker"))
        name = mention.name if mention else None
        fixed = kicker
        if limit:

            def run_limit() -> Ruling:
                ruling = k.max_kicks(fixed, name)
                return Ruling(verdict="no" if fixed.multi else "yes", steps=ruling.steps)

            return Scenario("kicker_has_limit", "yesno", 0.85, run_limit, self._cards(mention))
        # "How many times can I pay the {2}{U} kicker?" asks about that one cost.
        one: str | None = None
        if len(fixed.costs) > 1:
            named = set(_named_costs(q, fixed))
            for c in q.mana_costs():
                # "the {G} kicker": a lone colored symbol names the one cost with that color.
                if not c.generic and len(c.parts) == 1:
                    named |= {
                        i
                        for i, kc in enumerate(fixed.costs)
                        if kc.mana and c.parts[0] in kc.mana.parts
                    }
            if len(named) == 1:
                cost = fixed.costs[named.pop()].mana
                one = str(cost) if cost is not None else None
            elif named:
                return None  # several costs named: the count of each isn't one number
        return Scenario(
            "kicker_max_times",
            "number",
            0.85,
            lambda: k.max_kicks(fixed, name, one),
            self._cards(mention),
        )

    def _total_cost(self, q: Question, mention: CardMention | None) -> Scenario | None:
        claimed = _cost_claimed(q, self._kicker(mention))
        if claimed is None and not q.has(
            r"total cost",
            r"how much (mana )?(do|does|would|will|to)\b",
            r"what (does|would) it cost",
            r"cost to cast",
            r"how much (is|would) it",
            r"what do (i|you|we) (\w+ )?((need|have|got) to )?pay",
            r"how much (mana )?(is|would be|will be) (that|it|this) (in )?total",
            r"how much (mana )?(is|would be|will be) (that|it|this)( all)? (in )?(total|together|altogether)\b",
            r"how much mana (is|would be|will be) (that|this|it)\s*[?.!]*$",
            r"what'?s (the|that) total\b",
            r"\b(full|whole|entire|complete) (mana )?cost\b",
            r"\bwhat'?s (it|that|this) cost\b",
            r"\bhow much (is|would be) (a |an |the |my )?((un)?kicked |multikicked )?CARD",
            r"how much to cast",
            r"costs? how much",
            r"what (does|would|will|do) (it|CARD|that|this) cost",
            r"what (does|would|will|do) (a |an |the |my )?((un)?kicked |multikicked )(CARD|it) cost",
            r"how much (mana )?(does|would|will) (it|CARD) cost",
            r"\bhow much (mana )?(is it )?(for|to kick) (a |an |the |my )?((un)?kicked |multikicked )?CARD\b",
        ):
            return None
        if q.asks(
            r"\bhow (much|many) (total |in total )?(damage|life|cards?|counters?|tokens?)\b"
        ) and not q.asks(r"\bcosts?\b", r"\bpay", r"\bmana\b"):
            return None  # it asks what the spell does, not what it costs
        if (
            mention is not None
            and mention.card.produced_mana
            and q.has(r"how much mana (is|would be|will be) (that|this|it)\s*[?.!]*$")
            and not q.has(r"\bcosts?\b", r"\bpay\b")
        ):
            return None  # "how much mana is that" of a mana source may ask what it makes
        if q.has(
            r"\bhow much mana\b[^?]*\b(make|makes|produce|produces|add|adds|tap for|give|gives|generate)\b"
        ) and not q.has(r"\bcosts?\b", r"\bpay\b"):
            # "How much mana does Everflowing Chalice make?" asks what it produces.
            return None
        done = re.search(
            r"\bhow much (?:mana )?(?:do|does|would|will) (?:a |an |the |my |your |their )?"
            r"(?:kicked |unkicked )?(?:it|CARD|that|this) (?:\w+ )?(\w+)",
            q.lower,
        )
        if (
            done is not None
            and not q.has(r"total cost", r"cost to cast", r"\bcosts?\b", r"\bpay")
            and done.group(1) not in ("need", "needs", "take", "takes", "require", "requires", "be")
        ):
            # "How much does Vines of Vastwood pump?" asks what it does, not what it costs.
            return None
        if mention is None:
            return None
        kicker = self._kicker(mention)
        says_kicked = q.has(
            r"\bkick(ed|ing|s)\b",
            r"\bkick (the |my |a |an )?(it|CARD|this|that)\b",
            r"with (only |just )?(its |the |both )?(\w+ )?kickers?",
            r"\} kicker",
            r"\b(white|blue|black|red|green) kicker",
            r"kicker (paid|cost paid)",
            r"pay(ing)? (the |its )?(multi)?kicker",
            r"multikicker",
        ) and not q.has(
            r"\bunkicked\b", r"(not|n.t|without) (kick|pay(ing)? (the |its )?(multi)?kicker)"
        )
        if kicker is None and says_kicked:
            return None
        outcome = (
            _kicked_outcome(q, mention)
            if kicker is not None and not kicker.multi and not says_kicked
            else None
        )
        if outcome is not None and outcome[0] is None:
            # It counts what only the kicked ability makes, and the count isn't one it makes.
            return Scenario(
                "kicker_total_cost",
                "mana",
                0.9,
                _missing("whether the kicker was paid"),
                self._cards(mention),
            )
        if outcome is not None:
            says_kicked = bool(outcome[0])
        if (
            kicker is not None
            and not says_kicked
            and not self._both(q, kicker)
            and q.has(r"\bkicker")
            and not q.has(r"\b(not|n't|without|no|zero|0)\b")
        ):
            # It names the kicker without saying whether it was paid.
            return Scenario(
                "kicker_total_cost",
                "mana",
                0.6,
                _missing("whether the kicker was paid"),
                self._cards(mention),
            )
        card = mention.card
        base = card.front.mana_cost
        kicked: list[int] = []
        if kicker is None:
            pass
        elif self._both(q, kicker):
            kicked = list(range(len(kicker.costs)))
        elif kicker.multi:
            times = _times_asked(q)
            if times is None:
                # "if I want it to enter with 2 counters": the outcome says how many kicks.
                times = _kicks_for_outcome(q, mention)
            if times is None and _other_numbers(q, None):
                return Scenario(
                    "kicker_total_cost",
                    "mana",
                    0.9,
                    _missing("how many times it was kicked"),
                    self._cards(mention),
                )
            if times is None and says_kicked:
                return Scenario(
                    "kicker_total_cost",
                    "mana",
                    0.6,
                    _missing("how many times it was kicked"),
                    self._cards(mention),
                )
            kicked = [0] * (times or 0)
        elif says_kicked:
            which = self._which(q, kicker)
            times = _times_asked(q)
            if which is None and times == len(kicker.costs) > 1:
                # Kicked as many times as it has kicker costs: each was paid once.
                which = -1
            if which is None:
                return Scenario(
                    "kicker_total_cost",
                    "mana",
                    0.6,
                    _missing("which kicker cost was paid"),
                    self._cards(mention),
                )
            kicked = list(range(len(kicker.costs))) if which == -1 else [which]
            if which != -1 and times and times > 1:
                kicked = [which] * times
        without = any(q.has(rf"{w}") for w in _FREE_WORDS)
        granted = _free_cast_granted(q, mention)
        if granted is None:
            return Scenario(
                "kicker_total_cost",
                "mana",
                0.97,
                _missing("whether it was cast without paying its mana cost"),
                self._cards(mention),
            )
        without = without or granted
        if q.has(r"\bbestow") and not q.has(r"\bkick"):
            return None  # a bestow cost with no kicker in it is the bestow question's
        if q.has(*_OTHER_COST_WORDS):
            return Scenario(
                "kicker_total_cost",
                "mana",
                0.97,
                _missing("the other costs added or reduced"),
                self._cards(mention),
            )
        if any(q.has(rf"\b{w}") for w in _ALT_WORDS):
            return Scenario(
                "kicker_total_cost",
                "mana",
                0.6,
                _missing("the alternative cost"),
                self._cards(mention),
            )
        changes = _cost_changes(q, mention, kicked=bool(kicked))
        if changes is not None and _unnamed_permanent(q):
            changes = None  # something on the battlefield that isn't a card we could read
        cards = self._cards(mention) + tuple(
            m.name for m in q.cards if m.of_kind("cost_change") and m.name != mention.name
        )
        if changes is None:
            return Scenario(
                "kicker_total_cost",
                "mana",
                0.6,
                _missing("how the cost-changing effects apply"),
                cards,
            )
        increase = _amount(q, r"(?:cost|costs)\s+\{?(\d+)\}?\s+more")
        reduction = _amount(q, r"(?:cost|costs)\s+\{?(\d+)\}?\s+less")
        x = _x(q)
        if x is None and base.has_x:
            x = _x_for_damage(q, mention)
        if x is None and outcome is not None:
            x = outcome[1]
        if kicker is None and not (base.has_x or changes or increase or reduction or without):
            # A plain card's total cost is its mana cost; nothing here for this family.
            return None
        name = mention.name

        def run() -> Ruling:
            return k.total_cost(
                base,
                kicker=kicker,
                kicked=tuple(kicked),
                without_paying=without,
                increase=increase,
                reduction=reduction,
                x=x,
                card=name,
                changes=changes,
            )

        if claimed is not None:
            said = claimed
            check = _claim_checked(
                run, said, lambda v: _same_cost(v, said), Rule.TOTAL_COST, "The total cost"
            )
            return Scenario("kicker_total_cost", "yesno", 0.9, check, cards)
        return Scenario("kicker_total_cost", "mana", 0.9, run, cards)

    def _mana_value(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not (q.fuzzy_has("mana value") or q.has(r"\bcmc\b", r"converted mana cost", r"\bmv\b")):
            if q.fuzzy_has("kick") and q.has(
                r"\b(change|increase|affect|raise)s? (its |the |a spell'?s? |that spell'?s? )?mana cost",
                r"mana (value|cost) (go(es)? up|increase|change|get (higher|bigger))",
            ):
                return Scenario(
                    "kicker_mana_value_unchanged", "yesno", 0.8, _unchanged, self._cards(mention)
                )
            return None
        kickerish = mention is not None or q.fuzzy_has("kick")
        # "Hangarback Walker resolved with X=2": a permanent spell that resolved is on the
        # battlefield (CR 608.3).
        resolved = (
            mention is not None
            and bool(mention.card.types & _PERMANENT_TYPES)
            and q.has(r"\bresolve[sd]\b")
            and not q.has(r"\bin response\b", r"\b(before|until|hasn'?t|not|didn'?t) (\w+ )?resolv")
        )
        on_stack = (
            not resolved
            and q.has(
                r"on the stack",
                r"while (casting|it'?s being cast)",
                r"\bas a spell\b",
                r"\bspell\b(?! on the battlefield)",
            )
            and not q.has(
                r"on the battlefield",
                r"in (my |the |your |their )?(graveyard|hand|library|exile)",
                _ON_PERMANENT,
            )
        )
        x = _x(q)
        if mention is not None:
            cost = mention.card.front.mana_cost
            name: str | None = mention.name
        else:
            costs = q.mana_costs()
            if _offered_values(q) is not None:
                return None  # the costs written are the values offered, not the object's
            if costs and not q.has(r"kicker \{"):
                cost = costs[0]
                name = None
            elif kickerish and q.has(r"\b(change|increase|affect|raise)"):
                return Scenario(
                    "kicker_mana_value_unchanged", "yesno", 0.8, _unchanged, (REFERENCE_CARD,)
                )
            else:
                return None
        claimed = _mv_claimed(q)
        offered = _offered_values(q) is not None and bool(
            re.search(rf"\b{_MV}\b", q.asked or q.lower)
        )
        if (
            claimed is None
            and not offered
            and q.has(
                r"\b(change|increase|affect|raise)", r"\bgo(es)? up\b", r"\b(higher|bigger)\b"
            )
            and kickerish
            and mention is not None
        ):
            return Scenario(
                "kicker_mana_value_unchanged", "yesno", 0.8, _unchanged, self._cards(mention)
            )
        if claimed is None and not offered and not _asks_mana_value(q):
            # The mana value is named in a report or a condition ("a 0 or 1 mv creature",
            # "a target with mana value 0"), not asked for: a number would answer nothing.
            return None
        if not kickerish and not cost.has_x:
            return None
        if (
            cost.has_x
            and not resolved
            and not q.has(
                r"on the stack",
                r"on the battlefield",
                r"in (my |the |your |their )?(graveyard|hand|library|exile)",
                r"\bspell\b",
                r"\bpermanent\b",
                _ON_PERMANENT,
            )
        ):
            return Scenario(
                "kicker_mana_value",
                "number",
                0.6,
                _missing("where the object is (stack or not)"),
                self._cards(mention),
            )
        kicked = q.has(r"\bkicked\b") and not q.has(r"\bunkicked\b", r"not kicked")
        copied = _copied(q)
        copy_asked = copied is not None or (_clone_named(q) and q.has(r"\bcop(y|ies|ying)\b"))
        if copy_asked and (copied is None or mention is None or copied.name != mention.name):
            # Which object's mana cost the copy has is not clear from the question.
            return None
        fixed = cost

        def run() -> Ruling:
            ruling = k.mana_value(fixed, on_stack=on_stack, x=x, kicked=kicked, card=name)
            if copied is None:
                return ruling
            t = Trace()
            t.step(
                Rule.COPY_VALUES,
                f"A copy of {copied.name} has its copiable values, including its mana cost.",
            )
            return Ruling(verdict=ruling.verdict, steps=t.ruling(None).steps + ruling.steps)

        if claimed is not None:
            said = claimed
            check = _claim_checked(
                run,
                said,
                lambda v: v == str(said),
                Rule.MANA_VALUE_X if fixed.has_x else Rule.MANA_VALUE,
                "Its mana value",
            )
            return Scenario(
                "kicker_mana_value",
                "yesno",
                0.93 if kickerish else 0.7,
                check,
                self._cards(mention),
            )
        return Scenario(
            "kicker_mana_value", "number", 0.95 if kickerish else 0.7, run, self._cards(mention)
        )

    def _copy_spell(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not q.has(r"\bcop(y|ies|ied)\b"):
            return None
        if q.has(r"\bx\b") and q.has(r"what (is|'s|would)", r"value of x", r"how (much|big)"):
            return None  # the value of X for the copy, not whether it is kicked
        if q.has(
            r"token (that'?s |that is )?(a )?cop", r"cop(y|ies) (\w+ )?tokens?"
        ) and not _spell_copy_only(q):
            return None  # a token is a permanent, never a copy of a spell
        if q.has(r"\bcast(s|ing)? (a |the |that )?cop(y|ies)\b") or any(
            re.search(r"\bcast (a |the )?cop(y|ies)\b", m.card.oracle_text, re.I)
            for m in q.cards
            if not m.of_kind("kicker")
        ):
            # A copy that is cast (CR 707.12) is cast like a card, with its own costs paid;
            # that is not a copy of a kicked spell.
            return Scenario(
                "kicker_copy_spell",
                "yesno",
                0.95,
                _missing("how the copy was cast"),
                self._cards(mention),
            )
        copied = _copied(q)
        if (
            any(
                _CAST_KICKED.search(m.card.oracle_text)
                for m in q.cards
                # Verazol's watching is what makes the copy, not a question about it.
                if (copied is None or m.name != copied.name)
                and not re.search(r"\bcopy (that|the) spell\b", m.card.oracle_text, re.I)
            )
            and not _asks_copy_own_trigger(q)
            and (q.has(r"\btrigger") or not _asks_copy_status(q))
        ):
            # Whether a card watching kicked spells being cast does its thing ("do I get a
            # Drake for the copy?"), not the copy's status: a copy isn't cast (CR 707.10).
            return None
        mention = _copied(q) or mention
        if _copier_cannot_copy(q, mention):
            return Scenario(
                "kicker_copy_spell",
                "yesno",
                0.95,
                _missing("what copied the spell (the card named can't copy it)"),
                self._cards(mention),
            )
        spell_said = q.has(r"\bspell\b", r"on the stack") or _spell_copier_named(q)
        if _clone_named(q) and not spell_said:
            return None
        if not spell_said and q.has(
            r"enters? (the battlefield )?as a copy",
            r"copy of (a|the|that|my|an)? ?kicked (creature|permanent)",
            r"\bclone\b",
            r"copy of .* on the battlefield",
            r"becomes? a copy",
        ):
            return None
        if (
            not _nonpermanent(mention)
            and not _spell_copier_named(q)
            and not q.has(
                r"\bspell\b",
                r"on the stack",
                r"\bfork\b",
                r"twincast",
                r"copy (a|the|that) kicked",
                r"kicked (instant|sorcery)",
            )
        ):
            return None
        unkicked = q.has(r"\bunkicked\b", r"(wasn't|was not|isn't|not) kicked") or q.said(
            "not kicked", mention.name if mention else None
        )
        spell = Spell(
            name=mention.name if mention else "the spell",
            kicked=() if unkicked else (0,),
            types=mention.card.types if mention else frozenset(),
        )

        # "Can I kick the copy?" asks about paying kicker, not about the copy's status.
        pay_for_copy = q.has(r"\b(can|could|may) (i|you|we) (pay|kick)")
        readable, ability = _copy_ability_asked(q, mention)
        if not readable:
            return None
        absent = _says_absent(q.asked or q.lower)

        def run() -> Ruling:
            if pay_for_copy:
                return k.can_kick("copy", mention.name if mention else None)
            copy, ruling = k.copy_spell(spell)
            if ability is None:
                return ruling
            # The copy of a permanent spell resolves into a token that remembers the kicker
            # choices copied with it (CR 707.10f).
            token, _ = k.resolve(copy)
            return k.kicked_consequence(token, ability, ruling, absent=absent)

        return Scenario("kicker_copy_spell", "yesno", 0.9, run, self._cards(mention))

    def _copy_permanent(self, q: Question, mention: CardMention | None) -> Scenario | None:
        copier = [
            m for m in q.cards if _permanent_copier(m) and m.card.types & {"Instant", "Sorcery"}
        ]
        if (
            len(copier) == 1
            and q.has(r"\btokens?\b", r"\bcop(y|ies)\b")
            and (mention is None or mention.name == copier[0].name)
        ):
            # "I cast Rite of Replication on my kicked Kavu Titan": the copied card is the
            # other kicker card.
            rest = [m for m in q.cards if m.name != copier[0].name and m.of_kind("kicker")]
            mention = rest[0] if len({m.name for m in rest}) == 1 else None
            if mention is None:
                return None
        if (
            not _clone_named(q)
            and not copier
            and not q.has(
                r"enters? (the battlefield )?as a copy",
                r"\bclone\b",
                r"becomes? a copy",
                r"copy of (a|the|that|my|an)? ?kicked (creature|permanent|artifact|enchantment|CARD)",
                r"token cop(y|ies)",
                r"copy of .* on the battlefield",
            )
        ):
            return None
        mention = _copied(q) or mention
        if q.has(r"\bspell\b", r"on the stack") or _nonpermanent(mention):
            return None
        if _spell_copy_only(q):
            return None  # the token is the copy of the spell, resolved (CR 707.10f)
        if _copier_unknown(q):
            # "Something copied my kicked Gatekeeper; the token copy enters": a copy of the
            # spell is kicked (707.10), a copy of the permanent isn't (707.2), and nothing
            # said which was copied.
            return Scenario(
                "kicker_copy_permanent",
                "yesno",
                0.95,
                _missing("whether the spell or the permanent was copied"),
                self._cards(mention),
            )
        if q.asks(
            r"\blegendary\b",
            r"\b(types?|subtypes?|colou?rs?|name|power|toughness|mana value|cmc)\b",
        ) and not q.asks(r"\bkick"):
            return None  # "is it legendary?" asks about the copy's other values (707.9)
        original = Permanent(
            name=mention.name if mention else "the kicked permanent",
            types=mention.card.types if mention else frozenset({"Creature"}),
            kicked=(0,),
        )
        readable, ability = _copy_ability_asked(q, mention)
        if not readable:
            return None
        absent = _says_absent(q.asked or q.lower)

        def run() -> Ruling:
            copy, ruling = k.copy_permanent(original)
            if ability is None:
                return ruling
            return k.kicked_consequence(copy, ability, ruling, absent=absent)

        return Scenario("kicker_copy_permanent", "yesno", 0.9, run, self._cards(mention))

    def _copy_size(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'Spark Double copying my Gnarlid Pack kicked twice: what's its power?': a copy of a
        kicked creature has its printed size and the copy effect's own counters."""
        asked = q.asked or q.lower
        wants = re.search(r"\b(power|toughness)\b", asked)
        if wants is None or mention is None or not q.has(r"\bkick"):
            return None
        copiers = [
            m
            for m in q.cards
            if m.name != mention.name
            and _permanent_copier(m)
            and not m.card.types & {"Instant", "Sorcery"}
            # One that becomes a copy later keeps the counters it already had.
            and not re.search(r"\bbecomes? a copy\b", m.card.oracle_text, re.I)
        ]
        if len({m.name for m in copiers}) != 1 or len({m.name for m in q.cards}) != 2:
            return None  # another card may change its size
        copier = copiers[0]
        last = max(q.cards, key=lambda m: m.start)
        if "CARD" in asked:
            if last.name != copier.name:
                return None  # the size asked is the original's, not the copy's
        elif not re.search(r"\b(the |its |that )?(copy|clone)\b", asked):
            return None
        if re.search(r"\b(original|first)\b", asked):
            return None
        if q.has(r"\b(anthem|equip\w*|aura|pump\w*|counters? on (it|CARD)|[+-]\d+/[+-]\d+)\b"):
            return None
        front = mention.card.front
        try:
            base = (int(str(front.power)), int(str(front.toughness)))
        except ValueError:
            return None  # a size that isn't a printed number ("*")
        if "Creature" not in mention.card.types:
            return None
        exc = eff.copy_exceptions(copier.card.oracle_text)
        if exc is not None and (exc.power_toughness is not None or exc.gains):
            return None  # the copy effect sets its size or grants abilities
        extra = sum(n for kind, n in (exc.counters if exc else ()) if kind == "+1/+1")
        ask: Literal["power", "toughness"] = "power" if wants.group(1) == "power" else "toughness"
        original, name = mention.name, copier.name

        def run() -> Ruling:
            return k.copy_size(original, base, name, extra, ask)

        return Scenario(
            "kicker_copy_size", "number", 0.92, run, (copier.name, *self._cards(mention))
        )

    def _zone_change(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not _flickered_by_card(q, mention) and not q.has(
            r"\breturn",
            r"reanimat",
            r"\bflicker",
            r"\bblink",
            r"dies and (comes|come) back",
            r"comes? back",
            r"from (my|the|your|a|their) graveyard",
            r"\bexiled? and return",
        ):
            return None
        asked_clause = q.asked.casefold() if q.asked else q.lower
        if not q.has(r"\bkicked\b", r"\bkick(er)?\b", r"is it kicked", r"was it kicked") and not (
            (
                q.has(
                    r"\btrigger", r"\b(ability|abilities) (happen|work|go off)", r"\bgo(es)? off\b"
                )
                # "does my opponent have to sacrifice a creature?" names the kicked action.
                or _kicked_consequence(asked_clause, mention) is not None
            )
            and _enters_only_if_kicked(mention)
            and not q.has(r"\battack", r"\bblock", r"\bdies\b", r"\bdeals?\b", r"\bupkeep\b")
        ):
            # "Does Gatekeeper of Malakir trigger if I reanimate it?": its only enters trigger
            # is its kicked one, so whether it triggers is whether it was kicked.
            return None
        if q.has(r"\bcast\w*\b.*from (my|the|your) graveyard", r"flashback", r"escape") or q.has(
            r"\b(re)?cast (it )?again", r"\bhand\b.*\b(re)?cast", r"\b(re)?cast\b.*\bhand\b"
        ):
            return None
        perm = Permanent(
            name=mention.name if mention else "the creature",
            types=mention.card.types if mention else frozenset({"Creature"}),
            kicked=(0,),
        )
        asked = q.asked.casefold() if q.asked else q.lower
        consequence = _kicked_consequence(asked, mention)
        if consequence is None and not re.search(
            r"\bkick|\btrigger|\bhappen|\bgo(es)? off\b", asked
        ):
            # "Now it'll get sacrificed, right?": the question asks what follows from the
            # new object not being kicked, through an ability this reading didn't find.
            return None
        ability = consequence
        absent = _says_absent(asked)
        counted = _counters_back(q, asked, mention)
        if counted is not None:
            # "How many counters does it come back with?": the kicked ability's counters are
            # all it had, and the new object wasn't kicked.
            def run_count() -> Ruling:
                new, ruling = k.zone_change(perm)
                applied = k.kicked_consequence(new, counted, ruling)
                t = Trace()
                t.step(
                    Rule.NEW_OBJECT,
                    "So it comes back with no counters from its kicker: 0.",
                    perm.name,
                )
                return Ruling(verdict="0", steps=applied.steps + t.ruling(None).steps)

            return Scenario("kicker_zone_change", "number", 0.88, run_count, self._cards(mention))
        if q.asks(r"\bhow (many|much)\b"):
            return None

        def run() -> Ruling:
            new, ruling = k.zone_change(perm)
            if ability is None:
                return ruling
            return k.kicked_consequence(new, ability, ruling, absent=absent)

        return Scenario("kicker_zone_change", "yesno", 0.88, run, self._cards(mention))

    def _put_onto_battlefield(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not q.has(
            r"\b(put|puts|putting|placed?)\b.{0,40}\bonto the battlefield",
            r"put into play",
            r"without casting",
            r"\bcheat(ed|ing)? (it )?(into play|in)",
            r"sneak attack",
        ) and not any(_puts_through(q, m) for m in q.cards if m is not mention):
            return None
        if not q.has(r"\bkick"):
            return None
        name = mention.name if mention else None

        def run() -> Ruling:
            return k.can_kick("put", name)

        return Scenario("kicker_put_onto_battlefield", "yesno", 0.9, run, self._cards(mention))

    def _alternative(self, q: Question, mention: CardMention | None) -> Scenario | None:
        # Another card named as the way it was cast counts too: "a spell I cast with
        # Omniscience" (the spell's own keywords say only how it may be cast).
        ways = [
            m
            for m in q.cards
            if (mention is None or m.name != mention.name) and _cast_through(q, m)
        ]
        if not q.has(r"\bkick(ing)?\b", r"\bpa(y|id|ying)\b[^.?!]*\b(multi)?kicker"):
            ways = []  # "can I cast a kicked spell with Isochron Scepter?" asks no kicker choice
        free = any(q.has(rf"{w}") for w in _FREE_WORDS) or any(
            _x_route(m) == "without_paying" for m in ways
        )
        alt = any(q.has(rf"\b{w}") for w in _ALT_WORDS) or any(
            re.search(r"\b(gains?|has|have) flashback\b", m.card.oracle_text.casefold())
            for m in ways
        )
        if not (free or alt):
            return None
        if not q.has(
            r"\b(can|could|may|still|able|allowed|should|let)\b",
            r"\b(prompt(s|ed)?|offered|option)\b",
        ) or not q.has(r"\b(pay|kick)"):
            return None
        if q.has(r"\b(must|have to|has to|need to|forced to|required)\b"):
            return None  # kicker may be paid, never must be: "must I kick it" isn't asked here
        if q.asks(r"\bx\b") or not q.has(r"kick", r"\badditional"):
            return None  # "can I choose X=3?" asks the X choice, not whether kicker can be paid
        name = mention.name if mention else None
        way: k.EntryWay = "without_paying" if free else "alternative"

        def run() -> Ruling:
            return k.can_kick(way, name)

        return Scenario("kicker_alternative_cost", "yesno", 0.9, run, self._cards(mention))

    def _two_alternatives(self, q: Question, about_kicker: bool) -> Scenario | None:
        """'I overloaded Cyclonic Rift off a cascade trigger': two alternative costs (118.9a)."""
        if about_kicker or q.has(r"\badditional costs?\b", *_CHOICE_WORDS) or _asks_what(q):
            return None  # an additional cost, or a choice of one alternative cost over another
        routes = _alt_routes(q)
        payments = [label for pattern, label in _ALT_PAYMENTS if q.has(pattern)]
        ways = routes[:1] + [p for p in payments if p not in routes[:1]][:1]
        if not routes or len(ways) < 2:
            return None
        cards = tuple(dict.fromkeys(m.name for m in q.cards)) or (REFERENCE_CARD,)
        fixed = tuple(ways)

        def run() -> Ruling:
            return k.combine_alternative_costs(fixed)

        return Scenario("kicker_two_alternative_costs", "yesno", 0.9, run, cards[:3])

    def _cost_change_applies(self, q: Question) -> Scenario | None:
        """'Goblin Anarchomancer doesn't reduce the cost of Doors of Durin': does it apply?"""
        if _asks_what(q) or not q.has(*_COST_CHANGE_WORDS):
            return None
        if q.has(rf"\b{_MV}\b", r"\bmana cost\b"):
            return None  # a cost change never touches the mana cost or the mana value
        changers = [
            m
            for m in q.cards
            if any(
                isinstance(a, CostChange) and a.applies_to != "this spell"
                for a in m.of_kind("cost_change")
            )
        ]
        spells = [m for m in q.cards if m not in changers]
        if len({m.name for m in changers}) != 1 or len({m.name for m in spells}) != 1:
            return None
        changer, spell = changers[0], spells[0]
        if _as_permanent(q, spell) or "Land" in spell.card.types:
            # The other card is said to be on the battlefield ("while they control Karn"):
            # it isn't the spell being cast, and what its presence does isn't modelled.
            return None
        abilities = [
            a
            for a in changer.of_kind("cost_change")
            if isinstance(a, CostChange) and a.applies_to != "this spell"
        ]
        colors = _colors(spell)
        if len(abilities) != 1 or colors is None or spell.of_kind("cost_change"):
            return None
        if _off_battlefield(q, changer) or len(spell.card.faces) > 1:
            return None
        ability = abilities[0]
        cost, x = spell.card.front.mana_cost, _x(q)
        applies = k.cost_change_applies(
            ability,
            types=spell.card.front.typeline.types,
            subtypes=spell.card.front.typeline.subtypes,
            colors=colors,
            same_controller=_opponents(q, changer) == _opponents(q, spell),
            power=spell.card.front.power,
            mana_value=None if cost.has_x and x is None else cost.mana_value(x or 0),
            chosen_type=_chosen_type(q, changer),
            every_type="Changeling" in spell.card.keywords,
        )
        if applies is None:
            return None
        more = q.has(r"\b(increas\w*|more expensive|tax\w*|costs? (\{?\d+\}? )?more)\b")
        less = q.has(r"\b(reduc\w*|discount\w*|cheaper|costs? (\{?\d+\}? )?less)\b")
        if (more and ability.delta < 0) or (less and ability.delta > 0) or (more and less):
            return None  # the question's direction isn't the ability's
        source, target, verdict = changer.name, spell.name, applies

        def run() -> Ruling:
            return k.cost_change_ruling(source, ability, verdict, target, target)

        return Scenario("kicker_cost_change_applies", "yesno", 0.9, run, (source, target))

    def _x_choice(self, q: Question) -> Scenario | None:
        """'Can I choose X when Jodah lets me pay {W}{U}{B}{R}{G}?', 'can X be 0?' (107.3a-b)."""
        asks_x = _asks_what(q) and q.has(
            r"\bwhat( is|'s| would| will| does) (the value of )?x\b", r"\bvalue of x\b"
        )
        if not q.has(r"\bx\b") or not (asks_x or q.has(*_X_CHOICE_WORDS)):
            return None
        with_x = [m for m in q.cards if m.card.front.mana_cost.has_x]
        if not with_x and not q.has(
            r"\bx (cost|spell)s?\b",
            r"\bspells? with (an )?\{?x\b",
            r"\b\{?x\}? in (its|the|their) (mana )?costs?\b",
        ):
            return None
        if not with_x and q.has(r"\benter", r"\btrigger"):
            return None  # X as an enters trigger sees it is the X-trigger question's
        routes: list[k.XRoute] = []
        for m in q.cards:
            if m in with_x:
                continue
            via = _x_route(m)
            if via is None:
                return None  # a card whose part in the question isn't how the spell is paid for
            if not _used_through(q, m):
                return None  # it may be on the battlefield without being how the spell was cast
            routes.append(via)
        if q.has(r"\bwithout paying\b", r"\bfor free\b", r"\bcascad"):
            routes.append("without_paying")
        if q.has(r"\bflash(ed|ing)? ?back\b") and "alternative_with_x" not in routes:
            return None  # a card's own flashback cost: whether it has an X isn't read here
        if len(set(routes)) > 1 or q.has(r"\bcop(y|ies|ied)\b", r"\bmana value\b", r"\bcmc\b"):
            return None
        route: k.XRoute = routes[0] if routes else "normal"
        value = _x(q)
        name = with_x[0].name if with_x else None
        cards = tuple(dict.fromkeys(m.name for m in q.cards))[:3] or (REFERENCE_CARD,)
        if _asks_what(q):
            if not asks_x:
                return None
            return Scenario(
                "kicker_x_when_cast", "number", 0.9, lambda: k.x_value_when_cast(route, name), cards
            )
        return Scenario(
            "kicker_x_choice", "yesno", 0.9, lambda: k.x_choice(route, value, name), cards
        )

    def _additional_with_alternative(self, q: Question) -> Scenario | None:
        """'Omniscience let me cast Shrapnel Blast without sacrificing an artifact' (118.9d)."""
        mandatory = [
            m
            for m in q.cards
            if _MANDATORY_ADDITIONAL.search(m.card.oracle_text) and not m.of_kind("kicker")
        ]
        skip = q.has(*_SKIP_ADDITIONAL)
        said = q.has(r"\badditional costs?\b")
        if not (mandatory or (said and skip)) or _asks_what(q) or not _alt_routes(q):
            return None
        if not skip and not q.has(
            r"\b(require[sd]?|requiring|asked|prompt(s|ed)?|must|have to|has to|needs? to)\b"
        ):
            return None  # it must ask whether the cost is still demanded
        if not skip and q.has(
            r"\b(no|nothing|none|not enough)\b (\w+ ){0,2}(to (sacrifice|discard|exile|reveal|pay)"
            r"|artifacts?|creatures?|cards?|lands?|permanents?)\b",
            r"\b(don't|do not|doesn't) have\b",
            r"\bunable\b",
            r"\bcan('t|not) pay (the|its|that) additional",
        ):
            return None  # whether the cost can be paid at all, not whether it is demanded
        if (
            not skip
            and not mandatory
            and q.has(r"\boptional\b", r"\b(entwine|buyback|replicate|kick\w*)\b")
        ):
            return None  # an optional additional cost may be paid, never must be
        cards = tuple(dict.fromkeys(m.name for m in q.cards))[:3] or (REFERENCE_CARD,)
        name = mandatory[0].name if mandatory else None

        def run() -> Ruling:
            return k.additional_costs_with_alternative(skipped=skip, card=name)

        return Scenario("kicker_additional_with_alternative", "yesno", 0.92, run, cards)

    def _cast_kicked_trigger(self, q: Question) -> Scenario | None:
        """'Does Roost of Drakes trigger if I cast a kicked Burst Lightning?'"""
        watchers = [m for m in q.cards if _CAST_KICKED.search(m.card.oracle_text)]
        if len({m.name for m in watchers}) != 1:
            return None
        watcher = watchers[0]
        # A report ("Vine Gecko didn't trigger when ...") states what the question asks.
        reported = q.has(r"CARD ([\w']+ ){0,2}trigger(s|ed)?\b")
        counted = _cast_trigger_counted(q, watcher)
        if not (
            q.has(r"\b(does|do|will|would|did|is|can|should)(n'?t)?\b") or reported or counted
        ) or not q.has(
            r"\bcast",
            r"\bcop(y|ies)",
            r"\bkicked spells?\b",
            # "Everflowing Chalice kicked 3 times": a spell is kicked only as it is cast.
            r"\bCARD (was |is |gets? )?(multi)?kicked\b",
            # Kicking is done while casting (601.2b): "I kicked it", "I paid the multikicker".
            r"\b(i|you|they|he|she) (kick(ed)?|pa(y|id)) (the |its )?((multi)?kicker (on |for )?)?CARD",
        ):
            return None
        if not q.has(
            r"\btrigger", r"\b(give|get|make|create|draw|gain|scry|happen|go(es)? off)s?\b"
        ) or q.has(r"\b(can|could|may) (i|you|we) (still )?(kick|pay)"):
            return None
        spells = [m for m in q.cards if m.name != watcher.name]
        if len({m.name for m in spells}) > 1 or not (spells or q.has(r"\bspells?\b")):
            return None
        if _asks_copy_own_trigger(q):
            # "When the token copy enters, does its trigger work?" asks about the copy's own
            # ability; the watcher triggers on casting, never on entering.
            return None
        told = q.lower
        if q.asked and q.asked in told and q.asks(_ASKS_KICKED):
            # "Shouldn't a multikicker spell count as kicked?": the asked clause's "kicked" is
            # what is asked, not what was done; whether it was kicked is told before it.
            told = told.replace(q.asked, " ")
        if (
            any(
                re.search(p, told)
                for p in (
                    r"\bunkicked\b",
                    r"(not|n't|never|without) (been )?(kick|pay)",
                    r"\b(without|skip(ping|ped)?|no|zero|0) (the |its |a |any )?(multi)?kick(er|s)\b",
                )
            )
            or _kicked_times(told) == 0
        ):
            kicked: tuple[int, ...] = ()
        elif re.search(
            r"\bkick(ed|ing|s)?\b|\bpa(y|id|ying) (the |its )?(\S+ )?(multi)?kicker"
            r"|\bwith (both|all|its|the) (of its )?(\S+ )?kickers?\b",
            told,
        ):
            kicked = (0,) * max(_kicked_times(told) or 1, 1)
        elif q.has(r"\bcop(y|ies|ied)\b"):
            kicked = (0,)  # a copy isn't cast, whether or not the original was kicked
        elif told != q.lower:
            return Scenario(
                "kicker_cast_kicked_trigger",
                "yesno",
                0.92,
                _missing("whether a kicker cost was paid for the spell"),
                (watcher.name, REFERENCE_CARD),
            )
        else:
            return None
        if counted is None and _asks_what(q):
            return None  # it asks a number the trigger's yes or no doesn't give
        copy = q.has(r"\bcop(y|ies|ied)\b")
        opponent = q.has(
            r"\bopponents? (casts?|kicks?)\b",
            r"\b(they|he|she) (casts?|kicks?)\b",
            r"\bopponents?'s?'? (\w+ )?kicked\b",
            r"\b(cast|kicked) by (an |my |your |the |their )?opponents?\b",
            r"\b(another|other) players?'?s?'? (\w+ )?kicked\b",
        ) and not q.has(r"\b(i|you) (cast|kick)")
        spell = Spell(
            name=spells[0].name if spells else "the spell",
            controller=OPPONENT if opponent else "you",
            kicked=kicked,
            cast=not copy,
            is_copy=copy,
        )
        name = watcher.name

        cards = (name, *(m.name for m in spells[:1]), REFERENCE_CARD)
        if counted is not None:
            per_trigger, what = counted

            def count() -> Ruling:
                return k.kicked_cast_trigger_count(name, spell, per_trigger, what, "you", name)

            return Scenario("kicker_cast_kicked_trigger_count", "number", 0.92, count, cards)

        def run() -> Ruling:
            return k.kicked_cast_trigger(name, spell, "you", name)

        return Scenario("kicker_cast_kicked_trigger", "yesno", 0.92, run, cards)

    def _mana_value_target(self, q: Question) -> Scenario | None:
        """'Can Mental Misstep counter Chalice of the Void with X=1?', 'can Abrupt Decay
        destroy Walking Ballista?': a target's mana value limit, X counted by zone (202.3e)."""
        checkers = [(m, c) for m in q.cards if (c := k.mana_value_target(m.card.oracle_text))]
        if len({m.name for m, _ in checkers}) != 1 or _asks_what(q):
            return None
        checker, spec = checkers[0]
        subjects = [m for m in q.cards if m.name != checker.name]
        if len({m.name for m in subjects}) != 1:
            return None
        subject = subjects[0]
        before = q.text[max(0, checker.start - 12) : checker.start].casefold()
        as_verb = bool(re.search(r"\b(i|you|he|she|they|we)\s+[_\[]*$", before))
        if not as_verb and not q.has(
            r"\b(target\w*|counter(s|ed|ing)?|destroy\w*|kill\w*|exil\w*|hit|remove|tap)\b"
        ):
            return None  # "can I Abrupt Decay it?" uses the card as the verb
        if q.has(*_MV_CHANGED, *_UNMODELLED[:5], r"\bcop(y|ies|ied)\b", r"\bsplit second\b"):
            return None
        if len(subject.card.faces) > 1 or subject.card.layout != "normal":
            return None  # the mana value depends on the face or half
        if re.search(
            r"can't be countered|\bindestructible\b|\bhexproof\b|\bshroud\b|\bward\b"
            r"|\bprotection from\b|\bsplit second\b",
            subject.card.oracle_text,
            re.I,
        ):
            return None  # a legal target may still not be countered or destroyed
        kicked = q.has(r"\bkick(ed|ing)?\b") and not q.has(r"\bunkicked\b")
        x = _x(q)
        name, what, fixed = checker.name, subject.name, spec
        cost, types = subject.card.front.mana_cost, subject.card.front.typeline.types

        def run() -> Ruling:
            return k.mana_value_target_legal(
                name, fixed, subject=what, mana_cost=cost, types=types, x=x, kicked=kicked
            )

        return Scenario("kicker_mana_value_target", "yesno", 0.9, run, (name, what))

    def _cast_condition_trigger(self, q: Question) -> Scenario | None:
        """'Does Zaxara trigger on a spell with X?', 'does Thunderous Snapper trigger on
        Fireball with X=4?': a cast trigger whose condition is {X} or mana value (202.3e)."""
        watchers = [(m, c) for m in q.cards if (c := k.cast_condition(m.card.oracle_text))]
        if len({m.name for m, _ in watchers}) != 1:
            return None
        watcher, cond = watchers[0]
        reported = q.has(r"CARD ([\w']+ ){0,2}trigger(s|ed)?\b")
        if not (q.has(r"\b(does|do|will|would|did|is|should)\b") or reported):
            return None
        if not q.has(r"\btrigger", r"\bgo(es)? off\b") or not q.has(
            r"\bcast",
            r"\bcop(y|ies)",
            r"\b(trigger(s|ed)?|go(es)? off) (on|for|off( of)?) (an? |my |the |their )?CARD",
        ):
            return None
        if q.has(r"\b(double|doubl\w+|reduc\w*|cost(s)? (\{?\d+\}? )?(less|more)|instead)\b"):
            return None  # another effect changes the spell or its cost
        if q.has(*_MV_CHANGED):
            return None
        spells = [m for m in q.cards if m.name != watcher.name]
        if len({m.name for m in spells}) > 1:
            return None
        copy = q.has(r"\bcop(y|ies|ied)\b")
        opponent = q.has(
            r"\bopponents? (casts?|cast)\b",
            r"\b(they|he|she) casts?\b",
            r"\bopponents?'s?'? (\w+ )?spells?\b",
            r"\bcast by (an |my |your |the |their )?opponents?\b",
        ) and not q.has(r"\b(i|you) cast")
        kicked = q.has(r"\bkick(ed|ing)?\b") and not q.has(r"\bunkicked\b")
        x = _x(q)
        if spells:
            m = spells[0]
            if len(m.card.faces) > 1 or m.card.layout != "normal":
                return None  # a split or modal card's cost on the stack depends on the half
            name = m.name
            cost = m.card.front.mana_cost
            types: frozenset[str] | None = m.card.front.typeline.types
            colors = _colors(m)
            if colors is None:
                return None
            has_x: bool | None = None
        else:
            name, cost, types, colors = "the spell", None, None, frozenset()
            if not cond.has_x:
                return None  # a described spell's mana value isn't read here
            # The asked sentence describes the spell; context may tell of other spells.
            without = q.asks(r"\bnon[- ]?x\b", r"\bwithout (an? )?\{?x\}?", r"\bno \{?x\}? in")
            with_x = q.asks(
                r"\bspells? with (an? )?\{?x\}?\b",
                r"(?<!non )(?<!non-)(?<!non)\b\{?x\}?[- ](cost|spell)s?\b",
            )
            if without == with_x:
                return None
            has_x = with_x
            if cond.qualities:
                return None  # the described spell's kind isn't read here
        who = watcher.name

        def run() -> Ruling:
            return k.cast_condition_trigger(
                who,
                cond,
                spell=name,
                mana_cost=cost,
                has_x=has_x,
                x=x,
                types=types,
                colors=colors,
                caster=OPPONENT if opponent else "you",
                cast=not copy,
                kicked=kicked,
            )

        cards = (who, *(m.name for m in spells[:1]))
        return Scenario("kicker_cast_condition_trigger", "yesno", 0.92, run, cards)

    def _trigger_condition(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'Kicked with only {2}{U}: does the tap trigger happen?' and 'not kicked: does it trigger?'"""
        if mention is None or not q.has(r"\b(does|do|will|would|is)\b"):
            return None
        said_trigger = q.has(
            r"\btrigger", r"\bhappen", r"\bgo(es)? off\b", r"\bability (work|resolve)"
        )
        if not said_trigger and not _asks_effect(q, mention):
            return None
        if q.has(
            r"\btarget",
            r"in response",
            r"\bcop(y|ied)",
            r"return",
            r"reanimat",
            r"flicker",
            r"onto the battlefield",
            r"\bphas",
            # A countered spell never enters, whether or not it was kicked (CR 701.6a).
            r"\bcounter(s|ed|ing)? (it|that|this|the spell|my|CARD)\b",
            r"\b(gets?|got|was|is|been|being) countered\b",
            r"\bcounterspell",
        ):
            return None
        if q.has(
            r"\bno (legal |valid )?targets?\b",
            r"nothing to target",
            r"\bno (other )?(\w+ )?(permanents?|creatures?|players?|artifacts?|enchantments?|lands?)\b",
        ) and any(isinstance(a, IfKicked) and a.targets for a in mention.of_kind("if_kicked")):
            return None  # whether it goes on the stack depends on its targets (CR 603.3d)
        if any(_CAST_KICKED.search(m.card.oracle_text) for m in q.cards if m.name != mention.name):
            return None  # the question is about a card that watches kicked spells being cast
        if q.has(*_NEWCOMER):
            # "then I cast another goblin: does it get haste too?" asks about an object that
            # arrived after the ability resolved (CR 611.2c).
            return self._newcomer(q, mention)
        kicker = self._kicker(mention)
        etb = [
            a
            for a in mention.of_kind("if_kicked")
            if isinstance(a, IfKicked) and a.trigger == "etb"
        ]
        if kicker is None or not etb:
            return None
        every = len(etb) > 1 and q.has(
            r"\b(both|all|each)( of)? (the |its |their )?(\w+ )?(triggers|abilities)",
            r"\b(both|all) (\w+ )?(trigger|happen|go off)",
        )
        if every or len(etb) == 1:
            asked = etb
        else:
            asked = [a for a in etb if _names_effect(q, a, etb)]
            counted = [a for a in etb if a.times is not None and _times_named(q, a.times)]
            if not asked and len(counted) == 1:
                # "the kicked twice trigger" names the one that counts kicks.
                asked = counted
            named = _named_costs(q, kicker)
            in_question = _asked_costs(q, kicker)
            if not asked and not counted and len(named) > 1 and len(in_question) == 1:
                # "If I pay the {R} kicker, does its {W} kicker ability trigger?": the cost
                # named in the question clause picks the ability.
                asked = [a for a in etb if a.which == in_question[0]]
            if (
                not asked
                and not counted
                and len(named) == 1
                and not q.has(
                    r"\btwice\b", r"\btimes\b", r"\bagain\b", r"\bboth\b", r"\bhow\b", r"\bother\b"
                )
            ):
                # "If I don't pay the {1}{B} kicker, does its black ability trigger?": the one
                # kicker cost the question names picks the ability tied to it.
                asked = [a for a in etb if a.which == named[0]]
        if not asked or (len(asked) > 1 and not every):
            return None
        perm = self._paid_permanent(q, mention, kicker, asked)
        if perm is None:
            return None
        chosen = tuple(asked)

        def run() -> Ruling:
            rulings = [k.kicked_trigger_fires(perm, a, kicker) for a in chosen]
            if len(rulings) == 1:
                return rulings[0]
            steps = tuple(st for r in rulings for st in r.steps)
            verdict = "yes" if all(r.verdict == "yes" for r in rulings) else "no"
            return Ruling(verdict=verdict, steps=steps)

        return Scenario("kicker_trigger_condition", "yesno", 0.88, run, self._cards(mention))

    def _trigger_count(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'Kicked with both, how many times does it deal 2 damage?': how many of the card's
        enters-if-kicked abilities trigger, counted over those that do what is asked."""
        asked_text = q.asked or q.lower
        m = re.search(
            r"\bhow many (?:times (?:does|do|will|would|did) (?:it|CARD|that|this|they) (\w+)"
            r"|(?:kicker |kicked )?triggers\b)",
            asked_text,
        )
        if mention is None or m is None or (m.group(1) or "").startswith(("kick", "pay")):
            return None
        if any(o.name != mention.name for o in q.cards):
            return None  # another card named may trigger too
        kicker = self._kicker(mention)
        etb = [
            a
            for a in mention.of_kind("if_kicked")
            if isinstance(a, IfKicked) and a.trigger == "etb" and not a.negated
        ]
        if kicker is None or not etb:
            return None
        verb = m.group(1)
        lines = [x.casefold() for x in mention.card.oracle_text.splitlines()]
        if verb and not verb.startswith("trigger"):
            stem = verb[:4]
            etb = [a for a in etb if re.search(rf"\b{stem}", a.effect.casefold())]
            doing = [x for x in lines if re.search(rf"\b{stem}", x)]
        else:
            doing = [x for x in lines if re.match(r"(when|whenever|at)\b", x)]
        if not etb or len(doing) != len(etb):
            return None  # another ability of its own does it too, kicked or not
        perm = self._paid_permanent(q, mention, kicker, etb)
        if perm is None:
            return None
        chosen = tuple(etb)

        def run() -> Ruling:
            return k.kicked_triggers_count(perm, chosen, kicker)

        return Scenario("kicker_trigger_count", "number", 0.9, run, self._cards(mention))

    def _paid_permanent(
        self, q: Question, mention: CardMention, kicker: Kicker, asked: list[IfKicked]
    ) -> Permanent | None:
        """The named permanent with the kicker costs the question says were paid for these
        abilities; None when it doesn't say."""
        kicked = self._kicks_paid(q, kicker, asked)
        if kicked is None:
            return None
        return Permanent(
            name=mention.name, types=mention.card.types, kicked=kicked, card=mention.card
        )

    def _kicks_paid(
        self, q: Question, kicker: Kicker, asked: list[IfKicked]
    ) -> tuple[int, ...] | None:
        """The kicker costs the question says were paid, for these abilities; None when it
        doesn't say."""
        if q.has(r"(not|n't|never|without) (been )?(kick|pay)", r"\bunkicked\b", r"\bno kicker\b"):
            return ()
        if self._both(q, kicker):
            return tuple(range(len(kicker.costs)))
        if not q.has(r"\bkicked\b", r"\bkick(ing)? (it|CARD)\b", r"\bpa(y|id|ying)\b"):
            return None
        paid = _paid_costs(q, kicker)
        if len(kicker.costs) == 1:
            return (0,)
        if len(paid) == 1:
            return (paid[0],)
        if (
            not paid
            and all(a.which is None for a in asked)
            and _kicked_times(q) is not None
            and not kicker.multi
        ):
            # Abilities that count kicks ("if it was kicked twice") need only how many.
            n = _kicked_times(q) or 0
            return tuple(range(n)) if n <= len(kicker.costs) else None
        return None

    def _static_kicked(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'I paid only the {W} kicker on Necravolver: does it get trample?': whether the one
        "if it was kicked, it enters with ... and with trample" ability naming the asked
        quality applies (CR 702.33e-f, 614.1c)."""
        if mention is None:
            return None
        asked = q.asked or q.lower
        quality = re.search(
            r"\b(?:does|do|will|would|is|can)\b[^?]*?\b(?:get|have|has|gain|enter|come)s?\b"
            r"(?: \w+){0,3}? (trample|lifelink|haste|flying|vigilance|reach|deathtouch|menace)\b",
            asked,
        )
        kicker = self._kicker(mention)
        if quality is None or kicker is None:
            return None
        if q.has(
            r"\bcop(y|ied|ies)",
            r"\breturn",
            r"reanimat",
            r"flicker",
            r"\bblink",
            r"onto the battlefield",
            r"\bphas",
            r"in response",
            r"\b(lose|lost|loses|remove|removed)\b",
        ):
            return None
        word = quality.group(1)
        statics = [
            a
            for a in mention.of_kind("if_kicked")
            if isinstance(a, IfKicked) and a.trigger == "static"
        ]
        chosen = [a for a in statics if re.search(rf"\b{word}\b", a.effect, re.I)]
        if len(chosen) != 1 or re.search(
            rf"\b{word}\b", mention.card.oracle_text.replace(chosen[0].text, ""), re.I
        ):
            return None  # the quality also comes from elsewhere on the card
        perm = self._paid_permanent(q, mention, kicker, chosen)
        if perm is None:
            return None
        ability = chosen[0]

        def run() -> Ruling:
            return k.kicked_static(perm, ability, kicker)

        return Scenario("kicker_static_effect", "yesno", 0.9, run, self._cards(mention))

    def _mana_value_compared(self, q: Question) -> Scenario | None:
        """'Chalice of the Void on 1: is Endless One with X=1 countered?', 'does Counterbalance
        revealing Fireball counter my Stonecoil Serpent for X=1?', 'can Bloodbraid Elf cascade
        into Fireball?': a spell's mana value on the stack, X included (202.3e), compared."""
        watchers = [
            (m, spec)
            for m in q.cards
            if (spec := k.mana_value_compare(m.card.oracle_text, m.card.keywords)) is not None
        ]
        if len({m.name for m, _ in watchers}) != 1 or q.board is not None:
            return None
        watcher, spec = watchers[0]
        others = [m for m in q.cards if m.name != watcher.name]
        names = list(dict.fromkeys(m.name for m in others))
        # "(so I'm paying 4 mana)": an aside in brackets tells, it doesn't ask.
        asked = re.sub(r"\([^()]*\)", " ", q.asked or q.lower)
        if re.search(
            r"\b(bestow(ed|ing)?|evoke[ds]?|dash(ed)?|overload(ed)?|emerge[ds]?|prowl(ed)?|"
            r"surge[ds]?|spectacle|madness|mutate[ds]?|disturb(ed)?|blitz(ed)?|foretold|plot(ted)?"
            r")\b",
            asked,
        ):
            # "Can I cast the cascaded Satyr bestowed?": an alternative cost asked of a spell
            # cast without paying its mana cost (118.9a), not whether the mana value allows it.
            return None
        if _asks_what(q) or not re.search(
            r"\b(is|are|does|do|did|can|could|will|would|should|gets?)\b", asked
        ):
            return None
        if re.search(r"\bpa(y|id|ying)\b|\bcosts?\b|\bhow\b|\bwhat\b|\btrigger|\bdamage", asked):
            return None  # it asks about paying for it or what it does, not the comparison
        if spec.kind == "cascade" and re.search(r"\bkick|\b(choose|choos\w+|pick\w*) x\b", asked):
            return None
        if q.has(*_UNMODELLED[:9], *_MV_CHANGED, r"\bcop(y|ies|ied)\b", r"\bsplit second\b"):
            return None
        if any(len(m.card.faces) > 1 or m.card.layout != "normal" for m in others):
            return None  # the mana value depends on a face or half
        kicked = q.has(r"\bkick(ed|ing)?\b") and not q.has(r"\bunkicked\b", r"not kicked")
        if spec.kind == "cascade":
            if not re.search(r"\b(hit|hits|cast|get|find|flip|into|reveal\w*|exile\w*)\b", asked):
                return None
            if len(names) > 1 or watcher.card.front.mana_cost.has_x:
                return None
            hit = others[0] if others else None
            stated = None if hit is not None else _stated_mv(asked)
            if hit is None and stated is None:
                return None
            if hit is not None and "Land" in hit.card.types:
                return None  # cascade passes over lands (702.85a)
            spell, cost, x = watcher.name, watcher.card.front.mana_cost, None
            other_cost = hit.card.front.mana_cost if hit is not None else None
            other_name = hit.name if hit is not None else None
        else:
            if not re.search(r"\bcounter(s|ed)?\b", asked) or q.has(
                r"\b(resolve|get through|survive|fizzle|copy)\b"
            ):
                return None
            cast = [m for m in others if not _revealed(q, m)]
            shown = [m for m in others if _revealed(q, m)]
            if len({m.name for m in cast}) != 1:
                return None
            subject = cast[0]
            if "Land" in subject.card.types or re.search(
                r"can't be countered", subject.card.oracle_text, re.I
            ):
                return None
            spell, cost = subject.name, subject.card.front.mana_cost
            x = _x_after(q, subject) if watcher.card.front.mana_cost.has_x else _x(q)
            other_cost, other_name, stated = None, None, None
            if spec.kind == "counters":
                stated = _counters_on(q, watcher)
                if stated is None or shown:
                    return None
            else:
                theirs = _opponents(q, watcher) or q.has(
                    r"\b(opp|opponent|opponents?'s?|their|his|her) CARD"
                )
                if not theirs and not q.has(r"\b(opp|opponent|he|she|they) (casts?|plays?|cast)\b"):
                    return None  # it watches only an opponent's spells: whose is it?
                if len({m.name for m in shown}) > 1:
                    return None
                if shown:
                    other_cost, other_name = shown[0].card.front.mana_cost, shown[0].name
                else:
                    stated = _stated_mv(q.lower)
                    if stated is None:
                        return None
        name, fixed, seen = watcher.name, spec, stated

        def run() -> Ruling:
            return k.mana_value_compared(
                name,
                fixed,
                spell=spell,
                mana_cost=cost,
                x=x,
                kicked=kicked,
                other=seen,
                other_cost=other_cost,
                other_name=other_name,
            )

        cards = tuple(dict.fromkeys((name, *names)))
        return Scenario("kicker_mana_value_compared", "yesno", 0.92, run, cards)

    def _newcomer(self, q: Question, mention: CardMention) -> Scenario | None:
        """Does a resolved kicked "creatures you control get ... until end of turn" reach a
        creature that came afterwards (CR 611.2c)?"""
        group = [
            a
            for a in mention.of_kind("if_kicked")
            if isinstance(a, IfKicked) and k.resolved_effect_group(a)
        ]
        after = q.has(
            r"\b(after|then|afterwards?|post|later|once)\b",
            r"\b(resolved|resolves)\b",
        )
        if len(group) != 1 or not after or q.has(r"\bin response\b", r"\bbefore\b"):
            return None
        ability, name = group[0], mention.name

        def run() -> Ruling:
            return k.later_object_affected(name, ability, "a creature that came afterwards")

        return Scenario("kicker_effect_later_object", "yesno", 0.9, run, self._cards(mention))

    def _per_kick_counters(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'... for each time it was kicked': how many counters, tokens, cards or life?"""
        if mention is None or not q.has(r"how (many|much)"):
            return None
        kicker = self._kicker(mention)
        per_time = [
            a for a in mention.of_kind("if_kicked") if isinstance(a, IfKicked) and a.per_time
        ]
        if kicker is None or len(per_time) != 1:
            return None
        ability = per_time[0]
        unit = _per_kick_unit(q, ability.effect)
        if unit is None:
            return None
        each, noun = unit
        root = _singular(noun.split()[-1])[:5]
        if any(
            m.name != mention.name
            and re.search(rf"\binstead\b|\bwould\b|\b{re.escape(root)}", m.card.oracle_text, re.I)
            for m in q.cards
        ):
            return None  # another card may change the amount ("that many plus one instead")
        if q.asks(
            r"\b(counting|including|total|in all|altogether|all together)\b",
            r"\bdo (i|you|we|they) (control|have)\b",
        ):
            return None  # a total beyond what the kicks give ("counting it")
        copied = q.has(r"\bcop(y|ies|ied|ying)\b", r"\bclone", r"\btokens? cop")
        if (
            (copied and not q.has(r"\bspell\b", r"on the stack"))
            or _clone_named(q)
            or (copied and not q.asks(r"\b(the|its|their|his|her|my|that|this) (copy|token)\b"))
        ):
            # A permanent copy of a kicked permanent wasn't cast, so it wasn't kicked; a copy of
            # the kicked spell is (CR 707.10) and does the same again. Which is meant, and
            # whether the count asked is the original's alone, isn't said here.
            return Scenario(
                "kicker_per_kick",
                "number",
                0.9,
                _missing("whether the spell or the permanent was copied"),
                self._cards(mention),
            )
        if self._both(q, kicker) and not kicker.multi:
            times: int | None = len(kicker.costs)
        else:
            times = _times_asked(q)
        not_cast = q.has(
            r"without (being )?cast",
            r"\b(put|puts|putting|placed?)\b.{0,40}\bonto the battlefield",
            r"\breanimat",
            r"\b(flicker|blink)",
            r"\breturn(s|ed)?\b.{0,40}\bto the battlefield",
        )
        if not_cast or (
            times is None and q.has(r"(not|n't|never|without) (been )?kick", r"\bunkicked\b")
        ):
            # Only a spell cast with its kicker paid was kicked (CR 702.33d).
            times = 0
        if times is None:
            return None
        if not kicker.multi and times > len(kicker.costs):
            return None
        # Multikicker is one cost paid many times; two kicker costs are each paid once.
        payments = {0: times} if kicker.multi else ({i: 1 for i in range(times)} or {0: 0})
        name = mention.name
        total = each * times

        def run() -> Ruling:
            paid = k.kicker_payments(kicker, payments, name)
            t = Trace()
            t.step(
                Rule.KICKER_LINKED,
                f"{name}'s ability counts each time it was kicked: {each} {noun} for each time.",
                name,
            )
            t.step(
                Rule.KICKED,
                f"It was kicked {times} time{'s' if times != 1 else ''}, so that is "
                f"{total} {noun}.",
            )
            return Ruling(verdict=str(total), steps=paid.steps + t.ruling(None).steps)

        return Scenario("kicker_per_kick_counters", "number", 0.85, run, self._cards(mention))

    def _kicked_size(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'Kicked Kavu Titan resolved, what's its power?': its printed power or toughness plus
        the +1/+1 counters its kicked ability has it enter with (702.33e, 122.1a)."""
        if mention is None or q.board is not None:
            return None
        asked = q.asked or q.lower
        wanted = re.search(
            r"\b(?:what(?:'s| is| are| will be| would be)|how much) (?:its |the |CARD'?s? )?"
            r"(power|toughness)\b(?! and| or)",
            asked,
        ) or re.search(r"\bhow much (power|toughness)\b", asked)
        if wanted is None or re.search(r"\b(power|toughness)\b", asked[wanted.end() :]):
            return None
        face = mention.card.front
        kicker = self._kicker(mention)
        if kicker is None or len(mention.card.faces) != 1 or face.power is None:
            return None
        if not (face.power.isdigit() and (face.toughness or "").isdigit()):
            return None
        counters = [
            a
            for a in _kicked_counters(mention)
            if a.parsed is not None
            and a.parsed.counter == "+1/+1"
            and a.parsed.amount is not None
            and "enters with" in a.effect
        ]
        if len(counters) != 1 or len(q.cards) != sum(m.name == mention.name for m in q.cards):
            return None  # another card may pump it, or change the counters it gets
        ability = counters[0]
        assert ability.parsed is not None and ability.parsed.amount is not None
        amount = ability.parsed.amount
        text = _unreminded_text(mention.card.oracle_text)
        if re.search(
            r"\bgets? [+-]|\b(power|toughness|base)\b|\bput\w* [^.]*\bcounters?\b|\benters with\b",
            text.replace(ability.text, ""),
            re.I,
        ):
            return None  # another ability of its own changes its size or counters
        if q.has(
            r"\b(cop(y|ies|ied)|clone|flicker|blink|reanimat\w*|return\w*|bounc\w*|died|dies)\b",
            r"\b(pump|equip\w*|aura|enchant\w*|damage|counters? on)\b",
            r"[-+]\d+/[-+]\d+",
            r"\b(on the stack|in response|in (my|your|the|their) (hand|graveyard|library))\b",
            r"\bunkicked\b|(not|n't|never|without) (been )?kick",
        ):
            return None
        if amount.per is None and amount.fixed is not None and not ability.per_time:
            if not q.has(
                r"\bkick(ed|ing)?\b",
                r"\bpa(y|id|ying) (the |its )?kicker",
                r"\bwith (its |the )?kicker\b",
            ):
                return None
            n = amount.fixed
        elif ability.per_time and kicker.multi:
            times = _kicked_times(q)
            if times is None:
                return None
            n = (amount.fixed or 1) * times + amount.base
        else:
            return None
        which = wanted.group(1)
        printed = int(face.power if which == "power" else face.toughness or "0")
        name = mention.name
        total = printed + n

        def run() -> Ruling:
            t = Trace()
            t.step(
                Rule.KICKER_LINKED,
                f"It was kicked, so it enters with {n} +1/+1 counter{'s' if n != 1 else ''} "
                f"({ability.effect}).",
                name,
            )
            t.step(
                Rule.PT_COUNTERS,
                f"Each +1/+1 counter adds 1 to its {which}: {printed} + {n} = {total}.",
                name,
            )
            return t.ruling(str(total))

        return Scenario("kicker_kicked_size", "number", 0.86, run, self._cards(mention))

    def _trigger_ability(
        self, q: Question, mention: CardMention | None
    ) -> tuple[Kicker, IfKicked] | None:
        kicker = self._kicker(mention)
        if kicker is None or mention is None:
            return None
        triggers = [
            a for a in mention.of_kind("if_kicked") if isinstance(a, IfKicked) and a.targets
        ]
        if not triggers:
            return None
        if len(triggers) == 1:
            return kicker, triggers[0]
        which = self._which(q, kicker)
        chosen = [a for a in triggers if a.which == which] if which is not None else []
        return (kicker, chosen[0]) if len(chosen) == 1 else None

    def _trigger_target(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not q.has(r"\btarget"):
            return None
        if not q.has(
            r"have to",
            r"\bmust\b",
            r"what (can|does|will|could)",
            r"which",
            r"who",
            r"forced",
            r"\bwhat(?:'s| is) (the |its |that )?(trigger|ability) (target|targeting|going to target)\b",
        ):
            return None
        if q.has(r"resolves", r"in response", r"gets? tapped", r"becomes? tapped"):
            return None
        found = self._trigger_ability(q, mention)
        if found is None or mention is None:
            return None
        kicker, ability = found
        alone = q.has(
            r"(it'?s|is|being|was) the only (untapped )?(creature|permanent)",
            r"no other (untapped )?(creatures?|permanents?)",
            r"nothing else",
            r"\bonly (untapped )?creature on the battlefield",
            r"\bno (other )?untapped creatures?",
            r"\bthe only one\b",
            # "the board is completely empty" as it is cast: once it enters, it is alone.
            r"\b(board|battlefield) (is|was) (completely |totally |entirely )?empty\b",
            r"\bempty (board|battlefield)\b",
        )
        others_named = any(m.name != mention.name and "Creature" in m.card.types for m in q.cards)
        if not alone or others_named:
            return Scenario(
                "kicker_trigger_target",
                "card",
                0.6,
                _missing("what else is on the battlefield"),
                (mention.name,),
            )
        kicked = (ability.which,) if ability.which is not None else (0,)
        source = Permanent(
            name=mention.name,
            types=mention.card.types,
            kicked=kicked,
            abilities=mention.abilities(),
            card=mention.card,
        )
        state = GameState(battlefield=(source,))

        def run() -> Ruling:
            return k.kicked_trigger(state, source, ability, kicker)

        return Scenario("kicker_trigger_target", "card", 0.9, run, (mention.name,))

    def _target_illegal(self, q: Question, mention: CardMention | None) -> Scenario | None:
        change = _target_change(q)
        if change is None:
            return None
        if not q.has(r"\btarget", r"\btrigger"):
            return None
        found = self._trigger_ability(q, mention)
        if found is None or mention is None:
            return None
        _, ability = found
        spec = ability.targets[0]
        if re.search(r"\b(player|opponent)\b", spec.what) or "creature" not in spec.what:
            # Only a targeted creature is modelled here; a player stays a legal target.
            return None
        source = Permanent(
            name=mention.name,
            types=mention.card.types,
            kicked=(ability.which or 0,),
            card=mention.card,
        )
        target = Permanent(
            name="the targeted creature",
            controller=OPPONENT,
            types=frozenset({"Creature"}),
            tapped=change == "tapped",
        )
        battlefield: tuple[Permanent, ...] = (source,) if change == "gone" else (source, target)
        state = GameState(battlefield=battlefield)
        inverted = q.has(
            r"fizzle",
            r"countered",
            r"(doesn't|does not|won't|will not|not) resolve",
            r"removed from",
        )

        def run() -> Ruling:
            ruling = k.resolve_targeted(state, source, {spec: "the targeted creature"})
            if not inverted:
                return ruling
            flipped = {"yes": "no", "no": "yes"}.get(ruling.verdict or "")
            return Ruling(verdict=flipped, steps=ruling.steps)

        return Scenario("kicker_target_illegal", "yesno", 0.9, run, (mention.name,))

    def _kick_targets(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'Can I choose a second target for Comet Storm kicked once?' (601.2c, 702.33g)."""
        if not q.has(r"\btargets?\b") or mention is None:
            return None
        if q.has(r"\bcop(y|ies|ied)\b", r"\bresolv", r"\billegal\b", r"in response"):
            return None  # the targets after casting, or a copy's: not how many are chosen
        growing = [
            a
            for a in mention.of_kind("if_kicked")
            if isinstance(a, IfKicked) and k.kick_target_count(a) is not None
        ]
        if len(growing) != 1:
            return None
        ability = growing[0]
        wanted = _targets_asked(q)
        asks_number = _asks_what(q) and q.has(r"\bhow many (\w+ )?targets\b")
        if wanted is None and not asks_number:
            return None
        kicks = _kicked_times(q)
        if kicks is None and q.has(
            r"\bunkicked\b",
            r"(\bnot|n't|\bnever) (been |being )?kick",
            r"\bwithout (kicking|paying (the |its )?(multi)?kicker)",
            r"\b(zero|0|no) times\b",
        ):
            kicks = 0
        if kicks is None:
            n = q.count_word(r"times\b")
            if n is not None and q.has(r"\b(kick|multikicker|paid|pay)"):
                kicks = n
        name = mention.name
        cards = self._cards(mention)
        if kicks is None:
            if wanted is None or not q.has(r"\bkicked\b", r"\bkicking it\b"):
                return Scenario(
                    "kicker_kick_targets",
                    "number" if asks_number else "yesno",
                    0.9,
                    _missing("how many times it was kicked"),
                    cards,
                )
            base, per = k.kick_target_count(ability) or (0, 0)
            if wanted > base + per:
                return Scenario(
                    "kicker_kick_targets",
                    "yesno",
                    0.9,
                    _missing("how many times it was kicked"),
                    cards,
                )
            kicks = 1  # kicked at least once is enough for that many targets
        fixed = kicks
        if asks_number:
            return Scenario(
                "kicker_kick_targets",
                "number",
                0.92,
                lambda: k.kick_targets(ability, fixed, None, name),
                cards,
            )
        return Scenario(
            "kicker_kick_targets",
            "yesno",
            0.92,
            lambda: k.kick_targets(ability, fixed, wanted, name),
            cards,
        )

    def _another_target(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'Can I cast Jilt kicked when there's only one creature?', 'kicked Comet Storm: can the
        same creature be both targets?': a kicked part's "another target" (601.2c, 115.3)."""
        if mention is None:
            return None
        found = [
            (a, what)
            for a in mention.of_kind("if_kicked")
            if isinstance(a, IfKicked) and (what := k.another_target(a)) is not None
        ]
        if len(found) != 1:
            return None
        ability, what = found[0]
        asked = q.asked or q.lower
        name, cards = mention.name, self._cards(mention)
        if re.search(r"\bsame (\w+ )?(creature|target|player|permanent|thing|one|guy)\b", asked):
            if not re.search(r"\b(can|could|may|allowed|legal)\b", asked):
                return None
            return Scenario(
                "kicker_another_target",
                "yesno",
                0.93,
                lambda: k.same_object_twice(ability, what, name),
                cards,
            )
        if what == "target" or not re.search(
            r"\b(can|could|may) (i|you|we|they|he|she) (still )?(cast|kick|play)\b", asked
        ):
            return None
        if not q.has(r"\bkick(ed|ing)?\b") or q.has(
            r"\bunkicked\b", r"(\bnot|n't|\bwithout) (kick|pay)"
        ):
            return None
        available = _only_count(q, what)
        if available is None:
            return Scenario(
                "kicker_another_target",
                "yesno",
                0.9,
                _missing(f"how many {what}s are on the battlefield"),
                cards,
            )
        n = available
        return Scenario(
            "kicker_another_target",
            "yesno",
            0.93,
            lambda: k.kicked_with_too_few_targets(ability, what, n, name),
            cards,
        )

    def _tapped_target(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'Tempest Owl kicked, but what I want to tap is already tapped: can I still target
        it?': whether the kicked ability's target phrase asks for untapped ones (CR 115.1)."""
        if mention is None or not q.asks(
            r"\b(can|could|may|does|do|will|is|am) (i|you|we|it|CARD|they|he|she)\b[^?]*\btarget"
        ):
            return None
        said = {
            m.group(2) is None
            for m in re.finditer(
                r"\b(already|are|is|were|was|being|that'?s|they'?re|it'?s|all|still|target|a|an"
                r"|the|my|their|his|her|two|three|\d+) (un)?tapped\b",
                q.lower,
            )
        }
        if len(said) != 1:
            return None
        tapped = said.pop()
        if q.has(r"\bcop(y|ies|ied)\b", r"\bresolv", r"in response", r"hexproof|shroud|ward\b"):
            return None
        kicker = self._kicker(mention)
        found = [
            (a, spec)
            for a in mention.of_kind("if_kicked")
            if isinstance(a, IfKicked) and a.trigger in ("etb", "spell") and not a.negated
            for spec in a.targets
        ]
        if kicker is None or len(found) != 1 or len({m.name for m in q.cards}) > 1:
            return None
        ability, spec = found[0]
        words = set(re.findall(r"[a-z]+", spec.what.casefold()))
        wanted = {w for w in words if w in _TARGET_TYPES}
        if "permanent" in words or "permanents" in words:
            types = frozenset({"Creature"})
        elif len(wanted) == 1:
            word = next(iter(wanted))
            if not q.has(rf"\b{word}s?\b"):
                return None  # what the tapped thing is, the question doesn't say
            types = frozenset({_TARGET_TYPES[word]})
        else:
            return None
        source = self._paid_permanent(q, mention, kicker, [ability])
        if source is None:
            return None
        name = mention.name

        def run() -> Ruling:
            return k.tapped_target_legal(
                source, ability, spec, tapped=tapped, types=types, card=name
            )

        return Scenario("kicker_tapped_target", "yesno", 0.9, run, self._cards(mention))

    def _kicked_target(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'Can kicked Bloodchief's Thirst destroy a 3 mana creature?': kicking changed the
        spell's target (601.2c, 702.33g); is this one legal?"""
        if mention is None or not q.has(
            r"\b(target\w*|destroy\w*|kill\w*|exil\w*|hit|remove|deal with|bounce)\b"
        ):
            return None
        if q.has(r"\bcop(y|ies|ied)\b", r"\bresolv", r"in response", r"\bx\b", *_MV_CHANGED):
            return None
        changed = [
            a
            for a in mention.of_kind("if_kicked")
            if isinstance(a, IfKicked) and a.instead and a.targets and a.trigger == "spell"
        ]
        if len(changed) != 1 or len({m.name for m in q.cards}) > 2:
            return None
        ability = changed[0]
        found = _target_creature(q, mention)
        if found is None:
            return None
        target, types, value = found
        if q.has(
            r"\bunkicked\b",
            r"(\bnot|n't|\bnever|\bwithout) (been |being )?kick",
            r"\bwithout (paying )?(the |its )?kicker\b",
        ):
            kicked: bool | None = False
        elif q.has(r"\bkick(ed|ing)?\b"):
            kicked = True
        else:
            kicked = None
        cards = self._cards(mention)
        if kicked is None:
            return Scenario(
                "kicker_kicked_target", "yesno", 0.9, _missing("whether it was kicked"), cards
            )
        name, fixed = mention.name, kicked

        def run() -> Ruling:
            return k.kicked_target_legal(ability, fixed, types, value, target, name)

        return Scenario("kicker_kicked_target", "yesno", 0.91, run, cards)

    def _copy_x(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not q.has(r"\bcop(y|ies|ied)\b") or not q.has(r"\bx\b"):
            return None
        if not q.has(
            r"what (is|'s) (the value of )?x",
            r"value of x",
            r"what x",
            r"x (for|of) the copy",
            r"same x",
            r"x (is|be) (for|on) the copy",
            r"\b(is|will|would) x (still |be |stay |remain )*\d+\b",
            r"\bx (is |stays? |remains? )?the same\b",
            *_COPY_KEEPS_X,
        ):
            return None
        if q.has(
            r"enters? (the battlefield )?as a copy", r"\bclone\b", r"token copy"
        ) or _clone_named(q):
            return None
        x = _x(q)
        if x is None:
            m = re.search(r"(?:with|for|cast for|cast with)\s+x\s*(?:=|of|as)?\s*(\d+)", q.lower)
            x = int(m.group(1)) if m else None
        spell = Spell(name=mention.name if mention else "the spell", x=x)

        def run() -> Ruling:
            copy, ruling = k.copy_spell(spell)
            steps = tuple(st for st in ruling.steps if st.rule is not Rule.KICKED)
            if copy.x is None:
                return Ruling(verdict=None, steps=steps, missing=("the value of X",))
            return Ruling(verdict=str(copy.x), steps=steps)

        if _asks_what(q):
            return Scenario("kicker_copy_x", "number", 0.85, run, self._cards(mention))
        # "Does the copy have the same X?", "is X still 4 for the copy?": yes or no.
        same = q.asks(
            r"\bsame (value of )?x\b", r"\bx (is |stays? |remains? )?the same\b", *_COPY_KEEPS_X
        )
        said = re.findall(
            r"\b(?:is |will |would )?x (?:is |be |stays? |remains? |still |= ?|equal to )*(\d+)",
            q.asked or q.lower,
        )
        if not same and not said:
            return None
        claimed = int(said[-1]) if said else None

        def check() -> Ruling:
            ruling = run()
            if ruling.verdict is None or claimed is None:
                return Ruling(verdict="yes" if ruling.verdict else None, steps=ruling.steps)
            return Ruling(
                verdict="yes" if ruling.verdict == str(claimed) else "no", steps=ruling.steps
            )

        if same and x is None:

            def same_x() -> Ruling:
                _, ruling = k.copy_spell(Spell(name=spell.name, x=0))
                steps = tuple(st for st in ruling.steps if st.rule is not Rule.KICKED)
                return Ruling(verdict="yes", steps=steps)

            return Scenario("kicker_copy_x", "yesno", 0.85, same_x, self._cards(mention))
        return Scenario("kicker_copy_x", "yesno", 0.85, check, self._cards(mention))

    def _x_etb(self, q: Question, mention: CardMention | None) -> Scenario | None:
        if not q.has(r"\bx\b") or not q.has(r"\benters?\b", r"\betb\b", r"enters-the-battlefield"):
            return None
        if not q.has(
            r"what (is|'s) (the value of )?x",
            r"value of x",
            r"what x",
            r"x (is|be|equal)",
            r"x for",
        ):
            return None
        if q.has(r"mana value", r"\bcmc\b"):
            return None
        x = _x(q)
        if x is None:
            m = re.search(r"(?:with|for|cast for)\s+x\s*(?:=|of|as)?\s*(\d+)", q.lower)
            x = int(m.group(1)) if m else None
        on_permanent = q.has(
            r"on the (permanent|battlefield)", r"of the permanent", r"permanent's x"
        )
        spell = Spell(name=mention.name if mention else "the spell", x=x)
        not_from_spell = q.has(
            r"\bflicker",
            r"\bblink",
            r"\breturn",
            r"\breanimat",
            r"onto the battlefield",
            r"without casting",
            r"into play",
            r"from (my|the|your) graveyard",
        )

        def run() -> Ruling:
            if on_permanent:
                t = Trace()
                t.step(Rule.X_ETB, "On the battlefield, X on the permanent itself is 0.")
                return t.ruling("0")
            if not_from_spell:
                return k.x_for_etb(None)
            return k.x_for_etb(spell)

        return Scenario("kicker_x_etb", "number", 0.8, run, self._cards(mention))

    def _x_amount(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'Hydroid Krasis for X=5: how many cards off the cast trigger?', 'Verazol with X=3:
        how many counters?': an amount the card ties to the X it was cast with."""
        asked = q.asked or q.lower
        wanted = re.search(
            r"\bhow (?:many|much) (?:\+1/\+1 )?(counters?|cards?|life)\b", asked
        ) or re.search(
            r"\bhow (?:many|much) (?:do|does|will|would) (?:i|you|we) (draw|gain)\b", asked
        )
        if wanted is None:
            return None
        word = wanted.group(1)
        what = {"draw": "cards", "gain": "life"}.get(word, word.rstrip("s") + "s")
        if what == "lifes":
            what = "life"
        holders = [
            (m, a)
            for m in q.cards
            for a in k.x_amounts(m.card.oracle_text, m.card.front.mana_cost)
            if a.what == what
        ]
        if len({m.name for m, _ in holders}) != 1 or len(holders) != 1:
            return None
        card, amount = holders[0]
        others = [
            m
            for m in q.cards
            if m.name != card.name and "cascade" not in m.card.oracle_text.casefold()
        ]
        if others or q.has(
            r"\bcop(y|ies|ied)\b",
            r"\bflicker",
            r"\bblink",
            r"\breturn",
            r"\breanimat",
            r"onto the battlefield",
            r"\bcounter(ed|s it| it)\b",
            r"\bkick",
            r"\b(cost|costs) (\{?\d+\}? )?(less|more)\b",
            r"\breduc",
            *_OTHER_COST_WORDS,
        ):
            return None
        free = any(q.has(w) for w in _FREE_WORDS)
        x = _x(q)
        if free and x:
            return None  # X can only be 0 there; a stated X says something else happened
        if x is None and not free:
            return None
        cost, name = card.card.front.mana_cost, card.name

        def run() -> Ruling:
            return k.x_amount(amount, cost, x=x, free=free, card=name)

        return Scenario("kicker_x_amount", "number", 0.9, run, (name, REFERENCE_CARD))

    def _spell_targets(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'How many targets does unkicked Jilt have?', 'can kicked Jilt target two
        creatures?': targets chosen only if it was kicked (601.2c, 702.33g)."""
        if mention is None or q.board is not None or not _nonpermanent(mention):
            return None
        if q.has(r"\bcop(y|ies|ied)\b", r"\bresolv", r"\billegal\b", r"in response"):
            return None
        kicker = self._kicker(mention)
        if kicker is None or len({m.name for m in q.cards}) > 1:
            return None
        if any(
            isinstance(a, IfKicked) and k.kick_target_count(a) for a in mention.of_kind("if_kicked")
        ):
            return None  # a target for each time it was kicked: _kick_targets rules on it
        card = mention.card
        face = card.front
        conds = eff.conditionals(face.lines, (card.name, face.name))
        if not any(c.kicked is not None and c.effect.targets for c in conds):
            return None  # kicking adds no target: nothing here turns on kicker
        wanted: int | None = None
        if not q.asks(r"\bhow many (\w+ )?targets\b"):
            m = re.search(
                rf"\b(?:target|have|choose|hit) {_NUMBER} (?:\w+ )?(?:targets|creatures|permanents)\b",
                q.asked or q.lower,
            )
            if m is None or not _asks_yes_no(q):
                return None
            word = m.group(1)
            wanted = int(word) if word.isdigit() else eff.number(word)
            if wanted is None:
                return None
        cards = self._cards(mention)
        kind = "number" if wanted is None else "yesno"
        kicked, missing = _kicks_stated(q, kicker, list(conds))
        if kicked is None:
            return Scenario(
                "kicker_targets",
                kind,
                0.9,
                _missing(missing or "whether the kicker was paid"),
                cards,
            )
        state = GameState(
            stack=(
                Spell(
                    name=card.name,
                    types=card.types,
                    subtypes=card.subtypes,
                    kicked=kicked,
                    abilities=mention.abilities(),
                    card=card,
                ),
            )
        )
        query = eq.SpellTargets(spell=card.name)

        def run() -> Ruling:
            ruling = engine_rule(state, query)
            if wanted is None or ruling.verdict is None:
                return ruling
            holds = int(ruling.verdict) >= wanted
            t = Trace()
            t.step(
                Rule.KICKER_TARGETS,
                f"It has {ruling.verdict} target{'s' if ruling.verdict != '1' else ''}"
                + ("." if holds else f", not {wanted}."),
            )
            return Ruling(
                verdict="yes" if holds else "no", steps=ruling.steps + t.ruling(None).steps
            )

        return Scenario("kicker_targets", kind, 0.9, run, cards)

    def _effect_amount(self, q: Question, mention: CardMention | None) -> Scenario | None:
        """'How much damage does kicked Burst Lightning deal?', 'does it draw two cards if I
        kick it?': the card's effects as data, with the kicks and X the question states
        (702.33e-f, 614.1a)."""
        if mention is None or q.board is not None:
            return None
        asked = _amount_asked(q)
        if asked is None:
            return None
        verb, wanted = asked
        copied = q.has(r"\bcop(y|ies|ied|ying)\b", r"\bfork(s|ed|ing)?\b")
        others = {m.name for m in q.cards if m.name != mention.name}
        if copied and not (
            _nonpermanent(mention)
            and all(_copies_spells_plainly(m) for m in q.cards if m.name in others)
            and not q.has(r"\b(total|in all|altogether|combined|both|each)\b", r"\boriginal\b")
        ):
            return None  # a copy of a permanent, or a copier whose copy differs, isn't read here
        if q.has(
            r"\bclone",
            r"\b(flicker|blink|reanimat|bounc)",
            r"\breturn(s|ed)?\b.{0,40}\bto the battlefield",
            r"without (being )?cast",
            r"\b(put|puts|putting)\b.{0,40}\bonto the battlefield",
            r"\bin response\b",
            r"\bprevent",
        ):
            return None  # what the object is then, or what happens to the damage, isn't asked here
        if (
            len({m.name for m in q.cards if _x_route(m) != "without_paying"} | {mention.name}) > 1
            and not copied
        ):
            # Another card may change the amount (a doubler, a prevention effect); one that only
            # casts it without paying its mana cost is read below.
            return None
        if _other_numbers(q, wanted) or q.has(
            r"\b(in|from|of) (their|his|her|my|your|the|its|opponent'?s) (hand|library|deck)\b",
            r"\blife total\b",
            r"\bloyalty\b",
        ):
            # "... and they have two cards in hand": a fact of the game that may cap the amount.
            return None
        card = mention.card
        face = card.front
        conds = eff.conditionals(face.lines, (card.name, face.name))
        relevant = [c for c in conds if c.effect.verb == verb or c.effect.instead]
        if not any(c.effect.verb == verb and c.effect.amount is not None for c in relevant):
            return None
        if verb == "counters" and not q.has(r"\benter", r"\bgets?\b"):
            return None  # "how many counters does it have now" asks about the board
        if verb == "counters" and not any(
            "enters with" in c.effect.text for c in relevant if c.effect.verb == "counters"
        ):
            return None  # it puts counters on something else, not on itself as it enters
        kicker = self._kicker(mention)
        has_x = face.mana_cost.has_x
        if kicker is None and not has_x:
            return None
        cards = self._cards(mention)
        kind = "number" if wanted is None else "yesno"
        name = "kicker_effect_amount"
        if any(
            c.unsure
            or (
                c.effect.instead
                and (
                    c.effect.verb == "other" or (c.effect.verb == verb and c.effect.amount is None)
                )
            )
            for c in relevant
        ):
            # Another condition, a mode, or an "instead" that isn't read as an amount
            # ("deals twice that much damage instead") decides how much it does.
            return Scenario(
                name, kind, 0.86, _missing("what the effect's other condition depends on"), cards
            )
        kicked: tuple[int, ...] | None = ()
        missing: str | None = None
        if kicker is not None:
            kicked, missing = _kicks_stated(q, kicker, relevant)
        x = _x(q) if has_x else None
        # Cast without paying its mana cost, X can only be 0 (107.3b); kicker may still be paid.
        granted = _free_cast_granted(q, mention) if has_x else False
        free = granted is True or (
            granted is False and has_x and any(q.has(w) for w in _FREE_WORDS)
        )
        if granted is None:
            return Scenario(
                name,
                kind,
                0.86,
                _missing("whether it was cast without paying its mana cost"),
                cards,
            )
        if free and x:
            return None  # a stated X besides a free cast says something else happened
        if free:
            x = 0
        if kicked is None:
            return Scenario(name, kind, 0.86, _missing(missing or ""), cards)
        paid = [str(kicker.costs[i]) for i in kicked] if kicker is not None else None
        applied = eff.applicable(conds, len(kicked), verb, paid)
        to_each = any(e.each or re.search(r"\beach\b", e.text) for e in applied)
        if q.has(r"\b(each|every|all)\b") and not to_each:
            return None  # "4 damage to each creature" said of a spell that has one target
        totals = q.has(r"\b(total|in all|altogether|combined|overall|sum)\b")
        if to_each and totals:
            # "X damage to each of them": the total depends on how many there are.
            return Scenario(name, kind, 0.86, _missing("how many objects it affects"), cards)
        if len(applied) > 1 and not totals:
            # "It deals 4 damage to target creature and 4 damage to target player": two amounts,
            # to different things; which one is asked isn't said.
            return Scenario(
                name, kind, 0.86, _missing("which of its effects the question asks about"), cards
            )
        spell = Spell(
            name=card.name,
            types=card.types,
            subtypes=card.subtypes,
            kicked=kicked,
            x=x,
            abilities=mention.abilities(),
            card=card,
        )
        state = GameState(stack=(spell,))
        query = eq.EffectAmount(object=card.name, verb=verb)

        def run() -> Ruling:
            ruling = engine_rule(state, query)
            if free:
                t = Trace()
                t.step(
                    Rule.X_FREE,
                    "Cast without paying its mana cost, the only legal value for X is 0.",
                    card.name,
                )
                ruling = Ruling(
                    verdict=ruling.verdict,
                    steps=t.ruling(None).steps + ruling.steps,
                    missing=ruling.missing,
                )
            if copied:
                t = Trace()
                t.step(
                    Rule.COPY_SPELL,
                    "A copy of a spell copies the choices made for it, kicker and X included, so "
                    "it does what the original does.",
                )
                ruling = Ruling(
                    verdict=ruling.verdict,
                    steps=t.ruling(None).steps + ruling.steps,
                    missing=ruling.missing,
                )
            if wanted is None or ruling.verdict is None:
                return ruling
            t = Trace()
            if wanted == _ANY:
                holds = ruling.verdict != "0"
                t.step(
                    Rule.KICKER_LINKED,
                    f"That is {ruling.verdict}, so it {'does' if holds else 'does not'} happen.",
                )
            else:
                holds = ruling.verdict == str(wanted)
                t.step(
                    Rule.KICKER_LINKED,
                    f"That is {ruling.verdict}" + ("." if holds else f", not {wanted}."),
                )
            verdict = "yes" if holds else "no"
            return Ruling(verdict=verdict, steps=ruling.steps + t.ruling(None).steps)

        return Scenario(name, kind, 0.84, run, cards)


_EFFECT_STOP = frozenset(
    {
        "a",
        "an",
        "the",
        "target",
        "that",
        "this",
        "it",
        "its",
        "to",
        "of",
        "and",
        "or",
        "their",
        "his",
        "her",
        "your",
        "you",
        "creature",
        "player",
        "cards",
        "card",
        "equal",
    }
)


# Words of a question that ask whether a kicked trigger's effect happens without naming any
# part of it: the spell, its kicking and casting, and the question's own grammar.
_EFFECT_QUESTION_WORDS = frozenset(
    {
        "if",
        "when",
        "i",
        "we",
        "my",
        "me",
        "do",
        "does",
        "did",
        "will",
        "would",
        "is",
        "it",
        "they",
        "them",
        "still",
        "also",
        "cast",
        "casting",
        "play",
        "played",
        "kick",
        "kicked",
        "kicking",
        "kicker",
        "with",
        "its",
        "the",
        "a",
        "an",
        "card",
        "and",
        "so",
        "then",
        "without",
        "don't",
        "didn't",
        "not",
        "unkicked",
        "pay",
        "paid",
        "paying",
        # "does the enter still make ...": the trigger named by its event.
        "enter",
        "enters",
        "etb",
        "make",
        "makes",
    }
)


def _asks_effect(q: Question, mention: CardMention) -> bool:
    """ "If I cast Goblin Bushwhacker kicked, do my creatures get haste?": the asked sentence
    names only words of the card's one kicked enters trigger (by their first five letters), so
    it asks whether that effect happens. A word the effect doesn't have ("opponent's", "next
    turn") asks more than whether it triggers."""
    etb = [
        a for a in mention.of_kind("if_kicked") if isinstance(a, IfKicked) and a.trigger == "etb"
    ]
    if len(etb) != 1 or not etb[0].effect:
        return False
    effect = {w[:5] for w in re.findall(r"[a-z0-9+/]+", etb[0].effect.casefold())}
    if re.search(r"\btarget (player|opponent)\b", etb[0].effect, re.I):
        # "make my opponent sacrifice": the opponent is the player it may target.
        effect.add("oppon")
    words = [
        w
        for w in re.findall(r"[a-z0-9+/']+", (q.asked or q.lower).replace("CARD", " card "))
        if w not in _EFFECT_QUESTION_WORDS
    ]
    return bool(words) and all(w[:5] in effect for w in words)


def _names_effect(q: Question, ability: IfKicked, others: list[IfKicked]) -> bool:
    """The question names this trigger by a word of its effect that the others don't share."""
    mine = set(re.findall(r"[a-z]+", ability.effect.casefold())) - _EFFECT_STOP
    theirs: set[str] = set()
    for other in others:
        if other is not ability:
            theirs |= set(re.findall(r"[a-z]+", other.effect.casefold()))
    words = set(re.findall(r"[a-z]+", q.lower))
    stems = {w[:5] for w in words}
    return any(w[:5] in stems for w in mine - theirs)


_UNIT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


# Verbs that say what happens to the counted things; a question using one must match the effect.
_ACTIONS = frozenset(
    {"draw", "discard", "gain", "lose", "mill", "sacrifice", "deal", "destroy", "exile", "return"}
)


_SMALL_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() else _SMALL_NUMBERS.get(word)


def _stated_mv(text: str) -> int | None:
    """A mana value written as a number: "mana value 3", "cmc of 2", "a 3-drop"."""
    found = re.findall(
        rf"\b{_MV}\s*(?:of |is |=\s*)?(\d+)\b|\b(\d+)[- ]?(?:drop|cmc|mv)\b|\b(\d+) {_MV}\b", text
    )
    values = {int(a or b or c) for a, b, c in found}
    return values.pop() if len(values) == 1 else None


def _counters_on(q: Question, watcher: CardMention) -> int | None:
    """The counters on a Chalice-like card: "Chalice on 1", "with 2 counters", "for X=0"."""
    after = q.text[watcher.end : watcher.end + 40].casefold()
    m = re.match(
        r"[\]\s]*(?:is |was |'s |that'?s )?(?:on|at|set (?:to|on|at)|for|with|named|naming"
        r"|for x\s*=|with x\s*=|x\s*=)\s*(\d+|zero|one|two|three|four|five|six)\b",
        after,
    )
    if m is None:
        m = re.search(r"\b(\d+|zero|one|two|three|four|five|six) (?:charge )?counters?\b", q.lower)
    return _number(m.group(1)) if m else None


def _x_after(q: Question, m: CardMention) -> int | None:
    """The X written just after a card's name ("Endless One for X=2", "Fireball with X of 3")."""
    after = q.text[m.end : m.end + 30].casefold()
    found = re.match(r"[^.?!]{0,20}?\bx\s*(?:=|is|of|equals|was|as|at)?\s*(\d+)\b", after)
    if found is None:
        found = re.match(r"[\]\s]*(?:for|with|on) (\d+)\b", after)
    return int(found.group(1)) if found else None


def _revealed(q: Question, m: CardMention) -> bool:
    """The card is the one revealed ("reveals Fireball", "flips a Fireball")."""
    before = q.text[max(0, m.start - 25) : m.start].casefold()
    return bool(
        re.search(
            r"\b(reveal\w*|flip\w*|shows?|showed|turns? over)\s+(an? |the |his |her |their )?[\[_*]*$",
            before,
        )
    )


def _kicks_for_outcome(q: Question, mention: CardMention) -> int | None:
    """How many kicks give the outcome the question names ("to enter with 4 counters"), read
    from the card's one "for each time it was kicked" ability."""
    per_time = [a for a in mention.of_kind("if_kicked") if isinstance(a, IfKicked) and a.per_time]
    if len(per_time) != 1:
        return None
    parsed = per_time[0].parsed
    if parsed is not None and parsed.verb == "targets" and parsed.amount is not None:
        # "another target for each time it was kicked": "three different targets" is one
        # target more than the kicks.
        said = re.search(
            rf"\b(?:each of |all )?{_NUMBER} (?:different |diff |separate |distinct )?"
            r"(?:targets|things|creatures|players|permanents|opponents|people|guys)\b",
            q.lower,
        )
        n = eff.number(said.group(1)) if said else None
        if n is None or n < parsed.amount.base:
            return None
        return n - parsed.amount.base
    m = re.search(
        r"\b(a|an|one|two|three|four|five|\d+) (?:[^\s]+ ){0,5}?(counters?|tokens?|cards?|life)\b"
        r"[^.]*?for each time",
        per_time[0].effect.casefold(),
    )
    if m is None:
        return None
    each = int(m.group(1)) if m.group(1).isdigit() else _UNIT_WORDS[m.group(1)]
    noun = _singular(m.group(2))
    said = re.search(rf"\b{_NUMBER} (?:\S+ ){{0,2}}?{noun}s?\b", q.lower)
    if said is None:
        return None
    word = said.group(1)
    n = int(word) if word.isdigit() else eff.number(word)
    if n is None or each <= 0 or n % each:
        return None
    return n // each


def _outcome_nouns(effect: eff.Effect) -> tuple[str, ...]:
    """The nouns a player counts a token, counter, damage or draw effect by ("Saproling",
    "counter", "damage")."""
    if effect.verb == "counters":
        return ("counters", "counter")
    if effect.verb == "damage":
        return ("damage",)
    if effect.verb == "draw":
        return ("cards", "card")
    if effect.verb != "tokens":
        return ()
    words = re.findall(
        r"\b([A-Z][a-z]+) (?:[A-Z][a-z]+ )*(?:artifact |enchantment )?creature tokens?\b",
        effect.text,
    )
    return (*(w.casefold() for w in words), "tokens", "token")


def _cast_trigger_counted(q: Question, watcher: CardMention) -> tuple[int, str] | None:
    """What a "how many" question about a cast-a-kicked-spell trigger counts: (1, "time") for
    its triggers, (N, noun) for what each trigger makes ("how many drakes"); None when it asks
    no count, or counts what the watcher's own casting may also make."""
    asked = q.asked or q.lower
    if not re.search(r"\bhow many\b", asked):
        return None
    if q.has(r"\b(two|three|four|2|3|4|both|another|second|multiple) (copies of )?CARD"):
        return None  # more than one watcher: each triggers
    before = q.text[: watcher.start].casefold()
    after = q.text[watcher.end :].casefold()
    if re.search(r"\b(cast|kick(ed)?)\s*$", before) or re.match(
        r"\s*(was |is |gets? )?(kicked|cast)\b", after
    ):
        return None  # the watcher itself cast: its own kicked abilities may add to the count
    if re.search(r"\bhow many (times|triggers)\b", asked):
        return 1, "time"
    line = next((x for x in watcher.card.oracle_text.splitlines() if _CAST_KICKED.search(x)), "")
    made = eff.parse_effect(re.sub(r"(?i)^.*?\bkicked( spell)?,\s*", "", line))
    nouns = _outcome_nouns(made)
    if not nouns or made.amount is None or made.amount.fixed is None:
        return None
    found = re.search(rf"\bhow many ({'|'.join(map(re.escape, nouns))})s?\b", asked)
    return (made.amount.fixed, _singular(found.group(1))) if found else None


def _only_count(q: Question, what: str) -> int | None:
    """How many objects of a kind the question says there are ("the only creature on the
    battlefield" is 1, "no creatures" 0, "two creatures out" 2); None when it doesn't say."""
    if q.has(
        rf"\b{what}s? (that )?(i|you|we|they|he|she|my opponent|the opponent|opponent) "
        r"(control|controls|have|has|own|owns)\b",
        rf"\b{what}s? (on|of) (my|your|his|her|their) (side|own)\b",
        rf"\b(my|your|his|her|their|opponent'?s?'?) only {what}\b",
    ):
        return None  # one player's creatures only: the other's aren't counted
    if q.has(
        rf"\b(the )?only {what}\b",
        rf"\b(just|only) (one|a single|1) {what}\b",
        rf"\bone {what} (on the battlefield|in play|out)\b",
    ):
        return 1
    if q.has(rf"\bno {what}s\b", rf"\bno {what}s? (on the battlefield|in play|out)\b"):
        return 0
    m = re.search(rf"\b{_NUMBER} {what}s (on the battlefield|in play|out)\b", q.lower)
    n = eff.number(m.group(1)) if m else None
    return n


def _kicked_outcome(q: Question, mention: CardMention) -> tuple[bool | None, int | None] | None:
    """A count of what only the card's kicked ability makes ("I want 4 saprolings", "to enter
    with 3 counters"): (True, X) when the kicked effect makes that many (X for an effect of X),
    (None, None) when it can't make that many; None when the question counts nothing of it."""
    for ability in mention.of_kind("if_kicked"):
        if not isinstance(ability, IfKicked) or ability.negated or ability.per_time:
            continue
        parsed = ability.parsed
        if parsed is None or parsed.amount is None:
            continue
        nouns = _outcome_nouns(parsed)
        if not nouns:
            continue
        said = re.search(
            rf"\b{_NUMBER} (?:\S+ ){{0,2}}?(?:{'|'.join(map(re.escape, nouns))})s?\b", q.lower
        )
        drawn = re.search(
            rf"\bdraw(?:s|ing)? (?:the )?{_NUMBER} (?:extra |more |additional )?cards?\b", q.lower
        )
        if parsed.verb == "draw" and drawn is not None:
            said = drawn  # "I want to draw a card too": a card drawn is counted even by "a"
        elif said is not None and said.group(1) in ("a", "an"):
            continue
        if said is None:
            continue
        n = eff.number(said.group(1))
        if n is None:
            continue
        if parsed.amount.per == "x" and not mention.card.front.mana_cost.has_x:
            return True, n
        if parsed.amount.per is None and parsed.amount.fixed is not None:
            if parsed.amount.fixed == n:
                return True, None
            # "deals 2 damage ... if kicked, 4 damage instead": the count the unkicked effect makes.
            return (False, None) if _unkicked_amount(ability) == n else (None, None)
        return None, None
    return None


def _unkicked_amount(ability: IfKicked) -> int | None:
    """The fixed amount of the effect an "instead" kicked effect replaces (the 2 of "deals 2
    damage to any target. If this spell was kicked, it deals 4 damage instead")."""
    if not ability.instead or ability.parsed is None:
        return None
    before = re.split(r"(?i)\bif (?:this spell|it|CARDNAME|\S+) was kicked\b", ability.text)[0]
    plain = eff.parse_effect(before)
    if plain.verb != ability.parsed.verb or plain.amount is None or plain.amount.per is not None:
        return None
    return plain.amount.fixed


def _x_for_damage(q: Question, mention: CardMention) -> int | None:
    """The X a card that "deals X damage to each" needs for the damage the question wants
    ("deal 4 damage to each", "for 3 each")."""
    if not re.search(r"\bdeals x damage to each\b", mention.card.oracle_text, re.I):
        return None
    found = {
        m.group(1) or m.group(2)
        for m in re.finditer(
            r"\b(\d+) damage (?:to |at )?each\b|\bfor (\d+) (?:damage )?(?:each|apiece)\b", q.lower
        )
    }
    return int(found.pop()) if len(found) == 1 else None


def _says_absent(asked: str) -> bool:
    """The asked clause asks whether the effect is missing ("comes back as a plain 2/2 with
    no counters", "without trample"), not whether it happens."""
    return bool(
        re.search(
            r"\b(plain|vanilla)\b|\b(no|without|zero|0)\s+(\+1/\+1\s+)?"
            r"(counters?|trample|haste|flying|lifelink|tokens?|zombies?|bonus)\b",
            asked,
        )
    )


def _counters_back(q: Question, asked: str, mention: CardMention | None) -> IfKicked | None:
    """The kicked ability that gives the card its only counters as it enters, when the asked
    clause is how many counters it has once back on the battlefield."""
    if mention is None or not re.search(
        r"\bhow many (\+1/\+1 )?counters\b[^.?!]*\b(come|comes|back|return\w*|enter\w*|have|has|get)\b",
        asked,
    ):
        return None
    if q.has(
        r"\b(proliferat\w*|put (a|an|another|\w+) [^.?!]*counters? on)\b",
        r"\b(undying|persist|riot|modular|evolve|graft|adapt)\b",
    ) or any("counter" in m.card.oracle_text.casefold() for m in q.cards if m.name != mention.name):
        return None  # counters put on it some other way
    kicked = _kicked_counters(mention)
    if len(kicked) != 1:
        return None
    puts = r"\b(put|puts|enters with|distribute|proliferate)\b[^.]*\bcounters?\b"
    if len(re.findall(puts, mention.card.oracle_text, re.I)) != len(
        re.findall(puts, kicked[0].text, re.I)
    ):
        return None  # another ability of its own puts counters on something
    return kicked[0]


def _kicked_consequence(asked: str, mention: CardMention | None) -> IfKicked | None:
    """The one ability tied to kicked-ness whose action the asked clause names ("will it be
    sacrificed?" of "if it wasn't kicked, sacrifice it")."""
    if mention is None:
        return None
    words = {_singular(w) for w in re.findall(r"[a-z]+", asked)}
    stems = {w[:6] for w in words if len(w) >= 4}
    found = [
        a
        for a in mention.of_kind("if_kicked")
        if isinstance(a, IfKicked)
        and a.parsed is not None
        and a.trigger != "spell"
        and a.parsed.verb[:6] in stems
    ]
    return found[0] if len(found) == 1 else None


def _singular(word: str) -> str:
    if word.endswith("ves"):
        return word[:-3] + "f"
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _per_kick_unit(q: Question, effect: str) -> tuple[int, str] | None:
    """How much one kick gives, when the question asks about the thing the effect counts.

    "enters with a +1/+1 counter on it for each time it was kicked" and "how many
    counters" give (1, "counters"); "you gain 3 life for each time" and "how much
    life" give (3, "life"). None when the question asks about something else.
    """
    text = effect.casefold()
    m = re.search(
        r"\b(a|an|one|two|three|four|five|\d+) ((?:[^\s]+ ){0,5}?)"
        r"(counters?|tokens?|cards?|life|damage)\b(?:[^.]*?)for each time",
        text,
    )
    if not m:
        return None
    amount = int(m.group(1)) if m.group(1).isdigit() else _UNIT_WORDS[m.group(1)]
    noun = _singular(m.group(3))
    words = [w.strip("/+-") for w in m.group(2).split()]
    asked = re.search(r"how (?:many|much) (.*)", q.lower)
    if not asked:
        return None
    said: list[str] = []
    for w in asked.group(1).split()[:4]:
        if w in ("do", "does", "did", "will", "would", "can", "is", "are", "should", "card"):
            break
        said.append(_singular(w.strip("?,.")))
    counted = {noun, *(_singular(w) for w in words if w and not w[0].isdigit())}
    asked_verbs = _ACTIONS & {_singular(w) for w in re.findall(r"[a-z]+", asked.group(1))}
    effect_verbs = _ACTIONS & {_singular(w) for w in re.findall(r"[a-z]+", text)}
    if asked_verbs and not asked_verbs & effect_verbs:
        return None  # "how many cards do I draw" about an effect that makes a player discard
    if re.search(r"\b(opponents?|they|he|she)\b", asked.group(1)) and re.search(r"\byou\b", text):
        return None  # asked about the opponent, the effect is about its controller
    if counted & set(said):
        label = {"life": "life", "damage": "damage"}.get(noun, noun + "s")
        return amount, label
    return None


# What an amount question asks about: (pattern over the question, the effect's verb).
_AMOUNT_VERBS: tuple[tuple[str, eff.Verb], ...] = (
    (r"\bdamage\b", "damage"),
    (r"\bdiscard", "discard"),
    (r"\bdraw", "draw"),
    (r"\bgain\w* (\w+ )?life\b|\blife (do|does|will|would) (i|you|they|he|she) gain", "gain_life"),
    (r"\blose\w* (\w+ )?life\b|\blife (do|does|will|would) (i|you|they|he|she) lose", "lose_life"),
    (r"\bmill", "mill"),
    (r"\bsacrific", "sacrifice"),
    (r"\btokens?\b", "tokens"),
    (r"\bcounters?\b", "counters"),
    (r"^\s*cards?\b", "draw"),  # "how many cards?" of a spell that draws
)
_NUMBER = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"
# A yes/no amount question that names no amount: whether there is any.
_ANY = -1


def _amount_asked(q: Question) -> tuple[eff.Verb, int | None] | None:
    """The effect a question asks the amount of, and the amount it names in a yes/no form
    ("does it deal 4 damage?"); None when it asks no amount."""
    text = q.asked or q.lower
    how = re.search(r"\bhow (much|many)\b(.*)$", text)
    if how is not None:
        rest = how.group(2)
        for pattern, verb in _AMOUNT_VERBS:
            if re.search(pattern, rest) and not (verb == "draw" and "discard" in rest):
                if verb in ("damage", "counters", "tokens") and not re.match(
                    r"^\s*(\S+ ){0,2}?" + pattern.removeprefix("\\b"), rest
                ):
                    continue  # "how many creatures does the damage kill" asks no amount
                return verb, None
        return None
    if re.search(r"\b(how|what|which)\b", text) or not re.search(
        r"\b(does|do|did|will|would|can|could|is|should)\b", text
    ):
        return None
    for noun, verb in (
        (r"(damage|dmg)", "damage"),
        (r"cards?", "draw"),
        (r"life", "gain_life"),
        (r"(\+1/\+1 |charge |\w+ )?counters?", "counters"),
    ):
        m = re.search(rf"\b{_NUMBER} {noun}\b", text)
        if m is None:
            continue
        if verb == "draw" and re.search(r"\bdiscard", text):
            verb = "discard"
        elif verb == "draw" and not re.search(r"\bdraw", text):
            return None
        elif verb == "gain_life" and re.search(r"\blos(e|es|ing)\b", text):
            verb = "lose_life"
        word = m.group(1)
        n = int(word) if word.isdigit() else eff.number(word)
        return (verb, n) if n is not None else None
    for pattern, verb in (
        (r"draw", "draw"),
        (r"deal (any )?damage", "damage"),
        (r"gain (any )?life", "gain_life"),
        (r"discard", "discard"),
    ):
        if re.search(
            rf"\b(do|does|will|would|did) (i|you|we|they|he|she|it|CARD)( still| also)? {pattern}\b",
            text,
        ):
            return verb, _ANY  # "do I still draw?": does that effect happen at all
    return None


def _other_numbers(q: Question, wanted: int | None) -> bool:
    """The question states a number besides its kicks, its X and the amount it asks about."""
    text = re.sub(r"\{[^}]*\}|[+-]\d+/[+-]\d+|\bx\s*(=|is|equals|of|was)?\s*\d+", " ", q.lower)
    text = re.sub(rf"\b{_NUMBER} (more )?times\b|\b(once|twice|thrice)\b", " ", text)
    if wanted is not None:
        text = re.sub(
            rf"\b{_NUMBER} (damage|dmg|cards?|life|(\S+ )?counters?)\b", " ", text, count=1
        )
    return bool(re.search(r"\b(\d+|two|three|four|five|six|seven|eight|nine|ten)\b", text))


def _kicks_stated(
    q: Question, kicker: Kicker, relevant: list[eff.Conditional]
) -> tuple[tuple[int, ...] | None, str | None]:
    """The kicker payments the question states, as ``Spell.kicked``; or None and the fact
    the amount needs that the question leaves out."""
    if q.has(
        r"\bunkicked\b",
        r"(\bnot|n't|\bnever|\bwithout) (been |being )?kick",
        r"\bwithout (paying )?(the |its |any )?(multi)?kicker",
        r"\b(zero|0|no) times\b",
    ):
        return (), None
    if not q.has(r"\bkick", r"\bmultikick", r"\bkicker\b"):
        return None, "whether the kicker was paid"
    per_cost = any(c.kicked is not None and c.kicked.cost for c in relevant)
    if kicker.multi:
        times = _kicked_times(q.lower.replace("multikick", "kick"))
        if times is None:
            n = q.count_word(r"times\b")
            times = n if n is not None else (2 if q.has(r"\btwice\b") else None)
        if times is None:
            per_kick = any(
                c.effect.amount is not None and c.effect.amount.per == "kick" for c in relevant
            )
            if per_kick or any(c.kicked is not None and c.kicked.times > 1 for c in relevant):
                return None, "how many times it was kicked"
            times = 1
        return (0,) * times, None
    if len(kicker.costs) == 1:
        if q.has(r"\btwice\b", r"\b(two|three|2|3) times\b"):
            return None, None  # an ordinary kicker can't be paid twice: no amount to give
        return (0,), None
    if KickerHandler._both(q, kicker):
        return tuple(range(len(kicker.costs))), None
    paid = _paid_costs(q, kicker) or _named_costs(q, kicker)
    if paid:
        return tuple(sorted(paid)), None
    times = _kicked_times(q)
    if times is not None and not per_cost:
        return (tuple(range(times)), None) if times <= len(kicker.costs) else (None, None)
    per_kick = any(c.effect.amount is not None and c.effect.amount.per == "kick" for c in relevant)
    if per_cost or per_kick or any(c.kicked is not None and c.kicked.times > 1 for c in relevant):
        # Two kicker costs: "kicked" alone doesn't say which, or whether both, were paid.
        return None, "which kicker costs were paid"
    return (0,), None


def _paid_costs(q: Question, kicker: Kicker) -> list[int]:
    """Kicker costs the question says were paid ("kicked with only {2}{U}", "paid the blue")."""
    found: list[int] = []
    for m in re.finditer(
        r"\b(?:kicked|kick|paid|pay|paying|kicking)\b(?: only| just)?(?: it| CARD(?:'s)?)?(?: only)?"
        r"(?: with)?(?: only| just)?"
        r"(?: its| the| her| his)?\s+(\{[^\s]+\}|[a-z0-9]+)",
        q.lower,
    ):
        token = m.group(1)
        for i, kc in enumerate(kicker.costs):
            if kc.mana is None:
                continue
            cost = str(kc.mana).casefold()
            letters = cost.replace("{", "").replace("}", "")
            colors = [w for w, c in _COLOR_WORDS.items() if c.casefold() in letters]
            named = token in (cost, letters) or (token in colors and len(colors) == 1)
            if named and i not in found:
                found.append(i)
    return found


def _named_costs(q: Question, kicker: Kicker) -> list[int]:
    """Every kicker cost the question names, by its mana cost or its only color word."""
    written = {str(c) for c in q.mana_costs()}
    found = {
        i for i, kc in enumerate(kicker.costs) if kc.mana is not None and str(kc.mana) in written
    }
    for word, letter in _COLOR_WORDS.items():
        if q.has(rf"\b{word}\b"):
            found |= {
                i
                for i, kc in enumerate(kicker.costs)
                if kc.mana and letter in "".join(kc.mana.parts)
            }
    return sorted(found)


def _asked_costs(q: Question, kicker: Kicker) -> list[int]:
    """The kicker costs named after the last 'does/do/will/would' (the clause asked about)."""
    m = re.search(r"\b(?:does|do|will|would)\b((?:(?!\b(?:does|do|will|would)\b).)*)$", q.lower)
    if m is None:
        return []
    clause = m.group(1)
    found = {
        i
        for i, kc in enumerate(kicker.costs)
        if kc.mana is not None and str(kc.mana).casefold() in clause
    }
    for word, letter in _COLOR_WORDS.items():
        if re.search(rf"\b{word}\b", clause):
            found |= {
                i
                for i, kc in enumerate(kicker.costs)
                if kc.mana and letter in "".join(kc.mana.parts)
            }
    return sorted(found)


def _x_route(m: CardMention) -> k.XRoute | None:
    """How a card the question names lets a spell be cast, read from its text; None if it doesn't."""
    text = m.card.oracle_text.casefold()
    if "flashback cost is equal to its mana cost" in text:
        return "alternative_with_x"
    if "Cascade" in m.card.keywords or re.search(r"without paying (its|their) mana costs?", text):
        return "without_paying"
    if re.search(r"rather than pay(ing)? (the|its|their|this spell's) mana costs?", text):
        return None if "{x}" in text else "fixed_alternative"
    return None


_FREE_SENTENCE = lazy(r"[^.]*\bwithout paying (?:its|their) mana costs?[^.]*", re.I)
_FROM_ZONE = lazy(
    r"\bfrom (?:my |the |your |their |his |her |an? )?(?:graveyard|exile|library|command zone)\b"
    r"|\bflash(?:ed|ing)? ?back\b"
)


def _free_cast_granted(q: Question, spell: CardMention) -> bool | None:
    """Whether another named card (Omniscience, a cascade creature) casts ``spell`` without
    paying its mana cost: True when the text says it was cast through it, False when no such
    card is named, None when one is named but whether it was used, or whether its limits
    (mana value, the zone cast from) are met, isn't stated."""
    granters = [m for m in q.cards if m.name != spell.name and _x_route(m) == "without_paying"]
    if not granters:
        return False
    for m in granters:
        if "Cascade" in m.card.keywords:
            if spell.card.front.mana_cost.mana_value() >= m.card.front.mana_cost.mana_value():
                return None  # cascade casts only a card of lesser mana value (CR 702.85a)
            continue
        for sentence in _FREE_SENTENCE.finditer(m.card.oracle_text):
            said = sentence.group(0).casefold()
            if "mana value" in said or "converted mana cost" in said:
                return None  # a limit on which spells it casts free
            if "from your hand" in said and _FROM_ZONE.search(q.lower):
                return None  # it casts from the hand only, and the spell is cast from elsewhere
    if any(_used_through(q, m) or _cast_through(q, m) for m in granters):
        return True
    if any(q.has(rf"{w}") for w in _FREE_WORDS):
        return True
    return None


def _alt_routes(q: Question) -> list[str]:
    """The ways of casting the question names that are alternative costs themselves."""
    routes = [label for pattern, label in _ALT_ROUTES if q.has(pattern)]
    for m in q.cards:
        text = m.card.oracle_text.casefold()
        if re.search(r"\b(gains?|has|have) flashback\b", text) or "Flashback" in m.card.keywords:
            routes.append("flashback")
        if "Cascade" in m.card.keywords:
            routes.append("cascade")
        elif re.search(
            r"without paying (its|their|that card's|the copy's) mana costs?", text
        ) and _used_through(q, m):
            routes.append("casting without paying its mana cost")
    return list(dict.fromkeys(routes))


_FLICKER_TEXT = lazy(
    r"\bexile (?:another |up to one |any number of )?target [^.]*?\b(?:then )?return "
    r"(?:it|that card|those cards|them|the exiled card|that creature)\b[^.]*\bto the battlefield",
    re.I,
)


def _flickered_by_card(q: Question, m: CardMention | None) -> bool:
    """Another card named is one that exiles a permanent and returns it ("I Ephemerated it",
    "Cloudshift on it"): the permanent left and came back, whatever verb the player used."""
    if m is None:
        return False
    for o in q.cards:
        if o.name == m.name or not _FLICKER_TEXT.search(o.card.oracle_text):
            continue
        written = o.written.casefold()
        before = q.text[: o.start].casefold()[-24:]
        after = q.text[o.end :].casefold()
        if (
            (written != o.name.casefold() and written.startswith(o.name.casefold()))
            or re.search(
                r"\b(cast|casts|casting|used?|using|play(ed)?|hit|resolved?)\s+(an? |my |the )?$",
                before,
            )
            or re.match(r"\s*(on|onto)\b", after)
        ):
            return True  # used on it ("Ephemerated it", "cast Cloudshift on it"), not held
    return False


def _enters_only_if_kicked(m: CardMention | None) -> bool:
    """Every enters trigger the card has works only if it was kicked (none if it wasn't)."""
    if m is None:
        return False
    face = m.card.front
    conds = eff.conditionals(face.lines, (m.card.name, face.name))
    kicked = [c for c in conds if c.kicked is not None]
    plain_etb = [
        c
        for c in conds
        if c.kicked is None and re.match(r"(when|whenever)\b[^,]*\benters\b", c.effect.text, re.I)
    ]
    etb = [a for a in m.of_kind("if_kicked") if isinstance(a, IfKicked) and a.trigger == "etb"]
    return bool(etb) and not plain_etb and not any(c.kicked and c.kicked.negated for c in kicked)


def _puts_through(q: Question, m: CardMention) -> bool:
    """'If I Sneak Attack it', 'put in with Elvish Piper': a named card that puts a card onto
    the battlefield from a hand or graveyard is how it got there, so it wasn't cast."""
    text = m.card.oracle_text.casefold()
    if m.of_kind("kicker") or not re.search(
        r"\bput (a|an|target|that|up to one|one) [^.]*?cards? [^.]*?\bonto the battlefield", text
    ):
        return False
    before = q.text[max(0, m.start - 40) : m.start].casefold()
    return bool(
        re.search(
            r"\b(put|puts|putting|cheat\w*|got|get|gets|bring|brought)\b[^.?!,]{0,30}"
            r"\b(via|through|with|using|off|by)\s+(\w+\s+)?[_\[]*$",
            before,
        )
        or re.search(r"\b(i|we|you|he|she|they)\s+[_\[]*$", before)
    )


def _cast_through(q: Question, m: CardMention) -> bool:
    """'a spell I cast with Omniscience', 'cast it via Jodah': the card is named as the way a
    spell was cast, not just beside it ("redirected with Deflecting Swat")."""
    before = q.text[max(0, m.start - 40) : m.start].casefold()
    return bool(
        re.search(
            r"\b(cast|casts|casting|play|plays|played|playing)\b[^.?!,]{0,25}"
            r"\b(via|through|with|using|off|by)\s+(\w+\s+)?[_\[]*$",
            before,
        )
    )


def _used_through(q: Question, m: CardMention) -> bool:
    """'cast it via Jodah', 'through Omniscience': the card is how the spell was cast, not
    merely on the battlefield while another cost was chosen."""
    before = q.text[max(0, m.start - 25) : m.start].casefold()
    after = q.text[m.end : m.end + 25].casefold()
    # "Bloodbraid Elf cascaded into it", "Bloodbraid's cascade hit it".
    cascades = "Cascade" in m.card.keywords and re.match(r"[\]]*('s)?\s+cascad", after)
    return bool(
        re.search(r"\b(via|through|with|using|use|off|by|free from)\s+(\w+\s+)?[_\[]*$", before)
        or cascades
    )


def _single_plain_card(q: Question) -> CardMention | None:
    """The one named card, when it has a single face (split and double-faced cards differ)."""
    names = {m.name for m in q.cards}
    if len(names) != 1:
        return None
    m = q.cards[0]
    return m if m.card.layout == "normal" and len(m.card.faces) == 1 else None


def _cast_free(q: Question) -> CardMention | None:
    """The one single-faced card named besides cards that cast spells without paying their
    mana cost (Omniscience, a cascade creature): the spell they cast."""
    spells = [m for m in q.cards if _x_route(m) != "without_paying"]
    if len(spells) == len(q.cards) or len({m.name for m in spells}) != 1:
        return None
    m = spells[0]
    return m if m.card.layout == "normal" and len(m.card.faces) == 1 else None


def _unreminded_text(text: str) -> str:
    """Card text without its reminder text in parentheses."""
    return re.sub(r"\([^)]*\)", "", text)


def _times_named(q: Question, times: int) -> bool:
    """The question names an ability by its kick count ("the kicked twice trigger")."""
    word = {1: "once", 2: "twice", 3: "three times"}.get(times, f"{times} times")
    return q.has(rf"kicked {word} (trigger|ability)", rf"'?kicked {word}'? (trigger|ability)")


def _kicked_times(q: Question | str) -> int | None:
    """How many times the question says the spell was kicked ("kicked once")."""
    text = q if isinstance(q, str) else q.lower
    m = re.search(
        r"\b(?:multi)?kick(?:ed)? (?:it |CARD |this |that )?(?:only )?(once|twice|(\w+) times)\b"
        r"|\b(?:paid|pay|paying) (?:the |its )?(?:multi)?kicker (?:cost )?(?:only )?"
        r"(once|twice|(\w+) times)\b",
        text,
    )
    if not m:
        return None
    word = m.group(1) or m.group(3)
    if word == "once":
        return 1
    if word == "twice":
        return 2
    count = m.group(2) or m.group(4)
    if count.isdigit():
        return int(count)
    return {"zero": 0, "no": 0, "one": 1, "two": 2, "three": 3}.get(count)


def _target_creature(q: Question, spell: CardMention) -> tuple[str, frozenset[str], int] | None:
    """The creature the question asks to hit: a named card, or 'a 3 mana creature'."""
    others = {m.name: m for m in q.cards if m.name != spell.name}
    if len(others) > 1:
        return None
    if others:
        m = next(iter(others.values()))
        if m.card.front.mana_cost.has_x or len(m.card.faces) > 1:
            return None  # its mana value depends on X or on the face it is on
        return m.name, m.card.types, int(m.card.mana_value)
    found = re.search(
        r"\b(?:an? )?(?:(\d+)[ -](?:mana|cmc|mv|drop)|(?:mana value|cmc|mv) (\d+)) "
        r"(creature|planeswalker)\b"
        r"|\b(creature|planeswalker) with (?:a )?(?:mana value|cmc|mv) (?:of )?(\d+)\b",
        q.lower,
    )
    if found is None:
        return None
    value = int(found.group(1) or found.group(2) or found.group(5))
    kind = found.group(3) or found.group(4)
    return f"a mana value {value} {kind}", frozenset({kind.capitalize()}), value


# An object whose mana value isn't its card's: a token, a face-down or merged permanent.
_MV_CHANGED = (
    r"\btokens?\b",
    r"\beternali[sz]",
    r"\bembalm",
    r"\bface[- ]?down\b",
    r"\bmorph",
    r"\bmanifest",
    r"\bdisguis",
    r"\bcloak",
    r"\bmutat",
    r"\bno mana cost\b",
    r"\bprototype",
    r"\bfused?\b",
)

_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "2nd": 2, "3rd": 3, "4th": 4}


def _targets_asked(q: Question) -> int | None:
    """How many targets the question wants: 'a second target' is 2, 'three targets' 3."""
    m = re.search(r"\b(second|third|fourth|fifth|2nd|3rd|4th)\s+(\w+\s+)?target\b", q.lower)
    if m:
        return _ORDINALS[m.group(1)]
    words = re.findall(r"[a-z0-9]+", q.lower)
    for i, word in enumerate(words):
        # "two targets", "two different targets", "target four creatures".
        if word == "targets":
            near = words[max(0, i - 2) : i]
        elif word == "target" and i + 2 < len(words) and words[i + 2].endswith("s"):
            near = words[i + 1 : i + 2]
        else:
            continue
        for w in reversed(near):
            n = int(w) if w.isdigit() else _UNIT_WORDS.get(w)
            if n and w not in ("a", "an"):
                return n
    return None


def _names_one_cost(q: Question, kicker: Kicker) -> bool:
    """The question writes out exactly one of several kicker costs ("the {W} kicker")."""
    if len(kicker.costs) < 2 or kicker.multi:
        return False
    written = {str(c) for c in q.mana_costs()}
    return sum(1 for kc in kicker.costs if kc.mana is not None and str(kc.mana) in written) == 1


def _last_asked(q: Question) -> str:
    """The last clause of the sentence the reader found asked; a remark after the question
    ("my friend thinks it costs {B}") is context, not what is asked."""
    sentences = [p for p in re.split(r"[.!?:;]\s+|\s+-\s+", q.asked or q.lower) if p.strip()]
    return sentences[-1].strip() if sentences else ""


def _asks_what(q: Question) -> bool:
    """The asked sentence asks what, how many or how much, not yes or no."""
    last = _last_asked(q)
    if re.match(
        r"(so |and |then |but )?(is|are|does|do|did|can|could|will|would|should|must)\b", last
    ):
        return False  # "Is there a limit to how many times ...?" is a yes/no question
    return bool(
        re.match(r"(so |and |then )?(what|how|which|who)\b", last)
        or re.search(r"\b(how (many|much)|what'?s|what (is|are|does|do|would|will))\b", last)
    )


_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Planeswalker", "Battle"})
# "with 4 counters on it": only a permanent has counters, so it is on the battlefield.
_ON_PERMANENT = r"\b(with|has|had|have|having) (\d+|a|an|one|two|three|four|five|six|some) (\+1/\+1 |charge |\w+ )?counters? on (it|CARD)\b"
_MV = r"(?:mana value|manavalue|mana valu|cmc|mv|converted mana cost|converted cost)"


def _asks_mana_value(q: Question) -> bool:
    """The last sentence asks for a mana value: a what/how question naming it, or the bare
    phrase itself ("cmc of kicked tempest owl?", "Fireball's mana value on the stack")."""
    sentences = [p for p in re.split(r"[.!?;]\s+|\s+-\s+", q.lower) if p.strip()]
    last = sentences[-1].strip() if sentences else ""
    if (
        len(sentences) > 1
        and re.fullmatch(
            r"(so |and )?((what|what's|whats) (is|would be|will be)? ?(it|that)|what (would|will) (it|that) be)\W*",
            last,
        )
        and re.search(
            rf"\b(know|tell|what'?s?|asks?|asked|wonder\w*) (\w+ ){{0,2}}{_MV}\b", sentences[-2]
        )
    ):
        # "He wants to know its mana value now that it's on the battlefield. What is it?"
        return True
    last = _last_asked(q)
    if not re.search(rf"\b{_MV}\b", last) and fuzz.partial_ratio("mana value", last) < 88:
        return False
    if _asks_what(q):
        return True
    # "mana value of a kicked Rite of Replication on the stack": a heading-like request, also
    # as the last clause after the facts ("Hydroid Krasis cast for X=4, mv on the stack?").
    clause = last.rsplit(", ", 1)[-1]
    return any(
        bool(
            re.match(rf"(?:so |and )?(?:the |its |a |an )?(?:CARD'?s? )?{_MV}\b", part)
            or re.match(r"(?:the )?CARD'?s? " + _MV + r"\b", part)
        )
        and not re.search(r"\b(i|you|we|they|he|she)\b", part)
        for part in (last, clause)
    )


def _cost_claimed(q: Question, kicker: Kicker | None) -> str | None:
    """The total cost a yes/no question says the spell has ("does Thalia make it cost {5}{R}?",
    "should it cost {2}{B}{R}?"); not a kicker cost named ("can I pay the {1}{B} kicker")."""
    sentences = [p for p in re.split(r"[.!?;]\s+|\s+-\s+", q.asked or q.lower) if p.strip()]
    last = sentences[-1].strip() if sentences else ""
    if re.search(r"\b(how|what|which|who)\b", last) or not re.search(
        r"(^|, )(so |and |but )?(is|does|do|did|will|would|should|shouldn't|doesn't|isn't)\b", last
    ):
        return None
    m = re.search(
        r"\b(?:cost|costs|total cost|pay|paid|be|is) (?:of |only |just |exactly )?((?:\{[^}\s]+\})+)"
        r"(?! kicker| more| less)",
        last,
    ) or re.search(r"^is (?:the |its )?total cost of [^{]*?((?:\{[^}\s]+\})+)\W*$", last)
    if m is None:
        return None
    try:
        said = ManaCost.parse(m.group(1).upper())
    except ValueError:
        return None
    if kicker is not None and any(
        kc.mana is not None and _same_cost(str(kc.mana), str(said)) for kc in kicker.costs
    ):
        return None
    return str(said)


def _same_cost(a: str, b: str) -> bool:
    """Two mana costs are the same amount of the same mana, in any order."""
    try:
        x, y = ManaCost.parse(a), ManaCost.parse(b)
    except ValueError:
        return False
    return x.generic == y.generic and sorted(x.parts) == sorted(y.parts)


def _mv_claimed(q: Question) -> int | None:
    """The mana value a yes/no question says the object has ("is its cmc 6?", "does kicking
    it make its mana value 6?", "does it have mana value 0 on the battlefield?")."""
    sentences = [p for p in re.split(r"[.!?;]\s+|\s+-\s+", q.asked or q.lower) if p.strip()]
    last = sentences[-1].strip() if sentences else ""
    if re.search(r"\b(how|what|which|who)\b", last) or not re.search(
        r"\b(is|are|does|do|did|will|would|should|has|have)\b", last
    ):
        return None
    if re.search(
        r"\b(target|counter|destroy|kill|exile|creature|permanent|spell)s?\b", last
    ) and not (re.search(r"\b(its|CARD'?s?) " + _MV, last)):
        return None  # "a 3 mv creature", "spells with mana value 4": a condition, not a claim
    m = re.search(
        rf"\b{_MV} (?:is |of |= ?|equal to |be |become |becomes |would be |will be |go(?:es)? to )?"
        r"(\d+)\b(?! or (?:less|more|greater|fewer|higher|lower))",
        last,
    )
    if re.search(r"\b\d+ or \d+\b", last):
        return None  # "is it mana value 1 or 5?" asks which
    if m is None:
        # "Is the mana value of a kicked Burst Lightning 5?"
        m = re.search(rf"^(?:is|was) (?:the )?{_MV} of [^\d]*?(\d+)\W*$", last)
    return int(m.group(1)) if m else None


def _x(q: Question) -> int | None:
    """The value of X the question gives ("X=5", "X is 3", "where X was 7", "with X of 2")."""
    found = q.x_value()
    if found is not None:
        return found
    m = re.search(
        r"\bx\s*(?:was|were|being|equal to|set to|at)\s*(\d+)|(?:with|for)\s+x\s*(?:=|of|as)?\s*(\d+)",
        q.lower,
    )
    if not m:
        return None
    return int(m.group(1) or m.group(2))


_OFFERED = lazy(
    r"(?<![\w{}])(\d+|(?:\{[^}\s]+\})+) or (\d+|(?:\{[^}\s]+\})+)(?![\w{}])"
    r"(?! (?:less|more|greater|fewer|higher|lower|bigger|smaller|times))"
)


def _offered_values(q: Question) -> tuple[str, str] | None:
    """Two values the asked sentence offers to choose between ("is its mv 2 or 4?", "{4}{R} or
    {5}{R}?"): a question of which value, answered by the value, not by a yes or a no."""
    sentences = [p for p in re.split(r"[.!?;]\s+|\s+-\s+", q.asked or q.lower) if p.strip()]
    last = sentences[-1] if sentences else ""
    m = _OFFERED.search(last)
    return (m.group(1), m.group(2)) if m else None


def _asks_yes_no(q: Question) -> bool:
    """The asked sentence is a yes/no question ("Does its mana value go up?")."""
    last = _last_asked(q)
    return bool(
        re.match(
            r"(so |and |then |but )?(is|are|does|do|did|can|could|will|would|should|must|may|has|have)\b",
            last,
        )
    ) and not re.search(r"\b(how (many|much)|what|which)\b", last)


def _cast_mention(q: Question) -> CardMention | None:
    """The one named card that is being cast, not a cost changer ("Blaze with Thalia out")."""
    spells = [
        m
        for m in q.cards
        if not any(
            isinstance(a, CostChange) and a.applies_to != "this spell"
            for a in m.of_kind("cost_change")
        )
    ]
    names = {m.name for m in spells}
    return spells[0] if len(names) == 1 else None


def _copied(q: Question) -> CardMention | None:
    """The card named right after "a copy of" ("a token copy of my kicked Gatekeeper")."""
    for m in q.cards:
        before = q.text[max(0, m.start - 60) : m.start].casefold()
        if re.search(
            r"\b(cop(y|ies) of|copies|copying|copied) (my |a |an |the |that |your |their |his |her "
            r"|opponent'?s'? )*(kicked |unkicked )?$",
            before,
        ):
            return m
    return None


def _clone_named(q: Question) -> bool:
    """A named card that makes a permanent enter as a copy (Clone and its kin)."""
    return any(
        "as a copy of" in m.card.oracle_text and m.card.types - {"Instant", "Sorcery"}
        for m in q.cards
        if not m.of_kind("kicker")
    )


def _spell_copier_named(q: Question) -> bool:
    """A named card that copies spells (Twincast, Fork, ...)."""
    return any(
        re.search(r"\bcopy (target|that|the) (\w+ )?spell\b", m.card.oracle_text.casefold())
        or ("copy target" in m.card.oracle_text.casefold() and "spell" in m.card.oracle_text)
        for m in q.cards
        if not m.of_kind("kicker")
    )


def _permanent_copier(m: CardMention) -> bool:
    """A card whose text makes a permanent that is a copy of another one (Clone, Rite of
    Replication, Helm of the Host), not a copy of a spell."""
    text = re.sub(r"\([^)]*\)", "", m.card.oracle_text.casefold())
    return bool(
        re.search(
            r"\bas a copy of\b|\btokens? (that'?s|that is|that are) (a )?cop(y|ies) of\b"
            r"|\btoken cop(y|ies) of\b|\bbecomes? a copy of\b",
            text,
        )
    )


def _spell_copy_only(q: Question) -> bool:
    """The question names a card that copies spells (Verazol, Double Major) and none that
    copies permanents, so a "token copy" there is the copy of the spell, resolved."""
    copied = _copied(q)
    others = [m for m in q.cards if copied is None or m.name != copied.name]
    spell_copiers = [
        m
        for m in others
        if re.search(r"\bcopy (target|that|the) (\w+ ){0,3}spell\b", m.card.oracle_text.casefold())
    ]
    return bool(spell_copiers) and not any(_permanent_copier(m) for m in others)


_SPELL_TYPE_WORDS = {
    "instant": "Instant",
    "sorcery": "Sorcery",
    "creature": "Creature",
    "artifact": "Artifact",
    "enchantment": "Enchantment",
    "planeswalker": "Planeswalker",
}


def _copier_cannot_copy(q: Question, copied: CardMention | None) -> bool:
    """A named spell copier whose target is "instant or sorcery spell" (Twincast) and a copied
    card of no such type: the copy the question describes can't have been made."""
    if copied is None:
        return False
    for m in q.cards:
        if m.name == copied.name:
            continue
        found = re.search(r"\bcopy target ((?:\w+ ){0,3})spell\b", m.card.oracle_text.casefold())
        if found is None:
            continue
        kinds = {_SPELL_TYPE_WORDS[w] for w in found.group(1).split() if w in _SPELL_TYPE_WORDS}
        if kinds and not kinds & copied.card.types:
            return True
    return False


def _copier_unknown(q: Question) -> bool:
    """Something copied the card ("X copied my kicked Gatekeeper"), but no card named and no
    word said whether the spell on the stack or the permanent was copied."""
    if not q.has(r"\bcopi(ed|es)\b", r"\bcopying\b", r"\b(made|makes|make) a copy\b"):
        return False
    copied = _copied(q)
    if any(_permanent_copier(m) for m in q.cards if copied is None or m.name != copied.name):
        return False
    return not q.has(
        r"enters? (the battlefield )?as a copy",
        r"\bclone\b",
        r"becomes? a copy",
        r"\b(on|onto) the battlefield\b",
        r"\bcreat\w* (a |an |two |\w+ )?tokens?\b",
        r"\btokens? (that'?s|that is|that are) (a )?cop",
        r"\bkicked (creature|permanent|artifact|enchantment)\b",
        r"\b(in play|already out|been out|resolved)\b",
    )


def _asks_copy_own_trigger(q: Question) -> bool:
    """The asked clause, naming no card, is about a copy or token entering or its "if it
    was kicked" ability, not about a card that watches kicked spells being cast."""
    return "CARD" not in q.asked and q.asks(
        r"\b(enters?|etb)\b", r"\btokens?\b", r"if (it|that|this) (was|were) kicked"
    )


def _asks_copy_status(q: Question) -> bool:
    """The asked clause, naming no card, asks whether the copy is kicked."""
    return "CARD" not in q.asked and q.asks(r"\b(copy|copies|it|they)\b[^.?!]*\b(kicked|kicker)\b")


def _copy_ability_asked(q: Question, mention: CardMention | None) -> tuple[bool, IfKicked | None]:
    """What a question about a copy of a kicked card asks: no ability for whether the copy
    is kicked, the card's one kicked ability when the asked clause names its action or its
    trigger; False first when it asks about a trigger this reading can't pick."""
    asked = q.asked or q.lower
    consequence = _kicked_consequence(asked, mention)
    if consequence is not None:
        return True, consequence
    if not re.search(
        r"\btrigger|\bhappen|\bgo(es)? off\b|\b(ability|abilities) (work|resolve)"
        r"|if (it|that|this) (was|were) kicked",
        asked,
    ):
        return True, None
    if mention is None:
        return bool(re.search(r"\bkick", asked)), None
    tied = [
        a
        for a in mention.of_kind("if_kicked")
        if isinstance(a, IfKicked) and a.trigger in ("etb", "other")
    ]
    if len(tied) != 1:
        return False, None
    return True, tied[0]


def _copies_spells_plainly(m: CardMention) -> bool:
    """A card whose text copies a spell and says nothing else about the copy than its
    targets or color ("Copy target instant or sorcery spell. You may choose new targets")."""
    text = m.card.oracle_text.casefold()
    if not re.search(r"\bcopy (target|that|the) (\w+ ){0,3}spell\b", text):
        return False
    rest = re.sub(r"\([^)]*\)", "", text)
    return not re.search(
        r"\binstead\b|\bdouble|\btwice\b|\bx\b|\bfor each\b|\bgets?\b|\bmore\b|\badditional\b", rest
    )


def _nonpermanent(mention: CardMention | None) -> bool:
    return (
        mention is not None
        and bool(mention.card.types)
        and mention.card.types <= {"Instant", "Sorcery"}
    )


def _unchanged() -> Ruling:
    t = Trace()
    t.step(Rule.MANA_VALUE, "Mana value comes from the mana cost alone.", REFERENCE_CARD)
    t.step(
        Rule.TOTAL_COST,
        "Kicker adds to the total cost paid, never to the mana cost; the mana value is unchanged.",
        REFERENCE_CARD,
    )
    return t.ruling("no")


def _colors(mention: CardMention) -> frozenset[str] | None:
    if "Devoid" in mention.card.keywords:
        return None
    return frozenset(
        ch for part in mention.card.front.mana_cost.parts for ch in part if ch in "WUBRG"
    )


def _first_this_turn(q: Question) -> bool | None:
    """Whether the spell is the first of its kind its caster casts this turn, as said
    ("I haven't cast any kicked spells this turn", "my second kicked spell")."""
    if q.has(
        r"\b(haven'?t|have not|hadn'?t|didn'?t|did not|not) (yet )?(cast|played|kicked) (any|a) "
        r"(other |\w+ )?(spells?|kicked)",
        r"\bno (other )?(kicked )?spells? (yet )?(this|that) turn\b",
        r"\bfirst (kicked )?spell\b",
        r"\bfirst (one|thing) i cast\b",
    ):
        return True
    if q.has(
        r"\balready (cast|kicked|played)\b",
        r"\b(second|another|third|2nd) (kicked )?spell\b",
        r"\b(earlier|before) (this|that) turn\b",
    ):
        return False
    return None


def _cost_changes(
    q: Question, spell: CardMention, *, kicked: bool | None = None
) -> list[tuple[str, int]] | None:
    """The named cost changers' effects on casting ``spell``; None when one can't be read."""
    out: list[tuple[str, int]] = []
    colors = _colors(spell)
    if spell.of_kind("cost_change"):
        # The spell's own cost change depends on choices ("for each target beyond the first").
        return None
    caster_theirs = _caster_theirs(q, spell)
    if caster_theirs is None:
        return None
    seen: set[str] = set()
    for m in q.cards:
        if m.name == spell.name or m.name in seen:
            continue
        seen.add(m.name)
        if _off_battlefield(q, m):
            continue  # a static ability works only on the battlefield (CR 113.6)
        before = q.text[max(0, m.start - 20) : m.start].casefold()
        if re.search(r"\b(two|three|four|five|\d+|both|multiple|several|many) $", before) or (
            re.sub(r"['’]s$", "", m.written.casefold()).endswith("s")
            and not m.name.casefold().endswith("s")
        ):
            return None  # several copies of a cost changer: how many isn't modelled here
        if not m.of_kind("cost_change") and re.search(
            r"\bcosts?\b[^.]*\bto cast\b|\bto cast\b[^.]*\bcosts?\b", m.card.oracle_text, re.I
        ):
            return None  # it changes what spells cost in a way no parsed ability states
        for ability in m.of_kind("cost_change"):
            if not isinstance(ability, CostChange):
                continue
            if colors is None:
                return None
            cost = spell.card.front.mana_cost
            x = _x(q)
            applies = k.cost_change_applies(
                ability,
                types=spell.card.front.typeline.types,
                subtypes=spell.card.front.typeline.subtypes,
                colors=colors,
                same_controller=_opponents(q, m) == caster_theirs,
                power=spell.card.front.power,
                mana_value=None if cost.has_x and x is None else cost.mana_value(x or 0),
                chosen_type=_chosen_type(q, m),
                every_type="Changeling" in spell.card.keywords,
                kicked=kicked,
                first_this_turn=_first_this_turn(q),
            )
            if applies is None:
                return None
            if applies:
                out.append((m.name, ability.delta))
    return out


_NOT_A_TYPE = frozenset(
    {"the", "a", "an", "my", "your", "their", "his", "her", "it", "board", "battlefield", "table"}
)


def _chosen_type(q: Question, m: CardMention) -> str | None:
    """The type chosen for a card's "of the chosen type": "Urza's Incubator naming Goblin",
    "Incubator on elves", "with Goblin chosen"."""
    after = q.text[m.end : m.end + 40]
    found = re.match(
        r"[\]\s,(-]*(?:is |was )?(?:naming|named|name|choosing|chose|chosen|on|set to|set on"
        r"|for|picking|picked)\s+(?:the type |type |the creature type )?([A-Za-z]+)\b",
        after,
        re.I,
    )
    if found is None:
        found = re.search(
            r"\b(?:with|chose|chosen|named|naming)\s+([A-Za-z]+)\s+(?:as the )?(?:chosen|named|type)\b",
            q.text,
            re.I,
        )
    if found is None:
        return None
    word = found.group(1).casefold()
    if word in _NOT_A_TYPE:
        return None
    return _singular(word) if word not in ("elves", "dwarves", "wolves") else word[:-3] + "f"


def _unnamed_permanent(q: Question) -> bool:
    """'with thalia out': a permanent the question puts on the battlefield that no card name matched."""
    for mention in q.cards:
        cut = re.search(r"\b[A-Z][a-z]+s? (of|the|of the) $", q.text[: mention.start])
        if cut and not any(o.start <= cut.start() < o.end for o in q.cards):
            return True  # "Helms of Awakening" read as the card Awakening: a name was cut short
    for m in re.finditer(
        r"\b(out|on the battlefield|in play|on (my|their|his|her|the) (side|board)|on board"
        r"|on the (table|field))\b",
        q.lower,
    ):
        before = q.lower[max(0, m.start() - 40) : m.start()]
        clause = re.split(r"[.?!,;:]|\band\b|\bwhat\b|\bhow\b", before)[-1]
        if "CARD" not in clause and re.search(r"[a-z]{3,}", clause):
            return True
    # Not "have to pay", nor "I want it to have two counters".
    for m in re.finditer(r"(?<!\bto )\b(controls?|has|have)\b(?! to\b)", q.lower):
        after = q.lower[m.end() : m.end() + 30]
        clause = re.split(r"[.?!,;:]|\band\b", after)[0]
        if "CARD" not in clause and not re.search(r"\bno\b|\bnothing\b", clause):
            return True
    return False


def _as_permanent(q: Question, m: CardMention) -> bool:
    """'while an opponent controls Karn', 'with Thalia in play': the card is a permanent here."""
    before = q.text[max(0, m.start - 30) : m.start].casefold()
    after = q.text[m.end : m.end + 30].casefold()
    return bool(
        re.search(
            r"\b(controls?|controlled|controlling|has|have|had|having|while)\s+"
            r"(an?\s+|the\s+|my\s+|their\s+|his\s+|her\s+|your\s+)?[\[_*]*$",
            before,
        )
        or re.match(
            r"[\]_*]*\s*(is |are |was |were )?(still )?(in play|on the battlefield|out|on board)\b",
            after,
        )
    )


def _off_battlefield(q: Question, m: CardMention) -> bool:
    """'Thalia is in my graveyard': the named card isn't on the battlefield."""
    after = q.text[m.end : m.end + 45].casefold()
    return bool(
        re.match(
            r"\s*(?:is|was|'s|are)( still)? in (my|your|their|his|her|the|an opponent's) "
            r"(graveyard|hand|library|exile)\b",
            after,
        )
    )


def _caster_theirs(q: Question, spell: CardMention) -> bool | None:
    """Whether an opponent casts the spell whose cost is asked (a cost change that says
    "you cast" applies to its own controller's spells); None when both are said."""
    theirs = _opponents(q, spell) or q.has(
        r"\b(opponents?|they|he|she) (\w+ )?(casts?|kicks?|pays?)\b",
        r"\b(opponents?|they|he|she)\b[^.?!]*\band (then )?(casts|kicks|pays)\b",
        r"\bdo(es)? (they|he|she|my opponent|the opponent|opp) (have to )?pay\b",
        r"\b(cast|kicked) by (an |my |the |their )?opponents?\b",
    )
    mine = q.has(r"\b(i|we) (\w+ )?(cast|kick|pay)\b", r"\bmy (\w+ )?(kicked |unkicked )?CARD\b")
    if theirs and mine:
        return None
    return theirs


def _opponents(q: Question, m: CardMention) -> bool:
    """The question gives this card to an opponent ("my opponent's Thalia", "they have ...")."""
    before = q.text[max(0, m.start - 45) : m.start].casefold()
    return bool(
        re.search(
            r"(opponents?'s?|their|his|her) $|opponents? (controls?|has|have|plays?|cast) (an? |the )?$"
            r"|opponents? (controls?|has|have) [^.?!,]*$",
            before,
        )
    )


def _amount(q: Question, pattern: str) -> int:
    m = re.search(pattern, q.lower)
    return int(m.group(1)) if m else 0


def _target_change(q: Question) -> str | None:
    if not q.has(
        r"before (it|the trigger|the ability|that) resolves",
        r"in response",
        r"by the time",
        r"before resolution",
        r"then",
        r"gets?",
        r"becomes?",
    ):
        return None
    if q.has(r"(gets?|becomes?|is|was) tapped", r"taps? (it|the target|that creature)"):
        return "tapped"
    if q.has(
        r"\b(dies|died|destroyed|sacrificed|exiled|bounced|leaves)",
        r"removed from the battlefield",
        r"returned to (its owner's )?hand",
    ):
        return "gone"
    return None


_ZONE_WORDS: tuple[tuple[str, eq.Zone], ...] = (
    (r"\bon the stack\b|\bwhile (it'?s |it is )?(being )?cast", "stack"),
    (r"\bin (my|the|your|a|their|an opponent'?s) graveyard\b|\bgraveyard\b", "graveyard"),
    (r"\bin (my|your|their|the) hand\b", "hand"),
    (r"\bin (my|your|their|the) library\b|\bon top of\b", "library"),
    (r"\bin exile\b|\bexiled\b", "exile"),
    (r"\bon the battlefield\b", "battlefield"),
)


def _board_scenario(q: Question) -> Scenario | None:
    """A question about an object on the stated board, asked through the query interface."""
    board = q.board
    assert board is not None
    names = [s.name for s in reversed(board.stack)] + [p.name for p in board.battlefield]
    subject = next((n for m in q.cards for n in names if n.casefold() == m.name.casefold()), None)
    if subject is None:
        return None
    on_stack = any(s.name == subject for s in board.stack)
    query: eq.Query | None = None
    kind = "yesno"
    name = "kicker_board"
    effect = _board_effect(q, board, subject, on_stack)
    if effect is not None:
        query, kind, name = effect
    elif q.fuzzy_has("mana value") or q.has(r"\bcmc\b", r"converted mana cost", r"\bmv\b"):
        zone = next((z for pattern, z in _ZONE_WORDS if q.has(pattern)), None)
        if on_stack and q.has(r"\bcop(y|ies|ied)\b"):
            query = eq.CopySpell(spell=subject, ask="mana_value")
        else:
            query = eq.ManaValue(object=subject, zone=zone)
        kind, name = "number", "kicker_mana_value"
    elif on_stack and q.has(r"\bcop(y|ies|ied)\b"):
        asks_x = q.has(r"\b(what|value of|how much) (is )?x\b", r"\bx (is|be|equal)")
        query = eq.CopySpell(spell=subject, ask="x" if asks_x else "kicked")
        kind, name = ("number" if asks_x else "yesno"), "kicker_copy_spell"
    elif on_stack and q.has(
        r"total cost",
        r"how much (mana )?(do|does|would|will|to)",
        r"what (does|would|do) (it|CARD) cost",
    ):
        query = eq.TotalCost(spell=subject)
        kind, name = "mana", "kicker_total_cost"
    elif q.has(r"\bhow many times\b[^?]*\bkick"):
        query = eq.IsKicked(object=subject, times=True)
        kind, name = "number", "kicker_times"
    elif q.has(r"\bkick(ed)?\b"):
        query = eq.IsKicked(object=subject)
        name = "kicker_is_kicked"
    if query is None:
        return None
    chosen = query

    def run() -> Ruling:
        return engine_rule(board, chosen)

    return Scenario(name, kind, 0.95, run, (subject,))


_EFFECT_ASKS: tuple[tuple[str, eff.Verb], ...] = (
    (r"\bhow much damage\b", "damage"),
    (r"\bhow many (?:[+\-\d/a-z]+ )?counters\b", "counters"),
    (r"\bhow many cards? (?:do(?:es)? )?(?:\w+ )?(?:discard)", "discard"),
    (r"\bhow many cards\b", "draw"),
    (r"\bhow many tokens\b", "tokens"),
    (r"\bhow much life\b", "gain_life"),
)


def _board_effect(
    q: Question, board: GameState, subject: str, on_stack: bool
) -> tuple[eq.Query, str, str] | None:
    """'How much damage does it deal', 'how many targets': the stated object's effects as data."""
    obj: Spell | Permanent
    obj = next((s for s in board.stack if s.name == subject), None) or board.find(subject)
    if obj.card is None:
        return None
    if on_stack and q.has(r"\bhow many targets\b"):
        return eq.SpellTargets(spell=subject), "number", "kicker_targets"
    if on_stack and q.has(r"\btarget\b") and not q.has(r"\bhow many\b"):
        # "Can Bloodchief's Thirst target Master of Death?": the other named permanent.
        others = [
            p.name
            for m in q.cards
            for p in board.battlefield
            if p.name.casefold() == m.name.casefold() and p.name != subject
        ]
        if len(others) == 1:
            return eq.CanTarget(spell=subject, target=others[0]), "yesno", "kicker_can_target"
    verb = next((v for pattern, v in _EFFECT_ASKS if q.has(pattern)), None)
    if verb is None:
        return None
    if verb == "counters" and not q.has(r"\benter"):
        # "How many counters does it have" asks about the board's counters, not an effect.
        return None
    face = obj.card.front
    found = eff.conditionals(face.lines, (obj.card.name, face.name))
    if not any(c.effect.verb == verb and c.effect.amount is not None for c in found):
        return None
    return eq.EffectAmount(object=subject, verb=verb), "number", "kicker_effect_amount"


def _claim_checked(
    run: Callable[[], Ruling],
    said: object,
    holds: Callable[[str], bool],
    rule: Rule,
    what: str,
) -> Callable[[], Ruling]:
    """A yes/no on a value the question states ("does it cost {5}{R}?", "is its cmc 6?"): the
    engine's value, then whether the stated one is it."""

    def check() -> Ruling:
        ruling = run()
        if ruling.verdict is None:
            return ruling
        ok = holds(str(ruling.verdict))
        t = Trace()
        t.step(rule, f"{what} is {ruling.verdict}" + ("." if ok else f", not {said}."))
        return Ruling(verdict="yes" if ok else "no", steps=ruling.steps + t.ruling(None).steps)

    return check


def _kicked_counters(mention: CardMention) -> list[IfKicked]:
    """The card's "if it was kicked" abilities that put counters, not negated ones."""
    return [
        a
        for a in mention.of_kind("if_kicked")
        if isinstance(a, IfKicked)
        and not a.negated
        and a.parsed is not None
        and a.parsed.verb == "counters"
    ]
