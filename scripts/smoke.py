"""Smoke test of an installed Answerbase (standard library only): serve, ingest a local web page, search, ask, and
ask a question computed from a table (DuckDB).

Run by scripts/smoke-no-extras against a fresh venv that has the wheel without test extras.
"""

from __future__ import annotations

import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

PAGE = b"""<html><head><title>London office</title></head><body><article><h1>London office</h1>
<p>The London office opened on March 3, 2015. It has 212 employees and is led by Priya Raman.</p>
<p>It is at 10 Finsbury Square and is the company's headquarters, with a roof garden for staff.</p>
</article></body></html>"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(url: str, key: str, body: dict | None = None) -> tuple[int, object]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def main() -> None:
    work = Path(sys.argv[1])
    env = {
        **os.environ,
        "ANSWERBASE_DATA_DIR": str(work / "data"),
        "ANSWERBASE_INGEST__ALLOW_PRIVATE_URLS": "true",
        "ANSWERBASE_ENGINE": "offline",
    }

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(PAGE)))
            self.end_headers()
            self.wfile.write(PAGE)

        def log_message(self, *args: object) -> None:
            pass

    pages = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=pages.serve_forever, daemon=True).start()
    key = (
        subprocess.run(
            ["answerbase", "keys", "create", "--name", "smoke"], env=env, check=True, capture_output=True, text=True
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    port = free_port()
    with (work / "serve.log").open("w") as log:
        server = subprocess.Popen(
            ["answerbase", "serve", "--port", str(port)], env=env, stdout=log, stderr=subprocess.STDOUT
        )
    base = f"http://127.0.0.1:{port}"
    checks: list[tuple[str, bool]] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.5)
        status, context = call(f"{base}/v1/contexts", key, {"name": "Smoke"})
        checks.append(("create a context", status == 201))
        page = f"http://127.0.0.1:{pages.server_address[1]}/london.html"
        status, document = call(f"{base}/v1/contexts/{context['id']}/documents", key, {"url": page})
        checks.append(("ingest a web page", status == 201 and document.get("type") == "web"))
        status, results = call(f"{base}/v1/search", key, {"query": "roof garden", "context_id": context["id"]})
        checks.append(("search", status == 200 and bool(results) and "roof garden" in results[0]["page_content"]))
        status, answer = call(
            f"{base}/v1/types/integer",
            key,
            {"query": "How many employees work at the London office?", "context_id": context["id"]},
        )
        checks.append(("ask", status == 200 and answer == {"data": 212}))
        table = "| office | region | staff |\n|---|---|---|\n| London | Europe | 212 |\n| Lyon | Europe | 31 |\n"
        table += "| Austin | Americas | 58 |\n"
        call(f"{base}/v1/contexts/{context['id']}/documents", key, {"name": "offices.md", "text": table})
        status, answer = call(
            f"{base}/v1/types/integer",
            key,
            {"query": "What is the total staff in Europe?", "context_id": context["id"], "include_sources": True},
        )
        computed = status == 200 and answer["data"] == 243 and "computation" in answer["sources"][0]
        checks.append(("an answer computed from a table", computed))
    finally:
        server.terminate()
        server.wait(timeout=30)
        pages.shutdown()
    # The local engine's runtime is part of the install (a server image runs the local model without test extras).
    runtime = subprocess.run([sys.executable, "-c", "import xllamacpp"], capture_output=True, text=True)
    listed = subprocess.run(["answerbase", "models", "list"], env=env, capture_output=True, text=True)
    checks.append(("the local model runtime and catalogue", runtime.returncode == 0 and "qwen2.5" in listed.stdout))
    for name, ok in checks:
        print(f"smoke: {name}: {'ok' if ok else 'FAILED'}")
    if not all(ok for _, ok in checks) or len(checks) < 6:
        print((work / "serve.log").read_text()[-3000:])
        sys.exit(1)


if __name__ == "__main__":
    main()
