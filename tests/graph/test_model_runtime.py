"""A model runtime that cannot take the app down: the agent on a local model in its worker process (a fake runtime,
tests/fakes/llm_runtime.py), the runtime killed mid-turn. That turn answers from its sources with a line naming what
happened, within 10 s; the next turn uses the model again; this process (the app's) goes on."""

from __future__ import annotations

import os
import signal
import time

import pytest

from medical_agent.llm.lease import SharedModel
from medical_agent.llm.local_process import LocalModelProcess
from tests.fakes.llm_runtime import command


@pytest.fixture()
def runtime():
    llm = LocalModelProcess(command("--delay", "0.15"), model="fake-runtime", context_window=8192,
                            stall_timeout_s=30)
    yield llm
    llm.close()


def test_the_runtime_killed_mid_turn(make_agent, runtime):
    agent = make_agent(runtime, answer_from="model")      # the model writes the answer, so the kill lands mid-answer
    assert isinstance(agent.deps.llm, SharedModel) and agent.deps.llm.capacity == 1 and agent.deps.llm.per_turn
    runtime.verify()
    pid, killed_at, events = runtime._worker.proc.pid, 0.0, []
    for kind, payload in agent.stream("u1", "What are the side effects of metformin?", thread_id="u1"):
        events.append((kind, payload))
        if kind == "token" and not killed_at:
            killed_at = time.monotonic()
            os.kill(pid, signal.SIGKILL)
    final = events[-1][1]
    assert killed_at and time.monotonic() - killed_at < 10
    assert final["generator"] == "extractive_fallback" and "[1]" in final["answer"]
    assert "local model process stopped (killed by SIGKILL)" in final["answer"]
    assert agent.deps.llm.waiting() == 0 and agent.deps.llm._active == 0          # the lease was given back

    after = agent.run("u2", "Should I take metformin with food?", thread_id="u2")
    assert after["generator"] == "llm" and runtime.restarts == 1 and runtime._worker.proc.pid != pid
