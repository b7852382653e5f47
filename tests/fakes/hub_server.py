"""A small Hugging Face Hub file server on 127.0.0.1 (stdlib only) for download tests: it answers what
``huggingface_hub.hf_hub_download`` asks, ``HEAD`` and ``GET /<owner>/<repo>/resolve/<revision>/<file>`` with the
``X-Repo-Commit`` and ``ETag`` headers, and records every request. Point a child process at it with ``HF_ENDPOINT``.
"""

from __future__ import annotations

import hashlib
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

COMMIT = "fedcba9876543210fedcba9876543210fedcba98"


class FakeHubServer:
    def __init__(self, files: dict[tuple[str, str], bytes]):
        self.files = files                      # (repo id, path in the repo) -> content
        self.requests: list[tuple[str, str]] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _answer(self, body: bool) -> None:
                owner.requests.append((self.command, self.path))
                repo, sep, rest = self.path.lstrip("/").partition("/resolve/")
                data = owner.files.get((repo, rest.partition("/")[2])) if sep else None
                if data is None:
                    self.send_response(404)
                    self.send_header("X-Error-Code", "EntryNotFound")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("X-Repo-Commit", COMMIT)
                self.send_header("ETag", f'"{hashlib.sha256(data).hexdigest()}"')
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if body:
                    self.wfile.write(data)

            def do_HEAD(self) -> None:  # noqa: N802 (http.server API)
                self._answer(body=False)

            def do_GET(self) -> None:  # noqa: N802
                self._answer(body=True)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def __enter__(self) -> FakeHubServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
