"""Typed ability objects that oracle text parses into; mechanics work on these, never on raw text."""

from __future__ import annotations

from typing import Literal

from engine.effects import Effect, ManaValueCheck
from engine.mana import ManaCost
from engine.value import Value as _Value

Whose = Literal["you", "opponent", "any"]


class TapOthers(_Value):
    """A cost that taps permanents other than the source ("Tap an untapped creature you control")."""

    count: int = 1
    what: str = "creature"
    whose: Whose = "you"


class Cost(_Value):
    """An activation cost split into its parts."""

    mana: ManaCost = ManaCost()
    tap: bool = False
    untap: bool = False
    tap_others: TapOthers | None = None
    other: tuple[str, ...] = ()
    loyalty: str | None = None


class CouldProduce(_Value):
    """The 'that a land you control could produce' source of a mana ability (CR 106.7)."""

    whose: Whose = "you"
    what: str = "land"
    kind: Literal["type", "color"] = "type"


class ManaProduction(_Value):
    """What a mana ability adds.

    ``choice`` says how the mana is chosen:
    ``fixed`` adds ``symbols`` as written; ``one_of`` adds ``amount`` mana of one of
    ``symbols``; ``any_color``/``any_type`` add ``amount`` mana of a chosen color or
    type; ``could_produce`` uses ``could``; ``same_as_produced`` repeats the type
    a triggering land produced; ``combination`` adds ``amount`` in any mix of
    ``symbols``; ``each_color_among`` adds one mana of each color among ``among``
    (Faeburrow Elder).

    A ``one_of`` option may be several letters (``"WU"`` adds {W}{U}).
    ``per`` holds what a variable amount counts ("for each creature you
    control", "equal to this creature's power"); ``among`` limits a chosen
    color ("your commander's color identity"); ``or_chosen_color`` offers one
    mana of the chosen color besides ``symbols`` ("Add {B} or one mana of the
    chosen color").
    """

    choice: Literal[
        "fixed",
        "one_of",
        "any_color",
        "any_type",
        "could_produce",
        "same_as_produced",
        "combination",
        "chosen_color",
        "different_colors",
        "each_color_among",
    ]
    symbols: tuple[str, ...] = ()
    amount: int | Literal["X"] = 1
    could: CouldProduce | None = None
    per: str | None = None
    among: str | None = None
    or_chosen_color: bool = False
    # "If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead."
    instead: ManaProduction | None = None
    instead_if: str | None = None


class _Ability(_Value):
    text: str = ""


class KickerCost(_Value):
    mana: ManaCost | None = None
    other: str | None = None

    def __str__(self) -> str:
        if self.mana is not None and self.other:
            return f"{self.mana} and {self.other}"
        return str(self.mana) if self.mana is not None else str(self.other or "")


class Kicker(_Ability):
    """Kicker, "Kicker [A] and/or [B]" or multikicker (CR 702.33)."""

    kind: Literal["kicker"] = "kicker"
    costs: tuple[KickerCost, ...]
    multi: bool = False


class Target(_Value):
    """A 'target [what]' phrase; ``mana_value`` is its limit ("with mana value 3 or less")."""

    what: str
    count: int = 1
    mana_value: ManaValueCheck | None = None


class IfKicked(_Ability):
    """An effect that depends on the spell having been kicked (CR 702.33e-f).

    ``which`` is the index of a specific kicker cost ("kicked with its [A] kicker"),
    ``per_time`` marks "for each time it was kicked", ``instead`` marks
    "if this spell was kicked, ... instead", ``trigger`` says where it lives.
    ``negated`` marks "if it wasn't kicked"; ``times`` is "kicked twice".
    ``parsed`` is ``effect`` as data (what it does, how much, to what), for
    mechanics that must not read the words.
    """

    kind: Literal["if_kicked"] = "if_kicked"
    which: int | None = None
    per_time: bool = False
    instead: bool = False
    trigger: Literal["etb", "spell", "static", "other", "cast"] = "spell"
    targets: tuple[Target, ...] = ()
    effect: str = ""
    negated: bool = False
    times: int | None = None
    parsed: Effect | None = None


class EnchantmentEnters(_Ability):
    """A trigger on an enchantment entering (constellation and its kin).

    ``includes_self`` marks "Whenever this creature or another enchantment...";
    ``also`` lists other card types that trigger it too ("an artifact,
    creature, or enchantment"); ``extra`` is a second trigger event joined by
    "and whenever"; ``duration`` is "this turn" for delayed versions.
    """

    kind: Literal["enchantment_enters"] = "enchantment_enters"
    constellation: bool = False
    whose: Whose = "you"
    another: bool = False
    effect: str = ""
    includes_self: bool = False
    nontoken: bool = False
    one_or_more: bool = False
    also: tuple[str, ...] = ()
    extra: str = ""
    duration: str = ""


class Bestow(_Ability):
    kind: Literal["bestow"] = "bestow"
    cost: ManaCost


class Enchant(_Ability):
    """The enchant keyword of an Aura: what it can enchant (CR 702.5)."""

    kind: Literal["enchant"] = "enchant"
    what: str


class MustBeBlocked(_Ability):
    """'must be blocked if able' and its variants (CR 509.1c)."""

    kind: Literal["must_be_blocked"] = "must_be_blocked"
    subject: Literal["self", "target", "enchanted", "equipped", "each", "other"] = "self"
    by_all: bool = False
    duration: str = ""
    # "must be blocked by an Eldrazi if able": only a blocker of this type meets it.
    by_type: str = ""
    # "must be blocked by two or more creatures if able": met only by that many blockers.
    at_least: int = 1
    # "All creatures with flying able to block it do so", "All Walls able to block it do
    # so": only creatures with this keyword (or of this creature type) have the requirement.
    by_all_with: str = ""


