"""hit@k of a follow-up turn ("그 약을 계속 먹어도 되나요?") against the turn that named its topic, on pairs of
messages with gold passages (``tests/data/followups/followups.jsonl``).

Each pair runs as a fresh person's conversation through the agent: the naming message, then the follow-up. A hit
is a top-k passage whose pair id (its id without the language suffix) is one of the pair's gold ids. The follow-up
is also run alone, in a conversation of its own: the floor, what retrieval finds when nothing is resolved.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..harness.jsonl import missing_keys, read_jsonl
from ..harness.stats import wilson

KEYS = ("id", "lang", "first", "follow", "gold")
_LANG_SUFFIX = re.compile(r"-(?:en|ko)$")


def load_pairs(path: Path) -> list[dict[str, Any]]:
    return read_jsonl(path, missing_keys(*KEYS))


def pair_id(doc: dict[str, Any]) -> str:
    return _LANG_SUFFIX.sub("", str(doc.get("doc_id") or ""))


def hit(result: dict[str, Any], gold: set[str], k: int) -> bool:
    return any(pair_id(d) in gold for d in (result.get("retrieved_docs") or [])[:k])


def evaluate_pairs(run: Callable[[str, str, str], dict[str, Any]], pairs: list[dict[str, Any]], k: int
                   ) -> dict[str, Any]:
    """``run(user, message, thread)`` is one agent turn. Returns hit@k per turn kind, paired counts and rows."""
    rows = []
    for p in pairs:
        gold = set(p["gold"])
        first = run(f"fu-{p['id']}", p["first"], "conversation")
        follow = run(f"fu-{p['id']}", p["follow"], "conversation")
        alone = run(f"fu-{p['id']}-alone", p["follow"], "alone")
        rows.append({"id": p["id"], "lang": p["lang"], "kind": p.get("kind", ""), "first": hit(first, gold, k),
                     "follow": hit(follow, gold, k), "alone": hit(alone, gold, k), "route": follow.get("route"),
                     "referent": (follow.get("followup") or {}).get("referent")})
    n = len(rows)
    rates = {key: _rate(sum(r[key] for r in rows), n) for key in ("first", "follow", "alone")}
    by_lang = {lang: {key: round(sum(r[key] for r in rows if r["lang"] == lang) / m, 3)
                      for key in ("first", "follow", "alone")} | {"n": m}
               for lang in sorted({r["lang"] for r in rows}) if (m := sum(r["lang"] == lang for r in rows))}
    return {"k": k, "n": n, **rates, "by_lang": by_lang,
            "resolved": round(sum(r["route"] == "history_required" for r in rows) / n, 3),
            "follow_only": sum(r["follow"] and not r["first"] for r in rows),
            "first_only": sum(r["first"] and not r["follow"] for r in rows), "rows": rows}


def _rate(hits: int, n: int) -> dict[str, Any]:
    return {"hit": round(hits / n, 3), "ci95": [round(x, 3) for x in wilson(hits, n)]}
