"""Erasure that leaves nothing (issue 33), on the real thing: `python app.py` on a throw-away data folder, driven
by gradio_client. A person chats, uploads a document, imports a record, asks about the document (its page image is
shown) and exports the profile; an upload of theirs is left half-done; the app is killed with SIGKILL and
started again; the person comes back with the resume code and deletes the profile. Then no byte of their unique
strings is anywhere in the data folder, the app's temp folder (Gradio's uploads and served files) or the logs —
checked with the app running and again after another SIGKILL — and the old file URLs answer 404."""

from __future__ import annotations

import json
import os
import signal
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from gradio_client import Client, handle_file

from medical_agent.collections.personal import user_key
from medical_agent.eval.benches.bomb_files import text_page, write_pdf
from medical_agent.eval.benches.replicas import wait_agent_ready
from medical_agent.eval.benches.ui import running_app

DOCUMENT, CHAT, RECORD, ORPHAN = "Quorvane7731", "Zelmiraxo4402", "Brimfelt9913", "Ostrakine5520"
TIMEOUT = 300


def chat(client: Client, message: str) -> list:
    return client.predict(message, [], "AI Agent", "full_context_engineering", True, True, True, api_name="/chat")


def found(roots: list[Path], strings: list[str]) -> dict[str, list[str]]:
    """Every file under the roots that holds one of the strings (bytes, as written: UTF-8)."""
    hits: dict[str, list[str]] = {}
    for root in roots:
        for path in [root] if root.is_file() else root.rglob("*"):
            if path.is_file():
                data = path.read_bytes()
                for s in strings:
                    if s.encode() in data:
                        hits.setdefault(s, []).append(str(path))
    return hits


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.fixture()
def world(tmp_path, tiny_index):
    data = tmp_path / "data"
    env = {"MEDAGENT_DB_PATH": str(data / "agent.sqlite"), "MEDAGENT_DOCUMENTS_DIR": str(data / "documents"),
           "MEDAGENT_TEMP_DIR": str(tmp_path / "temp"), "MEDAGENT_INDEX_DIR": str(tiny_index),
           "MEDAGENT_MEDCAT2_ENABLED": "false", "MEDAGENT_EMBEDDER": "use-multilingual"}    # the tiny index's
    pdf = write_pdf(tmp_path / "erase.pdf", [      # uncompressed: its text is in the file's bytes as written
        text_page([f"Warfarin leaflet of the {DOCUMENT} clinic.", "The usual INR target range for warfarin is 2 to 3."]),
        text_page(["Take warfarin at the same time every evening.", f"{DOCUMENT} clinic hours are 9 to 5."]),
        text_page(["Tell your dentist that you take warfarin.", "Bleeding gums can be a sign of a high INR."])])
    record = tmp_path / "record.json"
    record.write_text(json.dumps({"resourceType": "Bundle", "entry": [
        {"resource": {"resourceType": "Patient", "id": "p", "birthDate": "1970-01-01", "gender": "female"}},
        {"resource": {"resourceType": "Condition", "clinicalStatus": {"coding": [
            {"system": "http://terminology.hl7.org/CodeSystem/condition-clinical", "code": "active"}]},
            "code": {"coding": [{"system": "http://snomed.info/sct", "code": "999000111",
                                 "display": f"{RECORD} syndrome"}]}}}]}), encoding="utf-8")
    return {"env": env, "data": data, "temp": tmp_path / "temp", "logs": tmp_path, "pdf": pdf, "record": record}


def test_delete_my_profile_after_a_crash_and_a_restart_leaves_nothing(world):
    logs = [world["logs"] / "first.log", world["logs"] / "second.log"]
    with running_app(world["env"], logs[0], TIMEOUT) as (url, proc, _):
        wait_agent_ready(logs[0], proc, TIMEOUT)
        person = Client(url, verbose=False, download_files=False)
        chat(person, f"My nickname is {CHAT}. I have diabetes and take metformin.")
        added = person.predict([handle_file(str(world["pdf"]))], api_name="/upload_documents")[0]
        assert "✔ erase.pdf added" in added
        assert "from your record" in person.predict(handle_file(str(world["record"])), api_name="/import_record")[3]
        cited = chat(person, "What INR target range is usual for warfarin?")
        exported = person.predict(api_name="/export_profile")
        exported = exported.get("value", exported)                  # the component's update
        export_url = exported["url"]
        with urllib.request.urlopen(export_url, timeout=10) as response:
            code = json.loads(response.read())["user_id"]
        assert code not in export_url and RECORD.encode() in Path(exported["path"]).read_bytes()
        served = [export_url] + [p["image"]["url"] for p in cited[11] or []]         # the cited pages' gallery
        assert len(served) > 1, "the answer showed the cited page"
        assert found([world["temp"]], [DOCUMENT]) == {}            # Gradio's copy of the upload: gone once read
        orphan = world["data"] / "documents" / user_key(code) / "files" / "half-done.md"
        orphan.write_text(f"# {ORPHAN}\n\nAn upload killed mid-way.\n", encoding="utf-8")
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert found([world["temp"]], [RECORD]) != {}                   # the export and the page images stayed behind

    with running_app(world["env"], logs[1], TIMEOUT) as (url, proc, _):
        wait_agent_ready(logs[1], proc, TIMEOUT)
        assert not orphan.exists()                                   # the half-done upload went at start
        assert found([world["temp"]], [RECORD]) == {}                # and what the killed process served
        old_paths = [u.split("/gradio_api/", 1)[1] for u in served]
        assert all(status(f"{url}gradio_api/{p}") in (403, 404) for p in old_paths)
        again = Client(url, verbose=False, download_files=False)
        assert again.predict(code, api_name="/resume")[-2].startswith("Your resume code")
        again.predict(api_name="/delete_profile")
        strings = [DOCUMENT, CHAT, RECORD, ORPHAN, code]
        roots = [world["data"], world["temp"], *logs]
        assert found(roots, strings) == {}
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert found(roots, strings) == {}
