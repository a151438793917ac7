"""Blocking requirements and restrictions (CR 509.1a-c): 'must be blocked if able' and Lure."""

from __future__ import annotations

import pytest

import engine
from engine import blocking as b
from engine.abilities import BlockRestriction, Keyword, MustBeBlocked
from engine.card import Card
from engine.errors import IllegalActionError
from engine.model import GameState
from engine.query import BlockRequirements
from engine.ruling import Rule

MUST = b.Attacker(name="Ox target", must_be_blocked=True, card="Goldenhide Ox")
LURED = b.Attacker(name="Lured", by_all=True, card="Lure")
PLAIN = b.Attacker(name="Plain")


def _card(name: str, type_line: str, text: str, power: str = "2") -> Card:
    return Card.from_scryfall(
        {
            "name": name,
            "type_line": type_line,
            "oracle_text": text,
            "power": power,
            "toughness": "2",
        }
    )


_POOL = {
    c.name: c
    for c in (
        _card(
            "Grand Melee",
            "Enchantment",
            "All creatures attack each combat if able.\nAll creatures block each combat if able.",
        ),
        _card("Watchdog", "Artifact Creature — Dog", "This creature blocks each combat if able."),
        _card(
            "Night Market Guard",
            "Artifact Creature — Construct",
            "This creature can block an additional creature each combat.",
        ),
        _card(
            "Guardian of the Gateless",
            "Creature — Angel",
            "Flying\nThis creature can block any number of creatures.",
        ),
        _card(
            "Cloud Pirates",
            "Creature — Human Pirate",
            "Flying\nThis creature can block only creatures with flying.",
        ),
        _card(
            "Amrou Kithkin",
            "Creature — Kithkin",
            "This creature can't be blocked by creatures with power 3 or greater.",
            power="1",
        ),
    )
}


def _blockers(n: int, **flags: bool) -> list[b.Blocker]:
    return [b.Blocker(name=f"B{i}", **flags) for i in range(1, n + 1)]


@pytest.mark.parametrize(
    ("attackers", "blockers", "obeyed"),
    [
        ([MUST], _blockers(3), 1),
        ([MUST], _blockers(2, tapped=True), 0),
        ([MUST], _blockers(2, can_block=False), 0),
        ([MUST, MUST.model_copy(update={"name": "Second"})], _blockers(2), 2),
        ([MUST, MUST.model_copy(update={"name": "Second"})], _blockers(1), 1),
        ([LURED], _blockers(3), 3),
        ([LURED], [*_blockers(2), b.Blocker(name="Tapped", tapped=True)], 2),
        ([MUST.model_copy(update={"flying": True})], _blockers(2), 0),
        (
            [MUST.model_copy(update={"flying": True})],
            [*_blockers(1), b.Blocker(name="Spider", reach=True)],
            1,
        ),
        ([MUST.model_copy(update={"menace": True})], _blockers(1), 0),
        ([MUST.model_copy(update={"menace": True})], _blockers(2), 1),
        ([PLAIN], _blockers(2), 0),
    ],
)
def test_solve_maximum(attackers: list[b.Attacker], blockers: list[b.Blocker], obeyed: int) -> None:
    assignment, ruling = b.solve(attackers, blockers)
    assert ruling.verdict == str(obeyed)
    assert Rule.BLOCK_REQUIREMENTS in ruling.rules
    assert b.requirements_obeyed(attackers, blockers, assignment) == obeyed
    assert b.is_legal(attackers, blockers, assignment).verdict == "yes"


@pytest.mark.parametrize(
    ("attackers", "verdict"),
    [([MUST], "no"), ([LURED], "yes"), ([PLAIN], "no")],
)
def test_all_must_block(attackers: list[b.Attacker], verdict: str) -> None:
    ruling = b.all_must_block(attackers, _blockers(3), attackers[0].name)
    assert ruling.verdict == verdict
    assert Rule.BLOCK_REQUIREMENTS in ruling.rules


def test_must_be_blocked_cites_the_source_card() -> None:
    ruling = b.all_must_block([MUST], _blockers(2), MUST.name)
    assert ruling.cards == ("Goldenhide Ox",)


