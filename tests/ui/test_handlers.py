"""The chat handler without a browser: streaming order, the steps message, refusals, an empty send, errors as
readable messages, sessions, new patient and deletion (asked first, then said), the language switch."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gradio as gr
import pytest

from medical_agent.ui.app import SORRY, STARTING, MedicalAgentApp, header_text, new_session, tech_text
from medical_agent.ui.formatting import message_text
from medical_agent.ui.runtime import AgentRuntime
from tests.ui.conftest import QUESTION_KO

CHAT, SLOTS, SUMMARY, PROFILE, ITEM, DOCS, REFINE, PLOT, MY_DOCS, MY_CHOICE, RAW, MY_PAGES, SESSION, BOX, TRACES = \
    range(15)


def built(runtime: AgentRuntime) -> MedicalAgentApp:
    ui = MedicalAgentApp(runtime)
    ui.build()
    return ui


def turn(ui: MedicalAgentApp, message: str, session: dict[str, str] | None = None, lang: str = "en") -> list[tuple]:
    defaults = ("AI Agent", ui.settings.profile, True, True, True)
    return list(ui.chat(message, [], session, *defaults, lang))


def html_of(value) -> str:
    """A panel's value in a frame: its HTML, or "" when the frame skipped it."""
    return value if isinstance(value, str) else ""


@pytest.fixture()
def ui(ui_settings, ui_agent) -> MedicalAgentApp:
    return built(AgentRuntime(ui_settings, ui_agent))


class ExplodingAgent:
    """Finds slots, then fails mid-turn with an error whose text quotes the person (must not be logged)."""

    def __init__(self, agent: Any):
        self.deps = agent.deps

    def stream(self, user_id: str, text: str, **_: Any) -> Iterator[tuple[str, Any]]:
        yield "node", ("extract_slots", {"slot_out": {"conditions": [
            {"name": "Diabetes mellitus", "text": "당뇨", "cui": "C0011849", "assertion": "present"}]}})
        yield "token", "메트포르민은"
        raise RuntimeError(f"backend crashed on {text!r}")


def test_chat_streams_tokens_and_fills_live_panels_before_the_end(ui, ui_agent):
    frames = turn(ui, QUESTION_KO)
    assert message_text(frames[0][CHAT][-1]) == "…" and frames[0][CHAT][-2]["metadata"]["title"] == "⏳ Working…"
    live_slots = [f for f in frames[:-1] if "Diabetes mellitus" in html_of(f[SLOTS])]
    live_docs = [f for f in frames[:-1] if "<article" in html_of(f[DOCS])]
    assert live_slots and live_docs, "slots and documents update while the answer is still streaming"
    live_refine = [f for f in frames[:-1] if "Check 1" in html_of(f[REFINE])]
    assert live_refine and "rule-based check" in live_refine[0][REFINE]                # before the final frame
    partial = [message_text(f[CHAT][-1]) for f in frames[1:-1] if message_text(f[CHAT][-1]) != "…"]
    assert len(partial) > 3 and len(partial[0]) < len(message_text(frames[-1][CHAT][-1]))   # shown in pieces
    steps = [f[CHAT][-2] for f in frames[1:-1]]
    assert any("Read from your message" in message_text(m) for m in steps)              # the steps fill in live
    last = frames[-1]
    assert "**출처**" in message_text(last[CHAT][-1]) and last[CHAT][-2]["metadata"]["title"].startswith("🔎")
    assert "Diabetes mellitus" in last[SLOTS] and "Metformin" in last[SLOTS]
    assert last[RAW]["answer"] and last[SESSION]["user_id"].startswith("web-") and last[BOX] == ""
    trace = last[TRACES][str(len(last[CHAT]) - 1)]                     # the rating's trace, by the answer's index
    assert trace["question"] == QUESTION_KO and trace["route"] == "rag_required" and trace["evidence"]
    ui_agent.forget(last[SESSION]["user_id"], [last[SESSION]["thread_id"]])


