"""Marking a query's terms in an excerpt (Markdown bold), for search cards."""

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
