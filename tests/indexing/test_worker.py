"""The bounded child process that reads people's files (indexing/worker.py): it reads a leaflet as this process
would, and past its time or memory allowance the file is refused with one line naming the limit."""

import gzip

import pytest

from medical_agent.eval.benches import bomb_files
from medical_agent.indexing import worker
from medical_agent.indexing.documents.collection import parse_file
from medical_agent.indexing.documents.elements import DocumentError
from medical_agent.settings import PROJECT_ROOT, Limits

LEAFLETS = PROJECT_ROOT / "tests" / "data" / "leaflets"


def test_the_child_reads_a_leaflet_as_this_process_does(tmp_path):
    reader = worker.IsolatedReader(Limits())
    path = LEAFLETS / "warfarin_en.pdf"
    assert reader.parse(path, path.name) == parse_file(path, path.name)
    assert reader.render(path, tmp_path / "pages") == 4 and (tmp_path / "pages" / "4.png").is_file()


def test_the_child_refuses_what_the_readers_refuse(tmp_path):
    bomb = bomb_files.pdf_inflate(tmp_path, scale=8 / 1024)
    with pytest.raises(DocumentError, match=r"^the PDF's compressed content inflates to more than 1 MB "
                                            r"\(limit max_inflated_mb = 1\)$"):
        worker.IsolatedReader(Limits(max_inflated_mb=1)).parse(bomb, bomb.name)


def test_a_file_that_takes_too_long_is_stopped(tmp_path):
    slow = bomb_files.pdf_pages(tmp_path, scale=0.2)                  # 100 pages: seconds of layout
    with pytest.raises(DocumentError, match=r"longer than 1 s \(limit max_parse_seconds = 1\)"):
        worker.IsolatedReader(Limits(max_parse_seconds=1)).parse(slow, slow.name)


def test_a_file_that_needs_too_much_memory_is_refused(tmp_path):
    path = tmp_path / "arrays.json.gz"                                # 12 MB of "[]," → 4 million lists
    with gzip.open(path, "wb") as fh:
        fh.write(b'{"resourceType": "Bundle", "entry": [' + b"[]," * (4 * 1024 * 1024) + b"[]]}")
    with pytest.raises(ValueError, match=r"needs more than 64 MB \(limit max_parse_memory_mb = 64\)"):
        worker.read_record(path, Limits(max_parse_memory_mb=64))


def test_the_log_says_how_the_child_did_and_nothing_of_the_file(tmp_path, caplog):
    path = tmp_path / "note.md"
    path.write_text("# Zorblax-4471\n\nZorblax-4471 is this test's unique text.\n", encoding="utf-8")
    caplog.set_level("INFO", logger="medical_agent.indexing.worker")
    doc = worker.IsolatedReader(Limits()).parse(path, path.name)
    assert doc.title == "Zorblax-4471"
    assert "worker document: read" in caplog.text and "Zorblax" not in caplog.text and "note.md" not in caplog.text
