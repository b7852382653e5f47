"""Bilingual lexicon of question intents, written by the team: what a Korean (or English) question asks
about, in the other language's words. It bridges the vocabulary gap for BM25 (증상 never meets "symptoms").

Each entry: Korean cues (substrings of the question), English cues (whole words), English expansion terms,
Korean expansion terms.
"""

from __future__ import annotations

INTENTS: list[tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = [
    # name, korean cues, english cues, english terms, korean terms
    ("symptoms", ("증상", "징후", "어떤 느낌", "나타나"), ("symptom", "symptoms", "signs", "sign"),
     ("symptoms", "signs"), ("증상", "징후")),
    ("treatment", ("치료", "낫", "고치", "치료법", "요법"), ("treatment", "treat", "treated", "therapy", "cure", "manage"),
     ("treatment", "therapy", "treat"), ("치료", "치료법")),
    ("causes", ("원인", "왜 생기", "이유", "때문"), ("cause", "causes", "caused", "why"),
     ("causes", "cause"), ("원인",)),
    ("prevention", ("예방", "막으려면", "안 걸리"), ("prevent", "prevention", "avoid"),
     ("prevention", "prevent"), ("예방",)),
    ("diagnosis", ("진단", "검사", "확인하는 방법", "알 수 있"), ("diagnose", "diagnosis", "diagnosed", "test", "tests", "exam"),
     ("diagnosis", "tests", "diagnose"), ("진단", "검사")),
    ("risk_factors", ("위험 요인", "위험요인", "누가 잘", "걸리기 쉬", "위험이 높"), ("risk", "risks", "who gets", "at risk"),
     ("risk factors", "who is at risk"), ("위험 요인",)),
    ("side_effects", ("부작용", "이상반응", "이상 반응"), ("side effect", "side effects", "adverse", "reaction"),
     ("side effects", "adverse effects"), ("부작용",)),
    ("complications", ("합병증", "후유증"), ("complication", "complications"),
     ("complications",), ("합병증",)),
    ("genetics", ("유전", "물려", "대물림", "가족력"), ("inherited", "genetic", "hereditary", "gene", "genes"),
     ("inherited", "genetic", "genes"), ("유전",)),
    ("outlook", ("예후", "완치", "얼마나 살", "생존", "경과"), ("outlook", "prognosis", "survival", "life expectancy"),
     ("outlook", "prognosis"), ("예후", "경과")),
    ("dosage", ("복용량", "용량", "얼마나 먹", "몇 알", "하루에 몇"), ("dose", "dosage", "how much", "maximum"),
     ("dosage", "dose"), ("복용량", "용량")),
    ("interactions", ("같이 먹", "함께 먹", "상호작용", "같이 복용", "함께 복용"), ("interaction", "interactions", "together"),
     ("interactions", "together"), ("상호작용", "함께 복용")),
    ("contraindications", ("먹어도 되", "복용해도 되", "써도 되", "금기", "피해야"), ("safe", "contraindication", "avoid", "can i take"),
     ("safe", "contraindications", "precautions"), ("금기", "주의사항")),
    ("diet", ("음식", "식단", "식사", "먹으면 좋", "먹으면 안"), ("diet", "food", "foods", "eat", "eating"),
     ("diet", "food"), ("식단", "음식")),
    ("exercise", ("운동",), ("exercise", "physical activity"), ("exercise", "physical activity"), ("운동",)),
    ("pregnancy", ("임신", "임산부", "수유"), ("pregnant", "pregnancy", "breastfeeding"),
     ("pregnancy", "pregnant"), ("임신",)),
    ("definition", ("이란", "란 무엇", "뭔가요", "무엇인가요", "어떤 병"), ("what is", "what are", "definition"),
     ("what is", "information"), ("정의",)),
    ("normal_range", ("정상 수치", "정상 범위", "정상치", "기준치", "목표"), ("normal", "range", "target", "level", "levels"),
     ("normal range", "target", "levels"), ("정상 범위", "목표")),
    ("support", ("도움", "상담", "어디서", "병원"), ("support", "help", "where"), ("support", "help"), ("도움",)),
]


def korean_intents(text: str) -> list[str]:
    return [name for name, ko, *_ in INTENTS if any(cue in text for cue in ko)]


def english_intents(text: str) -> list[str]:
    low = f" {text.lower()} "
    return [name for name, _, en, *_ in INTENTS if any(f" {cue} " in low or f" {cue}?" in low for cue in en)]


def english_terms(intents: list[str]) -> list[str]:
    table = {name: en for name, _, _, en, _ in INTENTS}
    return [t for i in intents for t in table[i]]


def korean_terms(intents: list[str]) -> list[str]:
    table = {name: ko for name, *_, ko in INTENTS}
    return [t for i in intents for t in table[i]]
