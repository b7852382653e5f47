"""`bench turn`: non-LLM time per agent turn and per node, and LLM calls per turn, with a zero-latency
scripted LLM (so the numbers are the pipeline's own cost: cache, extraction, memory, retrieval, assembly,
judging logic, guards)."""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ...llm.fake import verify_reply
from ...prompts import SECTION, unmark
from ..retrieval.metrics import percentile_ms

# An evidence entry as context.assembly.evidence_block writes it: "[n] title" then the passage text.
# tests/eval/test_bench_turn.py fails when that format changes, so the stand-in cannot silently stop citing.
PASSAGE = re.compile(r"^\[(\d+)\] [^\n]*\n([^\n]+)", re.M)


KOREAN_CLOSING = "위 내용은 일반적인 의학 정보입니다. 복용 여부와 용량은 담당 의사나 약사와 꼭 상의하세요."


def quote(sentence: str, n: str, korean: bool) -> str:
    """One cited line. It cannot translate, so for a Korean question it frames a short quote in Korean, as a
    model that follows the answer-language instruction would answer in Korean (else every Korean turn over
    English evidence would measure the language-regeneration path instead of the normal one)."""
    if not korean:
        return f"{sentence} [{n}]"
    return f"{n}번 근거 자료의 요점은 다음과 같습니다: {' '.join(sentence.split()[:6])} [{n}]"


def bench_responder(messages: Sequence[dict[str, str]], options: dict[str, Any]) -> str:
    """A scripted stand-in for a grounded LLM: it answers with the first sentences of evidence [1]-[3] and
    repeats the profile line, as a model following the system prompt would. Zero latency, so the benchmark
    measures the pipeline and its LLM call policy, not a model."""
    if options.get("tag") == "verify":
        return verify_reply(messages)
    prompt = messages[-1]["content"]
    korean = SECTION["ko"]["profile"] in prompt or SECTION["ko"]["evidence"] in prompt
    lines = [quote(unmark(body).split(". ")[0].strip(), n, korean) for n, body in PASSAGE.findall(prompt)[:3]]
    for lang in ("ko", "en"):
        head = SECTION[lang]["profile"]
        if head in prompt:
            lines.insert(0, prompt.split(head, 1)[1].strip().splitlines()[0])
    if korean and lines:
        lines.append(KOREAN_CLOSING)
    answer = "\n".join(lines) or "Here is general information. Please consult a clinician."
    if options.get("json_schema") is not None:
        return json.dumps({"answer": answer, "key_points": [], "confidence": 0.8}, ensure_ascii=False)
    return answer


def load_turns(path: Path) -> list[dict[str, str]]:
    """JSONL ``{"text": ..., "user": ...}`` (user optional) or plain text, one message per line."""
    turns = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        if line.lstrip().startswith("{"):
            try:
                rec = json.loads(line)
                turns.append({"text": str(rec["text"]), "user": str(rec.get("user", "bench")),
                              "kind": str(rec.get("kind", ""))})
            except (json.JSONDecodeError, KeyError) as exc:
                raise ValueError(f"{path}:{n}: expected {{\"text\": ...}} ({exc})") from None
        else:
            turns.append({"text": line.strip(), "user": "bench", "kind": ""})
    return turns


def bench_turns(agent: Any, turns: Sequence[dict[str, str]], warmup: int = 2) -> dict[str, Any]:
    for turn in turns[:warmup]:
        agent.run("warmup", turn["text"])
    totals, per_node, calls, kinds = [], {}, [], Counter()
    by_kind: dict[str, list[int]] = {}
    for turn in turns:
        start = time.perf_counter()
        result = agent.run(turn["user"], turn["text"])
        total = time.perf_counter() - start
        llm_ms = sum(c.get("ms", 0.0) for c in result["llm_calls"] or []) / 1000
        totals.append(total - llm_ms)
        for node, ms in (result["node_timings"] or {}).items():
            per_node.setdefault(node, []).append(ms / 1000)
        n_calls = len(result["llm_calls"] or [])
        calls.append(n_calls)
        kinds[result["stop_reason"]] += 1
        by_kind.setdefault(turn.get("kind") or result["query_complexity"] or "?", []).append(n_calls)
    return {"turns": len(turns), "non_llm_ms_p50": percentile_ms(totals, 50), "non_llm_ms_p95": percentile_ms(totals, 95),
            "per_node_ms": {n: {"p50": percentile_ms(v, 50), "p95": percentile_ms(v, 95), "runs": len(v)}
                            for n, v in per_node.items()},
            "llm_calls_per_turn": round(float(np.mean(calls)), 3) if calls else 0.0,
            "llm_calls_by_kind": {k: round(float(np.mean(v)), 2) for k, v in by_kind.items()},
            "stop_reasons": dict(kinds)}
