"""A local stand-in for a SearxNG instance and a medical site: no test reaches the internet."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest

PAGE = """<html><head><title>Alendronate</title></head><body><nav>Home | Drugs | About</nav><article>
<h1>Alendronate</h1><p>Alendronate is a medicine for osteoporosis. It slows the loss of bone and lowers the risk of
fractures of the hip and spine.</p><p>Take it once a week, first thing in the morning, with a full glass of plain
water, and stay upright for at least 30 minutes before eating. Tell your doctor about heartburn or trouble
swallowing.</p></article><footer>Copyright</footer></body></html>"""


class FakeWeb(ThreadingHTTPServer):
    requests: list[str]
    posted: list[dict]                 # Tavily-style searches: the JSON bodies and their Authorization headers
    fail_search = False
    api_key = "tvly-test"


def results_for(query: str, host: str) -> list[dict]:
    """An allow-listed page (the fake site) and an advertiser's, for a question about alendronate."""
    results = [{"url": f"{host}/drugs/alendronate", "title": "Alendronate (fake MedlinePlus)", "content": "snippet"},
               {"url": "http://ads.example.com/miracle", "title": "Miracle bone cure", "content": "buy"}]
    return results if "alendronate" in query.lower() else []


class Handler(BaseHTTPRequestHandler):
    server: FakeWeb

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.server.requests.append(self.path)
        url = urlparse(self.path)
        host = f"http://127.0.0.1:{self.server.server_port}"
        if url.path == "/search":
            if self.server.fail_search:
                self.send_error(500)
                return
            query = parse_qs(url.query)["q"][0]
            self._send(json.dumps({"query": query, "results": results_for(query, host)}).encode(), "application/json")
        elif url.path == "/drugs/alendronate":
            self._send(PAGE.encode(), "text/html; charset=utf-8")
        else:
            self.send_error(404)

    def do_POST(self) -> None:  # noqa: N802 — Tavily's API: POST /search with a JSON body and a bearer key
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        self.server.posted.append({**body, "authorization": self.headers.get("Authorization", "")})
        if self.path != "/search" or self.server.fail_search:
            self.send_error(500)
            return
        if self.headers.get("Authorization") != f"Bearer {self.server.api_key}":
            self.send_error(401)
            return
        host = f"http://127.0.0.1:{self.server.server_port}"
        reply = {"query": body.get("query"), "results": results_for(body.get("query", ""), host)}
        self._send(json.dumps(reply).encode(), "application/json")

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture()
def fake_web():
    server = FakeWeb(("127.0.0.1", 0), Handler)
    server.requests, server.posted = [], []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
