"""The smaller defects of issue 33 (item 7), each reproduced as it was found: a lone surrogate that ended the stream
with nothing, a chunked body over the limit answered 400, server paths in refusals, one bad file refusing a whole
batch, and raw HTML from people's text rendered in the page."""

from __future__ import annotations

import json

import httpx
import pytest
from gradio_client import Client, handle_file

from medical_agent.indexing.build import NoPassages
from medical_agent.ui.app import header_text, new_session
from medical_agent.ui.formatting import message_text
from medical_agent.ui.runtime import AgentRuntime
from medical_agent.ui.text_safety import no_paths, plain
from tests.bad_values import bundle, write_bundle
from tests.ui.test_handlers import CHAT, SUMMARY, built, turn
from tests.ui.test_my_documents import LEAFLETS

NO_PROGRESS = {"progress": lambda *a, **k: None}


def chat_as_the_page_does(url: str, message: str) -> list[dict]:
    """A chat turn sent the way the page's script sends it (queue/join, then the queue/data event stream; a browser
    string may hold a lone surrogate, which JSON carries as "\\ud800"): the stream's messages, in order."""
    base = url.rstrip("/") + "/gradio_api"
    config = httpx.get(url.rstrip("/") + "/config", timeout=30).json()
    fn = next(d["id"] for d in config["dependencies"] if d.get("api_name") == "chat")
    body = json.dumps({"data": [message, [], None, "AI Agent", "full_context_engineering", True, True, True, None, None],
                       "fn_index": fn, "session_hash": "surrogate1", "event_data": None, "trigger_id": None})
    httpx.post(f"{base}/queue/join", content=body, headers={"content-type": "application/json"}, timeout=60)
    messages = []
    with httpx.stream("GET", f"{base}/queue/data", params={"session_hash": "surrogate1"}, timeout=120) as stream:
        for line in stream.iter_lines():
            if line.startswith("data:"):
                messages.append(json.loads(line[5:]))
                if messages[-1].get("msg") in ("process_completed", "close_stream"):
                    break
    return messages


def test_a_lone_surrogate_gets_a_clear_error_and_a_completed_stream(served_app):
    messages = chat_as_the_page_does(served_app["url"], "혈압약 \ud800 먹어도 되나요?")
    done = [m for m in messages if m.get("msg") == "process_completed"]
    assert done and done[-1]["success"], [m.get("msg") for m in messages]
    chat = done[-1]["output"]["data"][0]
    reply = message_text(chat[-1])
    assert reply.startswith("⚠️") and "not valid text" in reply and "\ufffd" in message_text(chat[0])


def test_a_chunked_body_over_the_limit_gets_413(served_app):
    def chunks():
        yield b'{"data": ["'
        for _ in range(40):
            yield b"a" * (16 * 1024)                         # 640 KB, no Content-Length
        yield b'"]}'
    response = httpx.post(served_app["url"].rstrip("/") + "/gradio_api/call/chat", content=chunks(),
                          headers={"content-type": "application/json"}, timeout=30)
    assert response.status_code == 413 and "too large" in response.text
    assert httpx.get(served_app["url"], timeout=30).status_code == 200


def test_one_bad_file_in_a_batch_is_refused_alone(served_app, tmp_path):
    bad = tmp_path / "setup.exe"
    bad.write_bytes(b"MZ\x90\x00")
    client = Client(served_app["url"], verbose=False)
    status, table = client.predict([handle_file(str(LEAFLETS / "inhaler_en.pdf")), handle_file(str(bad))],
                                   api_name="/upload_documents")[:2]
    assert "✔ inhaler_en.pdf added" in status and "⚠️ setup.exe: unsupported file type" in status
    assert [row[0] for row in table["data"]] == ["inhaler_en.pdf"]


