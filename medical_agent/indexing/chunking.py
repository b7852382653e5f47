"""Split passages into chunks on sentence boundaries and define what gets embedded (views).

Every chunk keeps its ``doc_id``; ``chunk_id = f"{doc_id}#{k}"``. Views: ``full`` embeds the title plus the
chunk text; ``head`` embeds the title plus the first sentences (~``HEAD_CHARS``) — short texts match
questions better with sentence encoders trained on short inputs; ``asked`` embeds the title plus the questions
people ask that the passage answers (a passage's ``questions``, written by the team for the knowledge base: lay
words meet lay words, "doc2query"), or the head where a passage has none. The manifest records the views used.
BM25 reads the same questions after the passage (``bm25_text``): on the visitor development split they lift BM25
alone from 0.711 / 0.822 to 0.933 / 0.956 top 3 (ko / en) and the hybrid's nDCG@10 from 0.556 to 0.574 (issue 31).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..text import split_sentences

HEAD_CHARS = 300
VIEWS = ("full", "head", "asked")


def chunk_text(text: str, max_chars: int | None) -> list[str]:
    if not max_chars or len(text) <= max_chars:
        return [text]
    chunks, current = [], ""
    for sentence in split_sentences(text):
        while len(sentence) > max_chars:  # a single huge "sentence": hard split
            if current:
                chunks.append(current)
                current = ""
            chunks.append(sentence[:max_chars])
            sentence = sentence[max_chars:]
        if current and len(current) + 1 + len(sentence) > max_chars:
            chunks.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}".strip()
    if current:
        chunks.append(current)
    return chunks


def chunk_passages(passages: Iterable[dict[str, Any]], max_chars: int | None) -> Iterator[dict[str, Any]]:
    for p in passages:
        if "chunk_id" in p:  # already chunked by its source (documents: page-aware, content-hash ids)
            yield p
            continue
        for k, piece in enumerate(chunk_text(p["text"], max_chars)):
            yield {"chunk_id": f"{p['doc_id']}#{k}", "doc_id": p["doc_id"], "title": p.get("title", ""),
                   "text": piece, "lang": p.get("lang", ""), "source": p.get("source", ""), "url": p.get("url", ""),
                   "topic": p.get("topic", ""), "metadata": p.get("metadata", {})}


def indexed_text(chunk: dict[str, Any]) -> str:
    """What BM25 and the ``full`` view see: the title (if the text does not start with it) plus the text."""
    title, text = chunk.get("title") or "", chunk["text"]
    return text if not title or text.startswith(title) else f"{title}\n{text}"


# The asked view embeds a passage's first four questions and BM25 reads all seven: embedding all seven in one vector
# lost Korean questions (visitor dev … test10, gold in the top 3: ko 0.934 → 0.931, en 0.940 → 0.953), the first four
# embedded gained in both (ko 0.942, en 0.950). Recorded in the manifest, so an index built another way is rebuilt.
ASKED_EMBEDDED = 4
BM25_TEXT = "title,text,questions"  # what bm25_text reads; manifests record it, and an index without it is rebuilt


def bm25_text(chunk: dict[str, Any]) -> str:
    """What BM25 reads: ``indexed_text`` plus the passage's questions, where the team wrote some."""
    questions = (chunk.get("metadata") or {}).get("questions") or ()
    return "\n".join([indexed_text(chunk), *questions])


def view_text(chunk: dict[str, Any], view: str) -> str:
    full = indexed_text(chunk)
    if view == "full":
        return full
    if view == "asked" and (questions := (chunk.get("metadata") or {}).get("questions")):
        return " ".join([chunk.get("title") or "", *questions[:ASKED_EMBEDDED]]).strip()
    if view in ("head", "asked"):
        head = ""
        for sentence in split_sentences(full):
            head = f"{head} {sentence}".strip()
            if len(head) >= HEAD_CHARS:
                break
        return head[: HEAD_CHARS * 2]
    raise ValueError(f"unknown view {view!r}; valid: {', '.join(VIEWS)}")
