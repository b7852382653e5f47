"""Wrong secret codes are counted per client, and a client past the allowance waits before its next try.

A resume code opens a person's profile and a reviewer code changes what everyone is answered from; both were
tried about 20 times a second with nothing in the way (issue 33). Here a client may get ``per_minute`` codes
wrong in a minute (``limits.max_code_attempts``); the next wrong one makes it wait a minute, then two, four, ...
up to an hour, and during the wait no code is checked at all (a right code included, or the wait would tell a
guesser when it had hit). A right code forgets the client's failures. A client is the address the request came
from (a browser session is free to make, an address is not); behind a proxy that is the proxy's, which then
limits everyone behind it together: safer than trusting a header any client can set. The counts live in the
process: each replica counts its own (a guesser spread over N replicas gets N times the allowance).

The log says that a code was wrong and from which client (a short hash of its address), never the code.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)
WINDOW_S = 60.0
FIRST_WAIT_S = 60.0
LONGEST_WAIT_S = 3600.0
MAX_CLIENTS = 10_000          # remembered at once; the quietest are forgotten first


def client_of(request: Any) -> str:
    """The client a Gradio request came from (its address), or "local" for a direct call without one."""
    client = getattr(request, "client", None)
    return str(getattr(client, "host", None) or "local")


def tag(client: str) -> str:
    """What the log may say about a client: a short hash of its address."""
    return hashlib.sha256(client.encode()).hexdigest()[:8]


@dataclass
class _Client:
    failures: deque[float] = field(default_factory=deque)
    strikes: int = 0
    blocked_until: float = 0.0
    last: float = 0.0


class Attempts:
    """Wrong codes of one kind ("resume", "reviewer") per client."""

    def __init__(self, kind: str, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.kind, self.per_minute, self.clock = kind, per_minute, clock
        self._clients: dict[str, _Client] = {}
        self._lock = threading.Lock()

    def wait(self, client: str) -> float:
        """Seconds ``client`` must wait before a code of it is checked again (0: it may try now)."""
        with self._lock:
            state = self._clients.get(client)
            return max(0.0, state.blocked_until - self.clock()) if state else 0.0

    def failed(self, client: str) -> float:
        """Count a wrong code; returns the wait it earned (0 while within the allowance). Logged without the code."""
        now = self.clock()
        with self._lock:
            state = self._clients.setdefault(client, _Client())
            if now - state.last > LONGEST_WAIT_S:
                state.strikes = 0                       # an hour of quiet: a new start
            state.last = now
            while state.failures and now - state.failures[0] > WINDOW_S:
                state.failures.popleft()
            state.failures.append(now)
            wait = 0.0
            if len(state.failures) >= self.per_minute:
                wait = min(LONGEST_WAIT_S, FIRST_WAIT_S * 2 ** state.strikes)
                state.strikes += 1
                state.blocked_until = now + wait
                state.failures.clear()
            self._forget_quietest()
        log.warning("%s code: a wrong one from client %s%s", self.kind, tag(client),
                    f"; it waits {wait:.0f} s" if wait else "")
        return wait

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._clients.pop(client, None)

    def _forget_quietest(self) -> None:
        if len(self._clients) > MAX_CLIENTS:
            quiet = sorted(self._clients, key=lambda c: self._clients[c].last)[: len(self._clients) - MAX_CLIENTS]
            for client in quiet:
                if self._clients[client].blocked_until <= self.clock():
                    del self._clients[client]


WAIT_LINES = {"en": "⚠️ Too many wrong codes from here: try again in {s} s.",
              "ko": "⚠️ 잘못된 코드가 너무 많습니다. {s}초 뒤에 다시 시도하세요."}


def wait_line(seconds: float, lang: str | None = None) -> str:
    """The wait in the interface's language (both when it is not known)."""
    s = max(1, round(seconds))
    return WAIT_LINES[lang].format(s=s) if lang in WAIT_LINES else \
        f"{WAIT_LINES['en'].format(s=s)} / {WAIT_LINES['ko'].format(s=s).removeprefix('⚠️ ')}"
