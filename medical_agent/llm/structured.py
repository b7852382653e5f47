"""Ask an LLM for a JSON value and get it validated, or a clear "no" — one helper for every judge.

The steps: the schema goes to the backend's structured output where it has one (a grammar in llama.cpp, the
``json_schema`` response format on OpenAI-compatible servers) → the reply is parsed and validated by the
caller's ``parse`` → a reply that fails gets at most one repair request (the same conversation plus what was
wrong) → if that fails too, or the backend errs, the result carries no value and says why, and the caller
applies its documented fallback (the heuristic judge, the lexical proxy, an empty metric). Every call made is
returned as an accounting record (tag, tokens, time, ``repair``), so a turn's LLM cost stays visible.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..prompts import JSON_REPAIR
from .base import LLM, JsonSchema, LLMError, Message
from .calls import tracked_chat

log = logging.getLogger(__name__)
T = TypeVar("T")
_OBJECT = re.compile(r"\{.*\}", re.S)


class StructuredFormatError(ValueError):
    """The reply is not a usable value; the message says what is wrong (it is shown to the model on repair)."""


@dataclass
class Structured(Generic[T]):
    value: T | None                      # None: no usable reply; the caller falls back
    records: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None             # why there is no value

    @property
    def ok(self) -> bool:
        return self.value is not None


def json_object(text: str) -> dict[str, Any]:
    """The JSON object in a reply (models sometimes wrap it in prose or code fences)."""
    match = _OBJECT.search(text or "")
    if not match:
        raise StructuredFormatError("no JSON object in the reply")
    try:
        value = json.loads(match.group(0))
    except json.JSONDecodeError as exc:
        raise StructuredFormatError(f"invalid JSON: {exc.msg}") from None
    if not isinstance(value, dict):
        raise StructuredFormatError("the reply is not a JSON object")
    return value


def structured_call(llm: LLM, messages: Sequence[Message], *, tag: str, parse: Callable[[str], T],
                    schema: JsonSchema | None = None, max_tokens: int = 300,
                    temperature: float = 0.0) -> Structured[T]:
    """One structured answer from ``llm``: ``parse`` turns the reply text into the value or raises
    :class:`StructuredFormatError`; one repair at most; backend errors end it without a value."""
    conversation = list(messages)
    records: list[dict[str, Any]] = []
    error = ""
    try:
        for attempt in range(2):
            result, record = tracked_chat(llm, conversation, tag=tag, temperature=temperature,
                                          max_tokens=max_tokens, json_mode=True, json_schema=schema)
            records.append({**record, "repair": attempt > 0})
            try:
                return Structured(parse(result.text), records)
            except StructuredFormatError as exc:
                error = str(exc)
                log.warning("%s reply unusable (%s)%s", tag, error, "; asking once more" if attempt == 0 else "")
                conversation = [*conversation, {"role": "assistant", "content": result.text},
                                {"role": "user", "content": JSON_REPAIR.format(problem=error)}]
    except LLMError as exc:
        error = f"{type(exc).__name__}: {exc}"
        log.warning("%s call failed (%s)", tag, type(exc).__name__)
    return Structured(None, records, error)
