"""The panels' HTML and the chat's messages are pure functions of a turn result: chips with badges, the profile card
with its decay bars, document cards with cited / kept / dropped marks, the refine timeline, the answer's sources and
emergency banner, the steps message. Nothing a person or a document wrote becomes markup."""

from __future__ import annotations

import pytest

from medical_agent.red_flags import EMERGENCY
from medical_agent.ui.answer import answer_content, emergency_split, sources_footer, step_lines, steps_message
from medical_agent.ui.cards import (
    checks_text,
    document_cards,
    profile_card,
    quality_points,
    refine_timeline,
    route_items,
    slot_chips,
)
from medical_agent.ui.formatting import is_step_message, message_text


def mention(name: str, assertion: str, **extra) -> dict:
    return {"name": name, "text": name.lower(), "cui": "C0000001", "assertion": assertion, "confidence": 0.9,
            **extra}


def korean(cui: str | None, english: str) -> str:
    return {"C0000001": "당뇨병"}.get(cui or "", english)


@pytest.mark.parametrize(("assertion", "en", "ko"), [("present", "✅ present", "✅ 있음"),
                                                     ("negated", "🚫 negated", "🚫 없음"),
                                                     ("family", "👪 family", "👪 가족력"),
                                                     ("historical", "🕘 history", "🕘 과거력")])
def test_a_chip_per_mention_with_its_badge_and_the_code_on_hover(assertion, en, ko):
    slots = {"conditions": [mention("Diabetes mellitus", assertion)]}
    html = slot_chips(slots, "en")
    assert en in html and "<b>Conditions</b> Diabetes mellitus" in html and 'title="Diabetes mellitus · C0000001' in html
    assert "<b>질환</b> 당뇨병" in slot_chips(slots, "ko", korean) and ko in slot_chips(slots, "ko", korean)


def test_chips_for_demographics_doses_and_readings():
    html = slot_chips({"demographics": {"age": 65, "gender": "male", "age_group": None},
                       "medications": [mention("Metformin", "present", dose="500 mg")],
                       "vitals": [{"type": "blood_pressure", "systolic": 150, "diastolic": 95, "unit": "mmHg"}],
                       "labs": [{"type": "hba1c", "value": 7.2, "unit": "%"}]}, "ko")
    assert "<b>나이</b> 65" in html and "<b>성별</b> 남성" in html and "연령대" not in html   # unknown ones left out
    assert "<small>500 mg</small>" in html and "<b>혈압</b> 150/95 mmHg" in html and "<b>HbA1c</b> 7.2 %" in html
    assert "아직 찾은 정보가 없습니다" in slot_chips(None, "ko") and "Nothing found yet" in slot_chips({}, "en")


def test_what_people_and_documents_wrote_is_never_markup():
    evil = '<img src=x onerror="alert(1)">'
    assert "<img" not in slot_chips({"symptoms": [mention(evil, "present")]}, "en")
    assert "<img" not in profile_card({"demographics": {}, "conditions": [mention(evil, "present")], "symptoms": [],
                                       "medications": [], "vitals": [], "labs": []}, "en")
    assert "<img" not in document_cards({"retrieved_docs": [{"doc_id": "a", "title": evil, "text": evil}]}, "en")
    assert "<img" not in answer_content(evil) and "&lt;img" in answer_content(evil)


def test_the_profile_card_groups_by_slot_with_decay_dates_and_past_readings():
    profile = {"demographics": {"age": 70, "age_group": "70s"}, "conditions": [
        {"name": "Hypertension", "text": "고혈압", "assertion": "present", "temporal_weight": 0.5, "cui": "C1",
         "conflict": {"text": "고혈압은 없어요"}, "timestamp": "2026-01-02T09:30:00+00:00", "source": "record"}],
        "symptoms": [], "medications": [],
        "vitals": [{"type": "blood_pressure", "systolic": 140, "diastolic": 90, "unit": "mmHg", "current": True,
                    "timestamp": "2026-01-02T03:04:05+00:00"},
                   {"type": "blood_pressure", "systolic": 150, "diastolic": 95, "unit": "mmHg", "past": True,
                    "timestamp": "2020-03-01T00:00:00+00:00", "source": "record"}], "labs": []}
    html = profile_card(profile, "en")
    assert html.index("<h4>About you</h4>") < html.index("<h4>Conditions</h4>") < html.index("<h4>Vital signs</h4>")
    assert "<b>Age group</b> 70s" in html and 'style="width:50%"' in html and 'title="weight 0.50"' in html
    assert "said as “고혈압”" in html and "from your record" in html and "noted 2026-01-02" in html
    assert "⚠️ later: “고혈압은 없어요”" in html
    assert "measured 2026-01-02" in html and "measured 2020-03-01" in html      # each reading with its own date
    assert html.count(">current<") == 1 and html.count(">past<") == 1
    ko = profile_card(profile, "ko")
    assert "<b>연령대</b> 70대" in ko and "2020-03-01 측정" in ko and ">과거<" in ko and "혈압" in ko
    assert "아직 프로필이 없습니다" in profile_card(None, "ko")


