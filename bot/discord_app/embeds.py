"""Pure rendering of answers, cards, rules and rulings into Discord embeds that respect every limit."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import discord

from bot.answer import Answer, Citation
from bot.discord_app.escape import escape_user_text, plain

if TYPE_CHECKING:
    from bot.settings import Settings

# Discord's documented limits.
CONTENT_LIMIT = 2000
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_COUNT_LIMIT = 25
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FOOTER_LIMIT = 2048
AUTHOR_LIMIT = 256
MESSAGE_TOTAL_LIMIT = 6000
CHOICE_LIMIT = 25
CHOICE_NAME_LIMIT = 100
SELECT_OPTION_LIMIT = 25
LABEL_LIMIT = 80

MARKER = "…"

RULES_PAGE = "https://yawgatog.com/resources/magic-rules/"
SCRYFALL_SEARCH = "https://scryfall.com/search?q="
QUESTION_ECHO_LIMIT = 400
MAX_LINK_BUTTONS = 5
# Footers here are short; capping them keeps a full description plus title within a page.
FOOTER_BUDGET = 300

COLOR_YES = discord.Colour.green()
COLOR_NO = discord.Colour.red()
COLOR_VERDICT = discord.Colour.blurple()
COLOR_NONE = discord.Colour.light_grey()
COLOR_INFO = discord.Colour.dark_teal()

_RULE_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")
# A Unix or Windows path: a run of folder names ending in a file name (group 1).
_PATH = re.compile(r"(?<![\w/:.])(?:[A-Za-z]:|\.{1,2})?[\\/](?:[^\s\\/;,()]+[\\/])+([^\s\\/;,()]+)")
_CR_REF = re.compile(r"\bCR (\d{3}(?:\.\d+[a-z]?)?)\b")


def clip(text: str, limit: int) -> str:
    """Shorten ``text`` to ``limit`` characters at a word boundary, ending with the marker."""
    if len(text) <= limit:
        return text
    if limit <= len(MARKER):
        return MARKER[:limit]
    room = limit - len(MARKER)
    cut = text.rfind(" ", 0, room + 1)
    if cut < room // 2:
        cut = room  # one long token: cut it, the marker shows it was cut
    return text[:cut].rstrip() + MARKER


def split_text(text: str, limit: int) -> list[str]:
    """Split ``text`` into chunks of at most ``limit`` characters.

    Prefers paragraph, then line, then word boundaries; a token longer than a
    chunk is cut and that chunk ends with the marker.
    """
    text = text.strip()
    chunks: list[str] = []
    while len(text) > limit:
        cut = -1
        for sep in ("\n\n", "\n", " "):
            at = text.rfind(sep, 0, limit + 1)
            if at >= limit // 3:
                cut = at
                break
        if cut <= 0:
            room = limit - len(MARKER)
            chunks.append(text[:room] + MARKER)
            text = text[room:]
            continue
        chunks.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    if text:
        chunks.append(text)
    return chunks or [""]


def rule_url(number: str) -> str:
    """A stable public link to one CR rule (the rule number, dots removed, is the anchor)."""
    return RULES_PAGE + "#R" + number.rstrip(".").replace(".", "")


def link_rules(text: str) -> str:
    """Link each "CR 702.33a" in engine text to that rule (no space inside the link text)."""
    return _CR_REF.sub(lambda m: f"CR [{m.group(1)}]({rule_url(m.group(1))})", text)


def scryfall_url(name: str) -> str:
    """An exact-name Scryfall search link; needs no Scryfall id."""
    return SCRYFALL_SEARCH + quote(f'!"{name}"', safe="")


def is_rule_number(text: str) -> bool:
    return bool(_RULE_NUMBER.match(text.strip().rstrip(".")))


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


def _field_pieces(field: Field) -> list[Field]:
    name = clip(field.name or "\u200b", FIELD_NAME_LIMIT - 12)
    parts = split_text(field.value or "\u200b", FIELD_VALUE_LIMIT)
    return [
        Field(name if i == 0 else f"{name} (cont.)", part or "\u200b", field.inline)
        for i, part in enumerate(parts)
    ]


def paginate(
    title: str,
    description: str,
    fields: Sequence[Field] = (),
    *,
    footer: str = "",
    colour: discord.Colour = COLOR_INFO,
    url: str | None = None,
) -> list[discord.Embed]:
    """Lay text and fields out over as many embeds (pages) as the limits require.

    Each page fits in one message on its own: ≤ 6,000 characters, ≤ 25 fields.
    Pages after the first repeat the title, marked as continued.
    """
    title = clip(title, TITLE_LIMIT - 12)
    footer = clip(plain(footer), FOOTER_BUDGET)
    # Room for the footer with " · page NNN/NNN" and the " (cont.)" title suffix.
    budget = MESSAGE_TOTAL_LIMIT - len(footer) - 40 - len(title) - 12
    pages: list[tuple[str, list[Field]]] = [
        (chunk, []) for chunk in split_text(description, DESCRIPTION_LIMIT)
    ]
    used = len(pages[-1][0])
    for field in fields:
        for piece in _field_pieces(field):
            size = len(piece.name) + len(piece.value)
            current = pages[-1][1]
            if len(current) >= FIELD_COUNT_LIMIT or used + size > budget:
                pages.append(("", []))
                used = 0
            pages[-1][1].append(piece)
            used += size
    embeds: list[discord.Embed] = []
    total = len(pages)
    for index, (text, page_fields) in enumerate(pages):
        embed = discord.Embed(
            title=title if index == 0 else f"{title} (cont.)",
            description=text or None,
            colour=colour,
            url=url,
        )
        for f in page_fields:
            embed.add_field(name=f.name, value=f.value, inline=f.inline)
        page_note = f"page {index + 1}/{total}" if total > 1 else ""
        text_footer = " · ".join(part for part in (footer, page_note) if part)
        if text_footer:
            embed.set_footer(text=text_footer)
        embeds.append(embed)
    return embeds


def embed_problems(embed: discord.Embed) -> list[str]:
    """Every Discord limit this embed breaks (empty when it can be sent)."""
    data = embed.to_dict()
    problems: list[str] = []
    if len(data.get("title", "")) > TITLE_LIMIT:
        problems.append("title")
    if len(data.get("description", "")) > DESCRIPTION_LIMIT:
        problems.append("description")
    fields = data.get("fields", [])
    if len(fields) > FIELD_COUNT_LIMIT:
        problems.append("field count")
    for f in fields:
        if not f["name"] or len(f["name"]) > FIELD_NAME_LIMIT:
            problems.append(f"field name {f['name'][:20]!r}")
        if not f["value"] or len(f["value"]) > FIELD_VALUE_LIMIT:
            problems.append(f"field value of {f['name'][:20]!r}")
    if len(data.get("footer", {}).get("text", "")) > FOOTER_LIMIT:
        problems.append("footer")
    if len(data.get("author", {}).get("name", "")) > AUTHOR_LIMIT:
        problems.append("author")
    if len(embed) > MESSAGE_TOTAL_LIMIT:
        problems.append("total")
    return problems


# --- answers -----------------------------------------------------------------------------


def verdict_title(answer: Answer) -> str:
    """The verdict, up front."""
    verdict = answer.verdict
    if verdict is None or verdict.lower() == "unknown":
        return "No definite answer: here is what the rules say"
    if answer.kind == "yesno" or verdict.lower() in {"yes", "no"}:
        return verdict.capitalize() + "."
    if answer.kind == "types" and verdict.lower() == "none":
        return "No mana"
    return verdict


def _colour(answer: Answer) -> discord.Colour:
    verdict = (answer.verdict or "").lower()
    if not verdict or verdict == "unknown":
        return COLOR_NONE
    if verdict == "yes":
        return COLOR_YES
    if verdict == "no":
        return COLOR_NO
    return COLOR_VERDICT


def citation_field(citation: Citation) -> Field:
    if citation.source == "rule":
        name = f"CR {citation.ref}"
        value = f"[{citation.ref}]({rule_url(citation.ref)}) {citation.text}"
    else:
        name = f"Ruling: {citation.ref}"
        value = discord.utils.escape_markdown(citation.text)
    return Field(plain(name), value)


def hide_paths(text: str) -> str:
    """Local file paths of imported data are nobody's business on Discord: keep the file name."""
    return _PATH.sub(lambda m: m.group(1), text)