@pytest.mark.parametrize(
    ("attackers", "blockers", "blocker", "verdict", "rule"),
    [
        ([MUST], _blockers(1), "B1", "yes", Rule.BLOCK_REQUIREMENTS),
        ([MUST], _blockers(2), "B1", "no", Rule.BLOCK_REQUIREMENTS),
        ([MUST], [b.Blocker(name="B1", tapped=True)], "B1", "no", Rule.BLOCKERS_UNTAPPED),
        ([MUST], [b.Blocker(name="B1", can_block=False)], "B1", "no", Rule.BLOCK_RESTRICTIONS),
        ([MUST.model_copy(update={"flying": True})], _blockers(1), "B1", "no", Rule.FLYING),
        ([LURED], _blockers(2), "B2", "yes", Rule.BLOCK_REQUIREMENTS),
    ],
)
def test_must_block_with(
    attackers: list[b.Attacker], blockers: list[b.Blocker], blocker: str, verdict: str, rule: Rule
) -> None:
    ruling = b.must_block_with(attackers, blockers, attackers[0].name, blocker)
    assert ruling.verdict == verdict
    assert rule in ruling.rules


@pytest.mark.parametrize(
    ("attackers", "n", "fewest"),
    [
        ([MUST], 3, "1"),
        ([LURED], 3, "3"),
        ([PLAIN], 3, "0"),
        ([MUST.model_copy(update={"menace": True})], 3, "2"),
    ],
)
def test_min_blockers(attackers: list[b.Attacker], n: int, fewest: str) -> None:
    assert b.min_blockers(attackers, _blockers(n), attackers[0].name).verdict == fewest


def test_two_must_be_blocked_attackers_cant_share_both_blockers() -> None:
    second = MUST.model_copy(update={"name": "Second"})
    blockers = _blockers(2)
    same = b.is_legal([MUST, second], blockers, {"B1": MUST.name, "B2": MUST.name})
    split = b.is_legal([MUST, second], blockers, {"B1": MUST.name, "B2": second.name})
    assert same.verdict == "no" and Rule.BLOCK_REQUIREMENTS in same.rules
    assert split.verdict == "yes"


@pytest.mark.parametrize(
    ("assignment", "verdict", "rule"),
    [
        ({"B1": "Ox target"}, "no", Rule.BLOCKERS_UNTAPPED),
        ({"B2": "Ox target"}, "yes", Rule.BLOCK_REQUIREMENTS),
        ({}, "no", Rule.BLOCK_REQUIREMENTS),
    ],
)
def test_is_legal_checks_restrictions_first(
    assignment: dict[str, str | None], verdict: str, rule: Rule
) -> None:
    blockers = [b.Blocker(name="B1", tapped=True), b.Blocker(name="B2")]
    ruling = b.is_legal([MUST], blockers, assignment)
    assert ruling.verdict == verdict
    assert rule in ruling.rules


def test_menace_single_block_is_illegal() -> None:
    attacker = MUST.model_copy(update={"menace": True})
    ruling = b.is_legal([attacker], _blockers(2), {"B1": attacker.name})
    assert ruling.verdict == "no" and Rule.MENACE in ruling.rules


def test_from_permanent_reads_abilities() -> None:
    state = GameState.parse(
        "you: Drake[type=Creature]; opponent: Wall[type=Creature|tapped], Spider[type=Creature]"
    )
    drake = state.find("Drake").model_copy(
        update={"abilities": (Keyword(name="Flying"), MustBeBlocked(subject="self"))}
    )
    spider = state.find("Spider").model_copy(update={"abilities": (Keyword(name="Reach"),)})
    attacker = b.Attacker.from_permanent(drake)
    assert attacker.flying and attacker.must_be_blocked and not attacker.by_all
    wall = b.Blocker.from_permanent(state.find("Wall"))
    assert wall.tapped
    assert b.Blocker.from_permanent(spider).reach
    assert (
        b.min_blockers([attacker], [wall, b.Blocker.from_permanent(spider)], "Drake").verdict == "1"
    )


def test_search_is_bounded() -> None:
    attackers = [MUST.model_copy(update={"name": f"A{i}"}) for i in range(6)]
    with pytest.raises(IllegalActionError):
        b.solve(attackers, _blockers(9))


