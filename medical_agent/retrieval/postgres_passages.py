"""Passages in PostgreSQL as in seed 004, searched by the hybrid retriever through :class:`PostgresCandidates`.

Two tables per index (``collection``): the passages, with two full-text columns — English ``to_tsvector('english',
…)`` over the same text BM25 indexes, and Korean as the project's kiwi morphemes cast to a tsvector (no parser:
the lexemes are exactly the BM25 tokenizer's tokens, 인슐린 저항성 included) — with GIN and B-tree indexes; and one row per
(passage, view) with its pgvector embedding under an HNSW index (inner product: the vectors are unit length).
The row ids are the chunk indexes of the index directory, so both candidate lists fuse in the project's own
fusion code, and the passages' text, tokenizer and vocabulary still come from the index directory.

``write_collection`` (used by ``index_builder build --store postgres``) fills new tables and swaps them in by
renaming inside one transaction: searches running meanwhile see the old collection or the new, never half of one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ..text import HANGUL
from .candidates import Filters
from .index_store import IndexLoadError

RANKINGS = ("idf", "ts_rank")
COMMON_SHARE = 0.1          # idf ranking: a lexeme in more than this share of the passages is left out (if any is rarer)
COLUMNS = ("lang", "source", "topic", "category", "doc_id")      # filterable columns; other keys: metadata
HNSW = {"m": 16, "ef_construction": 64}
# pgvector's ef_search by collection size (bench scale, LiveQA queries over noisy copies of real vectors): at 100,000
# passages 128 gives recall@10 0.953 and 256 0.984 (7 ms); at a million 256 gives 0.931 and 512 0.966 (19 ms)
EF_SEARCH, EF_SEARCH_LARGE, LARGE_COLLECTION = 256, 512, 200_000
MAX_POSITION = 16383        # PostgreSQL's largest tsvector position; 256 positions per lexeme at most
_LATIN = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")


def default_ef_search(size: int) -> int:
    return EF_SEARCH_LARGE if size > LARGE_COLLECTION else EF_SEARCH


def table_names(collection: str) -> tuple[str, str, str]:
    """The passages, vectors and term-statistics tables of ``collection`` (letters, digits and _ only)."""
    name = re.sub(r"[^a-z0-9_]+", "_", collection.lower()).strip("_")[:40] or "kb"
    return f"kb_{name}", f"kb_{name}_vectors", f"kb_{name}_terms"


def korean_tokens(tokens: Iterable[str]) -> list[str]:
    """The Korean part of the BM25 tokenizer's output (every Korean token holds Hangul; Latin ones never do)."""
    return [t for t in tokens if HANGUL.search(t)]


def _quoted(word: str) -> str:
    """A lexeme in PostgreSQL's tsvector/tsquery text form: quoted, so a kiwi token with a space inside
    (인슐린 저항성) stays one lexeme."""
    return "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"


def _or_query(words: Iterable[str]) -> str:
    """A tsquery text matching any of ``words``."""
    return " | ".join(_quoted(w) for w in dict.fromkeys(words))


def korean_tsvector(tokens: Sequence[str]) -> str:
    """The Korean tokens as a tsvector literal with their positions (as term frequencies for ``ts_rank``). It is
    cast, not parsed by a text-search configuration, so the lexemes are exactly the tokenizer's."""
    positions: dict[str, list[int]] = {}
    for position, token in enumerate(korean_tokens(tokens), start=1):
        positions.setdefault(token, []).append(min(position, MAX_POSITION))
    return " ".join(f"{_quoted(t)}:{','.join(map(str, sorted(set(p))[:256]))}" for t, p in positions.items())


def _pool(url: str, *, create_extension: bool = False) -> Any:
    """A small pool whose connections know pgvector's type; the extension is created first when writing (it must
    exist before a connection can register the type), and its absence is a clear error when reading."""
    try:
        import psycopg
        from pgvector.psycopg import register_vector
        from psycopg_pool import ConnectionPool
    except ImportError as exc:
        raise IndexLoadError("PostgreSQL retrieval needs psycopg, psycopg-pool and pgvector: "
                             "pip install -r requirements.txt") from exc
    from ..storage.postgres import redact

    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
            if create_extension:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            elif conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone() is None:
                raise IndexLoadError(f"the database at {redact(url)} has no pgvector extension, so no collection; "
                                     "write one with: python -m index_builder build --store postgres ...")
    except psycopg.Error as exc:
        raise IndexLoadError(f"cannot connect to PostgreSQL at {redact(url)}: {exc}") from exc
    pool = ConnectionPool(url, min_size=1, max_size=4, open=False, configure=register_vector,
                          kwargs={"autocommit": True})
    pool.open(wait=True, timeout=10)
    return pool


