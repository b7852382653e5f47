"""PubMedQA (expert-labelled set, ``ori_pqal.json``): the corpus is every question's abstract contexts, one
passage per labelled section (BACKGROUND, METHODS, RESULTS …). The question text is not part of the corpus; the
gold contexts are in the pool, which makes it easier than MIRAGE's PubMed corpus (say so wherever it is used)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

FILE = "ori_pqal.json"


def pqal_file(path: Path) -> Path:
    for candidate in (path, path / FILE, path / "data" / FILE):
        if candidate.is_file():
            return candidate
    raise ValueError(f"no PubMedQA {FILE} at {path}")


def pubmedqa_records(path: Path) -> dict[str, dict[str, Any]]:
    return json.loads(pqal_file(path).read_text(encoding="utf-8"))


def pubmedqa_passages(path: Path) -> Iterator[dict[str, Any]]:
    for pmid, record in pubmedqa_records(path).items():
        labels = record.get("LABELS") or []
        for i, context in enumerate(record.get("CONTEXTS") or []):
            if context.strip():
                yield {"doc_id": f"{pmid}#{i}", "title": "", "text": context.strip(), "lang": "en",
                       "source": "pubmedqa", "url": f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/", "topic": "",
                       "metadata": {"pmid": pmid, "section": labels[i] if i < len(labels) else ""}}