def test_restrictions_from_parsed_abilities() -> None:
    state = GameState.parse(
        "you: Tracer[type=Creature], Troll[type=Creature]; opponent: Bear[type=Creature], "
        "Spider[type=Creature]"
    )
    tracer = state.find("Tracer").model_copy(
        update={"abilities": (BlockRestriction(only_by=("flying", "reach")),)}
    )
    troll = state.find("Troll").model_copy(
        update={"abilities": (BlockRestriction(min_blockers=3),)}
    )
    spider = state.find("Spider").model_copy(update={"abilities": (Keyword(name="Reach"),)})
    wall = state.find("Bear").model_copy(update={"abilities": (BlockRestriction(cant_block=True),)})
    a_tracer, a_troll = b.Attacker.from_permanent(tracer), b.Attacker.from_permanent(troll)
    bear, b_spider = b.Blocker.from_permanent(state.find("Bear")), b.Blocker.from_permanent(spider)
    assert not b.Blocker.from_permanent(wall).can_block
    assert b.is_legal([a_tracer], [bear], {"Bear": "Tracer"}).verdict == "no"
    assert b.is_legal([a_tracer], [b_spider], {"Spider": "Tracer"}).verdict == "yes"
    assert a_troll.fewest == 3
    two = {"Bear": "Troll", "Spider": "Troll"}
    assert b.is_legal([a_troll], [bear, b_spider], two).verdict == "no"


def test_at_most_one_blocker_with_menace_means_unblockable() -> None:
    attacker = b.Attacker(name="A", menace=True, max_blockers=1)
    assert b.legal_assignments([attacker], _blockers(3)) == [{"B1": None, "B2": None, "B3": None}]


def test_an_aura_saying_enchanted_creature_cant_block_stops_its_creature() -> None:
    state = GameState.parse("you: Giant[type=Creature]; opponent: Bear[type=Creature]")
    aura = state.find("Giant").model_copy(
        update={
            "name": "Pacifism",
            "types": frozenset({"Enchantment"}),
            "subtypes": frozenset({"Aura"}),
            "abilities": (BlockRestriction(subject="enchanted", cant_block=True),),
        }
    )
    bear = b.Blocker.from_permanent(state.find("Bear"), attached=(aura,))
    assert not bear.can_block and bear.restricted_by == "Pacifism"
    giant = b.Attacker.from_permanent(state.find("Giant"))
    ruling = b.is_legal([giant], [bear], {"Bear": "Giant"})
    assert ruling.verdict == "no" and Rule.BLOCK_RESTRICTIONS in ruling.rules
    # Equipment's restriction reads "equipped", not "enchanted".
    gear = aura.model_copy(update={"subtypes": frozenset({"Equipment"})})
    assert b.Blocker.from_permanent(state.find("Bear"), attached=(gear,)).can_block


@pytest.mark.parametrize(("blockers", "verdict"), [(1, "no"), (2, "yes")])
def test_lure_on_a_menace_attacker_from_a_position(blockers: int, verdict: str) -> None:
    """Menace is a restriction the requirement can't override: one creature needn't block, two
    must block together (CR 509.1b-c)."""
    names = ", ".join(f"Bear{i}[type=Creature]" for i in range(1, blockers + 1))
    state = GameState.parse(
        f"you: Brute[type=Creature|attacking], Lure[type=Enchantment]; opponent: {names}"
    )
    brute = state.find("Brute").model_copy(update={"abilities": (Keyword(name="Menace"),)})
    lure = state.find("Lure").model_copy(
        update={
            "subtypes": frozenset({"Aura"}),
            "abilities": (MustBeBlocked(subject="enchanted", by_all=True),),
        }
    )
    attacker = b.Attacker.from_permanent(brute, attached=(lure,))
    assert attacker.menace and attacker.by_all
    _, defenders = b.from_state(state)
    ruling = b.all_must_block([attacker], defenders, "Brute")
    assert ruling.verdict == verdict
    assert Rule.MENACE in ruling.rules


