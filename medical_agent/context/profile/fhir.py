"""FHIR R4 bundles (Synthea's, a patient-portal export) → a patient's record: demographics, active conditions
and medications (mapped to concepts through the concept table's SNOMED CT / RxNorm codes), latest blood pressure,
glucose and HbA1c. One reader for two uses: a person imports their own record into their profile
(:func:`record_slots`, items with source "record"), and the profile evaluation and the multi-turn scenarios take
Synthea patients as their ground truth.

A person's file is untrusted: with ``limits`` (the import) its inflated bytes are counted while a .gz is
inflated, its resources while the JSON is parsed, its nesting after, and a record naming more active conditions or
medicines than anyone has is refused, each with a line naming the limit (the demo reads it in a bounded child
process, ``indexing.worker``, and links the codes to concepts afterwards: :func:`read_record`,
:func:`link_concepts`). A field that is not what FHIR says (``fhir_fields``) and NaN or Infinity refuse the file
in one line too; the values themselves are judged with every other entry point's (``validation``), when the
record's slots reach the profile. Each reading keeps its own date, and one older than ``record_current_days``
is imported as past, not as the person's current value.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...settings import Limits
from ..extraction.concepts import Concept, ConceptTable
from . import fhir_fields as F

MB = 1024 * 1024
ZIP_MAGIC = b"PK\x03\x04"

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
    observed: dict[str, str] = field(default_factory=dict)    # blood_pressure, glucose, hba1c -> when (ISO, UTC)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PatientRecord:
        """The record as :func:`dataclasses.asdict` wrote it (without concepts: :func:`link_concepts` adds them)."""
        coded = {k: [Coded(c["system"], c["code"], c["display"], None) for c in data[k]]
                 for k in ("conditions", "medications")}
        bp = data.get("blood_pressure")
        return cls(**{**data, **coded, "blood_pressure": tuple(bp) if bp else None})

    def covered(self, kind: str) -> list[Concept]:
        """Distinct concepts of the active conditions or medications that the concept table covers."""
        seen: dict[str, Concept] = {}
        for item in getattr(self, kind):
            if item.concept is not None:
                seen.setdefault(item.concept.cui, item.concept)
        return list(seen.values())


def _latest(observations: list[dict[str, Any]], codes: set[str]) -> tuple[dict[str, Any], dt.datetime] | None:
    """The newest observation with one of ``codes``, and when it was made."""
    found = [(o, F.moment(o.get("effectiveDateTime") or "1900", "an observation's effectiveDateTime"))
             for o in observations if any(c["code"] in codes for c in F.codes(o.get("code"), "an observation code"))]
    return max(found, key=lambda pair: pair[1]) if found else None


def _no_constant(name: str, constant: str) -> Any:
    raise RecordError(f"{name} holds {constant}, which is not a number in JSON")


class RecordError(ValueError):
    """The file is not a FHIR R4 bundle with a patient; the message says what is wrong, for the person."""


def _read_bytes(path: Path, limits: Limits | None) -> bytes:
    """The file's bytes, a .gz inflated; with limits, inflating stops one byte past ``max_inflated_mb``."""
    cap = limits.max_inflated_mb * MB if limits else -1
    with path.open("rb") as fh:
        head = fh.read(4)
    if head == ZIP_MAGIC:
        raise RecordError(f"{path.name} is a zip archive; unpack it and import the FHIR JSON file inside")
    opener = gzip.open if head[:2] == b"\x1f\x8b" or path.suffix == ".gz" else open
    with opener(path, "rb") as fh:
        data = fh.read(cap + 1 if limits else -1)
    if limits and len(data) > cap:
        raise RecordError(f"{path.name} inflates to more than {limits.max_inflated_mb} MB "
                          f"(limit max_inflated_mb = {limits.max_inflated_mb})")
    return data


