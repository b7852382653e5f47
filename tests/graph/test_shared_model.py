"""Several people at once with a model that serves one call at a time (llama.cpp): the agent never calls it
twice at once, one turn's calls stay together (its prompt prefix survives), a waiting turn streams its place in
line, and a turn that waits too long answers from its sources with a clear line (llm/lease.py)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from medical_agent.llm import ScriptedLLM
from medical_agent.llm.lease import SharedModel

QUESTIONS = ["What are the side effects of metformin?", "메트포르민 부작용이 뭔가요?",
             "Can I take ibuprofen with warfarin?", "제2형 당뇨병은 어떤 병인가요?"]


class OneCallAtATime:
    """Stands in for llama.cpp: one call at a time (counts overlaps instead of aborting), slow enough that
    turns of different people meet."""

    name, model, context_window, concurrency, lease_per_turn = "probe", "probe", 8192, 1, True

    def __init__(self, seconds: float = 0.05):
        self.fake, self.seconds = ScriptedLLM(), seconds
        self.inside = self.overlaps = 0
        self._lock = threading.Lock()

    def chat(self, messages, **options):
        with self._lock:
            self.inside += 1
            self.overlaps += self.inside > 1
        try:
            time.sleep(self.seconds)
            return self.fake.chat(messages, **options)
        finally:
            with self._lock:
                self.inside -= 1

    def count_tokens(self, text: str) -> int:
        return self.fake.count_tokens(text)


def asked(call) -> str:
    """Which of QUESTIONS a recorded call belongs to."""
    text = " ".join(m["content"] for m in call.messages)
    return next(q for q in QUESTIONS if q in text)


def runs_of(calls) -> list[str]:
    owners = [asked(c) for c in calls]
    return [o for i, o in enumerate(owners) if i == 0 or owners[i - 1] != o]


def stream_in_hops(agent, user: str, question: str, hops: ThreadPoolExecutor) -> list[tuple[str, object]]:
    """Drive ``agent.stream`` the way Gradio does: each step resumed by whichever worker thread is free."""
    events = agent.stream(user, question, thread_id=user)
    out = []
    while (event := hops.submit(next, events, None).result()) is not None:
        out.append(event)
    return out


def test_concurrent_turns_never_overlap_and_keep_their_calls_together(make_agent):
    probe = OneCallAtATime()
    agent = make_agent(probe)
    assert isinstance(agent.deps.llm, SharedModel) and agent.deps.llm.per_turn
    with ThreadPoolExecutor(4) as turns, ThreadPoolExecutor(3) as hops:
        futures = [turns.submit(agent.run, f"u{i}", q, thread_id=f"u{i}") for i, q in enumerate(QUESTIONS[:2])]
        futures += [turns.submit(stream_in_hops, agent, f"u{i + 2}", q, hops) for i, q in enumerate(QUESTIONS[2:])]
        results = [f.result(timeout=120) for f in futures]
    assert probe.overlaps == 0
    assert sorted(runs_of(probe.fake.calls)) == sorted(QUESTIONS)      # each turn's calls in one run
    assert all(r["answer"] for r in results[:2])
    assert all(events[-1][0] == "final" and events[-1][1]["answer"] for events in results[2:])
    assert agent.deps.llm.waiting() == 0 and agent.deps.llm._active == 0


def test_a_waiting_turn_streams_its_place_in_line(make_agent):
    agent = make_agent(OneCallAtATime())
    agent.deps.llm.acquire()                    # someone else's turn holds the model
    threading.Timer(1.5, agent.deps.llm.release, args=(1.0,)).start()
    events = list(agent.stream("waiting", QUESTIONS[0], thread_id="waiting"))
    queue = [payload for kind, payload in events if kind == "queue"]
    assert queue and queue[0]["place"] == 1 and queue[0]["eta_s"] >= 0
    assert events[-1][0] == "final" and events[-1][1]["generator"] == "llm"


def test_a_turn_that_waits_too_long_answers_from_its_sources_and_says_why(make_agent):
    agent = make_agent(OneCallAtATime(), llm_queue_timeout_s=0.5)
    agent.deps.llm.acquire()
    try:
        result = agent.run("late", QUESTIONS[0])
    finally:
        agent.deps.llm.release(0.0)
    assert result["generator"] == "extractive_fallback"
    assert "busy" in result["answer"] and "[1]" in result["answer"]
