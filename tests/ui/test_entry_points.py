"""Every way a fact enters a profile — the chat, a FHIR record import, an edit in the profile panel, and the API
that drives them — passes the same checks (issue 33, item 3): each value of the one shared list of values no
person can have is refused by each of them, nothing is stored, and the person reads one clear line (never a
bare "Error", never a traceback)."""

from __future__ import annotations

import pytest
from gradio_client import Client, handle_file

from medical_agent.context.profile.edits import item_keys
from medical_agent.ui.app import new_session
from medical_agent.ui.formatting import message_text
from tests.bad_values import BAD_VALUES, BASELINE, BadValue, bundle, write_bundle
from tests.ui.test_handlers import CHAT, built, turn

ASKS = ("확인이 필요해요", "Please check")


@pytest.fixture()
def ui(ui_settings, ui_agent):
    from medical_agent.ui.runtime import AgentRuntime

    return built(AgentRuntime(ui_settings, ui_agent))


def with_baseline(ui_agent) -> dict[str, str]:
    session = new_session()
    ui_agent.deps.profiles.update(session["user_id"], BASELINE)
    return session


def one_clear_line(note: str) -> None:
    assert note.startswith("⚠️") and "\n" not in note.strip() and "Traceback" not in note and note != "Error"


@pytest.mark.parametrize("bad", BAD_VALUES, ids=[b.name for b in BAD_VALUES])
@pytest.mark.parametrize("entry", ["chat", "record", "edit"])
def test_every_entry_point_refuses_every_bad_value(ui, ui_agent, tmp_path, entry: str, bad: BadValue):
    profiles = ui_agent.deps.profiles
    if entry == "chat":
        session = new_session()
        reply = message_text(turn(ui, bad.chat, session)[-1][CHAT][-1])
        stored = profiles.get(session["user_id"]) or {"vitals": [], "labs": [], "demographics": {}}
        assert stored["vitals"] == [] and stored["labs"] == [] and stored["demographics"].get("age") is None
        assert any(a in reply for a in ASKS) == bad.asked, reply
    else:
        session = with_baseline(ui_agent)
        before = profiles.get(session["user_id"])
        if entry == "record":
            path = write_bundle(tmp_path, "record.json", bundle(**bad.record))
            *_, note, _ = ui.import_record(str(path), session)
        else:
            key = next(k for k in item_keys(before) if k.startswith(bad.item))
            *_, note, _ = ui.edit_profile(key, "correct", bad.edit, session)
        one_clear_line(note)
        assert profiles.get(session["user_id"]) == before, note
    ui_agent.forget(session["user_id"], [session["thread_id"]])


def test_the_api_passes_through_the_same_checks(served_app, tmp_path):
    """/import_record and /edit_profile through gradio_client: the handlers the page uses, the same refusals."""
    client = Client(served_app["url"], verbose=False)
    client.predict("제 혈압은 130/85예요", [], "AI Agent", "full_context_engineering", True, True, True,
                   api_name="/chat")
    path = write_bundle(tmp_path, "record.json", bundle(bp=(9999, -50)))
    summary, table, item, note, _ = client.predict(handle_file(str(path)), api_name="/import_record")
    one_clear_line(note)
    assert "130/85" in summary and "9999" not in summary
    key = next(k for k in item["choices"] if "blood_pressure" in str(k))
    key = key[1] if isinstance(key, (list, tuple)) else key          # (what the person reads, the edit key)
    summary, table, item, note, _ = client.predict(key, "correct", "9999/-5", api_name="/edit_profile")
    one_clear_line(note)
    assert "130/85" in summary and "9999" not in summary
