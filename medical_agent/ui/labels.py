"""The demo's words in Korean and English: every label, button and placeholder a person reads, switched by the
language control at the top. Components are built with their English text and registered here under a key; the
switch returns one update per registered component. (Answers follow the language of the question, not this.)"""

from __future__ import annotations

from typing import Any

import gradio as gr

UI_LANGUAGES = [("English", "en"), ("한국어", "ko")]
TEXTS: dict[str, tuple[str, str]] = {            # key: (English, Korean)
    "chat": ("Chat", "대화"),
    "message": ("Ask a health question", "건강에 관한 질문을 입력하세요"),
    "send": ("Send", "보내기"),
    "new_patient": ("New patient", "새 환자"),
    "my_documents": ("My documents", "내 문서"),
    "profile_controls": ("My profile: import a record, export, delete, resume",
                         "내 프로필: 기록 가져오기, 내보내기, 삭제, 이어하기"),
    "raw": ("Raw JSON (last turn)", "원본 JSON (마지막 턴)"),
    "slots": ("Extracted slots (this turn)", "추출된 슬롯 (이번 턴)"),
    "profile": ("Profile", "프로필"),
    "documents": ("Retrieved documents", "검색된 문서"),
    "refine": ("Refine log", "정제 기록"),
    "plot": ("Quality per iteration", "반복별 답변 품질"),
    "item": ("Item", "항목"),
    "action": ("Edit", "고치기"),
    "value": ("Corrected value", "고친 값"),
    "apply": ("Apply", "적용"),
    "record": ("Import my record (FHIR R4 JSON)", "내 기록 가져오기 (FHIR R4 JSON)"),
    "export": ("Export JSON", "JSON 내보내기"),
    "delete": ("Delete my profile", "내 프로필 삭제"),
    "code": ("Come back: your resume code", "다시 오기: 내 이어하기 코드"),
    "resume": ("Resume", "이어하기"),
    "mode": ("Mode", "모드"),
    "ablation": ("Ablation profile", "실험 프로필"),
    "queue": ("⏳ The model is answering other people first: you are number {place} in line (about {eta} s).",
              "⏳ 모델이 먼저 온 질문에 답하는 중입니다: {place}번째 순서입니다 (약 {eta}초)."),
}
EDIT_ACTIONS = {"en": [("correct", "correct"), ("no longer true", "no_longer_true"), ("remove", "remove")],
                "ko": [("고치기", "correct"), ("이제 아님", "no_longer_true"), ("삭제", "remove")]}


def text(key: str, lang: str = "en") -> str:
    return TEXTS[key][0 if lang == "en" else 1]


class Localizer:
    """Components registered with their text key and the attribute it fills (label, value, placeholder)."""

    def __init__(self) -> None:
        self.entries: list[tuple[Any, str, str]] = []
        self.choices: list[tuple[Any, dict[str, list[tuple[str, str]]]]] = []

    def add(self, component: Any, key: str, attribute: str = "label") -> Any:
        self.entries.append((component, key, attribute))
        return component

    def add_choices(self, component: Any, by_language: dict[str, list[tuple[str, str]]]) -> Any:
        self.choices.append((component, by_language))
        return component

    @property
    def components(self) -> list[Any]:
        """Each registered component once (one may have a label and choices)."""
        return list(dict.fromkeys([c for c, _, _ in self.entries] + [c for c, _ in self.choices]))

    def updates(self, lang: str) -> list[Any]:
        """One update per component of :attr:`components`, in that order, in ``lang`` (en | ko)."""
        lang = lang if lang in {code for _, code in UI_LANGUAGES} else "en"
        changes: dict[int, dict[str, Any]] = {id(c): {} for c in self.components}
        for component, key, attribute in self.entries:
            changes[id(component)][attribute] = text(key, lang)
        for component, by_language in self.choices:
            changes[id(component)]["choices"] = by_language[lang]
        return [gr.update(**changes[id(c)]) for c in self.components]
