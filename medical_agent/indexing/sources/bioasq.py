"""BioASQ Task B golden files (MIRAGE rawdata): the corpus is the set of unique gold snippets.

A snippet's stable id is its PubMed id with section and character offsets
(``34022131:abstract:0-1608``); a question's relevant documents are the ids of its gold snippets.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def golden_files(directory: Path) -> list[Path]:
    files = sorted(directory.glob("Task*BGoldenEnriched/*.json")) or sorted(directory.glob("*.json"))
    if not files:
        raise ValueError(f"no BioASQ golden JSON files under {directory}")
    return files


def snippet_id(snippet: dict[str, Any]) -> str:
    pmid = snippet["document"].rstrip("/").rsplit("/", 1)[-1]
    return (f"{pmid}:{snippet.get('beginSection', '')}:{snippet.get('offsetInBeginSection', 0)}-"
            f"{snippet.get('endSection', '')}:{snippet.get('offsetInEndSection', 0)}")


def bioasq_questions(directory: Path) -> Iterator[dict[str, Any]]:
    """Questions with their gold snippet ids (questions without snippets are skipped), in file order."""
    seen: set[str] = set()
    for file in golden_files(directory):
        for q in json.loads(file.read_text(encoding="utf-8"))["questions"]:
            snippets = q.get("snippets") or []
            if not snippets or q["id"] in seen:
                continue
            seen.add(q["id"])
            yield {"id": q["id"], "text": q["body"], "type": q.get("type", ""),
                   "relevant": sorted({snippet_id(s) for s in snippets})}


def bioasq_passages(directory: Path) -> Iterator[dict[str, Any]]:
    seen: set[str] = set()
    for file in golden_files(directory):
        for q in json.loads(file.read_text(encoding="utf-8"))["questions"]:
            for s in q.get("snippets") or []:
                doc_id = snippet_id(s)
                if doc_id in seen or not s.get("text", "").strip():
                    continue
                seen.add(doc_id)
                yield {"doc_id": doc_id, "title": "", "text": s["text"].strip(), "lang": "en", "source": "bioasq",
                       "url": s["document"], "topic": "", "metadata": {"section": s.get("beginSection", "")}}