class BlockRestriction(_Ability):
    """A restriction on blocking (CR 509.1b): "can't block", "can't be blocked except by
    creatures with flying or reach", "except by N or more creatures", "by more than one"."""

    kind: Literal["block_restriction"] = "block_restriction"
    subject: Literal["self", "target", "enchanted", "equipped", "each", "other"] = "self"
    cant_block: bool = False
    # "can't attack or block": the attack half is kept so the line is read whole.
    cant_attack: bool = False
    only_by: tuple[str, ...] = ()
    min_blockers: int = 1
    max_blockers: int | None = None
    duration: str = ""
    # "can block an additional creature each combat" (+1), "can block any number of
    # creatures" (None): how many more attackers it may block than one (CR 509.1a).
    extra_blocks: int | None = 0
    # "can block only creatures with flying": keywords one of which each attacker it blocks has.
    blocks_only: tuple[str, ...] = ()
    # "can't be blocked by creatures with power 2 or less" / "power 3 or greater".
    power_at_most: int | None = None
    power_at_least: int | None = None


class MustBlock(_Ability):
    """A requirement on a creature to block (CR 509.1c): "blocks each combat if able", and
    "All creatures block each combat if able" (``subject`` "each")."""

    kind: Literal["must_block"] = "must_block"
    subject: Literal["self", "target", "enchanted", "equipped", "each", "other"] = "self"
    duration: str = ""
    # Provoke's "blocks that creature this turn if able": only blocking this attacker meets it.
    attacker: str = ""
    # "attacks or blocks each combat if able": the attack half is kept so the line is read whole.
    attacks_too: bool = False


class Activated(_Ability):
    """An activated ability; ``mana`` is set when it is a mana ability (CR 605.1a)."""

    kind: Literal["activated"] = "activated"
    cost: Cost
    effect: str = ""
    mana: ManaProduction | None = None
    intrinsic: bool = False


class ManaReplacement(_Ability):
    """A replacement on mana production, e.g. Contamination's 'produces {B} instead'."""

    kind: Literal["mana_replacement"] = "mana_replacement"
    applies_to: str = "land"
    whose: Whose = "any"
    produces: ManaProduction
    # "instead of any other type and amount"; without "and amount" each mana keeps its place
    # and only its type changes (Pale Moon on Ancient Tomb still gives two).
    amount: bool = True


class ManaDoubling(_Ability):
    """'produces twice as much of that mana instead' (Mana Reflection)."""

    kind: Literal["mana_doubling"] = "mana_doubling"
    applies_to: str = "permanent"
    whose: Whose = "you"
    factor: int = 2


# A trigger's ``of_type`` for "mana of the chosen color", before a position says which.
CHOSEN_COLOR = "chosen color"


class TappedForManaTrigger(_Ability):
    """'Whenever a land is tapped for mana, its controller adds ...' (CR 106.12a)."""

    kind: Literal["tapped_for_mana_trigger"] = "tapped_for_mana_trigger"
    applies_to: str = "land"
    whose: Whose = "any"
    of_type: str | None = None
    adds: ManaProduction


class GrantedManaAbility(_Ability):
    """A static ability giving other permanents a mana ability (Chromatic Lantern)."""

    kind: Literal["granted_mana"] = "granted_mana"
    subject: str = "lands"
    whose: Whose = "you"
    ability: Activated


class LandTypeChange(_Ability):
    """A static ability that sets land types (Blood Moon, CR 305.7)."""

    kind: Literal["land_type_change"] = "land_type_change"
    subject: str = "nonbasic lands"
    new_type: str
    replaces: bool = True


class CostChange(_Ability):
    """'... cost {1} more/less to cast'; ``mana_value`` limits the spells it applies to
    ("with mana value 6 or greater")."""

    kind: Literal["cost_change"] = "cost_change"
    delta: int
    applies_to: str = "spells"
    whose: Whose = "any"
    condition: str = ""
    mana_value: ManaValueCheck | None = None


class Keyword(_Ability):
    """Any other keyword, kept by name (haste, convoke, crew 3, flying...)."""

    kind: Literal["keyword"] = "keyword"
    name: str
    amount: int | None = None
    cost: ManaCost | None = None
    detail: str = ""


Ability = (
    Kicker
    | IfKicked
    | EnchantmentEnters
    | Bestow
    | Enchant
    | MustBeBlocked
    | BlockRestriction
    | MustBlock
    | Activated
    | ManaReplacement
    | ManaDoubling
    | TappedForManaTrigger
    | GrantedManaAbility
    | LandTypeChange
    | CostChange
    | Keyword
)


class ParsedFace(_Value):
    """A face's abilities plus the oracle lines no parser understood, shown honestly."""

    name: str
    abilities: tuple[Ability, ...] = ()
    unparsed: tuple[str, ...] = ()


class SpellRule(_Value):
    """A line that cares what kind of spell or permanent something is: "You can't cast
    noncreature spells", "You may cast Aura spells as though they had flash", "Whenever you
    cast a creature spell", "Whenever another Human you control enters". ``qualities`` are
    the words any one of which the object needs ("noncreature"; "Aura", "Equipment")."""

    kind: Literal["cant_cast", "flash", "cast_trigger", "enters_trigger"]
    qualities: tuple[str, ...]
    whose: Whose = "you"
    another: bool = False
    text: str = ""
