"""Structure-aware chunking: headings, paragraphs and table rows, packed to a token budget with overlap.

Token counts are estimated from words (≈1.3 tokens a word for English WordPiece), kept below the
embedder's 256-token window. Each chunk starts with its section heading, so a passage read alone still
says what it is about.
"""

from __future__ import annotations

import re

from backend.models import Chunk
from backend.text import split_sentences

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$")
_TOKENS_PER_WORD = 1.3


def estimate_tokens(text: str) -> int:
    """A conservative token count of ``text`` for a WordPiece model."""
    return int(len(text.split()) * _TOKENS_PER_WORD) + 1


Headings = tuple[str, ...]  # the heading path above a block, outermost first


def _blocks(text: str) -> list[tuple[Headings, str]]:
    """(heading path, block) pairs: paragraphs split at blank lines; table-like lines kept one per block."""
    path: list[tuple[int, str]] = []  # (level, heading) from the outermost in
    out: list[tuple[Headings, str]] = []
    for raw in re.split(r"\n\s*\n", text.replace("\r\n", "\n")):
        lines = [line.rstrip() for line in raw.strip().split("\n") if line.strip()]
        if not lines:
            continue
        match = _HEADING.match(lines[0])
        if match:
            level = len(match.group(1))
            path = [(lvl, h) for lvl, h in path if lvl < level] + [(level, match.group(2))]
            lines = lines[1:]
            if not lines:
                continue
        heading = tuple(h for _, h in path)
        if len(lines) > 1 and all(("|" in line or ": " in line) for line in lines):
            out.extend((heading, line) for line in lines)  # table rows: keep each row whole
        else:
            out.append((heading, " ".join(line.strip() for line in lines)))
    return out


def _split_long(block: str, budget: int) -> list[str]:
    """Split a block over budget at sentence ends, then at word boundaries as a last resort."""
    pieces: list[str] = []
    current = ""
    for sentence in split_sentences(block):
        candidate = f"{current} {sentence}".strip()
        if estimate_tokens(candidate) <= budget:
            current = candidate
            continue
        if current:
            pieces.append(current)
        words = sentence.split()
        per_piece = max(1, int(budget / _TOKENS_PER_WORD) - 1)
        while len(words) > per_piece:
            pieces.append(" ".join(words[:per_piece]))
            words = words[per_piece:]
        current = " ".join(words)
    if current:
        pieces.append(current)
    return pieces


def _tail(text: str, overlap: int) -> str:
    """The last sentences of ``text`` that fit in ``overlap`` tokens (the carry-over to the next chunk)."""
    kept: list[str] = []
    for sentence in reversed(split_sentences(text)):
        if estimate_tokens(" ".join([sentence, *kept])) > overlap:
            break
        kept.insert(0, sentence)
    return " ".join(kept)


def chunk_text(text: str, *, budget: int = 200, overlap: int = 30) -> list[Chunk]:
    """Split ``text`` into chunks of at most ~``budget`` tokens that respect its structure."""
    chunks: list[Chunk] = []
    current: list[str] = []
    current_heading: Headings = ()

    def flush() -> None:
        if current:  # the chunk starts with its own heading, so a passage read alone says what it is about
            prefix = f"{current_heading[-1]}\n" if current_heading else ""
            chunks.append(Chunk(len(chunks), prefix + "\n".join(current), current_heading))

    for heading, block in _blocks(text):
        room = budget - (estimate_tokens(heading[-1]) if heading else 0)
        for piece in _split_long(block, room) if estimate_tokens(block) > room else [block]:
            if heading != current_heading or estimate_tokens("\n".join([*current, piece])) > room:
                carry = _tail(current[-1], overlap) if current and heading == current_heading else ""
                flush()
                current, current_heading = ([carry] if carry and carry != piece else []), heading
            current.append(piece)
    flush()
    return chunks
