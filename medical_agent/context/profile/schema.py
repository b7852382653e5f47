"""TypedDict schema of the stored profile (seed 002 §3.2.3.4), extended with assertion, conflicts,
first/last seen and the profile version the response cache keys on."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

# Assertions under which the person has the item: said plainly, or described in lay words ("reported"). The
# summary lists these items and the safety rules count them.
HELD = ("present", "reported")


class Demographic(TypedDict):
    age: int | None
    age_group: str | None        # "40s"
    gender: str | None           # "male" | "female"
    is_pregnant: bool | None
    pregnancy_weeks: int | None


class Conflict(TypedDict):
    assertion: str               # what the later mention said (e.g. "negated")
    text: str
    timestamp: str


class Entity(TypedDict):
    name: str                    # English preferred name
    cui: str | None
    tui: NotRequired[str]
    text: str                    # latest surface form
    assertion: str               # present | reported | negated | family | historical | hypothetical
    confidence: float
    first_seen: str
    timestamp: str               # last seen (ISO 8601, UTC)
    mentions: int
    duration: NotRequired[str]
    dose: NotRequired[str]
    conflict: NotRequired[Conflict]
    temporal_weight: NotRequired[float]


class Reading(TypedDict):
    type: str                    # blood_pressure, heart_rate, hba1c, fasting_glucose, ...
    unit: str
    timestamp: str
    current: bool                # the newest reading of its type
    value: NotRequired[float]
    systolic: NotRequired[int]
    diastolic: NotRequired[int]
    temporal_weight: NotRequired[float]


class PatientProfile(TypedDict):
    user_id: str
    demographics: Demographic
    conditions: list[Entity]
    symptoms: list[Entity]
    medications: list[Entity]
    vitals: list[Reading]
    labs: list[Reading]
    created_at: str
    last_updated: str
    version: int                    # moves on every stored change (a re-mention refreshes timestamps)
    content_version: int            # moves only when the facts change: what the response cache is scoped to
    history: NotRequired[list[dict[str, Any]]]   # the person's own edits (context.profile.edits), newest last


ENTITY_SLOTS = ("conditions", "symptoms", "medications")
READING_SLOTS = ("vitals", "labs")
# Temporal decay rates per hour (seed 002 §3.2.3.2): weight = exp(-λ·Δt_hours).
DECAY = {"vitals": 0.1, "labs": 0.05, "symptoms": 0.02, "medications": 0.005, "conditions": 0.001}


def new_profile(user_id: str, now: str) -> PatientProfile:
    return PatientProfile(user_id=user_id, demographics=Demographic(age=None, age_group=None, gender=None,
                          is_pregnant=None, pregnancy_weeks=None), conditions=[], symptoms=[], medications=[],
                          vitals=[], labs=[], created_at=now, last_updated=now, version=0,
                          content_version=0)


def as_json(profile: PatientProfile) -> dict[str, Any]:
    return dict(profile)
