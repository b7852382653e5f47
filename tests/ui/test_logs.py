"""No message text, record value, file name, code or exception message reaches the log unless log_health_data is
set (issue 33, item 6): one marker string is sent through every error path — a chat turn that fails, a /chat call
with the wrong number of inputs (Gradio's own "Received inputs: [...]"), an upload that fails, a record import that
is refused or fails, an edit that is refused or fails, wrong resume and reviewer codes, another library logging it
— and it is in no log record (caplog), in nothing the app's log handler wrote, and nowhere on stderr."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import httpx
import pytest

from medical_agent.logging_setup import describe_failure, setup_logging
from medical_agent.ui.app import new_session
from medical_agent.ui.runtime import AgentRuntime
from tests.bad_values import bundle, write_bundle
from tests.ui.test_handlers import ExplodingAgent, built, turn
from tests.ui.test_my_documents import LEAFLETS

MARKER = "HIV-BIKTARVY-MARKER-7731"
NO_PROGRESS = {"progress": lambda *a, **k: None}


@pytest.fixture()
def app_log() -> Iterator[io.StringIO]:
    """The app's logging as app.main sets it up, with a handler of the app's format writing into a buffer."""
    setup_logging(log_health_data=False)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield stream
    finally:
        root.removeHandler(handler)


def every_error_path(ui, ui_agent, served_app, tmp_path, monkeypatch) -> None:
    session = new_session()
    turn(built(AgentRuntime(ui.settings, ExplodingAgent(ui_agent))), f"I have HIV and take Biktarvy {MARKER}")
    body = json.dumps({"data": [f"I have HIV and take Biktarvy {MARKER}"]})            # 1 input of 7
    base = served_app["url"].rstrip("/") + "/gradio_api/call/chat"
    event = httpx.post(base, content=body, headers={"content-type": "application/json"}, timeout=30).json()
    httpx.get(f"{base}/{event['event_id']}", timeout=60).read()                          # the stream ends in error
    bad = tmp_path / f"{MARKER}.pdf"
    bad.write_bytes(f"not a pdf {MARKER}".encode())
    ui.my_docs.add([str(LEAFLETS / "inhaler_en.pdf"), str(bad)], session, **NO_PROGRESS)   # indexed, one skipped
    ui.my_docs.add([str(bad)], session, **NO_PROGRESS)                                     # nothing to index
    ui.import_record(str(write_bundle(tmp_path, f"{MARKER}.json", bundle(glucose=MARKER))), session)
    ui.import_record(str(write_bundle(tmp_path, "r2.json", bundle(bp=(9999, 80), conditions=(MARKER,)))), session)
    turn(ui, "당뇨가 있어요", session)
    ui.edit_profile("conditions: Diabetes mellitus", "correct", "x" * 400 + MARKER, session)
    ui.edit_profile(f"conditions: {MARKER}", "remove", "", session)
    ui.resume(f"web-{MARKER}", session)
    ui.review.review("verify", 1, "dr", MARKER, "", {})
    with monkeypatch.context() as patch:
        def fails(*_args, **_kwargs):
            raise RuntimeError(f"crashed on {MARKER}")
        patch.setattr(ui_agent.deps.profiles, "edit", fails)
        patch.setattr(ui_agent.deps.profiles, "update", fails)
        ui.edit_profile("conditions: Diabetes mellitus", "correct", MARKER, session)
        ui.import_record(str(write_bundle(tmp_path, "r3.json", bundle(conditions=(MARKER,)))), session)
    try:
        raise ValueError(f"a library quoting {MARKER}")
    except ValueError as exc:
        logging.getLogger("somelibrary").exception("failed on %s", MARKER)
        logging.getLogger("medical_agent.somewhere").warning("failed: %s", exc)
    ui_agent.forget(session["user_id"], [session["thread_id"]])


def test_a_marker_sent_through_every_error_path_is_in_no_log(ui_settings, ui_agent, served_app, tmp_path,
                                                              monkeypatch, caplog, capfd, app_log):
    ui = built(AgentRuntime(ui_settings.replace(reviewer_code="right code"), ui_agent))
    with caplog.at_level(logging.DEBUG):
        every_error_path(ui, ui_agent, served_app, tmp_path, monkeypatch)
    logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
    assert "chat turn failed" in logged and "a Gradio event failed" in logged and "resume code" in logged
    assert "RuntimeError (message withheld)" in logged and "1 file(s) skipped" in logged
    out, err = capfd.readouterr()
    for where, text in (("caplog", logged), ("the app's handler", app_log.getvalue()), ("stdout", out),
                        ("stderr", err)):
        assert MARKER not in text, f"{where}: {text[max(0, text.find(MARKER) - 300):text.find(MARKER) + 100]}"


def test_with_log_health_data_the_whole_failure_is_logged():
    try:
        raise ValueError(MARKER)
    except ValueError as exc:
        assert MARKER in describe_failure(exc, health_data=True) and MARKER not in describe_failure(exc, False)
