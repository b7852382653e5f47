"""The two tools in plain Python, over the running agent (``agent()``: the app's, once it is ready).

- ``search``: the agent's own query pipeline (expansion, Korean → English bridging, hybrid fusion) over its index
  — the knowledge base and whatever public corpora it was built with — and never a person's uploads, which live
  in other collections. Reviews of passages apply and sentences addressed to an assistant are removed, as in a turn.
- ``ask``: one whole turn on the stateless twin (``composition.stateless_agent``): the caller's facts are stored
  in the twin's private in-memory store for the length of the call and erased after it, with the turn's thread;
  the answer cache is off; nothing reaches the app's database and no person's profile is read. The red-flag
  rules, the safety notes and the disclaimer apply as in the chat, because it is the chat's graph.

Every wrong argument is a :class:`ToolError` whose message names it and what is valid.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

from ..composition import stateless_agent
from ..context.profile.validation import InvalidFacts
from ..graph.agent import InputError, MedicalAgent
from ..retrieval.injection import guard
from ..retrieval.trust import apply_reviews
from .facts import FactError, caller_slots
from .results import answer, passage

MAX_K = 20
LANGUAGES = {"auto": "", "ko": "ko", "en": "en"}


class ToolError(ValueError):
    """A tool call that cannot be made as asked; the message is safe to show and says what is valid."""


class MedicalTools:
    def __init__(self, agent: Callable[[], MedicalAgent]):
        """``agent`` returns the app's agent, waiting for its start-up (``AgentRuntime.wait``)."""
        self._agent = agent
        self._twin: MedicalAgent | None = None
        self._lock = threading.Lock()

    def search(self, query: str, k: int = 5, language: str = "auto") -> dict[str, Any]:
        agent = self._ready()
        query = self._text(query, "query", agent.deps.settings.limits.max_message_chars)
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise ToolError(f"k must be a whole number from 1 to {MAX_K}, not {k!r}")
        lang = _language(language)
        deps = agent.deps
        hits, expansion = deps.query_pipeline.search(query, k, filters={"lang": lang} if lang else None)
        hits, removed = guard(apply_reviews(hits, deps.reviews))
        return {"query_language": expansion.language, "passages": [passage(h) for h in hits],
                "instructions_removed": removed}

    def ask(self, question: str, age: int | None = None, sex: str | None = None,
            conditions: list[str] | None = None, medications: list[str] | None = None,
            language: str = "auto") -> dict[str, Any]:
        twin = self._stateless()
        limits = twin.deps.settings.limits
        question = self._text(question, "question", limits.max_message_chars)
        lang = _language(language)
        try:
            slots = caller_slots(twin.deps.extractor, age=age, sex=sex, conditions=conditions,
                                 medications=medications, max_items=limits.max_record_items,
                                 max_chars=limits.max_name_chars)
        except FactError as exc:
            raise ToolError(str(exc)) from None
        caller = f"mcp-{uuid.uuid4().hex}"
        try:
            if slots is not None:
                twin.deps.profiles.update(caller, slots, whole=True)
            result = twin.run(caller, question, thread_id=caller, language=lang, entry="mcp",
                              overrides={"response_cache_enabled": False})
        except (InvalidFacts, InputError) as exc:
            raise ToolError(str(exc)) from None
        finally:
            twin.forget(caller, [caller])
        return answer(result)

    def _ready(self) -> MedicalAgent:
        try:
            return self._agent()
        except (TimeoutError, RuntimeError) as exc:     # still starting, or failed to start: said plainly
            raise ToolError(str(exc)) from None

    def _stateless(self) -> MedicalAgent:
        agent = self._ready()
        with self._lock:
            if self._twin is None or self._twin.deps.retriever is not agent.deps.retriever:
                self._twin = stateless_agent(agent)
            return self._twin

    @staticmethod
    def _text(value: Any, name: str, limit: int) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ToolError(f"{name} must be a non-empty text")
        if len(value) > limit:
            raise ToolError(f"{name} is {len(value):,} characters; the limit is {limit:,}")
        return value


def _language(value: Any) -> str:
    if value not in LANGUAGES:
        raise ToolError(f"language must be one of {', '.join(LANGUAGES)}, not {value!r}")
    return LANGUAGES[value]
