"""The app's side of the local model's worker process (llm/worker.py): start it, watch it, restart it.

Why: a crash or a hang of native code must cost one call, not the app.

- A crash (the process ends: a segfault, an abort, a kill) fails the call in flight at once with
  :class:`~.base.LLMUnavailableError` naming how it ended (the nodes answer from the sources with that line), and
  a new process is started in the background; the next call waits for it if it is not ready yet.
- A hang (no token and no decoded batch for ``stall_timeout_s``: ``llm_timeout_s``) kills the process and fails
  the call the same way. A prompt batch takes seconds on a CPU, so a working call beats far more often.
- Start-up is checked: :meth:`LocalModelProcess.verify` asks for one token, and the factory falls back to offline
  mode with the reason when it fails (llm/factory.py).

The worker serves one call at a time and a turn keeps it (``concurrency`` 1, ``lease_per_turn``: llm/lease.py), so
its single KV cache still holds the turn's shared prefix and each call reports how much of it was reused. The app
process never loads llama.cpp: it only speaks JSON lines to the child.
"""

from __future__ import annotations

import atexit
import itertools
import json
import logging
import queue
import signal
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .base import ChatResult, JsonSchema, LLMError, LLMUnavailableError, Message, TokenCallback
from .tokens import estimate_tokens

log = logging.getLogger(__name__)
Event = dict[str, Any]
COUNT_TIMEOUT_S = 10.0      # a count is answered beside a running call; past this the estimate stands in
COUNT_CACHE = 8192          # distinct texts whose exact count is kept (evidence sentences recur across calls)


def exit_reason(code: int, stderr: Sequence[str]) -> str:
    """How the process ended, for the person's answer line: the signal, or the code and its last error line."""
    if code < 0:
        try:
            how = f"killed by {signal.Signals(-code).name}"
        except ValueError:
            how = f"killed by signal {-code}"
    else:
        how = f"exited with code {code}"
    last = next((line.strip() for line in reversed(stderr) if line.strip()), "")
    return f"{how}: {last[:160]}" if last and code != -signal.SIGKILL else how


