"""Tapping family: the {T} and {Q} symbols, summoning sickness and haste, attacking, blocking, crew and convoke."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from bot.ask.lexicon import Phrase
from bot.ask.lexicon import load as load_lexicon
from bot.ask.question import CardMention, Question, Scenario, compiled
from engine import effects as eff
from engine import tapping as tp
from engine.abilities import Ability, Activated, Cost, GrantedManaAbility, Keyword, ParsedFace
from engine.card import TypeLine
from engine.lazyre import lazy
from engine.model import OPPONENT, YOU, GameState, Permanent
from engine.render import possessive
from engine.ruling import Rule, Ruling, Step

# A cost part that needs the card in another zone ("Exile this card from your hand").
_FROM_A_ZONE = lazy(r"\bfrom your (hand|graveyard|library)\b", re.I)

_PERMANENT_TYPES = frozenset(
    {"Creature", "Artifact", "Enchantment", "Land", "Planeswalker", "Battle"}
)
_HASTE = Keyword(name="haste", text="Haste")
_AS_THOUGH_HASTE = Keyword(name=tp.AS_THOUGH_HASTE, text="as though it had haste")
# Thousand-Year Elixir, Concordant Crossroads' opposite: abilities only, not attacking.
# "as though it had haste", "as though my creatures had haste", "as if they had haste".
_AS_THOUGH = lazy(r"\bas (?:though|if) (?:[\w']+ ){1,3}?had haste\b", re.I)
# Words in a card's unparsed text that bear on tapping, untapping or summoning sickness.
_RELEVANT_TEXT = lazy(r"\b(tap|taps|tapped|untap|untaps|haste|summoning|as though)\b", re.I)
_ENTERS_TAPPED = lazy(r"\benters( the battlefield)? tapped\b", re.I)
# An effect of another object that taps or untaps a creature it targets.
_TAPS_TARGET = lazy(
    r"\b(tap|untap) (up to (one|two|three|\w+) )?(another )?target ([^.;]*?)(\.|;| and |$)", re.I
)
# An effect putting something onto the battlefield, and what it says after "battlefield".
_ONTO_BATTLEFIELD = lazy(
    r"\b(return|returns|put|puts)\b[^.]*?\b(to|onto) the battlefield\b([^.]*)", re.I
)
_PLAIN_TARGET_WORDS = frozenset(
    {"creature", "creatures", "permanent", "permanents", "artifact", "land", "or", "an", "a"}
    | {"opponent", "controls", "you", "control", ",", "that", "player"}
)

# What the question says about how long the permanent has been under its controller's control.
_NEW = (
    r"\bthe (same )?turn (i|you|u|we|they|he|she|it|my opponent)\b[^.?!]{0,20}\b"
    r"(cast|casts|play|plays|played|enter|enters|entered|came|comes|come|summon|summoned|"
    r"put|drop|dropped|resolve|resolved|resolves|gave|gives|give|donated|donates|handed|hands|"
    r"make|made|create|created)",
    r"\bturn (it|that it|they) (enter|enters|entered|came|comes|come|resolved)",
    r"\bturn (it's|its|it is|it was|they're|they are|they were) (cast|played|summoned|put|made|"
    r"created)\b",
    r"\b(just|only just|recently|newly|freshly) (cast|played|entered|came|summoned|resolved|put|"
    r"took|stole|gained|grabbed|borrowed|swiped|snagged)\b",
    r"\b(cast|casted|played|summoned|dropped)\b[^.?!,;]{0,40}\b(just now|a moment ago)\b",
    r"\b(cast|casted|played|summoned|entered|enters|put|dropped|gained|got|took|stole|stolen|"
    r"created|made|create|make|gave me|given to me|donated|returned|came back|blinked|flickered|"
    r"came in|came into play|came into the battlefield|came out|resolved)\b"
    # No other turn between: "played it last turn, animated it this turn" isn't new.
    r"(?:(?!\bturns?\b)[^.?!]){0,40}\bthis turn\b",
    r"\bthis turn\b[^.?!;]{0,20}\b(cast|played|entered|came)",
    r"(?<!not )(?<!no longer )(?<!isn't )(?<!aren't )\bsummoning[ -]?sick(ness)?\b(?! (rule|wise))",
    r"\b(gain|gained|gains|gaining|take|takes|taking|took|taken|steal|steals|stole|stolen|get|gets|"
    r"getting|got) control\b",
    r"\b(steal|stole|stolen|borrowed|swiped)\b",
    r"\bentered (the battlefield )?this turn\b",
    r"\bcame (in|into play|out) this turn\b",
    r"\bon the turn (it|they) (enter|came)",
    r"\b(cast|play|played|resolve|resolves)\b[^.?!]{0,60}\b(right away|immediately|straight away|"
    r"at once|instantly)\b",
    # "Can Llanowar Elves tap for mana right away?": the turn it came in, said of the act.
    r"\b(tap|taps|attack|attacks|use|activate|ping)\b[^.?!;]{0,40}\b(right away|immediately|"
    r"straight away|instantly)\b",
    r"\b(came|come|comes) under (my|your|their|his|her) control\b[^.?!]{0,20}\bthis turn\b",
    # "If I flicker it, can it tap?": it returns as a new object now (400.7).
    r"\b(if|when|after|once) (i|you|u|we) (flicker|blink|flickered|blinked)\b",
    # "I cast it and tapped it the same turn", "my new Llanowar Elves".
    r"\b(cast|casted|played|summoned|dropped)\b[^.?!]{0,60}\b(the|that) same turn\b",
    r"\b(my|the|his|her|their) (brand )?new CARD\b",
)
# Timing told relative to another player's turn: whether the permanent is still "new" depends
# on whose turn began most recently, so the question is read as not saying.
_TURN_TOLD = (
    r"\b(opponent'?s|opponents'|their|his|her|other player'?s) turn\b",
    r"\b(my|your) next turn\b",
    r"\bon (my|your) turn\b",
    # "Next turn" alone: the turn after this one or its controller's next; these differ.
    r"(?<!my )(?<!your )(?<!our )(?<!until )(?<!until the )\b(next|following) turn\b",
    r"\bflash",
    # An extra turn is a new turn: what came in before it isn't new during it (500.7).
    r"\b(extra|additional|bonus) turns?\b|\b(take|takes|took|taking|get|gets|got) another turn\b",
)
# Control that went away and came back: since when the player has had it isn't said.
_CONTROL_BACK = (
    r"\b(give|gives|gave|giving|hand|hands|handed|return|returns|returned) (it|them|CARD) back\b",
    r"\bcontrol (of (it|them|CARD) )?back\b",
)
_OTHER_TURN = _TURN_TOLD + _CONTROL_BACK
# An extra phase or step within the turn (Sphinx of the Second Sun, Relentless Assault): not a
# new turn, so it doesn't end summoning sickness.
_LOSE_SICKNESS = (
    r"\b(lose|loses|lost|losing|get rid of|gets rid of|remove|removes|end|ends|cure|cures|"
    r"reset|resets|clear|clears|wear off|wears off) (the |their |its |my )?summoning[ -]?sick"
    r"|\bsummoning[ -]?sick(ness)? (wear|wears|go|goes) (off|away)\b"
    r"|\b(no longer|stop being|stops being) summoning[ -]?sick"
)
# A Vehicle that isn't crewed, and asking whether it must be crewed to attack or block.
_UNCREWED = (
    r"\buncrewed\b|\b(not|never|isn't|wasn't|hasn't been|has not been|without being|without) "
    r"crew(ed|ing)?\b|\b(don't|do not|didn't|did not|doesn't|never) crew\b"
)
_NEED_CREW = (
    r"\b(need|needs|have|has|must|got)( to)? (be crewed|crew (it|them|CARD|(my|the|a|your) \w+))"
    r"( first)? (to|in order to|before|for)\b"
)
# "Does Act of Treason give it haste?": what a named card's text does.
_GIVES_HASTE = (
    r"\b(does|do|will|would|should|can|doesn't|didn't|did) (CARD)('s? \w+)? (\w+ )?"
    r"(give|gives|grant|grants|provide|provides|confer|confers)\b[^?.]{0,30}\bhaste\b"
)
_SICK_MEANS_CANT = (
    r"\b(does|do|will|would) summoning[ -]?sick(ness)? mean (that )?[^?,]{0,30}"
    r"\b(can't|cannot|can not|isn't able to|is not able to)\b"
)
_EXTRA_PHASE = (
    r"\b(extra|additional|another|second|bonus) (beginning phase|untap step|upkeep|"
    r"combat|combat phase)\b"
)
_OLD = (
    r"\bsince (my|your|their|his|her|the|our) (last|previous|prior) turn\b",
    r"\bsince last turn\b",
    r"\b(last|previous|prior|earlier) turn\b",
    r"\bsince the (start|beginning) of (my|your|their|the) (most recent )?turn\b",
    r"\b(i've|i have|you've|you have|they've) (had|controlled) (it|them|this|that|CARD)\b",
    r"\bhad (it|them|CARD) (for|since)\b",
    r"\b(not|no longer|isn't|aren't|wasn't) summoning[ -]?sick\b",
    r"\bcontrolled (it |them |CARD )?(continuously )?since\b",
    r"\bturns? ago\b",
    # "My forests have been out all game", "a Forest I've had since turn 2".
    r"\b(been|was|were) (out|there|in play|on the battlefield) (all|the whole|the entire) game\b",
    r"\bsince turn (\d+|one|two|three|four|five)\b",
    r"\b(had|controlled|owned) (it |them |CARD )?for (turns|ages|a while|a long time|forever|"
    r"a bit|some time)\b",
    r"\bbeen (on the battlefield|out|in play|around|on (my|your|the) (side|board|field)) "
    r"(since|for|a while|a long time|ages|forever)\b",
    r"\bfor (a few|a couple( of)?|several|many|multiple|two|three|four|\d+) turns\b",
    r"\b(the |a )?turns? after (i|you|we) (cast|casted|played|play|summoned)\b",
    r"\b(cast|casted|played|summoned|dropped) (it|them|CARD) (the|a|one) turn (before|earlier)\b",
)
# The question says something tapped the permanent (an effect, or tapping it earlier).
_TAPPED_BY = (
    r"\btapped (it|them|CARD)\b",
    r"\b(tap|taps) (it|them|CARD) (down )?with\b",
    r"\b(if|after|once|when|since) (i|you|we|they) (tap|tapped)\b",
    r"\b(i|you|we) (already )?tapped\b",
    # "I tap it for mana to pay for its own animation": told, not asked.
    r"(?<!can )(?<!could )(?<!do )(?<!should )(?<!would )(?<!will )\b(i|we) tap (it|them|CARD) "
    r"((for mana|along|together) )?(with [^.?!]{0,40})?to pay\b",
)
_HASTE_FACT = (
    r"(?<!without )(?<!no )(?<!lacks )(?<!lacking )(?<!doesn't have )\bhaste\b|\bhasty\b|\bhasted\b"
)
# "an ability that doesn't have the tap symbol": the question is about the absence.
_NO_TAP = (
    r"\b(without|no|lacks?|lacking|with no|(does ?n[o']t|doesn't|does not|not) (have|use|"
    r"include|need|require)) (a |an |the )?(\{t\}|tap\b|tap symbol)"
)
_NO_HASTE = r"\b(without|no|lacks|lacking|doesn't have|does not have|hasn't got) haste\b"
# "The Elixir is basically haste", "it works like haste": haste as a likeness someone draws,
# the point in dispute, never a fact about the creature.
_LIKE_HASTE = lazy(
    r"\b(?:is|are|'s|isn't|aren't|means|equals)\s+(?:\w+\s+){0,2}?(?:basically|essentially|"
    r"just|like|the same as|same as|pretty much|kind of|kinda|sort of|practically|effectively|"
    r"equivalent to|as good as)\s+(?:giving\s+(?:it\s+)?)?haste\b"
    r"|\b(?:works?|acts?|counts?|functions?)\s+(?:just\s+)?(?:like|as)\s+haste\b"
)
# A named card said to give or be haste ("Elixir gives haste", "with Greaves it has haste"):
# what that card does is its text's to say, not the text's.
_CARD_HASTE = lazy(r"CARD(?:'s?)?(?:(?![.?!,;]|\b(?:so|and|but|then)\b).){0,40}?\bhaste\b")
_UNTAPS_LATER = (
    r"\b(if|once|after|when|until|unless) (it|they|CARD) (gets? )?(untap|untaps|untapped)\b"
    r"|\b(if|once|after|when) (i|you|we|they|he|she|my opponent) (first )?untaps? (it|them|CARD)\b"
)
# "if Serra Angel is tapped": the tapped state of the named card it follows.
_CARD_TAPPED = lazy(
    r"CARD,? (?:that |which |who )?(?:is|was|gets|got|becomes|became|being) (?:already )?"
    r"tapped\b|\btapped (?=CARD)"
)
# "Can my Elvish Mystic make mana...": activating its mana ability, whatever its cost is.
_MAKE_MANA = r"\b(make|makes|produce|produces|add|adds|generate|generates) (\w+ )?mana\b"
_MAKE_TYPE = (
    r"\b(make|makes|produce|produces|add|adds|generate|generates) ((\{[wubrgc]\})+|(white|blue|"
    r"black|red|green|colorless)\b)"
)
# A permanent the question says an opponent controls, and words that say control changed.
_OPPONENTS_PERMANENT = (
    r"\b(creature|permanent|artifact|land|CARD|elf|elves|dork)s? (that )?(my |an |the |their )?"
    r"opponents? (controls?|has|have)\b",
    r"\bopponents?'?s?'? (CARD|creatures?|permanents?|artifacts?|lands?|dorks?|elf|elves)\b",
)
# Cast without an alternative cost: "hard cast", "normally", "for its mana cost".
_HARD_CAST = (
    r"\bhard[- ]?cast|\bnormally\b|\bregular(ly)?\b|\b(its|the|full) mana cost\b|\bfull cost\b"
)
_NEGATORS = (
    r"without|not|no|never|didn't|don't|doesn't|won't|wasn't|isn't|instead of|rather than|"
    r"can't|couldn't|forgot to|forget to"
)
# A card that lets players other than its controller activate its ability, or that speaks of
# control: whose ability it is isn't plain.
_ANY_PLAYER = lazy(
    r"\bany player\b|\bopponents? may\b|\beach player may\b|\b(gain|gains|exchange) control\b|"
    r"\bcontrol of\b|\bdon't control\b|\bcontrols? enchanted\b",
    re.I,
)
# "Does Doubling Cube care about summoning sickness?": whether the rule restricts it.
_CARES_ABOUT_SICKNESS = (
    r"\b(care|cares|cared|caring|worry|worries) (about|for) (the )?summoning[ -]?sick"
)
_NEED_HASTE = (
    r"\b(need|needs|require|requires|have to have|has to have) haste (to|for|in order to)\b"
)
_ASK = r"\b(can|could|may|able|allowed|legal|possible|legally|cannot|can't|couldn't)\b"
# "I tried to tap it for convoke. Judge said no": what was tried is what a ruling settles.
_TRIED = r"\b(tried|try|tries|trying|attempted|attempt|attempts) to\b"
# "Does X stop / prevent / keep it from ...": whether something stops it, not whether it can.
_PREVENTS = (
    r"^\W*(but )?(does|do|will|would|doesn't|won't|wouldn't|did)\b[^?]{0,50}\b(stop|stops|"
    r"prevent|prevents|keep|keeps|restrict|restricts) (it|them|me|you|us|that|this|"
    r"CARD|my \w+|the \w+|a \w+)( from)?\b"
)
_BARE_JUDGMENT = (
    r"^\W*(but )?(is|was|are|were) (he|she|they|the judge|judge|my \w+|the \w+) (right|correct|"
    r"wrong)\W*$"
)
# Words of a claim: the reader takes a claim it has read out of the canonical text, so one
# still there beside a bare "is he right?" is a claim it didn't read.
_CLAIM_WORDS = (
    r"\b(said|says|say|claim|claims|claimed|told|tells|think|thinks|thought|ruled|rules|argue|"
    r"argues|argued|insist|insists|insisted)\b"
)
_TAPPED = (
    r"\b(already|is|was|it's|its|they're|are|while|when|if|a|an|currently|been|stays?|stayed|"
    r"still|remained|remains|that's|that is|which is|who's) tapped\b(?! (for|to|by|down)\b)",
    r"\btapped (creature|artifact|land|permanent|vehicle|one)s?\b",
    r"\b(entered|enters|came in|comes in|come in|comes into play|came into play) tapped\b",
)
_UNTAPPED = (
    r"\b(already|is|was|it's|its|they're|are|while|when|if|currently|been|stays?|still|that's|"
    r"that is|which is|who's) untapped\b",
    r"\buntapped (creature|artifact|land|permanent|vehicle)s?\b(?! you control)",
    r"\b(an|the|my|your) untapped CARD\b",
)
_ANIMATED = (
    r"\banimat",
    r"\bbec(ame|omes|ome)['\"’]? a (\d+/\d+ )?(artifact )?creature",
    r"\bturn(ed|s)? (it |CARD )?into a creature",
    r"\bcrewed\b",
    r"\bafter crewing\b",
    # "when crewed", which a report put in the present may read "when crew".
    r"\b(when|once|after|if|while|being|been) crew\b",
    r"\bcrew (it|them|CARD)\b",
    r"\bis a creature\b",
    r"\bas a creature\b",
    # "Can the land creature attack?": the text calls it a creature now.
    r"\b(the|that|this|my) (land|artifact) creature\b",
    # "Made it a 2/2", "turned Mutavault into a 2/2 creature": a creature's size is a creature's.
    r"\b(make|makes|made|making|turn|turns|turned|turning) (it|him|her|them|CARD) (into )?an? "
    r"(\d+/\d+|(\w+ )?creature)\b",
)


# Phasing, not a phase of the turn ("during the combat phase").
_PHASING = (
    r"\bphas(ed|es|ing) (out|in)\b|\bphasing\b|\bphase (out|in)\b|"
    r"(?<!combat )(?<!main )(?<!beginning )(?<!ending )(?<!end )(?<!extra )\bphases?\b(?! of)"
)
# Whose turn it is, told from the asker's side: the players who act, and whose turns are named.
_ACTOR = lazy(r"\b(i|we|you|he|she|they|someone|somebody|opponent|friend)\b(?!'s|s')", re.I)
_ME = frozenset({"i", "we", "you"})
_ENTRY = lazy(
    r"(?<!in )(?<!into )\b(cast|casts|casted|play|plays|played|flash|flashes|flashed|summon|"
    r"summons|summoned|drop|drops|dropped|laid|lays|put|puts|blink|blinks|blinked|flicker|"
    r"flickers|flickered)\b(?P<put>[^.?!;]{0,50}\b(into play|"
    r"onto the battlefield)\b)?"
)
_TURN_OF = lazy(
    r"\b(?P<take>(take|takes|took|taking) )?(?P<whose>my|our|your|his|her|their|"
    r"(?:my |an |the |your )?opponent'?s'?|someone else's|(?:the )?other player'?s|"
    r"(?:my |a )?friend'?s) (?P<next>(next|following|own|upcoming|subsequent) )?"
    r"(turn|end step|end of turn|upkeep|draw step|combat|main phase)\b"
)
_ASK_WORD = lazy(r"\b(can|could|may|might|will|would|does|do|did|is|are|was|were)\b")


def _lexicon_pattern(phrases: Iterable[Phrase]) -> str:
    """A regex for the lexicon's phrases in any inflection ("take control" finds "took control")."""
    lex = load_lexicon()
    alternatives = []
    for phrase in phrases:
        words = []
        for lemma in phrase:
            # Longest first; ties by text, so that the pattern is the same in every process.
            forms = sorted(
                {lemma, *lex.inflections.get(lemma, {}).values()}, key=lambda f: (-len(f), f)
            )
            words.append("(?:" + "|".join(re.escape(f) for f in forms) + ")")
        alternatives.append(" ".join(words))
    return r"\b(?:" + "|".join(alternatives) + r")\b"


# Control changing hands, the lexicon's words for it: "take his turn" isn't taking control,
# so a bare "take" never counts.
_CONTROL_GAINED = (
    _lexicon_pattern(load_lexicon().events["control"])
    + r"|\b(get|gets|got|getting) control\b|\bgave me\b|\bswiped\b"
    # "took it with Control Magic": taking a permanent with a card is a control change.
    + r"|\b(take|takes|took|taken|taking) (it|them|(my |his |her |their |(my )?opp\w*'?s )?CARD)"
    r"( from [a-z']+( [a-z']+)?)? with CARD"
)
# Also a control said without saying it changed ("has control of"): where any doubt abstains.
_CONTROL_TAKEN = _CONTROL_GAINED + r"|\b(have|has|had) control\b|\bcontrol of\b"
_TURN_NUMBER = lazy(r"\b(?:t|turn )(\d+)\b")


def _party(word: str) -> str:
    return "me" if word.casefold() in _ME else "them"


def _entries(sentence: str) -> list[tuple[int, str]]:
    """Where a permanent is put onto the battlefield in ``sentence``, and by whose side."""
    out: list[tuple[int, str]] = []
    for hit in _ENTRY.finditer(sentence):
        if hit.group(1) in ("put", "puts") and hit.group("put") is None:
            continue
        party = _actor_before(sentence, hit.start())
        if party is not None:
            out.append((hit.start(), party))
    return out


