"""Loaders: bytes of a file (or a fetched page) → plain text with its structure kept as blank lines.

Each format is read by a maintained library (pypdf, python-docx, trafilatura, charset-normalizer);
tables (CSV rows) become one line per row so the chunker can keep rows whole.
"""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath

from charset_normalizer import from_bytes

from backend.errors import AnswerbaseError, EmptyDocument, UnreadableDocument, UnsupportedMediaType


@dataclass(frozen=True)
class LoadedText:
    """Text extracted from an input, with a title when the format carries one."""

    text: str
    title: str | None = None


def decode(data: bytes) -> str:
    """Bytes → str: UTF-8 when it is, else the encoding charset-normalizer detects."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        best = from_bytes(data).best()
        if best is None:
            raise UnreadableDocument("it is not text in any encoding that could be detected") from None
        return str(best)


def load_text(data: bytes) -> LoadedText:
    """Plain text and Markdown, decoded."""
    return LoadedText(decode(data))


_EMPHASIS = re.compile(r"(\*\*|__|(?<![\w*])\*(?=\S))(.+?)(?<=\S)\1")


def load_html(data: bytes) -> LoadedText:
    """The main text of an HTML page (boilerplate dropped), headings as Markdown."""
    import trafilatura

    html = decode(data)
    # Markdown keeps the page's headings ("## Leave") for the chunker's heading paths; inline emphasis is dropped
    # so passages read as plain text.
    text = (
        trafilatura.extract(
            html, include_tables=True, include_comments=False, favor_recall=True, output_format="markdown"
        )
        or ""
    )
    text = _EMPHASIS.sub(r"\2", text)
    metadata = trafilatura.extract_metadata(html)
    return LoadedText(text, metadata.title if metadata and metadata.title else None)


def load_pdf(data: bytes) -> LoadedText:
    """The text of a PDF's pages; an encrypted or unreadable file is refused with the reason."""
    from pypdf import PdfReader
    from pypdf.errors import FileNotDecryptedError, PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):  # an empty user password opens many "protected" PDFs
            raise FileNotDecryptedError("password-protected")
        pages = [page.extract_text() or "" for page in reader.pages]
        title = reader.metadata.title if reader.metadata and reader.metadata.title else None
    except FileNotDecryptedError as exc:
        raise UnreadableDocument("it is an encrypted PDF: remove its password and upload it again") from exc
    except (PdfReadError, ValueError, KeyError) as exc:
        raise UnreadableDocument(f"it is not a readable PDF ({exc})") from exc
    return LoadedText("\n\n".join(pages), title)


# A .docx is a zip: one that unpacks to this much is a zip bomb, not a document (the largest real .docx files
# are tens of MB unpacked, mostly images).
MAX_UNPACKED_BYTES = 256 * 1024 * 1024


def _check_archive(data: bytes) -> None:
    """Refuse a file that is no zip archive, or that would unpack to more than MAX_UNPACKED_BYTES."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile as exc:
        raise UnreadableDocument("it is not a valid Word document (not a zip archive)") from exc
    if unpacked > MAX_UNPACKED_BYTES:
        raise UnreadableDocument(
            f"it would unpack to {unpacked // 2**20:,} MB, more than the {MAX_UNPACKED_BYTES // 2**20} MB allowed"
        )


def load_docx(data: bytes) -> LoadedText:
    """The paragraphs and tables of a .docx, headings as Markdown; a damaged file is refused."""
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    _check_archive(data)
    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, ValueError, KeyError, AttributeError) as exc:
        raise UnreadableDocument("it is not a valid Word document (its document part is missing or damaged)") from exc
    blocks: list[str] = []
    for paragraph in document.paragraphs:
        style = (paragraph.style.name or "").lower() if paragraph.style is not None else ""
        text = paragraph.text.strip()
        if text:
            # Keep headings recognisable for the chunker, as Markdown headings.
            blocks.append(f"# {text}" if style.startswith("heading") or style == "title" else text)
    for table in document.tables:
        rows = [" | ".join(cell.text.strip() for cell in row.cells) for row in table.rows]
        blocks.append("\n".join(rows))
    title = document.core_properties.title or None
    return LoadedText("\n\n".join(blocks), title)


def load_csv(data: bytes) -> LoadedText:
    """A CSV as one line of ``column: value`` pairs a row (its dialect sniffed), so each row reads on its own."""
    text = decode(data)
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(io.StringIO(text), dialect))
    if not rows:
        return LoadedText("")
    header, body = rows[0], rows[1:]
    # One line per row, "column: value" pairs, so each row reads on its own in a chunk.
    lines = [
        "; ".join(f"{h.strip()}: {v.strip()}" for h, v in zip(header, row, strict=False) if v.strip()) for row in body
    ]
    return LoadedText("\n".join(line for line in lines if line))


def load_json(data: bytes) -> LoadedText:
    """A JSON document as one ``path: value`` line a leaf; invalid JSON is refused."""
    try:
        value = json.loads(decode(data))
    except json.JSONDecodeError as exc:
        raise UnreadableDocument(f"it is not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    lines: list[str] = []

    def walk(node: object, path: str) -> None:
        if isinstance(node, dict):
            for key, child in node.items():
                walk(child, f"{path}.{key}" if path else str(key))
        elif isinstance(node, list):
            for child in node:
                walk(child, path)
                if isinstance(child, dict):
                    lines.append("")  # a blank line between records keeps records apart when chunking
        elif node is not None and str(node).strip():
            lines.append(f"{path}: {node}" if path else str(node))

    walk(value, "")
    return LoadedText("\n".join(lines))


LOADERS: dict[str, Callable[[bytes], LoadedText]] = {
    ".txt": load_text,
    ".md": load_text,
    ".markdown": load_text,
    ".html": load_html,
    ".htm": load_html,
    ".pdf": load_pdf,
    ".docx": load_docx,
    ".csv": load_csv,
    ".json": load_json,
}
CONTENT_TYPES = {
    "text/plain": ".txt",
    "text/markdown": ".md",
    "text/html": ".html",
    "application/xhtml+xml": ".html",
    "application/pdf": ".pdf",
    "text/csv": ".csv",
    "application/json": ".json",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
}


def suffix_for(filename: str, content_type: str | None = None) -> str:
    """The loader key for a file: its extension, else its content type; 415 when neither is known."""
    suffix = PurePath(filename).suffix.lower()
    if suffix in LOADERS:
        return suffix
    if content_type:
        mapped = CONTENT_TYPES.get(content_type.split(";")[0].strip().lower())
        if mapped:
            return mapped
    supported = ", ".join(sorted(LOADERS))
    raise UnsupportedMediaType(f"Cannot read {filename!r}: supported file types are {supported}.")


def load(data: bytes, filename: str, content_type: str | None = None) -> LoadedText:
    """Extract text from ``data``; :class:`EmptyDocument` when there is none."""
    suffix = suffix_for(filename, content_type)
    try:
        loaded = LOADERS[suffix](data)
    except UnreadableDocument as exc:
        raise UnreadableDocument(f"{filename!r} could not be read: {exc.message}.") from exc
    except AnswerbaseError:
        raise
    except Exception as exc:  # parsers of untrusted files fail in their own ways; none of them is a server error
        raise UnreadableDocument(f"{filename!r} could not be read as a {suffix} file ({type(exc).__name__}).") from exc
    if not loaded.text.strip():
        raise EmptyDocument(f"{filename!r} contains no text to index.")
    return loaded
