"""The structured answer (seed 004's synthesis result): answer with inline [n], confidence, sources used, key
points, a references table and warnings taken from the cited passages.

With a model, the answer is asked for as JSON through the backend's structured output
(:data:`~medical_agent.prompts.SYNTHESIS_SCHEMA`) and streamed as it is written: :class:`AnswerStream` decodes the
``answer`` string out of the JSON as it grows. Whatever arrives is parsed without another call: whole JSON, a JSON
object cut off by the token cap, or plain or sectioned markdown ("Key points:" bullets). Offline, the extractive
generator's text fills the same object. Warnings and references never come from the model: they are read off the
passages the answer cites, and so are the table rows: when the question gives a number ("eGFR 35", "20 kg") and a
table the answer cites (or one whose row gives an amount the answer states) has a row for it, that row is read out
under its header with its citation. A small model often reads the neighbouring row; the row itself never comes from the model.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..context.table_rows import is_table_passage, matched_rows, numbers, quantities, title
from ..evidence import Evidence
from ..text import detect_language, split_sentences
from .citations import MARKER
from .extractive import CAUTION

MAX_WARNINGS = 5
MAX_TABLE_ROWS = 2
_KEY_POINTS = re.compile(r"^\s*(?:\*\*)?(?:key points|핵심(?: 정보| 요약)?|요점)(?:\*\*)?\s*:?\s*(?:\*\*)?\s*$", re.I | re.M)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+(.+)$")


@dataclass
class Synthesis:
    answer: str
    confidence: float | None = None
    sources_used: list[str] = field(default_factory=list)
    key_points: list[str] = field(default_factory=list)
    references: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    table_rows: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class AnswerStream:
    """Feed the chunks of a JSON reply; get back the newly decoded text of its ``"answer"`` string."""

    def __init__(self) -> None:
        self.raw, self._pos, self._done, self._escape = "", None, False, ""

    def feed(self, chunk: str) -> str:
        self.raw += chunk
        if self._done:
            return ""
        if self._pos is None:
            match = re.search(r'"answer"\s*:\s*"', self.raw)
            if not match:
                return ""
            self._pos = match.end()
        out = []
        while self._pos < len(self.raw):
            ch = self.raw[self._pos]
            if self._escape or ch == "\\":
                self._escape += ch
                if len(self._escape) < 2 or (self._escape[1] == "u" and len(self._escape) < 6):
                    self._pos += 1
                    continue
                try:
                    out.append(json.loads(f'"{self._escape}"'))
                except json.JSONDecodeError:
                    out.append(self._escape)
                self._escape = ""
            elif ch == '"':
                self._done = True
                self._pos += 1
                break
            else:
                out.append(ch)
            self._pos += 1
        return "".join(out)


def parse_reply(text: str) -> tuple[str, list[str], float | None]:
    """(answer, key points, the model's confidence) from a reply of any shape; never raises."""
    match = re.search(r"\{.*\}", text or "", re.S)
    if match:
        try:
            raw = json.loads(match.group(0))
        except json.JSONDecodeError:
            raw = None
        if isinstance(raw, dict) and isinstance(raw.get("answer"), str):
            points = [str(p).strip() for p in raw.get("key_points") or [] if str(p).strip()]
            conf = raw.get("confidence")
            number = float(conf) if isinstance(conf, (int, float)) and not isinstance(conf, bool) else None
            return raw["answer"].strip(), points[:3], None if number is None else min(1.0, max(0.0, number))
    stream = AnswerStream()
    partial = stream.feed(text or "")
    if stream._pos is not None:                       # a JSON reply cut off by the token cap: keep its answer
        return partial.strip(), [], None
    return _markdown(text or "")


def _markdown(text: str) -> tuple[str, list[str], float | None]:
    heading = _KEY_POINTS.search(text)
    if not heading:
        return text.strip(), [], None
    points = [m.group(1).strip() for line in text[heading.end():].splitlines() if (m := _BULLET.match(line))]
    return text[: heading.start()].strip() or text.strip(), points[:3], None


def references(citations: Sequence[dict[str, Any]], docs: Sequence[Evidence]) -> list[dict[str, Any]]:
    """The references table: one row per cited passage (n | title | source | section or page | category | url);
    ``page`` and ``category`` are set for passages of documents."""
    rows = []
    for c in citations:
        doc = docs[c["n"] - 1] if 0 < c["n"] <= len(docs) else None
        meta = doc.metadata if doc else {}
        where = doc.location() if doc else {"page": None, "category": None}
        section = f"p. {where['page']}" if where["page"] else str(meta.get("section") or "")
        rows.append({"n": c["n"], "title": c.get("title") or (doc.doc_id if doc else ""),
                     "source": doc.source if doc else "", "section": section, **where, "url": c.get("url") or "",
                     "review": doc.review_label if doc else ""})
    return rows


def warnings(citations: Sequence[dict[str, Any]], docs: Sequence[Evidence], lang: str, answer: str = "") -> list[str]:
    """Caution sentences of the cited passages that the answer does not already quote (at most five; the answer's
    language first)."""
    found: list[str] = []
    for c in citations:
        if 0 < c["n"] <= len(docs):
            found += [f"{s} [{c['n']}]" for s in split_sentences(docs[c["n"] - 1].text)
                      if CAUTION.search(s) and s not in answer]
    found = list(dict.fromkeys(found))
    found.sort(key=lambda s: detect_language(s) != lang)
    return found[:MAX_WARNINGS]


def table_rows(question: str, answer: str, citations: Sequence[dict[str, Any]], docs: Sequence[Evidence]
               ) -> list[str]:
    """The rows that hold a number of the question, in the tables the answer cites or whose row gives an amount
    the answer states, each as "title (p. N) [n]: header: cell · …" (at most :data:`MAX_TABLE_ROWS`). A table
    the answer has nothing to do with (another leaflet's dosage table with a row for "20 kg") stays out."""
    values = numbers(question)
    if not values:
        return []
    cited = {c["n"] for c in citations}
    stated = quantities(answer) - values
    out = []
    for n, doc in enumerate(docs, start=1):
        if not is_table_passage(doc):
            continue
        rows = matched_rows(doc.text, values)
        if not rows or (n not in cited and not any(quantities(row) & stated for row in rows)):
            continue
        page = doc.location()["page"]
        where = " ".join(x for x in (title(doc.text), f"(p. {page})" if page else "") if x)
        out += [f"{where} [{n}]: {row}".strip() for row in rows]
    return out[:MAX_TABLE_ROWS]


def synthesize(answer: str, citations: Sequence[dict[str, Any]], docs: Sequence[Evidence], lang: str,
               key_points: Sequence[str] = (), confidence: float | None = None, question: str = "") -> Synthesis:
    used = sorted({int(n) for m in MARKER.finditer(answer) for n in re.findall(r"\d+", m.group(1))})
    return Synthesis(answer=answer, confidence=confidence, sources_used=[f"[{n}]" for n in used],
                     key_points=list(key_points), references=references(citations, docs),
                     warnings=warnings(citations, docs, lang, answer), table_rows=table_rows(question, answer, citations, docs))