class PostgresCandidates:
    """The candidate lists from PostgreSQL: ``ts_rank`` over the full-text columns (length-normalised), and
    pgvector's HNSW (``exact=True``: a sequential scan, for parity checks and small corpora)."""

    name = "postgres"

    def __init__(self, url: str, collection: str, *, exact: bool = False, ef_search: int | None = None,
                 ranking: str = "idf") -> None:
        if ranking not in RANKINGS:
            raise ValueError(f"unknown full-text ranking {ranking!r}; valid: {', '.join(RANKINGS)}")
        self.passages, self.vectors, self.terms = table_names(collection)
        self.exact, self.ranking = exact, ranking
        self.pool = _pool(url)
        with self.pool.connection() as conn:
            found = conn.execute("SELECT to_regclass(%s), to_regclass(%s), to_regclass(%s)",
                                 (self.passages, self.vectors, self.terms)).fetchone()
        if None in found:
            self.pool.close()
            raise IndexLoadError(f"PostgreSQL has no collection {collection!r} (tables {self.passages}, "
                                 f"{self.vectors}, {self.terms}); write it with: python -m index_builder build "
                                 "--store postgres ...")
        with self.pool.connection() as conn:
            self.views = int(conn.execute(f"SELECT COALESCE(MAX(view), 0) + 1 FROM {self.vectors}").fetchone()[0])
            self.size = int(conn.execute(f"SELECT COUNT(*) FROM {self.passages}").fetchone()[0])
        self.ef_search = ef_search or default_ef_search(self.size)

    def _where(self, filters: Filters, alias: str = "p") -> tuple[str, list[Any]]:
        clauses, args = [], []
        for key, allowed in (filters or {}).items():
            values = [allowed] if isinstance(allowed, str) else list(allowed)
            column = f"{alias}.{key}" if key in COLUMNS else f"{alias}.metadata->>%s"
            if key not in COLUMNS:
                args.append(key)
            clauses.append(f"{column} = ANY(%s)")
            args.append(values)
        return (" AND " + " AND ".join(clauses) if clauses else ""), args

    def lexical(self, tokens: Sequence[str], extra: Mapping[str, float], n: int, filters: Filters
                ) -> list[tuple[int, float]]:
        """English words go through PostgreSQL's English stemmer; Korean tokens match the stored morphemes.
        ``ts_rank`` alone knows no document frequency, so by default (``ranking="idf"``) each query lexeme's
        ``ts_rank`` is weighted by its BM25 IDF (from the collection's term table) times its count in the query,
        and lexemes in more than ``COMMON_SHARE`` of the passages are left out while rarer ones remain: they barely
        move the ranking and make the match set most of the corpus."""
        weights = self._query_weights(tokens, extra)
        if not weights:
            return []
        where, args = self._where(filters)
        column = {w: "fts_ko" if HANGUL.search(w) else "fts_en" for w in weights}
        by_column: dict[str, list[str]] = {}
        for word, name in column.items():
            by_column.setdefault(name, []).append(word)
        match = " OR ".join(f"p.{name} @@ %s::tsquery" for name in by_column)
        match_args = [_or_query(words) for words in by_column.values()]
        score = " + ".join(f"%s * ts_rank(p.{column[w]}, %s::tsquery, 1)" for w in weights)
        score_args = [a for w, weight in weights.items() for a in (weight, _quoted(w))]
        sql = (f"SELECT p.id, {score} AS score FROM {self.passages} p WHERE ({match}){where} "
               "ORDER BY score DESC, p.id LIMIT %s")
        with self.pool.connection() as conn:
            rows = conn.execute(sql, [*score_args, *match_args, *args, n]).fetchall()
        return [(int(i), float(s)) for i, s in rows if s > 0]

    def _query_weights(self, tokens: Sequence[str], extra: Mapping[str, float]) -> dict[str, float]:
        """Lexeme → weight: the query's counts (expansion terms add their weight), times the IDF (``idf``)."""
        counts: dict[str, float] = {}
        for token in tokens:
            counts[token] = counts.get(token, 0.0) + 1.0
        for token, weight in extra.items():
            counts[token] = counts.get(token, 0.0) + weight
        english = [t for t in counts if _LATIN.fullmatch(t)]
        lexemes: dict[str, float] = {t: w for t, w in counts.items() if HANGUL.search(t)}
        with self.pool.connection() as conn:
            if english:         # the English stemmer's lexemes of each word (a stop word has none)
                for word, lexeme in conn.execute(
                        "SELECT w, unnest(tsvector_to_array(to_tsvector('english', w))) FROM unnest(%s::text[]) w",
                        [english]).fetchall():
                    lexemes[lexeme] = lexemes.get(lexeme, 0.0) + counts[word]
            if self.ranking == "ts_rank" or not lexemes:
                return lexemes
            df = dict(conn.execute(f"SELECT word, ndoc FROM {self.terms} WHERE word = ANY(%s)",
                                   [list(lexemes)]).fetchall())
        known = {w: df[w] for w in lexemes if df.get(w)}
        rare = {w: d for w, d in known.items() if d <= COMMON_SHARE * self.size} or known
        return {w: lexemes[w] * float(np.log(1 + (self.size - d + 0.5) / (d + 0.5))) for w, d in rare.items()}

    def dense(self, vectors: np.ndarray, n: int, filters: Filters) -> list[tuple[int, float]]:
        where, args = self._where(filters)
        join = f" JOIN {self.passages} p ON p.id = v.chunk WHERE TRUE{where}" if where else ""
        sql = (f"SELECT v.chunk, -(v.embedding <#> %s) AS score FROM {self.vectors} v{join} "
               f"ORDER BY v.embedding <#> %s LIMIT %s")
        best: dict[int, float] = {}
        with self.pool.connection() as conn, conn.transaction():
            conn.execute(f"SET LOCAL hnsw.ef_search = {int(self.ef_search)}")
            conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")    # filters keep n results
            if self.exact:
                conn.execute("SET LOCAL enable_indexscan = off")
            for vector in np.atleast_2d(np.asarray(vectors, dtype=np.float32)):
                for chunk, score in conn.execute(sql, [vector, *args, vector, n * self.views + 8]).fetchall():
                    best[int(chunk)] = max(best.get(int(chunk), -np.inf), float(score))
        return sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    def chunk_vectors(self, chunks: Sequence[int]) -> np.ndarray:
        with self.pool.connection() as conn:
            rows = conn.execute(f"SELECT chunk, embedding FROM {self.vectors} WHERE view = 0 AND chunk = ANY(%s)",
                                [list(map(int, chunks))]).fetchall()
        by_chunk = {int(c): e.to_numpy().astype(np.float32) for c, e in rows}
        return np.vstack([by_chunk[int(c)] for c in chunks if int(c) in by_chunk])

    def similarities(self, query: np.ndarray, chunks: Sequence[int]) -> np.ndarray:
        with self.pool.connection() as conn:
            rows = conn.execute(f"SELECT chunk, max(1 - (embedding <=> %s)) FROM {self.vectors} WHERE chunk = ANY(%s) "
                                "GROUP BY chunk", [np.asarray(query, dtype=np.float32), list(map(int, chunks))]
                                ).fetchall()
        found = {int(c): float(s) for c, s in rows}
        return np.array([found.get(int(c), -1.0) for c in chunks], dtype=np.float32)

    def close(self) -> None:
        self.pool.close()