def answer_footer(answer: Answer) -> str:
    return " · ".join(
        (
            f"CR effective {answer.cr_effective or 'unknown'}",
            f"card data: {hide_paths(answer.data_source) or 'unknown'}",
        )
    )


def answer_description(answer: Answer) -> str:
    question = escape_user_text(clip(answer.question, QUESTION_ECHO_LIMIT), single_line=True)
    parts = [f"> **Q:** {question}"] if question else []
    if answer.summary:
        parts.append(f"**{answer.summary.strip()}**")
    if answer.explanation:
        parts.append(
            "\n".join(f"{i}. {link_rules(step)}" for i, step in enumerate(answer.explanation, 1))
        )
    if answer.error:
        parts.append(f"⚠️ {answer.error}")
    parts.extend(f"-# {note}" for note in answer.notes)
    return "\n\n".join(parts)


def answer_pages(answer: Answer, settings: Settings | None = None) -> list[discord.Embed]:
    """The answer as embed pages: verdict as title, explanation, citations as fields."""
    fields: list[Field] = []
    read_as = answer.reading.get("lines") or []
    if read_as:
        # What the bot took the question to be, so a judge sees its assumptions at a glance.
        text = "\n".join(escape_user_text(clip(line, 300), single_line=True) for line in read_as)
        fields.append(Field("Read as", clip(text, 1000)))
    if len(answer.cards) > MAX_LINK_BUTTONS:  # the rest have a link button each
        links = ", ".join(f"[{plain(c.name)}]({scryfall_url(c.name)})" for c in answer.cards)
        fields.append(Field("Cards", links))
    fields.extend(citation_field(c) for c in answer.citations)
    return paginate(
        verdict_title(answer),
        answer_description(answer),
        fields,
        footer=answer_footer(answer),
        colour=_colour(answer),
    )


