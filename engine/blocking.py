"""Declaring blockers: restrictions, 'must be blocked if able' requirements and their maximum (CR 509.1c)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from engine.abilities import BlockRestriction, Keyword, MustBeBlocked
from engine.errors import IllegalActionError
from engine.model import GameState, Permanent
from engine.ruling import Rule, Ruling, Trace
from engine.value import Value

# Assignments tried at most; (attackers + 1) ** blockers grows fast.
MAX_ASSIGNMENTS = 50_000

Assignment = Mapping[str, str | None]


class Attacker(Value):
    """An attacking creature and what constrains blocking it."""

    name: str
    must_be_blocked: bool = False
    by_all: bool = False
    flying: bool = False
    menace: bool = False
    card: str | None = None
    # Keywords one of which each blocker needs ("can't be blocked except by creatures with
    # flying or reach"), and how many creatures may block it (CR 509.1b).
    only_by: tuple[str, ...] = ()
    min_blockers: int = 1
    max_blockers: int | None = None
    # "must be blocked by an Eldrazi if able": one requirement, met only by a blocker of
    # this creature type (CR 509.1c).
    blocked_by_type: str | None = None

    @classmethod
    def from_permanent(
        cls,
        perm: Permanent,
        must_be_blocked: bool = False,
        by_all: bool = False,
        attached: Sequence[Permanent] = (),
    ) -> Attacker:
        """``attached`` are the Auras and Equipment on it: 'enchanted/equipped creature must be
        blocked' requirements come from them."""
        names = _keywords(perm)
        mbb = [a for a in perm.abilities if isinstance(a, MustBeBlocked) and a.subject == "self"]
        for host in attached:
            kind = "equipped" if "Equipment" in host.subtypes else "enchanted"
            mbb += [a for a in host.abilities if isinstance(a, MustBeBlocked) and a.subject == kind]
        limits = _restrictions(perm)
        maxima = [r.max_blockers for r in limits if r.max_blockers is not None]
        typed = next((a.by_type for a in mbb if a.by_type), None)
        return cls(
            name=perm.name,
            blocked_by_type=typed,
            must_be_blocked=must_be_blocked or any(not a.by_all and not a.by_type for a in mbb),
            by_all=by_all or any(a.by_all for a in mbb),
            flying="flying" in names,
            menace="menace" in names,
            card=perm.card.name if perm.card else None,
            only_by=tuple(k for r in limits for k in r.only_by),
            min_blockers=max([1, *(r.min_blockers for r in limits)]),
            max_blockers=min(maxima) if maxima else None,
        )

    @property
    def fewest(self) -> int:
        """The fewest creatures that may block it together (menace is two)."""
        return max(self.min_blockers, 2 if self.menace else 1)


class Blocker(Value):
    """A creature the defending player controls."""

    name: str
    tapped: bool = False
    can_block: bool = True
    flying: bool = False
    reach: bool = False
    must_block: bool = False
    # Provoke and "target creature blocks it this turn if able": a requirement to block this
    # one attacker, which blocking another attacker doesn't meet (CR 509.1c, 702.39a).
    must_block_attacker: str | None = None
    subtypes: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    # The Aura or Equipment whose "enchanted/equipped creature can't block" applies to it.
    restricted_by: str | None = None

    @classmethod
    def from_permanent(cls, perm: Permanent, attached: Sequence[Permanent] = ()) -> Blocker:
        """``attached`` are the Auras and Equipment on it: their 'enchanted/equipped creature
        can't block' restrictions apply to it."""
        names = _keywords(perm)
        text = perm.card.oracle_text.casefold() if perm.card else ""
        host = next(
            (
                h.name
                for h in attached
                for a in h.abilities
                if isinstance(a, BlockRestriction)
                and a.cant_block
                and a.subject == ("equipped" if "Equipment" in h.subtypes else "enchanted")
            ),
            None,
        )
        return cls(
            name=perm.name,
            tapped=perm.tapped,
            restricted_by=host,
            can_block="can't block" not in names
            and host is None
            and not any(r.cant_block for r in _restrictions(perm)),
            flying="flying" in names,
            reach="reach" in names,
            must_block="blocks each combat if able" in names
            or "blocks each combat if able" in text,
            keywords=frozenset(names),
            subtypes=perm.subtypes,
        )