def write_term_table(conn: Any, passages: str, terms: str) -> None:
    """The document frequency of every lexeme of ``passages`` (both full-text columns) as table ``terms``, which
    the ``idf`` ranking reads."""
    conn.execute(f"CREATE TABLE {terms} AS SELECT word, ndoc FROM ts_stat('SELECT fts_en FROM {passages}') "
                 f"WHERE word !~ '[가-힣]' UNION ALL SELECT word, ndoc FROM ts_stat('SELECT fts_ko FROM {passages}')")
    conn.execute(f"CREATE INDEX ON {terms} (word)")


def write_collection(url: str, collection: str, chunks: Sequence[Mapping[str, Any]], titles_and_texts:
                     Sequence[tuple[str, str]], tokens: Sequence[Sequence[str]], vectors: np.ndarray,
                     rows: np.ndarray, views: int) -> dict[str, Any]:
    """Write an index's passages (``chunks``; their ``(title, text)`` and BM25 tokens) and vectors (``rows`` maps
    each vector to its chunk index; ``views`` vectors per chunk, view-major as in the FAISS index) into new
    tables, index them, and swap them in for ``collection``. Returns what the manifest records."""
    from psycopg.types.json import Jsonb

    passages, vector_table, terms = table_names(collection)
    new_p, new_v, new_t = f"{passages}_new", f"{vector_table}_new", f"{terms}_new"
    dim = int(vectors.shape[1])
    pool = _pool(url, create_extension=True)
    try:
        with pool.connection() as conn:
            conn.execute(f"DROP TABLE IF EXISTS {new_p}, {new_v}, {new_t}")
            conn.execute(f"""CREATE TABLE {new_p} (
                id INTEGER PRIMARY KEY, chunk_id TEXT NOT NULL, doc_id TEXT NOT NULL, title TEXT NOT NULL,
                content TEXT NOT NULL, lang TEXT NOT NULL, source TEXT NOT NULL, topic TEXT NOT NULL,
                category TEXT NOT NULL, page INTEGER, metadata JSONB NOT NULL, fts_ko TSVECTOR NOT NULL,
                fts_en TSVECTOR GENERATED ALWAYS AS (to_tsvector('english', CASE WHEN title = ''
                    OR starts_with(content, title) THEN content ELSE title || E'\\n' || content END)) STORED)""")
            conn.execute(f"CREATE TABLE {new_v} (chunk INTEGER NOT NULL, view SMALLINT NOT NULL, "
                         f"embedding VECTOR({dim}) NOT NULL, PRIMARY KEY (chunk, view))")
            with conn.cursor() as cur, cur.copy(
                    f"COPY {new_p} (id, chunk_id, doc_id, title, content, lang, source, topic, category, page, "
                    "metadata, fts_ko) FROM STDIN") as copy:
                for i, (c, (title, text), toks) in enumerate(zip(chunks, titles_and_texts, tokens, strict=True)):
                    meta = c.get("metadata") or {}
                    copy.write_row((i, c["chunk_id"], c["doc_id"], title, text, c.get("lang", ""),
                                    c.get("source", ""), c.get("topic", ""), str(meta.get("category", "")),
                                    page if isinstance(page := meta.get("page"), int) else None, Jsonb(meta),
                                    korean_tsvector(toks)))
            with conn.cursor() as cur, cur.copy(f"COPY {new_v} (chunk, view, embedding) FROM STDIN "
                                                "WITH (FORMAT BINARY)") as copy:
                copy.set_types(["int4", "int2", "vector"])      # binary: a third of the text form's bytes
                per_view = len(rows) // max(views, 1)
                for r, (chunk, vector) in enumerate(zip(rows, vectors, strict=True)):
                    copy.write_row((int(chunk), r // per_view, vector))
            for column in ("fts_en", "fts_ko"):
                conn.execute(f"CREATE INDEX ON {new_p} USING GIN ({column})")
            for column in COLUMNS:
                conn.execute(f"CREATE INDEX ON {new_p} ({column})")
            write_term_table(conn, new_p, new_t)
            conn.execute(f"CREATE INDEX ON {new_v} USING hnsw (embedding vector_ip_ops) "
                         f"WITH (m = {HNSW['m']}, ef_construction = {HNSW['ef_construction']})")
            with conn.transaction():
                conn.execute(f"DROP TABLE IF EXISTS {passages}, {vector_table}, {terms}")
                for new, final in ((new_p, passages), (new_v, vector_table), (new_t, terms)):
                    conn.execute(f"ALTER TABLE {new} RENAME TO {final}")
            conn.execute(f"ANALYZE {passages}")
            conn.execute(f"ANALYZE {vector_table}")
    finally:
        pool.close()
    return {"collection": collection, "tables": [passages, vector_table, terms], "passages": len(chunks),
            "vectors": int(len(rows)), "hnsw": dict(HNSW), "korean_fulltext": "kiwi morphemes (tsvector as tokenized)",
            "english_fulltext": "to_tsvector('english')"}
