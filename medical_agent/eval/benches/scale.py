"""`bench scale`: how retrieval holds up from ten thousand to a million passages (issue 19's scale curve).

A synthetic corpus per size: each passage takes as many distinct terms as a real passage of ``--index`` (a
MedQuAD index), drawn by their document frequency in it, so the term statistics BM25 sees are MedQuAD's.
Vectors are random unit vectors (``--vectors random``: no cluster structure, the hardest case for approximate
search) or noisy copies of the index's own vectors (``--vectors index``: real neighbourhoods); the report says
which. Queries: the tokens of real questions for BM25, and for the dense side random unit vectors or noisy
copies of held-out real vectors.

Per size it reports BM25 p50; FAISS Flat (exact), HNSW and IVF p50 with recall@10 against Flat; hybrid p50 (BM25
plus HNSW, fused by the project's fusion code); with ``--database-url``, the same collection in PostgreSQL
(full text and pgvector HNSW: p50, recall@10, build seconds); build seconds and bytes of every structure.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import faiss
import numpy as np
from scipy import sparse

from ...retrieval.bm25 import BM25Index
from ...retrieval.dense import HNSW_EF_CONSTRUCTION, HNSW_EF_SEARCH, HNSW_M, HNSW_THRESHOLD
from ...retrieval.hybrid import fuse
from ...retrieval.index_store import LoadedIndex
from ..retrieval.metrics import percentile_ms

K, CANDIDATES = 10, 50


def synthetic_counts(index: LoadedIndex, n: int, rng: np.random.Generator) -> tuple[sparse.csr_matrix, list[str]]:
    """(n × vocabulary) term counts: real passage term counts, terms drawn by MedQuAD document frequency."""
    weights = index.bm25.weights.tocsr()
    lengths = np.diff(weights.indptr)                                # distinct terms per real passage
    df = np.diff(index.bm25.weights.tocsc().indptr).astype(np.float64)
    vocab = sorted(index.bm25.vocab, key=index.bm25.vocab.get)
    per_doc = rng.choice(lengths[lengths > 0], size=n)
    cols = rng.choice(len(vocab), size=int(per_doc.sum()), p=df / df.sum()).astype(np.int32)
    rows = np.repeat(np.arange(n, dtype=np.int32), per_doc)
    counts = sparse.csr_matrix((np.ones(len(cols), np.float32), (rows, cols)), shape=(n, len(vocab)))
    counts.sum_duplicates()
    return counts, vocab


def synthetic_vectors(n: int, dim: int, rng: np.random.Generator, base: np.ndarray | None = None,
                      noise: float = 0.05) -> np.ndarray:
    """Unit vectors: random, or ``base`` rows (cycled) plus Gaussian noise of ``noise`` per dimension."""
    if base is None:
        vectors = rng.standard_normal((n, dim), dtype=np.float32)
    else:
        vectors = base[np.arange(n) % len(base)] + rng.standard_normal((n, dim), dtype=np.float32) * noise
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.ascontiguousarray(vectors, dtype=np.float32)


def timed(build: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    made = build()
    return made, round(time.perf_counter() - start, 1)


def query_ms(search: Callable[[Any], Any], queries: Sequence[Any]) -> tuple[list[Any], float]:
    """Results and p50 milliseconds of ``search`` over ``queries`` (one at a time, as the agent asks)."""
    results, seconds = [], []
    for q in queries:
        start = time.perf_counter()
        results.append(search(q))
        seconds.append(time.perf_counter() - start)
    return results, percentile_ms(seconds, 50)


def recall(found: Sequence[Sequence[int]], truth: Sequence[Sequence[int]]) -> float:
    return round(float(np.mean([len(set(f[:K]) & set(t[:K])) / K for f, t in zip(found, truth, strict=True)])), 4)


def faiss_variants(vectors: np.ndarray, names: Sequence[str] = ("flat", "hnsw", "ivf")
                   ) -> dict[str, tuple[faiss.Index, float]]:
    """Flat, HNSW (the project's parameters) and IVF (√n·4 lists, 32 probed) of ``names``, with build seconds."""
    dim, n = vectors.shape[1], len(vectors)

    def hnsw() -> faiss.Index:
        index = faiss.IndexHNSWFlat(dim, HNSW_M, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efConstruction = HNSW_EF_CONSTRUCTION
        index.add(vectors)
        index.hnsw.efSearch = HNSW_EF_SEARCH
        return index

    def ivf() -> faiss.Index:
        lists = max(16, int(4 * np.sqrt(n)))
        index = faiss.IndexIVFFlat(faiss.IndexFlatIP(dim), dim, lists, faiss.METRIC_INNER_PRODUCT)
        index.train(vectors[np.random.default_rng(0).choice(n, size=min(n, 40 * lists), replace=False)])
        index.add(vectors)
        index.nprobe = 32
        return index

    def flat() -> faiss.Index:
        index = faiss.IndexFlatIP(dim)
        index.add(vectors)
        return index

    makers = {"flat": flat, "hnsw": hnsw, "ivf": ivf}
    return {name: timed(makers[name]) for name in names}


def search_sweep(hnsw: faiss.Index, ivf: faiss.Index, queries: np.ndarray, truth: list[list[int]]
                 ) -> list[dict[str, Any]]:
    """Recall@10 and p50 of the built HNSW at several efSearch and of IVF at several nprobe: the search-time
    knobs, measured on one build each (the app's values are HNSW_EF_SEARCH and 32)."""
    rows = []
    for kind, index, knob, values in (("hnsw", hnsw, "efSearch", (64, 128, 256, 512)),
                                      ("ivf", ivf, "nprobe", (16, 32, 64, 128))):
        target = index.hnsw if kind == "hnsw" else index
        before = getattr(target, knob)
        for value in values:
            setattr(target, knob, value)
            hits, p50 = query_ms(lambda q, b=index: b.search(q[None, :], CANDIDATES), queries)
            rows.append({"index": kind, knob: value, "p50_ms": p50,
                         "recall@10": recall([list(map(int, ids[0])) for _, ids in hits], truth)})
        setattr(target, knob, before)
    return rows


def bench_size(index: LoadedIndex, n: int, queries: list[list[str]], *, vectors_from: str, seed: int,
               database_url: str | None, local: bool = True, reuse: bool = False) -> dict[str, Any]:
    """One size of the curve. ``local=False`` measures only the PostgreSQL side (exact FAISS search is still the
    truth); ``reuse`` keeps a PostgreSQL collection an earlier run wrote from the same size, vectors and seed."""
    rng = np.random.default_rng(seed)
    dim = index.manifest["embedder"]["dim"]
    base = index.dense.index.reconstruct_n(0, index.dense.index.ntotal) if vectors_from == "index" else None
    held_out = None
    if base is not None:
        order = rng.permutation(len(base))
        held_out, base = base[order[:len(queries)]], base[order[len(queries):]]
    (counts, vocab), corpus_s = timed(lambda: synthetic_counts(index, n, rng))
    vectors = synthetic_vectors(n, dim, rng, base)
    query_vectors = synthetic_vectors(len(queries), dim, rng, held_out)
    report: dict[str, Any] = {"passages": n, "vectors": vectors_from, "dim": dim, "queries": len(queries),
                              "corpus_s": corpus_s, "terms": int(counts.nnz)}
    faiss.omp_set_num_threads(2)                           # building uses both cores; searching one (as the app)
    variants = faiss_variants(vectors, ("flat", "hnsw", "ivf") if local else ("flat",))
    faiss.omp_set_num_threads(1)
    found: dict[str, list[list[int]]] = {}
    for name, (built, build_s) in variants.items():
        hits, p50 = query_ms(lambda q, b=built: b.search(q[None, :], CANDIDATES), query_vectors)
        found[name] = [list(map(int, ids[0])) for _, ids in hits]
        report[f"faiss_{name}"] = {"p50_ms": p50, "build_s": build_s,
                                   "bytes": int(faiss.serialize_index(built).nbytes)}
    if local:
        bench_local(report, counts, vocab, variants, found, queries, query_vectors)
    if database_url:
        report["postgres"] = bench_postgres(database_url, n, counts, vocab, vectors, queries, query_vectors,
                                            found["flat"], fingerprint=f"vectors={vectors_from} seed={seed}",
                                            reuse=reuse)
    return report


def bench_local(report: dict[str, Any], counts: sparse.csr_matrix, vocab: list[str],
                variants: dict[str, tuple[faiss.Index, float]], found: dict[str, list[list[int]]],
                queries: list[list[str]], query_vectors: np.ndarray) -> None:
    """Adds to ``report``: BM25, the approximate FAISS indexes against exact search, their knobs, and the app's
    hybrid search."""
    n = counts.shape[0]
    bm25, report["bm25_build_s"] = timed(lambda: BM25Index.from_counts(counts, {t: i for i, t in enumerate(vocab)}))
    report["bm25_bytes"] = int(bm25.weights.data.nbytes + bm25.weights.indices.nbytes + bm25.weights.indptr.nbytes)
    _, report["bm25_p50_ms"] = query_ms(lambda q: bm25.top_k(q, CANDIDATES), queries)
    for name in ("hnsw", "ivf"):
        report[f"faiss_{name}"]["recall@10"] = recall(found[name], found["flat"])
    report["faiss_sweep"] = search_sweep(variants["hnsw"][0], variants["ivf"][0], query_vectors, found["flat"])
    hybrid = variants["hnsw"][0] if n > HNSW_THRESHOLD else variants["flat"][0]
    report["app_dense_index"] = "hnsw" if n > HNSW_THRESHOLD else "flat"

    def fused(i: int) -> list[tuple[int, float, int | None, int | None]]:
        scores, ids = hybrid.search(query_vectors[i][None, :], CANDIDATES)
        dense = [(int(c), float(s)) for c, s in zip(ids[0], scores[0], strict=True) if c >= 0]
        return fuse(bm25.top_k(queries[i], CANDIDATES), dense, method="hybrid", fusion="weighted_rrf",
                    weights=(1.0, 1.0), rrf_k=60, k=K)

    _, report["hybrid_p50_ms"] = query_ms(fused, range(len(queries)))


def bench_postgres(url: str, n: int, counts: sparse.csr_matrix, vocab: list[str], vectors: np.ndarray,
                   queries: list[list[str]], query_vectors: np.ndarray, truth: list[list[int]], *,
                   fingerprint: str, reuse: bool = False) -> dict[str, Any]:
    """The same corpus as a PostgreSQL collection (written by the builder's writer), searched by the retriever's
    PostgreSQL candidate source, with pgvector's ef_search swept on the one HNSW build. The collection's table
    comment records ``fingerprint`` (vectors and seed), so ``reuse`` keeps only a collection of the same corpus."""
    from ...retrieval.postgres_passages import PostgresCandidates, table_names, write_collection

    collection = f"scale_{n}"
    passages = table_names(collection)[0]
    reused = reuse and _collection_fingerprint(url, passages) == fingerprint
    build_s = None
    if not reused:
        words = np.asarray(vocab, dtype=object)
        texts = (" ".join(words[counts.indices[counts.indptr[i]:counts.indptr[i + 1]]]) for i in range(n))
        chunks = [{"chunk_id": f"s{i}", "doc_id": f"s{i}", "lang": "en"} for i in range(n)]
        _, build_s = timed(lambda: write_collection(url, collection, chunks, [("", t) for t in texts], [()] * n,
                                                    vectors, np.arange(n), 1))
        _set_fingerprint(url, passages, fingerprint)
    source = PostgresCandidates(url, collection)
    chosen = source.ef_search                        # the app's value for a collection of this size
    try:
        lexical, lexical_p50 = query_ms(lambda q: source.lexical(q, {}, CANDIDATES, None), queries)
        sweep = []
        query_ms(lambda v: source.dense(v[None, :], CANDIDATES, None), query_vectors)   # warm: a reused
        for ef in (64, 128, 256, 512):                                                  # collection starts cold
            source.ef_search = ef
            dense, p50 = query_ms(lambda v: source.dense(v[None, :], CANDIDATES, None), query_vectors)
            sweep.append({"ef_search": ef, "p50_ms": p50, "recall@10": recall([[c for c, _ in d] for d in dense],
                                                                              truth)})
        source.ef_search = chosen
        dense, dense_p50 = query_ms(lambda v: source.dense(v[None, :], CANDIDATES, None), query_vectors)
        _, hybrid_p50 = query_ms(lambda i: fuse(source.lexical(queries[i], {}, CANDIDATES, None),
                                                source.dense(query_vectors[i][None, :], CANDIDATES, None),
                                                method="hybrid", fusion="weighted_rrf", weights=(1.0, 1.0),
                                                rrf_k=60, k=K), range(len(queries)))
        with source.pool.connection() as conn:
            sizes = {table: int(conn.execute("SELECT pg_total_relation_size(%s)", (table,)).fetchone()[0])
                     for table in table_names(collection)}
    finally:
        source.close()
    return {"build_s": build_s, "reused": reused, "fulltext_ranking": source.ranking,
            "fulltext_p50_ms": lexical_p50, "ef_search": chosen, "pgvector_hnsw_p50_ms": dense_p50,
            "pgvector_recall@10": recall([[c for c, _ in d] for d in dense], truth), "pgvector_sweep": sweep,
            "hybrid_p50_ms": hybrid_p50, "bytes": sizes,
            "fulltext_hits_median": float(np.median([len(h) for h in lexical]))}


def _collection_fingerprint(url: str, passages: str) -> str | None:
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT obj_description(to_regclass(%s), 'pg_class')", (passages,)).fetchone()
    return row[0] if row else None


def _set_fingerprint(url: str, passages: str, fingerprint: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql.SQL("COMMENT ON TABLE {} IS {}").format(sql.Identifier(passages), sql.Literal(fingerprint)))


def run_command(args: Any) -> int:
    import json

    from ...retrieval.index_store import load_index
    from ..retrieval.data import load_benchmark

    stores = set(args.stores.split(","))
    if not stores or stores - {"local", "postgres"} or ("postgres" in stores) != bool(args.database_url):
        raise SystemExit("bench scale: --stores takes local and/or postgres, and postgres needs --database-url "
                         "(and --database-url needs postgres)")
    index = load_index(args.index)
    texts, _ = load_benchmark(args.dataset, args.queries, args.qrels, "all")
    queries = [q for q in (index.tokenizer.tokenize(t) for t in texts.values()) if q]
    for n in (int(s) for s in args.sizes.split(",")):
        report = bench_size(index, n, queries, vectors_from=args.vectors, seed=args.seed,
                            database_url=args.database_url, local="local" in stores,
                            reuse=args.reuse_postgres)
        report.update({"index": str(args.index), "dataset": args.dataset or str(args.queries)})
        print(json.dumps(report), flush=True)
    return 0


def add_parser(bench_subparsers: Any) -> None:
    from ..retrieval.cli import benchmark_args

    p = bench_subparsers.add_parser("scale", help="BM25, FAISS Flat/HNSW/IVF and pgvector on synthetic corpora of "
                                    "growing size: p50, recall@10, build time, bytes")
    benchmark_args(p)
    p.add_argument("--sizes", default="10000,100000,1000000", help="passages per synthetic corpus")
    p.add_argument("--vectors", choices=("random", "index"), default="random",
                   help="random unit vectors, or noisy copies of the index's vectors")
    p.add_argument("--database-url", help="postgresql://… to measure the PostgreSQL collection too")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--stores", default="local,postgres",
                   help="local (BM25 and FAISS) and/or postgres (with --database-url); exact FAISS search is the "
                   "truth either way")
    p.add_argument("--reuse-postgres", action="store_true",
                   help="keep a collection an earlier run wrote for the same size, --vectors and --seed")
    p.set_defaults(func=run_command)
