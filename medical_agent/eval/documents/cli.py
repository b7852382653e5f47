"""`python -m medical_agent eval documents` and `bench ingest`: the numbers of issue 17 (page-level success@k on
the team's leaflet questions; pages per second and seconds for a 100-page PDF on this machine)."""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from ..harness.jsonl import write_results
from .evaluate import evaluate_pages, load_questions


def _embedder(settings: Any, spec: str | None) -> tuple[Any, str]:
    from ...embeddings import create_embedder

    spec = spec or settings.backends.embedder
    return create_embedder(spec, settings), spec


def _build(settings: Any, docs: Path, index: Path, embedder: tuple[Any, str], kind: str = "docs") -> dict[str, Any]:
    from ...indexing.build import build_index

    start = time.perf_counter()
    result = build_index(f"{kind}:{docs}", index, assets_dir=settings.paths.assets_dir,
                         embedder=embedder[0], embedder_spec=embedder[1], chunk_chars=1200)
    seconds = time.perf_counter() - start
    pages = sum(int(d.get("pages") or 0) for d in result.manifest.get("documents", {}).values())
    return {"built": result.built, "seconds": round(seconds, 2), "documents": len(result.manifest["documents"]),
            "pages": pages, "chunks": result.manifest["counts"]["chunks"], "embedded": result.embedded,
            "skipped": result.skipped, "pages_per_second": round(pages / seconds, 2) if result.built else None}


def eval_command(args: argparse.Namespace) -> int:
    from ...composition import create_query_pipeline
    from ...settings import get_settings

    settings = get_settings()
    questions = load_questions(args.questions)
    embedder = _embedder(settings, args.embedder)       # loaded once: the build and the searches share it
    ingest = _build(settings, args.docs, args.index, embedder, args.kind)
    report = evaluate_pages(create_query_pipeline(settings, args.index, embedder=embedder[0]), questions, args.k)
    rows = report.pop("rows")
    write_results(args.out, rows)
    print(json.dumps({"docs": str(args.docs), "index": str(args.index), "ingest": ingest, **report},
                     ensure_ascii=False))
    return 0


def compose_pdf(sources: list[Path], pages: int, out: Path) -> int:
    """A ``pages``-page PDF made of the given PDFs' pages, repeated in turn (pypdfium2's page import)."""
    import pypdfium2 as pdfium

    target = pdfium.PdfDocument.new()
    while len(target) < pages:
        for path in sources:
            src = pdfium.PdfDocument(str(path))
            take = min(len(src), pages - len(target))
            target.import_pages(src, list(range(take)))
            src.close()
            if len(target) >= pages:
                break
    target.save(str(out))
    return len(target)


def ingest_command(args: argparse.Namespace) -> int:
    from ...indexing.documents.collection import parse_file, render_thumbnails
    from ...settings import get_settings

    settings = get_settings()
    sources = sorted(args.docs.glob("*.pdf"))
    if not sources:
        raise ValueError(f"no PDFs in {args.docs}")
    with tempfile.TemporaryDirectory(prefix="medagent-ingest-") as tmp:
        folder = Path(tmp) / "docs"
        folder.mkdir()
        pdf = folder / f"composed-{args.pages}.pdf"
        pages = compose_pdf(sources, args.pages, pdf)
        start = time.perf_counter()
        doc = parse_file(pdf, pdf.name)
        parse_s = time.perf_counter() - start
        start = time.perf_counter()
        render_thumbnails(pdf, Path(tmp) / "thumbs")
        thumbs_s = time.perf_counter() - start
        build = _build(settings, folder, Path(tmp) / "index", _embedder(settings, args.embedder))
    print(json.dumps({"pages": pages, "elements": len(doc.elements), "parse_seconds": round(parse_s, 2),
                      "thumbnail_seconds": round(thumbs_s, 2), "build": build,
                      "embedder": args.embedder or settings.backends.embedder}))
    return 0


def add_eval_parser(eval_subparsers: Any) -> None:
    p = eval_subparsers.add_parser("documents", help="page-level success@k on questions about a folder of documents")
    p.add_argument("--docs", type=Path, required=True, help="folder of .pdf/.md/.txt/.html documents")
    p.add_argument("--questions", type=Path, required=True, help="JSONL {id, question, doc, page, lang, kind}")
    p.add_argument("--index", type=Path, required=True, help="index folder (built or updated from --docs)")
    p.add_argument("--embedder", help="embedder spec (default: the configured one)")
    p.add_argument("--kind", choices=["docs", "pdf"], default="docs", help="pdf: only the folder's PDFs")
    p.add_argument("--k", type=int, default=5)
    p.add_argument("--out", type=Path, help="folder for results.jsonl (one row per question)")
    p.set_defaults(func=eval_command)
    from .poisoned import add_parser as add_poisoned

    add_poisoned(eval_subparsers)


def add_bench_parser(bench_subparsers: Any) -> None:
    p = bench_subparsers.add_parser("ingest", help="ingestion cost: a PDF of N pages parsed, rendered, indexed")
    p.add_argument("--docs", type=Path, required=True, help="folder of PDFs whose pages make the test PDF")
    p.add_argument("--pages", type=int, default=100)
    p.add_argument("--embedder", help="embedder spec (default: the configured one)")
    p.set_defaults(func=ingest_command)