def test_must_be_blocked_with_menace_needs_a_double_block_when_one_is_possible() -> None:
    attacker = MUST.model_copy(update={"menace": True})
    two = b.holds_always(
        [attacker],
        _blockers(2),
        lambda asg: sum(v == attacker.name for v in asg.values()) == 2,
        "two blockers",
    )
    assert two.verdict == "yes"
    assert b.solve([attacker], _blockers(1))[0] == {"B1": None}


def test_a_group_block_with_no_requirement_cites_the_restrictions() -> None:
    attacker = b.Attacker(name="Brute", menace=True)
    ruling = b.is_legal([attacker], _blockers(2), {"B1": "Brute", "B2": "Brute"})
    assert ruling.verdict == "yes"
    assert ruling.steps[-1].rule == Rule.BLOCK_RESTRICTIONS


def test_a_provoked_creature_must_block_the_provoking_attacker_not_another() -> None:
    """Provoke's requirement names one attacker: blocking a different one doesn't meet it
    (CR 509.1c, 702.39a)."""
    provoker, other = b.Attacker(name="Craghorn"), b.Attacker(name="Bear")
    goaded = b.Blocker(name="Wall", must_block_attacker="Craghorn")
    assert b.is_legal([provoker, other], [goaded], {"Wall": "Bear"}).verdict == "no"
    assert b.is_legal([provoker, other], [goaded], {"Wall": "Craghorn"}).verdict == "yes"
    assert b.must_block_with([provoker, other], [goaded], "Craghorn", "Wall").verdict == "yes"


def test_provoke_yields_to_a_restriction() -> None:
    """A provoked creature that can't block the flyer that provoked it has no requirement it
    can obey, so blocking nothing is as good as blocking anything (CR 509.1c)."""
    provoker = b.Attacker(name="Drake", flying=True)
    goaded = b.Blocker(name="Wall", must_block_attacker="Drake")
    assert b.solve([provoker], [goaded])[0] == {"Wall": None}


def test_a_requirement_naming_a_creature_type_is_met_only_by_that_type() -> None:
    """'Must be blocked by an Eldrazi if able' (Slayer's Cleaver): one Eldrazi blocking meets
    it, and a non-Eldrazi has no requirement at all."""
    state = GameState.parse(
        "you: Knight[type=Creature|attacking], Cleaver[type=Artifact]; "
        "opponent: Spawn[type=Creature], Bear[type=Creature]"
    )
    cleaver = state.find("Cleaver").model_copy(
        update={
            "subtypes": frozenset({"Equipment"}),
            "abilities": (MustBeBlocked(subject="equipped", by_type="Eldrazi"),),
        }
    )
    attacker = b.Attacker.from_permanent(state.find("Knight"), attached=(cleaver,))
    assert attacker.blocked_by_type == "Eldrazi" and not attacker.must_be_blocked
    spawn = b.Blocker.from_permanent(
        state.find("Spawn").model_copy(update={"subtypes": frozenset({"Eldrazi", "Drone"})})
    )
    bear = b.Blocker.from_permanent(state.find("Bear"))
    assert b.must_block_with([attacker], [spawn, bear], "Knight", "Spawn").verdict == "yes"
    assert b.must_block_with([attacker], [spawn, bear], "Knight", "Bear").verdict == "no"
    assert b.solve([attacker], [bear])[0] == {"Bear": None}
    menace = attacker.model_copy(update={"menace": True})
    # One Eldrazi alone can't block a menace attacker: the requirement can't be obeyed.
    assert b.must_block_with([menace], [spawn], "Knight", "Spawn").verdict == "no"


def test_several_attackers_with_requirements_and_one_blocker() -> None:
    """A Lure attacker and a must-be-blocked attacker against one creature: either block
    obeys one requirement, so neither is required (CR 509.1c)."""
    lured, must = LURED, MUST
    lone = _blockers(1)
    assert b.must_block_with([lured, must], lone, "Lured", "B1").verdict == "no"
    assert b.holds_always(
        [lured, must], lone, lambda a: a["B1"] is not None, "a block"
    ).verdict == ("yes")
    two = _blockers(2)
    # Both blockers on the plain attacker obey nothing; something better is possible.
    assert b.is_legal([must, PLAIN], two, {"B1": "Plain", "B2": "Plain"}).verdict == "no"