def _actor_before(sentence: str, at: int) -> str | None:
    """Whose side the act at ``at`` is told from: the last actor before it, or the teller
    when nothing but filler stands before it."""
    actors = list(_ACTOR.finditer(sentence[:at]))
    if actors:
        return _party(actors[-1].group(1))
    if re.fullmatch(r"\W*((so|then|and|ok|okay|just|also)\W+)*", sentence[:at]):
        # "Cast Birds at the end of their turn.": a player telling their own play drops the "I".
        return "me"
    return None


# Control gained by the one who tells it ("stole", "took control of"), not given away.
_GAIN = lazy(
    r"\b(?:steal|steals|stole|stolen|swiped|(?:gain|gains|gained|take|takes|took|taken|get|"
    r"gets|got) control)\b"
)


def _control_words(text: str) -> list[str]:
    """Every saying of control changing hands in ``text``."""
    return [hit.group(0) for hit in compiled(_CONTROL_TAKEN).finditer(text)]


def _gains(sentence: str) -> list[tuple[int, str]]:
    """Where ``sentence`` tells of a player gaining control of a permanent, and who."""
    out: list[tuple[int, str]] = []
    for hit in _GAIN.finditer(sentence):
        party = _actor_before(sentence, hit.start())
        if party is not None:
            out.append((hit.start(), party))
    return out


def _entry_bound(sentence: str, at: int, entries: Sequence[tuple[int, str]]) -> bool:
    """Whether the turn named at ``at`` tells when the permanent came in: an entry before it in
    the same clause, with no question word between."""
    for start, _ in entries:
        between = sentence[start:at]
        if start < at and not re.search(r"[,:]", between) and not _ASK_WORD.search(between):
            return True
    return False


def _entry_in_clause(
    sentence: str, start: int, end: int, entries: Sequence[tuple[int, str]]
) -> bool:
    """Whether an entry shares the clause of the turn named at ``start:end``, before or after it."""
    for at, _ in entries:
        between = sentence[at:start] if at < start else sentence[end:at]
        # Another turn named between is the one the entry tells of.
        if not re.search(r"[,:;]|\bturn\b", between) and not _ASK_WORD.search(between):
            return True
    return False


def _turn_relative(q: Question) -> bool | None:
    """Whether the permanent is new when asked about, from whose turn it came in on and whose
    turn the question is about. On any turn but its controller's, a permanent that came in since
    that player's last turn began is still new; on its controller's next turn, one that came in
    on another player's turn isn't. None when the text doesn't tell both sides plainly."""
    sentences = [s for s in re.split(r"(?<=[.?!;])\s+", q.lower) if s]
    # "I stole it on my turn": gaining control is when it came under the asker's control.
    gains = [hit for s in sentences for hit in _gains(s)]
    mine = bool(gains) and all(party == "me" for _, party in gains)
    if (
        (q.has(_CONTROL_TAKEN) and not (mine and len(gains) == len(_control_words(q.lower))))
        or q.has(*_CONTROL_BACK, _TURN_TOLD[-1])
        or len(set(_TURN_NUMBER.findall(q.lower))) > 1
    ):
        return None
    asked = q.asked.strip()
    actors: set[str] = set()
    entered_on: set[str] = set()
    asked_on: set[str] = set()
    # A player's next turn asked about, and one told as when the permanent came in.
    asked_later: set[str] = set()
    entered_later = False
    for sentence in sentences:
        entries = sorted([*_entries(sentence), *_gains(sentence)])
        actors |= {party for _, party in entries}
        # "Now it's their turn; can I tap it?": a clause of the asked sentence counts as it.
        is_asked = bool(asked) and (asked in sentence or sentence.strip() in asked)
        for turn in _TURN_OF.finditer(sentence):
            whose = "me" if turn.group("whose") in ("my", "our", "your") else "them"
            later = turn.group("next") is not None and turn.group("next").strip() != "own"
            # "If I recast it on my next turn", "on my next turn I cast it": when it came in.
            entering = later and _entry_in_clause(sentence, turn.start(), turn.end(), entries)
            if (
                turn.group("take")
                or (turn.group("next") and not entering)
                or (is_asked and not _entry_bound(sentence, turn.start(), entries))
            ):
                asked_on.add(whose)
                if later:
                    asked_later.add(whose)
            elif entries:
                entered_on.add(whose)
                entered_later = entered_later or later
    if len(actors) != 1 or len(asked_on) != 1:
        return None
    (controller,) = actors
    (asked_turn,) = asked_on
    if asked_turn != controller:
        return True
    if controller in asked_later:
        # Its controller's next turn, after the turn it came in: controlled since it began.
        return None if entered_later else False
    if entered_on and controller not in entered_on:
        return False
    return None


# "Crewed it with an elf I've had since last turn": a creature that paid a cost, and what the
# text tells of it in a relative clause, which is that creature's timing, not the permanent's.
_PAID_WITH = lazy(
    r"\b(?:crew|crews|crewed|crewing|saddle|saddles|saddled|saddling|convoke|convokes|convoked|"
    r"convoking|tap|taps|tapped|tapping|pay|pays|paid|paying)(?P<obj> (?:it|them|(?:my |the |your )?CARD))?(?P<paren> \([^)]*\))? (?:with|using|by tapping) (?:a|an|my|the|some|one|two|three|"
    r"\d+|another|other)(?: \w+)?? (?!CARD\b)[a-z]+ (?:(?:that |which |who )?(?:i|i've|i'd|we|"
    r"we've|you|you've)\b|(?:that|which|who)(?:'s| is| was| has| had| have)\b)[^.?!,;:]*"
)
# "Crewed it with Llanowar Elves, which I cast this turn": a named payer and its relative clause.
_PAID_WITH_CARD = lazy(
    r"\b(?:crew|crews|crewed|crewing|saddle|saddles|saddled|saddling|convoke|convokes|convoked|"
    r"convoking|tap|taps|tapped|tapping|pay|pays|paid|paying)(?: (?:it|them|(?:my |the |your )?CARD))?(?: \([^)]*\))? (?:with|using|by tapping) (?:a |an |my |the )?"
    r"(?P<card>CARD)(?P<clause>,? (?:(?:that |which |who )?(?:i|i've|i'd|we|we've|you|you've)\b"
    r"|(?:that|which|who)(?:'s| is| was| has| had| have)\b)[^.?!,;:]*)"
)


def _kept(hit: re.Match[str]) -> str:
    return f" {hit['obj'] or ''}{hit['paren'] or ''} "


def _drop_payer_clauses(text: str, q: Question, subject: CardMention) -> str:
    """``text`` without the relative clauses that tell of a named card other than ``subject``
    paying a cost; the CARD marks stay, so they still line up with the cards named."""
    cards = sorted(q.cards, key=lambda m: m.start)
    if text.count("CARD") != len(cards):
        return text
    out, pos = [], 0
    for hit in _PAID_WITH_CARD.finditer(text):
        index = text[: hit.start("card")].count("CARD")
        if cards[index].name == subject.name:
            continue
        out.append(text[pos : hit.start("clause")])
        pos = hit.end("clause")
    out.append(text[pos:])
    return "".join(out)


# A clause and the first player it names as acting in it.
_CLAUSES = lazy(r"[^.?!;,]+(?:[.?!;,]+|$)")
_AND_CLAUSE = lazy(r"\s+(?:and|but)\s+(?=(?:i|we|you|he|she|they|my|his|her|their)\b)")


def _control_gained_now(clause: str) -> bool:
    """Whether the clause says the asker gained control this turn ("I stole it this turn"),
    with no other turn between."""
    return bool(
        re.search(
            r"\b(?:i|we)\b[^.?!;]{0,30}(?:" + _CONTROL_GAINED + r")(?:(?!\bturns?\b).){0,50}"
            r"\bthis turn\b|\bthis turn\b[^.?!;]{0,15}\b(?:i|we)\b[^.?!;]{0,30}(?:"
            + _CONTROL_GAINED
            + ")",
            clause,
        )
    )


def _control_changed_now(clause: str) -> bool:
    """Whether the clause says anyone gained control this turn ("my opponent stole it this
    turn"), with no other turn between."""
    return bool(
        re.search(r"(?:" + _CONTROL_GAINED + r")(?:(?!\bturns?\b).){0,50}\bthis turn\b", clause)
    )


_CLAIMED_SICK = lazy(
    r"\b(?:says?|said|claims?|claimed|thinks?|thought|argues?|argued|insists?|insisted|tells? me|"
    r"told me)\b[^.?!]*?(?P<sick>\bsummoning[ -]?sick(?:ness)?)"
)


# An ability or spell used on the permanent, of a card not read ("used nissa wsw +1 on it",
# "used gideon's ability on it"): a card read is CARD in the text.
_UNREAD_USED = lazy(
    r"\b(?:used|use|using|activated|activate|activating|cast|casted|casting)\s+"
    r"(?:(?!CARD\b)[a-z',]+\s+){1,4}?(?:[+\u2212-]\d+|ability|ult\w*)\s+(?:on|targeting)\b"
)
_THIS_TURN = lazy(r"\bthis turn\b|\bjust\b")


def _others_timing_dropped(lower: str, q: Question, subject: CardMention) -> str:
    """``lower`` without "this turn" and "just" in sentences that name only other cards ("I
    cast Ambush Commander this turn. My Forests ..."): those tell when that card came, and the
    permanent asked about, named in another sentence, may have been there for long."""
    cards = sorted(q.cards, key=lambda m: m.start)
    marks = [hit.start() for hit in re.finditer("CARD", lower)]
    if len(marks) != len(cards) or lower != q.lower:
        return lower
    # ", and I stole their Bears this turn" is a clause of its own, as a sentence is.
    pieces = re.split(r"((?<=[.;!?])\s+|,\s+(?:and|but)\s+)", lower)
    at, out = 0, []
    for n, piece in enumerate(pieces):
        start = lower.find(piece, at)
        at = start + len(piece)
        names = {cards[marks.index(start + h.start())].name for h in re.finditer("CARD", piece)}
        # "..., but I took it with Control Magic": a clause about "it" is about the subject.
        of_it = n > 0 and "," in pieces[n - 1] and re.search(r"\b(it|them)\b", piece)
        if (
            n % 2 == 0
            and names
            and subject.name not in names
            and q.asked not in piece
            and not of_it
        ):
            piece = _THIS_TURN.sub(" ", piece)
        out.append(" " if n % 2 and not piece.strip(" ") else piece)
    return "".join(out)


_CLAUSE_END = lazy(r"[.;,?!]|\b(?:and|but|so)\b")
_SAID_OF_IT = lazy(r"(?:'s|,)?\s*(?:(?:that|which)\b|has\b|had\b|is\b|was\b|been\b)")


def _source_timing_dropped(q: Question, source: CardMention) -> Question:
    """The text without the clauses that tell how long ``source`` (the Vehicle, Mount or
    spell the tapped creatures pay for) has been around: that is its timing, not theirs. The
    CARD marks stay, so they still line up with the cards named."""
    cards = sorted(q.cards, key=lambda m: m.start)
    marks = [hit.start() for hit in re.finditer("CARD", q.lower)]
    if len(marks) != len(cards):
        return q
    lower, out, at = q.lower, [], 0
    bounds = [0, *(hit.end() for hit in _CLAUSE_END.finditer(lower)), len(lower)]
    # The clause before ended with the card's name: ", which has been out" is said of it.
    follows = False
    for start, end in itertools.pairwise(bounds):
        own = [i for i, mark in enumerate(marks) if start <= mark < end]
        cut = marks[own[-1]] + 4 if own else start
        is_source = all(cards[i].name == source.name for i in own) if own else follows
        # Only what is said of the card itself is its timing ("CARD has been out", "CARD,
        # which I cast"): "tap a creature I cast this turn for CARD" tells the creature's.
        said = lower[cut:end]
        if (
            is_source
            and _SAID_OF_IT.match(said)
            and any(compiled(p).search(said) for p in (*_OLD, *_NEW))
        ):
            stop = said.rstrip()[-1:] if said.rstrip()[-1:] in tuple(".;,?!") else ""
            out.append(lower[at:cut] + stop + " ")
            at = end
        follows = bool(own) and is_source and not said.strip(" ,")
    out.append(lower[at:])
    text = "".join(out)
    return q if text == lower else replace(q, lower=text)


def _timing_view(q: Question, subject: CardMention | None) -> Question:
    """The text with what it tells of other objects' and players' timing left out: a cost's
    payer described in a relative clause ("crewed it with an elf I've had since last turn"), and,
    once the asker says they gained control this turn, how long the previous controller had it
    ("my opponent cast it last turn", "they've had it for ages"). 302.6 looks only at how long
    the asker has controlled the permanent asked about."""
    lower, asked = q.lower, q.asked
    # "My opponent says it's summoning sick": the word in a claim is the point in dispute, not
    # a fact of when it came in.
    lower = _CLAIMED_SICK.sub(lambda hit: hit.group(0)[: -len(hit.group("sick"))], lower)
    if subject is not None:
        # What the text says of the permanent itself, in brackets after it, stays.
        lower, asked = _PAID_WITH.sub(_kept, lower), _PAID_WITH.sub(_kept, asked)
        lower = _drop_payer_clauses(lower, q, subject)
        lower = _others_timing_dropped(lower, q, subject)
    clauses = [
        part for c in _CLAUSES.findall(lower) for part in _AND_CLAUSE.split(c) if part.strip()
    ]
    if any(_control_gained_now(c) for c in clauses):
        kept = []
        for c in clauses:
            actors = list(_ACTOR.finditer(c))
            theirs = bool(actors) and _party(actors[0].group(1)) == "them"
            if theirs and c.strip() not in asked:
                continue
            if not _control_gained_now(c) and any(compiled(p).search(c) for p in _OLD):
                # "It's been out since last turn, but I took it this turn": 302.6 counts
                # from the control change, so the permanent's earlier history isn't the asker's.
                continue
            kept.append(c)
        lower = " ".join(c.strip() for c in kept)
    elif any(_control_changed_now(c) for c in clauses):
        # "It's been out since last turn, but my opponent took it this turn": the new
        # controller's time counts from the change, not the permanent's history.
        lower = " ".join(
            c.strip()
            for c in clauses
            if _control_changed_now(c) or not any(compiled(p).search(c) for p in _OLD)
        )
    if lower == q.lower and asked == q.asked:
        return q
    return replace(q, lower=lower, asked=asked)


# The text says the card's own ability was used, or gives it a creature's size.
_USED_ITS_ABILITY = (
    r"\bactivat\w* (it|its|his|her)\b",
    r"\bmake (it|him|her) an? \d+/\d+",
    r"\bturn(ed|s)? (it|him|her) into\b",
)


# "If I don't animate it", "not crewed", "without animating it": no animation.
_NOT_ANIMATED = lazy(
    r"\b(without|not|never|didn't|don't|doesn't|won't|wasn't|isn't|hasn't|haven't|no)\b"
    r"(\s+[\w']+){0,3}?\s+(animat\w*|crew\w*|(turn\w* (it|them|CARD) )?into a creature)\b"
    r"|\bun(animated|crewed)\b"
)


def _animated(q: Question) -> bool:
    """Whether the question says the permanent became a creature; the raw words count too, as
    "animate" may be read as part of a card's name ("Animate Land"). Animation the text negates
    ("if I don't animate it") doesn't count."""
    lower = _NOT_ANIMATED.sub(" ", q.lower)
    return any(compiled(p).search(lower) for p in _ANIMATED) or bool(
        re.search(r"\banimat", _NOT_ANIMATED.sub(" ", q.raw.casefold()))
    )


_ACTION = r"(tap|use|attack|block|crew|convoke|activate|pay|saddle|ping|sac|sacrifice)"
# "crew it and attack" asks only about the attack: crewing is how it becomes able to.
_TWO_ACTIONS = rf"\b{_ACTION}\b(?<!crew)(?<!saddle)[^?]*\b(and|then|&)\b( also)? {_ACTION}\b"
_COPIES_PERMANENT = lazy(r"\b(token that's a copy|copy of target|copies of)\b", re.I)


_BLINK = lazy(r"\b(flicker|flickers|flickered|flickering|blink|blinks|blinked|blinking)\b")


_FLICKERS = lazy(
    r"\bexile (?:up to one )?(?:another )?target [^.]*?,? then return (?:it|that card) to the "
    r"battlefield\b",
    re.I,
)


def _haste_by_own_tap(m: CardMention) -> bool:
    """Whether the card speaks of haste only in the effects of its own abilities with {T} in
    the cost ("{T}: Creatures you control gain haste"): it has no haste before one resolves."""
    lines = [_strip_reminder(line) for line in m.card.oracle_text.splitlines()]
    said = [line for line in lines if re.search(r"\bhaste\b", line, re.I)]
    tapping = [
        _strip_reminder(a.text)
        for a in m.abilities()
        if isinstance(a, Activated) and a.cost.tap and re.search(r"\bhaste\b", a.effect, re.I)
    ]
    return bool(said) and all(line in tapping for line in said)


def _flickers(m: CardMention) -> bool:
    """Whether the card's effect exiles a permanent and returns it at once (Ephemerate,
    Cloudshift): it comes back a new object (400.7)."""
    return bool(_FLICKERS.search(m.card.oracle_text))


def _blinked_now(q: Question, subject: CardMention | None) -> bool:
    """Whether the text flickers the permanent asked about with no other turn told in that
    clause ("blinked my Elvish Mystic in my main phase"): it returned as a new object (400.7)
    this turn, whatever the text says of how long the old one had been out."""
    cards = sorted(q.cards, key=lambda m: m.start)
    if q.lower.count("CARD") != len(cards):
        return False
    at = 0
    for clause in _TIMING_CLAUSE.split(q.lower):
        start = q.lower.find(clause, at) if clause else at
        at = max(at, start + len(clause))
        hit = _BLINK.search(clause) if clause else None
        first = q.lower[:start].count("CARD")
        in_clause = cards[first : first + clause.count("CARD")]
        if hit is None and subject is not None:
            # "I Ephemerate my Shivan Dragon": a card named whose effect exiles and returns it.
            by = next((i for i, m in enumerate(in_clause) if _flickers(m)), None)
            if by is not None and subject.name in (m.name for m in in_clause[by + 1 :]):
                hit = re.search("CARD", clause)
        if hit is None:
            continue
        # "(I've had it since last turn)" beside the name tells the old object's history.
        told = re.sub(r"\([^)]*\)", " ", clause)
        if re.search(r"(?<!this )\bturns?\b|\bago\b|\bphas(e|ed|ing) (out|in)\b", told):
            continue
        named = [m.name for m in in_clause]
        after = clause[hit.end() :]
        if named:
            if subject is not None and subject.name in named:
                return True
        elif re.match(r"\s+(it|them|my \w+|the \w+)\b", after):
            return True
    return False


_CAME_IN = lazy(
    r"\b(cast|casts|casted|play|plays|played|summon|summoned|drop|dropped|put|entered|came|"
    r"had|has|have|controlled|stole|stolen|got|gained)\b|\b(i've|i'd|you've|we've)\b"
)
_TIMING_CLAUSE = lazy(r"[,;:.?!]|\b(?:and|but|then|so)\b")


def _animated_before(q: Question) -> bool:
    """Whether the text animates the permanent on an earlier turn ("I animated it last turn"):
    most animations last until end of turn, so whether it is a creature now isn't said."""
    return any(
        any(compiled(p).search(c) for p in _ANIMATED)
        and any(compiled(p).search(c) for p in _OLD)
        # "An animated Colonnade I played last turn": the turn told is when it came in.
        and not _CAME_IN.search(c)
        for c in _TIMING_CLAUSE.split(q.lower)
        if c
    )


# Other combat rules that change whether a creature can attack or block.
_COMBAT_OTHER = (
    r"\b(flying|flier|flyer|reach|menace|shadow|horsemanship|fear|intimidate|skulk|landwalk|"
    r"\w+walk|unblockable|protection|hexproof|lure|provoke|goad\w*)\b",
    r"\bdefender\b",
    r"\bcan't (attack|block)\b",
)


def _kind(ability: Activated) -> str:
    """Which symbol an ability's cost has: 'T', 'Q' or 'none'."""
    return "T" if ability.cost.tap else "Q" if ability.cost.untap else "none"


def _noun_pattern(phrases: Iterable[Phrase]) -> str:
    """A regex for the lexicon's nouns, singular or plural; a word the lemma table has no plural
    for ("thopter", "servo") takes the regular one."""
    surfaces = load_lexicon().surfaces
    alternatives = []
    for phrase in phrases:
        *head, last = phrase
        forms = set(surfaces.get(last, ())) or {last, last + "s"}
        # Longest first; ties by text, so that the pattern is the same in every process.
        ordered = sorted(forms, key=lambda f: (-len(f), f))
        tail = "(?:" + "|".join(re.escape(f) for f in ordered) + ")"
        alternatives.append(" ".join([*(re.escape(w) for w in head), tail]))
    return r"\b(?:" + "|".join(alternatives) + r")\b"


# A creature the question speaks of without naming it: "a creature I cast this turn", or by a
# creature type ("my birds", "a goblin I just cast"), the lexicon's words for one.
_CREATURE_WORDS = _noun_pattern(
    (*load_lexicon().nouns["creature_type"], *load_lexicon().nouns["creature_casual"])
)
_GENERIC_CREATURE = r"\b(creatures?)\b|" + _CREATURE_WORDS
_GRANTS = lazy(
    r"\b(creatures|enchanted creature|equipped creature|each creature|creatures you control)\b"
    r"[^.]{0,40}\b(have|has|gains?|gets?)\b|"
    r"\bas (though|if) ([\w']+ ){1,3}?had haste\b",
    re.I,
)