def _counting_hook(name: str, limits: Limits | None) -> Any:
    """A json object_hook that counts the resources as the parser completes them and stops past the cap."""
    if limits is None:
        return None
    seen = [0]

    def hook(obj: dict[str, Any]) -> dict[str, Any]:
        if "resourceType" in obj:
            seen[0] += 1
            if seen[0] > limits.max_record_entries + 1:       # +1: the Bundle itself
                raise RecordError(f"{name} has more than {limits.max_record_entries} entries "
                                  f"(limit max_record_entries = {limits.max_record_entries})")
        return obj
    return hook


def read_bundle(path: Path, limits: Limits | None = None) -> dict[str, Any]:
    try:
        bundle = json.loads(_read_bytes(path, limits).decode("utf-8-sig"),
                            parse_constant=lambda c: _no_constant(path.name, c),
                            object_hook=_counting_hook(path.name, limits))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, EOFError, zlib.error) as exc:
        raise RecordError(f"{path.name} is not a JSON file ({type(exc).__name__}); export your record as "
                          "FHIR R4 JSON") from None
    except RecursionError:
        raise RecordError(f"{path.name} is nested deeper than a FHIR bundle is") from None
    if limits and F.deeper_than(bundle, limits.max_record_depth):
        raise RecordError(f"{path.name} is nested more than {limits.max_record_depth} deep "
                          f"(limit max_record_depth = {limits.max_record_depth})")
    if not isinstance(bundle, dict) or bundle.get("resourceType") != "Bundle" or \
            not isinstance(bundle.get("entry", []), list):
        raise RecordError(f"{path.name} is JSON but not a FHIR Bundle (resourceType must be 'Bundle')")
    return bundle


def load_bundle(path: Path, concepts: ConceptTable, limits: Limits | None = None) -> PatientRecord:
    return link_concepts(read_record(path, limits), concepts)


def link_concepts(record: PatientRecord, concepts: ConceptTable) -> PatientRecord:
    """The record's conditions and medications linked to the concept table by their SNOMED CT / RxNorm codes."""
    for item in record.conditions + record.medications:
        item.concept = concepts.lookup_code(item.system, item.code)
    return record


def read_record(path: Path, limits: Limits | None = None) -> PatientRecord:
    """The patient in the bundle at ``path``, its codes not linked yet; :class:`RecordError` says what is wrong."""
    bundle = read_bundle(path, limits)
    try:
        record = _record(bundle, path.stem)
    except F.Malformed as exc:
        raise RecordError(f"{path.name} {exc}") from None
    for kind, found in (("active conditions", record.conditions), ("active medicines", record.medications)):
        if limits and len(found) > limits.max_record_items:
            raise RecordError(f"{path.name} lists {len(found)} {kind}; a record may add at most "
                              f"{limits.max_record_items} (limit max_record_items = {limits.max_record_items})")
    return record