def test_document_cards_mark_cited_kept_and_dropped_and_fold_what_the_gate_dropped():
    docs = [{"doc_id": "a", "title": "Metformin side effects", "score": 0.0328, "url": "https://x.org/a",
             "text": "Metformin   often\ncauses nausea. " * 30},
            {"doc_id": "b", "title": None, "score": 0.016, "url": "", "text": "short"}]
    result = {"retrieved_docs": docs, "citations": [{"n": 2}], "evidence_verdict": "correct",
              "dropped_docs": [{"doc_id": "z", "title": "Weather", "text": "sunny", "score": 0.001}]}
    html = document_cards(result, "en")
    first, second = html.split("<article")[1:3]
    assert "Metformin side effects" in first and "x.org" in first and "score 0.033" in first and "cited" not in first
    assert "often causes nausea." in first and first.count("Metformin often") < 10       # squeezed, capped
    assert "[2]</span> <b>b</b>" in second and "✔ cited" in second and ">kept<" in second
    assert "1 passages dropped by the relevance check</summary>" in html and "Weather" in html
    marked = document_cards({**result, "gate": {"llm_relevant": [2]}}, "ko")
    assert ">제외<" in marked.split("<article")[1] and ">사용<" in marked.split("<article")[2]
    assert ">kept<" not in document_cards({**result, "evidence_verdict": "ungated"}, "en")  # no gate: no mark
    leaflet = {"doc_id": "doc:w.pdf", "title": "Warfarin", "source": "w.pdf", "page": 3, "text": "INR | 2-3"}
    assert "w.pdf · p. 3" in document_cards({"retrieved_docs": [leaflet]}, "en")
    assert "아직 찾은 문서가 없습니다" in document_cards(None, "ko")


LOGS = [{"step": 1, "iteration": 0, "quality_score": 0.41, "parts": {"length_score": 0.9, "evidence_score": 0.2},
         "judge": "heuristic", "missing_info": ["dose"], "query": "metformin", "doc_ids": ["a", "b"],
         "evidence_verdict": "correct", "gate": {"dropped": ["z"]}, "action": "retrieve", "stop_reason": None},
        {"step": 2, "iteration": 1, "quality_score": 0.8, "parts": {}, "judge": "heuristic", "missing_info": [],
         "query": "metformin dose", "doc_ids": ["b", "c", "d"], "action": "accept"}]


def test_the_refine_log_is_a_timeline_from_route_to_stop():
    result = {"route": "rag_required", "refine_iteration_logs": LOGS, "stop_reason": "quality_ok"}
    html = refine_timeline(result, "en")
    order = ["search the sources", "Searched: “metformin” — 2 passages", "2 of 3 passages kept (relevant)",
             "Check 1", "quality 0.41", "length 0.90, evidence 0.20", "missing: dose", "→ search again",
             "Searched: “metformin dose” — 3 passages (2 new, 1 gone)", "Check 2", "→ accept", "Stopped: good enough"]
    assert [html.index(s) for s in order] == sorted(html.index(s) for s in order)
    ko = refine_timeline(result, "ko")
    assert "근거 검색" in ko and "검색: “metformin” — 구절 2개" in ko and "멈춤: 품질 충분" in ko
    assert "답변 뒤에 점검 과정이" in refine_timeline({}, "ko")
    assert quality_points(LOGS) == [{"iteration": 1, "quality_score": 0.41}, {"iteration": 2, "quality_score": 0.8}]


def test_checks_text_names_claims_grades_and_language():
    verified = {"quality_score": 0.5, "grades": {"completeness": 0.4}, "language_ok": False,
                "claims": [{"text": "a", "supported": True}, {"text": "b", "supported": False}]}
    assert checks_text(verified, "en") == "1/2 claims supported, completeness 0.40, wrong language"
    assert checks_text(verified, "ko") == "주장 2개 중 1개 근거 있음, 완전성 0.40, 언어가 다름"


