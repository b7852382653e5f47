"""The chat handler without a browser: streaming order, refusals, errors as readable messages, sessions."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gradio as gr
import pandas as pd
import pytest

from medical_agent.ui.app import SORRY, STARTING, MedicalAgentApp, header_text, new_session
from medical_agent.ui.formatting import message_text
from medical_agent.ui.runtime import AgentRuntime
from tests.ui.conftest import QUESTION_KO

CHAT, SLOTS, SUMMARY, PROFILE, ITEM, DOCS, ROUTE, REFINE, PLOT, RAW, MY_DOCS, MY_CHOICE, MY_PAGES, SESSION, BOX = range(15)


def built(runtime: AgentRuntime) -> MedicalAgentApp:
    ui = MedicalAgentApp(runtime)
    ui.build()
    return ui


def turn(ui: MedicalAgentApp, message: str, session: dict[str, str] | None = None) -> list[tuple]:
    defaults = ("AI Agent", ui.settings.profile, True, True, True)
    return list(ui.chat(message, [], session, *defaults))


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
    assert message_text(frames[0][CHAT][-1]) == "…"                       # placeholder at once
    live_slots = [f for f in frames[:-1] if isinstance(f[SLOTS], pd.DataFrame)]
    live_docs = [f for f in frames[:-1] if isinstance(f[DOCS], pd.DataFrame)]
    assert live_slots and live_docs, "slots and documents update while the answer is still streaming"
    live_refine = [f for f in frames[:-1] if isinstance(f[REFINE], pd.DataFrame)]
    assert live_refine and live_refine[0][REFINE]["judge"].iloc[0] == "heuristic"    # before the final frame
    partial = [message_text(f[CHAT][-1]) for f in frames[1:-1] if message_text(f[CHAT][-1]) != "…"]
    assert partial and len(partial[0]) < len(message_text(frames[-1][CHAT][-1]))
    last = frames[-1]
    assert "**Sources**" in message_text(last[CHAT][-1])
    assert {"Diabetes mellitus", "Metformin"} <= {i.split(" (")[0] for i in last[SLOTS]["item"]}
    assert last[RAW]["answer"] and last[SESSION]["user_id"].startswith("web-") and last[BOX] == ""
    ui_agent.forget(last[SESSION]["user_id"], [last[SESSION]["thread_id"]])


def test_over_length_message_is_refused_politely(ui, ui_settings, ui_agent):
    session = new_session()
    frames = turn(ui, "가" * (ui_settings.limits.max_message_chars + 1), session)
    reply = message_text(frames[-1][CHAT][-1])
    assert reply.startswith("⚠️") and f"{ui_settings.limits.max_message_chars:,}" in reply and "Traceback" not in reply
    assert frames[-1][SLOTS].empty and frames[-1][DOCS].empty and frames[-1][SUMMARY] == "_No profile yet._"
    assert ui_agent.deps.profiles.get(session["user_id"]) is None         # nothing was processed or stored


def test_error_mid_turn_is_a_short_message_and_panels_are_cleared(ui_settings, ui_agent, caplog):
    ui = built(AgentRuntime(ui_settings, ExplodingAgent(ui_agent)))
    with caplog.at_level(logging.ERROR):
        frames = turn(ui, QUESTION_KO)
    assert any(isinstance(f[SLOTS], pd.DataFrame) and not f[SLOTS].empty for f in frames[:-1])
    last = frames[-1]
    assert message_text(last[CHAT][-1]) == SORRY
    assert last[SLOTS].empty and last[DOCS].empty and last[REFINE].empty and last[RAW] == {}
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
    assert "**Sources**" in message_text(last[CHAT][-1])
    ui_agent.forget(last[SESSION]["user_id"], [last[SESSION]["thread_id"]])


def test_header_names_backends_and_offline_mode(ui):
    text = header_text(ui.runtime)
    assert "offline mode" in text and "use-multilingual" in text.lower() and "(10 passages)" in text


def test_header_warns_when_medcat_fell_back_to_the_dictionary():
    class Runtime:
        def status(self):
            return {"state": "ready", "llm": "offline", "offline": True, "embedder": "e", "index": "i",
                    "documents": 1, "linker": "dictionary", "linker_warning": "MedCAT unavailable: bad zip"}

    assert "⚠️ Concept linker fallback — MedCAT unavailable: bad zip" in header_text(Runtime())


def test_sessions_are_isolated_and_new_patient_starts_over(ui, ui_agent):
    a, b = new_session(), new_session()
    assert a["user_id"] != b["user_id"] and a["thread_id"] != b["thread_id"]
    turn(ui, QUESTION_KO, a)
    b_last = turn(ui, "What are the warning signs of a stroke?", b)[-1]
    assert "당뇨" not in b_last[SUMMARY] and "Diabetes mellitus" not in set(b_last[PROFILE]["item"])
    assert "Diabetes mellitus" in set(ui._panels(a, None)[PROFILE - 1]["item"])
    assert turn(ui, QUESTION_KO, a)[-1][RAW]["cache_hit"]                # A's repeat is served from A's cache
    assert not turn(ui, QUESTION_KO, b)[-1][RAW]["cache_hit"]            # B never gets A's cached answer
    copy = served_copy(ui, ui.export(a))
    chat, *panels, fresh, export_file, keep = ui.new_patient(a)
    assert chat == [] and fresh["user_id"] not in (a["user_id"], b["user_id"]) and panels[0].empty
    assert fresh["user_id"] in keep and "30 days" in keep
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
    chat, slots, summary, *_, after, confirm, export_file = ui.delete(session)
    assert chat == [] and summary == "_No profile yet._" and slots.empty
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
    chat, *panels, session, export_file, keep, code = ui.resume(f"  {first['user_id']} ", later)
    assert session == first                                      # the same person, the same thread continued
    assert [m["role"] for m in chat] == ["user", "assistant"] and chat[0]["content"] == QUESTION_KO
    assert "당뇨" in panels[1] and code == "" and first["user_id"] in keep
    for wrong in ("web-0123456789abcdef0123", "not a code", ""):
        *skipped, note, code = ui.resume(wrong, later)
        assert "No profile for that code" in note and all(s == gr.skip() for s in skipped)
    ui_agent.forget(first["user_id"])


def test_a_profile_edit_in_the_panel_reaches_the_next_answer(ui, ui_agent):
    session = new_session()
    first = turn(ui, QUESTION_KO, session)[-1]
    assert "conditions: Diabetes mellitus" in first[ITEM]["choices"]
    assert "질환: 당뇨" in message_text(first[CHAT][-1])                   # the answer names the person's diabetes
    summary, table, items, note, value = ui.edit_profile("conditions: Diabetes mellitus", "remove", "", session)
    assert note.startswith("✔") and "당뇨" not in summary and value == ""
    assert "Diabetes mellitus" not in list(table["item"])
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
    assert any("from your record" in v for v in table["value / said as"])
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
    assert len(loc.components) >= 20
    for component, key, attribute in loc.entries:          # built with the English text of its key: no drift
        built_with = getattr(component, attribute)
        assert built_with == TEXTS[key][0], (key, built_with)
    korean = dict(zip(map(id, loc.components), loc.updates("ko"), strict=True))
    english = dict(zip(map(id, loc.components), loc.updates("en"), strict=True))
    assert korean[id(ui.profile.apply)]["value"] == "적용" and english[id(ui.profile.apply)]["value"] == "Apply"
    assert korean[id(ui.profile.action)]["choices"][2] == ("삭제", "remove")
    assert korean[id(ui.profile.action)]["label"] == "고치기"
    assert all(any(ord(ch) >= 0xAC00 for ch in str(v)) for u in korean.values() for k, v in u.items()
               if k in ("label", "value", "placeholder"))            # every Korean text has Hangul