def _record(bundle: dict[str, Any], stem: str) -> PatientRecord:
    resources = [e["resource"] for e in bundle.get("entry", []) if isinstance(e, dict)
                 and isinstance(e.get("resource"), dict) and isinstance(e["resource"].get("resourceType"), str)]
    patient = next((r for r in resources if r["resourceType"] == "Patient"), None)
    if patient is None or not patient.get("birthDate"):
        raise F.Malformed("has no Patient with a birth date")
    observations = [r for r in resources if r["resourceType"] == "Observation" and r.get("code") is not None]
    dates = [r.get("effectiveDateTime") or F.mapping(r.get("period"), "a period").get("end") for r in resources
             if r["resourceType"] in ("Observation", "Encounter")]
    deceased = patient.get("deceasedDateTime")
    ref = F.day(deceased, "a deceasedDateTime") if deceased else \
        max((F.day(d, "an effectiveDateTime or period end") for d in dates if d), default=dt.date.today())
    birth = F.day(patient["birthDate"], "a birthDate")
    age = ref.year - birth.year - ((ref.month, ref.day) < (birth.month, birth.day))
    record = PatientRecord(str(patient.get("id") or stem)[:64], F.text(patient.get("gender"), "a gender"), age,
                           ref.isoformat())
    for r in resources:
        if r["resourceType"] == "Condition":
            status = F.coding(r.get("clinicalStatus"), "condition-clinical", "a condition's status")
            code = F.coding(r.get("code"), "snomed", "a condition's code")
            if status and status[0] == "active" and code and not r.get("abatementDateTime"):
                record.conditions.append(Coded("snomed", *code, None))
        elif r["resourceType"] == "MedicationRequest" and r.get("status") == "active":
            code = F.coding(r.get("medicationCodeableConcept"), "rxnorm", "a medicine's code")
            if code:
                record.medications.append(Coded("rxnorm", *code, None))
    if bp := _latest(observations, BP_PANELS):
        parts = {}
        for c in F.items(bp[0].get("component"), "a blood pressure's components"):
            codes = F.codes(F.mapping(c, "a blood pressure component").get("code"), "a blood pressure component")
            if not codes:
                raise F.Malformed("has a blood pressure component without a code")
            parts[codes[0]["code"]] = c
        pressure = [F.quantity(parts.get(code), f"a {kind} pressure")
                    for code, kind in ((SYSTOLIC, "systolic"), (DIASTOLIC, "diastolic"))]
        if None not in pressure:
            record.blood_pressure = (round(pressure[0]), round(pressure[1]))  # type: ignore[arg-type]
            record.observed["blood_pressure"] = bp[1].isoformat(timespec="seconds")
    for codes, attr, digits in ((GLUCOSE, "glucose", 0), (HBA1C, "hba1c", 1)):
        found = _latest(observations, codes)
        if found and (value := F.quantity(found[0], f"a {attr}")) is not None:
            setattr(record, attr, round(value, digits) if digits else float(round(value)))
            record.observed[attr] = found[1].isoformat(timespec="seconds")
    return record


def load_patients(directory: Path, concepts: ConceptTable, limit: int | None = None) -> list[PatientRecord]:
    files = sorted(Path(directory).glob("*.json.gz")) + sorted(Path(directory).glob("*.json"))
    if not files:
        raise FileNotFoundError(f"no FHIR bundles (*.json.gz, *.json) in {directory}")
    return [load_bundle(f, concepts) for f in files[:limit]]


def record_slots(record: PatientRecord, now: str, current_days: float | None = None) -> dict[str, Any]:
    """The record as one turn's slots for the profile: every item present, source "record". A reading keeps the
    date it was measured; one older than ``current_days`` is marked past (never the current value of its type). The
    conditions and medicines are dated ``now`` (the import), or the record's own date when the whole record is
    older than ``current_days``. A condition or medicine the concept table does not know keeps the record's own name
    and code."""
    def older(when: str) -> bool:
        return current_days is not None and \
            (dt.datetime.fromisoformat(now) - F.moment(when, "a date")).total_seconds() > current_days * 86400

    listed = F.moment(record.reference_date, "a date").isoformat(timespec="seconds") \
        if older(record.reference_date) else now

    def entity(item: Coded) -> dict[str, Any]:
        concept = item.concept
        return {"name": concept.name if concept else item.display, "cui": concept.cui if concept else None,
                **({"tui": concept.tui} if concept else {}), "text": item.display, "assertion": "present",
                "confidence": 1.0, "timestamp": listed, "source": "record"}

    def reading(kind: str, item: dict[str, Any]) -> dict[str, Any]:
        when = record.observed.get(kind, now)
        return {**item, "timestamp": when, "source": "record", **({"past": True} if older(when) else {})}

    labs = [reading("glucose", {"type": "random_glucose", "value": record.glucose, "unit": "mg/dL"})] \
        if record.glucose is not None else []
    labs += [reading("hba1c", {"type": "hba1c", "value": record.hba1c, "unit": "%"})] if record.hba1c is not None \
        else []
    vitals = [reading("blood_pressure", {"type": "blood_pressure", "systolic": record.blood_pressure[0],
                                         "diastolic": record.blood_pressure[1], "unit": "mmHg"})] \
        if record.blood_pressure else []
    return {"demographics": {"age": record.age, "age_group": f"{record.age // 10 * 10}s",
                             "gender": record.gender if record.gender in ("male", "female") else None},
            "conditions": [entity(c) for c in record.conditions], "symptoms": [],
            "medications": [entity(m) for m in record.medications], "vitals": vitals, "labs": labs}
