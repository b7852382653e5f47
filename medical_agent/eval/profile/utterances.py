"""What a Synthea patient says, in Korean or English, from a :class:`PatientRecord`: introduce oneself,
report conditions and medications, report the latest vitals and labs. Deterministic given the RNG.

Names are the ones people type: the concept's English name or a common synonym, its first Korean name, the
ingredient name for a medication product. Conditions the concept table does not cover can only be said in
English (their FHIR display); in Korean they are left out and counted by the coverage report instead.
"""

from __future__ import annotations

import random
import re

from ...context.extraction.concepts import Concept
from ...context.profile.fhir import PatientRecord

_PARENS = re.compile(r"\s*\((?:disorder|finding|situation|morphologic abnormality)\)")
_PHRASE_END = ("높", "프", "파", "차", "나", "하", "들", "있", "없", "막히", "쑤시", "붓")


def has_batchim(word: str) -> bool:
    last = word.strip()[-1:] if word.strip() else ""
    return "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0


def particle(word: str, with_batchim: str, without: str) -> str:
    return with_batchim if has_batchim(word) else without


def korean_name(concept: Concept, rng: random.Random) -> str:
    nouns = [n for n in concept.names_ko if " " not in n and not n.endswith(_PHRASE_END)]
    return rng.choice(nouns[:3]) if nouns else concept.korean_name


def english_name(concept: Concept, rng: random.Random) -> str:
    options = [concept.name] + [s for s in concept.synonyms_en[:3] if not s.lower().startswith(("my ", "i "))]
    name = rng.choice(options)
    return name if name.isupper() else name[0].lower() + name[1:]


def _display(text: str) -> str:
    text = _PARENS.sub("", text).strip()
    return text if text.isupper() else text[0].lower() + text[1:]


def _drug(display: str) -> str:
    """'24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet' -> 'metformin hydrochloride 500 mg'."""
    words = re.sub(r"^\d+\s*(?:HR|ML)\s+", "", display, flags=re.I).split()
    out = []
    for w in words:
        out.append(w.lower() if not w.isupper() or len(w) > 5 else w)
        if w.upper() in ("MG", "MCG", "UNT", "ML") or w.upper().startswith("MG/"):
            break
    return " ".join(out)


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def join_en(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def intro(p: PatientRecord, lang: str) -> str:
    if lang == "ko":
        return f"안녕하세요, 저는 {p.age}세 {'남성' if p.gender == 'male' else '여성'}입니다."
    return f"Hi, I'm a {p.age}-year-old {'man' if p.gender == 'male' else 'woman'}."


def conditions_and_medications(p: PatientRecord, lang: str, rng: random.Random) -> str:
    conds, meds = p.covered("conditions"), p.covered("medications")
    if lang == "ko":
        parts = []
        if conds:
            names = ", ".join(korean_name(c, rng) for c in conds)
            parts.append(f"{names}{particle(names, '이', '가')} 있어요.")
        if meds:
            names = ", ".join(korean_name(m, rng) for m in meds)
            parts.append(f"{names}{particle(names, '을', '를')} 먹고 있어요.")
        return " ".join(parts) or "특별한 지병은 없고 먹는 약도 없어요."
    # English uses the record's own wording (FHIR display) for half of the items, so the score also
    # tests linking from the EHR vocabulary, not only from the concept table's names.
    cond_names = _unique([english_name(c.concept, rng) if c.concept and rng.random() < 0.5 else _display(c.display)
                          for c in p.conditions if not c.display.lower().startswith("history of")])
    med_names = _unique([english_name(m.concept, rng) if rng.random() < 0.5 else _drug(m.display)
                         for m in p.medications if m.concept is not None])
    parts = []
    if cond_names:
        parts.append(f"I have {join_en(cond_names)}.")
    if med_names:
        parts.append(f"I take {join_en(med_names)}.")
    return " ".join(parts) or "I have no long-term conditions and take no medicines."


def vitals_and_labs(p: PatientRecord, lang: str) -> str:
    ko, en = [], []
    if p.blood_pressure:
        s, d = p.blood_pressure
        ko.append(f"혈압은 {s}/{d}mmHg")
        en.append(f"my blood pressure was {s}/{d} mmHg")
    if p.glucose is not None:
        ko.append(f"혈당은 {p.glucose:g}mg/dL")
        en.append(f"my blood glucose {p.glucose:g} mg/dL")
    if p.hba1c is not None:
        ko.append(f"당화혈색소는 {p.hba1c:g}%")
        en.append(f"my HbA1c {p.hba1c:g}%")
    if lang == "ko":
        return ("최근 검사에서 " + ", ".join(ko) + "였어요.") if ko else "최근에 잰 수치는 따로 없어요."
    return ("At my last check-up " + join_en(en) + ".") if en else "I have no recent measurements."


# --- turns 4 and 5 of the multi-turn scenarios (`eval run`) ---------------------------------------------

_ASK = {
    ("condition", "ko"): ["{name}{i} 있으면 무엇을 조심해야 하나요?", "{name}{eun} 어떻게 관리하나요?"],
    ("condition", "en"): ["What should I watch out for with {name}?", "How is {name} managed?"],
    ("medication", "ko"): ["{name}의 부작용은 무엇인가요?", "{name}{eul} 먹을 때 주의할 점이 있나요?"],
    ("medication", "en"): ["What are the side effects of {name}?", "What should I be careful about when taking {name}?"],
}
FOLLOW_UP = {
    ("medication", "ko"): "그 약을 계속 먹어도 되나요?",
    ("medication", "en"): "Can I keep taking that medicine?",
    ("condition", "ko"): "그 병 때문에 지금 먹는 약을 바꿔야 하나요?",
    ("condition", "en"): "Does that condition mean I should change my medicines?",
    (None, "ko"): "그럼 앞으로 무엇을 조심하면 되나요?",
    (None, "en"): "So what should I be careful about from now on?",
}
GENERAL = {"ko": "건강을 지키려면 어떤 검사를 정기적으로 받아야 하나요?",
           "en": "Which check-ups should I have regularly to stay healthy?"}


def ask_about(concept: Concept | None, lang: str, rng: random.Random) -> str:
    """Turn 4: a question about one of the patient's own conditions or drugs (a general one if none is known)."""
    if concept is None:
        return GENERAL[lang]
    name = korean_name(concept, rng) if lang == "ko" else english_name(concept, rng)
    template = rng.choice(_ASK[(concept.slot, lang)])
    return template.format(name=name, i=particle(name, "이", "가"), eun=particle(name, "은", "는"),
                           eul=particle(name, "을", "를"))


def follow_up(concept: Concept | None, lang: str) -> str:
    """Turn 5: refers back with "that medicine / that condition", so it only makes sense after turn 4."""
    return FOLLOW_UP[(concept.slot if concept else None, lang)]
