"""The cases players reach, as positions and queries: each verdict and the rule that decides it."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import query as q
from engine.card import Card
from engine.mana import ManaType
from engine.model import GameState
from engine.ruling import Rule


def _card(name: str, type_line: str, text: str = "", cost: str = "", **extra: Any) -> Card:
    obj = {"name": name, "type_line": type_line, "oracle_text": text, "mana_cost": cost, **extra}
    return Card.from_scryfall(obj)


_CARDS = [
    _card("Blaze", "Sorcery", "Blaze deals X damage to any target.", "{X}{R}"),
    _card("Hangarback Walker", "Artifact Creature — Construct", "", "{X}{X}"),
    _card(
        "Ana Battlemage",
        "Creature — Human Wizard",
        "Kicker {2}{U} and/or {1}{B}\nWhen this creature enters, if it was kicked with its {2}{U} "
        "kicker, target player discards three cards.",
        "{2}{G}",
    ),
    _card("Verdeloth the Ancient", "Legendary Creature — Treefolk", "Kicker {X}", "{4}{G}{G}"),
    _card(
        "Everflowing Chalice",
        "Artifact",
        "Multikicker {2}\nThis artifact enters with a charge counter on it for each time it was "
        "kicked.\n{T}: Add {C} for each charge counter on this artifact.",
        "{0}",
    ),
    _card(
        "Gatekeeper of Malakir",
        "Creature — Vampire Warrior",
        "Kicker {B}\nWhen this creature enters, if it was kicked, target player sacrifices a "
        "creature.",
        "{B}{B}",
    ),
    _card(
        "Clone",
        "Creature — Shapeshifter",
        "You may have Clone enter as a copy of any creature on the battlefield.",
        "{3}{U}",
    ),
    _card(
        "Eidolon of Blossoms",
        "Enchantment Creature — Spirit",
        "Constellation — Whenever Eidolon of Blossoms or another enchantment you control enters, "
        "draw a card.",
        "{2}{G}{G}",
    ),
    _card(
        "Doomwake Giant",
        "Enchantment Creature — Giant",
        "Constellation — Whenever Doomwake Giant or another enchantment you control enters, "
        "creatures your opponents control get -1/-1 until end of turn.",
        "{4}{B}",
    ),
    _card(
        "Boon Satyr",
        "Enchantment Creature — Satyr",
        "Flash\nBestow {3}{G}{G}\nEnchanted creature gets +4/+2.",
        "{1}{G}{G}",
    ),
    _card(
        "Rancor",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +2/+0 and has trample.",
        "{G}",
    ),
    _card(
        "Cartouche of Solidarity",
        "Enchantment — Aura Cartouche",
        "Enchant creature you control\nEnchanted creature gets +1/+1 and has first strike.",
        "{W}",
    ),
    _card("Grizzly Bears", "Creature — Bear", "", "{1}{G}", power="2", toughness="2"),
    _card("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}.", "{G}"),
    _card("Millikin", "Artifact Creature — Construct", "{T}, Mill a card: Add {C}.", "{2}"),
    _card(
        "Mutavault",
        "Land",
        "{T}: Add {C}.\n{1}: This land becomes a 2/2 creature with all creature types until end "
        "of turn. It's still a land.",
    ),
    _card(
        "Paradise Mantle",
        "Artifact — Equipment",
        'Equipped creature has "{T}: Add one mana of any color."\nEquip {1}',
        "{0}",
    ),
    _card(
        "Mana Aura",
        "Enchantment — Aura",
        'Enchant creature\nEnchanted creature has "{T}: Add {G}{G}."',
        "{1}{G}",
    ),
    _card(
        "Thousand-Year Elixir",
        "Artifact",
        "You may activate abilities of creatures you control as though those creatures had "
        "haste.\n{1}, {T}: Untap target creature.",
        "{3}",
    ),
    _card(
        "Marwyn, the Nurturer",
        "Legendary Creature — Elf Druid",
        "{T}: Add an amount of {G} equal to Marwyn's power.",
        "{2}{G}",
        power="1",
        toughness="1",
    ),
    _card(
        "Treasure",
        "Token Artifact — Treasure",
        "{T}, Sacrifice this artifact: Add one mana of any color.",
        layout="token",
    ),
    _card("Blood Pet", "Creature — Thrull", "Sacrifice Blood Pet: Add {B}.", "{B}"),
    _card("Forest", "Basic Land — Forest", "({T}: Add {G}.)"),
    _card("Swamp", "Basic Land — Swamp", "({T}: Add {B}.)"),
    _card(
        "Sulfurous Springs",
        "Land",
        "{T}: Add {C}.\n{T}: Add {B} or {R}. This land deals 1 damage to you.",
    ),
    _card("Blood Moon", "Enchantment", "Nonbasic lands are Mountains.", "{2}{R}"),
    _card(
        "Dryad Arbor",
        "Land Creature — Forest Dryad",
        "(This land isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add "
        '{G}.")',
    ),
    _card(
        "Mana Reflection",
        "Enchantment",
        "If you tap a permanent for mana, it produces twice as much of that mana instead.",
        "{4}{G}{G}",
    ),
    _card(
        "Zendikar Resurgent",
        "Enchantment",
        "Whenever you tap a land for mana, add one mana of any type that land produced.\n"
        "Whenever you cast a creature spell, draw a card.",
        "{5}{G}{G}",
    ),
    _card(
        "Reflecting Pool",
        "Land",
        "{T}: Add one mana of any type that a land you control could produce.",
    ),
]
_CARDS += [
    _card(
        "Burst Lightning",
        "Instant",
        "Kicker {4}\nBurst Lightning deals 2 damage to any target. If this spell was kicked, it "
        "deals 4 damage instead.",
        "{R}",
    ),
    _card(
        "Chocobo Kick",
        "Sorcery",
        "Kicker—Return a land you control to its owner's hand.\nTarget creature you control deals "
        "damage equal to its power to target creature an opponent controls. If this spell was "
        "kicked, the creature you control deals twice that much damage instead.",
        "{1}{G}",
    ),
    _card(
        "Archangel of Wrath",
        "Creature — Angel",
        "Kicker {B} and/or {R}\nFlying, lifelink\nWhen this creature enters, if it was kicked, it "
        "deals 2 damage to any target.\nWhen this creature enters, if it was kicked twice, it "
        "deals 2 damage to any target.",
        "{2}{W}{W}",
    ),
    _card(
        "Apex Hawks",
        "Creature — Bird",
        "Multikicker {1}{W}\nFlying\nThis creature enters with a +1/+1 counter on it for each "
        "time it was kicked.",
        "{2}{W}",
    ),
    _card(
        "Kavu Titan",
        "Creature — Kavu",
        "Kicker {2}{G}\nIf this creature was kicked, it enters with three +1/+1 counters on it "
        "and with trample.",
        "{1}{G}",
    ),
    _card(
        "Orim's Thunder",
        "Instant",
        "Kicker {R}\nDestroy target artifact or enchantment. If this spell was kicked, it deals "
        "damage equal to that permanent's mana value to target creature.",
        "{2}{W}",
    ),
    _card(
        "Jilt",
        "Instant",
        "Kicker {1}{R}\nReturn target creature to its owner's hand. If this spell was kicked, it "
        "deals 2 damage to another target creature.",
        "{1}{U}",
    ),
    _card(
        "Comet Storm",
        "Instant",
        "Multikicker {1}\nChoose any target, then choose another target for each time this "
        "spell was kicked. Comet Storm deals X damage to each of them.",
        "{X}{R}{R}",
    ),
    _card(
        "Fight with Fire",
        "Sorcery",
        "Kicker {5}{R}\nFight with Fire deals 5 damage to target creature. If this spell was "
        "kicked, it deals 10 damage divided as you choose among any number of targets instead.",
        "{2}{R}",
    ),
    _card(
        "Prohibit",
        "Instant",
        "Kicker {2}\nCounter target spell if its mana value is 2 or less. If this spell was "
        "kicked, counter that spell if its mana value is 4 or less instead.",
        "{1}{U}",
    ),
    _card(
        "Krosan Drover",
        "Creature — Elf",
        "Creature spells you cast with mana value 6 or greater cost {2} less to cast.",
        "{3}{G}",
    ),
    _card("Sol Ring", "Artifact", "{T}: Add {C}{C}.", "{1}"),
    _card(
        "Thalia, Guardian of Thraben",
        "Legendary Creature — Human Soldier",
        "First strike\nNoncreature spells cost {1} more to cast.",
        "{1}{W}",
    ),
    _card(
        "Spark Double",
        "Creature — Illusion",
        "You may have this creature enter as a copy of a creature or planeswalker you control, "
        "except it enters with an additional +1/+1 counter on it if it's a creature, it enters "
        "with an additional loyalty counter on it if it's a planeswalker, and it isn't "
        "legendary.",
        "{3}{U}",
    ),
    _card(
        "Phantasmal Image",
        "Creature — Illusion",
        "You may have this creature enter as a copy of any creature on the battlefield, except "
        "it's an Illusion in addition to its other types and it has \"When this creature becomes "
        'the target of a spell or ability, sacrifice it."',
        "{1}{U}",
    ),
    _card(
        "Nyxbloom Ancient",
        "Enchantment Creature — Elemental",
        "Trample\nIf you tap a permanent for mana, it produces three times as much of that mana "
        "instead.",
        "{4}{G}{G}{G}",
    ),
    _card(
        "Nantuko Shade",
        "Creature — Insect Shade",
        "{B}: This creature gets +1/+1 until end of turn.",
        "{B}{B}",
        power="2",
        toughness="1",
    ),
    _card(
        "Gift of Paradise",
        "Enchantment — Aura",
        'Enchant land\nWhen this Aura enters, you gain 3 life.\nEnchanted land has "{T}: Add '
        'two mana of any one color."',
        "{2}{G}",
    ),
    _card(
        "Mind Stone",
        "Artifact",
        "{T}: Add {C}.\n{1}, {T}, Sacrifice this artifact: Draw a card.",
        "{2}",
    ),
]
_CARDS += [
    _card(
        "Instill Energy",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature can attack as though it had haste.\n{0}: Untap "
        "enchanted creature. Activate only during your turn and only once each turn.",
        "{G}",
    ),
    _card(
        "Order of Whiteclay",
        "Creature — Human Cleric",
        "{1}{W}{W}, {Q}: Return target creature card with mana value 3 or less from your "
        "graveyard to the battlefield.",
        "{1}{W}{W}",
    ),
]
_CARDS += [
    _card(
        "Bloodchief's Thirst",
        "Sorcery",
        "Kicker {2}{B}\nDestroy target creature or planeswalker with mana value 2 or less. If "
        "this spell was kicked, instead destroy target creature or planeswalker.",
        "{B}",
    ),
    _card("Master of Death", "Creature — Zombie Wizard", "", "{1}{U}{B}"),
    _card(
        "Dynaheir, Invoker Adept",
        "Legendary Creature — Human Wizard",
        "Haste\nYou may activate abilities of other creatures you control as though those "
        "creatures had haste.",
        "{1}{U}{R}{W}",
    ),
]
POOL = {c.name: c for c in _CARDS}

ATTACK = "you: Bear[type=Creature|attacking{a}]; opponent: {b}"

CASES: list[tuple[str, str, q.Query, str | None, Rule]] = [
    # (case, position, query, verdict, a rule the ruling must cite)
    # -- X and mana value (107.3, 202.3)
    ("x on the stack", "stack: Blaze[x=4]", q.ManaValue(object="Blaze"), "5", Rule.MANA_VALUE_X),
    (
        "x in a graveyard",
        "stack: Blaze[x=4]",
        q.ManaValue(object="Blaze", zone="graveyard"),
        "1",
        Rule.X_OFF_STACK,
    ),
    (
        "x on a permanent",
        "you: Hangarback Walker[x=3]",
        q.ManaValue(object="Hangarback Walker"),
        "0",
        Rule.MANA_VALUE_X,
    ),
    (
        "kicker leaves mana value alone",
        "stack: Ana Battlemage[kicked=0+1]",
        q.ManaValue(object="Ana Battlemage"),
        "3",
        Rule.MANA_VALUE,
    ),
    (
        "x unannounced",
        "stack: Blaze",
        q.ManaValue(object="Blaze"),
        None,
        Rule.MANA_VALUE_X,
    ),
    # -- casting without paying the mana cost (107.3b, 118.9d)
    (
        "free with x in the mana cost",
        "stack: Blaze[x=5|free]",
        q.TotalCost(spell="Blaze"),
        "{0}",
        Rule.X_FREE,
    ),
    (
        "free with kicker {X}",
        "stack: Verdeloth the Ancient[kicked|x=3|free]",
        q.TotalCost(spell="Verdeloth the Ancient"),
        "{3}",
        Rule.ALT_COST_PLUS_ADDITIONAL,
    ),
    (
        "kicker {X}, paid with the mana cost",
        "stack: Verdeloth the Ancient[kicked|x=2]",
        q.TotalCost(spell="Verdeloth the Ancient"),
        "{6}{G}{G}",
        Rule.X_CHOSEN,
    ),
    (
        "free, kicked",
        "stack: Gatekeeper of Malakir[kicked|free]",
        q.TotalCost(spell="Gatekeeper of Malakir"),
        "{B}",
        Rule.ALT_COST_PLUS_ADDITIONAL,
    ),
    (
        "both kickers",
        "stack: Ana Battlemage[kicked=0+1]",
        q.TotalCost(spell="Ana Battlemage"),
        "{5}{G}{U}{B}",
        Rule.TOTAL_COST,
    ),
    # -- copies (707.10, 707.2)
    (
        "copy of a kicked spell",
        "stack: Ana Battlemage[kicked=0+1]",
        q.CopySpell(spell="Ana Battlemage"),
        "yes",
        Rule.COPY_SPELL,
    ),
    (
        "opponent copies my kicked spell",
        "stack: Ana Battlemage[kicked=1|by=opponent]",
        q.CopySpell(spell="Ana Battlemage"),
        "yes",
        Rule.COPY_SPELL,
    ),
    (
        "copy of an unkicked spell",
        "stack: Gatekeeper of Malakir",
        q.CopySpell(spell="Gatekeeper of Malakir"),
        "no",
        Rule.COPY_SPELL,
    ),
    (
        "copy keeps x",
        "stack: Blaze[x=4]",
        q.CopySpell(spell="Blaze", ask="x"),
        "4",
        Rule.COPY_SPELL,
    ),
    (
        "copy's mana value",
        "stack: Blaze[x=4]",
        q.CopySpell(spell="Blaze", ask="mana_value"),
        "5",
        Rule.MANA_VALUE_X,
    ),
    (
        "a copy on the stack is kicked",
        "stack: Gatekeeper of Malakir[kicked], Gatekeeper of Malakir[copy|kicked]",
        q.IsKicked(object="Gatekeeper of Malakir #2"),
        "yes",
        Rule.COPY_SPELL,
    ),
    (
        "entering as a copy isn't kicked",
        "you: Gatekeeper of Malakir[kicked]",
        q.EntersAsCopy(original="Gatekeeper of Malakir", name="Clone"),
        "no",
        Rule.COPY_VALUES,
    ),
    (
        "multikicked three times",
        "stack: Everflowing Chalice[kicked=0+0+0]",
        q.IsKicked(object="Everflowing Chalice", times=True),
        "3",
        Rule.KICKED,
    ),
    # -- constellation (603.2, 603.6a)
    (
        "token made for you",
        "you: Eidolon of Blossoms, Spirit[type=Enchantment Creature — Spirit|token]",
        q.Triggers(entering=("Spirit",), how="token", watcher="Eidolon of Blossoms"),
        "1",
        Rule.TRIGGER_EVENT,
    ),
    (
        "token made for an opponent",
        "you: Eidolon of Blossoms; opponent: Spirit[type=Enchantment|token]",
        q.Triggers(entering=("Spirit",), how="token", watcher="Eidolon of Blossoms"),
        "0",
        Rule.TRIGGER_EVENT,
    ),
    (
        "returned under its owner's control",
        "you: Eidolon of Blossoms, Doomwake Giant",
        q.Triggers(entering=("Doomwake Giant",), how="flicker", watcher="Eidolon of Blossoms"),
        "1",
        Rule.NEW_OBJECT,
    ),
    (
        "from an opponent's graveyard",
        "you: Eidolon of Blossoms, Doomwake Giant[owner=opponent]",
        q.Triggers(entering=("Doomwake Giant",), how="reanimate", watcher="Eidolon of Blossoms"),
        "1",
        Rule.TRIGGER_EVENT,
    ),
    (
        "entering as a copy of an enchantment",
        "you: Eidolon of Blossoms, Clone[copy=Doomwake Giant|type=Enchantment Creature — Giant]; "
        "opponent: Doomwake Giant",
        q.Triggers(entering=("Clone",), how="copy", watcher="Eidolon of Blossoms"),
        "1",
        Rule.TRIGGER_EVENT,
    ),
    (
        "becoming an enchantment",
        "you: Eidolon of Blossoms, Grizzly Bears[type=Enchantment Creature — Bear]",
        q.Triggers(entering=("Grizzly Bears",), how="becomes"),
        "0",
        Rule.SIMULTANEOUS_ENTER,
    ),
    (
        "newcomers see each other",
        "you: Eidolon of Blossoms[new], Doomwake Giant[new]",
        q.Triggers(entering=("Eidolon of Blossoms", "Doomwake Giant")),
        "4",
        Rule.SIMULTANEOUS_ENTER,
    ),
    # -- bestow (702.103) and Aura spells (608.3b)
    (
        "bestowed onto a legal target",
        "you: Grizzly Bears; stack: Boon Satyr[bestowed|targets=Grizzly Bears]",
        q.ResolveAura(),
        "yes",
        Rule.RESOLVE_PERMANENT,
    ),
    (
        "bestowed, target gone",
        "stack: Boon Satyr[bestowed|targets=Grizzly Bears]",
        q.ResolveAura(),
        "yes",
        Rule.BESTOW_ILLEGAL_TARGET,
    ),
    (
        "bestowed, target gone, enters as a creature and triggers",
        "you: Eidolon of Blossoms; stack: Boon Satyr[bestowed|targets=Grizzly Bears]",
        q.Triggers(spell="Boon Satyr", watcher="Eidolon of Blossoms"),
        "1",
        Rule.BESTOW_ILLEGAL_TARGET,
    ),
    (
        "a bestowed Aura isn't a creature",
        "you: Grizzly Bears, Boon Satyr[bestowed|attached=Grizzly Bears]",
        q.BestowStatus(permanent="Boon Satyr"),
        "no",
        Rule.BESTOW,
    ),
    (
        "unattached, it is a creature",
        "you: Boon Satyr[bestowed]",
        q.BestowStatus(permanent="Boon Satyr"),
        "yes",
        Rule.BESTOW_UNATTACHED,
    ),
    (
        "only a cast spell is bestowed",
        "you: Grizzly Bears; stack: Boon Satyr[bestowed|notcast|targets=Grizzly Bears]",
        q.ResolveAura(),
        "yes",
        Rule.BESTOW,
    ),
    (
        "a copy of a bestowed spell is bestowed",
        "you: Grizzly Bears; stack: Boon Satyr[bestowed|targets=Grizzly Bears]",
        q.CopySpell(spell="Boon Satyr"),
        "no",
        Rule.COPY_BESTOWED,
    ),
    (
        "Aura, target gained hexproof",
        "opponent: Grizzly Bears[hexproof]; stack: Rancor[targets=Grizzly Bears]",
        q.ResolveAura(),
        "no",
        Rule.AURA_ILLEGAL_TARGET,
    ),
    (
        "Aura, my own hexproof creature",
        "you: Grizzly Bears[hexproof]; stack: Rancor[targets=Grizzly Bears]",
        q.ResolveAura(),
        "yes",
        Rule.RESOLVE_PERMANENT,
    ),
    (
        "Aura, target changed control",
        "opponent: Grizzly Bears; stack: Cartouche of Solidarity[targets=Grizzly Bears]",
        q.ResolveAura(),
        "no",
        Rule.AURA_ILLEGAL_TARGET,
    ),
    (
        "Aura, target gone",
        "stack: Rancor[targets=Grizzly Bears]",
        q.ResolveAura(),
        "no",
        Rule.AURA_ILLEGAL_TARGET,
    ),
    # -- Auras put onto the battlefield (303.4f, 303.4g)
    (
        "put onto the battlefield, hexproof doesn't matter",
        "you: Rancor; opponent: Grizzly Bears[hexproof]",
        q.PutAura(aura="Rancor"),
        "Grizzly Bears",
        Rule.AURA_PUT,
    ),
    (
        "put onto the battlefield, nothing to enchant",
        "you: Rancor, Forest",
        q.PutAura(aura="Rancor"),
        "no",
        Rule.AURA_NOTHING,
    ),
    (
        "put onto the battlefield, a choice",
        "you: Rancor, Grizzly Bears, Llanowar Elves",
        q.PutAura(aura="Rancor"),
        None,
        Rule.AURA_PUT,
    ),
    # -- blocking (509.1)
    (
        "must be blocked",
        ATTACK.format(a="|must-be-blocked", b="Wall[type=Creature], Ox[type=Creature]"),
        q.BlockRequirements(ask="min_blockers"),
        "1",
        Rule.BLOCK_REQUIREMENTS,
    ),
    (
        "all able to block it do so",
        ATTACK.format(a="|lure", b="Wall[type=Creature], Ox[type=Creature]"),
        q.BlockRequirements(ask="all_must_block"),
        "yes",
        Rule.BLOCK_REQUIREMENTS,
    ),
    (
        "blocks each combat if able",
        ATTACK.format(a="", b="Wall[type=Creature|blocks-each-combat]"),
        q.BlockRequirements(ask="must_block", blocker="Wall"),
        "yes",
        Rule.BLOCK_REQUIREMENTS,
    ),
    (
        "blocks each combat, but tapped",
        ATTACK.format(a="", b="Wall[type=Creature|blocks-each-combat|tapped]"),
        q.BlockRequirements(ask="obeyed"),
        "0",
        Rule.BLOCKERS_UNTAPPED,
    ),
    (
        "flying",
        ATTACK.format(a="|flying|must-be-blocked", b="Wall[type=Creature]"),
        q.BlockRequirements(ask="min_blockers"),
        "0",
        Rule.FLYING,
    ),
    (
        "reach",
        ATTACK.format(a="|flying|must-be-blocked", b="Spider[type=Creature|reach]"),
        q.BlockRequirements(ask="min_blockers"),
        "1",
        Rule.BLOCK_REQUIREMENTS,
    ),
    (
        "menace with one blocker",
        ATTACK.format(a="|menace|must-be-blocked", b="Wall[type=Creature]"),
        q.BlockRequirements(ask="min_blockers"),
        "0",
        Rule.MENACE,
    ),
    (
        "menace with two blockers",
        ATTACK.format(a="|menace|must-be-blocked", b="Wall[type=Creature], Ox[type=Creature]"),
        q.BlockRequirements(ask="min_blockers"),
        "2",
        Rule.MENACE,
    ),
    (
        "can't block",
        ATTACK.format(a="|must-be-blocked", b="Wall[type=Creature|cant-block]"),
        q.BlockRequirements(ask="min_blockers"),
        "0",
        Rule.BLOCK_RESTRICTIONS,
    ),
    (
        "several attackers, fewer blockers",
        "you: Bear[type=Creature|attacking|must-be-blocked], "
        "Elk[type=Creature|attacking|must-be-blocked]; opponent: Wall[type=Creature]",
        q.BlockRequirements(ask="obeyed"),
        "1",
        Rule.BLOCK_REQUIREMENTS,
    ),
    (
        "lure and must-be-blocked together",
        "you: Bear[type=Creature|attacking|lure], Drake[type=Creature|attacking|flying|"
        "must-be-blocked]; opponent: Wall[type=Creature], Spider[type=Creature|reach]",
        q.BlockRequirements(ask="must_block", attacker="Drake", blocker="Spider"),
        "no",
        Rule.BLOCK_REQUIREMENTS,
    ),
    (
        "the best declaration is legal",
        ATTACK.format(a="|lure", b="Wall[type=Creature], Ox[type=Creature]"),
        q.BlockRequirements(ask="legal", assignment=(("Wall", "Bear"), ("Ox", None))),
        "no",
        Rule.BLOCK_REQUIREMENTS,
    ),
    # -- {T} and summoning sickness (302.6, 702.10)
    (
        "artifact creature",
        "you: Millikin[new]",
        q.CanActivate(permanent="Millikin", ability=0),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "animated land",
        "you: Mutavault[new|+type=Creature]",
        q.CanActivate(permanent="Mutavault", symbol="T"),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "land that isn't animated",
        "you: Mutavault[new]",
        q.CanActivate(permanent="Mutavault", symbol="T"),
        "yes",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "crewed Vehicle's own {T}",
        "you: Copter[type=Artifact Creature — Vehicle|new]",
        q.CanActivate(permanent="Copter", symbol="T"),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "ability granted by Equipment",
        "you: Grizzly Bears[new], Paradise Mantle[attached=Grizzly Bears]",
        q.CanActivate(permanent="Grizzly Bears", ability=0),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "ability granted by Equipment, old creature",
        "you: Grizzly Bears, Paradise Mantle[attached=Grizzly Bears]",
        q.CanActivate(permanent="Grizzly Bears", ability=0),
        "yes",
        Rule.TAP_SYMBOL,
    ),
    (
        "ability granted by an Aura",
        "you: Grizzly Bears[new], Mana Aura[attached=Grizzly Bears]",
        q.CanActivate(permanent="Grizzly Bears", ability=0),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "mana from an ability an Aura grants",
        "you: Grizzly Bears, Mana Aura[attached=Grizzly Bears]",
        q.Produces(permanent="Grizzly Bears"),
        "2",
        Rule.TAPPED_FOR_MANA,
    ),
    (
        "as though it had haste: abilities",
        "you: Llanowar Elves[new], Thousand-Year Elixir",
        q.CanActivate(permanent="Llanowar Elves", ability=0),
        "yes",
        Rule.HASTE_TAP,
    ),
    (
        "as though it had haste: not attacking",
        "you: Llanowar Elves[new], Thousand-Year Elixir",
        q.CanAttack(permanent="Llanowar Elves"),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "haste: attacking",
        "you: Grizzly Bears[new|haste]",
        q.CanAttack(permanent="Grizzly Bears"),
        "yes",
        Rule.HASTE_ATTACK,
    ),
    (
        "an extra beginning phase isn't a new turn",
        "you: Llanowar Elves[new]",
        q.CanActivate(permanent="Llanowar Elves", ability=0, phase="extra_beginning"),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "an effect taps it",
        "you: Llanowar Elves[new]",
        q.TappedByEffect(permanent="Llanowar Elves"),
        "yes",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "tapped for convoke",
        "you: Llanowar Elves[new]",
        q.TapForCost(permanent="Llanowar Elves", via="convoke"),
        "yes",
        Rule.CONVOKE_MEANING,
    ),
    (
        "blocking while new",
        "you: Grizzly Bears[new]",
        q.CanBlock(permanent="Grizzly Bears"),
        "yes",
        Rule.SUMMONING_SICKNESS,
    ),
    # -- mana (106, 605, 616.1)
    (
        "amount from power with counters",
        "you: Marwyn, the Nurturer[counter=+1/+1:2]",
        q.Produces(permanent="Marwyn, the Nurturer"),
        "3",
        Rule.TAPPED_FOR_MANA,
    ),
    (
        "amount from charge counters",
        "you: Everflowing Chalice[counter=charge:3]",
        q.Produces(permanent="Everflowing Chalice"),
        "3",
        Rule.TAPPED_FOR_MANA,
    ),
    (
        "two doublers",
        "you: Forest, Mana Reflection, Mana Reflection",
        q.Produces(permanent="Forest"),
        "4",
        Rule.TAPPED_FOR_MANA_REPLACEMENT,
    ),
    (
        "Treasure's {T}, sacrifice",
        "you: Treasure",
        q.IsTappedForMana(permanent="Treasure"),
        "yes",
        Rule.TAPPED_FOR_MANA,
    ),
    (
        "a mana ability without {T}",
        "you: Blood Pet",
        q.IsTappedForMana(permanent="Blood Pet"),
        "no",
        Rule.TAPPED_FOR_MANA,
    ),
    ("colorless isn't a color", "", q.IsColor(mana=ManaType.C), "no", Rule.MANA_COLORS),
    (
        "Blood Moon on a nonbasic land",
        "you: Sulfurous Springs, Blood Moon",
        q.CouldProduce(permanent="Sulfurous Springs"),
        "R",
        Rule.SET_LAND_TYPE,
    ),
    (
        "Blood Moon on a land creature",
        "you: Dryad Arbor, Blood Moon",
        q.CouldProduce(permanent="Dryad Arbor"),
        "R",
        Rule.SET_LAND_TYPE,
    ),
    (
        "granted by Equipment, could produce",
        "you: Grizzly Bears, Paradise Mantle[attached=Grizzly Bears]",
        q.CouldProduce(permanent="Grizzly Bears"),
        "WUBRG",
        Rule.COULD_PRODUCE,
    ),
    (
        "any type that land produced",
        "you: Reflecting Pool, Swamp, Zendikar Resurgent",
        q.Produces(permanent="Reflecting Pool", choose=ManaType.B),
        "2",
        Rule.TAPPED_FOR_MANA_TRIGGER,
    ),
]


EFFECT_CASES: list[tuple[str, str, q.Query, str | None, Rule]] = [
    # -- effects as data: "instead", kicked-only parts, per-kick amounts (702.33, 614.1a)
    (
        "kicked, instead",
        "stack: Burst Lightning[kicked]",
        q.EffectAmount(object="Burst Lightning", verb="damage"),
        "4",
        Rule.REPLACEMENT_INSTEAD,
    ),
    (
        "unkicked, the base effect",
        "stack: Burst Lightning",
        q.EffectAmount(object="Burst Lightning", verb="damage"),
        "2",
        Rule.KICKER_LINKED,
    ),
    (
        "a trigger's kicked condition follows its trigger clause",
        "stack: Archangel of Wrath",
        q.EffectAmount(object="Archangel of Wrath", verb="damage"),
        "0",
        Rule.KICKER_LINKED,
    ),
    (
        "an 'instead' not read as an amount decides nothing",
        "stack: Chocobo Kick[kicked]",
        q.EffectAmount(object="Chocobo Kick", verb="damage"),
        None,
        Rule.REPLACEMENT_INSTEAD,
    ),
    (
        "kicked once, only the kicked trigger",
        "stack: Archangel of Wrath[kicked=1]",
        q.EffectAmount(object="Archangel of Wrath", verb="damage"),
        "2",
        Rule.KICKER_LINKED,
    ),
    (
        "kicked twice, both triggers",
        "stack: Archangel of Wrath[kicked=0+1]",
        q.EffectAmount(object="Archangel of Wrath", verb="damage"),
        "4",
        Rule.KICKER_LINKED,
    ),
    (
        "counters for each time it was kicked",
        "stack: Apex Hawks[kicked=0+0+0]",
        q.EffectAmount(object="Apex Hawks"),
        "3",
        Rule.KICKED,
    ),
    (
        "enters with counters only if kicked",
        "you: Kavu Titan",
        q.EffectAmount(object="Kavu Titan", verb="counters"),
        "0",
        Rule.KICKER_LINKED,
    ),
    (
        "kicked, enters with counters",
        "you: Kavu Titan[kicked]",
        q.EffectAmount(object="Kavu Titan", verb="counters"),
        "3",
        Rule.KICKER_LINKED,
    ),
    (
        "damage equal to the target's mana value",
        "you: Sol Ring, Grizzly Bears; stack: Orim's Thunder[kicked|targets=Sol Ring]",
        q.EffectAmount(object="Orim's Thunder", verb="damage"),
        "1",
        Rule.MANA_VALUE,
    ),
    (
        "damage from X",
        "stack: Comet Storm[x=3]",
        q.EffectAmount(object="Comet Storm", verb="damage"),
        "3",
        Rule.X_CHOSEN,
    ),
    # -- targets that exist only when kicked (702.33g)
    (
        "unkicked, no kicked-only target",
        "stack: Jilt",
        q.SpellTargets(spell="Jilt"),
        "1",
        Rule.KICKER_TARGETS,
    ),
    (
        "kicked, the kicked-only target too",
        "stack: Jilt[kicked]",
        q.SpellTargets(spell="Jilt"),
        "2",
        Rule.KICKER_TARGETS,
    ),
    (
        "another target for each time it was kicked",
        "stack: Comet Storm[kicked=0+0|x=2]",
        q.SpellTargets(spell="Comet Storm"),
        "3",
        Rule.KICKED,
    ),
    (
        "kicked, any number of targets instead",
        "stack: Fight with Fire[kicked]",
        q.SpellTargets(spell="Fight with Fire"),
        None,
        Rule.KICKER_TARGETS,
    ),
    (
        "unkicked, one target",
        "stack: Fight with Fire",
        q.SpellTargets(spell="Fight with Fire"),
        "1",
        Rule.KICKER_TARGETS,
    ),
    (
        "kicked, instead a target without the mana value limit",
        "opponent: Master of Death; stack: Bloodchief's Thirst[kicked]",
        q.CanTarget(spell="Bloodchief's Thirst", target="Master of Death"),
        "yes",
        Rule.REPLACEMENT_INSTEAD,
    ),
    (
        "unkicked, the target's mana value is too high",
        "opponent: Master of Death; stack: Bloodchief's Thirst",
        q.CanTarget(spell="Bloodchief's Thirst", target="Master of Death"),
        "no",
        Rule.MANA_VALUE,
    ),
    (
        "unkicked, within the mana value limit",
        "opponent: Grizzly Bears; stack: Bloodchief's Thirst",
        q.CanTarget(spell="Bloodchief's Thirst", target="Grizzly Bears"),
        "yes",
        Rule.MANA_VALUE,
    ),
    # -- mana value comparisons (202.3, 107.3)
    (
        "kicked Prohibit, X counts on the stack",
        "stack: Hangarback Walker[x=2], Prohibit[kicked]",
        q.EffectRequires(source="Prohibit", object="Hangarback Walker"),
        "yes",
        Rule.MANA_VALUE_X,
    ),
    (
        "unkicked Prohibit",
        "stack: Hangarback Walker[x=2], Prohibit",
        q.EffectRequires(source="Prohibit", object="Hangarback Walker"),
        "no",
        Rule.MANA_VALUE_X,
    ),
    (
        "mana value 3 or less off the stack",
        "stack: Hangarback Walker[x=5]",
        q.ManaValueCompare(
            object="Hangarback Walker", check="mana value 3 or less", zone="graveyard"
        ),
        "yes",
        Rule.X_OFF_STACK,
    ),
    (
        "mana value 5 or greater on the stack",
        "stack: Blaze[x=4]",
        q.ManaValueCompare(object="Blaze", check="mana value 5 or greater"),
        "yes",
        Rule.MANA_VALUE_X,
    ),
    (
        "cost reduction for mana value 6 or greater, X counts",
        "you: Krosan Drover; stack: Hangarback Walker[x=4]",
        q.TotalCost(spell="Hangarback Walker"),
        "{6}",
        Rule.MANA_VALUE_X,
    ),
    (
        "cost reduction for mana value 6 or greater, too small",
        "you: Krosan Drover; stack: Hangarback Walker[x=2]",
        q.TotalCost(spell="Hangarback Walker"),
        "{4}",
        Rule.MANA_VALUE_X,
    ),
    # -- entering as a copy, with exceptions (707.9)
    (
        "copy that isn't legendary",
        "you: Thalia, Guardian of Thraben, Spark Double[copy=Thalia, Guardian of Thraben]",
        q.CopyValues(permanent="Spark Double"),
        "no",
        Rule.COPY_MODIFIED,
    ),
    (
        "copy without exceptions stays legendary",
        "you: Thalia, Guardian of Thraben, Clone[copy=Thalia, Guardian of Thraben]",
        q.CopyValues(permanent="Clone"),
        "yes",
        Rule.COPY_VALUES,
    ),
    (
        "copy with an additional counter",
        "you: Grizzly Bears, Spark Double[copy=Grizzly Bears]",
        q.CopyValues(permanent="Spark Double", ask="counters"),
        "1",
        Rule.COPY_EXCEPTION_EFFECT,
    ),
    (
        "copy that is an Illusion too",
        "opponent: Grizzly Bears; you: Phantasmal Image[copy=Grizzly Bears]",
        q.CopyValues(permanent="Phantasmal Image", ask="has_type", type="Illusion"),
        "yes",
        Rule.COPY_MODIFIED,
    ),
    (
        "a plain copy isn't an Illusion",
        "opponent: Grizzly Bears; you: Clone[copy=Grizzly Bears]",
        q.CopyValues(permanent="Clone", ask="has_type", type="Illusion"),
        "no",
        Rule.COPY_VALUES,
    ),
    # -- mana and tapping cases not covered above
    (
        "a tripler and a doubler",
        "you: Forest, Nyxbloom Ancient, Mana Reflection",
        q.Produces(permanent="Forest"),
        "6",
        Rule.REPLACEMENT_ORDER,
    ),
    (
        "an ability without {T} on a new creature",
        "you: Nantuko Shade[new]",
        q.CanActivate(permanent="Nantuko Shade", ability=0),
        "yes",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "an artifact that became a creature",
        "you: Mind Stone[new|+type=Creature]",
        q.CanActivate(permanent="Mind Stone", symbol="T"),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "an artifact that isn't a creature",
        "you: Mind Stone[new]",
        q.CanActivate(permanent="Mind Stone", symbol="T"),
        "yes",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "can attack as though it had haste: attacking",
        "you: Grizzly Bears[new], Instill Energy[attached=Grizzly Bears]",
        q.CanAttack(permanent="Grizzly Bears"),
        "yes",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "can attack as though it had haste: not {T} abilities",
        "you: Grizzly Bears[new], Instill Energy[attached=Grizzly Bears]",
        q.CanActivate(permanent="Grizzly Bears", symbol="T"),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "as though it had haste, for other creatures you control",
        "you: Llanowar Elves[new], Dynaheir, Invoker Adept",
        q.CanActivate(permanent="Llanowar Elves", ability=0),
        "yes",
        Rule.HASTE_TAP,
    ),
    (
        "as though it had haste, from an opponent's permanent",
        "you: Llanowar Elves[new]; opponent: Thousand-Year Elixir",
        q.CanActivate(permanent="Llanowar Elves", ability=0),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "a {Q} ability on a new creature",
        "you: Order of Whiteclay[new|tapped]",
        q.CanActivate(permanent="Order of Whiteclay", ability=0),
        "no",
        Rule.SUMMONING_SICKNESS,
    ),
    (
        "a {Q} ability, tapped, old creature",
        "you: Order of Whiteclay[tapped]",
        q.CanActivate(permanent="Order of Whiteclay", ability=0),
        "yes",
        Rule.UNTAP_SYMBOL,
    ),
    (
        "tapped to crew another permanent",
        "you: Llanowar Elves[new]",
        q.TapForCost(permanent="Llanowar Elves", via="crew"),
        "yes",
        Rule.CREW_MEANING,
    ),
    (
        "could produce through an Aura's ability",
        "you: Reflecting Pool, Forest, Gift of Paradise[attached=Forest]",
        q.CouldProduce(permanent="Reflecting Pool"),
        "WUBRG",
        Rule.COULD_PRODUCE,
    ),
]
CASES += EFFECT_CASES


@pytest.mark.parametrize(
    ("position", "query", "verdict", "rule"),
    [pytest.param(*c[1:], id=c[0]) for c in CASES],
)
def test_case(position: str, query: q.Query, verdict: str | None, rule: Rule) -> None:
    state = GameState.parse(position, POOL)
    ruling = engine.rule(state, query)
    assert ruling.verdict == verdict, [s.note for s in ruling.steps]
    assert rule in ruling.rules, ruling.rules
    assert ruling.steps
