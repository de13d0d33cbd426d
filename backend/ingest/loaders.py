"""Loaders: bytes of a file (or a fetched page) → plain text with its structure kept as blank lines.

Each format is read by a maintained library (pypdf, python-docx, trafilatura, charset-normalizer);
tables (CSV rows) become one line per row so the chunker can keep rows whole. Tables (CSV, TSV, XLSX, and the
tables inside HTML, Markdown and DOCX) also come back as tables (``backend/tables/read.py``), to be stored typed
and answered by computing.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePath

from charset_normalizer import from_bytes

from backend.errors import AnswerbaseError, EmptyDocument, UnreadableDocument, UnsupportedMediaType
from backend.tables.read import RawTable, as_text, docx_tables, html_tables, markdown_tables, read_delimited, read_xlsx

# Rows of a table indexed as searchable text; every row is still answered by computing. Embedding is the cost of
# ingest (bench/ingest.py: ~1 ms a row here), so a million-row export indexes its first rows as text, not all.
TEXT_ROWS = 5_000


@dataclass(frozen=True)
class LoadedText:
    """Text extracted from an input, with a title when the format carries one, and the tables it holds."""

    text: str
    title: str | None = None
    tables: list[RawTable] = field(default_factory=list)


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
    """Plain text and Markdown, decoded, with its Markdown pipe tables."""
    text = decode(data)
    return LoadedText(text, tables=markdown_tables(text))


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
    return LoadedText(text, metadata.title if metadata and metadata.title else None, html_tables(html))


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


def _check_archive(data: bytes, kind: str = "Word document") -> None:
    """Refuse a file that is no zip archive, or that would unpack to more than MAX_UNPACKED_BYTES."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile as exc:
        raise UnreadableDocument(f"it is not a valid {kind} (not a zip archive)") from exc
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
    cells = [[[cell.text for cell in row.cells] for row in table.rows] for table in document.tables]
    for rows in cells:
        blocks.append("\n".join(" | ".join(cell.strip() for cell in row) for row in rows))
    title = document.core_properties.title or None
    return LoadedText("\n\n".join(blocks), title, docx_tables(cells))


def load_csv(data: bytes) -> LoadedText:
    """A CSV or TSV (its dialect sniffed) as a table, and as one line of ``column: value`` pairs a row."""
    table = read_delimited(decode(data))
    return LoadedText(as_text(table, TEXT_ROWS), tables=[table] if len(table.rows) >= 2 else [])


def load_xlsx(data: bytes) -> LoadedText:
    """A workbook's sheets as tables, and as text (a heading a sheet, then a line a row)."""
    _check_archive(data, "Excel workbook")
    tables = read_xlsx(data)
    blocks = [(f"# {t.label}\n\n" if t.label else "") + as_text(t, TEXT_ROWS) for t in tables]
    return LoadedText("\n\n".join(blocks), tables=[t for t in tables if len(t.rows) >= 2])


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
    ".tsv": load_csv,
    ".xlsx": load_xlsx,
    ".json": load_json,
}
CONTENT_TYPES = {
    "text/plain": ".txt",
    "text/markdown": ".md",
    "text/html": ".html",
    "application/xhtml+xml": ".html",
    "application/pdf": ".pdf",
    "text/csv": ".csv",
    "text/tab-separated-values": ".tsv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
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