# "Is it actually attacking?", "does it count as attacking?", "does it deal damage?": whether a
# creature is in combat, not whether it may be declared as an attacker.
_IS_ATTACKING = (
    r"\b(is|are|was|were|isn't|aren't) (it|they|CARD|the \w+|that \w+|those \w+|these \w+|"
    r"my \w+)( \w+)? (attacking|an attacker|attackers|in combat)\b",
    r"\b(count|counts|counted) as (an? )?(attacking|attackers?)\b",
    r"\b(can|could|does|do|will|would) (it|they|CARD|the \w+|those \w+)( still| even| actually)? "
    r"(deal|do) (its |their )?(combat )?damage\b",
)
# Put onto the battlefield attacking: as the text says, or by a card's words.
_ENTERS_ATTACKING = (
    r"\b(enter|enters|entered|entering|came in|comes in|come in|put|puts|returned|returns|"
    r"came into play|comes into play)\b[^.?!]{0,40}\b(tapped and )?attacking\b"
)
_MAKES_ATTACKING = lazy(
    r"\btapped and attacking\b|\bthat(?:'s| is| are) attacking\b|\bonto the battlefield "
    r"attacking\b",
    re.I,
)

# "Use its put-a-counter-untap ability", "activate the tap ability": an ability told by what it
# does or costs.
_DESCRIBED = lazy(
    r"\b(?:use|activate|activating|using|do) (?:its|the|his|her|their|CARD'?s?|that|this) "
    r"(?P<desc>(?:[\w{}/+\-]+[ -]){1,4}?)abilit(?:y|ies)\b"
)
_WORDS = lazy(r"\{[tq]\}|[a-z][a-z']*")
# "Can I bounce a Forest to untap my creature?": an ability told by what it is used for, with
# the words before "to" telling its cost.
_PURPOSE = lazy(
    r"(?:^|[,;:] )\W*(?:but |so |then )?(?:can|could|may) (?:i|we|you) (?P<cost>[^?.;]{1,50}?) "
    r"to (?P<verb>untap|tap|add|make|give|deal|draw|return|put|create|gain|scry|destroy|exile|"
    r"prevent|regenerate|bounce)\b(?P<rest>[^?.;]*)"
)
_PURPOSE_VERBS = {"make": "add", "bounce": "return", "give": "get"}
_PURPOSE_STOP = frozenset({"i", "we", "you", "use", "activate", "my", "your", "his", "her"})
_COST_SYNONYMS = {"bounce": "return", "sac": "sacrifice", "pay": "pay"}
_PT_CHANGE = lazy(r"[+-]\d+/[+-]\d+")
_DESC_STOP = frozenset({"a", "an", "the", "on", "of", "its", "it", "this", "that", "one", "other"})
_DESC_STOP |= frozenset({"activated", "same", "other", "second", "first", "own"})


def _describes(word: str, ability: Activated) -> bool:
    """Whether ``word`` of a description fits ``ability``: a word of its cost or effect, or what
    the symbols in its cost and the mana it makes are called."""
    if word in ("{t}", "tap"):
        return ability.cost.tap or bool(re.search(r"(?<!un)\btap\b", ability.effect, re.I))
    if word in ("{q}", "untap"):
        return ability.cost.untap or bool(re.search(r"\buntap\b", ability.effect, re.I))
    if word == "mana":
        return ability.mana is not None
    if word == "pump":
        # "Its pump ability" (the lexicon's word for firebreathing): one that gives +N/+N.
        return bool(re.search(r"(?<![\w-])\+\d+/[+-]\d+", ability.effect))
    text = ability.text.casefold()
    stem = word[:-1] if len(word) > 4 and word.endswith("s") else word
    return len(stem) >= 3 and bool(re.search(rf"\b{re.escape(stem)}", text))


def _casts_by(subject: CardMention, keyword: str) -> bool:
    """Whether ``keyword``'s reminder is a way to cast the card (dash, blitz), not to return it
    from a zone (unearth)."""
    for line in subject.card.oracle_text.splitlines():
        if re.match(rf"{re.escape(keyword)}\b", line.strip(), re.I):
            reminder = " ".join(re.findall(r"\(([^)]*)\)", line))
            return bool(re.search(r"\bcast\b", reminder, re.I)) or not reminder
    return True


def _strip_reminder(line: str) -> str:
    return re.sub(r"\s*\([^)]*\)", "", line).strip()


def _unparsed_lines(faces: Sequence[ParsedFace], oracle_text: str) -> list[str]:
    """Lines of a card's rules text that no parsed ability covers (triggers, statics)."""
    parsed = [_strip_reminder(a.text).casefold() for f in faces for a in f.abilities if a.text]
    out: list[str] = []
    for line in oracle_text.splitlines():
        core = _strip_reminder(line)
        low = core.casefold()
        if core and not any(low == p or (p and p in low) or (low and low in p) for p in parsed):
            out.append(core)
    return out


def _unmodelled(m: CardMention) -> bool:
    """The card has text about tapping, untapping or haste that isn't parsed into typed abilities:
    what it does to the question is unknown. Entering tapped is read by the family itself."""
    return any(
        _RELEVANT_TEXT.search(_effect_part(line))
        and not _ENTERS_TAPPED.search(line)
        and not _ENTERS_TAPS_TARGET.match(line)
        for line in _unparsed_lines(m.faces, m.card.oracle_text)
    )


# "When Pestermite enters, you may tap or untap target permanent": done once as it enters, to a
# target; it gives no ability or haste, so it doesn't bear on what the permanent may do after.
_ENTERS_TAPS_TARGET = lazy(
    r"when [^,.]* enters(?: the battlefield)?, (?:you may )?(?:tap or untap|tap|untap) "
    r"(?:up to \w+ )?(?:another )?target [^.]*\.?$",
    re.I,
)


def _effect_part(line: str) -> str:
    """What a line does: a triggered ability's effect without its trigger condition. "Whenever
    you tap Zhur-Taa Druid for mana, it deals 1 damage" doesn't change whether it can be
    tapped; a trigger that taps or untaps says so after its condition."""
    if re.match(r"(when|whenever|at)\b", line, re.I) and "," in line:
        return line.split(",", 1)[1]
    return line


def _grants_to_others(m: CardMention) -> bool:
    """An Aura, Equipment or noncreature permanent that gives other creatures abilities
    (Lightning Greaves, Fires of Yavimaya, Control Magic): the question is about those creatures."""
    if "Creature" in m.card.types or not m.card.types & _PERMANENT_TYPES:
        return False
    if m.card.subtypes & {"Aura", "Equipment"}:
        return True
    return bool(_GRANTS.search(m.card.oracle_text))


def _changes_control(m: CardMention) -> bool:
    """A card whose effect gives control of a permanent (Act of Treason, Control Magic)."""
    text = m.card.oracle_text.casefold()
    return bool(re.search(_CONTROL_GAINED, text) or re.search(r"\byou control enchanted\b", text))


def _adds_phase(m: CardMention) -> bool:
    """A card that gives its controller an extra phase or step (Sphinx of the Second Sun): what it
    does is the question's timing, not what it asks about."""
    return bool(
        re.search(r"\b(additional|extra) (beginning|combat|upkeep|untap)", m.card.oracle_text, re.I)
    )


def _restricted(q: Question, pattern: str, defender: bool = False) -> bool:
    """Whether a named card imposes a restriction this family doesn't model (Arrest, Pacifism,
    defender when attacking)."""
    return any(
        re.search(pattern, m.card.oracle_text, re.I)
        or (defender and any(k.casefold() == "defender" for k in m.card.keywords))
        for m in q.cards
    )


def _still_tapped(what: str) -> str:
    """The fact left out when something tapped the permanent earlier: is it tapped now?"""
    return f"whether {what} is still tapped (permanents untap in their controller's untap step)"


def _tapped_by_me_now(q: Question) -> bool:
    """ "If I tap it for mana", "I tapped it": tapped by the asker, with no other turn (and so
    no untap step) told, or told only of how long it has been out ("Out since last turn. I
    tapped it to convoke this main phase. Can I ...?")."""
    if q.has(*_TAPPED_BY[2:]) and not q.has(*_OLD, *_OTHER_TURN, r"\buntap", r"(?<!this )\bturn\b"):
        return True
    sentences = [s for s in re.split(r"(?<=[.!?;])\s+", q.lower) if s.strip()]
    if len(sentences) < 2 or not q.asked or q.asks(*_OTHER_TURN, r"(?<!this )\bturns?\b"):
        return False
    told = False
    for sentence in sentences:
        if q.asked in sentence or sentence in q.asked:
            continue
        if re.search(r"\buntap", sentence):
            return False
        if any(compiled(p).search(sentence) for p in _TAPPED_BY[2:]):
            if any(compiled(p).search(sentence) for p in (*_OLD, *_OTHER_TURN)) or re.search(
                r"(?<!this )\bturns?\b", sentence
            ):
                return False
            told = True
    return told


# A step of the asker's turn after its untap step: "during my upkeep", "in my main phase".
_AFTER_UNTAP_STEP = (
    r"\b(during|in|at|on) (the beginning of )?(my|our) (upkeep|draw step|(first |second |"
    r"precombat |postcombat )?main phase|beginning of combat|combat)\b"
)


def _tapped_after_untap_step(q: Question) -> bool:
    """ "He tapped my creature with Icy Manipulator during my upkeep": tapped after this turn's
    untap step, so still tapped this turn unless something untapped it."""
    return q.has(_AFTER_UNTAP_STEP) and not q.has(
        *_OLD, *_OTHER_TURN, r"\buntap", r"(?<!this )\bturns?\b(?! (it|them)\b)"
    )


# A grant of haste by an Aura or Equipment: moving it or its leaving takes the haste away.
# 'Equipped creature has "{T}: This creature deals 2 damage to any target."': the cost of an
# activated ability an Equipment or Aura gives.
_ATTACHED_ABILITY = lazy(r"\b(?:equipped|enchanted) creature has \"([^\":]*):", re.I)
_ATTACHED_GRANT = lazy(r"\b(equipped|enchanted) creature (has|gets|gains)\b[^.]*\bhaste\b", re.I)
_LEAVES = _lexicon_pattern(load_lexicon().events["leaves"])
_WHOSE = r"(?:my |the |his |her |their |that |our |your |a |an |its )?"
_MOVED = lazy(
    r"\b(?:move|moved|moves|moving|re-?equip\w*|re-?attach\w*|switch\w*|shift\w*|transfer\w*|"
    r"swap\w*)\b (?:the |my |that )?(?:CARD |[\w']+ )?(?:over |back )?"
    r"(?:on ?to|to|over to) (?P<to>[^,.;:?!]+)"
)
_OFF_AFTER = (
    r"\s*(?:was |got |is |has been )?(?:moved|taken|removed|unattached|unequipped|fell|falls)"
    r"\s+(?:off|away)\b"
)
_OFF_VERB = r"\b(?:move|moved|moving|take|took|taking|unequip\w*|unattach\w*) (?:the |my )?$"
# "Greaves is on my Grizzly Bears", "equipped Greaves to X", "equipped X with Greaves".
_ATTACHED_ON = lazy(
    r",? (?:is |was |that's |which is |which was |now |still )*(?:on|attached to|equipped to|"
    r"equipping|enchanting) (?P<to>\S)"
)
_ATTACH_VERB = lazy(
    r"\b(?:equip|equips|equipped|equipping|attach|attached|attaches|attaching|put|puts|putting|"
    r"cast|casts|moved?|moves|moving)\b (?:the |my )?$"
)
_ONTO = lazy(r" (?:on ?to|to|on) (?P<to>\S)")
_EQUIP_WITH = lazy(
    r"\b(?:equip|equips|equipped|equipping) (?P<to>CARD|it|them|(?:my |the |a |an )[\w' ]{1,20}?) "
    r"with (?:the |my )?$"
)
# Words of the asked sentence that never call a card by its name.
_NOT_NAMES = frozenset(
    {"creature", "creatures", "card", "one", "turn", "ability", "mana", "same", "first", "other"}
    | {"new", "old", "land", "lands", "artifact", "token", "tokens", "vehicle", "aura", "it"}
)
_TO_FILLER = frozenset({"the", "my", "a", "an", "his", "her", "their", "that", "this", "creature"})
_TO_STOP = frozenset(
    {"before", "after", "during", "in", "on", "at", "and", "then", "so", "with", "for", "when"}
    | {"while", "because", "but", "instead", "this", "using", "by", "via", "CARD"}
)
_TO_PRONOUN = frozenset({"it", "them", "him", "her", "one", "that"})
_FIRST = lazy(r"\b(first|original|initial|earlier|old|former|previous)\b")
_PRONOUN_ASKED = lazy(r"^\W*(but )?(can|could|does|do|will|would|is|are) (it|they|he|she)\b")
_LOST_HASTE = (
    r"\b(lose|loses|lost|losing) (its |their |the )?haste\b|\bno longer (has|have) haste\b"
    r"|\bhaste (went|goes|is|was) (away|gone)\b"
)


def _grant_taken_away(q: Question, helper: CardMention, subject: CardMention | None) -> str | None:
    """What the text tells happened later to the haste ``helper`` gave: "gone" when it left the
    battlefield or, an Aura or Equipment, was moved onto another creature than the one asked
    about; "kept" when it was moved onto the one asked about; "unsure" when which one the
    question asks about isn't plain. A creature that loses haste before attackers are declared
    or a {T} cost is paid is summoning sick again (302.6, 702.10b)."""
    if not helper.card.types & _PERMANENT_TYPES:
        # An instant's or sorcery's "gains haste until end of turn" doesn't end mid-turn.
        return None
    cards = sorted(q.cards, key=lambda m: m.start)
    marks = [hit.start() for hit in re.finditer("CARD", q.lower)]
    if len(marks) == len(cards):
        for m, at in zip(cards, marks, strict=True):
            if m.name != helper.name:
                continue
            before, after = q.lower[max(0, at - 40) : at], q.lower[at + 4 : at + 40]
            if (
                re.search(
                    rf"{_LEAVES} {_WHOSE}(?:[\w' ]{{0,20}} (?:equipped|enchanted) (?:with|by) "
                    r"(?:the |my )?)?$",
                    before,
                )
                or (
                    # "Greaves was moved off it", "took the Boots off": on nothing now.
                    re.match(_OFF_AFTER, after)
                    or (re.search(_OFF_VERB, before) and re.match(r"\s*(?:off|away)\b", after))
                )
                or re.match(
                    rf"\s*(?:,? which |that )?(?:was |got |gets |is |has been |had been )?{_LEAVES}",
                    after,
                )
            ):
                return "gone"
    if not _ATTACHED_GRANT.search(helper.card.oracle_text):
        return None
    # Every place the text puts the Aura or Equipment onto a creature; the last one counts.
    events = [(hit.start(), hit.start("to")) for hit in _MOVED.finditer(q.lower)]
    if len(marks) == len(cards):
        for m, at in zip(cards, marks, strict=True):
            if m.name != helper.name:
                continue
            before, after = q.lower[max(0, at - 40) : at], q.lower[at + 4 : at + 60]
            on = _ATTACHED_ON.match(after) or (_ATTACH_VERB.search(before) and _ONTO.match(after))
            if on is not None:
                events.append((at, at + 4 + on.start("to")))
            with_it = _EQUIP_WITH.search(before)
            if with_it is not None:
                events.append((at, max(0, at - 40) + with_it.start("to")))
    if not events:
        return None
    at_to = max(events)[1]
    to = q.lower[at_to:]
    target = re.match(r"(?:(?:the|my|a|an|his|her|their|that) )?CARD", to)
    if target is not None:
        # "Moved the Boots to my Grizzly Bears": onto the named card, or off the one asked.
        at = at_to + target.end() - 4
        if (
            subject is None
            or len(marks) != len(cards)
            or at not in marks
            or _PRONOUN_ASKED.search(q.asked)
        ):
            return "unsure"
        return "kept" if cards[marks.index(at)].name == subject.name else "gone"
    words = []
    for w in re.findall(r"[a-z0-9'/-]+|CARD", re.split(r"[,.;:?!]", to)[0]):
        if w in _TO_STOP:
            break
        words.append(w)
    words = words[:4]
    core = [w for w in words if w not in _TO_FILLER]
    if not core or core[0] in _TO_PRONOUN:
        # "Moved Greaves onto it": onto the creature spoken of, as its first attachment.
        return None
    asked = q.asked
    if _FIRST.search(asked) and not _FIRST.search(" ".join(words)):
        return "gone"
    if re.search(rf"\b{re.escape(core[-1])}\b", asked):
        return "kept"
    if _PRONOUN_ASKED.search(asked):
        return "unsure"
    return "gone"


_CAST_VERB = lazy(
    r"\b(?:cast|casts|casted|played|summoned|dropped)\b (?:a |an |my |the |creature |new |"
    r"another )*(?P<what>CARD|creatures?\b|dorks?\b|guys?\b|(?:\w+ )?tokens?\b)"
)


def _cast_in_story(q: Question, subject: CardMention | None) -> bool:
    """Whether the text tells of casting the permanent asked about and asks about "this turn"
    with no other turn told ("Cast creature A, equipped it ... Can A attack this turn?"): the
    story is of this turn, so it came under its controller's control this turn."""
    if not re.search(r"\bthis turn\b", q.asked) or re.search(
        r"\bturns?\b", q.lower.replace("this turn", "")
    ):
        return False
    cards = sorted(q.cards, key=lambda m: m.start)
    marks = [hit.start() for hit in re.finditer("CARD", q.lower)]
    for hit in _CAST_VERB.finditer(q.lower):
        what = hit.group("what")
        if what != "CARD":
            if subject is None and (what.startswith(("creature", "dork", "guy"))):
                return True
            continue
        if subject is None or len(marks) != len(cards):
            continue
        at = hit.start("what")
        if at in marks and cards[marks.index(at)].name == subject.name:
            return True
    return False


def _opponents_permanent_used(q: Question) -> bool:
    """Whether the text speaks of an opponent's permanent other than as what acted on the
    asker's ("tapped by opponent's Icy Manipulator"): one the asker might mean to use."""
    for pattern in _OPPONENTS_PERMANENT:
        for hit in compiled(pattern).finditer(q.lower):
            before = q.lower[: hit.start()]
            if re.search(r"\b(by|from|via) (my |an? |the )?$", before):
                continue
            if re.search(r"\bto (tap|untap|target|destroy|exile|bounce)( down)? (my )?$", before):
                # "Tap a creature to tap down my opponent's land": what the effect targets,
                # not a permanent that pays the cost.
                continue
            return True
    return False


# Crew: the N a question states, creatures given by size ("two 1/1s", "a 2/2"), and what
# makes the total power something the text doesn't settle.
_CREW_N = lazy(r"\bcrew (\d+)\b")
_PT_SIZE = lazy(
    r"(?<![\w/+-])(?:(?P<n>\d+|a|an|one|two|three|four|five|six|both|my|the|another) )?"
    r"(?P<p>\d+)/(?P<t>\d+)(?:s|'s)?(?![\w/])"
)
_COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "my": 1, "the": 1, "another": 1, "two": 2, "both": 2}
_COUNT_WORDS |= {"three": 3, "four": 4, "five": 5, "six": 6}
_ALONE = r"\b(by (it|him|her)self|alone|on (its|his|her) own|solo)\b"
_CREW_OTHER = (
    r"\+\d|-\d+/|\bcounters?\b|\bpump|\banthem|\bopponent|\beither\b|\bone of\b|\beach\b|"
    r"\binstead\b|\bgets?\b|\bpower (of|is)\b"
)
# A Vehicle's own crew lines: what lets it be crewed, not what changes its power.
_CREW_KEYWORD = lazy(r"\([^)]*\)|^.*\bcrew\b.*$", re.M | re.I)
_CREWER_TEXT = lazy(r"\bpower\b|\bcrew|\bgets? [+-]|\bhas base\b|[+-]\d+/[+-]\d+ counters?\b", re.I)


# Text that makes other permanents creatures: "Each noncreature artifact is an artifact
# creature", "all lands are 1/1 creatures", "target land becomes a 2/2 creature".
_MAKES_CREATURES = lazy(
    r"\b(?:each|all|every)?\s*(?:other )?(?:noncreature )?(?P<kind>artifact|land|enchantment|"
    r"permanent|forest|island|swamp|mountain|plains)s?\b[^.]{0,40}?\b(?P<verb>is|are|becomes?) "
    r"(?:an? )?(?:\d+/\d+ )?(?:[a-z]+ )?"
    r"(?:[a-z]+ )?creatures?\b",
    re.I,
)
_CONDITION = lazy(r"\b(as long as|if|until|during|unless|may)\b", re.I)


def _makes_creatures(m: CardMention) -> tuple[str, bool] | None:
    """Whether ``m``'s text makes permanents of a type creatures, that type ("" for any
    permanent), and whether it always does (a static "is") or only may (a "becomes" someone
    activates, a condition)."""
    for line in m.card.oracle_text.splitlines():
        core = re.sub(r"\([^)]*\)", "", line)
        hit = _MAKES_CREATURES.search(core)
        if hit is None or re.search(r"\b(this|~)\b", core[: hit.end()], re.I):
            continue
        kind = hit.group("kind").capitalize()
        always = hit.group("verb") in ("is", "are") and not _CONDITION.search(core)
        return ("" if kind == "Permanent" else kind), always
    return None


