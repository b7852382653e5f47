"""Panel rows are pure functions of a turn result: badges, cited marks, refine rows, message text."""

from __future__ import annotations

import pytest

from medical_agent.ui.formatting import (
    BADGES,
    document_rows,
    message_text,
    profile_rows,
    quality_points,
    refine_rows,
    route_text,
    slot_rows,
)


def mention(name: str, assertion: str, **extra) -> dict:
    return {"name": name, "text": name.lower(), "cui": "C0000001", "assertion": assertion, "confidence": 0.9,
            **extra}


@pytest.mark.parametrize(("assertion", "badge"), [("present", "✅ present"), ("negated", "🚫 negated"),
                                                  ("family", "👪 family"), ("historical", "🕘 history")])
def test_slot_rows_badge_per_assertion(assertion, badge):
    rows = slot_rows({"conditions": [mention("Diabetes mellitus", assertion)]})
    assert rows == [["conditions", "Diabetes mellitus (diabetes mellitus)", "C0000001", badge, "0.9"]]


def test_slot_rows_demographics_doses_and_readings():
    rows = slot_rows({"demographics": {"age": 65, "gender": "male", "age_group": None},
                      "medications": [mention("Metformin", "present", dose="500 mg")],
                      "vitals": [{"type": "blood_pressure", "systolic": 150, "diastolic": 95, "unit": "mmHg"}],
                      "labs": [{"type": "hba1c", "value": 7.2, "unit": "%"}]})
    assert ["demographics", "age", "65", "", ""] in rows
    assert all(r[1] != "age_group" for r in rows)          # unknown demographics are left out
    assert rows[2][2] == "C0000001 dose: 500 mg"
    assert rows[3][:3] == ["vitals", "blood_pressure", "150/95 mmHg"]
    assert rows[4][:3] == ["labs", "hba1c", "7.2 %"]
    assert slot_rows(None) == []


def test_unknown_assertion_is_shown_verbatim():
    assert slot_rows({"symptoms": [mention("Cough", "uncertain")]})[0][3] == "uncertain"
    assert set(BADGES) >= {"present", "negated", "family", "historical"}


def test_profile_rows_mark_conflicts_and_current_reading():
    profile = {"demographics": {"age": 70}, "conditions": [
        {"name": "Hypertension", "text": "고혈압", "assertion": "present", "temporal_weight": 0.5,
         "conflict": {"text": "고혈압은 없어요"}}], "symptoms": [], "medications": [],
        "vitals": [{"type": "blood_pressure", "systolic": 140, "diastolic": 90, "unit": "mmHg", "current": True,
                    "timestamp": "2026-01-02T03:04:05+00:00"}], "labs": []}
    rows = profile_rows(profile)
    assert rows[0] == ["demographics", "age", "70", "", ""]
    assert rows[1] == ["conditions", "Hypertension", "고혈압", "✅ present ⚠️ later: “고혈압은 없어요”", "0.50"]
    assert rows[2] == ["vitals", "blood_pressure (current)", "140/90 mmHg", "2026-01-02 03:04", "1.00"]
    assert profile_rows(None) == []
    said = {**profile["conditions"][0], "timestamp": "2026-01-02T09:30:00+00:00", "source": "record"}
    assert profile_rows({**profile, "conditions": [said]})[1][2:4] == [
        "고혈압 · from your record", "✅ present ⚠️ later: “고혈압은 없어요” · 2026-01-02 09:30"]     # when it was said


def test_document_rows_rank_score_link_and_cited_mark():
    docs = [{"doc_id": "a", "title": "Metformin side effects", "score": 0.0328, "url": "https://x.org/a",
             "text": "Metformin   often\ncauses nausea. " * 30},
            {"doc_id": "b", "title": None, "score": 0.016, "url": "", "text": "short"}]
    rows = document_rows(docs, [{"n": 2}])
    assert rows[0][:4] == ["[1]", "Metformin side effects", 0.0328, "[https://x.org/a](https://x.org/a)"]
    assert "  " not in rows[0][4] and len(rows[0][4]) == 220   # whitespace squeezed, snippet capped
    assert rows[1][:4] == ["[2] ✔ cited", "b", 0.016, ""]      # no title: the doc id; no url: no link
    leaflet = {"doc_id": "doc:w.pdf", "title": "Warfarin", "source": "w.pdf", "page": 3, "category": "table",
               "text": "INR | 2-3"}
    assert document_rows([leaflet], [])[0][3] == "w.pdf, p. 3 (table)"          # a document's page instead
    assert document_rows(None, None) == []


