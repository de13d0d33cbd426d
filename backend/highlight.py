"""Marking a query's terms (Markdown bold) and an answer's spans (a coloured background) in an excerpt."""

from __future__ import annotations

import re

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+|~$])")


def escape_markdown(text: str) -> str:
    """``text`` with Markdown's special characters escaped, so documents render as written."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def highlight_terms(text: str, query: str) -> str:
    """Escaped ``text`` with every word of ``query`` (3+ letters, case-insensitive) in bold."""
    escaped = escape_markdown(text)
    words = sorted({w for w in re.findall(r"\w{3,}", query)}, key=len, reverse=True)
    if not words:
        return escaped
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\w*", re.IGNORECASE)
    return pattern.sub(lambda m: f"**{m.group(0)}**", escaped)


def highlight_spans(text: str, spans: list[list[int]], query: str = "") -> str:
    """Escaped ``text`` with each ``[start, end]`` span on an orange background, query terms in bold elsewhere."""
    pieces, cursor = [], 0
    for start, end in sorted(spans or []):
        if start < cursor or end > len(text):
            continue
        pieces.append(highlight_terms(text[cursor:start], query) if query else escape_markdown(text[cursor:start]))
        pieces.append(f":orange-background[**{escape_markdown(text[start:end])}**]")
        cursor = end
    rest = text[cursor:]
    pieces.append(highlight_terms(rest, query) if query else escape_markdown(rest))
    return "".join(pieces)
