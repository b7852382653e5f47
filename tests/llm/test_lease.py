"""The model lease: never more calls at once than a backend serves, one turn's calls together, first come first
served, a clear error past the wait limit (llm/lease.py)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from medical_agent.llm import ChatResult
from medical_agent.llm.lease import LLMBusyError, SharedModel, share, turn_scope


class OneAtATime:
    """A backend that fails loudly when entered by two calls at once (as llama.cpp aborts), and records the
    order of its calls by tag."""

    name, model, context_window, concurrency, lease_per_turn = "probe", "probe", 4096, 1, True

    def __init__(self, seconds: float = 0.02):
        self.seconds, self.inside, self.overlaps = seconds, 0, 0
        self.order: list[str] = []
        self._lock = threading.Lock()

    def chat(self, messages, *, tag: str = "", **_):
        with self._lock:
            self.inside += 1
            self.overlaps += self.inside > 1
            self.order.append(tag)
        time.sleep(self.seconds)
        with self._lock:
            self.inside -= 1
        return ChatResult(text="ok")

    def count_tokens(self, text: str) -> int:
        return len(text.split())


def test_calls_from_many_threads_never_overlap():
    backend = OneAtATime()
    model = SharedModel(backend, 1, per_turn=False)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: model.chat([{"role": "user", "content": "x"}], tag=str(i)), range(16)))
    assert backend.overlaps == 0 and len(backend.order) == 16


def test_the_unguarded_probe_does_overlap():
    """The probe can fail: without the lease the same load enters it twice at once."""
    backend = OneAtATime()
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: backend.chat([], tag=str(i)), range(16)))
    assert backend.overlaps > 0


def test_a_turn_keeps_the_model_for_all_its_calls():
    backend = OneAtATime(0.01)
    model = SharedModel(backend, 1, per_turn=True)

    def turn(name: str) -> None:
        with turn_scope(model):
            for step in range(3):
                model.chat([], tag=f"{name}{step}")
                time.sleep(0.01)          # the turn's own work between calls: others must not slip in

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(turn, "abcd"))
    assert backend.overlaps == 0
    runs = ["".join(backend.order[i:i + 3]) for i in range(0, 12, 3)]
    assert sorted(run[0] for run in runs) == list("abcd")
    assert all(run == f"{run[0]}0{run[0]}1{run[0]}2" for run in runs), backend.order
    assert model.waiting() == 0 and model._active == 0


def test_a_turn_without_a_call_never_takes_the_model():
    model = SharedModel(OneAtATime(), 1, per_turn=True)
    model.acquire()                        # someone else holds it
    start = time.monotonic()
    with turn_scope(model):
        pass                              # a cached answer: no call
    assert time.monotonic() - start < 0.5
    model.release(0.0)


def test_waiters_are_served_in_arrival_order_and_told_their_place():
    model = SharedModel(OneAtATime(), 1, per_turn=False)
    model.acquire()
    served: list[int] = []
    places: dict[int, list[int]] = {1: [], 2: []}

    def wait(i: int) -> None:
        model.acquire(on_wait=lambda place, eta: places[i].append(place))
        served.append(i)
        model.release(0.05)

    first = threading.Thread(target=wait, args=(1,))
    first.start()
    time.sleep(0.2)
    second = threading.Thread(target=wait, args=(2,))
    second.start()
    time.sleep(0.2)
    model.release(0.05)
    first.join(5)
    second.join(5)
    assert served == [1, 2]
    assert places[1][0] == 1 and places[2][0] == 2


def test_a_wait_past_the_limit_is_a_clear_error_and_leaves_the_line():
    model = SharedModel(OneAtATime(), 1, per_turn=True, max_wait_s=0.3)
    model.acquire()
    with pytest.raises(LLMBusyError, match="busy"), turn_scope(model):
        model.chat([], tag="late")
    assert model.waiting() == 0
    model.release(0.0)
    model.chat([], tag="next")              # the model is free again


def test_capacity_admits_that_many_at_once():
    class Counting(OneAtATime):
        def chat(self, messages, *, tag: str = "", **_):
            with self._lock:
                self.inside += 1
                self.peak = max(getattr(self, "peak", 0), self.inside)
            time.sleep(0.05)
            with self._lock:
                self.inside -= 1
            return ChatResult(text="ok")

    backend = Counting()
    model = SharedModel(backend, 3, per_turn=False)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: model.chat([]), range(12)))
    assert backend.peak == 3


def test_share_leaves_unlimited_backends_as_they_are():
    backend = OneAtATime()
    assert share(backend, None, per_turn=False, max_wait_s=1) is backend
    assert share(None, 1, per_turn=True, max_wait_s=1) is None
    assert isinstance(share(backend, 1, per_turn=True, max_wait_s=1), SharedModel)


def test_a_turn_that_was_told_busy_does_not_wait_again_for_its_later_calls():
    """Measured with the local model, four people at once: a turn whose answer call timed out waited the whole
    limit again for its next call (480 s for one answer from the sources)."""
    for per_turn in (True, False):
        model = SharedModel(OneAtATime(), 1, per_turn=per_turn, max_wait_s=0.3)
        model.acquire()
        with turn_scope(model):
            with pytest.raises(LLMBusyError):
                model.chat([], tag="generate")
            start = time.monotonic()
            with pytest.raises(LLMBusyError, match="busy"):
                model.chat([], tag="verify")
            assert time.monotonic() - start < 0.1
        model.release(0.0)
        model.chat([], tag="next turn")           # a new turn waits as usual