# -- one solver over positions: each form of requirement and restriction (CR 509.1a-c) -----

_POSITION_CASES = [
    # A menace creature that must be blocked: two untapped creatures must double-block it.
    (
        "you: Bear[type=Creature|attacking|menace|must-be-blocked]; "
        "opponent: Wall[type=Creature], Ox[type=Creature]",
        BlockRequirements(ask="min_blockers"),
        "2",
        Rule.MENACE,
    ),
    # Grand Melee and a menace attacker with one possible blocker: it can't obey.
    (
        "you: Bear[type=Creature|attacking|menace], Grand Melee; opponent: Wall[type=Creature]",
        BlockRequirements(ask="obeyed"),
        "0",
        Rule.MENACE,
    ),
    (
        "you: Bear[type=Creature|attacking|menace], Grand Melee; opponent: Wall[type=Creature]",
        BlockRequirements(ask="legal", assignment=(("Wall", None),)),
        "yes",
        Rule.BLOCK_REQUIREMENTS,
    ),
    # Grand Melee with a plain attacker: the creature must block.
    (
        "you: Bear[type=Creature|attacking], Grand Melee; opponent: Wall[type=Creature]",
        BlockRequirements(ask="must_block", blocker="Wall"),
        "yes",
        Rule.BLOCK_REQUIREMENTS,
    ),
    # "blocks each combat if able" is met by blocking any attacker.
    (
        "you: Bear[type=Creature|attacking], Elk[type=Creature|attacking]; opponent: Watchdog",
        BlockRequirements(ask="must_block", attacker="Elk", blocker="Watchdog"),
        "no",
        Rule.BLOCK_REQUIREMENTS,
    ),
    # Provoke: the provoked creature must block the provoking attacker, not the other one.
    (
        "you: Bear[type=Creature|attacking], Elk[type=Creature|attacking]; "
        "opponent: Wall[type=Creature|must-block=Elk]",
        BlockRequirements(ask="legal", assignment=(("Wall", "Bear"),)),
        "no",
        Rule.BLOCK_REQUIREMENTS,
    ),
    # "must be blocked by an Eldrazi if able": only the Eldrazi has the requirement.
    (
        "you: Bear[type=Creature|attacking|must-be-blocked-by=Eldrazi]; "
        "opponent: Wall[type=Creature], Spawn[type=Creature — Eldrazi]",
        BlockRequirements(ask="must_block", blocker="Spawn"),
        "yes",
        Rule.BLOCK_REQUIREMENTS,
    ),
    (
        "you: Bear[type=Creature|attacking|must-be-blocked-by=Eldrazi]; "
        "opponent: Wall[type=Creature], Spawn[type=Creature — Eldrazi]",
        BlockRequirements(ask="legal", assignment=(("Wall", "Bear"), ("Spawn", None))),
        "no",
        Rule.BLOCK_REQUIREMENTS,
    ),
    # Night Market Guard can block two attackers, so both Lure-like requirements are obeyed.
    (
        "you: Bear[type=Creature|attacking|must-be-blocked], Elk[type=Creature|attacking|"
        "must-be-blocked]; opponent: Night Market Guard",
        BlockRequirements(ask="obeyed"),
        "2",
        Rule.BLOCKERS_UNTAPPED,
    ),
    (
        "you: Bear[type=Creature|attacking|must-be-blocked], Elk[type=Creature|attacking|"
        "must-be-blocked]; opponent: Night Market Guard",
        BlockRequirements(ask="legal", assignment=(("Night Market Guard", "Bear"),)),
        "no",
        Rule.BLOCK_REQUIREMENTS,
    ),
    # A creature that can block any number of creatures blocks all three Lure attackers.
    (
        "you: Bear[type=Creature|attacking|lure], Elk[type=Creature|attacking|lure], "
        "Ox[type=Creature|attacking|lure]; opponent: Guardian of the Gateless",
        BlockRequirements(ask="obeyed"),
        "3",
        Rule.BLOCKERS_UNTAPPED,
    ),
    # An ordinary creature blocks one attacker only.
    (
        "you: Bear[type=Creature|attacking], Elk[type=Creature|attacking]; "
        "opponent: Wall[type=Creature]",
        BlockRequirements(ask="legal", assignment=(("Wall", ("Bear", "Elk")),)),
        "no",
        Rule.BLOCKERS_UNTAPPED,
    ),
    # "can block only creatures with flying".
    (
        "you: Bear[type=Creature|attacking|must-be-blocked]; opponent: Cloud Pirates",
        BlockRequirements(ask="obeyed"),
        "0",
        Rule.BLOCK_RESTRICTIONS,
    ),
    (
        "you: Bear[type=Creature|attacking|flying|must-be-blocked]; opponent: Cloud Pirates",
        BlockRequirements(ask="obeyed"),
        "1",
        Rule.BLOCK_REQUIREMENTS,
    ),
    # "can't be blocked by creatures with power 3 or greater" against a 4-power and a 1-power.
    (
        "you: Amrou Kithkin[attacking|must-be-blocked]; "
        "opponent: Wall[type=Creature|power=4], Elf[type=Creature|power=1]",
        BlockRequirements(ask="must_block", blocker="Elf"),
        "yes",
        Rule.BLOCK_RESTRICTIONS,
    ),
    (
        "you: Amrou Kithkin[attacking]; opponent: Wall[type=Creature|power=4]",
        BlockRequirements(ask="legal", assignment=(("Wall", "Amrou Kithkin"),)),
        "no",
        Rule.BLOCK_RESTRICTIONS,
    ),
    # Lure on a menace creature and one possible blocker: it can't block alone, so it needn't.
    (
        "you: Bear[type=Creature|attacking|lure|menace]; opponent: Wall[type=Creature]",
        BlockRequirements(ask="all_must_block"),
        "no",
        Rule.MENACE,
    ),
    # Several attackers that must be blocked and fewer blockers, one of them tapped.
    (
        "you: Bear[type=Creature|attacking|must-be-blocked], Elk[type=Creature|attacking|"
        "must-be-blocked], Ox[type=Creature|attacking|must-be-blocked]; "
        "opponent: Wall[type=Creature], Elf[type=Creature|tapped], Drake[type=Creature|flying]",
        BlockRequirements(ask="obeyed"),
        "2",
        Rule.BLOCKERS_UNTAPPED,
    ),
]


