"""The OpenAI-compatible embedder against a local server; the recorded embedder; reindex; the query cache."""

from __future__ import annotations

import pytest

from backend.config import EmbedderSettings, Settings
from backend.errors import EmbedderMismatch
from backend.ingest import Source
from backend.maintenance import reindex
from backend.services import Services
from tests.fakes.openai_server import FakeOpenAI


@pytest.fixture
def fake():
    with FakeOpenAI() as server:
        yield server


def _docs(services: Services) -> None:
    for name, text in [
        ("Boats", "The harbour rents sailing boats in summer."),
        ("Bikes", "The city lends bicycles from every station."),
    ]:
        services.ingestor.ingest(Source("acme", None, name, text, "text-snippet", f"text:{name}"))


def test_remote_embedder_then_switch_needs_reindex(tmp_path, fake, embedder):
    remote = EmbedderSettings(provider="openai", base_url=fake.base_url, model="hash-64", api_key="k")
    settings = Settings(data_dir=tmp_path / "db", embedder=remote)
    services = Services.build(settings)
    assert services.embedder.dimension == 64 and services.store.meta()["embedder"] == "openai:hash-64"
    _docs(services)
    assert services.retriever.search("acme", "sailing boats harbour", mode="vector")[0].name == "Boats"
    assert any(r.get("model") == "hash-64" for r in fake.requests)

    with pytest.raises(EmbedderMismatch, match="answerbase reindex"):
        Services.build(Settings(data_dir=tmp_path / "db"), embedder=embedder)
    assert reindex(Settings(data_dir=tmp_path / "db")) == 2
    local = Services.build(Settings(data_dir=tmp_path / "db"), embedder=embedder)
    assert local.store.meta() | {"embedder": "local:all-MiniLM-L6-v2", "dimension": "384"} == local.store.meta()
    assert local.retriever.search("acme", "bicycle rental", mode="vector")[0].name == "Bikes"
    assert local.store.counts("acme") == {"contexts": 0, "documents": 2, "chunks": 2}


def test_repeated_query_costs_no_model_call(embedder, monkeypatch):
    embedder.embed_query("a question asked twice")
    monkeypatch.setattr(embedder, "embed_documents", lambda texts: pytest.fail("the model was called"))
    assert embedder.embed_query("a question asked twice").shape == (384,)


def test_onnx_runtime_gives_the_torch_models_vectors(embedder):
    """The default local embedder runs on ONNX Runtime; its vectors must be the model's own (torch's)."""
    import numpy as np

    assert embedder.runtime == "onnx"
    texts = [
        "Short.",
        "The harbour rents sailing boats in summer to anyone with a licence. " * 3,
        "How many employees work in the Lisbon office?",
        "word " * 400,
    ]  # the last exceeds 256 tokens
    reference = embedder._model.encode(texts, normalize_embeddings=True, convert_to_numpy=True)
    ours = embedder.embed_documents(texts)
    assert ours.shape == (4, 384) and ours.dtype == np.float32
    assert np.abs(ours - reference).max() < 1e-4  # same order, same vectors
    assert np.allclose(embedder.embed_query(texts[2]), reference[2], atol=1e-4)


def test_a_call_made_while_another_embeds_runs_beside_it_with_the_same_vectors(embedder):
    """The wide session (a thread per core) serves one call at a time; a call made meanwhile does not wait for it:
    it runs on the one-thread session, and the vectors are the same."""
    import numpy as np

    texts = ["The harbour rents sailing boats in summer.", "How many employees work in the Lisbon office?"]
    alone = embedder.embed_documents(texts)
    encoder = embedder._onnx
    assert encoder.threads >= 1
    with encoder._wide_free:  # as while another call is embedding
        meanwhile = embedder.embed_documents(texts)  # would deadlock if it waited for the wide session
    assert np.abs(alone - meanwhile).max() < 1e-5
    assert encoder._wide_free.acquire(blocking=False)  # and the wide session is free again
    encoder._wide_free.release()


def test_another_local_model_by_directory_then_reindex(tmp_path, embedder):
    import shutil

    from backend.embed.local import model_path

    # Another packaged model is any installed sentence-transformers directory; a copy of the default stands in.
    other = tmp_path / "my-model"
    shutil.copytree(model_path("all-MiniLM-L6-v2"), other)
    settings = Settings(data_dir=tmp_path / "db")
    _docs(Services.build(settings, embedder=embedder))
    switched = Settings(data_dir=tmp_path / "db", embedder=EmbedderSettings(model=str(other), runtime="torch"))
    with pytest.raises(EmbedderMismatch, match="answerbase reindex"):
        Services.build(switched)
    assert reindex(switched) == 2
    services = Services.build(switched)
    assert [d.name for d in services.store.documents.listed("acme")] == ["Boats", "Bikes"]  # rewritten, not added
    assert services.embedder.name == f"local:{other}"
    assert services.retriever.search("acme", "sailing boats", limit=1)[0].name == "Boats"


def test_an_unknown_local_model_is_a_clear_error():
    from backend.embed.local import model_path

    with pytest.raises(ValueError, match="neither a packaged model"):
        model_path("no-such-model")
    with pytest.raises(ValueError, match="not available"):
        model_path("no_such_package:get_model_path")


def test_the_local_model_size_is_read_from_its_files_without_loading_it(embedder, tmp_path):
    from backend.embed.local import local_dimension, local_name

    settings = EmbedderSettings()
    assert (
        (local_name(settings), local_dimension(settings))
        == (embedder.name, embedder.dimension)
        == (
            "local:all-MiniLM-L6-v2",
            384,
        )
    )
    (tmp_path / "modules.json").write_text("not json")  # a model directory that does not say: load it to find out
    assert local_dimension(EmbedderSettings(model=str(tmp_path))) is None


def test_a_background_embedder_serves_once_loaded_and_reports_a_failed_load(embedder):
    import threading

    from backend.embed.background import BackgroundEmbedder

    release = threading.Event()

    def slow_load():
        release.wait(10)
        return embedder

    background = BackgroundEmbedder(slow_load, embedder.name, embedder.dimension)
    assert not background.ready and background.dimension == 384  # known before the model is
    release.set()
    assert (background.embed_query("leave") == embedder.embed_query("leave")).all() and background.ready

    def broken_load():
        raise OSError("model.safetensors is truncated")

    with pytest.raises(OSError, match="truncated"):
        BackgroundEmbedder(broken_load, embedder.name, embedder.dimension).embed_documents(["x"])
    with pytest.raises(RuntimeError, match="not 'local:other'"):
        BackgroundEmbedder(lambda: embedder, "local:other", 384).wait(10)


def test_the_embedded_api_runs_the_callers_imports_first_on_the_models_loading_thread(tmp_path):
    """The console's altair import runs where the model's libraries are imported, before them (console/imports.py):
    two threads importing narwhals at once deadlocked."""
    import threading

    from backend.embedded import start_embedded_api

    seen: list[str] = []
    api = start_embedded_api(
        Settings(data_dir=tmp_path / "data"), before_model=lambda: seen.append(threading.current_thread().name)
    )
    try:
        assert api.ready.wait(180) and api.error is None
        assert seen == ["embedder-load"]
    finally:
        api.stop()
