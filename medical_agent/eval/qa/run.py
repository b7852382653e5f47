"""Ask each question in each mode, one fresh person and thread per question, and score the parsed answer.

Records go to results.jsonl one line per (question, mode), flushed as they come, so an interrupted run resumes
where it stopped. The summary gives accuracy with a Wilson 95 % interval per mode, questions whose answer could
not be parsed (counted wrong), questions the app refused (too long: counted wrong in every mode alike), the exact
McNemar test between the modes on the paired questions, and time, LLM calls and evaluated prompt tokens per
question."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tqdm import tqdm

from ...graph.agent import InputError
from ...llm.calls import llm_usage
from ...verify.claims import faithfulness_proxy
from ..harness.stats import mcnemar_exact, wilson
from ..harness.turn_metrics import passages_by_number
from .answers import INSTRUCTION, options, parse_answer, prompt
from .data import QAItem

RESULTS = "results.jsonl"


def read_records(out: Path) -> Iterator[dict[str, Any]]:
    path = out / RESULTS
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                continue                              # a line torn by an interruption


def ask(agent: Any, item: QAItem, mode: str, dataset: str, choose: bool = False) -> dict[str, Any]:
    """One question in one mode; ``choose``: the answer is the option chosen by the short constrained call after
    the answer (``answer_choice``), the one parsed from the text is kept beside it (``pred_text``)."""
    start = time.perf_counter()
    who = f"qa-{dataset}-{item.id}-{mode}"
    try:
        result = agent.run(who, prompt(item), thread_id=who, mode=mode, answer_format=INSTRUCTION[item.kind],
                           answer_options=options(item, dataset) if choose else ())
    except InputError as exc:       # the app refuses it (longer than max_message_chars): unanswered, every mode
        return {"id": item.id, "mode": mode, "dataset": dataset, "gold": item.answer, "pred": None,
                "correct": False, "seconds": 0.0, "llm_calls": 0, "prompt_tokens": 0, "evaluated_prompt_tokens": 0,
                "completion_tokens": 0, "repair_calls": 0, "stop_reason": "refused", "error": str(exc)[:300]}
    seconds = time.perf_counter() - start
    text = (result.get("synthesis") or {}).get("answer") or result.get("answer") or ""
    from_text = parse_answer(text, item)
    predicted = (result.get("answer_choice") or from_text) if choose else from_text
    usage = llm_usage(result)
    faith = faithfulness_proxy(text, passages_by_number(result)) if mode == "agent" else {}
    agent.forget(who, [who])
    return {"id": item.id, "mode": mode, "dataset": dataset, "gold": item.answer, "pred": predicted,
            "correct": predicted == item.answer, "seconds": round(seconds, 2), "llm_calls": usage["llm_calls"],
            "prompt_tokens": usage["prompt_tokens"], "evaluated_prompt_tokens": usage["evaluated_prompt_tokens"],
            "completion_tokens": usage["completion_tokens"], "repair_calls": usage["repair_calls"],
            "stop_reason": result.get("stop_reason"), "faithfulness_proxy": faith.get("faithfulness"),
            "pred_text": from_text, "choice": result.get("answer_choice"),
            "answer": text[:2000]}


def run_qa(agent: Any, items: Sequence[QAItem], modes: Sequence[str], dataset: str, out: Path,
           choose: bool = False) -> dict[str, int]:
    out.mkdir(parents=True, exist_ok=True)
    done = {(r["id"], r["mode"]) for r in read_records(out)}
    todo = [(item, mode) for item in items for mode in modes if (item.id, mode) not in done]
    with (out / RESULTS).open("a", encoding="utf-8") as fh:
        for item, mode in tqdm(todo, desc=f"eval qa {dataset}", unit="q"):
            fh.write(json.dumps(ask(agent, item, mode, dataset, choose), ensure_ascii=False) + "\n")
            fh.flush()
    return {"asked": len(todo), "skipped": len(done)}


def summarise(records: Sequence[dict[str, Any]], ids: Sequence[str]) -> dict[str, Any]:
    """Per mode over the questions ``ids`` (the run's sample), and McNemar between the first two modes."""
    wanted = set(ids)
    by_mode: dict[str, dict[str, dict[str, Any]]] = {}
    for r in records:
        if r["id"] in wanted:
            by_mode.setdefault(r["mode"], {})[r["id"]] = r
    modes: dict[str, Any] = {}
    for mode, rows in by_mode.items():
        n, correct = len(rows), sum(r["correct"] for r in rows.values())
        modes[mode] = {"n": n, "correct": correct, "accuracy": round(correct / n, 4) if n else None,
                       "ci95": wilson(correct, n), "refused": sum("error" in r for r in rows.values())}
        modes[mode]["unparsed"] = sum(r["pred"] is None for r in rows.values()) - modes[mode]["refused"]
        for key in ("seconds", "llm_calls", "evaluated_prompt_tokens", "completion_tokens", "repair_calls"):
            modes[mode][f"{key}_mean"] = round(sum(r[key] for r in rows.values()) / n, 2) if n else None
        texts = [r for r in rows.values() if "pred_text" in r and r.get("choice") is not None]
        if texts:     # --choose runs: what the written answer alone would have scored, on the same questions
            modes[mode]["accuracy_from_text"] = round(sum(r["pred_text"] == r["gold"] for r in texts) / len(texts), 4)
        faith = [r["faithfulness_proxy"] for r in rows.values() if r.get("faithfulness_proxy") is not None]
        modes[mode]["faithfulness_proxy_mean"] = round(sum(faith) / len(faith), 3) if faith else None
    out: dict[str, Any] = {"questions": len(wanted), "modes": modes}
    if {"llm", "agent"} <= set(by_mode):
        paired = wanted & set(by_mode["llm"]) & set(by_mode["agent"])
        only_agent = sum(by_mode["agent"][i]["correct"] and not by_mode["llm"][i]["correct"] for i in paired)
        only_llm = sum(by_mode["llm"][i]["correct"] and not by_mode["agent"][i]["correct"] for i in paired)
        p = mcnemar_exact(only_agent, only_llm)
        out["mcnemar"] = {"paired": len(paired), "agent_only_correct": only_agent, "llm_only_correct": only_llm,
                          "p_exact": round(float(p), 6)}
        if modes["llm"]["n"] and modes["agent"]["n"] and modes["llm"]["seconds_mean"]:   # (a mean rounded to 0 s:
                                                                                         # scripted turns)
            out["time_ratio"] = round(modes["agent"]["seconds_mean"] / modes["llm"]["seconds_mean"], 2)
    return out
