"""A person's own corrections to their profile, made in the demo's profile panel: correct a value, mark an item
"no longer true", or remove it. Each edit is a fact change (both versions move, so cached answers of the old
profile are not served), and is recorded in the profile's ``history`` with what it was and what it became.

Items are named by a key the panel shows ("medications: Metformin", "vitals: blood_pressure 2026-11-24 09:30",
"demographics: age"); an unknown key, a value that cannot be read or an action an item cannot take is an
:class:`EditError` with a message for the person, and nothing is written. A number is read with its sign
(``9999/-5`` is 9999 over -5, not 9999/5) and checked against the range every entry point uses
(``validation``) before it becomes an integer; what the edit makes contradict is checked by the store.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from .schema import ENTITY_SLOTS, READING_SLOTS, PatientProfile
from .validation import demographic_doubts, describe, reading_doubt

ACTIONS = ("correct", "no_longer_true", "remove")
HISTORY_LIMIT = 50
YES, NO = {"yes", "true", "y", "예", "네", "임신", "임신 중"}, {"no", "false", "n", "아니오", "아니요", "아님"}
# every number, with its sign where a minus stands alone before it: "9999/-5" is 9999 and -5, "130-85" 130 and 85
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?|(?<=\w)\d+(?:\.\d+)?")


class EditError(ValueError):
    """The edit cannot be made; the message says why, in words for the person."""


def item_key(slot: str, item: dict[str, Any]) -> str:
    if slot in READING_SLOTS:
        return f"{slot}: {item['type']} {item['timestamp'][:16].replace('T', ' ')}"
    return f"{slot}: {item['name']}"


def item_keys(profile: PatientProfile | None) -> list[str]:
    """Every editable item of the profile, as the panel lists them."""
    if not profile:
        return []
    keys = [f"demographics: {k}" for k, v in profile["demographics"].items() if v is not None]
    return keys + [item_key(slot, item) for slot in (*ENTITY_SLOTS, *READING_SLOTS) for item in profile[slot]]


def apply_edit(profile: PatientProfile, key: str, action: str, value: str = "", now: str = "",
               linked: dict[str, Any] | None = None, max_chars: int | None = None) -> PatientProfile:
    """The profile with one edit made and recorded. ``linked`` (name, cui, tui) is the concept a corrected
    entity value was linked to; without it the value is kept as written. A value longer than ``max_chars`` is
    refused."""
    if action not in ACTIONS:
        raise EditError(f"unknown action {str(action)[:40]!r}; choose one of: {', '.join(ACTIONS)}")
    if not isinstance(key, str) or not isinstance(value or "", str):
        raise EditError("choose an item and write the value as text")
    value = (value or "").strip()
    if max_chars is not None and len(value) > max_chars:
        raise EditError(f"the value is {len(value):,} characters; at most {max_chars:,} (limit max_name_chars)")
    edited = copy.deepcopy(profile)
    slot = key.partition(":")[0].strip()
    if slot == "demographics":
        before, after = _demographic(edited, key.partition(":")[2].strip(), action, value)
    elif slot in ENTITY_SLOTS or slot in READING_SLOTS:
        index = next((i for i, item in enumerate(edited[slot]) if item_key(slot, item) == key), None)
        if index is None:
            raise EditError(f"'{key}' is not in your profile (any more); reload the panel and choose again")
        item = edited[slot][index]
        before = item.get("name") or item_key(slot, item)
        if action == "remove":
            del edited[slot][index]
            after = None
        elif slot in READING_SLOTS:
            after = _correct_reading(item, action, value)
        else:
            after = _edit_entity(item, action, value, linked)
    else:
        raise EditError(f"'{key}' is not an item of a profile")
    edited["history"] = [*profile.get("history", []), {"at": now, "item": key, "action": action, "before": before,
                                                        "after": after, "by": "person"}][-HISTORY_LIMIT:]
    edited["version"] = profile["version"] + 1
    edited["content_version"] = profile.get("content_version", 0) + 1
    edited["last_updated"] = now
    return edited


def _edit_entity(item: dict[str, Any], action: str, value: str, linked: dict[str, Any] | None) -> Any:
    if action == "no_longer_true":
        item["assertion"] = "historical"       # kept as the past: no longer counted as what the person has
        return "no longer true"
    if not value:
        raise EditError("write the corrected value first")
    concept = linked or {"name": value, "cui": None}
    item.update(name=concept["name"], cui=concept.get("cui"), text=value, confidence=1.0)
    if concept.get("tui"):
        item["tui"] = concept["tui"]
    item.pop("conflict", None)
    return concept["name"]


def _correct_reading(item: dict[str, Any], action: str, value: str) -> Any:
    if action == "no_longer_true":
        raise EditError("a reading is a measurement at a time: correct it or remove it")
    numbers = [float(n) for n in _NUMBER.findall(value)]
    if item["type"] == "blood_pressure":
        if len(numbers) != 2:
            raise EditError("write blood pressure as systolic/diastolic, e.g. 130/85")
        _check(reading_doubt({**item, "systolic": numbers[0], "diastolic": numbers[1]}))
        item["systolic"], item["diastolic"] = round(numbers[0]), round(numbers[1])
        return f"{item['systolic']}/{item['diastolic']}"
    if len(numbers) != 1:
        raise EditError(f"write one number for {item['type']}")
    _check(reading_doubt({**item, "value": numbers[0]}))
    item["value"] = numbers[0]
    return numbers[0]


def _check(doubt: dict[str, Any] | None) -> None:
    if doubt is not None:
        raise EditError(f"{describe(doubt)}; nothing was changed")


def _demographic(profile: PatientProfile, field: str, action: str, value: str) -> tuple[Any, Any]:
    demo = profile["demographics"]
    if field not in demo:
        raise EditError(f"'{field}' is not a demographic field")
    before = demo[field]
    if action in ("remove", "no_longer_true"):
        demo[field] = None
    elif field in ("age", "pregnancy_weeks"):
        numbers = [float(n) for n in _NUMBER.findall(value)]
        if len(numbers) != 1:
            raise EditError(f"write one number for {field}")
        number = int(numbers[0]) if numbers[0].is_integer() else numbers[0]
        _check(next(iter(demographic_doubts({field: number})), None))
        demo[field] = int(number)
        if field == "age":
            demo["age_group"] = f"{demo['age'] // 10 * 10}s"
    elif field == "is_pregnant":
        if value.lower() not in YES | NO:
            raise EditError("answer yes or no")
        demo[field] = value.lower() in YES
        if not demo[field]:
            demo["pregnancy_weeks"] = None
    elif field == "gender":
        gender = {"m": "male", "남": "male", "남성": "male", "f": "female", "여": "female", "여성": "female"}.get(
            value.lower(), value.lower())
        if gender not in ("male", "female"):
            raise EditError("write male or female")
        demo[field] = gender
    else:
        raise EditError(f"'{field}' follows from another field; correct that one")
    return before, demo[field]
