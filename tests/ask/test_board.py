"""Questions asked with a stated board: the board replaces what the text would tell, in every family."""

from __future__ import annotations

import pytest

from bot.ask.pipeline import AskService
from engine.errors import NotationError

CASES = [
    # (board, question, verdict)
    ("you: Reflecting Pool, Sulfurous Springs", "What can Reflecting Pool tap for?", "BRC"),
    ("you: Reflecting Pool, Forest[tapped]", "What can Reflecting Pool tap for?", "G"),
    ("you: Exotic Orchard; opponent: Island, Forest", "What can Exotic Orchard tap for?", "UG"),
    ("you: Exotic Orchard", "What colors can Exotic Orchard produce?", "none"),
    ("you: Llanowar Elves[new]", "Can Llanowar Elves tap for mana?", "no"),
    ("you: Llanowar Elves[new|haste]", "Can Llanowar Elves tap for mana?", "yes"),
    ("you: Llanowar Elves", "I cast Llanowar Elves this turn. Can it attack?", "yes"),
    ("you: Llanowar Elves[new]", "Can Llanowar Elves attack?", "no"),
    ("stack: Ana Battlemage[kicked=0+1]", "Is Ana Battlemage kicked?", "yes"),
    ("stack: Ana Battlemage", "Is Ana Battlemage kicked?", "no"),
    (
        "stack: Ana Battlemage[kicked=0+1]",
        "What is the total cost of Ana Battlemage?",
        "{5}{G}{U}{B}",
    ),
    ("stack: Fireball[x=4]", "What is the mana value of Fireball?", "5"),
    ("stack: Fireball[x=4]", "What is the mana value of Fireball in my graveyard?", "1"),
    (
        "you: Eidolon of Blossoms, Doomwake Giant",
        "How many times does Eidolon of Blossoms trigger when Doomwake Giant enters?",
        "1",
    ),
    (
        "you: Eidolon of Blossoms; opponent: Doomwake Giant",
        "Does Eidolon of Blossoms trigger when Doomwake Giant enters?",
        "no",
    ),
    (
        "you: Eidolon of Blossoms, Grizzly Bears",
        "Does Eidolon of Blossoms trigger when Grizzly Bears becomes an enchantment?",
        "no",
    ),
    (
        "you: Marwyn, the Nurturer[counter=+1/+1:2]",
        "How much mana does Marwyn, the Nurturer make?",
        "3",
    ),
    (
        "you: Everflowing Chalice[counter=charge:3]",
        "How much mana does Everflowing Chalice make?",
        "3",
    ),
    ("you: Forest, Mana Reflection x2", "How much mana does Forest make?", "4"),
    ("you: Sulfurous Springs, Blood Moon", "What can Sulfurous Springs tap for?", "R"),
    # A granted {T} ability the tapping family reads only as the Equipment's text: it
    # abstains rather than guess (the engine itself rules "no" in tests/engine/test_cases.py).
    (
        "you: Grizzly Bears[new], Paradise Mantle[attached=Grizzly Bears]",
        "Can Grizzly Bears tap for mana?",
        None,
    ),
    ("you: Llanowar Elves[new], Thousand-Year Elixir", "Can Llanowar Elves tap for mana?", "yes"),
    ("you: Llanowar Elves[new], Thousand-Year Elixir", "Can Llanowar Elves attack?", "no"),
    ("you: Mutavault[new]", "Can Mutavault tap for mana?", "yes"),
    ("you: Dryad Arbor[new]", "Can Dryad Arbor tap for mana?", "no"),
    (
        "stack: Verdeloth the Ancient[kicked|x=3|free]",
        "What is the total cost of Verdeloth the Ancient?",
        "{3}",
    ),
    ("stack: Fireball[x=4]", "What's the mana value of a copy of Fireball?", "5"),
    (
        "you: Grizzly Bears[attacking|must-be-blocked]; opponent: Llanowar Elves",
        "Does my opponent have to block Grizzly Bears?",
        "yes",
    ),
    (
        "you: Grizzly Bears[attacking|must-be-blocked]; opponent: Llanowar Elves[tapped]",
        "Does my opponent have to block Grizzly Bears?",
        "no",
    ),
    (
        "you: Grizzly Bears[attacking|must-be-blocked|flying]; opponent: Llanowar Elves",
        "Does my opponent have to block Grizzly Bears?",
        "no",
    ),
    (
        "you: Grizzly Bears[attacking|lure]; opponent: Llanowar Elves, Grizzly Bears[tapped]",
        "Must all creatures block Grizzly Bears?",
        "yes",
    ),
    (
        "you: Grizzly Bears[attacking|must-be-blocked|menace]; opponent: Llanowar Elves, "
        "Fyndhorn Elves",
        "What is the minimum number of creatures that must block Grizzly Bears?",
        "2",
    ),
    (
        "you: Goldenhide Ox[attacking]; opponent: Grizzly Bears",
        "Does Goldenhide Ox have to be blocked?",
        "no",
    ),
    (
        "you: Eidolon of Blossoms; stack: Boon Satyr[bestowed|targets=Grizzly Bears]",
        "Does Eidolon of Blossoms trigger when Boon Satyr resolves?",
        "yes",
    ),
    # Effects as data: "instead", kicked-only parts and targets, per-kick amounts.
    ("stack: Burst Lightning[kicked]", "How much damage does Burst Lightning deal?", "4"),
    ("stack: Burst Lightning", "How much damage does Burst Lightning deal?", "2"),
    (
        "stack: Apex Hawks[kicked=0+0+0]",
        "How many +1/+1 counters does Apex Hawks enter with?",
        "3",
    ),
    ("you: Kavu Titan", "How many +1/+1 counters does Kavu Titan enter with?", "0"),
    ("you: Kavu Titan[kicked]", "How many +1/+1 counters does Kavu Titan enter with?", "3"),
    ("stack: Jilt", "How many targets does Jilt have?", "1"),
    ("stack: Jilt[kicked]", "How many targets does Jilt have?", "2"),
    ("stack: Comet Storm[kicked=0+0|x=2]", "How many targets does Comet Storm have?", "3"),
    (
        "you: Grizzly Bears[new], Instill Energy[attached=Grizzly Bears]",
        "Can Grizzly Bears attack?",
        "yes",
    ),
    (
        "you: Grizzly Bears[new|tapped], Instill Energy[attached=Grizzly Bears]",
        "Can Grizzly Bears attack?",
        "no",
    ),
    (
        "opponent: Master of Death; stack: Bloodchief's Thirst[kicked]",
        "Can Bloodchief's Thirst target Master of Death?",
        "yes",
    ),
    (
        "opponent: Master of Death; stack: Bloodchief's Thirst",
        "Can Bloodchief's Thirst target Master of Death?",
        "no",
    ),
    (
        "you: Krosan Drover; stack: Hangarback Walker[x=4]",
        "What is the total cost of Hangarback Walker?",
        "{6}",
    ),
]


@pytest.mark.parametrize(("board", "question", "verdict"), CASES)
async def test_board_questions(
    imported_service: AskService, board: str, question: str, verdict: str | None
) -> None:
    position = await imported_service.read_board(board)
    answer = await imported_service.ask(question, board=position)
    assert answer.verdict == verdict, (answer.summary, answer.explanation)
    assert answer.reading["position"] == str(position)
    assert answer.reading["board_source"] == "board"


async def test_bad_board_names_the_bad_part(imported_service: AskService) -> None:
    with pytest.raises(NotationError) as info:
        await imported_service.read_board("you: Reflecting Pool, Sulfurous Sprngs")
    assert info.value.fragment == "Sulfurous Sprngs"
