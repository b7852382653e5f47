"""`bench cache`: the response cache against the team's adversarial pairs (tests/data/cache_pairs_dev.jsonl).

Each pair is played by a fresh person through the whole agent (extraction, memory, retrieval, the scripted
stand-in LLM of ``bench turn``, verification, the cache): the first question, then the second. A trap pair
(``same: false``: a drug, dose, negation, who, when … changed) must never be answered from the cache (false
hits: must be 0); a paraphrase pair (``same: true``) may be, and its hit rate is reported. A pair whose first
answer was not cached (not verified as good, a red flag) cannot hit; so the decision is also checked for every
pair directly — similarity ≥ threshold, the same signature and the same profile version — as "would hit".
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from ...cache import question_signature


def load_pairs(path: Path) -> list[dict[str, Any]]:
    pairs = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        missing = {"id", "first", "second", "same"} - set(row)
        if missing:
            raise ValueError(f"{path}:{n}: missing {sorted(missing)}")
        pairs.append(row)
    return pairs


def play_pair(agent: Any, pair: dict[str, Any], threshold: float) -> dict[str, Any]:
    user = f"cache-bench-{pair['id']}"
    first = agent.run(user, pair["first"], thread_id=user)
    cached = agent.deps.cache.stats(user)["entries"] > 0
    second = agent.run(user, pair["second"], thread_id=user)
    vectors = agent.deps.similarity.encode_queries([pair["first"], pair["second"]])
    similarity = float(np.dot(vectors[0], vectors[1]))
    tokenizer = agent.deps.retriever.index.tokenizer
    same_signature = question_signature(pair["first"], first.get("slot_out"), tokenizer) == \
        question_signature(pair["second"], second.get("slot_out"), tokenizer)
    same_version = first.get("profile_version") == second.get("profile_version")
    return {"id": pair["id"], "kind": pair.get("kind", ""), "lang": pair.get("lang", ""), "same": bool(pair["same"]),
            "first_cached": cached, "hit": bool(second.get("cache_hit")), "similarity": round(similarity, 4),
            "same_signature": same_signature, "same_version": same_version,
            "would_hit": similarity >= threshold and same_signature and same_version}


def summarize(rows: list[dict[str, Any]], threshold: float) -> dict[str, Any]:
    traps = [r for r in rows if not r["same"]]
    paraphrases = [r for r in rows if r["same"]]
    measurable = [r for r in paraphrases if r["first_cached"]]
    close_traps = [r for r in traps if r["similarity"] >= threshold]
    return {
        "pairs": len(rows), "traps": len(traps), "paraphrases": len(paraphrases),
        "false_hits": [r["id"] for r in traps if r["hit"]],
        "traps_whose_first_answer_was_cached": sum(r["first_cached"] for r in traps),
        "traps_that_would_hit": [r["id"] for r in traps if r["would_hit"]],
        "traps_above_the_similarity_threshold": len(close_traps),
        "close_traps_by_kind": dict(Counter(r["kind"] for r in close_traps)),
        "paraphrase_hit_rate": round(sum(r["hit"] for r in measurable) / len(measurable), 3) if measurable else None,
        "paraphrases_whose_first_answer_was_cached": len(measurable),
        "paraphrases_that_would_hit": round(sum(r["would_hit"] for r in paraphrases) / len(paraphrases), 3)
        if paraphrases else None,
        "paraphrase_misses": {"below_threshold": sum(r["similarity"] < threshold for r in paraphrases),
                              "signature_differs": sum(not r["same_signature"] for r in paraphrases),
                              "profile_changed": sum(not r["same_version"] for r in paraphrases)},
    }


def bench_cache(agent: Any, pairs: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    threshold = agent.deps.settings.flags.cache_similarity_threshold
    rows = [play_pair(agent, pair, threshold) for pair in pairs]
    return summarize(rows, threshold), rows


def run_command(args: Any) -> int:
    from ...composition import create_agent
    from ...llm import ScriptedLLM
    from ...settings import get_settings
    from ...storage import open_storage
    from .turn import bench_responder

    agent = create_agent(get_settings(), llm=ScriptedLLM(bench_responder), index=args.index,
                         storage=open_storage(":memory:"))
    report, rows = bench_cache(agent, load_pairs(args.pairs))
    if args.out:
        args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    report.update({"pairs_file": str(args.pairs), "index": str(args.index) if args.index else "knowledge base"})
    print(json.dumps(report, ensure_ascii=False))
    return 1 if report["false_hits"] else 0


def add_parser(bench_subparsers: Any) -> None:
    p = bench_subparsers.add_parser("cache", help="response cache: false hits on adversarial pairs, paraphrase hits")
    p.add_argument("--pairs", type=Path, default=Path("tests/data/cache_pairs_dev.jsonl"))
    p.add_argument("--index", type=Path, help="index directory (default: the knowledge base)")
    p.add_argument("--out", type=Path, help="per-pair JSONL")
    p.set_defaults(func=run_command)
