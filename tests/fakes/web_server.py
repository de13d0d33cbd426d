"""A local web server whose pages a test can change, for URL ingestion and refresh."""

from __future__ import annotations

import time

from tests.fakes.http import BackgroundServer, QuietHandler, send


class LocalWeb(BackgroundServer):
    """``pages`` maps a path to (content type, body); ``redirects`` maps a path to a Location."""

    def __init__(self) -> None:
        self.pages: dict[str, tuple[str, bytes]] = {}
        self.redirects: dict[str, str] = {}
        self.delays: dict[str, float] = {}
        self.requests: list[str] = []  # every path asked for, in order
        self.hosts: dict[str, str] = {}  # path -> the Host header it was last asked with
        web = self

        class Handler(QuietHandler):
            def do_GET(self) -> None:
                web.requests.append(self.path)
                web.hosts[self.path] = self.headers.get("Host", "")
                time.sleep(web.delays.get(self.path, 0))
                if self.path in web.redirects:
                    self.send_response(302)
                    self.send_header("location", web.redirects[self.path])
                    self.end_headers()
                    return
                if self.path not in web.pages:
                    self.send_error(404)
                    return
                content_type, body = web.pages[self.path]
                send(self, 200, content_type, body)

        super().__init__(Handler)
        self.base_url = self.origin


def html_page(title: str, body: str) -> tuple[str, bytes]:
    html = (
        f"<html><head><title>{title}</title></head><body><nav>Home | Jobs | Contact</nav><main><h1>{title}</h1>"
        f"<p>{body}</p></main><footer>Copyright</footer></body></html>"
    )
    return "text/html; charset=utf-8", html.encode()