def test_the_route_shows_the_follow_up_the_plan_the_gap_and_a_web_fallback():
    assert route_items({}, "en") == []
    items = "".join(route_items({
        "route": "history_required",
        "followup": {"phrase": "그 약", "referent": "메트포르민", "source": "conversation", "standalone": "메트포르민을?"},
        "plan": {"subtasks": [{"text": "부작용?", "queries": ["a", "b"]}, {"text": "용량?", "queries": ["c"]}],
                 "hits": [["x", "y"], ["z"]]},
        "evidence_gap": ["alendronate"],
        "retrieved_docs": [{"source": "web", "url": "https://medlineplus.gov/druginfo/meds/a601011.html"}]}, "en"))
    assert "a follow-up to the conversation" in items and "“그 약” → 메트포르민; searched as: 메트포르민을?" in items
    assert "(1) 부작용? — 2 queries, 2 passages · (2) 용량? — 1 queries, 1 passages" in items
    assert "<b>Not in the sources</b> alendronate" in items and "Web fallback: 1 page(s)</b> medlineplus.gov" in items


def test_the_answer_opens_with_an_alert_block_for_a_red_flag_in_either_language():
    for lang, number in (("ko", "119"), ("en", "911")):
        text = f"{EMERGENCY[lang]}\n\n본문"
        line, found, rest = emergency_split(text)
        assert line == EMERGENCY[lang] and found == lang and rest == "본문"
        shown = answer_content(text)
        assert shown.startswith('<div class="ma-emergency" role="alert">') and f'href="tel:{number}"' in shown
        assert shown.rstrip().endswith("본문") and ("응급" if lang == "ko" else "Emergency") in shown
    assert emergency_split("보통 답변")[0] is None and "role=" not in answer_content("보통 답변")


def test_sources_are_a_list_in_the_answer_s_language():
    result = {"language": "ko", "synthesis": {
        "references": [{"n": 1, "title": "메트포르민 [요약]", "url": "https://x.org", "section": "", "source": "jsonl"},
                       {"n": 2, "title": "와파린", "page": 3, "source": "w.pdf", "review": "clinician-verified"}],
        "table_rows": ["INR 2-3"], "warnings": ["<b>주의</b>"]}}
    footer = sources_footer(result, "ko")
    assert "**출처**" in footer and "- [1] [메트포르민 (요약)](https://x.org)" in footer and "jsonl" not in footer
    assert "- [2] 와파린 — 3쪽 · 의료진 검증 · w.pdf" in footer and "**출처의 주의 사항**" in footer
    assert "&lt;b&gt;" in footer and "| n |" not in footer                          # a list, not a table
    assert "**Sources**" in answer_content("answer", {**result, "language": "en"})
    assert sources_footer({}, "en") == ""


def test_the_steps_are_one_collapsed_message_in_the_interface_s_language():
    result = {"slot_out": {"conditions": [mention("Diabetes mellitus", "present")], "symptoms": [],
                           "medications": [mention("Metformin", "hypothetical")]},
              "retrieved_docs": [{"doc_id": "a"}, {"doc_id": "b"}], "dropped_docs": [{"doc_id": "z"}],
              "evidence_verdict": "correct", "refine_iteration_logs": LOGS, "stop_reason": "quality_ok"}
    lines = step_lines(result, "en")
    assert lines[0] == "Read from your message: Conditions Diabetes mellitus"       # a question about is not a fact
    assert "Searched: “metformin” — 3 passages" in lines and "2 of 3 passages kept (relevant)" in lines
    assert lines[-3:] == ["Checks: quality 0.80", "Decision: accept", "Stopped: good enough"]
    message = steps_message(result, "ko", 1.234, korean)
    assert message["metadata"] == {"title": "🔎 답변 과정 · 1.2초", "status": "done"} and is_step_message(message)
    assert "메시지에서 찾은 정보: 질환 당뇨병" in message["content"] and "Searched" not in message["content"]
    assert steps_message({}, "en")["metadata"]["title"] == "⏳ Working…"
    assert not is_step_message({"role": "assistant", "content": "answer"})


@pytest.mark.parametrize(("message", "text"), [
    ({"role": "assistant", "content": "plain"}, "plain"),
    ({"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}, "ab"),
    ({"role": "assistant", "content": {"type": "text", "text": "one part"}}, "one part"),
    ({"role": "assistant", "content": None}, ""),
    ("bare string", "bare string"),
])
def test_message_text_reads_strings_and_gradio6_parts(message, text):
    assert message_text(message) == text


def test_a_like_on_the_steps_names_the_answer_below_them():
    from medical_agent.ui.feedback import answer_index, rating_of

    history = [{"role": "user", "content": "q"}, {"role": "assistant", "content": "s", "metadata": {"title": "🔎"}},
               {"role": "assistant", "content": "a"}]
    assert answer_index(history, 1) == 2 and answer_index(history, 2) == 2 and answer_index(history, 0) == 0
    assert [rating_of(v) for v in (True, False, "", None, "Inaccurate")] == ["up", "down", "", "", "Inaccurate"]
