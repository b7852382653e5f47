"""The one-line profile summary injected into prompts (seed 002 §3.2.4.3), in Korean or English:
"65세 남성 | 질환: 제2형 당뇨병, 고혈압 | 복용약: 메트포르민 | 혈압: 138/88 mmHg | HbA1c: 8.2%".

Only the person's own present items are listed (family and resolved history are not); a conflicting later
denial is flagged; symptoms fade out with their temporal weight; the current reading of each vital and lab
type is shown, a record's with the date it was measured (a record's reading older than ``record_current_days``
is past and not shown).
"""

from __future__ import annotations

from collections.abc import Callable

from .schema import HELD, PatientProfile

LABELS = {
    "ko": {"conditions": "질환", "symptoms": "증상", "medications": "복용약", "pregnant": "임신",
           "weeks": "{w}주", "conflict": "상충: 이후 부정", "reported": "본인 설명", "male": "남성", "female": "여성",
           "age": "{a}세", "age_group": "{g}대", "record": "기록 {d}"},
    "en": {"conditions": "Conditions", "symptoms": "Symptoms", "medications": "Medications",
           "pregnant": "pregnant", "weeks": "{w} weeks", "conflict": "conflict: later denied", "reported": "as described", "male": "male",
           "female": "female", "age": "{a}-year-old", "age_group": "in their {g}s", "record": "record of {d}"},
}
READING_LABELS = {
    "blood_pressure": ("혈압", "BP"), "heart_rate": ("맥박", "Heart rate"), "temperature": ("체온", "Temperature"),
    "respiratory_rate": ("호흡수", "Respiratory rate"), "spo2": ("산소포화도", "SpO2"), "weight": ("체중", "Weight"),
    "height": ("키", "Height"), "bmi": ("BMI", "BMI"), "hba1c": ("HbA1c", "HbA1c"),
    "fasting_glucose": ("공복혈당", "Fasting glucose"), "random_glucose": ("혈당", "Blood glucose"),
    "postprandial_glucose": ("식후혈당", "Post-meal glucose"), "total_cholesterol": ("총콜레스테롤", "Total cholesterol"),
    "ldl": ("LDL", "LDL"), "hdl": ("HDL", "HDL"), "triglycerides": ("중성지방", "Triglycerides"),
    "creatinine": ("크레아티닌", "Creatinine"), "egfr": ("eGFR", "eGFR"), "uric_acid": ("요산", "Uric acid"),
    "tsh": ("TSH", "TSH"),
}
SYMPTOM_MIN_WEIGHT = 0.1  # λ=0.02/h: a symptom drops out of the summary after about five days


def _value(reading: dict) -> str:
    if reading["type"] == "blood_pressure":
        return f"{reading['systolic']}/{reading['diastolic']} {reading['unit']}"
    value = reading["value"]
    value = int(value) if float(value).is_integer() and reading["unit"] not in ("%",) else value
    return f"{value}{reading['unit']}" if reading["unit"] == "%" else f"{value} {reading['unit']}"


def generate_summary(profile: PatientProfile | None, lang: str = "ko",
                     korean_name: Callable[[str | None, str], str] | None = None) -> str:
    """``profile`` should carry temporal weights (``ProfileStore.get``); ``korean_name(cui, english)``
    gives the Korean display name."""
    if not profile:
        return ""
    lang = "ko" if lang == "ko" else "en"
    L = LABELS[lang]
    parts: list[str] = []
    demo = profile["demographics"]
    who = []
    if demo.get("age") is not None:
        who.append(L["age"].format(a=demo["age"]))
    elif demo.get("age_group"):
        who.append(L["age_group"].format(g=demo["age_group"].rstrip("s")))
    if demo.get("gender"):
        who.append(L[demo["gender"]])
    if demo.get("is_pregnant"):
        weeks = f" {L['weeks'].format(w=demo['pregnancy_weeks'])}" if demo.get("pregnancy_weeks") else ""
        who.append(f"{L['pregnant']}{weeks}")
    if who:
        parts.append(" ".join(who))
    for slot in ("conditions", "medications", "symptoms"):
        names = []
        for item in profile[slot]:
            if item["assertion"] not in HELD:
                continue
            if slot == "symptoms" and item.get("temporal_weight", 1.0) < SYMPTOM_MIN_WEIGHT:
                continue
            name = korean_name(item.get("cui"), item["name"]) if (lang == "ko" and korean_name) else item["name"]
            if item.get("conflict"):
                name += f" ({L['conflict']})"
            elif item["assertion"] == "reported":
                name += f" ({L['reported']})"
            names.append(name)
        if names:
            parts.append(f"{L[slot]}: {', '.join(names)}")
    for reading in profile["vitals"] + profile["labs"]:
        if reading.get("current"):
            ko, en = READING_LABELS.get(reading["type"], (reading["type"], reading["type"]))
            from_record = reading.get("source") == "record"
            dated = f" ({L['record'].format(d=reading['timestamp'][:10])})" if from_record else ""
            parts.append(f"{ko if lang == 'ko' else en}: {_value(reading)}{dated}")
    return " | ".join(parts)
