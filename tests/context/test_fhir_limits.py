"""Bounded work per record (issue 33): a person's FHIR file is refused past a cap while it is read — inflated
bytes while a .gz inflates, resources while the JSON parses — and a record with more active conditions or
medicines than anyone has is refused before the profile sees it; one that is let in merges in milliseconds."""

import gzip
import json
import time

import pytest

from medical_agent.context.profile.fhir import RecordError, read_record, record_slots
from medical_agent.context.profile.merge import levenshtein, within_edits
from medical_agent.context.profile.store import ProfileStore
from medical_agent.context.profile.validation import InvalidFacts
from medical_agent.eval.benches import bomb_files
from medical_agent.settings import Limits
from medical_agent.storage import open_storage

SMALL = Limits(max_inflated_mb=1, max_record_entries=50, max_record_items=20)


def refused(path, match, limits=SMALL):
    with pytest.raises(RecordError, match=match) as info:
        read_record(path, limits)
    assert "\n" not in str(info.value) and path.name in str(info.value)


def test_a_gz_that_inflates_past_the_budget_is_refused_while_inflating(tmp_path):
    bomb = bomb_files.gz_spaces(tmp_path, scale=16 / 400)             # ~16 KB holding 16 MB of spaces
    start = time.perf_counter()
    refused(bomb, r"inflates to more than 1 MB \(limit max_inflated_mb = 1\)")
    assert time.perf_counter() - start < 1.0


def test_resources_past_the_cap_are_refused_while_parsing(tmp_path):
    path = tmp_path / "many.json"
    entries = [{"resource": {"resourceType": "Patient", "birthDate": "1970-01-01"}}]
    entries += [{"resource": {"resourceType": "Observation", "code": {}}} for _ in range(60)]
    path.write_text(json.dumps({"resourceType": "Bundle", "entry": entries}), encoding="utf-8")
    refused(path, r"more than 50 entries \(limit max_record_entries = 50\)")
    assert read_record(path, Limits()).age > 50                         # the default cap lets it in


def test_a_record_with_more_active_conditions_than_anyone_has_is_refused(tmp_path):
    refused(bomb_files.bundle_conditions(tmp_path, count=21),
            r"lists 21 active conditions; a record may add at most 20 \(limit max_record_items = 20\)")


def test_a_zip_and_a_deep_nesting_get_one_line_each(tmp_path):
    refused(bomb_files.zip_bomb(tmp_path, scale=1 / 1024), "is a zip archive; unpack it")
    refused(bomb_files.json_deep(tmp_path, scale=0.0), "nested deeper than a FHIR bundle is")


def test_a_gzip_without_the_gz_suffix_is_still_counted(tmp_path):
    path = tmp_path / "record.json"
    with gzip.open(path, "wb") as fh:
        fh.write(b'{"resourceType": "Bundle", "entry": [' + b" " * (2 * 1024 * 1024) + b"]}")
    refused(path, r"max_inflated_mb = 1")


def test_two_hundred_long_condition_names_merge_in_well_under_a_second(tmp_path):
    record = read_record(bomb_files.bundle_conditions(tmp_path, count=200), Limits())
    with pytest.raises(InvalidFacts, match=r"limit max_name_chars = 300"):       # ~420 characters: refused whole
        ProfileStore(open_storage(":memory:").profiles).update("ann", record_slots(record, "2026-01-01"), whole=True)
    store = ProfileStore(open_storage(":memory:").profiles, limits=Limits(max_name_chars=1000))
    start = time.perf_counter()
    profile = store.update("ann", record_slots(record, "2026-01-01T00:00:00"))
    assert len(profile["conditions"]) == 200                     # ~300-character names, none merged by mistake
    store.update("ann", record_slots(record, "2026-01-02T00:00:00"))           # and again: every one is a repeat
    assert time.perf_counter() - start < 1.0
    assert len(store.get("ann")["conditions"]) == 200


@pytest.mark.parametrize(("a", "b"), [("kitten", "sitting"), ("hypertension", "hypertensoin"), ("", "ab"),
                                      ("asthma", "asthma"), ("abc", "cab"), ("metformin", "metformn"),
                                      ("x" * 300 + "a", "x" * 300 + "b"), ("a" + "y" * 300, "y" * 300)])
def test_the_bounded_edit_check_agrees_with_levenshtein(a, b):
    for k in range(4):
        assert within_edits(a, b, k) == (levenshtein(a, b) <= k)
