"""A small OpenAI-compatible HTTP server on 127.0.0.1 (stdlib only) for backend tests.

It answers /v1/chat/completions (plain, JSON mode, JSON schema, SSE streaming) and /v1/embeddings, and can be
scripted to fail (``server.schemas = False`` refuses JSON schemas like a server without structured outputs): ``server.failures = [500]`` makes the next request fail with HTTP 500, then behave.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np


class FakeOpenAIServer:
    def __init__(self, reply: str = "Hello from the fake server.", api_key: str = "test-key",
                 models: tuple[str, ...] = ("test-model", "text-embedding-test")):
        self.reply, self.api_key, self.models = reply, api_key, models
        self.failures: list[int] = []
        self.schemas = True            # False: refuse the json_schema response format with HTTP 400
        self.requests: list[dict[str, Any]] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:  # noqa: N802 (http.server API)
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                owner.requests.append({"path": self.path, "body": body})
                if self.headers.get("Authorization") != f"Bearer {owner.api_key}":
                    return self._send(401, {"error": {"message": "Incorrect API key", "type": "auth"}})
                if owner.failures:
                    return self._send(owner.failures.pop(0), {"error": {"message": "scripted failure"}})
                if body.get("model") not in owner.models:
                    return self._send(404, {"error": {"message": "model not found", "code": "model_not_found"}})
                if self.path.endswith("/embeddings"):
                    return self._embeddings(body)
                return self._chat(body)

            def _embeddings(self, body: dict[str, Any]) -> None:
                inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
                data = [{"object": "embedding", "index": i,
                         "embedding": np.random.default_rng(len(t)).normal(size=8).tolist()}
                        for i, t in enumerate(inputs)]
                self._send(200, {"object": "list", "data": data, "model": body["model"],
                                 "usage": {"prompt_tokens": 1, "total_tokens": 1}})

            def _chat(self, body: dict[str, Any]) -> None:
                kind = (body.get("response_format") or {}).get("type")
                if kind == "json_schema" and not owner.schemas:
                    return self._send(400, {"error": {"message": "response_format json_schema is not supported"}})
                json_mode = kind in ("json_object", "json_schema")
                text = json.dumps({"ok": True, "echo": body["messages"][-1]["content"]}) if json_mode \
                    else owner.reply
                def logprobs(word: str) -> dict[str, Any] | None:  # -0.5 per word, like a real server's shape
                    return {"content": [{"token": word, "logprob": -0.5, "bytes": None, "top_logprobs": []}]} \
                        if body.get("logprobs") else None

                if body.get("stream"):
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.end_headers()
                    for i, word in enumerate(text.split(" ")):
                        chunk = {"id": "c1", "object": "chat.completion.chunk", "created": 0,
                                 "model": body["model"], "choices": [{"index": 0, "finish_reason": None,
                                 "delta": {"content": word if i == 0 else " " + word}, "logprobs": logprobs(word)}]}
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.write(b"data: [DONE]\n\n")
                    return
                self._send(200, {"id": "c1", "object": "chat.completion", "created": 0, "model": body["model"],
                                 "choices": [{"index": 0, "finish_reason": "stop", "logprobs": logprobs(text),
                                              "message": {"role": "assistant", "content": text}}],
                                 "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18,
                                           "prompt_tokens_details": {"cached_tokens": 4}}})

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def __enter__(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
