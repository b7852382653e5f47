"""Many people, one model: a fair lease on a backend that serves a limited number of calls at once.

Why: an in-process llama.cpp model is one context and one KV cache. Two threads calling it at once abort the
process (``GGML_ASSERT``, measured: three people asking at once took the demo down), and turns of different
people that interleave their calls evict each other's prompt prefix, which undoes the shared-prefix design
(every call of a turn starts with the same context, so the second call is almost free). So a backend
declares how many calls it serves at once (``capacity``), and :class:`SharedModel` never exceeds it:

- ``per_turn=True`` (llama.cpp): a turn that makes its first call takes the lease and keeps it until the
  turn ends, so its later calls find their prefix still in the cache. A turn that never calls the model (a
  cached answer, offline parts) never waits.
- ``per_turn=False`` (an OpenAI-compatible server, which keeps its own prompt cache): each call takes one of
  ``capacity`` places and gives it back.

Waiting is first come, first served. A waiter is told its place in line and an estimate (``on_wait``); past
``max_wait_s`` it gets :class:`LLMBusyError`, which the nodes treat like any failed call (the extractive answer
with a line saying the model was busy), never a hang.

A turn is marked with :func:`turn_scope` (a context variable): LangGraph copies the context into the threads that
run a turn's nodes, so every call of one turn finds the same :class:`Holder`.
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from .base import LLM, ChatResult, JsonSchema, LLMError, Message, TokenCallback

WaitCallback = Callable[[int, float], None]      # (place in line, 1-based; estimated seconds left)
NOTIFY_EVERY_S = 1.0                             # how often a waiter is told its place again
DEFAULT_TURN_S = 30.0                            # estimate of one lease before any was measured


class LLMBusyError(LLMError):
    """The model stayed busy with other people's questions past the wait limit."""


@dataclass
class Holder:
    """One turn's claim on the model: whether it holds a place, and whom to tell while it waits."""

    on_wait: WaitCallback | None = None
    holds: bool = False
    busy: str = ""                          # why a wait of this turn timed out: its later calls do not wait again
    since: float = 0.0                      # when the lease was granted (time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)


_TURN: contextvars.ContextVar[Holder | None] = contextvars.ContextVar("medagent_model_turn", default=None)


class SharedModel:
    """An :class:`LLM` that wraps ``backend`` and admits at most ``capacity`` holders at once, in arrival order."""

    def __init__(self, backend: LLM, capacity: int, *, per_turn: bool, max_wait_s: float = 120.0):
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.backend, self.capacity, self.per_turn, self.max_wait_s = backend, capacity, per_turn, max_wait_s
        self.name, self.model = backend.name, backend.model
        self.context_window = backend.context_window
        self._cond = threading.Condition()
        self._queue: deque[object] = deque()
        self._active = 0
        self._lease_s: deque[float] = deque(maxlen=20)   # recent lease lengths, for the wait estimate

    # --- the LLM protocol -------------------------------------------------------------------------------------
    def chat(self, messages: Sequence[Message], *, temperature: float = 0.2, max_tokens: int | None = None,
             json_mode: bool = False, json_schema: JsonSchema | None = None, on_token: TokenCallback | None = None,
             tag: str = "") -> ChatResult:
        holder = _TURN.get()
        if holder is not None and holder.busy:     # the turn already waited its limit once: answer without it
            raise LLMBusyError(holder.busy)
        if holder is not None and self.per_turn:
            with holder.lock:                       # two nodes of one turn may call at once: one acquires
                if not holder.holds:
                    self._acquire_for(holder)
                    holder.holds, holder.since = True, time.monotonic()
            return self.backend.chat(messages, temperature=temperature, max_tokens=max_tokens, json_mode=json_mode,
                                     json_schema=json_schema, on_token=on_token, tag=tag)
        if holder is not None:
            self._acquire_for(holder)
        else:
            self.acquire()
        start = time.monotonic()
        try:
            return self.backend.chat(messages, temperature=temperature, max_tokens=max_tokens, json_mode=json_mode,
                                     json_schema=json_schema, on_token=on_token, tag=tag)
        finally:
            self.release(time.monotonic() - start)

    def count_tokens(self, text: str) -> int:
        return self.backend.count_tokens(text)

    # --- the lease --------------------------------------------------------------------------------------------
    def acquire(self, on_wait: WaitCallback | None = None) -> float:
        """Wait for a place (first come, first served); the seconds waited. Raises :class:`LLMBusyError` past
        ``max_wait_s``."""
        ticket, start = object(), time.monotonic()
        with self._cond:
            self._queue.append(ticket)
            told = -NOTIFY_EVERY_S
            while not (self._active < self.capacity and self._queue[0] is ticket):
                waited = time.monotonic() - start
                if waited >= self.max_wait_s:
                    self._queue.remove(ticket)
                    self._cond.notify_all()
                    raise LLMBusyError(f"the model was busy with other people's questions for {waited:.0f} s")
                if on_wait is not None and waited - told >= NOTIFY_EVERY_S:
                    told = waited
                    place = self._queue.index(ticket) + 1
                    on_wait(place, self.estimate_s(place))
                self._cond.wait(timeout=min(NOTIFY_EVERY_S, self.max_wait_s - waited))
            self._queue.popleft()
            self._active += 1
            self._cond.notify_all()                 # the next in line may fit too (capacity > 1)
        return time.monotonic() - start

    def _acquire_for(self, holder: Holder) -> None:
        try:
            self.acquire(holder.on_wait)
        except LLMBusyError as exc:
            holder.busy = str(exc)
            raise

    def release(self, held_s: float) -> None:
        with self._cond:
            self._active -= 1
            self._lease_s.append(held_s)
            self._cond.notify_all()

    def estimate_s(self, place: int) -> float:
        """Seconds until ``place`` (1 = next) gets the model: the mean recent lease times the leases ahead,
        shared over the places."""
        mean = sum(self._lease_s) / len(self._lease_s) if self._lease_s else DEFAULT_TURN_S
        return mean * place / self.capacity

    def waiting(self) -> int:
        with self._cond:
            return len(self._queue)


@contextmanager
def turn_scope(llm: LLM | None, on_wait: WaitCallback | None = None) -> Iterator[Holder]:
    """Mark the calls made inside as one turn's; a lease the turn took is given back when it ends."""
    holder = Holder(on_wait=on_wait)
    token = _TURN.set(holder)
    try:
        yield holder
    finally:
        _TURN.reset(token)
        if holder.holds and isinstance(llm, SharedModel):
            llm.release(time.monotonic() - holder.since)
            holder.holds = False


def share(backend: LLM | None, capacity: int | None, *, per_turn: bool, max_wait_s: float) -> LLM | None:
    """``backend`` behind a lease of ``capacity`` places (None or 0: unlimited, returned as it is)."""
    if backend is None or not capacity:
        return backend
    return SharedModel(backend, capacity, per_turn=per_turn, max_wait_s=max_wait_s)