@pytest.mark.parametrize(("position", "query", "verdict", "rule"), _POSITION_CASES)
def test_requirements_and_restrictions_on_a_position(
    position: str, query: BlockRequirements, verdict: str, rule: Rule
) -> None:
    state = GameState.parse(position, _POOL)
    ruling = engine.rule(state, query)
    assert ruling.verdict == verdict, [s.note for s in ruling.steps]
    assert rule in ruling.rules, ruling.rules
    assert GameState.parse(str(state), _POOL) == state


def test_a_creature_that_blocks_two_attackers_meets_both_requirements() -> None:
    attackers = [MUST, MUST.model_copy(update={"name": "Second"})]
    guard = b.Blocker(name="Guard", capacity=2)
    assignment, ruling = b.solve(attackers, [guard])
    assert ruling.verdict == "2"
    assert set(b.targets(assignment["Guard"])) == {"Ox target", "Second"}


def test_provoke_and_typed_requirements_read_back_from_the_notation() -> None:
    text = (
        "you: Bear[type=Creature|attacking|must-be-blocked-by=Eldrazi]; "
        "opponent: Wall[type=Creature|must-block=Bear]"
    )
    state = GameState.parse(text)
    assert str(state) == text
    attackers, blockers = b.from_state(state)
    assert attackers[0].blocked_by_type == "Eldrazi"
    assert blockers[0].must_block_attacker == "Bear"


def test_a_power_restriction_against_a_blocker_of_unknown_power_is_not_ruled_on() -> None:
    kithkin = b.Attacker(name="Kithkin", power_at_least=3)
    with pytest.raises(IllegalActionError):
        b.can_block(b.Blocker(name="Someone"), kithkin)
    assert b.can_block(b.Blocker(name="Elf", power=1), kithkin)[0]
    assert not b.can_block(b.Blocker(name="Wurm", power=6), kithkin)[0]


