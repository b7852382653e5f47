"""`bench scale` on a small synthetic corpus: the report's structures are built and measured, exact search is
the truth the approximate ones are scored against, and the PostgreSQL collection is searched like the app does."""

from __future__ import annotations

import numpy as np
import pytest

from medical_agent.embeddings import create_embedder
from medical_agent.eval.benches.scale import bench_size, recall, synthetic_counts, synthetic_vectors
from medical_agent.indexing.build import build_index
from medical_agent.retrieval.index_store import load_index
from medical_agent.settings import PROJECT_ROOT


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    out = tmp_path_factory.mktemp("scale") / "kb"
    build_index("assets", out, assets_dir=PROJECT_ROOT / "assets", embedder=create_embedder("hashing:64"),
                embedder_spec="hashing:64", views=("full", "head"))
    return load_index(out)


def test_synthetic_passages_follow_the_index_s_term_statistics(index):
    counts, vocab = synthetic_counts(index, 3000, np.random.default_rng(0))
    real = np.diff(index.bm25.weights.tocsr().indptr)
    fake = np.diff(counts.indptr)
    assert counts.shape == (3000, len(vocab)) and abs(np.median(fake) - np.median(real)) <= 0.15 * np.median(real)
    common = np.argsort(-np.diff(index.bm25.weights.tocsc().indptr))[:20]       # the index's most frequent terms
    assert np.diff(counts.tocsc().indptr)[common].mean() > np.diff(counts.tocsc().indptr).mean() * 5


def test_vectors_are_unit_length_and_copies_stay_near_their_source(index):
    rng = np.random.default_rng(0)
    base = synthetic_vectors(10, 64, rng)
    copies = synthetic_vectors(30, 64, rng, base, noise=0.05)
    assert np.allclose(np.linalg.norm(copies, axis=1), 1.0, atol=1e-5)
    assert (np.sum(copies * base[np.arange(30) % 10], axis=1) > 0.5).all()
    assert recall([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]], [[1, 2, 3, 4, 5, 6, 7, 8, 9, 11]]) == 0.9


def test_a_small_scale_point_with_postgres(index, postgres_url):
    queries = [index.tokenizer.tokenize(q) for q in ("metformin side effects", "고혈압 치료", "chest pain")]
    report = bench_size(index, 3000, queries, vectors_from="index", seed=0, database_url=postgres_url)
    assert report["passages"] == 3000 and report["app_dense_index"] == "flat"
    assert report["faiss_hnsw"]["recall@10"] >= 0.9 and 0 <= report["faiss_ivf"]["recall@10"] <= 1
    assert report["faiss_flat"]["bytes"] >= 3000 * 64 * 4 and report["bm25_p50_ms"] > 0
    pg = report["postgres"]
    assert pg["pgvector_recall@10"] >= 0.9 and pg["fulltext_hits_median"] > 0
    assert pg["bytes"]["kb_scale_3000_vectors"] > 0 and pg["hybrid_p50_ms"] > 0
    assert [r["ef_search"] for r in pg["pgvector_sweep"]] == [64, 128, 256, 512] and not pg["reused"]
    assert pg["ef_search"] == 256                   # a small collection: the app's value below 200,000 passages


def test_postgres_alone_reuses_only_a_collection_of_the_same_corpus(index, postgres_url):
    queries = [index.tokenizer.tokenize(q) for q in ("metformin side effects", "chest pain")]

    def point(seed: int) -> dict:
        return bench_size(index, 1500, queries, vectors_from="random", seed=seed, database_url=postgres_url,
                          local=False, reuse=True)

    first, again, other = point(3), point(3), point(4)
    assert "bm25_p50_ms" not in first and "faiss_hnsw" not in first and first["faiss_flat"]["p50_ms"] >= 0
    assert (first["postgres"]["reused"], again["postgres"]["reused"], other["postgres"]["reused"]) == (
        False, True, False)
    assert again["postgres"]["build_s"] is None and other["postgres"]["build_s"] is not None
    assert again["postgres"]["pgvector_recall@10"] == first["postgres"]["pgvector_recall@10"]


def test_the_search_knobs_are_swept_on_one_build(index):
    queries = [index.tokenizer.tokenize(q) for q in ("metformin side effects", "chest pain")]
    report = bench_size(index, 2000, queries, vectors_from="random", seed=1, database_url=None)
    sweep = {(r["index"], r.get("efSearch", r.get("nprobe"))): r["recall@10"] for r in report["faiss_sweep"]}
    assert set(sweep) == {("hnsw", v) for v in (64, 128, 256, 512)} | {("ivf", v) for v in (16, 32, 64, 128)}
    assert sweep[("hnsw", 512)] >= sweep[("hnsw", 64)] and sweep[("ivf", 128)] >= sweep[("ivf", 16)]
    assert "postgres" not in report
