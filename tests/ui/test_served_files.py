"""The app's working copies (ui/served_files.py): Gradio's copy of an upload goes once read; exports and page
images are one copy each in Gradio's folder, under a random name, and go with the person; what stopped processes
left (their folders, the export folders of older versions) is removed at start."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile

import pytest

from medical_agent.settings import PROJECT_ROOT
from medical_agent.ui import served_files
from medical_agent.ui.app import new_session
from medical_agent.ui.runtime import AgentRuntime
from medical_agent.ui.served_files import ServedFiles, claim_temp_dir, discard_upload
from tests.ui.test_handlers import MY_PAGES, built, turn

LEAFLETS = PROJECT_ROOT / "tests" / "data" / "leaflets"


def dead_pid() -> int:
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    return int(proc.stdout)


def test_at_start_the_folders_of_stopped_processes_and_old_export_folders_go(ui_settings, tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "system-tmp"))
    monkeypatch.setattr(served_files, "_claimed", set())
    settings = ui_settings.replace(temp_dir=tmp_path / "temp")
    stale = settings.paths.temp_dir / str(dead_pid()) / "5e1c" / "erase.pdf"      # kill -9 left it
    live = settings.paths.temp_dir / str(os.getppid()) / "a.txt"                # another app, still running
    legacy = tmp_path / "system-tmp" / "medagent-exports-x1y2" / "my-profile-web-0123.json"
    mine = settings.paths.temp_dir / str(os.getpid()) / "left-by-a-dead-process-with-my-pid.txt"
    for path in (stale, live, legacy, mine):
        path.parent.mkdir(parents=True)
        path.write_text("Quorvane-901", encoding="utf-8")
    folder = claim_temp_dir(settings)
    assert folder == settings.paths.temp_dir / str(os.getpid()) and folder.is_dir() and not any(folder.iterdir())
    assert not stale.parent.parent.exists() and not legacy.parent.exists() and live.exists()
    (folder / "in-use.txt").write_text("x", encoding="utf-8")
    assert claim_temp_dir(settings) == folder and (folder / "in-use.txt").exists()   # claimed once per process


def test_only_gradios_copy_of_an_upload_is_ever_deleted(tmp_path):
    cache = tmp_path / "gradio"
    copy = cache / "9f8e7d" / "leaflet.pdf"
    copy.parent.mkdir(parents=True)
    shutil.copy(LEAFLETS / "warfarin_en.pdf", copy)
    assert discard_upload(copy, cache) and not copy.parent.exists()
    assert not discard_upload(LEAFLETS / "warfarin_en.pdf", cache) and (LEAFLETS / "warfarin_en.pdf").exists()
    assert not discard_upload(LEAFLETS / "warfarin_en.pdf", None)


def test_placed_files_hold_no_secret_and_go_with_their_person(tmp_path):
    served = ServedFiles()
    with pytest.raises(RuntimeError):
        served.place("web-0123", "x.json", b"{}")
    served.cache = tmp_path
    ann, bo = served.place("web-ann", "my-profile.json", b"ann"), served.place("web-bo", "page-2.png", b"bo")
    assert ann.parent.parent == tmp_path and "web-" not in str(ann.relative_to(tmp_path))
    assert served.forget("web-ann") == 1 and not ann.parent.exists() and bo.exists()
    assert served.forget("web-ann") == 0


def test_an_upload_is_deleted_once_read_and_cited_pages_go_with_the_profile(ui_settings, ui_agent):
    ui = built(AgentRuntime(ui_settings, ui_agent))
    session = new_session()
    copy = ui.served.cache / "0c0ffee" / "warfarin_en.pdf"            # where Gradio put the upload
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(LEAFLETS / "warfarin_en.pdf", copy)
    status, *_ = ui.my_docs.add([str(copy)], session, progress=lambda *a, **k: None)
    assert "✔ warfarin_en.pdf added" in status and not copy.exists() and not copy.parent.exists()
    pages = turn(ui, "What INR target range is usual for warfarin?", session)[-1][MY_PAGES]
    images = [ui.served.cache / p for p, _ in pages]
    assert images and all(p.is_file() and p.is_relative_to(ui.served.cache) for p in images)
    ui.delete(session)
    assert not any(p.exists() for p in images)
