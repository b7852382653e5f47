"""Retrieval benchmark inputs: queries ``{id: text}`` and qrels ``{qid: {doc_id: grade}}``.

- ``bioasq:DIR`` — BioASQ Task B golden files; a fixed-seed sample of 500 questions is the test split, the
  remaining questions are the development split (for choosing fusion weights).
- ``liveqa:SHARED_DATA_DIR`` — the 104 TREC-2017 LiveQA-Med test questions (NLM summaries) with the graded
  judgments of MedQuAD answers (1 Incorrect … 4 Excellent → grades 0 … 3), doc ids in MedQuAD index form.
- ``team:FILE.jsonl`` — a team-written set (tests/data/visitor, tests/data/gate): JSONL ``{"id", "lang", "text",
  "gold": [...]}`` whose gold names knowledge-base pairs (``stroke-be-fast-signs``: the passage in the question's
  language, ``stroke-be-fast-signs-ko``) or documents by id (MedQuAD's ``GHR-0000652-5``); questions without gold
  (the gate set's uncovered ones) are left out. Each query's language is kept for a per-language report.
- ``--queries Q.jsonl --qrels QRELS.tsv`` — any set: JSONL ``{"id","text"}`` and TREC ``qid 0 doc_id grade``.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from ...indexing.sources.bioasq import bioasq_questions
from ...indexing.sources.medquad import liveqa_answer_to_doc_id

Queries = dict[str, str]
Qrels = dict[str, dict[str, float]]
TEST_SEED, TEST_SIZE = 2026, 500
LIVEQA_ZIP = "medquad/QA-TestSet-LiveQA-Med-Qrels-2479-Answers.zip"
LIVEQA_XML = "liveqa_med_trec2017/TestDataset/TREC-2017-LiveQA-Medical-Test-Questions-w-summaries.xml"


def load_bioasq(directory: Path, split: str = "test") -> tuple[Queries, Qrels]:
    questions = list(bioasq_questions(directory))
    order = sorted(q["id"] for q in questions)
    test = set(random.Random(TEST_SEED).sample(order, min(TEST_SIZE, len(order))))
    keep = {"test": lambda i: i in test, "dev": lambda i: i not in test, "all": lambda i: True}
    if split not in keep:
        raise ValueError(f"split must be one of test, dev, all (got {split!r})")
    chosen = [q for q in questions if keep[split](q["id"])]
    return {q["id"]: q["text"] for q in chosen}, {q["id"]: dict.fromkeys(q["relevant"], 1.0) for q in chosen}


def load_liveqa(shared_dir: Path) -> tuple[Queries, Qrels]:
    zpath, xpath = shared_dir / LIVEQA_ZIP, shared_dir / LIVEQA_XML
    for path in (zpath, xpath):
        if not path.is_file():
            raise FileNotFoundError(f"LiveQA-Med file missing: {path}")
    qrels: Qrels = {}
    with zipfile.ZipFile(zpath) as zf:
        name = next(n for n in zf.namelist() if n.endswith("Judged-Answers.txt") and "__MACOSX" not in n)
        for line in zf.read(name).decode("utf-8").splitlines():
            parts = line.split()
            if len(parts) == 3:
                qid, label, answer = parts
                qrels.setdefault(qid, {})[liveqa_answer_to_doc_id(answer)] = float(int(label[0]) - 1)
    queries: Queries = {}
    for q in ET.parse(xpath).getroot().iter("NLM-QUESTION"):
        qid = q.get("qid", "").removeprefix("TQ")
        text = q.findtext("NLM-Summary") or q.findtext("NIST-PARAPHRASE") or q.findtext(".//MESSAGE") or ""
        if qid in qrels and text.strip():
            queries[qid] = " ".join(text.split())
    return queries, {q: qrels[q] for q in queries}


def load_team_set(path: Path) -> tuple[Queries, Qrels, dict[str, str]]:
    """Queries, qrels and each query's language of a team-written JSONL set (see the module docstring)."""
    queries: Queries = {}
    qrels: Qrels = {}
    langs: dict[str, str] = {}
    with Path(path).open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                qid, text, lang, gold = str(rec["id"]), str(rec["text"]), str(rec.get("lang", "")), rec["gold"]
            except (json.JSONDecodeError, KeyError) as exc:
                raise ValueError(f"{path}:{n}: expected a JSON object with 'id', 'text' and 'gold' ({exc})") from None
            if not gold:
                continue
            queries[qid], langs[qid] = text, lang
            qrels[qid] = {doc: 1.0 for g in gold for doc in (str(g), f"{g}-{lang}")}
    return queries, qrels, langs


def load_queries_file(path: Path) -> Queries:
    out: Queries = {}
    with Path(path).open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            if line.strip():
                try:
                    rec = json.loads(line)
                    out[str(rec["id"])] = str(rec["text"])
                except (json.JSONDecodeError, KeyError) as exc:
                    raise ValueError(f"{path}:{n}: expected a JSON object with 'id' and 'text' ({exc})") from None
    return out


def load_qrels_file(path: Path) -> Qrels:
    qrels: Qrels = {}
    with Path(path).open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            parts = line.split()
            if not parts:
                continue
            if len(parts) != 4:
                raise ValueError(f"{path}:{n}: expected 'qid 0 doc_id grade'")
            qrels.setdefault(parts[0], {})[parts[2]] = float(parts[3])
    return qrels


def query_languages(dataset: str | None) -> dict[str, str]:
    """Each query's language for a per-language report (team sets only; others report overall)."""
    if dataset and dataset.startswith("team:"):
        return load_team_set(Path(dataset.partition(":")[2]))[2]
    return {}


def load_benchmark(dataset: str | None, queries_path: Path | None, qrels_path: Path | None,
                   split: str = "test") -> tuple[Queries, Qrels]:
    """Dataset spec and/or files; a queries file given with a dataset replaces the texts (same ids)."""
    if dataset:
        kind, _, arg = dataset.partition(":")
        if kind == "team":
            queries, qrels, _ = load_team_set(Path(arg))
        elif kind == "bioasq":
            queries, qrels = load_bioasq(Path(arg), split)
        elif kind == "liveqa":
            queries, qrels = load_liveqa(Path(arg))
        else:
            raise ValueError(f"unknown dataset {dataset!r}; valid: bioasq:DIR, liveqa:SHARED_DATA_DIR, team:FILE.jsonl")
        if queries_path:
            override = load_queries_file(queries_path)
            queries = {q: override[q] for q in queries if q in override}
            qrels = {q: qrels[q] for q in queries}
        return queries, qrels
    if not (queries_path and qrels_path):
        raise ValueError("give --dataset, or both --queries and --qrels")
    queries, qrels = load_queries_file(queries_path), load_qrels_file(qrels_path)
    return {q: t for q, t in queries.items() if q in qrels}, qrels
