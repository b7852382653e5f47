"""The PostgreSQL retrieval backend against the index directory it was written from: the same exact dense top-10,
Korean full-text tokens equal to the BM25 tokenizer's, filters, and the retriever opened on it by the settings."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from index_builder.cli import main as index_builder
from medical_agent.embeddings import create_embedder
from medical_agent.indexing.chunking import bm25_text
from medical_agent.retrieval.candidates import LocalCandidates
from medical_agent.retrieval.factory import open_retriever
from medical_agent.retrieval.index_store import IndexLoadError, load_index
from medical_agent.retrieval.postgres_passages import PostgresCandidates, korean_tokens
from medical_agent.settings import load_settings
from tests.postgres_server import fresh_database

SPEC = "hashing:64"
QUERIES = ["metformin side effects", "high blood pressure treatment", "chest pain emergency", "warfarin bleeding",
           "메트포르민 부작용", "고혈압 치료", "가슴 통증", "당뇨병 증상이 뭔가요?"]


@pytest.fixture(scope="module")
def written(tmp_path_factory, postgres_server):
    """The assets knowledge base (Korean and English, two views) built and written to a database of its own."""
    url_iter = fresh_database(postgres_server)
    url = next(url_iter)
    out = tmp_path_factory.mktemp("pg-retrieval") / "assets_kb"
    code = index_builder(["build", "--source", "assets", "--out", str(out), "--embedder", SPEC, "--views",
                          "full,head", "--store", "postgres", "--database-url", url])
    assert code == 0
    index = load_index(out)
    pg = PostgresCandidates(url, index.manifest["postgres"]["collection"], exact=True)
    yield url, index, pg
    pg.close()
    next(url_iter, None)


def test_the_manifest_records_the_collection(written):
    _, index, pg = written
    record = index.manifest["postgres"]
    assert record["passages"] == len(index.chunks) and record["vectors"] == len(index.dense.rows)
    assert pg.views == 2 and record["tables"] == [pg.passages, pg.vectors, pg.terms]


def test_exact_dense_search_has_the_same_top_10_as_faiss(written):
    _, index, pg = written
    local, embedder = LocalCandidates(index), create_embedder(SPEC)
    for query in QUERIES:
        vectors = embedder.encode_queries([query, query + " please"])       # two query vectors, fused by max
        faiss_top, pg_top = local.dense(vectors, 10, None), pg.dense(vectors, 10, None)
        assert [c for c, _ in pg_top] == [c for c, _ in faiss_top], query
        assert np.allclose([s for _, s in pg_top], [s for _, s in faiss_top], atol=1e-5)


def test_hnsw_finds_the_exact_neighbours_on_a_small_corpus(written):
    url, index, pg = written
    approximate = PostgresCandidates(url, index.manifest["postgres"]["collection"])
    embedder = create_embedder(SPEC)
    try:
        recalls = []
        for query in QUERIES:
            vectors = embedder.encode_queries([query])
            exact = {c for c, _ in pg.dense(vectors, 10, None)}
            recalls.append(len(exact & {c for c, _ in approximate.dense(vectors, 10, None)}) / 10)
        assert np.mean(recalls) >= 0.95
    finally:
        approximate.close()


def test_korean_full_text_holds_the_bm25_tokenizers_tokens(written):
    _, index, pg = written
    korean = [i for i, c in enumerate(index.chunks) if c.get("lang") == "ko"][:40]
    assert korean
    with pg.pool.connection() as conn:
        for i in korean:
            rows = conn.execute(f"SELECT lexeme, cardinality(positions) FROM {pg.passages}, unnest(fts_ko) "
                                "WHERE id = %s", (i,)).fetchall()
            expected = Counter(korean_tokens(index.tokenizer.tokenize(bm25_text(index.chunks[i]))))
            assert dict(rows) == dict(expected), index.chunks[i]["chunk_id"]


def test_full_text_search_finds_the_passage_bm25_finds_first(written):
    _, index, pg = written
    local = LocalCandidates(index)
    for query in ("metformin side effects", "메트포르민 부작용", "고혈압 치료"):
        tokens = index.tokenizer.tokenize(query)
        best = local.lexical(tokens, {}, 1, None)[0][0]
        assert best in [c for c, _ in pg.lexical(tokens, {}, 5, None)], query
    assert pg.lexical(index.tokenizer.tokenize("the of and"), {}, 5, None) == []      # stop words only


def test_filters_apply_to_both_candidate_lists(written):
    _, index, pg = written
    tokens = index.tokenizer.tokenize("metformin 메트포르민")
    vectors = create_embedder(SPEC).encode_queries(["metformin 메트포르민"])
    for hits in (pg.lexical(tokens, {}, 10, {"lang": "ko"}), pg.dense(vectors, 10, {"lang": ["ko"]})):
        assert hits and all(index.chunks[c]["lang"] == "ko" for c, _ in hits)


def test_the_settings_open_a_retriever_on_postgres_and_refuse_what_is_missing(written, tmp_path):
    url, index, _ = written
    env = {"MEDAGENT_EMBEDDER": SPEC, "MEDAGENT_RETRIEVAL_STORE": "postgres", "MEDAGENT_DATABASE_URL": url}
    retriever = open_retriever(load_settings(env=env), index.directory)
    try:
        assert retriever.source.name == "postgres"
        hits = retriever.search("메트포르민 부작용이 뭔가요?", 5)
        assert len(hits) == 5 and any("메트포르민" in h.text or "etformin" in h.text for h in hits)
    finally:
        retriever.source.close()
    with pytest.raises(IndexLoadError, match="MEDAGENT_DATABASE_URL"):
        open_retriever(load_settings(env={**env, "MEDAGENT_DATABASE_URL": ""}), index.directory)
    plain = tmp_path / "plain"
    assert index_builder(["build", "--source", "assets", "--out", str(plain), "--embedder", SPEC]) == 0
    with pytest.raises(IndexLoadError, match="--store postgres"):
        open_retriever(load_settings(env=env), plain)


def test_a_database_without_pgvector_gets_it_when_written_and_a_clear_error_when_read(postgres_server, tmp_path):
    databases = fresh_database(postgres_server, vector=False)
    url = next(databases)
    try:
        with pytest.raises(IndexLoadError, match="no pgvector extension"):
            PostgresCandidates(url, "assets_kb")
        out = tmp_path / "kb"
        assert index_builder(["build", "--source", "assets", "--out", str(out), "--embedder", SPEC, "--store",
                              "postgres", "--database-url", url]) == 0
        with pytest.raises(IndexLoadError, match="no collection 'elsewhere'"):
            PostgresCandidates(url, "elsewhere")
    finally:
        next(databases, None)


def test_idf_ranking_weights_rare_lexemes_and_leaves_out_the_commonest(written):
    url, index, pg = written
    plain = PostgresCandidates(url, index.manifest["postgres"]["collection"], ranking="ts_rank")
    try:
        weights = pg._query_weights(index.tokenizer.tokenize("metformin metformin effects"), {"kidney": 0.5})
        assert set(plain._query_weights(["metformin", "effects"], {})) <= {"metformin", "effect"}
        assert weights["metformin"] > 0 and set(weights) <= {"metformin", "effect", "kidney"}
        with pg.pool.connection() as conn:
            ndoc = dict(conn.execute(f"SELECT word, ndoc FROM {pg.terms} WHERE word = ANY(%s)",
                                     [list(weights)]).fetchall())
            top, top_ndoc = conn.execute(
                f"SELECT word, ndoc FROM {pg.terms} WHERE word ~ '^[a-z]+$' AND to_tsvector('english', word) = "
                "(word || ':1')::tsvector ORDER BY ndoc DESC LIMIT 1").fetchone()
        assert top_ndoc > 0.1 * pg.size                       # the commonest lexeme: left out beside a rare one
        assert set(pg._query_weights([top, "metformin"], {})) == {"metformin"} and top in pg._query_weights([top], {})
        per_count = {w: weights[w] / {"metformin": 2, "kidney": 0.5}.get(w, 1) for w in weights}
        rarest, commonest = min(ndoc, key=ndoc.get), max(ndoc, key=ndoc.get)
        assert rarest == commonest or per_count[rarest] > per_count[commonest]
    finally:
        plain.close()
    with pytest.raises(ValueError, match="unknown full-text ranking"):
        PostgresCandidates(url, index.manifest["postgres"]["collection"], ranking="bm25")
