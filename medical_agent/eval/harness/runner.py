"""The loop of `eval run`: every scenario × profile × mode is a *unit* (one fresh user and thread, five turns).

A unit's turn records are appended to results.jsonl in one write and flushed, so an interrupted run keeps all
finished units and a rerun skips them (resume). Units never share a profile, a cache entry or a thread: the
user id names the seed, patient, language, profile and mode, and the unit is forgotten once written.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from ...llm.calls import llm_usage
from ...red_flags import triage
from ...verify.claims import faithfulness_proxy
from ...verify.faithfulness import judge_faithfulness
from ..profile.scoring import score_profile
from .relevance_judge import generate_questions, generated_relevance
from .scenarios import Scenario
from .turn_metrics import (
    answer_relevance,
    hit_at_k,
    passages_by_number,
    perplexity,
    personalisation,
    safety,
    truth_facts,
)

log = logging.getLogger(__name__)
RESULTS = "results.jsonl"
SAID = {"intro": ("demographics",), "conditions_medications": ("conditions", "medications"), "vitals_labs": ("values",)}
ASKING = ("question", "follow_up")


@dataclass
class RunOptions:
    profiles: Sequence[str]
    modes: Sequence[str]
    k: int = 5
    judge: Any | None = None          # an LLM for faithfulness; None → the lexical proxy
    embedder: Any | None = None       # for answer relevance; None → the agent's embedder


def unit_key(patient_id: str, lang: str, profile: str, mode: str) -> str:
    return f"{patient_id}|{lang}|{profile}|{mode}"


def read_results(path: Path) -> Iterator[dict[str, Any]]:
    """Turn records of results.jsonl; a torn last line (killed mid-write) is skipped."""
    if not path.exists():
        return
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                log.warning("skipping an unreadable line of %s", path.name)


def finished_units(path: Path, turns: int) -> set[str]:
    seen: dict[str, set[int]] = {}
    for r in read_results(path):
        seen.setdefault(r["unit"], set()).add(r["turn"])
    return {u for u, t in seen.items() if len(t) >= turns}


def _profile_metrics(profile: dict[str, Any] | None, scenario: Scenario, said: Sequence[str]) -> dict[str, Any]:
    if not profile:
        return {"profile_accuracy": 0.0 if said else None, "profile_spurious": 0.0}
    score = score_profile(profile, scenario.patient, said)
    correct = sum(v[0] for v in score.values())
    expected = sum(v[0] + v[2] if len(v) == 3 else v[1] for v in score.values())
    spurious = sum(v[1] for v in score.values() if len(v) == 3)
    return {"profile_accuracy": correct / expected if expected else None, "profile_spurious": float(spurious)}


def score_turn(agent: Any, scenario: Scenario, turn: Any, result: dict[str, Any], said: Sequence[str],
               opts: RunOptions, user: str) -> dict[str, Any]:
    """All metrics of one turn (numbers or None), plus what they were computed from."""
    answer, lang = result.get("answer") or "", scenario.lang
    passages = passages_by_number(result)
    if opts.judge is not None:
        faith, calls = judge_faithfulness(opts.judge, answer, passages)
    else:
        faith, calls = faithfulness_proxy(answer, passages), []
    asking = turn.kind in ASKING
    facts = truth_facts(scenario.patient, agent.deps.drug_classes) if asking else None
    safe = safety(answer, triage(turn.text, lang) is not None, facts, lang)
    pers = personalisation(answer, scenario.patient, said, turn.text) if asking else None
    usage = llm_usage(result)
    metrics = {**_profile_metrics(agent.deps.profiles.get(user), scenario, said),
               "hit_at_k": hit_at_k(result.get("retrieved_docs") or [], scenario.topic, opts.k) if asking else None,
               "faithfulness": faith["faithfulness"], "citation_rate": faith["citation_rate"],
               "personalised": pers["personalised"] if pers else None,
               "emergency_ok": float(safe["emergency_ok"]),
               "contraindication_recall": safe.get("contraindication_recall"),
               "llm_calls": float(usage["llm_calls"]), "prompt_tokens": float(usage["prompt_tokens"]),
               "evaluated_prompt_tokens": float(usage["evaluated_prompt_tokens"]),
               "repair_calls": float(usage["repair_calls"]),
               "completion_tokens": float(usage["completion_tokens"]),
               "iterations": float(result.get("iteration_count") or 0)}
    ppl = perplexity(result)
    if not isinstance(ppl, str):
        metrics["perplexity"] = ppl
    scored = {"metrics": metrics, "faithfulness_method": faith["method"], "judge_calls": calls,
              "perplexity": ppl, "safety": safe, "llm_usage": usage}
    if opts.judge is not None and asking:  # RAGAS relevance: one more model call, so only where a question is asked
        scored["generated_questions"], scored["relevance_calls"] = generate_questions(opts.judge, answer, lang)
    return scored


def run_unit(agent: Any, scenario: Scenario, profile: str, mode: str, opts: RunOptions,
             clock: Callable[[], float] = time.perf_counter) -> list[dict[str, Any]]:
    p = scenario.patient
    user = f"eval-{scenario.seed}-{p.patient_id}-{scenario.lang}-{profile}-{mode}"
    records, said = [], []
    try:
        for turn in scenario.turns:
            start = clock()
            result = agent.run(user, turn.text, thread_id=user, mode=mode, profile=profile)
            latency_ms = (clock() - start) * 1000
            said.extend(SAID.get(turn.kind, ()))
            scored = score_turn(agent, scenario, turn, result, said, opts, user)
            scored["metrics"]["latency_ms"] = round(latency_ms, 1)
            log.info("turn %d (%s, %s) done in %.1f s, %d LLM calls", turn.index, mode, turn.kind, latency_ms / 1000,
                     scored["llm_usage"]["llm_calls"])  # no health data: counts and times only
            records.append({
                "unit": unit_key(p.patient_id, scenario.lang, profile, mode), "patient_id": p.patient_id,
                "lang": scenario.lang, "profile": profile, "mode": mode, "seed": scenario.seed, "turn": turn.index,
                "kind": turn.kind, "question": turn.text, "answer": result.get("answer") or "",
                "topic": scenario.topic.name if scenario.topic else None, **scored,
                "stop_reason": result.get("stop_reason"), "node_timings": result.get("node_timings") or {},
                "refine_iterations": len(result.get("refine_iteration_logs") or []),
                "generator": result.get("generator"), "cache_hit": bool(result.get("cache_hit")),
                "red_flag": bool(result.get("red_flag")), "dynamic_k": result.get("dynamic_k"),
                "retrieved": [d.get("doc_id") for d in result.get("retrieved_docs") or []],
                "citations": [c.get("doc_id") for c in result.get("citations") or []]})
    finally:
        agent.forget(user, [user])
    relevance = answer_relevance(opts.embedder or agent.deps.similarity, [r["question"] for r in records],
                                 [r["answer"] for r in records])
    generated = generated_relevance(opts.embedder or agent.deps.similarity, [r["question"] for r in records],
                                    [r.get("generated_questions") for r in records])
    for r, value, gen_value in zip(records, relevance, generated, strict=True):
        r["metrics"]["answer_relevance"] = value
        r["metrics"]["answer_relevance_generated"] = gen_value
    return records


def run_all(agent: Any, scenarios: Sequence[Scenario], opts: RunOptions, out_dir: Path) -> dict[str, Any]:
    """Run every unfinished unit, appending to ``out_dir/results.jsonl``; Ctrl-C stops after the last whole
    unit. Returns counts (total, skipped as already done, run now, interrupted)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / RESULTS
    turns = max((len(s.turns) for s in scenarios), default=0)
    done = finished_units(path, turns)
    units = [(s, prof, mode) for s in scenarios for prof in opts.profiles for mode in opts.modes]
    todo = [u for u in units if unit_key(u[0].patient.patient_id, u[0].lang, u[1], u[2]) not in done]
    stats = {"units_total": len(units), "units_skipped": len(units) - len(todo), "units_run": 0, "interrupted": False}
    with path.open("a", encoding="utf-8") as fh, tqdm(total=len(units), initial=len(units) - len(todo), unit="unit",
                                                      desc="eval run", file=sys.stderr) as bar:
        try:
            for scenario, profile, mode in todo:
                records = run_unit(agent, scenario, profile, mode, opts)
                fh.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
                fh.flush()
                stats["units_run"] += 1
                bar.update(1)
        except KeyboardInterrupt:
            stats["interrupted"] = True
            log.warning("interrupted: %d finished units kept in %s", stats["units_run"], path)
    return stats
