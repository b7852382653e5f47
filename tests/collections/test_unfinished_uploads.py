"""Crash hygiene of a person's documents (issue 33): an upload killed mid-way — before the index was built, or
after it but before the registry row — is never indexed later (not at the next upload, not after a restart),
and an upload whose files were all refused leaves no folder behind."""

from __future__ import annotations

import shutil

import pytest

from medical_agent.collections.personal import PersonalCollections
from tests.collections.conftest import note


def names(docs: PersonalCollections, user: str) -> list[str]:
    return [d["name"] for d in docs.list(user)]


def searchable(docs: PersonalCollections, user: str, text: str) -> bool:
    retriever = docs.retriever(user)
    return retriever is not None and any(text in p["text"] for p in retriever.index.chunks)


@pytest.mark.parametrize("registry", [True, False])
def test_a_file_copied_before_the_process_died_is_not_indexed_at_the_next_upload(make, tmp_path, registry):
    collections, _ = make
    docs = collections(registry)
    docs.add("ann", [note(tmp_path, "a.md", "Take metformin with food.")])
    stray = docs.folder("ann") / "files" / "killed.md"              # copied in, then the process was killed
    shutil.copy(note(tmp_path, "killed.md", "Quorvane-881 is in the killed upload."), stray)
    report = docs.add("ann", [note(tmp_path, "b.md", "Check kidney function every year.")])
    assert report.added == ["b.md"] and names(docs, "ann") == ["a.md", "b.md"]
    assert not stray.exists() and not searchable(docs, "ann", "Quorvane-881")


def test_a_file_indexed_but_never_registered_is_dropped_at_start(make, tmp_path, monkeypatch):
    collections, storage = make
    docs = collections()
    docs.add("bo", [note(tmp_path, "a.md", "Take metformin with food.")])

    def killed(*_):
        raise SystemExit("killed between the build and the registry row")

    monkeypatch.setattr(storage.documents, "put", killed)
    with pytest.raises(SystemExit):
        docs.add("bo", [note(tmp_path, "killed.md", "Quorvane-882 is in the killed upload.")])
    monkeypatch.undo()
    restarted = collections()
    assert restarted.recover() == 1
    assert names(restarted, "bo") == ["a.md"] and not searchable(restarted, "bo", "Quorvane-882")
    assert storage.documents.names(restarted.key("bo")) == ["a.md"]


def test_a_first_upload_that_never_finished_is_not_adopted(make, tmp_path):
    collections, storage = make
    docs = collections()
    files = docs.folder("cy") / "files"
    files.mkdir(parents=True)
    shutil.copy(note(tmp_path, "killed.md", "Quorvane-883 is in the killed upload."), files / "killed.md")
    assert docs.list("cy") == [] and storage.documents.names(docs.key("cy")) == []
    docs.add("cy", [note(tmp_path, "a.md", "Take metformin with food.")])
    assert names(docs, "cy") == ["a.md"] and not searchable(docs, "cy", "Quorvane-883")


def test_at_start_unfinished_files_and_empty_folders_go(make, tmp_path):
    collections, _ = make
    docs = collections()
    (docs.root / "0a1b2c" / "files").mkdir(parents=True)                     # a failed upload's empty folder
    files = docs.root / "3d4e5f" / "files"
    files.mkdir(parents=True)
    shutil.copy(note(tmp_path, "killed.md", "Quorvane-884."), files / "killed.md")
    assert docs.recover() == 1
    assert not (docs.root / "0a1b2c").exists() and not (docs.root / "3d4e5f").exists()


def test_a_refused_upload_leaves_no_folder(make, tmp_path):
    collections, _ = make
    docs = collections()
    empty = tmp_path / "empty.md"
    empty.write_text("", encoding="utf-8")
    report = docs.add("dee", [empty, tmp_path / "notes.docx"])
    assert report.added == [] and {s["file"] for s in report.skipped} == {"empty.md", "notes.docx"}
    assert report.skipped[-1]["reason"] == "the file is empty" and "docs:" not in report.skipped[-1]["reason"]
    assert not docs.folder("dee").exists()