def _a(noun: str) -> str:
    return ("an " if noun[:1].casefold() in "aeiou" else "a ") + noun


def _keywords(perm: Permanent) -> set[str]:
    return {a.name.casefold() for a in perm.abilities if isinstance(a, Keyword)}


def _restrictions(perm: Permanent) -> list[BlockRestriction]:
    return [a for a in perm.abilities if isinstance(a, BlockRestriction) and a.subject == "self"]


def can_block(blocker: Blocker, attacker: Attacker) -> tuple[bool, Rule | None, str]:
    """Whether this one creature may block that attacker, ignoring other blockers."""
    if blocker.tapped:
        return False, Rule.BLOCKERS_UNTAPPED, f"{blocker.name} is tapped and can't block"
    if not blocker.can_block:
        if blocker.restricted_by:
            return (
                False,
                Rule.BLOCK_RESTRICTIONS,
                f"{blocker.restricted_by} is attached to {blocker.name} and says it can't block",
            )
        return False, Rule.BLOCK_RESTRICTIONS, f"{blocker.name} can't block"
    if attacker.flying and not (blocker.flying or blocker.reach):
        return (
            False,
            Rule.FLYING,
            f"{blocker.name} has neither flying nor reach to block {attacker.name}",
        )
    if attacker.only_by:
        has = set(blocker.keywords) | {
            k for k, on in (("flying", blocker.flying), ("reach", blocker.reach)) if on
        }
        if not has & set(attacker.only_by):
            return (
                False,
                Rule.BLOCK_RESTRICTIONS,
                f"{attacker.name} can't be blocked except by creatures with "
                f"{' or '.join(attacker.only_by)}, and {blocker.name} has none of them",
            )
    return True, None, ""


def _legal(attackers: Sequence[Attacker], assignment: Assignment) -> bool:
    for a in attackers:
        count = sum(1 for v in assignment.values() if v == a.name)
        if count and count < a.fewest:
            return False
        if a.max_blockers is not None and count > a.max_blockers:
            return False
    return True


def requirements_obeyed(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker], assignment: Assignment
) -> int:
    """Requirements obeyed: one per 'must be blocked' attacker that is blocked (by a creature
    of the named type, if it names one), one per creature able to block a 'block it if able'
    (Lure) attacker that does block it, one per 'blocks each combat if able' creature that
    blocks, and one per provoked creature that blocks the attacker that provoked it."""
    obeyed = sum(1 for b in blockers if b.must_block and assignment.get(b.name) is not None)
    obeyed += sum(
        1
        for b in blockers
        if b.must_block_attacker is not None
        and assignment.get(b.name) == b.must_block_attacker
        and any(a.name == b.must_block_attacker for a in attackers)
    )
    for a in attackers:
        if a.must_be_blocked and any(v == a.name for v in assignment.values()):
            obeyed += 1
        if a.blocked_by_type is not None and any(
            assignment.get(b.name) == a.name and a.blocked_by_type in b.subtypes for b in blockers
        ):
            obeyed += 1
        if a.by_all:
            for b in blockers:
                if can_block(b, a)[0] and assignment.get(b.name) == a.name:
                    obeyed += 1
    return obeyed


def legal_assignments(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker]
) -> list[dict[str, str | None]]:
    """Every blocker declaration that breaks no restriction (CR 509.1a-b), bounded in size."""
    options: list[list[str | None]] = []
    for b in blockers:
        opts: list[str | None] = [None]
        opts.extend(a.name for a in attackers if can_block(b, a)[0])
        options.append(opts)
    size = 1
    for opts in options:
        size *= len(opts)
    if size > MAX_ASSIGNMENTS:
        raise IllegalActionError(f"too many possible blocks to check ({size})")
    out: list[dict[str, str | None]] = []
    for combo in itertools.product(*options):
        assignment = {b.name: choice for b, choice in zip(blockers, combo, strict=True)}
        if _legal(attackers, assignment):
            out.append(assignment)
    return out