def unresolved(answer: Answer, choices: Mapping[str, str] | None = None) -> dict[str, list[str]]:
    """Ambiguous names the asker still has to pick a card for."""
    chosen = choices or {}
    return {
        name: cands for name, cands in answer.candidates.items() if name not in chosen and cands
    }


# --- cards, rulings, rules ---------------------------------------------------------------


def _face_text(face: Mapping[str, Any]) -> str:
    head = f"**{discord.utils.escape_markdown(str(face.get('name', '')))}**"
    if face.get("mana_cost"):
        head += f" {face['mana_cost']}"
    lines = [head]
    if face.get("type_line"):
        lines.append(f"*{discord.utils.escape_markdown(str(face['type_line']))}*")
    if face.get("oracle_text"):
        lines.append(discord.utils.escape_markdown(str(face["oracle_text"])))
    stats = []
    if face.get("power") is not None and face.get("toughness") is not None:
        stats.append(f"{face['power']}/{face['toughness']}")
    if face.get("loyalty") is not None:
        stats.append(f"Loyalty {face['loyalty']}")
    if face.get("defense") is not None:
        stats.append(f"Defense {face['defense']}")
    if stats:
        lines.append(" · ".join(stats))
    return "\n".join(lines)


def card_embed(card: Mapping[str, Any], *, rulings_count: int, footer: str = "") -> discord.Embed:
    """One card: cost, type, oracle text of each face, rulings count, Scryfall link."""
    name = str(card.get("name", "?"))
    faces = card.get("card_faces") or [card]
    description = "\n\n".join(_face_text(face) for face in faces)
    link = str(card.get("scryfall_uri") or "")
    url = link if link.startswith("https://scryfall.com/") else scryfall_url(name)
    fields = [
        Field("Mana value", _number(card.get("cmc")), inline=True),
        Field("Rulings", str(rulings_count), inline=True),
        Field("Scryfall", f"[Open on Scryfall]({url})", inline=True),
    ]
    embed = paginate(name, clip(description, DESCRIPTION_LIMIT), fields, footer=footer, url=url)[0]
    image = (card.get("image_uris") or {}).get("small") or (
        (faces[0].get("image_uris") or {}).get("small") if faces else None
    )
    if isinstance(image, str) and image.startswith("https://"):
        embed.set_thumbnail(url=image)
    return embed


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "?" if value is None else str(value)


def rulings_pages(
    card_name: str, rulings: Iterable[Any], *, footer: str = ""
) -> list[discord.Embed]:
    """Official rulings for one card, oldest first, paged."""
    entries = [
        f"**{getattr(r, 'published_at', '')}** "
        + discord.utils.escape_markdown(str(getattr(r, "comment", "")))
        for r in rulings
    ]
    text = "\n\n".join(entries) if entries else "This card has no official rulings."
    return paginate(f"Rulings: {card_name}", text, footer=footer, url=scryfall_url(card_name))


def rule_pages(records: Sequence[Any], *, footer: str = "") -> list[discord.Embed]:
    """A rule and its subrules (and their examples), paged."""
    first = records[0]
    blocks = []
    for record in records:
        number = str(record.number)
        block = f"**[{number}]({rule_url(number)})** {record.text}"
        block += "".join(f"\n{more}" for more in getattr(record, "more", None) or [])
        examples = getattr(record, "examples", None) or []
        block += "".join(f"\n*{ex}*" for ex in examples)
        blocks.append(block)
    title = f"{first.number} {first.text}" if len(records) > 1 else f"Rule {first.number}"
    return paginate(title, "\n\n".join(blocks), footer=footer, url=rule_url(str(first.number)))


