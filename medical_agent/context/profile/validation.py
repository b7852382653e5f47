"""One gate for every way a fact enters a profile (issue 33): the chat's extraction, a person's imported FHIR
record, their own edit in the profile panel, and the API that drives all three.

Before it, each entry point had its own idea of a possible value: the chat refused "혈당 1234" while an import
stored a glucose of 123456 and an age of -65, and an edit turned ``9999/-5`` into 9999/5. The rules are declared
once, where the chat's extraction reads them — the ranges beside each measurement's keywords
(``extraction.rules_measurements``: ``SPECS``, ``SYSTOLIC``/``DIASTOLIC``), the ages and pregnancy weeks
(``extraction.rules_demographics``), what contradicts what (``extraction.contradictions``) and the conflicts with
the stored profile (``conflicts``) — and applied here to whatever arrives, from wherever:

- :func:`screen` takes a turn's slots and the stored profile and returns the slots that may be stored and the
  doubts about the rest. The chat stores the rest and asks about the doubts; an import (``ProfileStore.update``
  with ``whole=True``) stores nothing when there is any (:class:`InvalidFacts`).
- :func:`new_problems` compares a profile before and after an edit: an edit that makes it impossible is refused.

A doubt is the chat's dict (kind, what, text, and the range for a value outside it), so the reply's wording
(``generation.finalize.doubt_line``) serves every entry point; :func:`describe` is the one-line English form the
import and edit panels show.
"""

from __future__ import annotations

import copy
import datetime as dt
import math
import re
from typing import Any

from ..extraction.assertion import ASSERTIONS
from ..extraction.contradictions import HELD, IDENTITY, other_sex_only, pregnancy_clash
from ..extraction.rules_demographics import AGE_RANGE, PREGNANCY_WEEKS_RANGE
from ..extraction.rules_measurements import DIASTOLIC, SPECS, SYSTOLIC, plausible_pressure
from .conflicts import hold_back_conflicts
from .schema import ENTITY_SLOTS, READING_SLOTS, PatientProfile

RANGES: dict[str, tuple[float, float, str]] = {s.type: (s.low, s.high, s.unit) for s in SPECS}
ENTITY_ASSERTIONS = (*ASSERTIONS, "reported")
GENDERS = ("male", "female")
NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")    # controls, lone surrogates
FUTURE_SLACK = dt.timedelta(days=1)             # clocks and time zones: a reading dated tomorrow is still today's
Doubt = dict[str, Any]


class InvalidFacts(ValueError):
    """Facts no person can have, refused whole; ``doubts`` says which, the message in one line."""

    def __init__(self, doubts: list[Doubt]) -> None:
        super().__init__("; ".join(dict.fromkeys(describe(d) for d in doubts)))
        self.doubts = doubts


def number(value: Any) -> float | None:
    """``value`` as a finite number, or None (a word, a bool, NaN and infinity are no measurement)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _impossible(what: str, text: Any) -> Doubt:
    return {"kind": "implausible", "what": what, "text": str(text)[:80]}


def _outside(what: str, text: str, value: float, low: float, high: float, unit: str) -> Doubt:
    return {"kind": "implausible", "what": what, "text": text, "value": value, "range": [low, high], "unit": unit}


def _shown(value: Any) -> str:
    return f"{value:g}" if number(value) is not None else str(value)[:40]


def _when(value: Any) -> dt.datetime | None:
    try:
        when = dt.datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return when.replace(tzinfo=dt.UTC) if when is not None and when.tzinfo is None else when


def reading_doubt(reading: Any, now: dt.datetime | None = None) -> Doubt | None:
    """Why a vital or lab reading cannot be stored, or None: an unknown type, a value that is no number or outside
    its type's range (blood pressure: each number in its range, systolic above diastolic), a date in the future."""
    if not isinstance(reading, dict):
        return _impossible("reading", type(reading).__name__)
    kind = reading.get("type")
    if kind == "blood_pressure":
        systolic, diastolic = number(reading.get("systolic")), number(reading.get("diastolic"))
        text = f"{_shown(reading.get('systolic'))}/{_shown(reading.get('diastolic'))} mmHg"
        if systolic is None or diastolic is None:
            return _impossible("blood_pressure", text)
        if not plausible_pressure(systolic, diastolic):
            low, high = (SYSTOLIC if not SYSTOLIC[0] <= systolic <= SYSTOLIC[1] else DIASTOLIC)
            worst = systolic if not SYSTOLIC[0] <= systolic <= SYSTOLIC[1] else diastolic
            return _outside("blood_pressure", text, worst, low, high, "mmHg")
    elif kind in RANGES:
        low, high, unit = RANGES[kind]
        value = number(reading.get("value"))
        if value is None:
            return _impossible(str(kind), f"{kind} {_shown(reading.get('value'))}")
        if not low <= value <= high:
            return _outside(str(kind), f"{kind} {value:g} {unit}", value, low, high, unit)
    else:
        return _impossible("reading", f"a reading of type {str(kind)[:40]!r}")
    stamp = reading.get("timestamp")
    when = _when(stamp)
    if stamp is not None and (when is None or (now is not None and when > now + FUTURE_SLACK)):
        return _impossible(str(kind), f"{kind} dated {str(stamp)[:32]}")
    return None


