"""The team's knowledge base (assets), generic JSONL files and Hugging Face datasets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ...text import detect_language

CORE = {"id", "doc_id", "title", "text", "lang", "source", "url", "source_url", "topic"}



def _passage(record: dict[str, Any], source: str, where: str) -> dict[str, Any]:
    doc_id = record.get("id", record.get("doc_id"))
    text = record.get("text")
    if doc_id is None or not isinstance(text, str) or not text.strip():
        raise ValueError(f"{where}: every record needs an 'id' and a non-empty 'text'")
    return {"doc_id": str(doc_id), "title": str(record.get("title") or ""), "text": text.strip(),
            "lang": record.get("lang") or detect_language(text), "source": record.get("source") or source,
            "url": record.get("url") or record.get("source_url") or "", "topic": record.get("topic") or "",
            "metadata": {k: v for k, v in record.items() if k not in CORE}}


def _records(path: Path) -> Iterator[tuple[Any, str]]:
    """Each JSON line of ``path`` (a file, or every ``*.jsonl`` of a folder) with where it stands, ``file:line``."""
    for file in sorted(path.glob("*.jsonl")) if path.is_dir() else [path]:
        with file.open(encoding="utf-8") as fh:
            for n, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    yield json.loads(line), f"{file}:{n}"
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{file}:{n}: not valid JSON ({exc.msg})") from None


def jsonl_passages(path: Path, source: str = "jsonl") -> Iterator[dict[str, Any]]:
    for record, where in _records(path):
        yield _passage(record, source, where)


def assets_passages(knowledge_dir: Path) -> Iterator[dict[str, Any]]:
    """The knowledge base, each passage with the questions the team wrote for it (``asked/*.jsonl`` beside the
    passages: ``{"id", "questions"}`` per line) in its metadata, for the ``asked`` view."""
    if not knowledge_dir.is_dir() or not any(knowledge_dir.glob("*.jsonl")):
        raise ValueError(f"no knowledge base files in {knowledge_dir}")
    asked = asked_questions(knowledge_dir / "asked")
    for passage in jsonl_passages(knowledge_dir, source="assets"):
        if passage["doc_id"] in asked:
            passage["metadata"]["questions"] = asked[passage["doc_id"]]
        yield passage


def asked_questions(folder: Path) -> dict[str, list[str]]:
    """Passage id → its questions, from every ``*.jsonl`` in ``folder`` (none if there is no such folder)."""
    out: dict[str, list[str]] = {}
    for record, where in _records(folder) if folder.is_dir() else ():
        record = record if isinstance(record, dict) else {}
        questions = record.get("questions")
        if not isinstance(record.get("id"), str) or not isinstance(questions, list) or \
                not all(isinstance(q, str) and q.strip() for q in questions):
            raise ValueError(f"{where}: every line needs an 'id' and a list of non-empty 'questions'")
        out[record["id"]] = [q.strip() for q in questions]
    return out


def hf_passages(name: str, split: str) -> Iterator[dict[str, Any]]:
    """A Hugging Face dataset with id/title/text-like columns (needs internet unless cached locally)."""
    import datasets

    try:
        ds = datasets.load_dataset(name, split=split)
    except Exception as exc:  # offline: ConnectionError / DatasetNotFoundError, etc.
        raise ValueError(f"cannot load Hugging Face dataset {name!r} (split {split!r}): {exc}. Offline, only "
                         "datasets already in the local cache load; or export it to JSONL and use jsonl:PATH.") \
            from None
    cols = set(ds.column_names)
    text_col = next((c for c in ("text", "content", "passage", "contents", "answer") if c in cols), None)
    if text_col is None:
        raise ValueError(f"dataset {name!r} has no text column (columns: {sorted(cols)})")
    id_col = next((c for c in ("id", "_id", "doc_id", "docid") if c in cols), None)
    for n, row in enumerate(ds):
        record = dict(row)
        record["id"] = row[id_col] if id_col else n
        record["text"] = row[text_col]
        yield _passage(record, f"hf:{name}", f"{name}[{n}]")
