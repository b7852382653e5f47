"""Start-up off the request path: the server answers at once while the index, the MedCAT pack and the models
are built or loaded in a background thread. Requests wait for it (with a timeout) instead of failing."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from ..graph.agent import MedicalAgent
from ..settings import Settings

log = logging.getLogger(__name__)


class StartupError(RuntimeError):
    """The agent could not be built; the message names the cause and is safe to show in the chat."""


WARM_UP_USER = "__warm-up__"
WARM_UP_TURNS = ("65세 남성 당뇨 140/90, 메트포르민 부작용?", "metformin side effects with kidney disease?")


def warm_up(agent: MedicalAgent) -> None:
    """Load everything lazy (Korean tokenizer, embedder, index pages, MedCAT) before a person's first turn.
    Offline, a Korean and an English turn run under a throw-away user (the graph's first run included), then
    it is forgotten. With an LLM configured only the components are warmed: a warm-up turn would spend model
    time, or paid tokens, at every start."""
    if agent.deps.llm is None:
        for text in WARM_UP_TURNS:
            agent.run(WARM_UP_USER, text, thread_id=WARM_UP_USER)
        agent.forget(WARM_UP_USER, [WARM_UP_USER])
        return
    agent.deps.query_pipeline.warm_up()
    for text in WARM_UP_TURNS:
        agent.deps.extractor.extract(text)
        agent.deps.query_pipeline.search(text, 3)


class AgentRuntime:
    def __init__(self, settings: Settings, agent: MedicalAgent | None = None):
        self.settings = settings
        self.agent: MedicalAgent | None = agent
        self.error: str | None = None
        self.started = time.perf_counter()
        self._ready = threading.Event()
        if agent is not None:
            self._ready.set()

    def start(self) -> AgentRuntime:
        if not self._ready.is_set():
            threading.Thread(target=self._build, name="agent-startup", daemon=True).start()
        return self

    def _build(self) -> None:
        try:
            from ..composition import create_agent

            agent = create_agent(self.settings)
            if agent.deps.collections:       # what uploads killed mid-way left is never indexed later
                agent.deps.collections.recover()
            warm_up(agent)
            self.agent = agent
            log.info("agent ready after %.1f s", time.perf_counter() - self.started)
        except Exception as exc:  # shown in the header and in the chat; the server keeps running
            log.exception("agent start-up failed")
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self._ready.set()

    def wait(self, timeout: float = 600.0) -> MedicalAgent:
        if not self._ready.wait(timeout):
            raise TimeoutError("the agent is still starting (building the index on first start); try again shortly")
        if self.agent is None:
            raise StartupError(f"the agent could not start: {self.error}")
        return self.agent

    def status(self) -> dict[str, Any]:
        if self.agent is not None:
            return {"state": "ready", **self.agent.deps.describe()}
        return {"state": "failed" if self.error else "starting", "error": self.error}
