"""`python -m index_builder build|medcat`: build retrieval indexes and the MedCAT model pack offline."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from medical_agent.embeddings import create_embedder
from medical_agent.indexing.chunking import VIEWS
from medical_agent.logging_setup import setup_logging
from medical_agent.retrieval.index_store import IndexLoadError
from medical_agent.settings import SettingsError, apply_offline_env, get_settings


def _build(args: argparse.Namespace) -> int:
    from medical_agent.indexing.build import build_index

    settings = get_settings()
    spec = args.embedder or settings.backends.embedder
    views = [v.strip() for v in args.views.split(",") if v.strip()]
    if not views or any(v not in VIEWS for v in views):
        raise SystemExit(f"--views must be a comma list of {', '.join(VIEWS)}")
    result = build_index(args.source, Path(args.out), assets_dir=settings.paths.assets_dir,
                         embedder=create_embedder(spec, settings), embedder_spec=spec,
                         chunk_chars=args.chunk_chars or None, views=views, force=args.force, add=args.add)
    m = result.manifest
    report = {"out": str(result.directory), "built": result.built, "seconds": round(result.seconds, 2),
              "counts": m["counts"], "embedded": result.embedded, "skipped": result.skipped,
              "embedder": m["embedder"], "dense_index": m["dense_index"]["type"],
              "bytes": sum(p.stat().st_size for p in result.directory.rglob("*") if p.is_file())}
    if args.store == "postgres":
        report["postgres"] = _export(args, settings, result.directory)
    print(json.dumps(report))
    return 0


def _export(args: argparse.Namespace, settings: Any, directory: Path) -> dict[str, Any]:
    """The index's passages, full text and vectors into PostgreSQL (the URL from --database-url or settings)."""
    import time

    import psycopg

    from medical_agent.indexing.postgres_store import export_to_postgres

    url = args.database_url or settings.backends.database_url
    if not url:
        raise ValueError("--store postgres needs --database-url postgresql://… or MEDAGENT_DATABASE_URL")
    start = time.perf_counter()
    try:
        record = export_to_postgres(directory, url, args.collection)
    except psycopg.Error as exc:
        raise ValueError(f"cannot write the collection to PostgreSQL: {exc}") from exc
    return {**record, "seconds": round(time.perf_counter() - start, 2)}


def _medcat(args: argparse.Namespace) -> int:
    from medical_agent.indexing.medcat_pack import build_medcat_pack

    result = build_medcat_pack(Path(args.concepts), Path(args.out))
    print(json.dumps(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    apply_offline_env()
    parser = argparse.ArgumentParser(prog="python -m index_builder", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build a BM25 + FAISS index from a corpus")
    b.add_argument("--source", default="assets", help="assets | jsonl:PATH | medquad:DIR | bioasq:DIR | pubmedqa:DIR | pdf:DIR | docs:DIR "
                   "(.pdf .md .txt .html) | hf:NAME[:split]")
    b.add_argument("--out", required=True, help="index directory to (re)write")
    b.add_argument("--embedder", help="embedder spec (default: the configured one)")
    b.add_argument("--chunk-chars", type=int, default=1500, help="max characters per chunk (0: no chunking)")
    b.add_argument("--views", default="full", help="what to embed per chunk: full,head,asked")
    b.add_argument("--force", action="store_true", help="rebuild from scratch, reusing nothing")
    b.add_argument("--add", action="store_true", help="documents: append the folder's new or changed files, keep "
                   "the ones already indexed (unchanged files are never re-embedded)")
    b.add_argument("--store", choices=("local", "postgres"), default="local",
                   help="postgres: also write the passages, full text and vectors to PostgreSQL (seed 004)")
    b.add_argument("--database-url", help="postgresql://… for --store postgres (default: MEDAGENT_DATABASE_URL)")
    b.add_argument("--collection", help="the collection's name in PostgreSQL (default: the --out folder's name)")
    b.set_defaults(func=_build)
    m = sub.add_parser("medcat", help="build the MedCAT model pack from the concept table")
    m.add_argument("--concepts", default="assets/concepts.csv")
    m.add_argument("--out", required=True)
    m.set_defaults(func=_medcat)
    args = parser.parse_args(argv)
    setup_logging()
    try:
        return args.func(args)
    except (ValueError, SettingsError, OSError, IndexLoadError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
