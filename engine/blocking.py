"""Declaring blockers: restrictions, 'must be blocked if able' requirements and their maximum (CR 509.1c)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from engine.abilities import BlockRestriction, Keyword, MustBeBlocked, MustBlock
from engine.errors import IllegalActionError
from engine.model import GameState, Permanent
from engine.ruling import Rule, Ruling, Trace
from engine.value import Value

# Assignments tried at most; (attackers + 1) ** blockers grows fast.
MAX_ASSIGNMENTS = 50_000

# Each blocker's choice: None, the one attacker it blocks, or several when it may block more
# than one ("can block an additional creature each combat").
Choice = str | tuple[str, ...] | None
Assignment = Mapping[str, Choice]


def targets(choice: Choice) -> tuple[str, ...]:
    """The attackers a blocker's choice blocks."""
    if choice is None:
        return ()
    return (choice,) if isinstance(choice, str) else choice


def blocks(assignment: Assignment, blocker: str, attacker: str) -> bool:
    """Whether ``blocker`` blocks ``attacker`` in this declaration."""
    return attacker in targets(assignment.get(blocker))


def _count(assignment: Assignment, attacker: str) -> int:
    return sum(1 for v in assignment.values() if attacker in targets(v))


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
    # "can't be blocked by creatures with power 2 or less" / "power 3 or greater" (CR 509.1b).
    power_at_most: int | None = None
    power_at_least: int | None = None
    # "must be blocked by two or more creatures if able" (Gorm the Great): one requirement,
    # met only when at least this many creatures block it (CR 509.1c).
    at_least: int = 1
    # "All creatures with flying able to block it do so": only creatures with this keyword (or
    # of this creature type, capitalised) have the requirement to block it.
    by_all_with: str = ""

    @property
    def by_power(self) -> bool:
        """Whether a blocker's power decides if it may block this attacker."""
        return self.power_at_most is not None or self.power_at_least is not None

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
        counted = [a.at_least for a in mbb if a.at_least > 1 and not a.by_all]
        qualified = next((a.by_all_with for a in mbb if a.by_all and a.by_all_with), "")
        at_most = [r.power_at_most for r in limits if r.power_at_most is not None]
        at_least = [r.power_at_least for r in limits if r.power_at_least is not None]
        return cls(
            power_at_most=max(at_most) if at_most else None,
            power_at_least=min(at_least) if at_least else None,
            name=perm.name,
            blocked_by_type=typed,
            must_be_blocked=must_be_blocked
            or any(not a.by_all and not a.by_type and a.at_least == 1 for a in mbb),
            by_all=by_all or any(a.by_all for a in mbb),
            at_least=max(counted, default=1),
            by_all_with="" if by_all else qualified,
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
    # The requirement is a provoke trigger's, which also untapped it (CR 702.39a).
    provoked: bool = False
    subtypes: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    # The Aura or Equipment whose "enchanted/equipped creature can't block" applies to it.
    restricted_by: str | None = None
    # How many attackers it may block: one, more ("can block an additional creature each
    # combat"), or any number (None).
    capacity: int | None = 1
    # "can block only creatures with flying": a keyword each attacker it blocks needs.
    blocks_only: tuple[str, ...] = ()
    power: int | None = None

    @classmethod
    def from_permanent(
        cls, perm: Permanent, attached: Sequence[Permanent] = (), everyone_blocks: bool = False
    ) -> Blocker:
        """``attached`` are the Auras and Equipment on it: their 'enchanted/equipped creature
        can't block' restrictions apply to it. ``everyone_blocks``: an effect says all
        creatures block each combat if able."""
        names = _keywords(perm)
        limits = _restrictions(perm)
        extra = [r.extra_blocks for r in limits if r.extra_blocks != 0]
        capacity = None if None in extra else 1 + sum(e for e in extra if e is not None)
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
            capacity=capacity,
            blocks_only=tuple(k for r in limits for k in r.blocks_only),
            power=perm.current_power,
            can_block="can't block" not in names
            and host is None
            and not any(r.cant_block for r in _restrictions(perm)),
            flying="flying" in names,
            reach="reach" in names,
            must_block=everyone_blocks
            or "blocks each combat if able" in names
            or any(
                isinstance(a, MustBlock) and a.subject == "self" and not a.attacker
                for a in perm.abilities
            )
            or "blocks each combat if able" in text,
            must_block_attacker=next(
                (a.attacker for a in perm.abilities if isinstance(a, MustBlock) and a.attacker),
                None,
            ),
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
    if blocker.blocks_only:
        has = {k for k, on in (("flying", attacker.flying), ("menace", attacker.menace)) if on}
        if not has & set(blocker.blocks_only):
            return (
                False,
                Rule.BLOCK_RESTRICTIONS,
                f"{blocker.name} can block only creatures with {' or '.join(blocker.blocks_only)}, "
                f"and {attacker.name} has none",
            )
    if attacker.by_power and blocker.power is None:
        # Which creatures may block it depends on a power nobody stated.
        raise IllegalActionError(
            f"{attacker.name} can't be blocked by creatures of some powers, and the power of "
            f"{blocker.name} isn't known"
        )
    if blocker.power is not None:
        low, high = attacker.power_at_most, attacker.power_at_least
        if (low is not None and blocker.power <= low) or (
            high is not None and blocker.power >= high
        ):
            bound = f"{low} or less" if low is not None else f"{high} or greater"
            return (
                False,
                Rule.BLOCK_RESTRICTIONS,
                f"{attacker.name} can't be blocked by creatures with power {bound}, and "
                f"{blocker.name} has power {blocker.power}",
            )
    return True, None, ""


def bound_to(blocker: Blocker, attacker: Attacker) -> bool:
    """Whether an 'all creatures able to block it do so' requirement falls on this blocker:
    every creature, or only those with the keyword or creature type it names."""
    want = attacker.by_all_with
    if not attacker.by_all or not want:
        return attacker.by_all
    if want[:1].isupper():
        return want in blocker.subtypes
    has = set(blocker.keywords) | {
        k for k, on in (("flying", blocker.flying), ("reach", blocker.reach)) if on
    }
    return want in has


def _legal(attackers: Sequence[Attacker], assignment: Assignment) -> bool:
    for a in attackers:
        count = _count(assignment, a.name)
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
    obeyed = sum(1 for b in blockers if b.must_block and targets(assignment.get(b.name)))
    obeyed += sum(
        1
        for b in blockers
        if b.must_block_attacker is not None
        and blocks(assignment, b.name, b.must_block_attacker)
        and any(a.name == b.must_block_attacker for a in attackers)
    )
    for a in attackers:
        if a.must_be_blocked and _count(assignment, a.name):
            obeyed += 1
        if a.blocked_by_type is not None and any(
            blocks(assignment, b.name, a.name) and a.blocked_by_type in b.subtypes for b in blockers
        ):
            obeyed += 1
        if a.at_least > 1 and _count(assignment, a.name) >= a.at_least:
            obeyed += 1
        if a.by_all:
            for b in blockers:
                if bound_to(b, a) and can_block(b, a)[0] and blocks(assignment, b.name, a.name):
                    obeyed += 1
    return obeyed


def _options(b: Blocker, attackers: Sequence[Attacker]) -> list[Choice]:
    """What one blocker may choose: no block, one attacker, or as many as it may block."""
    able = [a.name for a in attackers if can_block(b, a)[0]]
    most = len(able) if b.capacity is None else min(b.capacity, len(able))
    opts: list[Choice] = [None, *able]
    for k in range(2, most + 1):
        opts.extend(itertools.combinations(able, k))
    return opts


def legal_assignments(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker]
) -> list[dict[str, Choice]]:
    """Every blocker declaration that breaks no restriction (CR 509.1a-b), bounded in size."""
    options = [_options(b, attackers) for b in blockers]
    size = 1
    for opts in options:
        size *= len(opts)
    if size > MAX_ASSIGNMENTS:
        raise IllegalActionError(f"too many possible blocks to check ({size})")
    out: list[dict[str, Choice]] = []
    for combo in itertools.product(*options):
        assignment = {b.name: choice for b, choice in zip(blockers, combo, strict=True)}
        if _legal(attackers, assignment):
            out.append(assignment)
    return out


