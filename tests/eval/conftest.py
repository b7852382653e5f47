"""Fixtures of the evaluation-harness tests: two hand-written FHIR bundles (one gzipped, one plain), the
project's concept table, and an offline agent on the tiny bilingual index of the graph tests."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from medical_agent.context.extraction.factory import concept_table
from medical_agent.settings import load_settings

SNOMED, RXNORM, LOINC = "http://snomed.info/sct", "http://www.nlm.nih.gov/research/umls/rxnorm", "http://loinc.org"
ACTIVE = {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical", "code": "active"}]}


def _condition(code: str, display: str) -> dict:
    return {"resourceType": "Condition", "clinicalStatus": ACTIVE,
            "code": {"coding": [{"system": SNOMED, "code": code, "display": display}]}}


def _medication(code: str, display: str) -> dict:
    return {"resourceType": "MedicationRequest", "status": "active",
            "medicationCodeableConcept": {"coding": [{"system": RXNORM, "code": code, "display": display}]}}


def _obs(code: str, when: str, value: float | None = None, components: dict[str, float] | None = None) -> dict:
    obs = {"resourceType": "Observation", "effectiveDateTime": when, "code": {"coding": [{"system": LOINC, "code": code}]}}
    if value is not None:
        obs["valueQuantity"] = {"value": value}
    if components:
        obs["component"] = [{"code": {"coding": [{"system": LOINC, "code": c}]}, "valueQuantity": {"value": v}}
                            for c, v in components.items()]
    return obs


def bundles() -> dict[str, dict]:
    """p1: type 2 diabetes + chronic kidney disease on metformin (calls for the metformin-kidney note);
    p2: hypertension on lisinopril, blood pressure only; an older BP reading that must not win."""
    p1 = [{"resourceType": "Patient", "id": "p1", "gender": "male", "birthDate": "1960-03-01"},
          _condition("44054006", "Diabetes mellitus type 2 (disorder)"),
          _condition("709044004", "Chronic kidney disease (disorder)"),
          _medication("860975", "24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet"),
          _obs("55284-4", "2020-01-01T00:00:00Z", components={"8480-6": 141, "8462-4": 88}),
          _obs("2339-0", "2020-01-01T00:00:00Z", 131), _obs("4548-4", "2020-01-01T00:00:00Z", 7.4)]
    p2 = [{"resourceType": "Patient", "id": "p2", "gender": "female", "birthDate": "1970-06-15"},
          _condition("38341003", "Hypertension (disorder)"),
          _medication("29046", "lisinopril 10 MG Oral Tablet"),
          _obs("55284-4", "2019-01-01T00:00:00Z", components={"8480-6": 170, "8462-4": 99}),
          _obs("55284-4", "2021-05-01T00:00:00Z", components={"8480-6": 128, "8462-4": 82})]
    return {pid: {"resourceType": "Bundle", "entry": [{"resource": r} for r in res]} for pid, res in
            (("p1", p1), ("p2", p2))}


@pytest.fixture(scope="session")
def fhir_dir(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fhir")
    data = bundles()
    with gzip.open(root / "p1.json.gz", "wt", encoding="utf-8") as fh:
        json.dump(data["p1"], fh)
    (root / "p2.json").write_text(json.dumps(data["p2"]), encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def concepts():
    return concept_table(load_settings(env={}))


@pytest.fixture(scope="session")
def patients(fhir_dir, concepts):
    from medical_agent.context.profile.fhir import load_patients

    return load_patients(fhir_dir, concepts)


@pytest.fixture(scope="module")
def hashing_kb(tmp_path_factory) -> Path:
    """The knowledge base indexed with the tiny hashing embedder: what the eval commands' CLI tests search."""
    from medical_agent.embeddings import create_embedder
    from medical_agent.indexing.build import build_index
    from medical_agent.settings import PROJECT_ROOT

    out = tmp_path_factory.mktemp("hashing-kb") / "kb"
    build_index("assets", out, assets_dir=PROJECT_ROOT / "assets", embedder=create_embedder("hashing:64"),
                embedder_spec="hashing:64")
    return out


@pytest.fixture()
def cli_on(hashing_kb, tmp_path, monkeypatch):
    """``cli_on(data, n)`` → (the first ``n`` lines of the team's ``tests/data`` set ``data`` as a file, the index);
    the environment points the CLI at that index and a fresh database, and settings are reloaded after the test."""
    from medical_agent.settings import PROJECT_ROOT, get_settings

    monkeypatch.setenv("MEDAGENT_DB_PATH", str(tmp_path / "db.sqlite"))
    monkeypatch.setenv("MEDAGENT_MEDCAT2_ENABLED", "false")
    monkeypatch.setenv("MEDAGENT_EMBEDDER", "hashing:64")
    get_settings.cache_clear()

    def subset(data: str, n: int) -> tuple[Path, Path]:
        lines = (PROJECT_ROOT / "tests/data" / data).read_text(encoding="utf-8").splitlines()[:n]
        path = tmp_path / Path(data).name
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path, hashing_kb

    yield subset
    get_settings.cache_clear()
