"""MedicalAgent: the facade the CLI, the UI and the evaluation use to run turns of the compiled graph.

A conversation is a LangGraph thread (kept by the storage's checkpointer: SQLite by default, in-memory in
tests); the person is a ``user_id`` (their profile and cache entries). Feature flags come from the settings'
ablation profile and may be overridden per call (the UI's switches) without recompiling anything: they travel
in the turn's :class:`TurnContext`, not in the checkpointed state.
"""

from __future__ import annotations

import contextvars
import logging
import re
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

from ..evidence import Evidence
from ..llm.lease import turn_scope
from ..retrieval.trust import content_key
from ..settings import FeatureFlags, SettingsError
from ..storage import Storage
from .build import compiled_graph, recursion_limit
from .deps import Deps
from .nodes.common import stream_writer
from .spans import TurnSpan
from .state import AgentState, new_turn
from .turn import MODES, TurnContext

LANGUAGES = ("", "ko", "en")

RESULT_KEYS = ("answer", "citations", "slot_out", "profile_summary", "retrieved_docs", "refine_iteration_logs",
               "stop_reason", "cache_hit", "cache_similarity_score", "node_timings", "llm_calls", "quality_score",
               "generator", "query_complexity", "dynamic_k", "red_flag", "expanded_query", "token_plan", "language",
               "iteration_count", "safety_notes", "profile_version", "mode", "synthesis", "answer_choice",
               "route", "followup", "plan", "evidence_gap", "web_note", "instructions_removed", "evidence_verdict",
               "gate", "dropped_docs")


log = logging.getLogger(__name__)
EXPIRY_EVERY_S = 3600.0


class InputError(ValueError):
    """The message cannot be processed (empty, too long, not valid text); the text is safe to show to the person."""


LONE_SURROGATE = re.compile("[\ud800-\udfff]")     # undecodable bytes (a bad-UTF-8 CLI argument) or broken text
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")   # invisible controls; tabs and newlines stay