def maximal_assignments(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker]
) -> tuple[list[dict[str, Choice]], int]:
    """The legal declarations obeying the most requirements, and that number (CR 509.1c)."""
    legal = legal_assignments(attackers, blockers)
    scored = [(requirements_obeyed(attackers, blockers, a), a) for a in legal]
    best = max((s for s, _ in scored), default=0)
    return [a for s, a in scored if s == best], best


def _declaration(assignment: Assignment) -> str:
    """A declaration in words: "Wall blocks Bear, Ox blocks Elk and Bear"."""
    said = [f"{b} blocks {' and '.join(targets(v))}" for b, v in assignment.items() if targets(v)]
    return ", ".join(said) or "no blocks"


def _explain(t: Trace, attackers: Sequence[Attacker], blockers: Sequence[Blocker]) -> None:
    for a in attackers:
        if a.must_be_blocked:
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"{a.name} must be blocked if able: one requirement, met by a single blocker.",
                a.card,
            )
        if a.by_all:
            who = (
                ""
                if not a.by_all_with
                else f" that is {_a(a.by_all_with)}"
                if a.by_all_with[:1].isupper()
                else f" with {a.by_all_with}"
            )
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"Every creature{who} able to block {a.name} has a requirement to block it.",
                a.card,
            )
        if a.at_least > 1:
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"{a.name} must be blocked by {a.at_least} or more creatures if able: another "
                f"requirement, met only when at least {a.at_least} creatures block it.",
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
        if b.provoked and b.must_block_attacker is not None:
            t.step(
                Rule.PROVOKE,
                f"The provoke trigger untapped {b.name}, and it must block "
                f"{b.must_block_attacker} if able.",
            )
        if b.must_block_attacker is not None:
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"{b.name} must block {b.must_block_attacker} if able: one requirement, met only "
                f"if it blocks {b.must_block_attacker}, not another attacker.",
            )
        if b.capacity != 1:
            many = "any number of" if b.capacity is None else f"up to {b.capacity}"
            t.step(
                Rule.BLOCKERS_UNTAPPED,
                f"{b.name} may block {many} attacking creatures, not just one.",
            )
        for a in attackers:
            ok, rule, why = can_block(b, a)
            if not ok:
                t.step(rule, why + ".")
                break