def test_an_empty_send_does_nothing(ui):
    for empty in ("", "   \n ", None):
        frames = turn(ui, empty)
        assert len(frames) == 1 and all(v == gr.skip() for v in frames[0])


def test_a_korean_interface_shows_the_steps_and_panels_in_korean(ui, ui_agent):
    last = turn(ui, "What are the warning signs of a stroke?", lang="ko")[-1]
    assert last[CHAT][-2]["metadata"]["title"].startswith("🔎 답변 과정")
    assert "메시지에서" in message_text(last[CHAT][-2]) and "점검 1" in last[REFINE]
    assert "**Sources**" in message_text(last[CHAT][-1])         # the answer keeps its own (English) language
    ui_agent.forget(last[SESSION]["user_id"], [last[SESSION]["thread_id"]])


def test_over_length_message_is_refused_politely(ui, ui_settings, ui_agent):
    session = new_session()
    frames = turn(ui, "가" * (ui_settings.limits.max_message_chars + 1), session)
    reply = message_text(frames[-1][CHAT][-1])
    assert reply.startswith("⚠️") and f"{ui_settings.limits.max_message_chars:,}" in reply and "Traceback" not in reply
    assert "Nothing found yet" in frames[-1][SLOTS] and "No documents yet" in frames[-1][DOCS]
    assert frames[-1][SUMMARY] == "" and "No profile yet" in frames[-1][PROFILE]
    assert ui_agent.deps.profiles.get(session["user_id"]) is None         # nothing was processed or stored


def test_error_mid_turn_is_a_short_message_and_panels_are_cleared(ui_settings, ui_agent, caplog):
    ui = built(AgentRuntime(ui_settings, ExplodingAgent(ui_agent)))
    with caplog.at_level(logging.ERROR):
        frames = turn(ui, QUESTION_KO)
    assert any("Diabetes mellitus" in html_of(f[SLOTS]) for f in frames[:-1])
    last = frames[-1]
    assert message_text(last[CHAT][-1]) == SORRY and len(last[CHAT]) == 2             # no steps left behind
    assert "Nothing found yet" in last[SLOTS] and "No documents yet" in last[DOCS] and last[RAW] == {}
    assert "The checks appear here" in last[REFINE]
    assert "chat turn failed: RuntimeError" in caplog.text
    assert "당뇨" not in caplog.text and "메트포르민" not in caplog.text    # no health data in the log


def test_startup_failure_is_explained_in_header_and_chat(ui_settings):
    runtime = AgentRuntime(ui_settings)
    runtime.error = "FileNotFoundError: index missing"
    runtime._ready.set()                              # what a failed background start leaves behind
    ui = built(runtime)
    reply = message_text(turn(ui, QUESTION_KO)[-1][CHAT][-1])
    assert reply == "⚠️ the agent could not start: FileNotFoundError: index missing"
    assert "Start-up failed" in header_text(runtime)
    assert "Starting" in header_text(AgentRuntime(ui_settings))


def test_a_question_during_start_up_says_it_waits(ui_settings, ui_agent):
    runtime = AgentRuntime(ui_settings)               # not started: the agent is "still building"
    ui = built(runtime)
    frames = ui.chat(QUESTION_KO, [], None, "AI Agent", ui_settings.profile, True, True, True)
    assert message_text(next(frames)[CHAT][-1]) == "…"
    assert message_text(next(frames)[CHAT][-1]) == STARTING
    runtime.agent = ui_agent                          # what the background start-up does when it finishes
    runtime._ready.set()
    last = list(frames)[-1]
    assert "**출처**" in message_text(last[CHAT][-1])
    ui_agent.forget(last[SESSION]["user_id"], [last[SESSION]["thread_id"]])