class MedicalAgent:
    def __init__(self, deps: Deps, storage: Storage):
        """Built by :func:`medical_agent.composition.create_agent`; ``storage`` keeps the threads."""
        self.deps, self.storage = deps, storage
        self._expiry_lock, self._expired_at = threading.Lock(), -EXPIRY_EVERY_S
        self.checkpointer = storage.checkpointer
        self.graph = compiled_graph(deps, self.checkpointer)

    def flags(self, profile: str | None = None, overrides: dict[str, Any] | None = None) -> FeatureFlags:
        settings = self.deps.settings
        if profile and profile != settings.profile:
            settings = settings.with_profile(profile)
        if overrides:
            settings = settings.with_flags(**overrides)
        return settings.flags

    def _prepare(self, user_id: str, text: str, thread_id: str | None, mode: str, profile: str | None,
                 overrides: dict[str, Any] | None, answer_format: str = "", answer_options: tuple[str, ...] = (),
                 language: str = "") -> tuple[AgentState, dict[str, Any], TurnContext]:
        if isinstance(text, str) and LONE_SURROGATE.search(text):
            raise InputError("The message contains bytes that are not valid text (not UTF-8?); please type or "
                             "paste it again. / 메시지에 글자로 읽을 수 없는 부분이 있습니다. 다시 입력해 주세요.")
        text = CONTROL.sub("", text) if isinstance(text, str) else text
        if not isinstance(text, str) or not text.strip():
            raise InputError("Please type a question. / 질문을 입력해 주세요.")
        limit = self.deps.settings.limits.max_message_chars
        if len(text) > limit:
            raise InputError(f"Your message is {len(text):,} characters; the limit is {limit:,}. Please shorten it. / "
                             f"메시지가 너무 깁니다({len(text):,}자, 최대 {limit:,}자). 줄여서 다시 보내 주세요.")
        if mode not in MODES:
            raise InputError(f"mode must be 'agent' or 'llm', not {mode!r}")
        if language not in LANGUAGES:
            raise InputError(f"language must be 'ko', 'en' or '' (detected), not {language!r}")
        try:
            flags = self.flags(profile, overrides)
        except SettingsError as exc:
            raise InputError(str(exc)) from None
        turn = TurnContext(user_id=user_id, thread_id=thread_id or f"{user_id}-default", mode=mode, flags=flags,
                           answer_format=answer_format, answer_options=tuple(answer_options))
        self.storage.activity.touch(user_id, turn.thread_id)
        self.expire_idle()
        config = {"configurable": {"thread_id": turn.thread_id},
                  "recursion_limit": recursion_limit(flags.max_refine_iterations, flags.max_regenerations)}
        state = new_turn(text)
        if language:
            state["language"] = language       # the answer's language, instead of the message's detected one
        return state, config, turn

    def run(self, user_id: str, text: str, *, thread_id: str | None = None, mode: str = "agent",
            profile: str | None = None, overrides: dict[str, Any] | None = None, answer_format: str = "",
            answer_options: tuple[str, ...] = (), language: str = "", entry: str = "") -> dict[str, Any]:
        """One turn. ``language`` ("ko" | "en") sets the answer's language instead of detecting the message's;
        ``entry`` names the caller on the turn's span ("mcp")."""
        state, config, turn = self._prepare(user_id, text, thread_id, mode, profile, overrides, answer_format,
                                            answer_options, language)
        with turn_scope(self.deps.llm), self._turn_span(turn, text, entry) as span:
            result = summarize(self.graph.invoke(state, config, context=turn), turn)
            span.finish(result)
            return result

    def _turn_span(self, turn: TurnContext, text: str, entry: str = "") -> TurnSpan:
        return TurnSpan(self.deps.tracer, turn, text, self.deps.settings.limits.log_health_data, entry)

    def stream(self, user_id: str, text: str, *, thread_id: str | None = None, mode: str = "agent",
               profile: str | None = None, overrides: dict[str, Any] | None = None, answer_format: str = ""
               ) -> Iterator[tuple[str, Any]]:
        """Events: ("generation_start", iteration), ("token", text), ("queue", {"place", "eta_s"}) while the model
        serves other people, ("node", (name, update)), ("final", result).

        The turn's model lease lives in a context of its own (``ctx``): a caller may resume this generator from
        another thread at each step (Gradio does), and every step must see the same turn."""
        state, config, turn = self._prepare(user_id, text, thread_id, mode, profile, overrides, answer_format)
        ctx = contextvars.copy_context()
        scope = turn_scope(self.deps.llm, on_wait=queue_event)
        ctx.run(scope.__enter__)
        span = ctx.run(self._turn_span(turn, text).__enter__)
        events = ctx.run(self.graph.stream, state, config, stream_mode=["custom", "updates"], context=turn)
        failure: tuple[Any, Any, Any] = (None, None, None)
        try:
            while (step := ctx.run(next, events, None)) is not None:
                kind, payload = step
                if kind == "custom":
                    if payload.get("type") == "token" and payload.get("text"):
                        yield "token", payload["text"]
                    elif payload.get("type") == "generation_start":
                        yield "generation_start", payload.get("iteration", 0)
                    elif payload.get("type") == "queue":
                        yield "queue", {"place": payload["place"], "eta_s": payload["eta_s"]}
                else:
                    for node, update in payload.items():
                        yield "node", (node, update)
            result = summarize(self.graph.get_state(config).values, turn)
            span.finish(result)
        except BaseException:
            failure = sys.exc_info()
            raise
        finally:
            ctx.run(events.close)
            ctx.run(span.__exit__, *failure)
            ctx.run(scope.__exit__, None, None, None)
        yield "final", result

    def thread_state(self, thread_id: str) -> dict[str, Any]:
        return dict(self.graph.get_state({"configurable": {"thread_id": thread_id}}).values)

    def forget(self, user_id: str, thread_ids: list[str] | None = None) -> None:
        """Delete a person's profile, cached answers, conversation threads and uploaded documents (the documents
        first: their registry rows must be gone before the database is compacted, or the file keeps their text)."""
        if self.deps.collections:
            self.deps.collections.erase(user_id)
        self.storage.delete_user(user_id, thread_ids or [f"{user_id}-default"])

    def expire_idle(self, force: bool = False) -> list[str]:
        """Erase the people idle for more than ``limits.profile_retention_days`` (0: keep everyone); runs at
        most once an hour, from whichever turn comes first, unless ``force``."""
        days = self.deps.settings.limits.profile_retention_days
        now = time.monotonic()
        with self._expiry_lock:
            if days <= 0 or (not force and now - self._expired_at < EXPIRY_EVERY_S):
                return []
            self._expired_at = now
        expired = self.storage.expire_idle(days)
        for user_id in expired if self.deps.collections else ():
            self.deps.collections.erase(user_id)
        if expired and self.deps.collections:
            self.storage.erase_residue()            # the documents' rows went after the storage's own compaction
        if expired:
            log.info("expired %d people idle for more than %g days", len(expired), days)
        return expired

    @staticmethod
    def new_thread_id() -> str:
        return uuid.uuid4().hex


def queue_event(place: int, eta_s: float) -> None:
    """Tell the person, through the turn's stream, their place in line for the model (llm/lease.py)."""
    stream_writer()({"type": "queue", "place": place, "eta_s": round(eta_s)})


def summarize(state: dict[str, Any], turn: TurnContext) -> dict[str, Any]:
    out = {k: state.get(k) for k in RESULT_KEYS}
    out["mode"] = turn.mode
    out["llm_call_count"] = len(state.get("llm_calls") or [])
    out["retrieved_docs"] = [{**{k: d.get(k) for k in ("doc_id", "chunk_id", "title", "url", "score", "rank", "lang",
                                                     "text", "bm25_rank", "dense_rank", "source")},
                              **Evidence.from_dict(d).location(), **review_fields(d)}
                             for d in state.get("retrieved_docs") or []]
    return out


def review_fields(doc: dict[str, Any]) -> dict[str, Any]:
    """What a reviewer needs of a passage: the key its review is stored under (the original text's, also when a
    correction replaced the text) and the review it has, if any."""
    review = (doc.get("metadata") or {}).get("review")
    return {"content_key": review["content_key"] if review else content_key(doc.get("text") or ""),
            "review": {k: review[k] for k in ("status", "by", "at")} if review else None}
