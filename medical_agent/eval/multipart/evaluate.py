"""All-parts coverage@k on multi-part questions (``tests/data/multipart/multipart.jsonl``): a question counts when
every one of its parts has a gold passage (by pair id) in the top k. Methods: ``single`` searches the whole message
once (the pipeline as before planning); ``planner`` plans it (retrieval.planning) and searches the variants in
parallel. Both go through the same query pipeline, so the difference is the plan."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...evidence import Evidence
from ..followups.evaluate import pair_id
from ..harness.jsonl import read_jsonl
from ..harness.stats import mcnemar_exact, wilson
from ..retrieval.metrics import percentile_ms

Method = Callable[[str, int], list[Evidence]]


def load_questions(path: Path) -> list[dict[str, Any]]:
    return read_jsonl(path, _problem)


def _problem(q: dict[str, Any]) -> str:
    parts = q.get("parts")
    ok = "question" in q and isinstance(parts, list) and parts and all(p.get("gold") for p in parts)
    return "" if ok else "needs a question and parts, each with gold pair ids"


def coverage(hits: list[Evidence], parts: list[dict[str, Any]], k: int) -> list[bool]:
    found = {pair_id({"doc_id": h.doc_id}) for h in hits[:k]}
    return [bool(found & set(p["gold"])) for p in parts]


def evaluate(methods: dict[str, Method], questions: list[dict[str, Any]], k: int) -> dict[str, Any]:
    rows, times = [], {m: [] for m in methods}
    for q in questions:
        row = {"id": q["id"], "lang": q.get("lang", ""), "parts": len(q["parts"])}
        for name, search in methods.items():
            start = time.perf_counter()
            hits = search(q["question"], k)
            times[name].append(time.perf_counter() - start)
            covered = coverage(hits, q["parts"], k)
            row[name] = {"all": all(covered), "parts": covered}
        rows.append(row)
    n = len(rows)
    report: dict[str, Any] = {"k": k, "n": n}
    for name in methods:
        hits = sum(r[name]["all"] for r in rows)
        report[name] = {"all_parts": round(hits / n, 3), "ci95": [round(x, 3) for x in wilson(hits, n)],
                        "part_recall": round(sum(sum(r[name]["parts"]) for r in rows)
                                             / sum(r["parts"] for r in rows), 3),
                        "by_lang": {lang: round(sum(r[name]["all"] for r in rows if r["lang"] == lang)
                                                / max(1, sum(r["lang"] == lang for r in rows)), 3)
                                    for lang in sorted({r["lang"] for r in rows})},
                        "ms_p50": percentile_ms(times[name], 50)}
    for key, new, old in (("mcnemar", "planner", "single"), ("mcnemar_llm_planner", "llm_planner", "single"),
                          ("mcnemar_llm_vs_rules", "llm_planner", "planner")):
        if {new, old} <= set(methods):
            b = sum(r[new]["all"] and not r[old]["all"] for r in rows)
            c = sum(r[old]["all"] and not r[new]["all"] for r in rows)
            report[key] = {f"{new}_only": b, f"{old}_only": c, "p_exact": round(mcnemar_exact(b, c), 5)}
    report["rows"] = rows
    return report