def demographic_doubts(demo: Any) -> list[Doubt]:
    """Every field of the demographics that is not a possible value (an age outside ``AGE_RANGE``, ...)."""
    if not isinstance(demo, dict):
        return [_impossible("demographics", type(demo).__name__)]
    doubts: list[Doubt] = []
    checks = (("age", AGE_RANGE, True), ("pregnancy_weeks", PREGNANCY_WEEKS_RANGE, False))
    for field, (low, high), exclusive in checks:
        value = demo.get(field)
        if value is None:
            continue
        n = number(value)
        if n is None or not n.is_integer():
            doubts.append(_impossible(field, f"{field} {value}"))
        elif (exclusive and not low < n < high) or (not exclusive and not low <= n <= high):
            bounds = (low + 1, high - 1) if exclusive else (low, high)
            doubts.append(_outside(field, f"{field} {n:g}", n, *bounds, "years" if field == "age" else "weeks"))
    if demo.get("gender") not in (None, *GENDERS):
        doubts.append(_impossible("gender", f"gender {str(demo['gender'])[:40]}"))
    if demo.get("is_pregnant") not in (None, True, False):
        doubts.append(_impossible("is_pregnant", f"pregnant {str(demo['is_pregnant'])[:40]}"))
    group = demo.get("age_group")
    if group is not None and demo.get("age") is None and not _decade(group):      # with an age it follows from it
        doubts.append(_impossible("age_group", f"age group {str(group)[:40]}"))
    return doubts


def _decade(group: Any) -> bool:
    """"40s": an age group as the extraction writes it."""
    return isinstance(group, str) and group.endswith("0s") and group[:-1].isdigit() and int(group[:-1]) < AGE_RANGE[1]


def entity_doubt(item: Any, max_name_chars: int) -> Doubt | None:
    """Why a condition, symptom or medicine cannot be stored: no name, a name longer than ``max_name_chars`` or
    that is not plain text (control characters, a lone surrogate), an unknown assertion."""
    if not isinstance(item, dict):
        return _impossible("entity", type(item).__name__)
    for key in ("name", "text"):
        value = item.get(key, "")
        if not isinstance(value, str) or (key == "name" and not value.strip()):
            return _impossible(key, f"a {key} that is not text")
        if len(value) > max_name_chars:
            return _impossible(key, f"a {key} of {len(value):,} characters (limit max_name_chars = {max_name_chars})")
        if NOT_TEXT.search(value):
            return _impossible(key, f"a {key} with characters that are not text")
    if item.get("assertion") not in ENTITY_ASSERTIONS:
        return _impossible("assertion", f"assertion {str(item.get('assertion'))[:40]}")
    return None


def contradictions(demo: dict[str, Any], entities: list[dict[str, Any]]) -> list[Doubt]:
    """What cannot all be true of one person: a pregnancy with the sex or the age, a held condition of the other
    sex (the rules the chat applies to one message, ``extraction.contradictions``). ``sides`` names the two facts:
    the demographic one first."""
    doubts: list[Doubt] = []
    if clash := pregnancy_clash(demo.get("gender"), demo.get("is_pregnant"), demo.get("age")):
        first = str(demo.get("gender") if clash.startswith("gender") else demo.get("age"))
        doubts.append({"kind": "contradiction", "what": clash, "text": f"{first} / pregnancy",
                       "sides": [first, "pregnancy"]})
    for item in entities:
        if item.get("assertion") in HELD and other_sex_only(demo.get("gender"), item.get("name", "")):
            sides = [demo.get("gender"), item["name"]]
            doubts.append({"kind": "contradiction", "what": "gender+condition", "text": f"{sides[0]} / {sides[1]}",
                           "sides": sides})
    return doubts


def profile_problems(profile: PatientProfile, max_name_chars: int) -> list[Doubt]:
    """Every problem of a whole profile: its values and its contradictions."""
    problems = demographic_doubts(profile["demographics"])
    problems += [d for slot in READING_SLOTS for r in profile[slot] if (d := reading_doubt(r))]
    problems += [d for slot in ENTITY_SLOTS for e in profile[slot] if (d := entity_doubt(e, max_name_chars))]
    held = [e for slot in ENTITY_SLOTS for e in profile[slot]]
    return problems + contradictions(profile["demographics"], held)


