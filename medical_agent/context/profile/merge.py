"""Merge one turn's slots into a profile (pure functions; the store persists the result).

- Entities dedup by CUI, or by Levenshtein distance < 3 between names when there is no CUI. A family
  mention is a separate item from the person's own (the same disease can be both).
- A later negation of a present item is recorded as a conflict, not a deletion; a later "resolved"
  (historical) or a later confirmation updates the assertion.
- Readings: a newer reading of a type becomes current and the older ones stay as history; a reading within
  the type's tolerance of the current one (blood pressure ±5 mmHg) replaces it, keeping the newest. A reading
  marked ``past`` (a record's, measured long before it was imported) is never current.
- Temporal weights exp(−λ·Δt hours) are computed on read, with λ per slot.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import math
from typing import Any

from .schema import DECAY, ENTITY_SLOTS, HELD, READING_SLOTS, PatientProfile

TOLERANCE = {"blood_pressure": 5, "heart_rate": 3, "temperature": 0.2, "respiratory_rate": 1, "spo2": 1,
             "weight": 0.5, "height": 1, "bmi": 0.3, "hba1c": 0.1, "fasting_glucose": 3, "random_glucose": 3,
             "postprandial_glucose": 3}
HISTORY_PER_TYPE = 20


def levenshtein(a: str, b: str) -> int:
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        cur = [i]
        for j, cb in enumerate(b, start=1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def within_edits(a: str, b: str, k: int) -> bool:
    """levenshtein(a, b) <= k, in O(len · k): strings whose lengths differ by more than k are not compared, the
    shared head and tail are skipped, and only the diagonal band of width 2k+1 is computed, stopping as soon as
    the whole band is past k. (A full table over two 400-character names costs 160,000 cells; importing a
    record with hundreds of them compared every pair.)"""
    if abs(len(a) - len(b)) > k:
        return False
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    a, b = a[head:], b[head:]
    while a and b and a[-1] == b[-1]:
        a, b = a[:-1], b[:-1]
    if len(a) < len(b):
        a, b = b, a
    if not b:
        return len(a) <= k
    far = k + 1
    prev = [j if j <= k else far for j in range(len(b) + 1)]
    for i in range(1, len(a) + 1):
        cur = [far] * (len(b) + 1)
        cur[0] = i if i <= k else far
        for j in range(max(1, i - k), min(len(b), i + k) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]), far)
        if min(cur) > k:
            return False
        prev = cur
    return prev[-1] <= k


def _same_entity(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if (a.get("assertion") == "family") != (b.get("assertion") == "family"):
        return False
    if a.get("cui") and b.get("cui"):
        return a["cui"] == b["cui"]
    return within_edits(a["name"].lower(), b["name"].lower(), 2)


def _merge_entity(items: list[dict[str, Any]], new: dict[str, Any]) -> None:
    keep = {k: new[k] for k in ("name", "cui", "tui", "text", "assertion", "confidence", "timestamp", "duration",
                                "dose", "source") if k in new}
    for item in items:
        if not _same_entity(item, new):
            continue
        if new["assertion"] == "negated" and item["assertion"] in HELD:
            item["conflict"] = {"assertion": "negated", "text": new["text"], "timestamp": new["timestamp"]}
        elif new["assertion"] == "reported" and item["assertion"] == "present":
            pass                                    # a lay description never demotes a named condition
        else:
            if new["assertion"] == "present":
                item.pop("conflict", None)
            item["assertion"] = new["assertion"]
        item["text"], item["timestamp"] = new["text"], new["timestamp"]
        item["confidence"] = max(item.get("confidence", 0.0), new.get("confidence", 0.0))
        item["mentions"] = item.get("mentions", 1) + 1
        item.update({k: new[k] for k in ("duration", "dose") if k in new})
        return
    items.append({**keep, "first_seen": new["timestamp"], "mentions": 1})


def _close(a: dict[str, Any], b: dict[str, Any]) -> bool:
    tol = TOLERANCE.get(a["type"], 0)
    if a["type"] == "blood_pressure":
        return abs(a["systolic"] - b["systolic"]) <= tol and abs(a["diastolic"] - b["diastolic"]) <= tol
    return abs(float(a["value"]) - float(b["value"])) <= tol


def _merge_reading(readings: list[dict[str, Any]], new: dict[str, Any]) -> None:
    reading = {k: new[k] for k in ("type", "value", "systolic", "diastolic", "unit", "timestamp", "source", "past")
               if k in new}
    same = [r for r in readings if r["type"] == reading["type"]]
    if same and _close(same[0], reading) and reading["timestamp"] >= same[0]["timestamp"]:
        readings.remove(same[0])
    readings.insert(0, reading)
    readings.sort(key=lambda r: r["timestamp"], reverse=True)  # stable: the newer insert wins ties
    seen: dict[str, int] = {}
    for r in list(readings):
        seen[r["type"]] = seen.get(r["type"], 0) + 1
        r["current"] = seen[r["type"]] == 1 and not r.get("past")     # a record's old reading is history
        if seen[r["type"]] > HISTORY_PER_TYPE:
            readings.remove(r)


def merge_slots(profile: PatientProfile, slot_out: dict[str, Any], now: str) -> PatientProfile:
    """A new profile with ``slot_out`` merged in; ``version`` increases only when something changed."""
    merged = copy.deepcopy(profile)
    demo, new_demo = merged["demographics"], slot_out.get("demographics") or {}
    for key in ("age", "age_group", "gender", "is_pregnant", "pregnancy_weeks"):
        if new_demo.get(key) is not None:
            demo[key] = new_demo[key]
    if demo.get("is_pregnant") is False:
        demo["pregnancy_weeks"] = None
    for slot in ENTITY_SLOTS:
        for item in slot_out.get(slot) or []:
            if item.get("assertion") == "hypothetical":
                continue  # a question about something is not a fact about the person
            _merge_entity(merged[slot], {**item, "timestamp": item.get("timestamp") or now})
        merged[slot].sort(key=lambda i: i["timestamp"], reverse=True)
    for slot in READING_SLOTS:
        for item in slot_out.get(slot) or []:
            _merge_reading(merged[slot], {**item, "timestamp": item.get("timestamp") or now})
    if _content(merged) != _content(profile):
        merged["version"] = profile["version"] + 1
        merged["last_updated"] = now
    if _facts(merged) != _facts(profile):
        merged["content_version"] = profile.get("content_version", 0) + 1
    return merged


def _content(profile: PatientProfile) -> list[Any]:
    return [profile["demographics"], *(profile[s] for s in (*ENTITY_SLOTS, *READING_SLOTS))]


FACT_KEYS = ("name", "cui", "assertion", "dose", "duration", "conflict", "type", "value", "systolic", "diastolic",
             "unit")


def _facts(profile: PatientProfile) -> list[Any]:
    """The profile without its bookkeeping (timestamps, mention counts, surface text, confidence): restating
    "저는 메트포르민을 먹고 있어요" refreshes the fact but changes none of it."""
    def fact(item: dict[str, Any]) -> str:
        return json.dumps({k: item[k] for k in FACT_KEYS if k in item and k != "conflict"}
                          | ({"conflict": item["conflict"].get("assertion")} if item.get("conflict") else {}),
                          sort_keys=True, ensure_ascii=False)
    return [profile["demographics"], *(sorted({fact(i) for i in profile[s]}) for s in (*ENTITY_SLOTS, *READING_SLOTS))]


def _hours(since: str, now: dt.datetime) -> float:
    try:
        then = dt.datetime.fromisoformat(since)
    except (TypeError, ValueError):
        return 0.0
    if then.tzinfo is None:
        then = then.replace(tzinfo=dt.UTC)
    return max(0.0, (now - then).total_seconds() / 3600)


def temporal_weight(slot: str, timestamp: str, now: dt.datetime) -> float:
    return math.exp(-DECAY[slot] * _hours(timestamp, now))


def with_weights(profile: PatientProfile, now: dt.datetime) -> PatientProfile:
    weighted = copy.deepcopy(profile)
    for slot in (*ENTITY_SLOTS, *READING_SLOTS):
        for item in weighted[slot]:
            item["temporal_weight"] = round(temporal_weight(slot, item["timestamp"], now), 4)
        if slot in ENTITY_SLOTS:
            weighted[slot].sort(key=lambda i: i["temporal_weight"], reverse=True)
    return weighted
