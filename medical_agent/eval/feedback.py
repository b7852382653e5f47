"""`python -m medical_agent eval feedback`: what people's 👍/👎 on the demo's answers say (issue 34, item 7).

Reads every rating from the storage the app writes (SQLite file or PostgreSQL, as configured, or ``--database``)
and prints one JSON object: how many ratings, the share of 👎 overall and by route, relevance verdict and language,
and the worst answers (the 👎 ones, those with a comment first, newest first) with the evidence they were made from.
The rows carry no person; the report goes to stdout, never to the log.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any

DOWN = "down"


def _shares(rows: list[dict[str, Any]], field: str) -> dict[str, dict[str, Any]]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        value = str((row.get("trace") or {}).get(field) or "unknown")
        counts[value][0] += 1
        counts[value][1] += row.get("rating") == DOWN
    return {k: {"ratings": n, "down": d, "down_share": round(d / n, 3)} for k, (n, d) in sorted(counts.items())}


def worst_answers(rows: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """The 👎 answers, those the person explained first, each with its question, route, verdict and evidence."""
    down = sorted((r for r in rows if r.get("rating") == DOWN), key=lambda r: r.get("updated_at") or "", reverse=True)
    down.sort(key=lambda r: not r.get("comment"))          # stable: explained first, each group newest first
    out = []
    for row in down[:limit]:
        trace = row.get("trace") or {}
        out.append({"question": trace.get("question"), "comment": row.get("comment") or "",
                    "route": trace.get("route"), "verdict": trace.get("verdict"), "language": trace.get("language"),
                    "model": trace.get("model"), "generator": trace.get("generator"),
                    "evidence": [e.get("title") or e.get("doc_id") for e in trace.get("evidence") or []],
                    "cited": trace.get("cited") or [], "answer": (trace.get("answer") or "")[:300],
                    "at": row.get("updated_at")})
    return out


def summarize(rows: list[dict[str, Any]], worst: int = 10) -> dict[str, Any]:
    down = sum(r.get("rating") == DOWN for r in rows)
    return {"ratings": len(rows), "down": down, "down_share": round(down / len(rows), 3) if rows else None,
            "with_comment": sum(bool(r.get("comment")) for r in rows),
            "by_route": _shares(rows, "route"), "by_verdict": _shares(rows, "verdict"),
            "by_language": _shares(rows, "language"), "worst": worst_answers(rows, worst)}


def run_command(args: argparse.Namespace) -> int:
    from ..settings import get_settings
    from ..storage import open_storage

    settings = get_settings()
    with open_storage(args.database or settings.backends.database_url or settings.paths.db_path) as storage:
        rows = storage.feedback.all(args.limit)
    print(json.dumps(summarize(rows, args.worst), ensure_ascii=False))
    return 0


def add_parser(ev: argparse._SubParsersAction) -> None:
    p = ev.add_parser("feedback", help="people's 👍/👎 on the demo's answers: share of 👎 by route, verdict and "
                                       "language; the worst answers with their evidence")
    p.add_argument("--database", help="database URL or SQLite path (default: the app's, from the settings)")
    p.add_argument("--worst", type=int, default=10, help="how many of the worst answers to list")
    p.add_argument("--limit", type=int, default=10_000, help="read at most this many of the newest ratings")
    p.set_defaults(func=run_command)