def solve(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker]
) -> tuple[dict[str, Choice], Ruling]:
    """A legal declaration obeying as many requirements as possible; verdict is that number."""
    t = Trace()
    _explain(t, attackers, blockers)
    best, obeyed = maximal_assignments(attackers, blockers)
    chosen = min(best, key=lambda a: sum(len(targets(v)) for v in a.values()))
    t.step(
        Rule.BLOCK_REQUIREMENTS,
        f"At most {obeyed} requirement(s) can be obeyed without breaking a restriction; "
        f"for example: {_declaration(chosen)}.",
    )
    return chosen, t.ruling(str(obeyed))


def _most_obeyed(
    t: Trace, attackers: Sequence[Attacker], blockers: Sequence[Blocker]
) -> list[dict[str, Choice]]:
    """The declarations that obey the most requirements, with the steps that say so."""
    _explain(t, attackers, blockers)
    best, obeyed = maximal_assignments(attackers, blockers)
    t.step(
        Rule.BLOCK_REQUIREMENTS,
        f"A declaration must obey the most requirements possible without breaking a restriction: {obeyed}.",
    )
    return best


def holds_always(
    attackers: Sequence[Attacker],
    blockers: Sequence[Blocker],
    claim: Callable[[Assignment], bool],
    claim_text: str,
) -> Ruling:
    """Must ``claim`` hold in every legal declaration that obeys the most requirements?"""
    t = Trace()
    best = _most_obeyed(t, attackers, blockers)
    counter = next((a for a in best if not claim(a)), None)
    if counter is None:
        t.step(
            Rule.BLOCK_REQUIREMENTS, f"So it is required: every such declaration has {claim_text}."
        )
        return t.ruling("yes")
    t.step(
        Rule.BLOCK_REQUIREMENTS,
        f"So it isn't required: the legal declaration '{_declaration(counter)}' obeys just as many requirements "
        f"without {claim_text}.",
    )
    return t.ruling("no")


def possible(
    attackers: Sequence[Attacker],
    blockers: Sequence[Blocker],
    claim: Callable[[Assignment], bool],
    claim_text: str,
) -> Ruling:
    """Does some legal declaration that obeys the most requirements have ``claim``?"""
    t = Trace()
    best = _most_obeyed(t, attackers, blockers)
    found = next((a for a in best if claim(a)), None)
    if found is None:
        t.step(
            Rule.BLOCK_REQUIREMENTS,
            f"So it can't be done: no declaration obeying that many requirements has {claim_text}.",
        )
        return t.ruling("no")
    t.step(
        Rule.BLOCK_REQUIREMENTS,
        f"So it can be done: the legal declaration '{_declaration(found)}' has {claim_text}.",
    )
    return t.ruling("yes")


def all_must_block(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker], attacker: str
) -> Ruling:
    """Must every creature able to block ``attacker`` block it?"""
    target = next(a for a in attackers if a.name == attacker)
    able = [
        b.name
        for b in blockers
        if can_block(b, target)[0] and (not target.by_all_with or bound_to(b, target))
    ]
    return holds_always(
        attackers,
        blockers,
        lambda asg: all(blocks(asg, n, attacker) for n in able),
        f"every creature able to block {attacker} blocking it",
    )


