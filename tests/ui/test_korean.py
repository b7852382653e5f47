"""Korean mode is Korean (issue 34, item 3): every component's words after the switch to 한국어, every text of the
label table, and every section of a Korean turn's answer, steps and panels hold no Latin-script word outside the
terms allowed below (drug and test names, units, codes, formats). What people and documents wrote is data, not
interface: the turn's own strings (the question, passage titles and texts, names as linked) are taken out first."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from medical_agent.ui.app import MedicalAgentApp
from medical_agent.ui.formatting import message_text
from medical_agent.ui.labels import TEXTS
from medical_agent.ui.runtime import AgentRuntime
from tests.ui.conftest import QUESTION_KO
from tests.ui.test_handlers import CHAT, MY_PAGES, RAW, SESSION, turn

# Latin words a Korean interface keeps: test and measure names, units, codes and file formats, the app's own names.
ALLOWED = {
    "hba1c", "ldl", "hdl", "egfr", "tsh", "bmi", "spo2", "inr", "bp", "ct", "mri",
    "mg", "dl", "mmhg", "kg", "cm", "ml", "mmol", "bpm", "g", "l", "mcg", "iu",
    "mb", "fhir", "r4", "json", "pdf", "md", "markdown", "txt", "html", "htm", "ai", "umls", "cui", "medcat",
    "medquad", "medlineplus",
    "english",                    # the language switch names each language in itself
    "web",                        # the resume code's prefix (web-…)
}
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
TAG = re.compile(r"<[^>]+>")
PLACEHOLDER = re.compile(r"\{[^}]*\}")
SHOWN_VALUE = ("markdown", "html", "button")        # components whose value is text a person reads


def foreign_words(shown: str, data: list[str] = ()) -> list[str]:
    """The Latin words of ``shown`` (HTML or Markdown, tags and link targets dropped) not allowed and not data."""
    visible = html.unescape(TAG.sub(" ", re.sub(r"\]\([^)]*\)", "]", shown or "")))
    for value in sorted({d for d in data if len(d) >= 3}, key=len, reverse=True):
        visible = visible.replace(value, " ")
    return [w for w in LATIN_WORD.findall(visible)
            if w.lower() not in ALLOWED and not re.fullmatch(r"[A-Za-z]?\d[\w]*|C\d{7}|[a-f0-9]{8,}", w)]


def strings(value: Any) -> list[str]:
    """Every text inside ``value`` (a turn result, a profile): the data a panel may show as it is."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    return []


@pytest.fixture()
def ui(ui_settings, ui_agent) -> MedicalAgentApp:
    app = MedicalAgentApp(AgentRuntime(ui_settings, ui_agent))
    app.demo = app.build()
    return app


def test_every_korean_text_of_the_label_table_is_korean():
    bad = {key: foreign_words(PLACEHOLDER.sub(" ", ko)) for key, (_, ko) in TEXTS.items()}
    assert {k: v for k, v in bad.items() if v} == {}


def component_words(ui: MedicalAgentApp) -> dict[str, list[str]]:
    """Each visible component's words after the switch to Korean (its built config, then the switch's update)."""
    updates = dict(zip(map(id, ui.relabel_outputs), ui.relabel("ko", None, None)[2:], strict=True))
    status = ui.runtime.status()
    backends = [*strings(status), Path(status["index"]).name]          # the backends' own names are data
    found = {}
    for block in ui.demo.blocks.values():
        config = {**block.get_config(), **{k: v for k, v in (updates.get(id(block)) or {}).items()}}
        if config.get("visible") is False:
            continue
        kind = type(block).__name__.lower()
        texts = [str(config.get(k) or "") for k in ("label", "placeholder", "info")]
        texts += [str(c[0] if isinstance(c, list | tuple) else c) for c in config.get("choices") or []]
        texts += [str(s[0]) for s in config.get("samples") or []]
        if kind in SHOWN_VALUE:
            texts.append(str(config.get("value") or ""))
        words = foreign_words(" ".join(texts), backends)
        if words:
            found[f"{kind}#{config.get('elem_id') or block._id}"] = words
    return found


def test_every_component_is_korean_after_the_switch(ui):
    assert component_words(ui) == {}


def test_a_korean_turn_s_answer_steps_and_panels_are_korean(ui, ui_agent):
    for question in (QUESTION_KO, "갑자기 가슴이 조이듯 아프고 식은땀이 나요"):
        last = turn(ui, question, lang="ko")[-1]
        result, session = last[RAW], last[SESSION]
        data = [question, *strings(result), *strings(ui_agent.deps.profiles.get(session["user_id"]))]
        shown = {"answer": message_text(last[CHAT][-1]), "steps title": last[CHAT][-2]["metadata"]["title"],
                 "steps": message_text(last[CHAT][-2])}
        for n, value in enumerate(last[1:MY_PAGES]):
            if isinstance(value, str):
                shown[f"panel {n + 1}"] = value
        bad = {where: foreign_words(text, data) for where, text in shown.items()}
        assert {k: v for k, v in bad.items() if v} == {}, question
        ui_agent.forget(session["user_id"], [session["thread_id"]])


def test_status_lines_and_confirmations_are_korean(ui, ui_agent):
    session = turn(ui, QUESTION_KO, lang="ko")[-1][SESSION]
    lines = [ui.new_patient(None, "ko")[-1], ui.delete(session, "ko")[-1],
             ui.edit_profile(None, "remove", "", session, "ko")[-2],
             ui.resume("web-0123456789abcdef0123", session, lang="ko")[-2],
             ui.my_docs.add([], session, "ko", progress=lambda *a, **k: None)[0],
             ui.my_docs.remove(None, session, "ko")[0],
             ui.feedback.rate(0, "up", "", session, {}, "ko")[0]]
    bad = [foreign_words(line) for line in lines]
    assert [b for b in bad if b] == [], lines
    ui_agent.forget(session["user_id"])


def test_the_check_finds_english_where_it_is():
    assert foreign_words("저장된 프로필 <b>No profile yet.</b>") == ["No", "profile", "yet"]
    assert foreign_words("HbA1c 7.2 % · 혈압 150/95 mmHg · C0011849 · [출처](https://x.org)") == []
    assert foreign_words("구절: Metformin side effects", ["Metformin side effects"]) == []