def test_the_header_is_for_visitors_and_the_backends_are_in_the_advanced_fold(ui):
    header = header_text(ui.runtime)
    assert "offline mode" in header and "not a diagnosis" in header and "use-multilingual" not in header
    assert "/" not in header.replace("·", "")                              # no server path
    assert "오프라인 모드" in header_text(ui.runtime, "ko")
    tech = tech_text(ui.runtime)
    assert "use-multilingual" in tech.lower() and "(10 passages)" in tech and "/" not in tech.split("index:")[1]
    mode = ui.controls.mode_state(ui.runtime.status(), "ko")
    assert mode["interactive"] is False and "오프라인" in mode["info"]         # no model: the mode says why


def test_header_warns_when_medcat_fell_back_to_the_dictionary():
    class Runtime:
        def status(self):
            return {"state": "ready", "llm": "offline", "offline": True, "embedder": "e", "index": "/srv/data/i",
                    "documents": 1, "linker": "dictionary", "linker_warning": "MedCAT unavailable: bad zip"}

    assert "⚠️ Concept linker fallback — MedCAT unavailable: bad zip" in tech_text(Runtime())
    assert "/srv" not in tech_text(Runtime()) and "`i`" in tech_text(Runtime())


def test_sessions_are_isolated_and_new_patient_starts_over(ui, ui_agent):
    a, b = new_session(), new_session()
    assert a["user_id"] != b["user_id"] and a["thread_id"] != b["thread_id"]
    turn(ui, QUESTION_KO, a)
    b_last = turn(ui, "What are the warning signs of a stroke?", b)[-1]
    assert "Diabetes" not in b_last[SUMMARY] and "Diabetes mellitus" not in b_last[PROFILE]
    assert "Diabetes mellitus" in ui._panels(a, None)[PROFILE - 1]
    assert turn(ui, QUESTION_KO, a)[-1][RAW]["cache_hit"]                # A's repeat is served from A's cache
    assert not turn(ui, QUESTION_KO, b)[-1][RAW]["cache_hit"]            # B never gets A's cached answer
    copy = served_copy(ui, ui.export(a))
    chat, *panels, fresh, export_file, keep, traces, confirm, done = ui.new_patient(a)
    assert chat == [] and fresh["user_id"] not in (a["user_id"], b["user_id"]) and "Nothing found" in panels[0]
    assert fresh["user_id"] in keep and "30 days" in keep and traces == {}
    assert confirm["visible"] is False and done.startswith("✔ New patient")
    assert export_file["visible"] is False and not copy.exists()            # A's export goes with A's session
    for s in (a, b):
        ui_agent.forget(s["user_id"], [s["thread_id"]])


def served_copy(ui, exported):
    """The exported file is the one Gradio serves: written inside its folder (so never copied), under a random
    folder name; neither holds the resume code."""
    path = Path(exported["value"])
    assert path.is_relative_to(ui.served.cache) and path.name.startswith("my-profile-")
    assert "web-" not in str(path.relative_to(ui.served.cache))
    return path


def test_delete_my_profile_forgets_everything(ui, ui_agent):
    session = new_session()
    turn(ui, QUESTION_KO, session)
    assert ui_agent.deps.profiles.get(session["user_id"]) is not None
    exported = ui.export(session)
    assert exported["visible"] is True and "Diabetes" in Path(exported["value"]).read_text(encoding="utf-8")
    copy = served_copy(ui, exported)
    chat, slots, summary, card, *_, after, traces, confirm, export_file, deleted = ui.delete(session)
    assert chat == [] and summary == "" and "No profile yet" in card and "Nothing found" in slots
    assert deleted.startswith("🗑 Deleted: your profile") and traces == {}   # it says what went
    assert ui_agent.deps.profiles.get(session["user_id"]) is None and not Path(exported["value"]).exists()
    assert not copy.exists()                                                 # nor the copy Gradio served
    assert ui_agent.thread_state(session["thread_id"]) == {}
    assert after["user_id"] == session["user_id"] and after["thread_id"] != session["thread_id"]
    assert confirm["visible"] is False and export_file == {"__type__": "update", "value": None, "visible": False}


