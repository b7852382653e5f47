"""The seed's heuristic judge (length 30 %, evidence 40 %, personalisation 30 %), used offline, when the LLM
judge is off, and as the fallback for malformed judge output. It also lists what looks missing: question
intents (symptoms, side effects, ...) whose words the answer never uses."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..evidence import Evidence
from ..retrieval.intent_lexicon import INTENTS, english_intents, korean_intents

CITATION = re.compile(r"\[(\d+)\]")
TARGET_CHARS = {"ko": 250, "en": 500}


def profile_terms(summary: str) -> list[str]:
    """Names in a profile summary ("65세 남성 | 질환: 당뇨병, 고혈압 | ...") worth finding in an answer."""
    terms = []
    for part in summary.split("|"):
        if ":" in part:
            label, _, values = part.partition(":")
            if any(k in label for k in ("질환", "복용약", "증상", "Conditions", "Medications", "Symptoms")):
                terms += [v.split("(")[0].strip() for v in values.split(",") if v.strip()]
    return [t for t in terms if len(t) >= 2]


def missing_intents(question: str, answer: str, lang: str) -> list[str]:
    intents = korean_intents(question) if lang == "ko" else english_intents(question)
    low = answer.lower()
    missing = []
    for name, ko_cues, en_cues, en_terms, ko_terms in INTENTS:
        if name not in intents or name in ("definition", "support"):
            continue
        words = (*ko_cues, *ko_terms) if lang == "ko" else (*en_cues, *en_terms)
        if not any(w.lower() in low for w in words):
            missing.append(en_terms[0] if lang == "en" else ko_terms[0])
    return missing


def heuristic_judge(question: str, answer: str, docs: Sequence[Evidence], profile_summary: str,
                    lang: str) -> dict[str, Any]:
    lang = "ko" if lang == "ko" else "en"
    body = answer.split("⚕️")[0]
    length = min(1.0, len(body.strip()) / TARGET_CHARS[lang])
    cited = {int(n) for n in CITATION.findall(body) if 0 < int(n) <= len(docs)}
    evidence = min(1.0, len(cited) / min(3, len(docs))) if docs else 0.0
    terms = profile_terms(profile_summary)
    personal = 1.0 if not terms else (1.0 if any(t.lower() in body.lower() for t in terms) else 0.0)
    overall = round(0.3 * length + 0.4 * evidence + 0.3 * personal, 4)
    return {"judge": "heuristic", "overall_score": overall, "length_score": round(length, 4),
            "evidence_score": round(evidence, 4), "personalization_score": personal,
            "missing_info": missing_intents(question, body, lang), "improvement_suggestions": [],
            "safety_concerns": []}
