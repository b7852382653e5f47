"""Scripted fake LLM for tests and zero-latency benchmarks: fixed, cycling or computed responses.

Every call is recorded (messages, options, tag) so tests can assert what the graph asked. Like llama.cpp's KV
cache, a call reports as cached the estimated tokens of the prompt text it shares with the previous call.
Responses can be routed by tag, e.g. ``ScriptedLLM({"generate": ["answer [1]"], "verify": verify_reply})``.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .base import ChatResult, JsonSchema, LLMError, Message, TokenCallback
from .tokens import estimate_tokens

Responder = Callable[[Sequence[Message], dict[str, Any]], str]
Script = str | Sequence[str] | Responder

DEFAULT_ANSWER = "Based on the evidence [1], here is general information. Please consult a clinician."


def verify_reply(messages: Sequence[Message], score: float = 0.8, supported: bool = True) -> str:
    """A verifier verdict with one verdict per claim listed in the verify task (what the schema demands)."""
    answer = messages[-1].get("content", "").rsplit("ANSWER:", 1)[-1]
    claims = len(re.findall(r"<\d+> ", answer))
    return json.dumps({"supported": [supported] * claims, "completeness": score, "relevance": score,
                       "clarity": score, "accuracy": score, "missing_info": [], "safety_concerns": [],
                       "rewritten_query": ""})


def plan_reply(messages: Sequence[Message], route: str = "rag_required") -> str:
    """A planner reply that keeps the latest message as its one part (read from the plan task's
    "LATEST MESSAGE:" line, retrieval.llm_planning)."""
    found = re.search(r"^LATEST MESSAGE: (.*)$", messages[-1].get("content", ""), re.M)
    message = found.group(1).strip() if found else ""
    return json.dumps({"route": route, "standalone": message, "parts": [{"question": message, "queries": [message]}]},
                      ensure_ascii=False)


def default_responder(messages: Sequence[Message], options: dict[str, Any]) -> str:
    """Deterministic stand-in used by ``--llm fake``: a verdict for the verifier, a cited answer (as JSON when a
    schema asks for it) otherwise."""
    if options.get("tag") == "verify":
        return verify_reply(messages)
    if options.get("tag") == "plan":
        return plan_reply(messages)
    if options.get("json_schema") is not None:
        return json.dumps({"answer": DEFAULT_ANSWER, "key_points": [], "confidence": 0.8})
    return DEFAULT_ANSWER


@dataclass
class Call:
    messages: list[Message]
    temperature: float
    max_tokens: int | None
    json_mode: bool
    tag: str
    json_schema: JsonSchema | None = None


class _Track:
    """Responses of one script: a fixed string, a list (consumed in order, optionally cycling) or a function."""

    def __init__(self, script: Script, cycle: bool):
        self.script, self.cycle, self.pos = script, cycle, 0

    def next(self, messages: Sequence[Message], options: dict[str, Any]) -> str:
        if callable(self.script):
            return self.script(messages, options)
        if isinstance(self.script, str):
            return self.script
        if self.pos >= len(self.script):
            if not self.cycle or not self.script:
                raise LLMError(f"scripted LLM exhausted after {self.pos} responses (tag {options.get('tag')!r})")
            self.pos = 0
        self.pos += 1
        return self.script[self.pos - 1]


@dataclass
class ScriptedLLM:
    """Fake backend. ``script`` is one script for all calls or a dict ``tag -> script`` (key "*" = default)."""

    script: Script | dict[str, Script] = field(default=default_responder)
    cycle: bool = False
    model: str = "scripted"
    context_window: int = 8192
    name: str = "fake"
    calls: list[Call] = field(default_factory=list)
    concurrency: int | None = None     # a test sets 1 to stand in for llama.cpp (llm/lease.py)
    lease_per_turn: bool = False

    def __post_init__(self) -> None:
        scripts = self.script if isinstance(self.script, dict) else {"*": self.script}
        self._tracks = {tag: _Track(s, self.cycle) for tag, s in scripts.items()}
        self._lock = threading.Lock()
        self._last_prompt = ""

    def chat(self, messages: Sequence[Message], *, temperature: float = 0.2, max_tokens: int | None = None,
             json_mode: bool = False, json_schema: JsonSchema | None = None, on_token: TokenCallback | None = None,
             tag: str = "") -> ChatResult:
        json_mode = json_mode or json_schema is not None
        options = {"temperature": temperature, "max_tokens": max_tokens, "json_mode": json_mode, "tag": tag,
                   "json_schema": json_schema}
        with self._lock:
            self.calls.append(Call([dict(m) for m in messages], temperature, max_tokens, json_mode, tag, json_schema))
            track = self._tracks.get(tag) or self._tracks.get("*")
            if track is None:
                raise LLMError(f"scripted LLM has no script for tag {tag!r}")
            text = track.next(messages, options)
            shared = self._shared_with_previous(messages)
        if on_token is not None:
            for i, word in enumerate(text.split(" ")):
                on_token(word if i == 0 else " " + word)
        prompt = sum(self.count_tokens(m.get("content", "")) for m in messages)
        return ChatResult(text=text, model=self.model, prompt_tokens=prompt, completion_tokens=self.count_tokens(text),
                          cached_tokens=min(prompt, shared))

    def _shared_with_previous(self, messages: Sequence[Message]) -> int:
        rendered = "\x1e".join(f"{m.get('role')}\x1f{m.get('content', '')}" for m in messages)
        previous, self._last_prompt = self._last_prompt, rendered
        return self.count_tokens(os.path.commonprefix([previous, rendered]))

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def calls_with(self, tag: str) -> list[Call]:
        return [c for c in self.calls if c.tag == tag]