def new_problems(before: PatientProfile, after: PatientProfile, max_name_chars: int) -> list[Doubt]:
    """The problems ``after`` has that ``before`` had not (an edit is judged by what it makes impossible)."""
    known = {describe(d) for d in profile_problems(before, max_name_chars)}
    return [d for d in profile_problems(after, max_name_chars) if describe(d) not in known]


def screen(profile: PatientProfile | None, slot_out: dict[str, Any], *, max_name_chars: int,
           now: dt.datetime | None = None) -> tuple[dict[str, Any], list[Doubt]]:
    """(the slots that may be stored, the doubts about the rest) for slots arriving from any entry point."""
    out = copy.deepcopy(slot_out)
    demo = out.get("demographics")
    doubts = demographic_doubts(demo if demo is not None else {})
    out["demographics"] = demo = demo if isinstance(demo, dict) else {}
    for doubt in doubts:
        if doubt["what"] in IDENTITY:
            demo[doubt["what"]] = None
        if doubt["what"] == "age":
            demo["age_group"] = None
    for slot, check in ((s, lambda r: reading_doubt(r, now)) for s in READING_SLOTS):
        out[slot] = _kept(out.get(slot), check, doubts)
    for slot in ENTITY_SLOTS:
        out[slot] = _kept(out.get(slot), lambda e: entity_doubt(e, max_name_chars), doubts)
    out, conflicts = hold_back_conflicts(profile, out)
    return _refuse_contradictions(profile, out, [*doubts, *conflicts])


def _kept(items: Any, check: Any, doubts: list[Doubt]) -> list[Any]:
    """The items ``check`` finds nothing wrong with; a doubt for each other one (and for a slot that is no list)."""
    if items is None:
        return []
    if not isinstance(items, list):
        doubts.append(_impossible("slot", type(items).__name__))
        return []
    kept = []
    for item in items:
        if (doubt := check(item)) is None:
            kept.append(item)
        else:
            doubts.append(doubt)
    return kept


def _refuse_contradictions(profile: PatientProfile | None, slots: dict[str, Any], doubts: list[Doubt]
                           ) -> tuple[dict[str, Any], list[Doubt]]:
    """The slots without the facts that contradict each other or the stored profile: what they say about who the
    person is and their conditions of the other sex are refused together, as the chat refuses a message's."""
    stored = profile["demographics"] if profile else {}
    kept = [e for slot in ENTITY_SLOTS for e in (profile[slot] if profile else [])]
    new = {k: v for k, v in slots["demographics"].items() if v is not None}
    arriving = [e for slot in ENTITY_SLOTS for e in slots.get(slot) or []]
    within = contradictions(new, arriving)
    known = {describe(d) for d in [*contradictions(stored, kept), *within]}
    found = [*within, *(_as_conflict(d, new) for d in contradictions({**stored, **new}, [*kept, *arriving])
                        if describe(d) not in known)]
    if not found:
        return slots, doubts
    asked = {(d.get("kind"), d.get("stored")) for d in doubts if d.get("kind") == "conflict"}
    found = [d for d in found if (d["kind"], d.get("stored")) not in asked]   # "남성" asked about once
    sex = {**stored, **new}.get("gender")
    slots["demographics"].update(IDENTITY)
    for slot in ENTITY_SLOTS:
        slots[slot] = [e for e in slots.get(slot) or [] if not (e.get("assertion") in HELD and
                                                               other_sex_only(sex, e.get("name", "")))]
    return slots, [*doubts, *found]


def _as_conflict(doubt: Doubt, new: dict[str, Any]) -> Doubt:
    """A contradiction between a stored fact and an arriving one, worded as the chat's conflicts are."""
    demographic, other = doubt["sides"]
    arriving_first = "gender" in new if doubt["what"] == "gender+condition" else not new.get("is_pregnant")
    stored, text = (other, demographic) if arriving_first else (demographic, other)
    return {"kind": "conflict", "what": doubt["what"], "stored": str(stored), "text": str(text)}


def describe(doubt: Doubt) -> str:
    """The doubt in one English line, for the import and edit panels (the chat words it in the reply)."""
    text = doubt.get("text", "")
    if doubt.get("kind") == "implausible" and doubt.get("range"):
        low, high = doubt["range"][:2]
        return f"{text} is outside the possible range ({low:g}–{high:g} {doubt.get('unit', '')})"
    if doubt.get("kind") == "implausible":
        return f"{text} is not a possible value"
    if doubt.get("kind") == "conflict":
        return f"{text} contradicts {doubt.get('stored')} in your profile"
    return f"{text} contradict each other"
