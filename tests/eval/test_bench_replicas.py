"""`bench ui --replicas 2` at its smallest: two real `python app.py` processes on one PostgreSQL database, people
moving between them by their resume codes, every fact they told found in their stored profile."""

from __future__ import annotations

import pytest

from medical_agent.embeddings import create_embedder
from medical_agent.eval.benches.replicas import bench_replicas, lost_facts
from medical_agent.indexing.build import build_index
from medical_agent.settings import PROJECT_ROOT, load_settings


def test_lost_facts_counts_what_the_profile_lacks():
    told = {"medications": [{"name": "Warfarin"}, {"name": "metformin"}], "conditions": [{"name": "Asthma"}]}
    assert lost_facts(told) == 0
    assert lost_facts({"medications": [{"name": "warfarin"}], "conditions": []}) == 2 and lost_facts(None) == 3


@pytest.mark.timeout(600)
def test_two_replicas_share_people_threads_and_every_update(tmp_path, monkeypatch, postgres_url):
    index = tmp_path / "kb"
    build_index("assets", index, assets_dir=PROJECT_ROOT / "assets", embedder=create_embedder("hashing:64"),
                embedder_spec="hashing:64")
    for name, value in {"MEDAGENT_INDEX_DIR": str(index), "MEDAGENT_EMBEDDER": "hashing:64",
                        "MEDAGENT_MEDCAT2_ENABLED": "false", "MEDAGENT_DOCUMENTS_DIR": str(tmp_path / "docs")}.items():
        monkeypatch.setenv(name, value)                  # the app processes inherit them
    report = bench_replicas(load_settings(), sessions=3, replicas=2, database_url=postgres_url, timeout=300)
    assert report["errors"] == 0, report["error_types"]
    assert report["threads_continued"] == 3 and report["followups_resolved"] == 3
    assert report["facts_told"] == 9 and report["lost_updates"] == 0 and report["turns"] == 12
