"""Synthea FHIR R4 bundles → the ground truth of a patient: demographics, active conditions and medications
(mapped to concepts through the concept table's SNOMED CT / RxNorm codes), latest blood pressure, glucose
and HbA1c. The profile evaluation and the multi-turn scenarios both start from these records.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...context.extraction.concepts import Concept, ConceptTable

BP_PANELS = {"55284-4", "85354-9"}
SYSTOLIC, DIASTOLIC = "8480-6", "8462-4"
GLUCOSE = {"2339-0", "2345-7", "1558-6"}
HBA1C = {"4548-4", "17856-6"}


@dataclass
class Coded:
    system: str          # snomed | rxnorm
    code: str
    display: str
    concept: Concept | None


@dataclass
class PatientRecord:
    patient_id: str
    gender: str                      # male | female
    age: int
    reference_date: str
    conditions: list[Coded] = field(default_factory=list)
    medications: list[Coded] = field(default_factory=list)
    blood_pressure: tuple[int, int] | None = None
    glucose: float | None = None
    hba1c: float | None = None

    def covered(self, kind: str) -> list[Concept]:
        """Distinct concepts of the active conditions or medications that the concept table covers."""
        seen: dict[str, Concept] = {}
        for item in getattr(self, kind):
            if item.concept is not None:
                seen.setdefault(item.concept.cui, item.concept)
        return list(seen.values())


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value[:10]) if value else None


def _coding(concept: dict[str, Any] | None, system_hint: str) -> tuple[str, str] | None:
    for c in (concept or {}).get("coding", []):
        if system_hint in c.get("system", ""):
            return c.get("code", ""), c.get("display", "")
    return None


def _latest(observations: list[dict[str, Any]], codes: set[str]) -> dict[str, Any] | None:
    found = [o for o in observations if any(c.get("code") in codes for c in o["code"].get("coding", []))]
    return max(found, key=lambda o: o.get("effectiveDateTime", "")) if found else None


def load_bundle(path: Path, concepts: ConceptTable) -> PatientRecord:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        bundle = json.load(fh)
    resources = [e["resource"] for e in bundle.get("entry", [])]
    patient = next(r for r in resources if r["resourceType"] == "Patient")
    observations = [r for r in resources if r["resourceType"] == "Observation"]
    dates = [r.get("effectiveDateTime") or (r.get("period") or {}).get("end") for r in resources
             if r["resourceType"] in ("Observation", "Encounter")]
    ref = _date(patient.get("deceasedDateTime")) or max((_date(d) for d in dates if d), default=dt.date.today())
    birth = _date(patient["birthDate"])
    age = ref.year - birth.year - ((ref.month, ref.day) < (birth.month, birth.day))
    record = PatientRecord(patient.get("id", path.stem), patient.get("gender", ""), age, ref.isoformat())
    for r in resources:
        if r["resourceType"] == "Condition":
            status = _coding(r.get("clinicalStatus"), "condition-clinical")
            code = _coding(r.get("code"), "snomed")
            if status and status[0] == "active" and code and not r.get("abatementDateTime"):
                record.conditions.append(Coded("snomed", *code, concepts.lookup_code("snomed", code[0])))
        elif r["resourceType"] == "MedicationRequest" and r.get("status") == "active":
            code = _coding(r.get("medicationCodeableConcept"), "rxnorm")
            if code:
                record.medications.append(Coded("rxnorm", *code, concepts.lookup_code("rxnorm", code[0])))
    bp = _latest(observations, BP_PANELS)
    if bp:
        parts = {c["code"]["coding"][0]["code"]: c.get("valueQuantity", {}).get("value")
                 for c in bp.get("component", [])}
        if parts.get(SYSTOLIC) and parts.get(DIASTOLIC):
            record.blood_pressure = (round(parts[SYSTOLIC]), round(parts[DIASTOLIC]))
    for codes, attr, digits in ((GLUCOSE, "glucose", 0), (HBA1C, "hba1c", 1)):
        obs = _latest(observations, codes)
        value = (obs or {}).get("valueQuantity", {}).get("value")
        if value is not None:
            setattr(record, attr, round(float(value), digits) if digits else float(round(float(value))))
    return record


def load_patients(directory: Path, concepts: ConceptTable, limit: int | None = None) -> list[PatientRecord]:
    files = sorted(Path(directory).glob("*.json.gz")) + sorted(Path(directory).glob("*.json"))
    if not files:
        raise FileNotFoundError(f"no FHIR bundles (*.json.gz, *.json) in {directory}")
    return [load_bundle(f, concepts) for f in files[:limit]]