def test_no_server_path_reaches_a_refusal_or_the_header(ui_settings, ui_agent, monkeypatch, tmp_path):
    ui = built(AgentRuntime(ui_settings, ui_agent))
    session = new_session()
    folder = ui_agent.deps.collections.folder(session["user_id"]) / "files"

    def nothing_to_index(*_args, **_kwargs):
        raise NoPassages(f"source 'docs:{folder}' produced no passages (scan.pdf: no text layer)", [])

    monkeypatch.setattr(ui_agent.deps.collections, "add", nothing_to_index)
    status = ui.my_docs.add([str(LEAFLETS / "warfarin_en.pdf")], session, **NO_PROGRESS)[0]
    assert status.startswith("⚠️") and str(ui_settings.paths.documents_dir) not in status and "/" not in status
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    *_, note, _ = ui.import_record(str(write_bundle(deep, "r.json", "{not json")), session)
    assert note.startswith("⚠️") and str(deep) not in note
    assert str(ui_settings.paths.index_dir) not in header_text(ui.runtime)          # the index: its folder's name
    failed = AgentRuntime(ui_settings)
    failed.error = f"IndexLoadError: no index at {ui_settings.paths.index_dir}/manifest.json; run index_builder"
    failed._ready.set()
    assert str(ui_settings.paths.index_dir) not in header_text(failed)
    reply = message_text(turn(built(failed), "hello")[-1][CHAT][-1])
    assert reply.startswith("⚠️") and str(ui_settings.paths.index_dir) not in reply


@pytest.mark.parametrize("text,shown", [
    ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
    ("![pixel](http://tracker.example/p.png)", "!\\[pixel](http://tracker.example/p.png)"),
    ("**bold** and [a link](https://medlineplus.gov)", "**bold** and [a link](https://medlineplus.gov)"),
])
def test_plain_text_is_shown_as_written_and_markdown_still_works(text, shown):
    assert plain(text) == shown


def test_no_paths_keeps_urls_and_cuts_folders():
    assert no_paths("source 'docs:/srv/x/.medagent/documents/ab12/files' failed") == "source 'files' failed"
    url = "see https://medlineplus.gov/druginfo/meds.html"
    assert no_paths(url) == url
    assert no_paths("140/90 mmHg, 2/3 of a tablet") == "140/90 mmHg, 2/3 of a tablet"


def test_raw_html_in_messages_documents_and_records_is_not_rendered(ui_settings, ui_agent, tmp_path):
    ui = built(AgentRuntime(ui_settings, ui_agent))
    session = new_session()
    image = '<img src="http://tracker.example/p.png">'
    frames = turn(ui, f"{image} 당뇨가 있어요. 메트포르민 부작용이 뭔가요?", session)
    shown = [message_text(m) for m in frames[-1][CHAT]]
    assert "<img" not in "".join(shown) and "&lt;img" in shown[0]
    doc = tmp_path / "leaflet.md"
    doc.write_text(f"# Metformin leaflet\n\nMetformin side effects include nausea. {image} "
                   "![pixel](http://tracker.example/q.png) Take metformin with meals.\n", encoding="utf-8")
    assert "✔" in ui.my_docs.add([str(doc)], session, **NO_PROGRESS)[0]
    answer = message_text(turn(ui, "What are the side effects of metformin? leaflet", session)[-1][CHAT][-1])
    assert "<img" not in answer and "![" not in answer
    record = write_bundle(tmp_path, "r.json", bundle(conditions=(f"{image}Diabetes",)))
    summary, *_, note, _ = ui.import_record(str(record), session)
    assert note.startswith("✔") and "<img" not in summary and "&lt;img" in summary
    summary, *_, note, _ = ui.edit_profile(f"conditions: {image}Diabetes", "correct", f"{image}Asthma", session)
    assert note.startswith("✔") and "<img" not in note and "<img" not in summary
    last = turn(ui, "thanks", session)[-1]
    assert "<img" not in last[SUMMARY]
    chat, *_ = ui.resume(session["user_id"], new_session())                   # the conversation shown again
    assert "&lt;img" in message_text(chat[0]) and "<img" not in "".join(message_text(m) for m in chat)
    ui_agent.forget(session["user_id"], [session["thread_id"]])
