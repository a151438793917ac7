"""Tapping questions of the kinds players ask (effects on sick creatures, granted haste, costs that
tap their own source), through the real pipeline."""

from __future__ import annotations

from bot.ask.pipeline import AskService

# (question, expected verdict or None when the bot must abstain, rule number it must cite)
CASES: list[tuple[str, str | None, str]] = [
    # Another card's effect tapping or untapping a creature that just came in: 302.6 is silent.
    ("Can I use Icy Manipulator to tap a creature with summoning sickness?", "yes", "302.6"),
    ("Can Kiora, Behemoth Beckoner untap a summoning sick creature?", "yes", "302.6"),
    ("Can Territorial Hammerskull tap my own creature with summoning sickness?", None, ""),
    ("Can Icy Manipulator's ability tap a creature that entered this turn?", "yes", "302.6"),
    ("Can Icy Manipulator tap a creature with summoning sickness if it has shroud?", None, ""),
    # "Affected by summoning sickness": whether the rule applies to it.
    ("Is Dryad Arbor affected by summoning sickness?", "yes", "302.6"),
    ("Is Sol Ring subject to summoning sickness?", "no", "302.6"),
    ("Are artifact creatures affected by summoning sickness?", "yes", "302.6"),
    ("Is a creature tapped by Icy Manipulator affected by summoning sickness?", None, ""),
    # Only creatures are summoning sick: an unnamed thing said to be is a creature.
    ("Can a token with summoning sickness block?", "yes", "509.1a"),
    ("Can a token with summoning sickness attack?", "no", "302.6"),
    # Control taken this turn: new to its new controller.
    (
        "My opponent takes control of my Llanowar Elves. Can they tap it for mana that turn?",
        "no",
        "302.6",
    ),
    ("If an opponent takes control of my Grizzly Bears, is it summoning sick?", "yes", "302.6"),
    # "As though it had haste": its abilities, not attacking.
    (
        "With Thousand-Year Elixir out, can a creature I cast this turn use its {T} ability?",
        "yes",
        "702.10c",
    ),
    ("With Thousand-Year Elixir out, can a creature I cast this turn attack?", "no", "302.6"),
    # A cost of {T} plus tapping another permanent: the source can't be both.
    ("Can Zada's Commando tap itself for both parts of its cohort cost?", "no", "701.26a"),
    ("Can Springleaf Drum tap itself to pay its own cost?", "no", "107.5"),
    # What an effect puts onto the battlefield enters untapped unless the effect says tapped.
    ("Does Mystifying Maze return the creature tapped?", "yes", "110.5b"),
    ("When Ghostway brings my creatures back, are they tapped?", "no", "110.5b"),
    ("Does Cloudshift return the creature untapped?", "yes", "110.5b"),
    ("With Blind Obedience out, does Cloudshift return my creature tapped?", None, ""),
    # Status isn't a characteristic, and a new controller doesn't change it.
    (
        "If my opponent taps my Coat of Arms with Icy Manipulator, does it lose its abilities?",
        "no",
        "110.5a",
    ),
    ("Does a tapped Glorious Anthem still give my creatures +1/+1?", "yes", "110.5a"),
    ("If Icy Manipulator taps my Elvish Archdruid, does it stop giving my elves +1/+1?", None, ""),
    ("Does gaining control of a creature with Control Magic tap it?", "no", "110.5c"),
    (
        "If I gain control of a tapped creature with Mind Control, does it stay tapped?",
        "yes",
        "110.5c",
    ),
    ("If I take control of a creature with Threaten, does it stay tapped?", None, ""),
    # Crew has no timing restriction; improvise taps artifacts, sick or not.
    ("Can I crew Smuggler's Copter during combat?", "yes", "117.1b"),
    ("Can I crew a Vehicle on my opponent's turn?", "yes", "702.122a"),
    ("Can I tap an artifact creature I cast this turn for improvise?", "yes", "702.126a"),
    ("Can I tap a tapped artifact for improvise?", "no", "702.126a"),
    # An ability the card doesn't have: no ruling on it.
    ("Can Dread Shade use its {T} ability the turn I cast it?", None, ""),
    ("Can I untap Grizzly Bears with its {Q} ability the turn it enters?", None, ""),
]


async def test_players_tapping_questions(full_service: AskService) -> None:
    failures: list[str] = []
    for question, verdict, rule in CASES:
        answer = await full_service.ask(question)
        if verdict is None:
            if answer.verdict is not None:
                failures.append(f"{question!r} should abstain, got {answer.verdict!r}")
            continue
        if answer.verdict != verdict:
            failures.append(f"{question!r}: {answer.verdict!r} != {verdict!r} ({answer.summary})")
            continue
        cited = [c.ref for c in answer.citations if c.source == "rule"]
        if not any(ref.startswith(rule) for ref in cited):
            failures.append(f"{question!r} cites {cited}, not {rule}")
    assert not failures, "\n".join(failures)