def test_warm_up_spends_no_llm_call_when_a_model_is_configured():
    """With an LLM, start-up warms components only: no model time or paid tokens at every start."""
    from types import SimpleNamespace

    from medical_agent.ui.runtime import warm_up

    calls: list[str] = []
    deps = SimpleNamespace(llm=object(), extractor=SimpleNamespace(extract=lambda t: calls.append("extract")),
                           query_pipeline=SimpleNamespace(warm_up=lambda: calls.append("pipeline"),
                                                          search=lambda t, k: calls.append("search")))
    agent = SimpleNamespace(deps=deps, run=lambda *a, **k: calls.append("turn"), forget=lambda *a: None)
    warm_up(agent)
    assert "turn" not in calls and calls.count("search") == 2 and calls[0] == "pipeline"


def test_a_resume_code_brings_the_profile_and_the_last_conversation_back_and_a_wrong_one_changes_nothing(
        ui, ui_agent):
    first = new_session()
    turn(ui, QUESTION_KO, first)
    later = new_session()                                        # a reload: a new person in this browser
    chat, *panels, session, export_file, traces, keep, code = ui.resume(f"  {first['user_id']} ", later, lang="ko")
    assert session == first                                      # the same person, the same thread continued
    assert [m["role"] for m in chat] == ["user", "assistant"] and chat[0]["content"] == QUESTION_KO
    assert "당뇨" in panels[1] and code == "" and first["user_id"] in keep and "이어하기 코드" in keep
    assert traces == {}                                          # no rating can name an answer shown before
    for wrong in ("web-0123456789abcdef0123", "not a code", ""):
        *skipped, note, code = ui.resume(wrong, later)
        assert "No profile for that code" in note and all(s == gr.skip() for s in skipped)
    ui_agent.forget(first["user_id"])


def test_a_profile_edit_in_the_panel_reaches_the_next_answer(ui, ui_agent):
    session = new_session()
    first = turn(ui, QUESTION_KO, session)[-1]
    assert ("Conditions: Diabetes mellitus", "conditions: Diabetes mellitus") in first[ITEM]["choices"]
    assert "질환: 당뇨" in message_text(first[CHAT][-1])                   # the answer names the person's diabetes
    summary, card, items, note, value = ui.edit_profile("conditions: Diabetes mellitus", "remove", "", session)
    assert note == "✔ Conditions: Diabetes mellitus: remove" and "Diabetes" not in summary and value == ""
    assert "Diabetes mellitus" not in card
    history = ui_agent.deps.profiles.get(session["user_id"])["history"]
    assert history[-1]["action"] == "remove" and history[-1]["before"] == "Diabetes mellitus"
    later = turn(ui, "메트포르민 부작용이 뭔가요?", session)[-1]
    assert "질환: 당뇨" not in message_text(later[CHAT][-1]) and not later[RAW]["cache_hit"]
    *_, refused, _ = ui.edit_profile(None, "remove", "", session)
    assert refused.startswith("⚠️") and "choose an item" in refused
    ui_agent.forget(session["user_id"])


@pytest.mark.shared_data
def test_importing_a_synthea_bundle_fills_the_profile_with_what_the_fhir_reader_finds(ui, ui_agent, tmp_path):
    import shutil

    from medical_agent.context.profile.fhir import load_bundle

    folder = ui.settings.paths.shared_data_dir / "synthea_fhir_r4_smart" / "R4_SYNTHEA_subset80"
    if not folder.is_dir():
        pytest.skip(f"shared Synthea subset not found at {folder}")
    source = sorted(folder.glob("*.json.gz"))[0]
    record = load_bundle(source, ui_agent.deps.concepts)
    upload = ui.served.cache / "5e1c7a" / source.name               # gradio's own copy of the upload
    upload.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(source, upload)
    session = new_session()
    summary, table, items, note, cleared = ui.import_record(str(upload), session)
    assert note.startswith("✔") and cleared is None and not upload.exists()      # the uploaded copy is deleted
    profile = ui_agent.deps.profiles.get(session["user_id"])
    names = {(c.concept.name if c.concept else c.display) for c in record.conditions}
    assert {c["name"] for c in profile["conditions"]} == names and names
    assert {m["name"] for m in profile["medications"]} == \
        {(m.concept.name if m.concept else m.display) for m in record.medications}
    assert all(c["source"] == "record" for c in profile["conditions"] + profile["medications"])
    assert profile["demographics"]["age"] == record.age and profile["demographics"]["gender"] == record.gender
    if record.blood_pressure:
        assert (profile["vitals"][0]["systolic"], profile["vitals"][0]["diastolic"]) == record.blood_pressure
    assert "from your record" in table
    ui_agent.forget(session["user_id"])


