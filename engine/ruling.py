"""Rulings: a verdict plus the ordered steps that reach it, each naming its rule."""

from __future__ import annotations

from enum import StrEnum

from engine.value import Value


class Rule(StrEnum):
    """Every Comprehensive Rules number the engine may cite.

    Only numbers live here, never rules text: the text comes from the imported
    CR at answer time, and a meta-test checks each number exists in it.
    """

    MANA_TYPES = "106.1b"
    MANA_UNDEFINED = "106.5"
    COULD_PRODUCE = "106.7"
    TAPPED_FOR_MANA = "106.12"
    TAPPED_FOR_MANA_TRIGGER = "106.12a"
    TAPPED_FOR_MANA_REPLACEMENT = "106.12b"
    X_CHOSEN = "107.3"
    X_ETB = "107.3m"
    TAP_SYMBOL = "107.5"
    UNTAP_SYMBOL = "107.6"
    TARGETS = "115.1"
    TARGET_ONCE = "115.3"
    TARGETED_TRIGGER = "115.1d"
    PT_COUNTERS = "122.1a"
    CLASS_LEVEL = "716.2a"
    SAGA_CHAPTER = "714.2b"
    ALTERNATIVE_COST = "118.9"
    ALT_COST_PLUS_ADDITIONAL = "118.9d"
    MANA_VALUE = "202.3"
    MANA_VALUE_X = "202.3e"
    SUMMONING_SICKNESS = "302.6"
    NEW_OBJECT = "400.7"
    BLOCK_REQUIREMENTS = "509.1c"
    TOTAL_COST = "601.2f"
    TRIGGER_EVENT = "603.2"
    TRIGGER_OCCURRENCES = "603.2c"
    TRIGGER_ORDER = "603.3b"
    SIMULTANEOUS_ENTER = "603.6a"
    MANA_ABILITY_NO_STACK = "605.3b"
    MANA_ABILITY_RULES = "605.3"
    TARGET_ILLEGAL = "608.2b"
    RESOLVE_PERMANENT = "608.3"
    AURA_ILLEGAL_TARGET = "608.3b"
    HASTE = "702.10"
    KICKER = "702.33"
    KICKER_MEANING = "702.33a"
    KICKER_AND_OR = "702.33b"
    MULTIKICKER = "702.33c"
    KICKED = "702.33d"
    KICKER_LINKED = "702.33e"
    KICKER_SPECIFIC = "702.33f"
    CONVOKE = "702.51"
    BESTOW = "702.103"
    BESTOW_ILLEGAL_TARGET = "702.103e"
    PHASING_NO_ENTER = "702.26d"
    COPY_VALUES = "707.2"
    COPY_SPELL = "707.10"
    COPY_PERMANENT_SPELL = "707.10f"
    STACK_RESOLVES = "405.5"
    TRIGGER_NO_LEGAL_TARGET = "603.3d"
    AURA = "303.4"
    ENCHANT = "702.5"
    FLYING = "702.9b"
    REACH = "702.17b"
    MENACE = "702.111b"
    BLOCKERS_UNTAPPED = "509.1a"
    BLOCK_RESTRICTIONS = "509.1b"
    BECOMES_BLOCKED_TRIGGER = "509.3c"
    PROVOKE = "702.39a"
    BLOCKED_BY_A_CREATURE_TRIGGER = "509.3d"
    KICKER_TARGETS = "702.33g"
    ANNOUNCE_COSTS = "601.2b"
    COPY_BESTOWED = "702.103c"
    BESTOW_UNATTACHED = "702.103f"
    BESTOW_AURA = "702.103b"
    BESTOW_CAST = "702.103a"
    BESTOW_CASTABLE = "702.103d"
    TYPE_SET = "205.1a"
    CAST_AS_THOUGH_FLASH = "601.3b"
    MANA_COLORS = "106.1a"
    MANA_REPLACEMENT_AMOUNT = "106.6a"
    PERMANENT_STATUS = "110.5"
    INTRINSIC_MANA = "305.6"
    SET_LAND_TYPE = "305.7"
    ATTACKERS = "508.1a"
    PUT_ATTACKING = "508.4c"
    DEFENDER = "702.3b"
    MANA_ABILITY = "605.1a"
    TRIGGERED_MANA_ABILITY = "605.1b"
    TRIGGERED_MANA_NO_STACK = "605.4a"
    REPLACEMENT_INSTEAD = "614.1a"
    REPLACEMENT_ORDER = "616.1"
    COLOR_IDENTITY = "903.4"
    NO_COMMANDER = "903.4f"
    SPELL_NOT_MANA_ABILITY = "605.5b"
    PAYMENT_MANA_ABILITIES = "601.2g"
    MANA_ABILITY_TIMING = "605.3a"
    GENERIC_MANA = "107.4b"
    COLORLESS_SYMBOL = "107.4c"
    HASTE_ATTACK = "702.10b"
    HASTE_TAP = "702.10c"
    CONVOKE_MEANING = "702.51a"
    CREW = "702.122"
    CREW_MEANING = "702.122a"
    ENTERS_UNTAPPED = "110.5b"
    ACTIVATE_WITH_PRIORITY = "117.1b"
    IMPROVISE_MEANING = "702.126a"
    SADDLE_MEANING = "702.171a"
    CONSPIRE_MEANING = "702.78a"
    STATUS_NOT_CHARACTERISTIC = "110.5a"
    STATUS_RETAINED = "110.5c"
    STACK_ABILITIES = "405.1"
    ABILITY_ZONES = "113.6"
    ATTACH = "701.3c"
    X_FREE = "107.3b"
    X_OFF_STACK = "107.3g"
    X_SAME = "107.3i"
    AURA_PUT = "303.4f"
    AURA_NOTHING = "303.4g"
    ONE_ALTERNATIVE_COST = "118.9a"
    X_ANNOUNCED = "107.3a"
    TAP_UNTAP = "701.26a"
    COPY_EXCEPTIONS = "707.9"
    COPY_GAINS = "707.9a"
    COPY_MODIFIED = "707.9b"
    COPY_EXCEPTION_EFFECT = "707.9e"
    COMBAT_TAP_STATUS = "506.4b"
    AURA_UNATTACHED = "704.5m"
    NOT_TARGETED = "115.10a"
    ACTIVATE_CONTROLLER = "602.2"
    UNEARTH = "702.84a"
    DASH = "702.109a"
    BLITZ = "702.152a"
    FOLLOW_INSTRUCTIONS = "608.2c"
    SPELL_BECOMES_CAST = "601.2i"
    AURA_ILLEGAL_OBJECT = "303.4c"
    AURA_CONTROL_SEPARATE = "303.4e"
    PROTECTION_ENCHANT = "702.16c"
    HEXPROOF_TARGETING = "702.11b"
    SHROUD_TARGETING = "702.18a"
    PROTECTION_TARGETING = "702.16b"
    AURA_SPELL_TARGET = "303.4a"
    ENCHANT_TARGETS = "702.5a"
    AFFECTED_SET_LOCKED = "611.2c"
    CASCADE = "702.85a"