def maximal_assignments(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker]
) -> tuple[list[dict[str, str | None]], int]:
    """The legal declarations obeying the most requirements, and that number (CR 509.1c)."""
    legal = legal_assignments(attackers, blockers)
    scored = [(requirements_obeyed(attackers, blockers, a), a) for a in legal]
    best = max((s for s, _ in scored), default=0)
    return [a for s, a in scored if s == best], best


def _explain(t: Trace, attackers: Sequence[Attacker], blockers: Sequence[Blocker]) -> None:
    for a in attackers:
        if a.must_be_blocked:
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"{a.name} must be blocked if able: one requirement, met by a single blocker.",
                a.card,
            )
        if a.by_all:
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"Every creature able to block {a.name} has a requirement to block it.",
                a.card,
            )
        if a.blocked_by_type is not None:
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"{a.name} must be blocked by {_a(a.blocked_by_type)} if "
                "able: one requirement, met by a single blocker of that type.",
                a.card,
            )
        if a.menace:
            t.step(Rule.MENACE, f"{a.name} can't be blocked except by two or more creatures.")
        if a.min_blockers > 1:
            t.step(
                Rule.BLOCK_RESTRICTIONS,
                f"{a.name} can't be blocked except by {a.min_blockers} or more creatures.",
                a.card,
            )
        if a.max_blockers is not None:
            t.step(
                Rule.BLOCK_RESTRICTIONS,
                f"{a.name} can't be blocked by more than {a.max_blockers} creature(s).",
                a.card,
            )
    for b in blockers:
        if b.must_block:
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"{b.name} blocks each combat if able: one requirement, met if it blocks any "
                "attacker.",
            )
        if b.must_block_attacker is not None:
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"{b.name} must block {b.must_block_attacker} if able: one requirement, met only "
                f"if it blocks {b.must_block_attacker}, not another attacker.",
            )
        for a in attackers:
            ok, rule, why = can_block(b, a)
            if not ok:
                t.step(rule, why + ".")
                break


def solve(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker]
) -> tuple[dict[str, str | None], Ruling]:
    """A legal declaration obeying as many requirements as possible; verdict is that number."""
    t = Trace()
    _explain(t, attackers, blockers)
    best, obeyed = maximal_assignments(attackers, blockers)
    chosen = min(best, key=lambda a: sum(v is not None for v in a.values()))
    blocks = ", ".join(f"{b} blocks {a}" for b, a in chosen.items() if a) or "no blocks"
    t.step(
        Rule.BLOCK_REQUIREMENTS,
        f"At most {obeyed} requirement(s) can be obeyed without breaking a restriction; "
        f"for example: {blocks}.",
    )
    return chosen, t.ruling(str(obeyed))


def holds_always(
    attackers: Sequence[Attacker],
    blockers: Sequence[Blocker],
    claim: Callable[[Assignment], bool],
    claim_text: str,
) -> Ruling:
    """Must ``claim`` hold in every legal declaration that obeys the most requirements?"""
    t = Trace()
    _explain(t, attackers, blockers)
    best, obeyed = maximal_assignments(attackers, blockers)
    t.step(
        Rule.BLOCK_REQUIREMENTS,
        f"A declaration must obey the most requirements possible without breaking a restriction: {obeyed}.",
    )
    counter = next((a for a in best if not claim(a)), None)
    if counter is None:
        t.step(
            Rule.BLOCK_REQUIREMENTS, f"So it is required: every such declaration has {claim_text}."
        )
        return t.ruling("yes")
    blocks = ", ".join(f"{b} blocks {a}" for b, a in counter.items() if a) or "no blocks"
    t.step(
        Rule.BLOCK_REQUIREMENTS,
        f"So it isn't required: the legal declaration '{blocks}' obeys just as many requirements "
        f"without {claim_text}.",
    )
    return t.ruling("no")


