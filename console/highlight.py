"""Excerpts as the console shows them: Markdown syntax stripped, the query's content words in bold, an answer's
spans (or a search's passage) on a coloured background, everything else shown exactly as written."""

from __future__ import annotations

import re

from backend.text import STOP_WORDS

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+|~$])")
# The Markdown a document's text carries (uploaded .md files, web pages converted to Markdown): removed for an
# excerpt, where "**From:**" or "## Leave" would otherwise show their syntax.
_MARKDOWN_SYNTAX = [
    (re.compile(r"^\s{0,3}#{1,6}\s+", re.MULTILINE), ""),  # heading marks
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),  # links and images: their text
    (re.compile(r"(\*\*|__)(.+?)\1"), r"\2"),  # bold
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),  # italics
    (re.compile(r"`([^`]*)`"), r"\1"),  # inline code
    (re.compile(r"^\s{0,3}>\s?", re.MULTILINE), ""),  # block quotes
    (re.compile(r"^\s*[-*+]\s+", re.MULTILINE), "• "),  # bullets
]


def escape_markdown(text: str) -> str:
    """``text`` with Markdown's special characters escaped, so documents render as written."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def strip_markdown(text: str) -> str:
    """``text`` without the Markdown syntax that documents carry: headings, emphasis, links, code and quotes."""
    for pattern, replacement in _MARKDOWN_SYNTAX:
        text = pattern.sub(replacement, text)
    return text


def query_words(query: str) -> list[str]:
    """The words of ``query`` worth marking: 3+ characters and not stop words ("The", "what", "many"), longest first."""
    words = {w for w in re.findall(r"\w{3,}", query) if w.lower() not in STOP_WORDS}
    return sorted(words, key=lambda w: (-len(w), w.lower()))


def highlight_terms(text: str, query: str) -> str:
    """``text`` without its Markdown syntax, escaped, with every content word of ``query`` (case-insensitive, any
    ending) in bold."""
    escaped = escape_markdown(strip_markdown(text))
    words = query_words(query)
    if not words:
        return escaped
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\w*", re.IGNORECASE)
    return pattern.sub(lambda m: f"**{m.group(0)}**", escaped)


def highlight_spans(text: str, spans: list[list[int]], query: str = "", *, passage: bool = False) -> str:
    """Escaped ``text`` with each ``[start, end]`` span on an orange background, query terms in bold elsewhere.

    A span is an answer's value (in bold too) or, with ``passage``, a whole passage (its query terms in bold)."""
    pieces, cursor = [], 0
    for start, end in sorted(spans or []):
        if start < cursor or end > len(text):
            continue
        pieces.append(highlight_terms(text[cursor:start], query))
        pieces.append(_marked(text[start:end], query if passage else None))
        cursor = end
    pieces.append(highlight_terms(text[cursor:], query))
    return "".join(pieces)


def _marked(text: str, query: str | None) -> str:
    """``text`` on an orange background, line by line (Markdown's directives do not cross lines): all in bold, or
    with ``query`` given, its terms in bold."""
    lines = [
        highlight_terms(line, query) if query is not None else f"**{escape_markdown(strip_markdown(line)).strip()}**"
        for line in text.split("\n")
    ]
    return "\n".join(f":orange-background[{line.strip()}]" if line.strip("* ") else "" for line in lines)


def _words_pattern(words: str) -> re.Pattern[str] | None:
    found = re.findall(r"\S+", words)
    return re.compile(r"\s+".join(re.escape(w) for w in found)) if found else None


def find_passage(text: str, opening: str, closing: str = "") -> tuple[int, int] | None:
    """Where a passage that starts with the words ``opening`` (and ends with ``closing``, when given) lies in
    ``text``, whatever the whitespace between the words; None when it is not there."""
    start = _words_pattern(opening)
    first = start.search(text) if start else None
    if first is None:
        return None
    end = _words_pattern(closing)
    last = end.search(text, first.end() - 1 if closing else first.end()) if end else None
    if last is None:
        return first.start(), first.end()
    return first.start(), max(first.end(), last.end())