class Step(Value):
    """One step of a ruling: the rule applied and what it did here.

    ``note`` is the engine's own plain-English account of this step, never
    rules text. ``card`` names a card whose official rulings bear on the step.
    ``reason`` and ``facts`` are the step as data: which reason the rule gave
    and the facts of the position it used; engine.render turns them into the note.
    """

    rule: Rule | None = None
    note: str
    card: str | None = None
    reason: str | None = None
    facts: tuple[tuple[str, str], ...] = ()


class Ruling(Value):
    """A verdict and the steps that lead to it; ``verdict`` is None when undecided."""

    verdict: str | None
    steps: tuple[Step, ...] = ()
    missing: tuple[str, ...] = ()

    @property
    def rules(self) -> tuple[Rule, ...]:
        seen: dict[Rule, None] = {}
        for step in self.steps:
            if step.rule is not None:
                seen.setdefault(step.rule, None)
        return tuple(seen)

    @property
    def cards(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for step in self.steps:
            if step.card:
                seen.setdefault(step.card, None)
        return tuple(seen)


class Trace:
    """Collects steps while a mechanic works, then yields the Ruling."""

    def __init__(self) -> None:
        self._steps: list[Step] = []

    def step(self, rule: Rule | None, note: str, card: str | None = None) -> None:
        self._steps.append(Step(rule=rule, note=note, card=card))

    def because(
        self, rule: Rule | None, reason: str, card: str | None = None, **facts: object
    ) -> None:
        """A structured step: ``reason`` with the ``facts`` it used, rendered to English."""
        from engine.render import render

        pairs = tuple((k, str(v)) for k, v in facts.items())
        self._steps.append(
            Step(rule=rule, note=render(reason, dict(pairs)), card=card, reason=reason, facts=pairs)
        )

    def extend(self, steps: tuple[Step, ...]) -> None:
        self._steps.extend(steps)

    def ruling(self, verdict: str | None, missing: tuple[str, ...] = ()) -> Ruling:
        return Ruling(verdict=verdict, steps=tuple(self._steps), missing=missing)
