"""LLM-judged faithfulness for `eval run` when a language model is configured: the judge sees each cited
answer sentence with its cited passages and says, per sentence, whether the passages support it. Any failure
(error, bad JSON, wrong length) falls back to the lexical proxy for that turn and says so in ``method``."""

from __future__ import annotations

import json
import logging
from typing import Any

from ..llm import LLM, LLMError
from ..llm.calls import tracked_chat
from .turn_metrics import cited_numbers, faithfulness_proxy, sentences

log = logging.getLogger(__name__)
SYSTEM = ("You check medical answers against evidence. For each numbered CLAIM decide whether its EVIDENCE "
          "states or directly implies it. Reply with JSON only: {\"supported\": [true|false, ...]} in claim order.")


def judge_faithfulness(llm: LLM, answer: str, passages: dict[int, str]) -> tuple[dict[str, Any], dict | None]:
    """(metric dict like :func:`faithfulness_proxy`, the LLM call record or None)."""
    proxy = faithfulness_proxy(answer, passages)
    cited = [s for s in sentences(answer) if cited_numbers(s)]
    if not cited:
        return {**proxy, "method": "llm_judge"}, None
    claims = "\n\n".join(f"CLAIM {i}: {s}\nEVIDENCE: " + " | ".join(passages.get(n, "")[:1200] for n in cited_numbers(s))
                         for i, s in enumerate(cited, start=1))
    try:
        result, record = tracked_chat(llm, [{"role": "system", "content": SYSTEM}, {"role": "user", "content": claims}],
                                      tag="eval_faithfulness", temperature=0.0, max_tokens=200, json_mode=True)
        verdicts = json.loads(result.text)["supported"]
        if len(verdicts) != len(cited):
            raise ValueError(f"{len(verdicts)} verdicts for {len(cited)} claims")
    except (LLMError, ValueError, KeyError, TypeError) as exc:
        log.warning("faithfulness judge failed (%s); using the proxy", type(exc).__name__)
        return {**proxy, "method": proxy["method"] + " (judge failed)"}, None
    return {**proxy, "faithfulness": sum(bool(v) for v in verdicts) / len(cited), "method": "llm_judge"}, record