def makes_it_creature(helper: CardMention, subject: CardMention) -> bool:
    """Whether ``helper``'s text may make ``subject`` a creature ("All Forests are 1/1 green
    Saproling creatures" and a Forest): its card type or one of its subtypes is the kind made."""
    made = _makes_creatures(helper)
    if made is None or helper.name == subject.name or "Creature" in subject.card.types:
        return False
    line = TypeLine.parse(subject.card.front.type_line)
    kind = made[0]
    return kind == "" or kind in line.types or kind in line.subtypes


_ACTS_THIS_TURN = lazy(r"\b(attack|block|tap|untap|use|activate|crew)\b[^.?!]{0,20}\bthis turn\b")
_CLAUSE_CUT = lazy(r"[,;.!?]|\b(?:and|then|but|while)\b")


def _own_clause_timing(q: Question, subject: CardMention | None) -> bool | None:
    """When the text names several permanents, the timing the subject's own clause tells: True
    for "this turn" or "just", False for an earlier turn; None when its clause tells neither, or
    both."""
    cards = sorted(q.cards, key=lambda m: m.start)
    marks = [hit.start() for hit in re.finditer("CARD", q.lower)]
    if (
        subject is None
        or len(marks) != len(cards)
        or len({m.name for m in cards if m.card.types & _PERMANENT_TYPES}) < 2
    ):
        return None
    told: set[bool] = set()
    at = 0
    for piece in _CLAUSE_CUT.split(q.lower):
        start = q.lower.find(piece, at)
        at = start + len(piece)
        names = [cards[marks.index(start + h.start())].name for h in re.finditer("CARD", piece)]
        if names != [subject.name]:
            continue
        if any(compiled(p).search(piece) for p in _OLD):
            told.add(False)
        # "Can my Forest attack this turn?": when it acts, not when it came.
        piece = _ACTS_THIS_TURN.sub(" ", piece)
        if re.search(r"\bthis turn\b|\bjust\b", piece):
            told.add(True)
    return told.pop() if len(told) == 1 else None


# Convoke paying a whole cost: "paying no mana", and creatures given by their colors.
_NO_MANA = (
    r"\b(paying|pay|spending|spend|using|use) (no|zero|0) mana\b|\bwithout (paying|spending) "
    r"(any )?mana\b|\bfor free\b|\bwhole cost\b|\bentire cost\b|\bfull cost\b"
)
# "Entirely by convoking", "all of it with convoke": no mana spent.
_ALL_CONVOKED = (
    r"\b(entirely|completely|fully|only|just|all) (by|with|through|from) convok",
    r"\b(all|whole|entire|full) (of )?(it|the cost|cost) (by|with|through) convok",
)
_X_TOLD = lazy(r"\bx ?(?:=|is|of|as) ?(\d+)\b")
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLORED_CREATURES = lazy(
    r"\b(?P<n>\d+|a|an|one|two|three|four|five|six) (?:untapped )?(?P<colors>(?:white|blue|black|"
    r"red|green|colorless)(?:(?:-| and |/)(?:white|blue|black|red|green))?) creatures?\b"
)


_KICKED_HASTE = lazy(
    r"\bif (it|this \w+) was kicked, creatures you control\b[^.]*\bhaste until end of turn\b",
    re.I,
)


def _kicked_haste_before(q: Question, helper: CardMention) -> bool:
    """Whether ``helper`` gives creatures you control haste when it enters kicked, the text
    says it was kicked, and the creature asked about was there before it ("cast earlier",
    "already had")."""
    if not _KICKED_HASTE.search(helper.card.oracle_text):
        return False
    if not q.has(r"\bkick(ed|ing)? (it|my |the |a )?CARD\b", r"\bCARD,? (was |got )?kicked\b"):
        return False
    return q.has(
        r"\b(cast|casted|played|summoned|had|put)\b[^.?!]{0,40}\b(earlier|before|already|first)\b",
        r"\b(earlier|already|first)\b[^.?!]{0,20}\b(cast|casted|played|summoned|had)\b",
    ) and not q.has(r"\b(after|then|later)\b[^.?!]{0,30}\b(cast|casted|played|summoned)\b")


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _shares_color(
    q: Question, subject: CardMention | None, source: CardMention | None
) -> bool | None:
    """Whether the creature tapped for a spell's conspire cost shares a color with it (702.78a):
    from a named creature's mana cost, or the colors the text calls unnamed ones ("two red
    creatures"); None when neither tells."""
    if source is None or source.card.front.mana_cost is None:
        return None
    spell = {p for p in source.card.front.mana_cost.parts if p in "WUBRG"}
    if not spell:
        return None
    if subject is not None:
        cost = subject.card.front.mana_cost
        own = {p for p in cost.parts if p in "WUBRG"} if cost is not None else set()
        return bool(own & spell) if own else None
    told = {
        _COLOR_WORDS[hit.group(1)]
        for hit in re.finditer(r"\b(white|blue|black|red|green) (?:\w+ )?creatures?\b", q.lower)
    }
    # "A green creature" for a red spell may still be red and green: only a shared color tells.
    return True if told & spell else None


def _missing(*facts: str) -> Callable[[], Ruling]:
    def run() -> Ruling:
        return Ruling(verdict=None, missing=facts)

    return run


def _extra_phase(q: Question) -> str | None:
    """The extra phase or step this turn the text speaks of ('beginning phase', 'combat'), if it
    speaks of no extra turn."""
    found = re.search(_EXTRA_PHASE, q.lower)
    if found is None or q.has(_TURN_TOLD[-1]):
        return None
    return found.group(2)


def _entered_by_me(q: Question) -> bool:
    """Whether the text says the asker put the permanent onto the battlefield, and no one else."""
    parties = {p for s in re.split(r"(?<=[.?!;])\s+", q.lower) for _, p in _entries(s)}
    return parties == {"me"}


def _haste_way(ruling: Ruling, facts: _Facts, name: str) -> Ruling:
    """The step saying which keyword gave it haste, when the text says it came in by one."""
    if facts.haste_from is None or not name:
        return ruling
    step = tp.keyword_haste_step(name, facts.haste_from)
    return Ruling(verdict=ruling.verdict, steps=(step, *ruling.steps), missing=ruling.missing)


def _haste_gone(ruling: Ruling, facts: _Facts) -> Ruling:
    """The step saying the haste it had is gone, when the text took it away."""
    if facts.haste_lost is None or not facts.new:
        return ruling
    source = (
        "its haste" if facts.haste_lost == "the effect" else f"the haste {facts.haste_lost} gave"
    )
    step = Step(
        rule=Rule.HASTE_ATTACK,
        note=f"Haste counts only while the creature has it: once {source} is gone, a creature "
        "that came under its controller's control this turn is summoning sick again.",
        card=None if facts.haste_lost == "the effect" else facts.haste_lost,
    )
    return Ruling(verdict=ruling.verdict, steps=(step, *ruling.steps), missing=ruling.missing)


def _made_creature(ruling: Ruling, facts: _Facts, name: str) -> Ruling:
    """The step saying a card named makes the permanent a creature, when one always does."""
    makers = [maker for maker, _, always in facts.made_creature if always]
    if not makers or not name:
        return ruling
    step = Step(
        rule=Rule.TYPE_SET,
        note=f"{makers[0]}'s effect makes {name} a creature as well, so the rules for creatures "
        "apply to it.",
        card=makers[0],
    )
    return Ruling(verdict=ruling.verdict, steps=(step, *ruling.steps), missing=ruling.missing)


def _phase_not_turn(ruling: Ruling, facts: _Facts) -> Ruling:
    """The step saying an extra phase or step isn't a new turn, when the permanent is new."""
    if facts.extra_phase is None or not facts.new:
        return ruling
    step = tp.extra_phase_step(facts.extra_phase)
    return Ruling(verdict=ruling.verdict, steps=(step, *ruling.steps), missing=ruling.missing)


def _enters_tapped(ruling: Ruling, facts: _Facts, name: str) -> Ruling:
    if not facts.enters_tapped:
        return ruling
    step = Step(
        rule=Rule.ENTERS_UNTAPPED,
        note=f"Permanents enter untapped unless an ability says otherwise, and {name}'s says it "
        "enters tapped: the turn it came in, it's tapped unless something untapped it.",
        card=name,
    )
    return ruling.model_copy(update={"steps": (step, *ruling.steps)})


def _capitalised(ruling: Ruling) -> Ruling:
    steps = tuple(
        s.model_copy(update={"note": s.note[:1].upper() + s.note[1:]}) for s in ruling.steps
    )
    return ruling.model_copy(update={"steps": steps})


def _flip(ruling: Ruling) -> Ruling:
    return ruling.model_copy(
        update={"verdict": {"yes": "no", "no": "yes"}.get(ruling.verdict or "")}
    )


def agreed(variants: Sequence[Ruling], unknown: str, cases: Sequence[str] | None = None) -> Ruling:
    """One answer when every way the unknown fact could be gives the same verdict.

    Steps that differ between the variants rest on the unknown fact, so they are
    dropped; what remains is what the verdict really rests on.
    """
    verdicts = {r.verdict for r in variants}
    if len(variants) == 1:
        return variants[0]
    if len(verdicts) != 1 or None in verdicts:
        return Ruling(verdict=None, missing=(unknown,))
    first = variants[0]
    common = [s for s in first.steps if all(s in r.steps for r in variants[1:])]
    if cases is not None and not any(s.rule for s in common):
        # Nothing rule-bearing is shared: give each case's own reason ("If it's a creature: ...").
        for case, r in zip(cases, variants, strict=True):
            common += [
                Step(
                    rule=s.rule,
                    note=f"If {case}: {s.note}",
                    card=s.card,
                    reason=s.reason,
                    facts=s.facts,
                )
                for s in r.steps
                if s.rule and s not in common
            ]
    common.insert(0, Step(note=f"The answer doesn't depend on {unknown}."))
    return Ruling(verdict=first.verdict, steps=tuple(common))


def _cases(perms: Sequence[Permanent]) -> list[str]:
    """What tells each variant apart, in words: 'it's a creature that came under your control
    this turn'."""
    creature = len({p.is_creature for p in perms}) > 1
    new = len({p.since_turn_start for p in perms}) > 1
    tapped = len({p.tapped for p in perms}) > 1
    out = []
    for p in perms:
        parts = []
        if tapped:
            parts.append("it's still tapped" if p.tapped else "it has untapped")
        if creature:
            parts.append("it's a creature" if p.is_creature else "it isn't a creature")
        if new:
            parts.append(
                "it has been under your control since your turn began"
                if p.since_turn_start
                else "it came under your control this turn"
            )
        out.append(" and ".join(parts) or "it is so")
    return out


def _board_perm(q: Question, subject: CardMention | None) -> Permanent | None:
    """The subject's permanent on the stated board, if the question comes with one."""
    if q.board is None or subject is None:
        return None
    return next(
        (p for p in q.board.battlefield if p.name.casefold() == subject.name.casefold()), None
    )


def _helper_board(board: GameState | None, facts: _Facts, name: str) -> GameState | None:
    """The board with the cards that let the permanent attack as though it had haste, an Aura
    or Equipment attached to ``name``; the stated board when there is one."""
    if board is not None or not facts.attack_helpers:
        return board
    helpers = tuple(
        Permanent(
            name=h.name,
            controller=YOU,
            types=h.card.types - {"Token"},
            subtypes=h.card.subtypes,
            attached_to=name if h.card.subtypes & {"Aura", "Equipment"} else None,
            card=h.card,
        )
        for h in facts.attack_helpers
    )
    return GameState(battlefield=helpers)


def _position(board: GameState | None, p: Permanent) -> GameState:
    if board is None:
        return GameState(battlefield=(p,))
    rest = tuple(b for b in board.battlefield if b.name.casefold() != p.name.casefold())
    return board.model_copy(update={"battlefield": (p, *rest)})


# "Got the elixir on board", "with blood moon out": a permanent said to be out that no card
# named here is. What it does isn't known, so whatever the family answers may be wrong.
_SAID_OUT = lazy(
    r"\b(?:got|have|has|had|with|control|controls|controlling|there's|there is) "
    r"(?:the |a |an |my |his |her |their |our )?(?P<what>[a-z][\w'-]*(?: [a-z][\w'-]*)?)"
    r"(?: \([^)]*\))? (?:on (?:the )?(?:board|battlefield|field|table)|out|in play)\b"
)
_NOT_UNKNOWN = frozenset(
    {
        "been",
        "it",
        "them",
        "this",
        "that",
        "one",
        "ones",
        "these",
        "those",
        "something",
        "single",
        "stuff",
        "things",
        "thing",
        "permanent",
        "permanents",
        "token",
        "tokens",
        "other",
        "another",
        "two",
        "three",
        "four",
        "five",
        "some",
        "several",
        "many",
        "few",
        "both",
        "all",
        "untapped",
        "tapped",
        "already",
        "still",
        "just",
        "also",
    }
)


def _unknown_permanent_out(q: Question) -> bool:
    """Whether the text says a permanent is out that isn't a named card or a generic one."""
    for hit in _SAID_OUT.finditer(q.lower):
        words = hit.group("what").split()
        if any(w in _NOT_UNKNOWN for w in words):
            continue
        if TappingHandler._generic_types(Question.build(hit.group("what"))) is not None:
            continue
        return True
    return False


@dataclass
class _Facts:
    new: bool | None
    haste: bool
    tapped: bool | None
    creature: bool | None
    # Something the question mentions tapped it, and whether it has untapped since is unclear.
    tapped_unsure: bool = False
    # It came in this turn and its card says it enters tapped.
    enters_tapped: bool = False
    # A card named may or may not give it haste (riot: "your choice of a counter or haste").
    haste_unsure: bool = False
    # A card named lets its abilities be activated as though it had haste (not attacking).
    haste_abilities: bool = False
    # Cards named that let it attack as though it had haste (Instill Energy): they go on the
    # board, attached to it when they are Auras or Equipment, and the engine reads their text.
    attack_helpers: tuple[CardMention, ...] = ()
    # An extra phase or step this turn the text speaks of, which isn't a new turn.
    extra_phase: str | None = None
    # The keyword it came in by that gives it haste (unearth, dash, blitz).
    haste_from: str | None = None
    # What gave it haste that the text then took away (Greaves moved to another creature).
    haste_lost: str | None = None
    # Cards named that make permanents of a type creatures (March of the Machines): the type,
    # and whether always ("is an artifact creature") or only maybe ("target land becomes").
    made_creature: tuple[tuple[str, str, bool], ...] = ()


