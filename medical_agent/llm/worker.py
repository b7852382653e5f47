"""The local model's own process: whatever llama.cpp does, it ends this process, never the app.

Why: llama.cpp is native code. A build that uses an instruction the CPU mishandles, an assertion (``GGML_ASSERT``)
or a bad prompt aborts the process it runs in; inside the web process that is everyone's outage (measured: a native
build segfaulted on its first multi-token prompt, and two calls at once aborted the demo). So the model runs here,
in a child that ``llm/local_process.py`` starts, watches and restarts.

Why a worker of our own and not ``python -m llama_cpp.server`` (measured on this machine with the same three-call
turn, docs/benchmarks.md): the server's ``usage`` carries no cached tokens (its prefix reuse happens but the turn's
evaluated prompt tokens can no longer be counted), it answers the ``json_schema`` response format with HTTP 500
(every structured call would fail or lose its grammar), its log-probabilities need ``logits_all`` (the slow, 2.5 GB
path ``llamacpp_backend`` avoids), it interrupts a running call when another arrives unless told not to, and it
needs four more packages. This worker runs the same :class:`~.llamacpp_backend.LlamaCppLLM` the app ran in process,
so the grammar, the log-probabilities, the repeat penalty and the reuse count stay as they were.

Protocol, one JSON object a line. In (stdin): ``{"id", "op": "chat", "messages", "options"}`` or
``{"id", "op": "count", "text"}``. Out (the original stdout; file descriptor 1 then points at stderr, so nothing
native can write into the protocol): ``{"event": "ready", "model", "context_window"}`` once the model is loaded,
then per request ``token`` (``text``), ``beat`` (a decoded batch: the call is alive), ``result`` or ``error``
(``message``). A count is answered on the reader thread while a chat runs (tokenizing reads only the vocabulary).
End of stdin means the app is gone: the process ends at once.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import sys
import threading
import time
from dataclasses import asdict
from typing import IO, Any, Protocol

from .base import LLMError

BEAT_EVERY_S = 0.5       # at most this often: a call's sign of life, not one line per token


class WorkerModel(Protocol):
    """What the worker serves: an :class:`~.base.LLM` that can report its progress."""

    model: str
    context_window: int

    def chat(self, messages: Any, **options: Any) -> Any: ...

    def count_tokens(self, text: str) -> int: ...

    def on_progress(self, callback: Any) -> None: ...


class Channel:
    """The protocol's output: whole lines, one writer at a time."""

    def __init__(self, out: IO[str]):
        self.out, self.lock = out, threading.Lock()
        self.current: int | None = None     # the chat being run (its beats carry its id)
        self._last_beat = 0.0

    def send(self, **event: Any) -> None:
        line = json.dumps(event, ensure_ascii=False)
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()

    def beat(self) -> None:
        now = time.monotonic()
        if self.current is not None and now - self._last_beat >= BEAT_EVERY_S:
            self._last_beat = now
            self.send(id=self.current, event="beat")


def run_chat(model: WorkerModel, request: dict[str, Any], channel: Channel) -> None:
    rid = request["id"]
    options = dict(request.get("options") or {})
    if options.pop("stream", False):
        options["on_token"] = lambda text: channel.send(id=rid, event="token", text=text)
    channel.current = rid
    try:
        result = model.chat(request["messages"], **options)
        channel.send(id=rid, event="result", result=asdict(result))
    except LLMError as exc:
        channel.send(id=rid, event="error", message=str(exc))
    except Exception as exc:  # anything else still answers the call; the process goes on
        channel.send(id=rid, event="error", message=f"{type(exc).__name__}: {exc}")
    finally:
        channel.current = None


def serve(model: WorkerModel, inp: IO[str], out: IO[str]) -> None:
    """Answer requests from ``inp`` until it closes (then exit the process)."""
    channel = Channel(out)
    chats: queue.Queue[dict[str, Any]] = queue.Queue()
    model.on_progress(channel.beat)

    def read() -> None:
        for line in inp:
            request = json.loads(line)
            if request.get("op") == "count":
                channel.send(id=request["id"], event="result",
                             result={"tokens": model.count_tokens(request["text"])})
            else:
                chats.put(request)
        os._exit(0)          # the app closed the pipe: it is gone, or it is stopping this process

    threading.Thread(target=read, name="requests", daemon=True).start()
    channel.send(event="ready", model=model.model, context_window=model.context_window)
    while True:
        run_chat(model, chats.get(), channel)


def protocol_stream() -> IO[str]:
    """The protocol's own copy of stdout; descriptor 1 goes to stderr, so native prints cannot corrupt it."""
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return out


def serve_stdio(model: WorkerModel, out: IO[str]) -> None:
    """Serve requests read from stdin (UTF-8 whatever the locale) until it closes."""
    with open(sys.stdin.fileno(), encoding="utf-8", closefd=False) as inp:
        serve(model, inp, out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="the local GGUF model's worker process (started by the app)")
    parser.add_argument("model_path")
    parser.add_argument("--n-ctx", type=int, default=4096)
    parser.add_argument("--n-threads", type=int, default=2)
    parser.add_argument("--logprobs", action="store_true")
    parser.add_argument("--repeat-penalty", type=float, default=1.1)
    args = parser.parse_args(argv)
    out = protocol_stream()
    from .llamacpp_backend import LlamaCppLLM

    model = LlamaCppLLM(args.model_path, n_ctx=args.n_ctx, n_threads=args.n_threads, logprobs=args.logprobs,
                        repeat_penalty=args.repeat_penalty)
    serve_stdio(model, out)


if __name__ == "__main__":
    main()