def test_refine_rows_one_per_iteration_with_stop_reason():
    logs = [{"iteration": 0, "quality_score": 0.41, "parts": {"length_score": 0.9, "evidence_score": 0.2},
             "judge": "heuristic", "missing_info": ["dose"], "query": "metformin", "doc_ids": ["a", "b"],
             "action": "retrieve", "stop_reason": None},
            {"iteration": 0, "stop_reason": None},                            # quality_check's entry: no docs
            {"iteration": 1, "quality_score": 0.8, "parts": {}, "judge": "heuristic", "missing_info": [],
             "query": "metformin dose", "doc_ids": ["b", "c", "d"]}]
    rows = refine_rows(logs, "quality_ok")
    assert rows[0] == [0, 0.41, "metformin", "2 docs", "length 0.90, evidence 0.20", "heuristic", "retrieve",
                       "dose", ""]
    assert rows[2][2:4] == ["metformin dose", "+2 −1"]                     # the rewritten query's new documents
    verified = {"step": 2, "quality_score": 0.5, "grades": {"completeness": 0.4}, "language_ok": False,
                "claims": [{"text": "a", "supported": True}, {"text": "b", "supported": False}], "action": "language"}
    assert refine_rows([verified], None)[0][4:7] == ["supported 1/2, completeness 0.40, wrong language", "",
                                                    "language"]
    assert rows[-1][-1] == "quality_ok"         # the final stop reason lands on the last iteration
    assert quality_points(logs) == [{"iteration": 0, "quality_score": 0.41},
                                    {"iteration": 1, "quality_score": 0.8}]
    assert refine_rows([logs[0], {**logs[2], "doc_ids": ["a", "b"]}], None)[1][3] == "same"
    assert refine_rows([], "quality_ok") == []


@pytest.mark.parametrize(("message", "text"), [
    ({"role": "assistant", "content": "plain"}, "plain"),
    ({"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}, "ab"),
    ({"role": "assistant", "content": {"type": "text", "text": "one part"}}, "one part"),
    ({"role": "assistant", "content": None}, ""),
    ("bare string", "bare string"),
])
def test_message_text_reads_strings_and_gradio6_parts(message, text):
    assert message_text(message) == text


def test_route_text_shows_the_follow_up_the_plan_and_the_gap():
    assert route_text({}) == ""
    assert route_text({"route": "rag_required"}) == "**Route:** `rag_required`"
    text = route_text({"route": "history_required",
                       "followup": {"phrase": "그 약", "referent": "메트포르민", "source": "conversation",
                                    "standalone": "메트포르민을 계속 먹어도 되나요?"},
                       "plan": {"subtasks": [{"text": "부작용?", "queries": ["a", "b"]}, {"text": "용량?", "queries": ["c"]}],
                                "hits": [["x", "y"], ["z"]]},
                       "evidence_gap": ["alendronate"]})
    assert '"그 약" → **메트포르민** (from the conversation)' in text
    assert "(1) 부작용? — 2 queries, 2 passages · (2) 용량? — 1 queries, 1 passages" in text
    assert text.endswith("**Not in the sources:** alendronate")


def test_the_route_line_says_when_the_model_read_the_follow_up_and_made_the_plan():
    text = route_text({"route": "history_required",
                       "followup": {"phrase": "", "referent": "", "source": "llm",
                                    "standalone": "와파린을 먹는 중에 이부프로펜을 먹어도 되나요?"},
                       "plan": {"subtasks": [{"text": "와파린과 이부프로펜", "queries": ["q", "warfarin ibuprofen"]}],
                                "hits": [["x"]], "source": "llm"}})
    assert "**Follow-up (read by the model):** searched as: 와파린을 먹는 중에 이부프로펜을 먹어도 되나요?" in text
    assert "**Plan (by the model):** (1) 와파린과 이부프로펜 — 2 queries, 1 passages" in text and "→ ****" not in text


def test_the_route_line_names_a_web_fallback_and_its_sites():
    result = {"route": "rag_required", "evidence_gap": ["alendronate"],
              "retrieved_docs": [{"source": "web", "url": "https://medlineplus.gov/druginfo/meds/a601011.html"},
                                 {"source": "jsonl", "url": ""}]}
    text = route_text(result)
    assert "**Not in the sources:** alendronate" in text and "**Web fallback:** 1 page(s) from medlineplus.gov" in text
    assert "Web fallback" not in route_text({**result, "retrieved_docs": [{"source": "jsonl"}]})