class TappingHandler:
    """The tap and untap symbols, summoning sickness, haste, attacking and blocking, crew and convoke."""

    family = "tapping"

    @staticmethod
    def _tapped_is_another(q: Question, subject: CardMention | None) -> bool:
        """Whether the text says some other named card is tapped ("can Vampire Nighthawk
        block Serra Angel if Serra Angel is tapped?"), so "tapped" isn't the subject's state."""
        cards = sorted(q.cards, key=lambda m: m.start)
        marks = [m.start() for m in re.finditer("CARD", q.lower)]
        for found in _CARD_TAPPED.finditer(q.lower):
            at = found.start() if found.group(0).startswith("CARD") else found.end()
            index = marks.index(at) if at in marks else None
            if index is not None and index < len(cards):
                named = cards[index]
                if subject is None or named.name != subject.name:
                    return True
        return False

    def scenarios(self, q: Question) -> list[Scenario]:
        if q.asks(_BARE_JUDGMENT) and q.has(_CLAIM_WORDS):
            # "My opponent said I can't. Is he right?" where the claim wasn't read as one: the
            # verdict can't be matched to it, and a bare yes would answer another question.
            return []
        # "Does Concordant Crossroads let my Elves tap for mana...": only for cards that give
        # other creatures abilities.
        lets = q.has(r"\b(let|lets|allow|allows)\b") and (
            any(_grants_to_others(m) for m in q.cards)
            # "Does Springleaf Drum let me tap a creature I just cast?": a cost that taps a
            # creature, which the card's parsed ability says, of a creature whose timing is told.
            or (
                any(
                    isinstance(a, Activated) and a.cost.tap_others
                    for m in q.cards
                    for a in m.abilities()
                )
                and q.has(*_NEW, *_OLD)
            )
            # "Does the extra beginning phase let it attack?": whether it can.
            or (
                _extra_phase(q) is not None
                and q.asks(
                    rf"^\W*(does|do|will|would) (the |an |that |this |CARD'?s? )?{_EXTRA_PHASE}"
                )
            )
        )
        if not (
            lets
            or q.has(_ASK, r"\bsummoning[ -]?sick", _NEED_HASTE, _NEED_CREW)
            or q.has(_TRIED)
            or q.asks(_GIVES_HASTE, r"\benough (power )?to crew\b")
            or self._does_act(q)
        ):
            # "Does X return the creature untapped?", "does it lose its abilities?": questions
            # about status, which don't ask whether something can be done.
            statuses = (self._defender, self._put_attacking, self._combat_status)
            for status in (*statuses, self._enters_status, self._status_kept):
                found = status(q)
                if found is not None:
                    return [found]
            return []
        if self._about_tapped_for_mana_meaning(q):
            return []
        if q.asks(r"\b(count|counts|counted) as\b", r"\b(considered|treated as|the same as)\b"):
            # "Does crewing count as tapping it for summoning sickness?": what something is
            # classed as, which a yes or no about whether it can be done wouldn't answer.
            return []
        if _unknown_permanent_out(q):
            return []
        if _UNREAD_USED.search(q.lower):
            # "Used nissa wsw +1 on it": what that ability did (haste, untapping it) is unread.
            return []
        subject, _ = self._split(q)
        made = _makes_creatures(subject) if subject is not None else None
        if made is not None and re.search(rf"\b{made[0].casefold() or 'permanent'}s?\b", q.lower):
            # "I cast Ambush Commander. My Forests ...: can they attack?": the permanents it
            # makes creatures are spoken of unnamed, and the question may be about them.
            return []
        if q.has(_PHASING):
            # Phasing keeps a permanent's status and control history: a rule not modelled here.
            return []
        if q.asks(_TWO_ACTIONS):
            # "Can I use it for convoke and tap it for mana?": two actions, each with its own
            # answer, and doing one may stop the other; a single verdict would answer one.
            return []
        if q.asks(r"\b(token|copy|copies)\b") and any(
            _COPIES_PERMANENT.search(m.card.oracle_text) for m in q.cards
        ):
            # "Can the token copy tap?": the copy is a new object with its own entry (CR
            # 707.2, 302.6), so the named original's history isn't the one asked about.
            return []
        if any(_changes_control(m) for m in q.cards) and q.has(
            r"\b(opponents?|he|she|they|friend)\b[^.?!]{0,20}\b(cast|casts|casted|played|plays|"
            r"resolved|used|uses|activated|activates) CARD"
        ):
            # Another player took a permanent: who controls it, and since when, isn't modelled.
            return []
        if (
            _opponents_permanent_used(q)
            and q.has(
                r"\b(i|me|we)\b[^?]{0,20}\b(tap|use|activate|crew|convoke)",
                r"\b(legal|allowed|possible) to (tap|use|activate|crew|convoke)",
            )
            and not (q.has(_CONTROL_GAINED) or any(_changes_control(m) for m in q.cards))
        ):
            # You tapping an opponent's permanent: only a controller activates its abilities,
            # and costs like Springleaf Drum's or convoke's tap only creatures you control.
            found = self._not_controller(q)
            return [found] if found is not None else []
        untap_step = () if _extra_phase(q) else (r"\buntap step\b",)
        if q.has(r"\buntaps? (during|in|at)\b", *untap_step) and not q.has(*_OLD):
            # Whether it untaps is the untap step's rule, not this family's.
            return []
        if re.search(r"^\W*(how(?! (much|many))|why|explain|what happens)\b", q.text.casefold()):
            # "How does haste work?" wants an explanation, not a yes or no.
            return []
        out: list[Scenario] = []
        if q.asks(_PREVENTS) and not (self._sick_word_asked(q) or self._needs_haste(q)):
            # "Does defender prevent that?" asks whether something stops it: answering whether
            # it can be done would give the opposite verdict.
            for build in (self._defender, self._combat_status, self._status_kept):
                found = build(q)
                if found is not None:
                    return [found]
            return []
        builders = (
            self._grants_haste,
            self._crew_power,
            self._convoke_pays,
            self._defender,
            self._put_attacking,
            self._combat_status,
            self._tapped_by_effect,
            self._enters_status,
            self._status_kept,
            self._tap_others,
            self._attack_or_block,
            self._activate,
            self._is_sick,
        )
        for build in builders:
            s = build(q)
            if s is not None:
                out.append(s)
                break
            if build == self._convoke_pays and q.has(*_ALL_CONVOKED):
                # "Cast it entirely by convoking": whether the creatures pay the whole cost,
                # which the rule that lets them be tapped doesn't answer.
                return []
        if (
            out
            and out[0].name in ("tapping.tap_cost", "tapping.untap_cost")
            and q.asks(r"\b(attack|attacks|attacking|attacker|block|blocks|blocking|blocker)\b")
            and not q.asks(r"\b(tap|taps|untap|untaps|activate|activates|use|uses|mana)\b")
        ):
            # "I tapped it to pay for its own animation. Is that a legal attack?": whether its
            # ability could be activated is not what is asked.
            return []
        return out

    # -- reading the question --------------------------------------------------
    @staticmethod
    def _about_tapped_for_mana_meaning(q: Question) -> bool:
        """'Is tapping X for convoke tapping it for mana?' belongs to the mana family."""
        return not q.has(_SICK_MEANS_CANT) and q.has(
            r"\b(count|counts|counted|considered|consider|same as|mean|means|qualify|qualifies)\b"
            r"[^?]{0,40}\btap\w* (it |them |CARD |a \w+ )?for mana",
            r"\bis tapping\b[^?]{0,80}\btapping (it|them|CARD|a \w+) for mana",
            r"\b(trigger|triggers)\b",
        )

    @staticmethod
    def _does_act(q: Question) -> bool:
        """ "Does Llanowar Elves tap for mana?", what a report "it doesn't tap for mana" raises:
        whether the permanent can do it."""
        return q.asks(
            r"^\W*(does|do|did|will|would) (CARD|it|they|my \w+|the \w+)( still)? "
            r"(tap for mana|attack|block)\b(?! (each|every))"
        )

    @staticmethod
    def _sick_word_asked(q: Question) -> bool:
        # The asked sentence only: "When does summoning sickness stop ...?" before another
        # question is context, and turning the answer over for it would invert the verdict.
        return q.asks(
            r"\b(does|do|will|would) summoning[ -]?sick(ness)? (stop|prevent|affect|apply|matter|keep)",
            # "Does summoning sickness mean my creature can't block?": whether it stops it.
            _SICK_MEANS_CANT,
            r"\b(affected|restricted|stopped|prevented|limited|hindered) by summoning[ -]?sick",
            r"\bsubject to summoning[ -]?sick",
        )

    @staticmethod
    def _needs_haste(q: Question) -> bool:
        """'Do I need haste to ...?': the answer without haste, turned over."""
        return q.has(_NEED_HASTE)

    def _facts(
        self, q: Question, subject: CardMention | None, helpers: Sequence[CardMention]
    ) -> _Facts:
        # Timing is read from the text without what it tells of other objects and players.
        tq = _timing_view(q, subject)
        old = tq.has(*_OLD)
        new = tq.has(*_NEW) or self._sick_word_asked(tq)
        if (
            old
            and tq.asks(r"\bsummoning[ -]?sick")
            and not tq.has(*(p for p in _NEW if "summoning" not in p))
        ):
            # "I played it last turn: is it summoning sick?": the word is asked, not told.
            new = False
        fact_new: bool | None = None
        if _blinked_now(q, subject) and not q.has(*_OTHER_TURN):
            # Flickered: a new object since, whatever was said of the one before (400.7).
            new, old = True, False
        relative = _turn_relative(tq)
        if relative is not None and not (relative and old):
            # "Since their last turn" agrees with a permanent that isn't new; with one that is,
            # the text says two things and the other readings below decide.
            new, old = relative, not relative
        elif tq.has(*_OTHER_TURN) and not (
            # "Out for a few turns; I animate it on my turn": the asker's own turn told beside
            # a long history doesn't undo it.
            old and not new and not tq.has(*(p for p in _OTHER_TURN if p != _TURN_TOLD[2]))
        ):
            new = old = False
        if (
            not old
            and any(_changes_control(h) for h in helpers)
            and tq.has(r"\b(i|we) (just )?(cast|casted|played|resolved|used|activated) CARD")
        ):
            # "I cast Control Magic on his Llanowar Elves": control changed as it resolved, and
            # nothing says that was before this turn.
            new = True
        extra_phase = _extra_phase(tq)
        if extra_phase and not old and (_entered_by_me(tq) or tq.has(r"\bsummoning[ -]?sick")):
            # "I cast it, then got an extra beginning phase", "is it still summoning sick after
            # the extra untap step?": the same turn, so still new.
            new = True
        if not (new or old) and _cast_in_story(tq, subject):
            new = True
        own = _own_clause_timing(tq, subject)
        if own is not None and not q.has(*_OTHER_TURN):
            # "I cast the Elixir last turn, and Llanowar Elves this turn": each card's own clause
            # tells its timing.
            new, old = own, not own
        if new and not old:
            fact_new = True
        elif old and not new:
            fact_new = False
        # "As though it had haste" isn't haste: which half it gives is the card's to say.
        told_as_though = bool(_AS_THOUGH.search(q.lower))
        plain = _AS_THOUGH.sub(" ", q.lower)
        plain, said_of = self._haste_said_of_cards(plain, q, subject)
        likened = bool(_LIKE_HASTE.search(plain))
        plain = _LIKE_HASTE.sub(" ", plain)
        haste = (
            bool(re.search(_HASTE_FACT, plain))
            and not q.has(_NO_HASTE)
            and not self._needs_haste(q)
        )
        haste_unsure = (told_as_though or likened) and not any(
            _AS_THOUGH.search(h.card.oracle_text) for h in helpers
        )
        if likened and not said_of:
            # Haste likened to something no card named here says: what it is isn't known.
            haste_unsure = True
        haste_from: str | None = None
        if subject is not None and any(k.casefold() == "haste" for k in subject.card.keywords):
            haste = True
        elif subject is not None and _haste_by_own_tap(subject):
            # Crashing Drawbridge: the haste is what its own {T} ability does, and that cost is
            # paid before the ability resolves (602.2), so it can't help pay it.
            haste = False
        elif subject is not None and re.search(r"\bhaste\b", subject.card.oracle_text, re.I):
            # Riot, dash, "has haste as long as...": it may or may not have haste, unless the
            # text says it came in by the keyword that gives it ("the turn I unearth it").
            came_by = self._came_in_by(q, subject, old)
            haste_from = came_by or None
            haste = bool(came_by)
            # Cast without the keyword ("hard cast", "without dashing it"): no haste from it.
            haste_unsure = came_by is None
            if haste and fact_new is None:
                # Unearthing or dashing it is how it came in, on the turn the text speaks of.
                fact_new = True
        haste_abilities = False
        haste_lost: str | None = None
        if haste and q.has(_LOST_HASTE):
            # "It had haste, then lost it": what counts is whether it has haste now.
            haste, haste_lost = False, "the effect"
        attack_helpers: list[CardMention] = []
        granted = False
        for h in helpers:
            # Threaten, Act of Treason, Lightning Greaves: the permanent gains haste from them.
            if _AS_THOUGH.search(h.card.oracle_text):
                kinds = {
                    a.what for a in eff.as_though_haste(h.card.oracle_text.splitlines(), (h.name,))
                }
                if "attack" in kinds:
                    # "Can attack as though it had haste" (Instill Energy) isn't the abilities
                    # kind: attacking yes, {T} abilities no.
                    attack_helpers.append(h)
                else:
                    haste_abilities = True
            else:
                grant = tp.haste_grant(h.card.oracle_text)
                if (
                    grant == "always"
                    and re.search(r"\bhaste until end of turn\b", h.card.oracle_text, re.I)
                    and tq.has(*_TURN_TOLD)
                ):
                    # Threaten's haste lasts until end of turn: asked of another turn, whether
                    # it still has it depends on which turn that is.
                    grant = "maybe"
                taken = _grant_taken_away(q, h, subject) if grant else None
                if taken == "gone":
                    haste_lost = h.name
                    continue
                granted = granted or grant == "always"
                haste = haste or grant == "always"
                if grant == "maybe" and _kicked_haste_before(q, h):
                    # "I kicked Goblin Bushwhacker. Can the Bears I cast earlier attack?": the
                    # kicked trigger gave haste to the creatures already there.
                    granted = haste = True
                    continue
                haste_unsure = haste_unsure or grant == "maybe" or taken == "unsure"
        own_haste = subject is not None and any(
            k.casefold() == "haste" for k in subject.card.keywords
        )
        if haste_lost is not None and not granted and not own_haste:
            # "Greaves gave it haste, then I moved Greaves": the haste the text speaks of was
            # that card's, and it is gone.
            haste = haste_unsure = False
        if self._needs_haste(q):
            # The haste asked about isn't a fact; one a card gives makes the ask unclear.
            haste_unsure = haste_unsure or haste
            haste = False
        tapped: bool | None = None
        if q.has(*_UNTAPPED):
            tapped = False
        elif q.has(*_TAPPED):
            tapped = True
        untaps_later = q.has(_UNTAPS_LATER) or self._tapped_is_another(q, subject)
        if untaps_later:
            # "a tapped creature ... if it untaps": its state when it matters isn't the one told.
            tapped = None
        facts = _Facts(
            new=fact_new,
            haste=haste,
            tapped=tapped,
            creature=None,
            haste_unsure=haste_unsure and not haste,
            haste_abilities=haste_abilities and not haste,
            attack_helpers=tuple(attack_helpers),
            extra_phase=extra_phase,
            made_creature=tuple(
                (h.name, *made) for h in helpers if (made := _makes_creatures(h)) is not None
            ),
            haste_from=haste_from if haste else None,
            haste_lost=haste_lost if not haste else None,
        )
        stated = _board_perm(q, subject)
        if stated is not None:
            # The stated board replaces what the text would tell about the permanent.
            return _Facts(
                new=not stated.since_turn_start,
                haste=tp.has_haste(stated),
                tapped=stated.tapped,
                creature=stated.is_creature,
            )
        if tapped is None:
            tappers = any(
                isinstance(a, Activated) and re.search(r"\btap target\b", a.effect, re.I)
                for h in helpers
                for a in h.abilities()
            )
            if tappers or untaps_later or q.has(*_TAPPED_BY):
                # "My opponent tapped it with Icy Manipulator": still tapped or not depends on
                # when, and on untap steps the question doesn't describe.
                facts.tapped_unsure = True
            elif subject is not None and fact_new:
                lines = subject.card.oracle_text.splitlines()
                enters = [
                    ln for ln in lines if re.search(r"\benters( the battlefield)? tapped", ln)
                ]
                if any(re.search(r"\b(unless|if|may)\b", ln, re.I) for ln in enters):
                    facts.tapped_unsure = True
                elif enters:
                    facts.tapped = facts.enters_tapped = True
        return facts

    @staticmethod
    def _haste_said_of_cards(
        plain: str, q: Question, subject: CardMention | None
    ) -> tuple[str, list[CardMention]]:
        """The text without the haste said of named cards other than the subject ("the Elixir
        gives haste", "Greaves is basically haste"), and those cards: each one's text says what
        it gives, so the words aren't a fact about the creature."""
        cards = sorted(q.cards, key=lambda m: m.start)
        said: list[CardMention] = []
        pieces: list[str] = []
        at = 0
        for hit in _CARD_HASTE.finditer(plain):
            index = plain[: hit.start()].count("CARD")
            if index >= len(cards) or (subject is not None and cards[index].name == subject.name):
                continue
            said.append(cards[index])
            pieces.append(plain[at : hit.end() - len("haste")] + "     ")
            at = hit.end()
        pieces.append(plain[at:])
        return "".join(pieces), said

    @staticmethod
    def _asked_permanent(q: Question) -> CardMention | None:
        """The one card the asked sentence names, when it is a permanent card and the context
        before it names others."""
        cards = sorted(q.cards, key=lambda m: m.start)
        before = q.lower.find(q.asked) if q.asked else -1
        if before < 0 or q.lower.count("CARD") != len(cards):
            return None
        first = q.lower[:before].count("CARD")
        named = cards[first : first + q.asked.count("CARD")]
        if len({m.name for m in named}) != 1 or not named[0].card.types & _PERMANENT_TYPES:
            return None
        # The card must be what the question is about, not a condition ("what if I control X").
        if not q.asks(
            r"^\W*(can|could|does|do|will|would) (my |the |your |this |that )?CARD( still)? "
            r"(attack|block)\b",
            r"^\W*(can|could) (i|we|you) (attack|block) with (my |the |your )?CARD\b",
            # "Can my Llanowar Elves I just cast tap for mana?", "I cast CARD; can it attack?"
            r"^\W*(can|could|does|do|will|would) (my |the |your |this |that )?CARD\b"
            r"(?:(?!\b(?:let|lets|allow|allows|make|makes|help|helps)\b)[^?,;]){0,30}?"
            r"\b(still )?(attack|block|tap|untap|use|activate)\b",
            r"^\W*(can|could) (i|we|you) (tap|untap|use|activate) (my |the |your )?CARD\b",
            r"^\W*(i|we) (just )?(cast|casted|played|summoned) (my |a |an |the )?CARD\b[^?.;,]{0,20}"
            r"[;,] (so )?(can|could|does|will) (it|they)( still)? (attack|block|tap|untap|use|"
            r"activate)\b",
        ):
            return None
        return named[0]

    @staticmethod
    def _asked_by_word(q: Question) -> CardMention | None:
        """The one permanent card the asked sentence calls by a word of its name or subtype
        ("Can the elves attack?" beside Llanowar Elves and Thousand-Year Elixir)."""
        if "CARD" in q.asked:
            return None
        words = {
            w.rstrip("s")
            for w in re.findall(r"\b(?:the|my|that|this|your|those|these) ([a-z']+)", q.asked)
            if w not in _NOT_NAMES
        }
        found = {
            m.name: m
            for m in q.cards
            if m.card.types & _PERMANENT_TYPES
            and words
            & {w.casefold().rstrip("s") for w in (*re.findall(r"[\w']+", m.name), *m.card.subtypes)}
        }
        return next(iter(found.values())) if len(found) == 1 else None

    @staticmethod
    def _came_in_by(q: Question, subject: CardMention, old: bool) -> str | None:
        """The keyword the text says the permanent came in by this turn that gives it haste
        ("the turn I unearth it", "if I dash it"); "" when the text says it was cast without
        ("hard cast", "without dashing it") and the card has haste no other way; None when
        the text doesn't tell, or tells of another turn."""
        keywords = tp.haste_keywords(subject.card.oracle_text, subject.card.keywords)
        if old or q.has(*_OTHER_TURN) or not keywords:
            return None
        used: list[str] = []
        refused = q.has(_HARD_CAST)
        for keyword in keywords:
            word = re.escape(keyword.casefold())
            if q.has(rf"\b({_NEGATORS})\b(\s+[\w']+){{0,4}}?\s+{word}"):
                refused = True
            elif q.has(rf"\b{word}(s|es|ed|ing)?\b"):
                used.append(keyword)
        if used and not refused:
            return used[0]
        if (
            not used
            and q.has(r"\b(cast|casts|casted|hard[- ]?cast)\b")
            and not any(_casts_by(subject, k) for k in keywords)
        ):
            # "I cast Fatestitcher this turn": unearth returns it from a graveyard, not by
            # casting, so a card cast came in without the keyword's haste.
            return ""
        if refused and not used and q.has(r"\b(cast|casts|casted|play|played|hard[- ]?cast)\b"):
            return ""
        return None

    @staticmethod
    def _split(q: Question) -> tuple[CardMention | None, list[CardMention]]:
        """The permanent the question is about, and the other cards (spells, Vehicles, Drums)."""
        subject: CardMention | None = None
        helpers: list[CardMention] = []
        grantors = [
            m
            for m in q.cards
            if _grants_to_others(m)
            or _adds_phase(m)
            or TappingHandler._instrument(q, m)
            # "Life and Limb is out, can my Forest attack?": the card making it a creature.
            or any(makes_it_creature(m, o) for o in q.cards)
        ]
        others = [m for m in q.cards if m not in grantors and m.card.types & _PERMANENT_TYPES]
        if grantors and not (others or q.has(_GENERIC_CREATURE)):
            grantors = []
        for m in q.cards:
            is_permanent = bool(m.card.types & _PERMANENT_TYPES) and m not in grantors
            if subject is None and is_permanent and "Vehicle" not in m.card.subtypes:
                subject = m
            elif subject is not None and m.name == subject.name:
                continue
            else:
                helpers.append(m)
        asked = TappingHandler._asked_permanent(q) or TappingHandler._asked_by_word(q)
        if asked is not None and subject is not None and asked.name != subject.name:
            # "I crewed my Copter with Llanowar Elves. Can the Copter attack?": the one
            # permanent the question names is what it asks about.
            helpers = [m for m in [subject, *helpers] if m.name != asked.name]
            subject = asked
        if (
            subject is not None
            and asked is None
            and "Creature" not in subject.card.types
            and TappingHandler._asks_unnamed_creature(q)
        ):
            # "With two Forests out, can my elf I cast this turn tap for mana?": the creature
            # the last clause asks about is unnamed; the named land is context.
            helpers = [subject, *helpers]
            subject = None
        if subject is None:
            # "Can I attack with Smuggler's Copter...": the Vehicle is what's asked about.
            vehicle = next((m for m in helpers if "Vehicle" in m.card.subtypes), None)
            if vehicle is not None:
                helpers.remove(vehicle)
                subject = vehicle
        return subject, helpers

    @staticmethod
    def _asks_unnamed_creature(q: Question) -> bool:
        """Whether the asked sentence's last clause asks about a creature it doesn't name ("...,
        can my elf I cast this turn tap for mana?", "can the guy attack?")."""
        last = re.split(r"[,;:]\s*", q.asked)[-1]
        return "CARD" not in last and bool(
            re.search(
                r"^\W*(?:so |but |then )?(?:can|could|does|do|will|would|is|are) (?:my|the|a|an|"
                rf"your|this|that) (?:new |\w+ )?(?:{_GENERIC_CREATURE})",
                last,
            )
        )

    @staticmethod
    def _instrument(q: Question, m: CardMention) -> bool:
        """Whether the text uses ``m`` to tap or untap another permanent ("tapped my creature
        with Icy Manipulator", "he used Icy Manipulator on my elf"): what it tapped is asked
        about, not the card."""
        if not any(
            isinstance(a, Activated) and _TAPS_TARGET.search(a.effect) for a in m.abilities()
        ):
            return False
        cards = sorted(q.cards, key=lambda c: c.start)
        marks = [hit.start() for hit in re.finditer("CARD", q.lower)]
        if len(marks) != len(cards) or m not in cards:
            return False
        at = marks[cards.index(m)]
        before, after = q.lower[max(0, at - 60) : at], q.lower[at + 4 : at + 30]
        return bool(
            re.search(
                r"\b(tap|taps|tapped|tapping|untap|untaps|untapped)\b (my|a|an|the|his|her|their|"
                r"your) [\w' ]{0,20}?\bwith (his |her |my |their |your |an? |the )?$",
                before,
            )
            or (
                re.search(
                    r"\b(use|uses|used|using|activate|activates|activated) (his |her |their |"
                    r"my |an? |the )?$",
                    before,
                )
                and re.match(
                    r"\s*('s? ability )?(on|against) (my|a|an|the|his|her|their|your) ", after
                )
            )
        )

    @staticmethod
    def _generic_types(q: Question) -> frozenset[str] | None:
        """Types of an unnamed permanent from the words used: 'a noncreature artifact'."""
        if q.has(r"\bnon-?creature\b"):
            for word, t in (
                ("artifact", "Artifact"),
                ("land", "Land"),
                ("enchantment", "Enchantment"),
            ):
                if q.has(rf"\bnon-?creature {word}"):
                    return frozenset({t})
            return frozenset({"Artifact"})
        if q.has(r"\b(artifact|land|enchantment) creatures?\b"):
            m = re.search(r"\b(artifact|land|enchantment) creatures?\b", q.lower)
            assert m
            return frozenset({m.group(1).capitalize(), "Creature"})
        if q.has(
            r"\bcreatures?\b",
            r"\bdorks?\b",
            _CREATURE_WORDS,
            r"\bmana creature",
            r"\b\d+/\d+ (\w+ )?tokens?\b",
        ):
            # "A 1/1 soldier token": only a creature has power and toughness.
            return frozenset({"Creature"})
        for word, t in (
            ("artifacts?", "Artifact"),
            ("lands?", "Land"),
            ("enchantments?", "Enchantment"),
            ("planeswalkers?", "Planeswalker"),
            ("mana rocks?", "Artifact"),
            ("(treasure|clue|food|blood|gold|powerstone)( tokens?)?s?", "Artifact"),
        ):
            if q.has(rf"\b{word}\b"):
                return frozenset({t})
        return None

    def _subject(
        self,
        q: Question,
        subject: CardMention | None,
        facts: _Facts,
        crewed: bool = False,
        creature: bool = False,
        crew_unsaid: bool = False,
    ) -> tuple[list[Permanent], str | None]:
        """The permanent(s) to test; several when its being a creature is unknown. ``crewed``:
        a Vehicle asked about in combat is read as crewed, the only way it attacks or blocks;
        ``creature``: the text calls an unnamed attacker by a creature's word ("the dragon");
        ``crew_unsaid``: a Vehicle the text doesn't call crewed may or may not be a creature."""
        stated = _board_perm(q, subject)
        if stated is not None:
            return [stated], None
        abilities: tuple[Ability, ...] = ()
        if subject is not None:
            line = TypeLine.parse(subject.card.front.type_line)
            types = line.types - {"Token"} if "Token" in line.types else line.types
            supertypes, subtypes = line.supertypes, line.subtypes
            abilities = subject.abilities()
            name = subject.name
            animated = (_animated(q) or (crewed and "Vehicle" in subtypes)) and (
                "Creature" not in types
            )
            printed = types
            if animated:
                types = types | {"Creature"}
            options = [types]
            if animated and _animated_before(q):
                options = [printed, types]
            if (
                (crewed or (facts.new and q.has(*_USED_ITS_ABILITY)))
                and not facts.tapped
                and "Creature" not in types
                and "Vehicle" not in subtypes
                and re.search(r"\bbecomes? an? [^.]*\bcreature\b", subject.card.oracle_text)
            ):
                # Asked to attack or block, or said to have used its ability ("activated it to
                # make it a 2/2"), a card that can make itself a creature (Gideon, Mutavault)
                # may or may not be one now: the text didn't say plainly.
                options.append(types | {"Creature"})
        else:
            generic = self._generic_types(q)
            if generic is None and creature:
                generic = frozenset({"Creature"})
            if generic is None and q.has(
                r"\bwith summoning[ -]?sick", r"\bsummoning[ -]?sick (token|one|thing)s?\b"
            ):
                # Only creatures are summoning sick: what's said to have it is one.
                generic = frozenset({"Creature"})
            if generic is not None and "Creature" not in generic and _animated(q):
                # "A land I animated": a creature now, whatever its card is.
                generic = generic | {"Creature"}
            elif generic is None and _animated(q):
                generic = frozenset({"Creature"})
            supertypes, subtypes = frozenset(), frozenset()
            if q.has(r"\bvehicles?\b"):
                animated = _animated(q) or crewed
                generic = frozenset({"Artifact", "Creature"} if animated else {"Artifact"})
                subtypes = frozenset({"Vehicle"})
            name = self._generic_name(generic)
            options = (
                [generic]
                if generic is not None
                else [frozenset({"Creature"}), frozenset({"Artifact"})]
            )
            if generic is not None and "Creature" in generic and _animated_before(q):
                options = [generic - {"Creature"} or frozenset({"Artifact"}), generic]
        for _, kind, always in facts.made_creature:
            # "March of the Machines is out": its noncreature artifacts are creatures (205.1a).
            # A land type ("All Forests are 1/1 creatures") fits the lands with that subtype.
            fitting = [
                t
                for t in options
                if "Creature" not in t and (kind in t or kind == "" or kind in subtypes)
            ]
            if not fitting:
                continue
            if always:
                options = [t | {"Creature"} if t in fitting else t for t in options]
            else:
                options += [t | {"Creature"} for t in fitting]
        if crew_unsaid and "Vehicle" in subtypes and all("Creature" not in t for t in options):
            options.append(options[0] | {"Creature"})
        if facts.haste:
            abilities = (*abilities, _HASTE)
        elif facts.haste_abilities:
            abilities = (*abilities, _AS_THOUGH_HASTE)
        perms: list[Permanent] = []
        # Something tapped it and whether it has untapped since isn't said: both, and the
        # verdict stands only where they agree.
        tapped_options = [False, True] if facts.tapped_unsure else [bool(facts.tapped)]
        for types in options:
            for new in [facts.new] if facts.new is not None else [False, True]:
                for tapped in tapped_options:
                    perms.append(
                        Permanent(
                            name=name,
                            controller=YOU,
                            tapped=tapped,
                            supertypes=supertypes,
                            types=types,
                            subtypes=subtypes,
                            since_turn_start=not new,
                            abilities=abilities,
                            card=subject.card if subject is not None else None,
                        )
                    )
        unknown = []
        if len(options) > 1:
            unknown.append("whether the permanent is a creature")
        if facts.new is None:
            unknown.append("whether you've controlled it since your most recent turn began")
        if facts.tapped_unsure:
            what = subject.name if subject is not None else "the permanent"
            unknown.append(_still_tapped(what))
        return perms, " and ".join(unknown) or None

    @staticmethod
    def _generic_name(types: frozenset[str] | None) -> str:
        if types is None:
            return "the permanent"
        if "Creature" in types:
            return "the creature"
        return "the " + "/".join(sorted(t.lower() for t in types))

    def _run_all(
        self,
        perms: list[Permanent],
        unknown: str | None,
        check: Callable[[GameState, str], Ruling],
        board: GameState | None = None,
    ) -> Ruling:
        variants = [check(_position(board, p), p.name) for p in perms]
        return _capitalised(
            agreed(variants, unknown or "anything the question leaves out", _cases(perms))
        )

    @staticmethod
    def _cards(subject: CardMention | None, helpers: Sequence[CardMention]) -> tuple[str, ...]:
        return tuple(m.name for m in ([subject] if subject else []) + list(helpers))

    # -- scenarios -------------------------------------------------------------
    def _grants_haste(self, q: Question) -> Scenario | None:
        """'Does Act of Treason give the creature haste?': what the named card's text says."""
        found = re.search(_GIVES_HASTE, q.asked)
        if found is None:
            return None
        cards = sorted(q.cards, key=lambda m: m.start)
        before = q.lower.find(q.asked)
        if before < 0 or q.lower.count("CARD") != len(cards):
            return None
        card = cards[q.lower[:before].count("CARD") + q.asked[: found.start(2)].count("CARD")]
        if _haste_by_own_tap(card) and q.asks(r"\b(itself|himself|herself)\b"):
            # "Can Goblin Motivator give itself haste?": whether it can pay its own {T} for it,
            # not what its text says.
            return None

        keyword = next(
            (
                k
                for k in tp.haste_keywords(card.card.oracle_text, card.card.keywords)
                if re.search(rf"\b{re.escape(k.casefold())}\b", q.asked)
            ),
            None,
        )

        def run() -> Ruling:
            if keyword is not None:
                # "Does Goblin Heelcutter's dash give it haste?": what the keyword does.
                step = tp.keyword_haste_step(card.name, keyword)
                return Ruling(verdict="yes", steps=(step,))
            return _capitalised(tp.grants_haste(card.name, card.card.oracle_text))

        return Scenario("tapping.grants_haste", "yesno", 0.8, run, (card.name,))

    def _tapped_by_effect(self, q: Question) -> Scenario | None:
        """'Icy Manipulator couldn't tap a creature with summoning sickness': another card's
        effect tapping, untapping or targeting a creature that came under its controller's
        control this turn."""
        if not q.has(
            r"\b(creature|token|one|it|them|guy)s? (with|that has|that have|having) "
            r"summoning[ -]?sick",
            r"\bsummoning[ -]?sick (creature|token|one)s?\b",
            r"\b(creature|token)s? (that|which) (just )?(entered|came in|was cast|were cast)"
            r"[^.?!]{0,20}\bthis turn\b",
            # "a creature my opponent cast this turn", "a token he just made this turn"
            r"\b(creature|token)s? (that |which )?(my |the |an? )?(i|you|we|he|she|they|opponent|"
            r"friend) (just )?(cast|played|made|created|summoned|flashed in|put in)\b"
            r"[^.?!,]{0,20}\bthis turn\b",
        ):
            return None
        if not q.has(
            r"\b(pick|picks|picked|choose|chose|chosen|select|selected|target|targets|targeted|"
            r"targeting|tap|taps|tapped|untap|untaps|untapped)\b",
            r"\b(use|uses|used|using) CARD('s)? (\w+ )?(on|against)\b",
        ) or q.has(r"\b(hexproof|shroud|protection|ward|can't be (the )?target)"):
            # Whether it can be targeted at all is another rule.
            return None
        sick = [
            c
            for c in re.split(r"[.?!;]", q.lower)
            if re.search(r"summoning[ -]?sick|\bthis turn\b", c)
        ]
        if any(
            re.search(
                r"\b(attack|block|crew|convok|activate)|\b(its|their) (own )?|for mana|\{[tq]\}", c
            )
            or (re.search(r"\babilit", c) and not re.search(r"CARD'?s? (\w+ )?abilit", c))
            for c in sick
        ):
            # Its own abilities, attacking, blocking or paying a cost are other questions.
            return None
        if q.asks(r"\b(tap|use)\b[^?]{0,40}\bto (tap|untap)\b") and any(
            isinstance(a, Activated) and a.cost.tap_others for m in q.cards for a in m.abilities()
        ):
            # "With Opposition, can I tap a creature I cast this turn to tap a land?": the
            # creature pays the cost that taps it; what the effect taps is another permanent.
            return None
        found: list[tuple[CardMention, re.Match[str]]] = []
        for m in q.cards:
            texts = [a.effect for a in m.abilities() if isinstance(a, Activated)]
            texts += _unparsed_lines(m.faces, m.card.oracle_text)
            for text in texts:
                hit = _TAPS_TARGET.search(text)
                if hit is not None:
                    found.append((m, hit))
        if len({m.name for m, _ in found}) != 1:
            return None
        source, hit = found[0]
        words = set(re.findall(r"[\w']+|,", hit.group(5).casefold()))
        if not words <= _PLAIN_TARGET_WORDS:
            # "target untapped creature", "target creature with flying": a restriction of the
            # target the question doesn't settle.
            return None
        whose = hit.group(5).casefold()
        if "opponent" in whose and not q.has(r"\bopponent", r"\btheir\b", r"\b(his|her)\b"):
            return None
        if "you control" in whose and q.has(r"\bopponent'?s?'? (creature|token)"):
            return None
        creature = Permanent(
            name="the creature",
            controller=YOU,
            types=frozenset({"Creature"}),
            since_turn_start=False,
        )

        def run() -> Ruling:
            state = GameState(battlefield=(creature,))
            return _capitalised(tp.tapped_by_effect(state, creature.name, source.name))

        return Scenario("tapping.by_effect", "yesno", 0.8, run, (source.name,))

    def _enters_status(self, q: Question) -> Scenario | None:
        """'Mystifying Maze returns the creature untapped', 'do they come back tapped?': whether
        what a card's effect puts onto the battlefield enters tapped."""
        asked = re.findall(
            r"\b(?:return|returns|returned|returning|enter|enters|entered|entering|put|puts|"
            r"come|comes|came|coming|bring|brings|brought)\b[^.?!]{0,60}?\b(un)?tapped\b",
            q.lower,
        )
        if not asked or q.has(
            r"\b(attack|block|crew|convok|activate|abilit)", r"\bfor mana\b", r"\{[tq]\}"
        ):
            return None
        asked_tapped = asked[-1] != "un"
        if q.has(
            r"\b(that|which|who) (enter|enters|come|comes) (the battlefield |in |into play )?tapped"
        ) or any(_ENTERS_TAPPED.search(m.card.oracle_text) for m in q.cards):
            # "This creature enters tapped" applies however it enters (614.1d): a replacement
            # this scenario doesn't weigh against the effect.
            return None
        sources: list[tuple[CardMention, bool]] = []
        for m in q.cards:
            texts = [a.effect for a in m.abilities() if isinstance(a, Activated)]
            texts += _unparsed_lines(m.faces, m.card.oracle_text)
            if m.card.types & {"Instant", "Sorcery"}:
                texts = [m.card.oracle_text]
            says = {
                bool(re.search(r"(?<!un)\btapped\b", hit.group(3), re.I))
                for text in texts
                for hit in _ONTO_BATTLEFIELD.finditer(text)
            }
            if len(says) > 1 or any(
                re.search(r"\b(unless|may|if)\b[^.]*\btapped\b", t, re.I) for t in texts
            ):
                return None
            if says:
                sources.append((m, says.pop()))
        if len({m.name for m, _ in sources}) != 1:
            return None
        source, says_tapped = sources[0]
        others = [m for m in q.cards if m.name != source.name]
        if any(
            re.search(r"\b(enter|enters|untap|untaps)\b", m.card.oracle_text, re.I) for m in others
        ):
            # Another card that makes things enter tapped or untaps them: not modelled here.
            return None

        def run() -> Ruling:
            return _capitalised(tp.enters_tapped(source.name, says_tapped, asked_tapped))

        return Scenario("tapping.enters_status", "yesno", 0.8, run, (source.name,))

    def _status_kept(self, q: Question) -> Scenario | None:
        """'If Opposition taps my Coat of Arms, does it lose its abilities?', 'does gaining
        control of a creature tap it?': what status and control changes leave alone."""
        tappers = [m for m in q.cards if _TAPS_TARGET.search(m.card.oracle_text)]
        others = [m for m in q.cards if m not in tappers]
        name = others[0].name if len(others) == 1 else "the permanent"
        lose = q.has(
            r"\b(lose|loses|lost|losing) (all |its |their |the )?(\w+'?s? )?abilit",
            r"\b(stop|stops|stopped) (working|giving|granting|applying|functioning)",
            r"\bturns? (it |them |CARD )?off\b",
        )
        keep = q.has(
            r"\bstill (work|works|give|gives|apply|applies|function|functions|grant|grants)\b",
            r"\b(keep|keeps) (its|their) abilit",
        )
        if (lose or keep) and not (lose and keep) and q.has(r"\b(tap|taps|tapped|tapping)\b"):
            if len(others) > 1 or any(
                re.search(r"\b(un)?tapped\b|\bas long as\b|\{T\}|\{Q\}", m.card.oracle_text)
                for m in others
            ):
                # Its text may depend on its status ("as long as it's untapped", {T} abilities).
                return None
            if q.has(r"\bsummoning|\bhaste\b|\bfor mana\b|\b(attack|block)"):
                return None

            def run_tapped() -> Ruling:
                return _capitalised(tp.status_kept(name, "tapped", asks_kept=keep))

            return Scenario(
                "tapping.status_tapped", "yesno", 0.8, run_tapped, self._cards(None, q.cards)
            )
        control = q.has(
            r"\b(gain|gains|gained|gaining|take|takes|took|taking|exchange|exchanges|swap|swaps|"
            r"swapped|steal|steals|stole) control\b",
            r"\bcontrol (is|was|gets|got) (swapped|exchanged|changed|stolen|taken)\b",
            r"\bwho(se)? control is (swapped|exchanged|changed)\b",
        )
        changes = q.has(
            r"\b(tap|taps|tapped|untap|untaps|untapped) (it|them|the creature|the permanent|CARD)\b",
            r"\b(become|becomes|became|get|gets|got) (un)?tapped\b",
        )
        stays = q.has(r"\b(stay|stays|stayed|remain|remains|remained) (un)?tapped\b")
        if not control or changes == stays:
            return None
        if q.has(r"\bsummoning|\bhaste\b|\bfor mana\b|\b(attack|block)|\buntap step"):
            return None
        movers = [m for m in q.cards if re.search(r"\bcontrol\b", m.card.oracle_text)]
        if any(re.search(r"\b(un)?tap\b", m.card.oracle_text, re.I) for m in q.cards):
            # Threaten and Act of Treason untap what they take: the effect says otherwise.
            return None
        if q.cards and not movers:
            return None

        def run_control() -> Ruling:
            return _capitalised(tp.status_kept("the permanent", "control", asks_kept=stays))

        return Scenario(
            "tapping.status_control", "yesno", 0.8, run_control, self._cards(None, q.cards)
        )

    def _combat_status(self, q: Question) -> Scenario | None:
        """'If I untap an attacking creature, does it stop attacking?', 'does a blocker that gets
        tapped still deal damage?': tapping or untapping a creature already in combat."""
        changed = q.has(
            r"\b(un)?tap(s|ped|ping)? (an |a |the |my |your |his |her |their |that |this )?"
            r"(attacking|blocking) (creature|CARD)",
            r"\b(un)?tap(s|ped|ping)? (an |a |the |my |your |his |her |their |that |this )?"
            r"(attacker|blocker)s?\b",
            r"\b(attacker|blocker|attacking creature|blocking creature)s? (gets?|got|becomes?|"
            r"became|is|was) (un)?tapped\b",
        ) or (
            q.has(
                r"\b(declare|declares|declared) (an |a |my |your |his |her |their |it as an? |them as )?"
                r"(attacker|blocker)s?",
                r"\b(after|once) (it|they|CARD) (attacked|attacks|blocked|blocks|(is|was|are|were) "
                r"declared)\b",
            )
            and q.has(
                r"\b(un)?tap(s|ped|ping)? (it|them|that creature|the creature|CARD)\b",
                r"\b(it|they|the creature|that creature|CARD) (gets?|got|becomes?|became) "
                r"(un)?tapped\b",
            )
        )
        removed = q.has(
            r"\b(remove|removes|removed|removing|take|takes|took|taking) (it |them |the creature "
            r"|that creature |CARD )?(out of|from) combat\b",
            r"\b(stop|stops|stopped|prevent|prevents|keep|keeps) (it|them|the creature|that "
            r"creature|CARD) from (attacking|blocking|dealing)",
            r"\b(stop|stops|stopped) (attacking|blocking|being an? (attacker|blocker))\b",
            r"\b(no longer|not) (be )?(attacking|blocking|an attacker|a blocker|in combat)\b",
            r"\b(deal|deals) no (combat )?damage\b",
        )
        kept = q.has(
            r"\bstill (be )?(attacking|blocking|in combat|an attacker|a blocker)\b",
            r"\bstill (deal|deals|do|does) (its |their )?(combat )?damage\b",
            r"\b(remain|remains|stay|stays) (attacking|blocking|in combat)\b",
        )
        if not changed or removed == kept:
            return None
        if q.has(
            _CONTROL_TAKEN,
            _PHASING,
            r"\b(regenerat|leaves?\b|left the|bounc|sacrific|exile|flicker|"
            r"blink|destroy)",
            r"\b(stops?|no longer|isn't|is not) (being )?a creature\b",
            r"\bprotection\b|\bprevent\w* (all |the )?(combat )?damage\b",
        ):
            # Other rules take a creature out of combat or stop its damage (506.4, 615).
            return None
        if any(
            re.search(
                r"\b(combat|prevent|control|remove|damage|attacking|blocking)\b",
                m.card.oracle_text,
                re.I,
            )
            for m in q.cards
        ):
            # Maze of Ith untaps an attacker and prevents its damage: the card's effect, not
            # the tapping, would decide.
            return None
        creature = "the creature"

        def run() -> Ruling:
            return _capitalised(tp.status_kept(creature, "combat", asks_kept=kept))

        return Scenario("tapping.status_combat", "yesno", 0.85, run, self._cards(None, q.cards))

    def _tap_others(self, q: Question) -> Scenario | None:
        """Tapping a creature to pay another object's cost: convoke, crew, Springleaf Drum."""
        subject, helpers = self._split(q)
        source: CardMention | None = None
        via: tp.TapOthersVia | None = None
        crewing_another = self._crews_another_vehicle(q, subject)
        keyed = self._tapping_keyword(q)
        if keyed is not None:
            # Saddle, conspire: the card with the keyword is what the tapped creatures pay for.
            via, source = keyed
            if subject is not None and subject.name == source.name and not q.asks(r"\bitself\b"):
                # "Can I saddle Bulwark Ox with ...": the creatures tapped are asked about,
                # unless it is said to pay for itself.
                subject = None
        elif q.fuzzy_has("convoke") or q.has(r"\bconvok"):
            via = "convoke"
        elif q.has(r"\bimprovis"):
            via = "improvise"
        elif crewing_another is not None or (
            q.has(r"\bcrew(s|ing)?\b(?!ed)", r"\bto crew\b")
            and not q.has(
                r"\bcrewed\b",
                # "After crewing it": the Vehicle's state, not what taps to crew it.
                r"\b(after|once|when|while|since) crewing\b",
                r"\b(attack|block)\w*\b",
                # "Do Vehicles have summoning sickness when crewed?": the Vehicle's own state.
                r"\b(vehicles?|CARD) (have|has|is|are|get|gets|be)\b[^?]{0,20}\bsummoning[ -]?sick",
            )
        ):
            via = "crew"
            source = crewing_another or next(
                (m for m in q.cards if "Vehicle" in m.card.subtypes), None
            )
            timing = self._crew_timing(q, source)
            if timing is not None:
                return timing
            if source is not None and self._short_of_crew(q, source):
                # "I just cast a 1/1, can it crew Heart of Kiran?": its power falls short of
                # crew 3 whatever summoning sickness says, and what else may join isn't told.
                return None
        else:
            for m in q.cards:
                tapping = [
                    a for a in m.abilities() if isinstance(a, Activated) and a.cost.tap_others
                ]
                if tapping:
                    if (
                        subject is not None
                        and subject.name == m.name
                        and "Creature" in m.card.types
                        and all(a.cost.tap for a in tapping)
                        and not q.asks(r"\btap")
                    ):
                        # "I cast Crackleburr this turn, can I use its ability?": the {T} in
                        # that cost is the creature's own, so it is the one asked about.
                        return None
                    if subject is not None and subject.name == m.name:
                        subject = None
                        others = [o for o in q.cards if o.name != m.name]
                        if all(a.cost.tap for a in tapping) and q.has(r"\bitself\b"):
                            if others:
                                # "tapping itself and tapping the Elves for the other part":
                                # another creature pays that part, which isn't what this
                                # rule answers.
                                return None
                            # Cohort, Holdout Settlement: the {T} taps the source, so it can't
                            # also be the untapped permanent the other part of the cost taps.
                            return self._taps_itself(m, helpers)
                    via, source = "tap_others", m
                    break
            if via is None and q.has(r"\btap an untapped creature you control\b"):
                via = "tap_others"
        if via is None:
            return None
        if (
            via in ("convoke", "improvise")
            and not q.asks(r"\b(convok|improvis)")
            and q.asks(r"\{[tq]\}", r"\b(tap|untap|its|q|t) abilit")
        ):
            # "I tapped it to convoke a spell. Can I now activate its {Q} ability?": the cost
            # paid is context; the ability asked about is the permanent's own.
            return None
        if subject is not None and "Creature" not in subject.card.types and not crewing_another:
            subject = None
        if source is not None and subject is None:
            # "Crew my Copter that's been out since last turn with a creature I just cast": the
            # Vehicle's own timing isn't that of the creature tapped for its cost.
            q = _source_timing_dropped(q, source)
        facts = self._facts(q, subject, helpers)
        if (
            facts.tapped_unsure
            and q.has(r"\btapped (it|them|CARD|my \w+|the \w+)( \w+)? for (mana|\{|[wubrgc]\b)")
            and (_tapped_by_me_now(q) or _tapped_after_untap_step(q))
        ):
            # "I tapped my Llanowar Elves for G, then tried to convoke with it": already tapped.
            facts.tapped, facts.tapped_unsure = True, False
        if facts.new is None and facts.tapped is None and not q.has(r"\bsummoning"):
            return None
        if facts.tapped is None:
            facts.tapped = False
        flip = self._sick_word_asked(q) or self._needs_haste(q)
        subject_perms, unknown = self._subject(q, subject, facts)
        kind = "Artifact" if via == "improvise" else "Creature"
        perms = [p for p in subject_perms if kind in p.types] or [
            p.model_copy(update={"types": p.types | {kind}}) for p in subject_perms
        ]
        name = f"tapping.{via}"
        src_name = source.name if source else None
        shares = _shares_color(q, subject, source) if via == "conspire" else None

        def run() -> Ruling:
            r = self._run_all(
                perms,
                unknown,
                lambda st, n: tp.can_tap_for_cost(st, n, via, src_name, shares_color=shares),
                q.board,
            )
            return _flip(r) if flip else r

        return Scenario(name, "yesno", 0.8, run, self._cards(subject, helpers))

    @staticmethod
    def _tapping_keyword(q: Question) -> tuple[tp.TapOthersVia, CardMention] | None:
        """The keyword ability that taps other creatures the question speaks of (saddle,
        conspire), and the one card named that has it."""
        for via, word in (("saddle", "saddl"), ("conspire", "conspir")):
            if not q.has(rf"\b{word}") or (
                via == "saddle" and q.has(r"\bsaddled\b", r"\b(attack|block)\w*\b")
            ):
                # "I saddled it with ...: can it attack?": the Mount's own state is asked, not
                # what may be tapped to saddle it.
                continue
            having = {m.name: m for m in q.cards if via in (k.casefold() for k in m.card.keywords)}
            if len(having) == 1:
                return via, next(iter(having.values()))  # type: ignore[return-value]
        return None

    def _convoke_pays(self, q: Question) -> Scenario | None:
        """'Two red and two green creatures: can I cast Stoke the Flames by tapping all four
        and paying no mana?': convoke pays a mana of the cost per creature, a colored one only
        with a creature of that color (702.51a)."""
        if not q.has(_NO_MANA, *_ALL_CONVOKED) or not q.asks(r"\b(cast|convoke)\b"):
            return None
        spells = [m for m in q.cards if any(k.casefold() == "convoke" for k in m.card.keywords)]
        if len({m.name for m in spells}) != 1 or q.has(
            r"(?<!un)\btapped\b(?! (creatures?|lands?)\b)",
            r"\b(kick|kicked|kicker|reduc\w*|cheaper|less)\b",
        ):
            return None
        spell = spells[0]
        cost = spell.card.front.mana_cost
        if cost is None:
            return None
        xs = [int(hit.group(1)) for hit in _X_TOLD.finditer(q.lower)]
        if "X" in cost.parts or xs or q.has(r"\bx\b"):
            # "Chord of Calling for X=1": X chosen is generic mana of the total cost (601.2f).
            if len(set(xs)) != 1 or cost.parts.count("X") != 1:
                return None
            cost = cost.with_x(xs[0])
        creatures: list[tuple[str, frozenset[str]]] = []
        for m in q.cards:
            if m.name == spell.name:
                continue
            parts = m.card.front.mana_cost.parts if m.card.front.mana_cost else ()
            if (
                "Creature" not in m.card.types
                or not parts
                or any(p not in "WUBRGC" and not p.isdigit() for p in parts)
            ):
                return None
            creatures.append((m.name, frozenset(p for p in parts if p in "WUBRG")))
        for hit in _COLORED_CREATURES.finditer(q.lower):
            word = hit.group("n")
            count = int(word) if word.isdigit() else _COUNT_WORDS.get(word)
            if count is None:
                return None
            colors = frozenset(
                _COLOR_LETTERS[c]
                for c in re.findall(r"[a-z]+", hit.group("colors"))
                if c in _COLOR_LETTERS
            )
            label = f"{hit.group('colors')} creature"
            creatures += [
                (f"a {label}" if count == 1 else f"{label} {i + 1}", colors) for i in range(count)
            ]
        if not creatures:
            return None
        given = tuple(creatures)

        def run() -> Ruling:
            return _capitalised(tp.convoke_pays(cost, given, spell.name))

        return Scenario("tapping.convoke_cost", "yesno", 0.85, run, (spell.name,))

    def _crew_power(self, q: Question) -> Scenario | None:
        """'Can two 1/1s crew a Vehicle with crew 2?', 'can Birds of Paradise crew Smuggler's
        Copter by itself?': crew N taps creatures whose total power is N or more (702.122a)."""
        asked = re.sub(r"\bbecause\b.*$", "", q.asked)
        if not re.search(r"\bcrew(?!ed)", asked) or re.search(
            r"\b(can't|cannot|not|no|never|attack\w*|block\w*|how|which|when|why|help\w*|"
            r"twice|again|more than once|second)\b",
            asked,
        ):
            # "Can it help crew?": whether it may be one of the creatures tapped, not the total.
            return None
        if not re.search(
            r"(?:^|[,;:]\s*)\W*(but |so )?(can|could|am|is|are|will|would)\b|\benough\b", asked
        ):
            return None
        if q.has(_CREW_OTHER):
            return None
        vehicles = {m.name: m for m in q.cards if "Vehicle" in m.card.subtypes}
        crewing = self._crewed_crewer(q, vehicles)
        if crewing is not None:
            # "My Heart of Kiran is crewed: can I tap it to crew my Copter?": a crewed Vehicle
            # is an artifact creature, and can crew another.
            vehicles = {k: v for k, v in vehicles.items() if k != crewing.name}
        if len(vehicles) > 1:
            return None
        vehicle = next(iter(vehicles.values()), None)
        stated = {int(n) for n in _CREW_N.findall(q.lower)}
        printed = None
        if vehicle is not None:
            printed = tp.crew_amount(Permanent(name=vehicle.name, abilities=vehicle.abilities()))
        amounts = stated | ({printed} if printed is not None else set())
        if len(amounts) != 1:
            return None
        n = amounts.pop()
        named = [m for m in q.cards if m.name not in vehicles]
        if any(
            ("Creature" not in m.card.types and m is not crewing)
            or _CREWER_TEXT.search(
                _CREW_KEYWORD.sub("", m.card.oracle_text) if m is crewing else m.card.oracle_text
            )
            or not (m.card.front.power or "").isdigit()
            for m in named
        ):
            # A card other than a plain creature, or one whose text may change its power or
            # whether it can crew: not what's modelled here.
            return None
        described = list(_PT_SIZE.finditer(q.lower))
        if named and described:
            return None
        alone = bool(re.search(_ALONE, asked))
        crewers: list[Permanent] = []
        new = q.has(*_NEW)
        if named:
            cards = sorted(q.cards, key=lambda m: m.start)
            marks = [hit.start() for hit in re.finditer("CARD", q.lower)]
            if len(marks) != len(cards):
                return None
            for m, at in zip(cards, marks, strict=True):
                if m.name in vehicles:
                    continue
                if re.search(r"\b(two|three|four|both|\d+)\s+$", q.lower[:at]):
                    return None
                if all(p.name != m.name for p in crewers):
                    crewers.append(
                        Permanent(
                            name=m.name,
                            controller=YOU,
                            types=(m.card.types - {"Token"})
                            | ({"Creature"} if m is crewing else set()),
                            subtypes=m.card.subtypes,
                            since_turn_start=not new,
                            card=m.card,
                        )
                    )
        elif described:
            sizes: list[tuple[str, int]] = []
            for hit in list(_PT_SIZE.finditer(asked)) or described:
                word = hit.group("n") or "a"
                count = int(word) if word.isdigit() else _COUNT_WORDS.get(word, 2)
                sizes += [(f"{hit.group('p')}/{hit.group('t')}", int(hit.group("p")))] * count
            ordinals = ("first", "second", "third", "fourth", "fifth", "sixth")
            if len(sizes) > len(ordinals):
                return None
            seen: dict[str, int] = {}
            for size, power in sizes:
                seen[size] = seen.get(size, 0) + 1
                dup = sum(1 for s, _ in sizes if s == size) > 1
                label = f"the {ordinals[seen[size] - 1]} {size}" if dup else f"the {size}"
                crewers.append(
                    Permanent(
                        name=label,
                        controller=YOU,
                        types=frozenset({"Creature"}),
                        since_turn_start=not new,
                        power=power,
                    )
                )
        if not crewers or (alone and len(crewers) > 1):
            return None
        if q.has(r"(?<!un)\btapped\b"):
            return None
        name = vehicle.name if vehicle is not None else "the Vehicle"
        vehicle_perm = Permanent(
            name=name,
            controller=YOU,
            types=frozenset({"Artifact"}),
            subtypes=frozenset({"Vehicle"}),
            abilities=vehicle.abilities() if vehicle is not None else (),
        )
        state = GameState(battlefield=(vehicle_perm, *crewers))
        who = tuple(p.name for p in crewers)

        def run() -> Ruling:
            return _capitalised(tp.can_crew(state, name, who, n))

        named_cards: tuple[str, ...] = (vehicle.name,) if vehicle is not None else ()
        named_cards += tuple(m.name for m in named)
        return Scenario("tapping.crew_power", "yesno", 0.85, run, named_cards)

    @staticmethod
    def _short_of_crew(q: Question, vehicle: CardMention) -> bool:
        """Whether the creatures the text names or sizes have less total power than the
        Vehicle's crew N."""
        n = tp.crew_amount(Permanent(name=vehicle.name, abilities=vehicle.abilities()))
        if n is None or q.asks(r"\bhelp"):
            return False
        printed = [m.card.front.power or "" for m in q.cards if "Creature" in m.card.types]
        powers = [int(p) for p in printed if p.isdigit()]
        powers += [int(hit.group("p")) for hit in _PT_SIZE.finditer(q.lower)]
        return bool(powers) and sum(powers) < n

    @staticmethod
    def _crewed_crewer(q: Question, vehicles: dict[str, CardMention]) -> CardMention | None:
        """Of two Vehicles named, the one the text says is crewed (a creature now) when the
        asked sentence crews the other one."""
        if len(vehicles) != 2:
            return None
        cards = sorted(q.cards, key=lambda m: m.start)
        marks = [hit.start() for hit in re.finditer("CARD", q.lower)]
        start = q.lower.find(q.asked)
        if len(marks) != len(cards) or start < 0:
            return None
        target = re.search(r"\bcrew (?:my |the |a |your )?(CARD)", q.asked)
        said = re.search(
            r"\b(CARD),? (?:is|was|got|has been|'s)( already)? (?:crewed|animated|a creature)\b",
            q.lower,
        )
        if target is None or said is None:
            return None
        aimed = cards[marks.index(start + target.start(1))].name
        crewed = cards[marks.index(said.start(1))]
        return crewed if crewed.name != aimed else None

    @staticmethod
    def _crews_another_vehicle(q: Question, subject: CardMention | None) -> CardMention | None:
        """The Vehicle a crewed Vehicle is asked to crew ("I crewed Renegade Freighter. Can I
        tap the Freighter to crew my Smuggler's Copter?"): crewed, the subject is an artifact
        creature, and tapping it for another Vehicle's crew cost is tapping a creature."""
        if subject is None or "Vehicle" not in subject.card.subtypes or not _animated(q):
            return None
        told = re.search(r"\bcrew (?:my |the |your |a |an )?CARD", q.asked)
        if told is None or q.asks(r"\b(attack|block)\w*\b"):
            return None
        cards = sorted(q.cards, key=lambda m: m.start)
        index = q.lower.find(q.asked)
        if index < 0:
            return None
        at = q.lower[: index + told.end() - 4].count("CARD")
        if at >= len(cards) or cards[at].name == subject.name:
            return None
        target = cards[at]
        return target if "Vehicle" in target.card.subtypes else None

    def _crew_timing(self, q: Question, vehicle: CardMention | None) -> Scenario | None:
        """'Can I crew during combat / on my opponent's turn / at instant speed?'"""
        if not q.has(
            r"\b(during|in) (the )?(combat|beginning of combat|end step|upkeep|draw step)",
            r"\b(during|on|in) (my |an |the |your )?opponent'?s'? turn\b",
            r"\b(during|on) (their|his|her|someone else's|another player's) turn\b",
            r"\binstant[ -]speed\b",
            r"\bin response\b",
            r"\bat any time\b",
            r"\banytime\b",
        ) or q.has(r"\b(attack|block)", r"\bsummoning", r"\bthis turn\b", r"\bsorcery\b"):
            return None
        if any(
            re.search(r"\bsorcery\b|\bonly (during|as|once)\b", m.card.oracle_text)
            for m in q.cards
            if "Vehicle" in m.card.subtypes
            or re.search(r"\b(crew\w*|vehicles?|activat\w*|abilities)\b", m.card.oracle_text, re.I)
        ):
            # "Crew only as a sorcery" and the like restrict it; a card that says nothing of
            # crewing or activating ("cast this spell only during...") doesn't.
            return None
        name = vehicle.name if vehicle is not None else "a Vehicle"

        def run() -> Ruling:
            return _capitalised(tp.crew_timing(name))

        cards = (vehicle.name,) if vehicle is not None else ()
        return Scenario("tapping.crew_timing", "yesno", 0.8, run, cards)

    def _taps_itself(self, source: CardMention, helpers: Sequence[CardMention]) -> Scenario:
        line = TypeLine.parse(source.card.front.type_line)
        perm = Permanent(
            name=source.name,
            controller=YOU,
            types=line.types - {"Token"},
            subtypes=line.subtypes,
            since_turn_start=True,
            abilities=source.abilities(),
            card=source.card,
        )

        def run() -> Ruling:
            state = GameState(battlefield=(perm,))
            return tp.can_tap_for_cost(
                state, source.name, "tap_others", source.name, source_taps_itself=True
            )

        return Scenario(
            "tapping.taps_itself", "yesno", 0.8, run, self._cards(source, list(helpers))
        )

    def _attack_or_block(self, q: Question) -> Scenario | None:
        attack = q.has(r"\battack(s|ing)?\b", r"\bswing(s|ing)? (with|in)\b")
        block = q.has(r"\bblock(s|ing)?\b(?!ed)") and not q.has(r"\bbe blocked\b", r"\bmust block")
        if attack == block or q.asks(*_IS_ATTACKING):
            # "Is it attacking?" asks what it is now, not whether it may be declared.
            return None
        if not q.asks(r"\battack", r"\bswing", r"\bblock") and q.asks(
            r"\btap\b", r"\bactivate\b", r"\bfor (mana|[wubrgc])\b"
        ):
            # "Can it tap for G now, since it can attack?": combat is the reason, not the
            # question.
            return None
        combat_other: tuple[str, ...] = (
            _COMBAT_OTHER if attack else _COMBAT_OTHER[:1] + _COMBAT_OTHER[2:]
        )
        if q.has(_SICK_MEANS_CANT):
            # "Does summoning sickness mean it can't block?": the "can't" is what's asked.
            combat_other = combat_other[:-1]
        # A restriction on blocking doesn't bear on attacking, nor one on attacking on blocking.
        restriction = (
            r"can't attack|attacks? each (combat|turn)|can't attack or block"
            if attack
            else r"can't block|blocks? each (combat|turn)|can't attack or block"
        )
        if q.has(*combat_other) or _restricted(q, restriction, defender=attack):
            # Evasion, defender and "can't block" are other rules: not this family's answer.
            return None
        subject, helpers = self._split(q)
        unnamed = subject is not None and self._attacker_unnamed(q, subject)
        if subject is not None and unnamed:
            # "He put a dragon in with Elvish Piper, then attacked with the dragon": the
            # attacker is a creature the question doesn't name.
            helpers, subject = [subject, *helpers], None
        if subject is not None and _unmodelled(subject):
            return None
        facts = self._facts(q, subject, helpers)
        uncrewed = self._uncrewed_vehicle(q, subject, attack)
        if uncrewed is not None:
            return uncrewed
        if facts.tapped_unsure and (_tapped_by_me_now(q) or _tapped_after_untap_step(q)):
            # "If I tap Llanowar Elves for mana, can it still attack?": tapped, unless an untap
            # step (another turn) comes between.
            facts.tapped, facts.tapped_unsure = True, False
        timing = q.has(r"\bturn\b", r"\bcast", r"\bsummon", r"\bentered\b", r"\bplayed\b")
        if (
            facts.new is None
            and facts.tapped is None
            and not facts.haste
            and not self._sick_word_asked(q)
            and not (block and timing)
        ):
            return None
        if facts.haste_unsure and attack and facts.new is not False:
            return self._unsure_haste(subject, helpers)
        if facts.tapped is None:
            facts.tapped = False
        perms, unknown = self._subject(q, subject, facts, crewed=True, creature=unnamed)
        check = tp.can_attack if attack else tp.can_block
        flip = self._sick_word_asked(q) or self._needs_haste(q)
        name = "tapping.attack" if attack else "tapping.block"

        subject_name = subject.name if subject else ""

        def run() -> Ruling:
            ruling = _enters_tapped(
                self._run_all(perms, unknown, check, _helper_board(q.board, facts, perms[0].name)),
                facts,
                subject_name,
            )
            ruling = _phase_not_turn(ruling, facts) if attack else ruling
            ruling = _haste_way(ruling, facts, subject_name)
            ruling = _made_creature(_haste_gone(ruling, facts), facts, subject_name)
            return _flip(ruling) if flip else ruling

        return Scenario(name, "yesno", 0.8, run, self._cards(subject, helpers))

    def _defender(self, q: Question) -> Scenario | None:
        """'Does defender stop me tapping it for mana?': defender stops attacking only (702.3b)."""
        if not q.asks(
            r"\b(does|do|will|would|doesn't) (having |its |the )?defender (stop|stops|prevent|"
            r"prevents|keep|keeps|affect|affects|matter|restrict|restricts|mean)\b"
        ) or q.has(r"\b(can't|cannot) (attack|block)\b(?!.*\bdefender\b)"):
            return None
        act: tp.DefenderAct | None = None
        # "Does defender prevent that?": what "that" is, the text before says.
        for text in (q.asked, q.lower):
            acts: list[tp.DefenderAct] = []
            if re.search(r"\battack", text):
                acts.append("attack")
            if re.search(r"\bblock", text):
                acts.append("block")
            if re.search(r"\b(tap|tapping|activat|abilit|use|using|mana)", text):
                acts.append("activate")
            if acts:
                if len(acts) > 1:
                    return None
                act = acts[0]
                break
        if act is None:
            return None
        if any(
            re.search(
                r"\bcan't (attack|block)|\bcan't be activated|as though it didn't have defender",
                m.card.oracle_text,
                re.I,
            )
            for m in q.cards
        ):
            # A card that says more about attacking or activating than defender does.
            return None

        def run() -> Ruling:
            return _capitalised(tp.defender_restricts(act))

        return Scenario("tapping.defender", "yesno", 0.85, run, self._cards(None, q.cards))

    def _put_attacking(self, q: Question) -> Scenario | None:
        """'It came in with ninjutsu and it's summoning sick, so is it actually attacking?': a
        creature put onto the battlefield attacking is attacking, and the restrictions on
        declaring attackers don't apply to it (508.4c)."""
        if not q.asks(*_IS_ATTACKING) or q.has(
            r"\btrigger", r"\bwhenever\b", r"\b(attacks|attacked) trigger", *_COMBAT_OTHER
        ):
            # "Whenever it attacks" doesn't trigger for it (508.3a): another question.
            return None
        subject, helpers = self._split(q)
        how: str | None = None
        if (
            subject is not None
            and any("ninjutsu" in k.casefold() for k in subject.card.keywords)
            and q.has(r"\bninj(utsu|a'?d|a-?ed)\w*")
        ):
            how = "by ninjutsu"
        else:
            makers = [m for m in q.cards if _MAKES_ATTACKING.search(m.card.oracle_text)]
            if len(makers) == 1 and not q.has(*_OTHER_TURN, *_OLD):
                how = f"by {possessive(makers[0].name)} ability"
                if subject is not None and subject.name == makers[0].name:
                    subject = None
            elif not makers and q.has(_ENTERS_ATTACKING):
                how = "as you say"
        if how is None:
            return None
        name = subject.name if subject is not None else "the creature"

        def run() -> Ruling:
            return _capitalised(tp.put_attacking(name, how))

        return Scenario("tapping.put_attacking", "yesno", 0.85, run, self._cards(subject, helpers))

    def _uncrewed_vehicle(
        self, q: Question, subject: CardMention | None, attack: bool
    ) -> Scenario | None:
        """'Can an uncrewed Vehicle block?', 'do I have to crew it to attack?': a Vehicle is a
        creature only once crewed, and only creatures attack or block (301.7, 508.1a, 509.1a)."""
        need = q.has(_NEED_CREW)
        if not (need or q.has(_UNCREWED)):
            return None
        if subject is not None:
            if "Vehicle" not in subject.card.subtypes or "Creature" in subject.card.types:
                return None
        elif not q.has(r"\bvehicles?\b"):
            return None
        if subject is not None:
            line = TypeLine.parse(subject.card.front.type_line)
            types, subtypes = line.types - {"Token"}, line.subtypes
            name, abilities = subject.name, subject.abilities()
        else:
            types, subtypes = frozenset({"Artifact"}), frozenset({"Vehicle"})
            name, abilities = "the Vehicle", ()
        vehicle = Permanent(
            name=name,
            controller=YOU,
            types=types,
            subtypes=subtypes,
            abilities=abilities,
            card=subject.card if subject is not None else None,
        )
        check = tp.can_attack if attack else tp.can_block

        def run() -> Ruling:
            r = _capitalised(check(GameState(battlefield=(vehicle,)), vehicle.name))
            return _flip(r) if need else r

        kind = "tapping.attack" if attack else "tapping.block"
        return Scenario(kind, "yesno", 0.8, run, (name,) if subject is not None else ())

    @staticmethod
    def _attacker_unnamed(q: Question, subject: CardMention) -> bool:
        """Whether the text attacks with a creature it calls by a word that isn't the named
        card's name or type ("attack with the dragon" beside Elvish Piper)."""
        words = [
            m.group(1)
            for m in re.finditer(
                r"\battack\w* (?:\w+ )?with (?:the|a|an|my|his|her|their|that) (\w+)", q.lower
            )
        ]
        if not words or "CARD" in words:
            return False
        known = {w.casefold() for w in re.findall(r"[\w']+", subject.name)}
        known |= {t.casefold() for t in subject.card.types | subject.card.subtypes}
        known |= {"creature", "it", "one", "token"}
        return all(w.rstrip("s") not in known and w not in known for w in words)

    @staticmethod
    def _attachment_owner(q: Question) -> CardMention | None:
        """The Aura or Equipment whose own ability the asked sentence names ("the Aura's
        {U}: untap", "Freed from the Real's ability"), when the text names exactly one."""
        attached = {m.name: m for m in q.cards if m.card.subtypes & {"Aura", "Equipment"}}
        if len(attached) != 1 or q.has(r"\bequip\b"):
            return None
        (m,) = attached.values()
        kind = "aura" if "Aura" in m.card.subtypes else "equipment"
        if q.asks(rf"\b(the |this |that |my )?{kind}'s\b", r"\bCARD's (\{|[\w-]+ )*abilit"):
            return m
        return None

    def _activate(self, q: Question) -> Scenario | None:
        if _restricted(q, r"abilities can't be activated|can't be activated|can't untap"):
            return None
        if _restricted(q, r"doesn't untap|don't untap") and not (
            q.has(*_TAPPED) and not q.has(*_UNTAPPED, _UNTAPS_LATER)
        ):
            # "Doesn't untap during its controller's untap step": whether it is tapped now
            # depends on that, unless the text says it is.
            return None
        subject, helpers = self._split(q)
        owner = self._attachment_owner(q)
        if owner is not None:
            # "Can I use the Aura's {U}: untap ability on it?": the ability is the Aura's own.
            subject, helpers = owner, [m for m in q.cards if m.name != owner.name]
        if (
            subject is not None
            and "Creature" not in subject.card.types
            and not _animated(q)
            and owner is None
            and q.has(r"\b(a|the|my|your) (creature|dork)s? (i|you|that|which)\b")
        ):
            # "Can a creature I cast this turn tap to activate Icy Manipulator?": the timing
            # told is a creature's, not the named card's.
            return None
        if subject is not None and _unmodelled(subject):
            return None
        described = self._described_ability(q, subject)
        cost_told = re.search(r"((?:\{[^}]+\})+): ?([a-z]+)", q.asked)
        if owner is not None and described is None and cost_told is not None:
            # "The Aura's {U}: untap": the ability whose cost is written out.
            written = [
                a
                for a in owner.abilities()
                if isinstance(a, Activated)
                and a.text.casefold().startswith(f"{cost_told.group(1)}: {cost_told.group(2)}")
            ]
            described = written[0] if len(written) == 1 else None
        symbol = self._symbol(q, subject) if described is None else _kind(described)
        conditional = False
        noncreature = symbol is None and self._noncreature_symbol(q, subject) is not None
        if noncreature:
            symbol = self._noncreature_symbol(q, subject)
        if symbol is None:
            return None
        if (
            described is None
            and symbol in ("T", "Q")
            and subject is not None
            and not self._has_symbol(subject, symbol)
            and not q.has(r"\b(like|such as|e\.g\.?) CARD")
            and not any(_grants_to_others(h) or h.of_kind("granted_mana") for h in helpers)
        ):
            # "Tap Order of Whiteclay for its ability": the card's own cost says which symbol
            # is meant. A card with neither ("Dread Shade's {Q} ability") has no such ability:
            # no ruling on an ability that isn't there.
            other = "Q" if symbol == "T" else "T"
            self_granted = self._self_granted(subject, symbol)
            if self_granted is not None:
                # Rishkar: "each creature you control with a counter on it has '{T}: Add {G}'"
                # gives the creature itself the ability; with a condition, whether it has it
                # now isn't known, and only a "no" that holds either way can be given.
                conditional = self_granted
            elif not self._has_symbol(subject, other):
                return None
            else:
                symbol = other
        facts = self._facts(q, subject, helpers)
        if conditional and not (facts.new and not facts.haste and not facts.haste_unsure):
            return None
        flip = self._sick_word_asked(q) or self._needs_haste(q)
        if symbol == "none":
            if subject is None and not q.has(_NO_TAP) and not noncreature:
                return None
            perms, unknown = self._subject(q, subject, facts)
            ability = described or next(
                (
                    a
                    for a in (subject.abilities() if subject else ())
                    if isinstance(a, Activated) and not a.cost.tap and not a.cost.untap
                ),
                Activated(cost=Cost()),
            )
            if any(_FROM_A_ZONE.search(part) for part in ability.cost.other):
                # "Exile this card from your hand": the ability works only from that zone
                # (113.6m), and summoning sickness is not what decides it.
                return None

            def run_plain() -> Ruling:
                r = self._run_all(
                    perms, unknown, lambda st, n: tp.can_activate(st, n, ability), q.board
                )
                return _flip(r) if flip else r

            return Scenario(
                "tapping.no_tap_symbol", "yesno", 0.75, run_plain, self._cards(subject, helpers)
            )
        if facts.haste_unsure and facts.new is not False:
            return self._unsure_haste(subject, helpers)
        if facts.tapped_unsure and (_tapped_after_untap_step(q) or _tapped_by_me_now(q)):
            # "He tapped it with Icy Manipulator in my upkeep": tapped for the rest of the turn.
            facts.tapped, facts.tapped_unsure = True, False
        if facts.tapped is None:
            facts.tapped = symbol == "Q"
        score = 0.8
        if facts.new is None and not q.has(*_TAPPED, *_UNTAPPED) and not facts.haste and not flip:
            # "Can I tap Llanowar Elves for mana?" turns on a fact the question leaves out.
            creature = subject is not None and "Creature" in subject.card.types
            if not creature and not q.has(r"\bcreatures?\b", r"\bdorks?\b"):
                return None
            score = 0.6
        perms, unknown = self._subject(q, subject, facts)
        name = "tapping.tap_cost" if symbol == "T" else "tapping.untap_cost"
        sym: tp.TapSymbol = "T" if symbol == "T" else "Q"

        subject_name = subject.name if subject else ""

        def run() -> Ruling:
            board = _helper_board(q.board, facts, perms[0].name)
            r = self._run_all(perms, unknown, lambda st, n: tp.can_pay_tap_cost(st, n, sym), board)
            r = _phase_not_turn(_enters_tapped(r, facts, subject_name), facts)
            r = _haste_gone(_haste_way(r, facts, subject_name), facts)
            r = _made_creature(r, facts, subject_name)
            return _flip(r) if flip else r

        if (
            score >= 0.8
            and facts.new
            and not facts.tapped
            and len(q.cards) <= 1
            and run().verdict == "no"
        ):
            # "Can I tap Llanowar Elves for {G} the turn I cast it?": what mana it could make
            # doesn't matter when it can't be tapped for any, so this outranks that reading.
            score = 0.9
        return Scenario(name, "yesno", score, run, self._cards(subject, helpers))

    def _not_controller(self, q: Question) -> Scenario | None:
        """'Can I tap my opponent's Llanowar Elves for mana?', 'can I crew with his creature?':
        only a permanent's controller activates its abilities (602.2), and crew, convoke and
        improvise tap only what the payer controls."""
        if q.has(_CONTROL_TAKEN, *_CONTROL_BACK) or any(
            _ANY_PLAYER.search(m.card.oracle_text) for m in q.cards
        ):
            # "Any player may activate this ability", or control said to have changed.
            return None
        if not q.asks(r"\b(can|could|may|am) (i|we)\b", r"^\W*(is it|is that) (legal|allowed)\b"):
            return None
        via: tp.TapOthersVia | None = None
        if q.has(r"\bconvok"):
            via = "convoke"
        elif q.has(r"\bimprovis"):
            via = "improvise"
        elif q.has(r"\bcrew(s|ing)?\b"):
            via = "crew"
        subject, helpers = self._split(q)
        if via is not None:
            # The opponent's creature pays the cost; a named card is the spell or Vehicle.
            theirs = q.has(r"\bopponents?'?s?'? (creatures?|artifacts?|elf|elves|dorks?)\b")
            if not theirs:
                return None
            kind = "Artifact" if via == "improvise" else "Creature"
            payer = Permanent(
                name="the opponent's " + kind.lower(),
                controller=OPPONENT,
                types=frozenset({kind}),
            )
            source = next((m.name for m in q.cards if "Vehicle" in m.card.subtypes), None)

            def run_cost() -> Ruling:
                state = GameState(battlefield=(payer,))
                return _capitalised(tp.can_tap_for_cost(state, payer.name, via, source, by=YOU))

            return Scenario(f"tapping.{via}", "yesno", 0.8, run_cost, self._cards(None, q.cards))
        if subject is None or helpers or not q.has(r"\bopponents?'?s?'? CARD\b"):
            return None
        used = q.has(r"\b(use|using|activate|activating) (my |an |the )?opponents?'?s?'? CARD\b")
        if self._symbol(q, subject) is None and not used:
            return None
        if not any(isinstance(a, Activated) for a in subject.abilities()) and not (
            self._has_symbol(subject, "T")
        ):
            return None
        line = TypeLine.parse(subject.card.front.type_line)
        perm = Permanent(
            name=subject.name,
            controller=OPPONENT,
            types=line.types - {"Token"},
            subtypes=line.subtypes,
            abilities=subject.abilities(),
            card=subject.card,
        )

        def run() -> Ruling:
            state = GameState(battlefield=(perm,))
            ruling = tp.controller_activates(state, perm.name, YOU)
            return ruling if ruling is not None else Ruling(verdict=None)

        return Scenario("tapping.not_controller", "yesno", 0.8, run, (subject.name,))

    def _unsure_haste(
        self, subject: CardMention | None, helpers: Sequence[CardMention]
    ) -> Scenario:
        what = subject.name if subject else "the creature"
        missing = _missing(f"whether {what} has haste (a card named may give it haste by choice)")
        return Scenario("tapping.haste", "yesno", 0.8, missing, self._cards(subject, helpers))

    def _is_sick(self, q: Question) -> Scenario | None:
        """'Does Llanowar Elves have summoning sickness the turn I cast it?', 'Does summoning
        sickness affect lands?'"""
        # "Does the extra beginning phase make it lose summoning sickness?": the answer to
        # whether it's still sick, turned over.
        lose = _extra_phase(q) is not None and q.has(_LOSE_SICKNESS)
        if not lose and not q.has(
            r"\b(have|has|get|gets|is|are|it's)\b[^?]{0,40}\bsummoning[ -]?sick",
            r"\bsummoning[ -]?sick(ness)? (affect|apply|applies|matter)",
            _CARES_ABOUT_SICKNESS,
        ):
            return None
        if q.has(
            r"\b(if|when|while|since|because|though|although|as long as)\b[^?,]{0,40}"
            r"\bsummoning[ -]?sick"
        ):
            # "Does it untap if it has summoning sickness?": the sickness is a fact, not the ask.
            return None
        subject, helpers = self._split(q)
        if subject is not None and _unmodelled(subject):
            return None
        if (
            subject is not None
            and "Creature" not in subject.card.types
            and q.has(r"\b(a|the|my|your|that|this) (creature|dork)s?\b(?! (now|right now)\b)")
        ):
            # "Is a creature tapped by Icy Manipulator summoning sick?": the creature asked about
            # isn't the card named.
            return None
        facts = self._facts(q, subject, helpers)
        if q.has(
            r"\bsummoning[ -]?sick(ness)? (affect|apply|applies|matter)",
            r"\b(affected|restricted|hindered|bound) by summoning[ -]?sick",
            r"\bsubject to summoning[ -]?sick",
            _CARES_ABOUT_SICKNESS,
        ):
            # "Is it affected by summoning sickness": whether the rule applies to it, that is, to
            # a creature of this kind the turn it comes under your control.
            facts.new = True
        elif (
            facts.new
            and facts.extra_phase is None
            and _board_perm(q, subject) is None
            and not q.has(*(p for p in _NEW if "summoning" not in p))
        ):
            # "Does Llanowar Elves have summoning sickness?": the word asked isn't a fact, so
            # answer only what holds either way (Sol Ring: never).
            facts.new = None
        # "Is a Vehicle summoning sick?": it is once crewed; not crewed, the rule doesn't apply.
        perms, unknown = self._subject(q, subject, facts, crew_unsaid=not q.has(_UNCREWED))

        def run() -> Ruling:
            r = _phase_not_turn(
                self._run_all(perms, unknown, tp.summoning_sickness, q.board), facts
            )
            return _flip(r) if lose else r

        return Scenario("tapping.summoning_sick", "yesno", 0.75, run, self._cards(subject, helpers))

    @staticmethod
    def _described_ability(q: Question, subject: CardMention | None) -> Activated | None:
        """The one activated ability of ``subject`` the asked sentence describes by its words
        ("the put-a-counter-untap ability", "its untap ability", "the mana ability"): the one
        whose cost and effect share the description's words, when no other ability does."""
        if subject is None:
            return None
        found = list(_DESCRIBED.finditer(q.asked))
        if not found:
            return TappingHandler._ability_for_purpose(q, subject)
        words = [w for w in _WORDS.findall(found[-1].group("desc")) if w not in _DESC_STOP]
        if not words:
            return None
        activated = [a for a in subject.abilities() if isinstance(a, Activated)]
        matches = [a for a in activated if all(_describes(w, a) for w in words)]
        return matches[0] if len(matches) == 1 else None

    @staticmethod
    def _ability_for_purpose(q: Question, subject: CardMention) -> Activated | None:
        """The one activated ability of ``subject`` the asked sentence tells by what it is used
        for ("can I bounce a Forest to untap my creature", "put a -1/-1 counter on it to untap
        it", "use its tap to untap my land"): its effect does what follows "to", and when
        several do, the words before "to" tell its cost."""
        told = _PURPOSE.search(q.asked)
        if told is None:
            return None
        verb = told.group("verb")
        effect_words = [_PURPOSE_VERBS.get(verb, verb), *_PT_CHANGE.findall(told.group("rest"))]
        activated = [a for a in subject.abilities() if isinstance(a, Activated)]
        matches = [
            a
            for a in activated
            if all(re.search(rf"(?<![\w+-]){re.escape(w)}", a.effect, re.I) for w in effect_words)
        ]
        if len(matches) > 1:
            cost_words = [
                _COST_SYNONYMS.get(w, w)
                for w in _WORDS.findall(told.group("cost"))
                if w not in _DESC_STOP and w not in _PURPOSE_STOP
            ]
            matches = [
                a for a in matches if cost_words and all(_describes(w, a) for w in cost_words)
            ]
        return matches[0] if len(matches) == 1 else None

    def _noncreature_symbol(self, q: Question, subject: CardMention | None) -> str | None:
        """ "Can I crack a Clue / use my planeswalker the turn I make it?": an unnamed permanent
        the words say isn't a creature, used the turn it came in. The summoning-sickness rule
        doesn't apply to it, whatever its ability costs; only the symbol the step names
        depends on the kind ({T} for a Treasure, none for a Clue's or a loyalty ability)."""
        if (
            subject is not None
            or _animated(q)
            or not q.asks(
                r"\b(use|using|activate|activating|crack|cracking|sac|sacrifice|sacrificing|equip|"
                r"equipping)\b"
            )
        ):
            return None
        if q.has(
            *_OLD,
            *_OTHER_TURN,
            r"\b(twice|again|more than once|another|second|each turn|per turn|instant|response|"
            r"combat|opponent|tapped|untapped|target)\b",
        ):
            return None
        types = self._generic_types(q)
        if types is None and q.has(r"\bequipment\b"):
            types = frozenset({"Artifact"})
        if types is None or "Creature" in types or not q.has(*_NEW):
            return None
        if q.has(r"\b(treasure|food|mana rock)s?\b"):
            return "T"
        if q.has(r"\b(planeswalkers?|clues?|equipment|equip)\b"):
            return "none"
        return None

    @staticmethod
    def _self_granted(subject: CardMention, symbol: str) -> bool | None:
        """Whether a creature card gives creatures you control an ability with ``symbol`` in its
        cost, so it has one itself: None if not, else whether the grant has a condition ("with a
        counter on it")."""
        if "Creature" not in subject.card.types:
            return None
        for a in subject.abilities():
            if isinstance(a, GrantedManaAbility) and a.whose == "you":
                cost = a.ability.cost
                if cost.tap if symbol == "T" else cost.untap:
                    return a.subject.rstrip("s") != "creature"
        return None

    @staticmethod
    def _has_symbol(subject: CardMention, symbol: str) -> bool:
        """Whether the card has an activated ability with {T} (or {Q}) in its cost; a land with
        a basic land type has its intrinsic {T} mana ability."""
        for a in subject.abilities():
            if isinstance(a, Activated) and (a.cost.tap if symbol == "T" else a.cost.untap):
                return True
        basic = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
        return symbol == "T" and bool(subject.card.subtypes & basic)

    @staticmethod
    def _symbol(q: Question, subject: CardMention | None) -> str | None:
        """Which symbol the cost has: 'T', 'Q', 'none' (an ability without either) or None."""
        if q.has(_NO_TAP):
            return "none"
        if q.has(r"\bbe tapped (the turn|right away|immediately)\b"):
            # "Can a Treasure be tapped the turn it's made?": its own {T}, for a noncreature; a
            # creature could be tapped by an effect or a cost, which the words don't tell apart.
            types = subject.card.types if subject is not None else TappingHandler._generic_types(q)
            if types is None or "Creature" in types or _animated(q):
                return None
            return "T"
        if q.has(r"\{q\}", r"\buntap symbol\b", r"\bq ability\b", r"\bq cost\b"):
            return "Q"
        if (
            subject is not None
            and (
                q.has(r"\bfor mana\b", r"\bmana abilit", _MAKE_MANA)
                # "Can Llanowar Elves make {G}": a type named, of the one card named.
                or (len(q.cards) == 1 and q.has(_MAKE_TYPE))
            )
            and not q.has(r"\{t\}", r"\btap symbol\b")
        ):
            # "Can I activate Pili-Pala's mana ability?": the cost printed on the card decides.
            mana = [a for a in subject.abilities() if isinstance(a, Activated) and a.mana]
            kinds = {_kind(a) for a in mana}
            if len(kinds) == 1:
                return kinds.pop()
        if q.has(
            r"\{t\}",
            r"\btap symbol\b",
            r"\btap abilit",
            r"\b(tap|use|activate) (it|them|this|that|CARD|the \w+|a \w+|my \w+|your \w+)"
            r"( \w+)? for mana\b",
            r"\btap\w* for mana\b",
            r"\bfor mana\b",
            r"\btap (it|them|CARD)\b",
            r"\btapping (it|them|CARD)\b",
            r"\btap(ping)? (my|your|the) CARD\b",
            r"\bmana abilit",
            r"\b(tap|use|activate) (a|an|my|your|the) (mana rock|mana dork|dork)s?\b",
            # "Can my mana dork tap the turn it comes in?": tapping it for its own ability.
            r"\b(can|could|may|does|do|will) (my |your |the |a |an |this |that )?(CARD|it|they|"
            r"(mana )?dorks?|mana rocks?|creatures?|elf|elves)"
            # "Can my Llanowar Elves I cast this turn tap?": a relative clause between.
            r"( (that |which )?(i|we|you) [^?.,;]{0,30}?)?( still)? tap\b(?! (it|them|CARD|an?|"
            r"the (?!turn)|target|another|other|untapped|my|your|his|her|their|down)\b)",
        ):
            return "T"
        if q.has(
            r"\b(activate|use)\b[^?]{0,40}\babilit",
            r"\bactivate (it|CARD)",
            # "Can it activate the turn I cast it?": its ability, said without naming it.
            r"\b(can|could|may) (CARD|it) (still )?activate\b(?! (it|its|a|an|this|that|his|"
            r"her|their|my|your|any)\b| the (?!(same )?turn\b))",
            r"\b(use|using) (my |your |the )?(it|them|CARD)\b(?! (to|as|on|against|with)\b)",
            r"\bbe (used|activated)\b",
        ):
            if subject is None:
                if q.has(_NO_TAP):
                    return "none"
                # "My guy with Heavy Arbalest": the one ability an Equipment or Aura named
                # gives the creature, in quotes on the card.
                granted = {
                    hit.group(1).casefold()
                    for m in q.cards
                    if m.card.subtypes & {"Aura", "Equipment"}
                    for hit in _ATTACHED_ABILITY.finditer(m.card.oracle_text)
                }
                if len(granted) == 1:
                    cost = granted.pop()
                    return "T" if "{t}" in cost else "Q" if "{q}" in cost else "none"
                return None
            activated = [a for a in subject.abilities() if isinstance(a, Activated)]
            if q.has(r"\banimat", r"\bbecome a", r"\bturn (it|CARD) into"):
                activated = [a for a in activated if a.mana is None and not a.cost.tap]
            if not activated:
                return None
            kinds = {_kind(a) for a in activated}
            return kinds.pop() if len(kinds) == 1 else None
        return None
