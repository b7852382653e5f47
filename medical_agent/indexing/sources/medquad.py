"""MedQuAD XML (one file per topic): one passage per question-answer pair that has an answer.

doc_id = f"{Document@source}-{Question@qid}" (first occurrence wins on duplicates); text = question +
answer; focus, CUIs, semantic types, question type and url are kept as metadata. The LiveQA-Med
judgments name answers ``GARD_0004375_Sec1``; :func:`liveqa_answer_to_doc_id` maps them onto these ids.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_SPACE = re.compile(r"[ \t]+")


def _clean(text: str) -> str:
    lines = [_SPACE.sub(" ", line).strip() for line in text.splitlines()]
    return "\n".join(line for line in lines if line)


def medquad_passages(directory: Path) -> Iterator[dict[str, Any]]:
    seen: set[str] = set()
    for file in sorted(directory.rglob("*.xml")):
        try:
            root = ET.parse(file).getroot()
        except ET.ParseError as exc:
            raise ValueError(f"{file}: not valid XML ({exc})") from None
        source, url = root.get("source", ""), root.get("url", "")
        focus = (root.findtext("Focus") or "").strip()
        cuis = [c.text.strip() for c in root.iter("CUI") if c.text]
        stypes = [s.text.strip() for s in root.iter("SemanticType") if s.text]
        for pair in root.iter("QAPair"):
            q, a = pair.find("Question"), pair.find("Answer")
            if q is None or a is None or not (a.text or "").strip():
                continue
            doc_id = f"{source}-{q.get('qid')}"
            if doc_id in seen:
                continue
            seen.add(doc_id)
            question = _clean(q.text or "")
            yield {"doc_id": doc_id, "title": question, "text": f"{question}\n{_clean(a.text)}", "lang": "en",
                   "source": f"medquad/{source}", "url": url, "topic": focus.lower(),
                   "metadata": {"focus": focus, "cui": cuis, "semantic_types": stypes,
                                "qtype": q.get("qtype", ""), "document_id": root.get("id", "")}}


def liveqa_answer_to_doc_id(answer_id: str) -> str:
    """``GARD_0004375_Sec1.txt`` → ``GARD-0004375-1`` (MedQuAD qids are ``<document id>-<pair number>``)."""
    stem = answer_id.removesuffix(".txt")
    head, _, section = stem.rpartition("_Sec")
    source, _, document = head.partition("_")
    return f"{source}-{document}-{section}"
