"""The local model's worker process (llm/local_process.py, llm/worker.py) against a fake runtime process
(tests/fakes/llm_runtime.py: the real worker loop serving a scripted model): killed mid-call, crashed, hung or
unable to load, the call fails clearly and soon, a new process starts, and the next call works."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from medical_agent.llm.base import LLMError, LLMUnavailableError
from medical_agent.llm.local_process import LocalModelProcess
from tests.fakes.llm_runtime import command

ASK = [{"role": "user", "content": "What are the side effects of metformin?"}]


@pytest.fixture()
def runtime():
    made: list[LocalModelProcess] = []

    def make(*args: str, stall_timeout_s: float = 30.0) -> LocalModelProcess:
        llm = LocalModelProcess(command(*args), model="fake-runtime", context_window=8192,
                                stall_timeout_s=stall_timeout_s)
        made.append(llm)
        return llm

    yield make
    for llm in made:
        llm.close()


def kill_after_first_token(llm: LocalModelProcess, sig: int = signal.SIGKILL) -> tuple[BaseException | None, float]:
    """Start a streamed call, kill the worker when its first token arrives; (the call's error, seconds from the
    kill to that error)."""
    first, killed_at = threading.Event(), [0.0]
    outcome: list[BaseException | None] = [None]

    def call() -> None:
        try:
            llm.chat(ASK, on_token=lambda _: first.set())
        except LLMError as exc:
            outcome[0] = exc

    caller = threading.Thread(target=call)
    caller.start()
    assert first.wait(30), "the fake runtime sent no token"
    killed_at[0] = time.monotonic()
    os.kill(llm._worker.proc.pid, sig)
    caller.join(30)
    assert not caller.is_alive(), "the call hung after its runtime was killed"
    return outcome[0], time.monotonic() - killed_at[0]


def test_a_call_streams_and_reports_the_runtime_s_counts(runtime):
    llm = runtime()
    llm.verify()
    tokens: list[str] = []
    first = llm.chat(ASK, on_token=tokens.append, tag="generate")
    second = llm.chat(ASK + [{"role": "user", "content": "verify"}], json_schema={"type": "object"}, tag="verify")
    assert "".join(tokens) == first.text and first.text.startswith("Based on the evidence")
    assert second.cached_tokens > 0 and second.prompt_tokens > second.cached_tokens   # the shared prefix
    assert llm.count_tokens("metformin side effects") > 0
    assert (llm.concurrency, llm.lease_per_turn) == (1, True)       # one KV cache: the lease keeps a turn's calls


def test_killed_mid_call_the_call_fails_within_10_s_and_the_next_call_works(runtime):
    llm = runtime("--delay", "0.2")
    llm.verify()
    pid = llm._worker.proc.pid
    error, seconds = kill_after_first_token(llm)
    assert isinstance(error, LLMUnavailableError) and "SIGKILL" in str(error) and seconds < 10
    assert llm.chat(ASK).text.startswith("Based on the evidence")
    assert llm._worker.proc.pid != pid and llm.restarts == 1


def test_a_native_abort_is_one_failed_call(runtime):
    llm = runtime()
    with pytest.raises(LLMUnavailableError, match="SIGABRT"):
        llm.chat([{"role": "user", "content": "CRASH"}])     # what GGML_ASSERT does to its process
    assert llm.chat(ASK).text


def test_a_hung_runtime_is_stopped_after_the_stall_timeout(runtime):
    llm = runtime(stall_timeout_s=1.0)
    start = time.monotonic()
    with pytest.raises(LLMUnavailableError, match="no progress for 1 s"):
        llm.chat([{"role": "user", "content": "HANG"}])
    assert time.monotonic() - start < 10
    assert llm.chat(ASK).text


def test_a_slow_call_that_makes_progress_is_not_a_hang(runtime):
    llm = runtime("--delay", "0.3", stall_timeout_s=1.0)      # 27 words, 8 s: beats keep it alive
    assert llm.chat(ASK).text.startswith("Based on the evidence")


def test_a_runtime_that_cannot_load_names_the_reason(runtime):
    llm = runtime("--fail-load")
    with pytest.raises(LLMUnavailableError, match="did not start .*not a GGUF file"):
        llm.verify()


def test_counts_fall_back_to_the_estimate_while_the_runtime_is_down(runtime):
    llm = runtime()
    assert llm.count_tokens("before it started") > 0          # not started yet: the estimate, no hang
    llm.verify()
    llm._worker.kill()
    assert llm.count_tokens("while it restarts") > 0
