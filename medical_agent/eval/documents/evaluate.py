"""Page-level success@k on questions with a gold (document, page), and ingestion throughput.

A hit is a retrieved passage of the gold document on the gold page: the measure of whether the agent can cite the
page the answer is on. The questions are the team's (``tests/data/leaflets/questions.jsonl``); the agent's own
query pipeline searches (concept linking, expansion, the language rule), so the number is what the chat would cite.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..harness.jsonl import missing_keys, read_jsonl
from ..harness.stats import wilson
from ..retrieval.metrics import percentile_ms


def load_questions(path: Path) -> list[dict[str, Any]]:
    return read_jsonl(path, missing_keys("id", "question", "doc", "page"))


def page_hit(hits: Sequence[Any], doc: str, page: int, k: int) -> int | None:
    """Rank (1-based) of the first top-``k`` hit on the gold document's gold page, else None."""
    for rank, h in enumerate(hits[:k], start=1):
        if Path(h.source).name == doc and h.metadata.get("page") == page:
            return rank
    return None


def evaluate_pages(pipeline: Any, questions: list[dict[str, Any]], k: int) -> dict[str, Any]:
    rows, times = [], []
    for q in questions:
        start = time.perf_counter()
        hits, _ = pipeline.search(q["question"], k)
        times.append(time.perf_counter() - start)
        rank = page_hit(hits, q["doc"], int(q["page"]), k)
        doc_rank = next((r for r, h in enumerate(hits[:k], start=1) if Path(h.source).name == q["doc"]), None)
        rows.append({"id": q["id"], "lang": q.get("lang", ""), "kind": q.get("kind", ""), "rank": rank,
                     "doc_rank": doc_rank, "top": [f"{h.source} p.{h.metadata.get('page')} "
                                                  f"{h.metadata.get('category')}" for h in hits[:3]]})
    return {"k": k, **_rates(rows), "by_lang": _groups(rows, "lang"), "by_kind": _groups(rows, "kind"),
            "search_ms_p50": percentile_ms(times, 50), "rows": rows}


def _rates(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    hits = sum(r["rank"] is not None for r in rows)
    low, high = wilson(hits, n)
    return {"n": n, "page_success": round(hits / n, 3) if n else None, "ci95": [round(low, 3), round(high, 3)],
            "page_success_at_1": round(sum(r["rank"] == 1 for r in rows) / n, 3) if n else None,
            "doc_success": round(sum(r["doc_rank"] is not None for r in rows) / n, 3) if n else None}


def _groups(rows: list[dict[str, Any]], key: str) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(r[key] or "-", []).append(r)
    return {g: {k: v for k, v in _rates(rs).items() if k in ("n", "page_success")} for g, rs in sorted(groups.items())}