def must_block_with(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker], attacker: str, blocker: str
) -> Ruling:
    """Must this particular creature block ``attacker``?"""
    return holds_always(
        attackers,
        blockers,
        lambda asg: blocks(asg, blocker, attacker),
        f"{blocker} blocking {attacker}",
    )


def min_blockers(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker], attacker: str
) -> Ruling:
    """The fewest creatures that must block ``attacker`` in a declaration obeying the most requirements."""
    t = Trace()
    _explain(t, attackers, blockers)
    best, obeyed = maximal_assignments(attackers, blockers)
    fewest = min(_count(a, attacker) for a in best)
    t.step(
        Rule.BLOCK_REQUIREMENTS,
        f"Obeying the most requirements ({obeyed}) needs at least {fewest} blocker(s) on {attacker}.",
    )
    return t.ruling(str(fewest))


def block_triggers(
    attackers: Sequence[Attacker],
    blockers: Sequence[Blocker],
    attacker: str,
    per_blocker: bool,
    stated: int | None = None,
) -> Ruling:
    """How many times ``attacker``'s 'becomes blocked' ability triggers: once per blocker for
    'becomes blocked by a creature' (CR 509.3d), else once if it is blocked at all (509.3c).
    The blockers are ``stated``, or the count every declaration obeying the most
    requirements has."""
    t = Trace()
    if stated is None:
        _explain(t, attackers, blockers)
        best, obeyed = maximal_assignments(attackers, blockers)
        counts = {_count(a, attacker) for a in best}
        if len(counts) != 1:
            t.step(
                Rule.BLOCK_REQUIREMENTS,
                f"Obeying the most requirements ({obeyed}) leaves the defending player free to "
                f"block {attacker} with {min(counts)} to {max(counts)} creatures.",
            )
            return t.ruling(None, missing=(f"how many creatures block {attacker}",))
        stated = counts.pop()
        t.step(
            Rule.BLOCK_REQUIREMENTS,
            f"Every declaration obeying the most requirements ({obeyed}) has {stated} "
            f"creature(s) blocking {attacker}.",
        )
    if per_blocker:
        t.step(
            Rule.TRIGGER_OCCURRENCES,
            "One declaration of blockers holds one occurrence of the trigger event for each "
            "creature blocking it.",
        )
        t.step(
            Rule.BLOCKED_BY_A_CREATURE_TRIGGER,
            f"'Whenever it becomes blocked by a creature' triggers once for each creature that "
            f"blocks it: {stated} time(s).",
        )
        return t.ruling(str(stated))
    times = 1 if stated else 0
    t.step(
        Rule.BECOMES_BLOCKED_TRIGGER,
        f"'Whenever it becomes blocked' triggers once however many creatures block it: "
        f"{times} time(s).",
    )
    return t.ruling(str(times))


def is_legal(
    attackers: Sequence[Attacker], blockers: Sequence[Blocker], assignment: Assignment
) -> Ruling:
    """Is this blocker declaration legal (restrictions, then the requirement maximum)?"""
    t = Trace()
    _explain(t, attackers, blockers)
    by_name = {a.name: a for a in attackers}
    for b in blockers:
        chosen = targets(assignment.get(b.name))
        if len(chosen) > 1 and (b.capacity is not None and len(chosen) > b.capacity):
            t.step(
                Rule.BLOCKERS_UNTAPPED,
                f"{b.name} can block only "
                + (
                    "one attacking creature"
                    if b.capacity == 1
                    else f"{b.capacity} attacking creatures"
                )
                + ", so the declaration is illegal.",
            )
            return t.ruling("no")
        for choice in chosen:
            ok, rule, why = can_block(b, by_name[choice])
            if not ok:
                t.step(rule, why + ", so the declaration is illegal.")
                return t.ruling("no")
    if not _legal(attackers, assignment):
        for a in attackers:
            count = _count(assignment, a.name)
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
    everyone = any(
        isinstance(a, MustBlock) and a.subject == "each"
        for p in state.battlefield
        if not p.phased_out
        for a in p.abilities
    )
    blockers = [
        Blocker.from_permanent(p, attached=state.attached(p.name), everyone_blocks=everyone)
        for p in state.battlefield
        if p.is_creature and not p.phased_out and p.controller != attacking_player
    ]
    return out_attackers, blockers
