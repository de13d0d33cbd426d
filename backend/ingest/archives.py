"""Expanding a ``.zip`` upload into its files, safely.

Refused, each with a reason: an archive that is not a zip, one with more than ``MAX_ENTRIES`` files or that
would unpack to more than ``MAX_TOTAL_BYTES`` (a zip bomb: the sizes are counted as the bytes come out, not
taken from the archive's own claims), and any entry whose path is absolute or climbs out with ``..`` (zip slip).
Only file names are used, never paths on disk: nothing is ever written outside memory. Directories, macOS
resource forks and hidden files are skipped; an archive inside the archive is not expanded (it is refused as an
unsupported file).
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import PurePosixPath

from backend.models import ARCHIVE_SUFFIXES

MAX_ENTRIES = 1000
MAX_TOTAL_BYTES = 256 * 1024 * 1024  # as for a .docx (loaders.py): what one request may unpack in memory


@dataclass(frozen=True)
class ArchiveEntry:
    """One file of an archive: its path inside it, and its bytes or why it was refused."""

    path: str
    data: bytes | None = None
    error: str = ""


class ArchiveRefused(ValueError):
    """The archive as a whole cannot be expanded (not a zip, too many files, too big)."""


def is_archive(filename: str) -> bool:
    """Whether an upload is an archive to unpack (a .zip) rather than a document."""
    return filename.lower().endswith(ARCHIVE_SUFFIXES)


def _unsafe(path: str) -> bool:
    parts = PurePosixPath(path.replace("\\", "/")).parts
    return path.startswith(("/", "\\")) or ".." in parts or (bool(parts) and ":" in parts[0])


def _skipped(path: str) -> bool:
    name = PurePosixPath(path).name
    return path.endswith("/") or path.startswith("__MACOSX/") or name.startswith(".") or not name


def expand(data: bytes, max_file_bytes: int, max_total_bytes: int = MAX_TOTAL_BYTES) -> list[ArchiveEntry]:
    """The files of a zip archive in its order; :class:`ArchiveRefused` when the archive itself is refused."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError) as exc:
        raise ArchiveRefused(f"it is not a valid zip archive ({exc})") from exc
    infos = [info for info in archive.infolist() if not _skipped(info.filename)]
    if len(infos) > MAX_ENTRIES:
        raise ArchiveRefused(f"it holds {len(infos)} files; at most {MAX_ENTRIES} are accepted per archive")
    entries, total = [], 0
    for info in infos:
        if _unsafe(info.filename):
            entries.append(ArchiveEntry(info.filename, error="its path leaves the archive (absolute or '..')"))
            continue
        if info.flag_bits & 0x1:
            entries.append(ArchiveEntry(info.filename, error="it is encrypted"))
            continue
        limit = min(max_file_bytes, max_total_bytes - total)
        try:
            with archive.open(info) as stream:
                content = stream.read(limit + 1)  # never more than the limit, whatever the header claims
        except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as exc:
            entries.append(ArchiveEntry(info.filename, error=f"it could not be unpacked ({exc})"))
            continue
        if len(content) > limit:
            if total + len(content) > max_total_bytes:
                raise ArchiveRefused(f"it unpacks to more than {max_total_bytes // 2**20} MB (a zip bomb?)")
            entries.append(ArchiveEntry(info.filename, error=f"it is over {max_file_bytes // 2**20} MB unpacked"))
            continue
        total += len(content)
        entries.append(ArchiveEntry(info.filename, content))
    return entries
