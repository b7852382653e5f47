"""One place that calls an LLM for a graph node and returns the accounting record the state keeps."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .base import LLM, ChatResult, JsonSchema, Message, TokenCallback


def tracked_chat(llm: LLM, messages: Sequence[Message], *, tag: str, temperature: float = 0.2,
                 max_tokens: int | None = None, json_mode: bool = False, json_schema: JsonSchema | None = None,
                 on_token: TokenCallback | None = None) -> tuple[ChatResult, dict[str, Any]]:
    start = time.perf_counter()
    result = llm.chat(messages, temperature=temperature, max_tokens=max_tokens, json_mode=json_mode,
                      json_schema=json_schema, on_token=on_token, tag=tag)
    record = {"tag": tag, "prompt_tokens": result.prompt_tokens, "cached_tokens": result.cached_tokens,
              "completion_tokens": result.completion_tokens, "ms": round((time.perf_counter() - start) * 1000, 1)}
    if result.logprobs:
        record["logprob_sum"] = float(sum(result.logprobs))
        record["logprob_tokens"] = len(result.logprobs)
    return result, record


def llm_usage(result: dict[str, Any]) -> dict[str, Any]:
    """Calls, tokens (evaluated = prompt tokens the model computed, not reused from a shared prefix), model time and
    call tags of one turn, from the records the nodes appended."""
    calls = result.get("llm_calls") or []
    prompt = sum(c.get("prompt_tokens", 0) for c in calls)
    return {"llm_calls": len(calls), "prompt_tokens": prompt,
            "evaluated_prompt_tokens": prompt - sum(c.get("cached_tokens", 0) for c in calls),
            "repair_calls": sum(bool(c.get("repair")) for c in calls),
            "completion_tokens": sum(c.get("completion_tokens", 0) for c in calls),
            "llm_ms": round(sum(c.get("ms", 0.0) for c in calls), 1),
            "llm_tags": [c.get("tag", "") for c in calls]}