def test_a_file_that_is_not_a_fhir_bundle_changes_nothing(ui, ui_agent, tmp_path):
    session = new_session()
    turn(ui, QUESTION_KO, session)
    before = ui_agent.deps.profiles.get(session["user_id"])
    for name, content in (("notes.json", "not json at all"), ("list.json", "[1, 2]"),
                          ("empty.json", '{"resourceType": "Bundle", "entry": []}')):
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        *_, note, _ = ui.import_record(str(path), session)
        assert note.startswith("⚠️") and name in note
        assert ui_agent.deps.profiles.get(session["user_id"]) == before
    *_, note, _ = ui.import_record(None, session)
    assert "choose a FHIR R4 JSON file" in note
    ui_agent.forget(session["user_id"])


def test_the_language_switch_relabels_every_registered_text(ui):
    from medical_agent.ui.labels import TEXTS

    loc = ui.localizer
    assert len(loc.components) >= 40
    for component, key, attribute, form in loc.entries:     # built with the English text of its key: no drift
        built_with = getattr(component, attribute)
        assert built_with == form.format(TEXTS[key][0]), (key, built_with)
    korean = dict(zip(map(id, loc.components), loc.updates("ko"), strict=True))
    english = dict(zip(map(id, loc.components), loc.updates("en"), strict=True))
    assert korean[id(ui.profile.apply)]["value"] == "적용" and english[id(ui.profile.apply)]["value"] == "Apply"
    assert korean[id(ui.profile.action)]["choices"][2] == ("삭제", "remove")
    assert korean[id(ui.profile.action)]["label"] == "편집" and korean[id(ui.profile.action)]["choices"][0][0] == "값 고치기"
    assert all(any(ord(ch) >= 0xAC00 for ch in str(v)) for u in korean.values() for k, v in u.items()
               if k in ("label", "value", "placeholder", "info"))    # every Korean text has Hangul


def test_switching_the_language_renders_the_panels_again_from_the_last_turn(ui, ui_agent):
    session = new_session()
    last = turn(ui, QUESTION_KO, session)[-1]
    values = dict(zip(map(id, ui.relabel_outputs), ui.relabel("ko-KR", session, last[RAW])[2:], strict=True))
    assert ui.relabel("ko", session, last[RAW])[:2] == ["ko", "ko"]          # the state and the browser's copy
    assert "질환" in values[id(ui.profile.summary)]["value"]                 # the summary follows the switch
    assert "인용" in values[id(ui.documents.html)]["value"] and "점검 1" in values[id(ui.refine.html)]["value"]
    assert values[id(ui.examples.dataset)]["samples"][0][0].startswith("당뇨가")
    english = dict(zip(map(id, ui.relabel_outputs), ui.relabel("en", session, last[RAW])[2:], strict=True))
    assert "Conditions" in english[id(ui.profile.summary)]["value"] and "cited" in english[id(ui.documents.html)]["value"]
    ui_agent.forget(session["user_id"], [session["thread_id"]])


def test_the_first_language_is_the_stored_choice_or_the_browser_s(ui):
    assert ui.start("ko-KR")[-1] == "ko" and ui.start("en-US")[-1] == "en" and ui.start("")[-1] == "en"
    header, tech, mode, session, keep, lang = ui.start("ko")
    assert "의료 지식 에이전트" in header and "이어하기 코드" in keep and session["user_id"] in keep