def all_must_block(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker], attacker: str
) -> Ruling:
    """Must every creature able to block ``attacker`` block it?"""
    target = next(a for a in attackers if a.name == attacker)
    able = [b.name for b in blockers if can_block(b, target)[0]]
    return holds_always(
        attackers,
        blockers,
        lambda asg: all(asg.get(n) == attacker for n in able),
        f"every creature able to block {attacker} blocking it",
    )


def must_block_with(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker], attacker: str, blocker: str
) -> Ruling:
    """Must this particular creature block ``attacker``?"""
    return holds_always(
        attackers,
        blockers,
        lambda asg: asg.get(blocker) == attacker,
        f"{blocker} blocking {attacker}",
    )


def min_blockers(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker], attacker: str
) -> Ruling:
    """The fewest creatures that must block ``attacker`` in a declaration obeying the most requirements."""
    t = Trace()
    _explain(t, attackers, blockers)
    best, obeyed = maximal_assignments(attackers, blockers)
    fewest = min(sum(1 for v in a.values() if v == attacker) for a in best)
    t.step(
        Rule.BLOCK_REQUIREMENTS,
        f"Obeying the most requirements ({obeyed}) needs at least {fewest} blocker(s) on {attacker}.",
    )
    return t.ruling(str(fewest))


def is_legal(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker], assignment: Assignment
) -> Ruling:
    """Is this blocker declaration legal (restrictions, then the requirement maximum)?"""
    t = Trace()
    _explain(t, attackers, blockers)
    by_name = {a.name: a for a in attackers}
    for b in blockers:
        choice = assignment.get(b.name)
        if choice is None:
            continue
        ok, rule, why = can_block(b, by_name[choice])
        if not ok:
            t.step(rule, why + ", so the declaration is illegal.")
            return t.ruling("no")
    if not _legal(attackers, assignment):
        for a in attackers:
            count = sum(1 for v in assignment.values() if v == a.name)
            if count and count < a.fewest:
                rule = Rule.MENACE if a.menace and a.min_blockers < 2 else Rule.BLOCK_RESTRICTIONS
                t.step(
                    rule,
                    f"{a.name} can't be blocked except by {a.fewest} or more creatures, and "
                    f"{count} would block it.",
                )
            elif a.max_blockers is not None and count > a.max_blockers:
                t.step(
                    Rule.BLOCK_RESTRICTIONS,
                    f"{a.name} can't be blocked by more than {a.max_blockers} creature(s), and "
                    f"{count} would block it.",
                )
        return t.ruling("no")
    _, best = maximal_assignments(attackers, blockers)
    obeyed = requirements_obeyed(attackers, blockers, assignment)
    if obeyed < best:
        t.step(
            Rule.BLOCK_REQUIREMENTS,
            f"It obeys {obeyed} requirement(s) but {best} could be obeyed, so it is illegal.",
        )
        return t.ruling("no")
    if best:
        t.step(
            Rule.BLOCK_REQUIREMENTS,
            f"It obeys the most requirements possible ({best}) and breaks no restriction.",
        )
    else:
        t.step(Rule.BLOCK_REQUIREMENTS, "No requirement to block applies here.")
        t.step(Rule.BLOCK_RESTRICTIONS, "It breaks no blocking restriction, so the block is legal.")
    return t.ruling("yes")


def from_state(
    state: GameState, attackers: Sequence[str] = ()
) -> tuple[list[Attacker], list[Blocker]]:
    """The attackers (named, or those marked attacking) and the defending player's creatures."""
    chosen = (
        [state.find(n) for n in attackers]
        if attackers
        else [p for p in state.battlefield if p.attacking and not p.phased_out]
    )
    if not chosen:
        raise IllegalActionError("no attacking creature is named or marked [attacking]")
    attacking_player = chosen[0].controller
    out_attackers = [Attacker.from_permanent(p, attached=state.attached(p.name)) for p in chosen]
    blockers = [
        Blocker.from_permanent(p)
        for p in state.battlefield
        if p.is_creature and not p.phased_out and p.controller != attacking_player
    ]
    return out_attackers, blockers
