"""What the tools return, as plain JSON: a passage with where it comes from, and the structured answer.

The answer's parts come from the turn's result as the chat shows them: the text with its [n] markers, the
emergency line first and the disclaimer last (both already in the text, and also given apart so a client can
show them), the references table, the warnings read off the cited passages, the profile-aware safety notes, and
whether the relevance gate found nothing in the sources to answer from ("not from my sources")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..evidence import Evidence
from ..graph.nodes.refine import NOT_COVERED
from ..prompts import DISCLAIMER

REFERENCE_KEYS = ("n", "title", "source", "section", "page", "url", "review")
SOURCES_NOTE = {
    "en": "Not from my sources: the knowledge base has nothing that answers this question. Check with a clinician.",
    "ko": "제 자료에 근거하지 않음: 지식 베이스에 이 질문에 답할 내용이 없습니다. 의료진에게 확인하세요.",
}


def passage(hit: Evidence) -> dict[str, Any]:
    return {"rank": hit.rank, "title": hit.title, "text": hit.text, "source": hit.source, "url": hit.url or None,
            "page": hit.location()["page"], "section": hit.metadata.get("section") or None,
            "score": round(float(hit.score), 4), "language": hit.lang, "doc_id": hit.doc_id, "chunk_id": hit.chunk_id,
            "review": hit.review_label or None}


def answer(result: Mapping[str, Any]) -> dict[str, Any]:
    lang = "ko" if result.get("language") == "ko" else "en"
    synthesis = result.get("synthesis") or {}
    references = synthesis.get("references") or result.get("citations") or []
    flag = result.get("red_flag")
    covered = result.get("generator") not in NOT_COVERED
    return {"answer": result.get("answer") or "", "language": lang,
            "references": [{k: r.get(k) for k in REFERENCE_KEYS if k in r} for r in references],
            "warnings": list(synthesis.get("warnings") or []), "key_points": list(synthesis.get("key_points") or []),
            "safety_notes": list(result.get("safety_notes") or []),
            "emergency": bool(flag), "emergency_line": flag.get("line") if flag else None,
            "not_from_my_sources": not covered, "sources_note": None if covered else SOURCES_NOTE[lang],
            "evidence_verdict": result.get("evidence_verdict") or None, "disclaimer": DISCLAIMER[lang]}
