"""`python -m index_builder build|medcat`: build retrieval indexes and the MedCAT model pack offline."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from medical_agent.embeddings import create_embedder
from medical_agent.indexing.chunking import VIEWS
from medical_agent.logging_setup import setup_logging
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
    print(json.dumps({"out": str(result.directory), "built": result.built, "seconds": round(result.seconds, 2),
                      "counts": m["counts"], "embedded": result.embedded, "skipped": result.skipped,
                      "embedder": m["embedder"], "dense_index": m["dense_index"]["type"],
                      "bytes": sum(p.stat().st_size for p in result.directory.rglob("*") if p.is_file())}))
    return 0


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
    b.add_argument("--views", default="full", help="what to embed per chunk: full,head")
    b.add_argument("--force", action="store_true", help="rebuild from scratch, reusing nothing")
    b.add_argument("--add", action="store_true", help="documents: append the folder's new or changed files, keep "
                   "the ones already indexed (unchanged files are never re-embedded)")
    b.set_defaults(func=_build)
    m = sub.add_parser("medcat", help="build the MedCAT model pack from the concept table")
    m.add_argument("--concepts", default="assets/concepts.csv")
    m.add_argument("--out", required=True)
    m.set_defaults(func=_medcat)
    args = parser.parse_args(argv)
    setup_logging()
    try:
        return args.func(args)
    except (ValueError, SettingsError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
