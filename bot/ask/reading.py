"""The typed Reading of a question: what was asked, the facts with their words, and the query."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Literal

from bot.record import Record

Form = Literal["yesno", "how_many", "what", "which", "who_right", "statement"]
Framing = Literal["question", "bug_report", "dispute"]
# How the engine's yes/no maps to the answer: as asked; whether a reported behaviour is right
# ("is this correct?"); whether it is wrong ("is this a bug?").
Polarity = Literal["as_asked", "behaviour_right", "behaviour_wrong"]
FactSource = Literal["text", "board", "choice"]


class Fact(Record):
    """One thing the question states, with the words it was read from."""

    kind: str
    value: str
    words: str
    subject: str | None = None
    source: FactSource = "text"

    def describe(self) -> str:
        who = f"{self.subject}: " if self.subject else ""
        picked = ", as you picked" if self.source == "choice" else ""
        return f"{who}{self.kind} {self.value} (“{self.words}”{picked})"


class Claim(Record):
    """A claim in a dispute: who makes it and whether it says yes or no."""

    who: str
    says: str
    positive: bool | None = None
    number: int | None = None


class Subject(Record):
    """A card the question names, who controls it, and what the text says of its state."""

    name: str
    written: str
    controller: str | None = None
    state: tuple[str, ...] = ()


class Query(Record):
    """What the engine was asked: the family, the scenario and the verdict form."""

    family: str
    scenario: str
    kind: str


class Reading(Record):
    """A question read once: the asked sentence, its framing, the facts, and the query."""

    text: str
    asked: str
    canonical: str
    form: Form
    framing: Framing = "question"
    polarity: Polarity = "as_asked"
    statement_negative: bool = False
    context: tuple[str, ...] = ()
    claims: tuple[Claim, ...] = ()
    subjects: tuple[Subject, ...] = ()
    facts: tuple[Fact, ...] = ()
    superseded: tuple[Fact, ...] = ()
    board: dict[str, tuple[str, ...]] = field(default_factory=dict)
    query: Query | None = None
    position: str | None = None
    # Where the position came from: "text" (read from the question) or "board" (stated).
    board_source: FactSource = "text"
    missing: tuple[str, ...] = ()
    # False when the text asks nothing clearly (a report that doesn't say what failed).
    clear: bool = True
    # The words of a question that negates what it asks ("is it not kicked?", "it can't
    # attack?"): a yes or a no would be read both ways, so no verdict is given.
    negated_query: str | None = None
    # The count a yes/no question states ("Do I draw 1 card?"), and whether this reading asks
    # it as how many, so that the number answered is checked against it.
    stated_count: int | None = None
    asked_as_count: bool = False

    def final_verdict(self, verdict: str) -> str:
        """The engine's answer to ``asked``, turned into the answer to what the player asked."""
        if self.asked_as_count and self.stated_count is not None and verdict.isdigit():
            return "yes" if int(verdict) == self.stated_count else "no"
        if verdict not in ("yes", "no") or self.polarity == "as_asked":
            return verdict
        holds = verdict == "yes"
        # The reported behaviour is what happened; it is right when the rules agree with it.
        behaviour_right = holds != self.statement_negative
        if self.polarity == "behaviour_right":
            return "yes" if behaviour_right else "no"
        return "no" if behaviour_right else "yes"

    def timing_changed(self) -> tuple[Fact, Fact] | None:
        """An earlier "since last turn" that a later fact undoes: the object left and came back
        (CR 400.7), or a later override restates when it came under control."""
        for old in self.superseded:
            if old.kind == "timing":
                new = next((f for f in self.facts if f.kind == "timing"), old)
                return old, new
        since: Fact | None = None
        for i, fact in enumerate(self.facts):
            if fact.kind == "timing" and fact.value == "old":
                since = fact
            elif since is not None and fact.kind == "event" and fact.value == "leaves":
                # A bounce or flicker brings it back as a new object; a death or exile does only
                # when the text then says it returned or was cast again.
                back = fact.words.lower().startswith(_RETURNS) or any(
                    f.kind == "event" and f.value in ("enters", "cast") for f in self.facts[i + 1 :]
                )
                if back:
                    return since, fact
        return None

    def winner(self, verdict: str) -> Claim | None:
        """The claim in a dispute that the verdict bears out, if exactly one does."""
        fits = [c for c in self.claims if _claim_fits(c, verdict)]
        return fits[0] if len(fits) == 1 else None

    def lines(self) -> list[str]:
        """One or two short lines for a judge: what the bot took the question to be."""
        head = f"“{self.asked}”"
        if self.framing == "bug_report":
            head += " (from a report of what happened)"
        elif self.framing == "dispute":
            head += " (a dispute: " + "; ".join(f"{c.who}: {c.says}" for c in self.claims) + ")"
        out = [head]
        facts = [f.describe() for f in self.facts if f.kind != "negated"]
        if self.query is not None:
            facts.insert(0, f"asks {self.query.family} · {self.query.scenario}")
        if self.position:
            how = "stated" if self.board_source == "board" else "read"
            facts.append(f"position ({how}): {self.position}")
        if self.missing:
            facts.append("not stated: " + "; ".join(self.missing))
        if facts:
            out.append("; ".join(facts))
        return out

    def contract(self) -> dict[str, Any]:
        """The ``reading`` field of the answer contract."""
        data = self.model_dump(mode="json", exclude={"canonical"})
        data["lines"] = self.lines()
        return data


_RETURNS = ("bounc", "flicker", "blink", "return", "exile and return")


def _claim_fits(claim: Claim, verdict: str) -> bool:
    if verdict in ("yes", "no"):
        return claim.positive is not None and claim.positive == (verdict == "yes")
    return claim.number is not None and str(claim.number) == verdict