def test_a_declaration_is_possible_when_one_obeying_the_most_requirements_has_it() -> None:
    two = _blockers(2)

    def one_on_plain(a: b.Assignment) -> bool:
        return sum(v == "Plain" for v in a.values()) == 1

    # One blocker on the plain attacker leaves the other for the creature that must be blocked.
    assert b.possible([MUST, PLAIN], two, one_on_plain, "one on Plain").verdict == "yes"
    # Every creature able to block the lured one does: none is left for the other attacker.
    assert b.possible([LURED, PLAIN], two, one_on_plain, "one on Plain").verdict == "no"


# Gorm the Great: "must be blocked if able, and ... by two or more creatures if able".
GORM = b.Attacker(name="Gorm", must_be_blocked=True, at_least=2)


@pytest.mark.parametrize(("n", "fewest"), [(1, "1"), (2, "2"), (4, "2")])
def test_blocked_by_two_or_more_is_a_second_requirement(n: int, fewest: str) -> None:
    # One creature still obeys "must be blocked"; two or more obey both (CR 509.1c).
    assert b.min_blockers([GORM], _blockers(n), "Gorm").verdict == fewest


def test_blocked_by_two_or_more_lets_the_others_stay_back() -> None:
    blockers = _blockers(4)
    assert b.must_block_with([GORM], blockers, "Gorm", "B3").verdict == "no"
    assert b.is_legal([GORM], blockers, {"B1": "Gorm"}).verdict == "no"
    assert b.is_legal([GORM], blockers, {"B1": "Gorm", "B2": "Gorm"}).verdict == "yes"


PIPER = b.Attacker(name="Piper", by_all=True, by_all_with="flying")


@pytest.mark.parametrize(
    ("blocker", "verdict"),
    [
        (b.Blocker(name="Spider", reach=True), "no"),
        (b.Blocker(name="Drake", flying=True), "yes"),
        (b.Blocker(name="Bear"), "no"),
    ],
)
def test_lure_for_fliers_binds_only_creatures_with_flying(blocker: b.Blocker, verdict: str) -> None:
    assert b.must_block_with([PIPER], [blocker], "Piper", blocker.name).verdict == verdict


def test_lure_for_a_creature_type_binds_only_that_type() -> None:
    priest = b.Attacker(name="Priest", by_all=True, by_all_with="Wall")
    wall = b.Blocker(name="Wall", subtypes=frozenset({"Wall"}))
    bear = b.Blocker(name="Bear", subtypes=frozenset({"Bear"}))
    assert b.must_block_with([priest], [wall, bear], "Priest", "Wall").verdict == "yes"
    assert b.must_block_with([priest], [wall, bear], "Priest", "Bear").verdict == "no"


def test_a_creature_told_to_block_cant_break_a_restriction() -> None:
    # Culling Mark on a creature without flying or reach, and only a flier attacks.
    marked = b.Blocker(name="Marked", must_block=True)
    flier = b.Attacker(name="Flier", flying=True)
    assert b.must_block_with([flier], [marked], "Flier", "Marked").verdict == "no"
    assert (
        b.must_block_with(
            [PIPER.model_copy(update={"by_all": False})], [marked], "Piper", "Marked"
        ).verdict
        == "yes"
    )


@pytest.mark.parametrize(
    ("attacker", "n", "per_blocker", "times"),
    [
        (LURED, 3, True, "3"),
        (LURED, 3, False, "1"),
        (GORM, 4, True, None),  # two to four may block: the count isn't forced
    ],
)
def test_block_triggers_count_the_forced_blockers(
    attacker: b.Attacker, n: int, per_blocker: bool, times: str | None
) -> None:
    ruling = b.block_triggers([attacker], _blockers(n), attacker.name, per_blocker)
    assert ruling.verdict == times
    if times is not None:
        rule = Rule.BLOCKED_BY_A_CREATURE_TRIGGER if per_blocker else Rule.BECOMES_BLOCKED_TRIGGER
        assert rule in ruling.rules


def test_block_triggers_for_a_stated_count() -> None:
    assert b.block_triggers([], [], "Boar", True, stated=2).verdict == "2"
    assert b.block_triggers([], [], "Boar", False, stated=0).verdict == "0"
