"""Values no person can have, each written the way every entry point takes it (issue 33, item 3): as a chat
message, as a FHIR record, as an edit of the profile panel. One list, so no entry point can pass a value another
refuses; ``tests/ui/test_entry_points.py`` drives all three with it.

The FHIR bundle builder is here too: the tests of the record reader write their malformed records with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

OBSERVED = "2026-01-10T09:00:00Z"


@dataclass(frozen=True)
class BadValue:
    name: str
    chat: str                      # a message that states it
    record: dict[str, Any]         # the bundle's values (keyword arguments of :func:`bundle`)
    item: str                      # the profile item an edit changes ("labs: hba1c", "demographics: age")
    edit: str                      # the value typed into the panel
    asked: bool = True             # the chat's reply asks about it (a word that is no number is simply not read)
    baseline: dict[str, Any] = field(default_factory=dict)


BAD_VALUES: tuple[BadValue, ...] = (
    BadValue("blood pressure 9999/-50", "제 혈압은 9999/-50이에요", {"bp": (9999, -50)}, "vitals: blood_pressure",
             "9999/-50"),
    BadValue("diastolic -5", "My blood pressure is 120/-5.", {"bp": (120, -5)}, "vitals: blood_pressure", "9999/-5"),
    BadValue("glucose 123456", "혈당이 123456이에요", {"glucose": 123456}, "labs: random_glucose", "123456"),
    BadValue("HbA1c 250", "HbA1c는 250%였어요", {"hba1c": 250}, "labs: hba1c", "250"),
    BadValue("age -65 (born 2090)", "저는 -65세예요", {"birth": "2090-01-01"}, "demographics: age", "-65"),
    BadValue("age 225 (born 1800)", "I am 225 years old.", {"birth": "1800-01-01"}, "demographics: age", "225"),
    BadValue("not a number", "My glucose is abc.", {"glucose": "abc"}, "labs: random_glucose", "abc", asked=False),
    BadValue("NaN", "My HbA1c is NaN.", {"hba1c": float("nan")}, "labs: hba1c", "NaN", asked=False),
    BadValue("infinity", "My blood sugar is infinite.", {"glucose": float("inf")}, "labs: random_glucose",
             "9" * 400, asked=False),
)

# What a person's profile holds before a bad value arrives: one plausible value of every item the list edits.
BASELINE: dict[str, Any] = {
    "demographics": {"age": 50, "age_group": "50s", "gender": "female"},
    "conditions": [], "symptoms": [], "medications": [],
    "vitals": [{"type": "blood_pressure", "systolic": 130, "diastolic": 85, "unit": "mmHg"}],
    "labs": [{"type": "random_glucose", "value": 110, "unit": "mg/dL"}, {"type": "hba1c", "value": 7.0, "unit": "%"}],
}


def observation(codes: list[str], value: Any = None, date: Any = OBSERVED, **extra: Any) -> dict[str, Any]:
    resource: dict[str, Any] = {"resourceType": "Observation", "effectiveDateTime": date,
                                "code": {"coding": [{"system": "http://loinc.org", "code": c} for c in codes]}}
    if value is not None:
        resource["valueQuantity"] = {"value": value}
    return {"resource": {**resource, **extra}}


def condition(name: str, code: str = "900000001") -> dict[str, Any]:           # a code no concept has
    return {"resource": {
        "resourceType": "Condition",
        "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical",
                                       "code": "active"}]},
        "code": {"coding": [{"system": "http://snomed.info/sct", "code": code, "display": name}]}}}


def bundle(*, birth: Any = "1970-01-01", gender: str = "female", bp: tuple[Any, Any] | None = None,
           glucose: Any = None, hba1c: Any = None, date: Any = OBSERVED, conditions: tuple[str, ...] = (),
           extra: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    """A FHIR R4 bundle with a patient and, as asked, a blood pressure panel, a glucose, an HbA1c, conditions."""
    entries = [{"resource": {"resourceType": "Patient", "id": "p1", "birthDate": birth, "gender": gender}}]
    if bp is not None:
        entries.append(observation(["85354-9"], date=date, component=[
            {"code": {"coding": [{"code": "8480-6"}]}, "valueQuantity": {"value": bp[0]}},
            {"code": {"coding": [{"code": "8462-4"}]}, "valueQuantity": {"value": bp[1]}}]))
    if glucose is not None:
        entries.append(observation(["2339-0"], glucose, date))
    if hba1c is not None:
        entries.append(observation(["4548-4"], hba1c, date))
    entries += [condition(name) for name in conditions]
    return {"resourceType": "Bundle", "type": "collection", "entry": [*entries, *extra]}


def write_bundle(folder: Path, name: str, content: dict[str, Any] | str) -> Path:
    path = folder / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path