def glossary_pages(term: str, text: str, *, footer: str = "") -> list[discord.Embed]:
    return paginate(f"Glossary: {term}", text, footer=footer, url=RULES_PAGE)


def format_uptime(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    days, seconds = divmod(seconds, 86400)
    hours, seconds = divmod(seconds, 3600)
    minutes, seconds = divmod(seconds, 60)
    if days:
        return f"{days}d {hours}h {minutes}m"
    if hours:
        return f"{hours}h {minutes}m"
    return f"{minutes}m {seconds}s"


def _source_date(source: Any) -> str:
    return str(getattr(source, "updated_at", None) or getattr(source, "loaded_at", "") or "")[:10]


def data_footer(sources: Iterable[Any]) -> str:
    """Which card data (and from when) a reply rests on."""
    parts = [
        hide_paths(f"{getattr(s, 'dataset', '?')}: {getattr(s, 'source', '?')} {_source_date(s)}")
        for s in sources
        if getattr(s, "dataset", None) in {"cards", "rulings"}
    ]
    return "card data: " + ("; ".join(parts) if parts else "unknown")


def about_embed(
    *, version: str, status: Any, uptime: timedelta, guilds: int, latency_ms: float | None
) -> discord.Embed:
    """Version, data sources and dates, counts and uptime."""
    source_lines = [
        plain(
            f"• {getattr(s, 'dataset', '?')}: {hide_paths(str(getattr(s, 'source', '?')))}, "
            f"{_source_date(s)}" + (f" ({s.count:,})" if getattr(s, "count", 0) else "")
        )
        for s in getattr(status, "sources", None) or []
    ] or ["• none recorded"]
    if getattr(status, "using_builtin", False):
        source_lines.append("-# Built-in seed data only; the full data arrives with the next sync.")
    fields = [
        Field("Version", version, inline=True),
        Field("Uptime", format_uptime(uptime), inline=True),
        Field("Servers", str(guilds), inline=True),
        Field("Cards", f"{getattr(status, 'cards', 0):,}", inline=True),
        Field("Rulings", f"{getattr(status, 'rulings', 0):,}", inline=True),
        Field("Rules", f"{getattr(status, 'rules', 0):,}", inline=True),
        Field(
            "Comprehensive Rules", f"effective {getattr(status, 'cr_effective', None) or 'unknown'}"
        ),
        Field("Data sources", "\n".join(source_lines)),
    ]
    if latency_ms is not None:
        fields.append(Field("Gateway latency", f"{latency_ms:.0f} ms", inline=True))
    description = (
        "Answers Magic: The Gathering rules questions with a rules engine and "
        "verbatim quotes of the Comprehensive Rules and official rulings. "
        "Card data from Scryfall. Not affiliated with Wizards of the Coast."
    )
    return paginate("rulesbot", description, fields)[0]


def _stored_verdict(answer_json: str) -> str:
    try:
        data = json.loads(answer_json)
    except (TypeError, ValueError):
        return "?"
    verdict = data.get("verdict") if isinstance(data, dict) else None
    return str(verdict) if verdict is not None else "none"


def feedback_pages(records: Sequence[Any]) -> list[discord.Embed]:
    """Recent answers judged wrong (by a judge's review or by votes), for judges."""
    if not records:
        return paginate("Answers marked wrong", "No answer has been marked wrong.")
    fields = []
    for record in records:
        question = escape_user_text(clip(str(record.question), 500), single_line=True)
        lines = [
            f"**Q:** {question}",
            f"**Bot's verdict:** {_stored_verdict(record.answer_json)}",
            f"👍 {record.correct_votes} · 👎 {record.wrong_votes}",
        ]
        if record.reviewed_verdict:
            lines.append(f"**Judge review:** {record.reviewed_verdict} (<@{record.reviewed_by}>)")
        if record.scenario:
            scenario = clip(str(record.scenario).replace("`", "'"), 200)
            lines.append(f"Scenario: `{scenario}`")
        if record.guild_id and record.channel_id and record.message_id:
            link = f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.message_id}"
            lines.append(f"[Jump to answer]({link})")
        name = f"#{record.id} · {str(record.created_at)[:16].replace('T', ' ')}"
        fields.append(Field(name, "\n".join(lines)))
    return paginate("Answers marked wrong", f"{len(records)} answer(s), newest first.", fields)