class Worker:
    """One running worker process: requests out, events in, dispatched to each request's queue by id."""

    def __init__(self, command: Sequence[str], env: Mapping[str, str] | None,
                 on_exit: Callable[[Worker], None]):
        self.proc = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, encoding="utf-8", env=None if env is None else dict(env),
                                     start_new_session=True)   # Ctrl-C reaches the app, which stops it in order
        self.ready = threading.Event()
        self.info: Event = {}
        self.reason: str | None = None              # set once the process has ended
        self._killed = False
        self.stderr: deque[str] = deque(maxlen=20)
        self._pending: dict[int, queue.Queue[Event]] = {}
        self._ids = itertools.count(1)
        self._lock, self._write = threading.Lock(), threading.Lock()
        self._on_exit = on_exit
        threading.Thread(target=self._read_events, name="llm-worker-events", daemon=True).start()
        threading.Thread(target=self._read_stderr, name="llm-worker-stderr", daemon=True).start()

    @property
    def alive(self) -> bool:
        return self.reason is None and not self._killed and self.proc.poll() is None

    def request(self, op: str, **body: Any) -> tuple[int, queue.Queue[Event]]:
        events: queue.Queue[Event] = queue.Queue()
        with self._lock:
            if self.reason is not None:
                raise LLMUnavailableError(f"the local model process stopped ({self.reason})")
            rid = next(self._ids)
            self._pending[rid] = events
        line = json.dumps({"id": rid, "op": op, **body}) + "\n"
        try:
            with self._write:
                assert self.proc.stdin is not None
                self.proc.stdin.write(line)
                self.proc.stdin.flush()
        except (OSError, ValueError) as exc:          # a broken pipe: the process is gone
            self.forget(rid)
            raise LLMUnavailableError(f"the local model process stopped ({self.reason or exc})") from exc
        return rid, events

    def forget(self, rid: int) -> None:
        with self._lock:
            self._pending.pop(rid, None)

    def kill(self) -> None:
        self._killed = True                          # no new call goes to it, even before it is reaped
        if self.proc.poll() is None:
            self.proc.kill()

    def stop(self, grace_s: float = 3.0) -> None:
        """Close its input (the worker exits at once) and kill it if it has not after ``grace_s``."""
        try:
            if self.proc.stdin:
                self.proc.stdin.close()
            self.proc.wait(grace_s)
        except (OSError, subprocess.TimeoutExpired):
            self.kill()

    def _read_events(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                log.debug("worker wrote a non-protocol line: %.200s", line)
                continue
            if event.get("event") == "ready":
                self.info = event
                self.ready.set()
                continue
            with self._lock:   # a beat is the process's progress: every waiting call counts it as alive
                targets = list(self._pending.values()) if event.get("event") == "beat" else \
                    [q for q in [self._pending.get(event.get("id", -1))] if q is not None]
            for target in targets:
                target.put(event)
        code = self.proc.wait()
        with self._lock:
            self.reason = exit_reason(code, list(self.stderr))
            waiting, self._pending = list(self._pending.values()), {}
        for target in waiting:
            target.put({"event": "exit"})
        self.ready.set()                             # wakes a start that waited for it
        self._on_exit(self)

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr.append(line.rstrip())
            log.debug("llm worker: %s", line.rstrip())


class LocalModelProcess:
    """The :class:`~.base.LLM` protocol over a supervised worker process (one call at a time, a turn keeps it)."""

    name = "llamacpp"
    concurrency: int | None = 1
    lease_per_turn = True

    def __init__(self, command: Sequence[str], *, model: str, context_window: int, stall_timeout_s: float = 60.0,
                 start_timeout_s: float = 300.0, env: Mapping[str, str] | None = None):
        self.command, self.env = list(command), env
        self.model, self.context_window = model, context_window
        self.stall_timeout_s, self.start_timeout_s = stall_timeout_s, start_timeout_s
        self.restarts = 0                          # processes started after one ended (logs, tests)
        self._worker: Worker | None = None
        self._start_lock, self._call_lock = threading.Lock(), threading.Lock()
        self._closed = False
        self._counts: dict[str, int] = {}
        atexit.register(self.close)

    # --- supervision ------------------------------------------------------------------------------------------
    def start(self) -> Worker:
        """The running worker, started (and its model loaded) first if there is none."""
        with self._start_lock:
            current = self._worker
            if current is not None and current.alive:
                return current
            if self._closed:
                raise LLMUnavailableError("the local model was stopped")
            worker = Worker(self.command, self.env, on_exit=self._exited)
            if not worker.ready.wait(self.start_timeout_s) or not worker.alive:
                worker.kill()
                why = worker.reason or f"its model was not loaded after {self.start_timeout_s:.0f} s"
                raise LLMUnavailableError(f"the local model process did not start ({why})")
            self._worker = worker
            log.info("local model process %d ready (%s)", worker.proc.pid, worker.info.get("model", self.model))
            return worker

    def _exited(self, worker: Worker) -> None:
        if worker is self._worker and not self._closed:     # it was serving: have the next one ready soon
            self.restarts += 1
            log.warning("the local model process stopped (%s); starting a new one", worker.reason)
            threading.Thread(target=self._restart, name="llm-worker-restart", daemon=True).start()

    def _restart(self) -> None:
        try:
            self.start()
        except LLMError as exc:
            log.error("%s; the next call tries again", exc)

    def verify(self) -> None:
        """Start the process and ask for one token: the model loads and computes here, or this raises."""
        self.chat([{"role": "user", "content": "Reply with OK."}], max_tokens=1, temperature=0.0,
                  tag="start-up check")

    def close(self) -> None:
        self._closed = True
        if self._worker is not None:
            self._worker.stop()

    # --- the LLM protocol -------------------------------------------------------------------------------------
    def chat(self, messages: Sequence[Message], *, temperature: float = 0.2, max_tokens: int | None = None,
             json_mode: bool = False, json_schema: JsonSchema | None = None, on_token: TokenCallback | None = None,
             tag: str = "") -> ChatResult:
        options = {"temperature": temperature, "max_tokens": max_tokens, "json_mode": json_mode,
                   "json_schema": dict(json_schema) if json_schema is not None else None, "tag": tag,
                   "stream": on_token is not None}
        with self._call_lock:
            worker = self.start()
            rid, events = worker.request("chat", messages=[dict(m) for m in messages], options=options)
            try:
                result = self._await(worker, events, on_token)
            finally:
                worker.forget(rid)
        log.info("local model call (%s): %d prompt (%d reused) + %d completion tokens in %.1f s", tag or "-",
                 result.prompt_tokens, result.cached_tokens, result.completion_tokens, result.latency_ms / 1000)
        return result

    def _await(self, worker: Worker, events: queue.Queue[Event], on_token: TokenCallback | None) -> ChatResult:
        while True:
            try:
                event = events.get(timeout=self.stall_timeout_s)
            except queue.Empty:
                worker.kill()
                raise LLMUnavailableError(f"the local model made no progress for {self.stall_timeout_s:.0f} s; "
                                          "it was stopped and is restarting") from None
            kind = event.get("event")
            if kind == "token" and on_token is not None:
                on_token(event["text"])
            elif kind == "result":
                return ChatResult(**event["result"])
            elif kind == "error":
                raise LLMError(event["message"])
            elif kind == "exit":
                raise LLMUnavailableError(f"the local model process stopped ({worker.reason}); it is restarting")

    def count_tokens(self, text: str) -> int:
        """The model's own count, from the worker (beside a running call); the estimate while it is down."""
        known = self._counts.get(text)
        if known is not None:
            return known
        worker = self._worker
        if worker is None or not worker.alive:
            return estimate_tokens(text)
        try:
            rid, events = worker.request("count", text=text)
        except LLMError:
            return estimate_tokens(text)
        try:
            event = events.get(timeout=COUNT_TIMEOUT_S)
        except queue.Empty:
            return estimate_tokens(text)
        finally:
            worker.forget(rid)
        if event.get("event") != "result":
            return estimate_tokens(text)
        if len(self._counts) >= COUNT_CACHE:
            self._counts.clear()
        count = self._counts[text] = int(event["result"]["tokens"])
        return count
