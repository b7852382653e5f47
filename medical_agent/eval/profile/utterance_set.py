"""Score what one chat message makes the profile store as the person's own facts, against the hand-labelled
utterance set (tests/data/utterances/README.md): the benchmark of issue 33, where questions about a disease or a
drug were stored as the asker's conditions and medicines.

Only what is *stored as the person's* counts: held entities (present or reported), the current readings and the
demographics. An item the message only asks about, denies, had in the past or that belongs to someone else may be
kept with its status, but stored as held it is a false fact. Entities match by English name (case-insensitive) or
by CUI (through the concept table); values by type and value within 1 % (blood pressure by both numbers). By the
set's labelling convention pregnancy is a demographic (``is_pregnant``), so a held *Pregnancy* condition is read
as ``is_pregnant: true`` and a stored ``gender: female`` that only follows from the pregnancy is not a fact of
its own. A row marked ``contradiction`` must store nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...context.profile.schema import ENTITY_SLOTS, HELD
from ..harness.jsonl import read_jsonl
from .scoring import prf

ASSERTIONS = ("present", "asked", "negated", "historical", "other_person")
DEMOGRAPHICS = ("age", "gender", "is_pregnant")
PREGNANCY = "pregnancy"                 # the concept the set records as demographics.is_pregnant instead
VALUE_TOLERANCE = 0.01


def _problem(record: dict[str, Any]) -> str:
    missing = [k for k in ("id", "lang", "text", "mentions", "values", "demographics") if k not in record]
    if missing:
        return "missing " + ", ".join(missing)
    bad = [m.get("assertion") for m in record["mentions"] if m.get("assertion") not in ASSERTIONS]
    return f"unknown assertion {bad[0]!r}" if bad else ""


def load_set(path: Path) -> list[dict[str, Any]]:
    return read_jsonl(Path(path), _problem)


@dataclass
class Stored:
    """What the store holds as the person's after one message."""

    entities: list[dict[str, Any]] = field(default_factory=list)     # {name, cui, slot}
    values: list[dict[str, Any]] = field(default_factory=list)       # readings: {type, value | systolic, diastolic}
    demographics: dict[str, Any] = field(default_factory=dict)       # age, gender, is_pregnant (set ones only)


def stored_facts(profile: dict[str, Any] | None) -> Stored:
    """The held entities, current readings and set demographics of a stored profile."""
    if not profile:
        return Stored()
    out = Stored()
    for slot in ENTITY_SLOTS:
        out.entities += [{"name": i["name"], "cui": i.get("cui"), "slot": slot}
                         for i in profile.get(slot) or [] if i.get("assertion") in HELD]
    for slot in ("vitals", "labs"):
        out.values += [{k: r[k] for k in ("type", "value", "systolic", "diastolic") if k in r}
                       for r in profile.get(slot) or [] if r.get("current", True)]
    demo = profile.get("demographics") or {}
    out.demographics = {k: demo[k] for k in DEMOGRAPHICS if demo.get(k) is not None}
    if any(e["name"].lower() == PREGNANCY for e in out.entities):
        out.entities = [e for e in out.entities if e["name"].lower() != PREGNANCY]
        out.demographics.setdefault("is_pregnant", True)
    return out


def _same_value(gold: dict[str, Any], got: dict[str, Any]) -> bool:
    if gold["type"] != got["type"]:
        return False
    if gold["type"] == "blood_pressure":
        return (gold["systolic"], gold["diastolic"]) == (got.get("systolic"), got.get("diastolic"))
    value = got.get("value")
    return value is not None and abs(float(value) - gold["value"]) <= VALUE_TOLERANCE * abs(gold["value"])


def _value_text(v: dict[str, Any]) -> str:
    number = f"{v.get('systolic')}/{v.get('diastolic')}" if v["type"] == "blood_pressure" else f"{v.get('value'):g}"
    return f"{v['type']} {number}"


@dataclass
class Counts:
    """Per-message counts; they add up over a language or the whole set."""

    fact_tp: int = 0
    fact_fp: int = 0
    fact_fn: int = 0
    entity_tp: int = 0
    entity_fp: int = 0
    entity_fn: int = 0
    entity_fn_outside_table: int = 0
    gold_outside_table: int = 0
    value_tp: int = 0
    value_fp: int = 0
    value_fn: int = 0
    demo_correct: int = 0
    demo_total: int = 0
    demo_fp: int = 0
    asked: int = 0
    asked_stored: int = 0
    contradictions: int = 0
    contradictions_stored: int = 0

    def add(self, other: Counts) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def score_item(record: dict[str, Any], got: Stored, same: Callable[[dict[str, Any], dict[str, Any]], bool]
               ) -> tuple[Counts, list[str]]:
    """One message: its counts and what was wrong (empty when right). ``same(gold_mention, stored_entity)``."""
    c, wrong = Counts(), []
    mentions = record["mentions"]
    gold = [m for m in mentions if m["assertion"] == "present"]
    unmatched = list(got.entities)
    for m in gold:
        hit = next((e for e in unmatched if same(m, e)), None)
        outside = m.get("in_table") is False
        c.gold_outside_table += outside
        if hit is None:
            c.entity_fn += 1
            c.entity_fn_outside_table += outside
            wrong.append(f"missed {m['name']} ({m['surface']})" + (" [not in table]" if outside else ""))
        else:
            c.entity_tp += 1
            unmatched.remove(hit)
    for e in unmatched:
        c.entity_fp += 1
        said = next((m for m in mentions if same(m, e)), None)
        c.asked_stored += bool(said and said["assertion"] == "asked")
        wrong.append(f"stored {e['name']}" + (f" (gold: {said['assertion']})" if said else " (not in gold)"))
    c.asked = sum(m["assertion"] == "asked" for m in mentions)
    values = list(got.values)
    for v in record["values"]:
        hit = next((g for g in values if _same_value(v, g)), None)
        if hit is None:
            c.value_fn += 1
            wrong.append(f"missed value {_value_text(v)}")
        else:
            c.value_tp += 1
            values.remove(hit)
    c.value_fp = len(values)
    wrong += [f"stored value {_value_text(v)}" for v in values]
    demo_gold, demo_got = record["demographics"], dict(got.demographics)
    if demo_got.get("is_pregnant") and demo_got.get("gender") == "female" and "gender" not in demo_gold:
        demo_got.pop("gender")                              # follows from the pregnancy; not a fact of its own
    for key, truth in demo_gold.items():
        c.demo_total += 1
        ok = demo_got.get(key) == truth
        c.demo_correct += ok
        if not ok:
            wrong.append(f"{key}: gold {truth!r}, stored {demo_got.get(key)!r}")
    extra = {k: v for k, v in demo_got.items() if k not in demo_gold}
    c.demo_fp = len(extra) + sum(demo_got.get(k) is not None and demo_got[k] != v for k, v in demo_gold.items())
    wrong += [f"stored {k}: {v!r}" for k, v in extra.items()]
    c.fact_tp = c.entity_tp + c.value_tp + c.demo_correct
    c.fact_fp = c.entity_fp + c.value_fp + c.demo_fp
    c.fact_fn = c.entity_fn + c.value_fn + (c.demo_total - c.demo_correct)
    if record.get("contradiction"):
        c.contradictions = 1
        c.contradictions_stored = int(bool(got.entities or got.values or got.demographics))
        if c.contradictions_stored:
            wrong.insert(0, "a self-contradicting message stored facts")
    return c, wrong


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def summarize(c: Counts, n: int) -> dict[str, Any]:
    entities = prf(c.entity_tp, c.entity_fp, c.entity_fn)
    in_table = prf(c.entity_tp, c.entity_fp, c.entity_fn - c.entity_fn_outside_table)["recall"]
    facts_in_table = prf(c.fact_tp, c.fact_fp, c.fact_fn - c.entity_fn_outside_table)["recall"]
    return {"utterances": n,
            "facts": {**prf(c.fact_tp, c.fact_fp, c.fact_fn), "recall_in_table_only": facts_in_table},
            "entities": {**entities, "recall_in_table_only": in_table, "gold_not_in_table": c.gold_outside_table},
            "questions_stored_as_facts": {"share": _share(c.asked_stored, c.asked), "stored": c.asked_stored,
                                          "asked": c.asked},
            "values": prf(c.value_tp, c.value_fp, c.value_fn),
            "demographics": {"accuracy": _share(c.demo_correct, c.demo_total) if c.demo_total else 1.0,
                             "correct": c.demo_correct, "total": c.demo_total, "stored_not_said": c.demo_fp},
            "contradictions": {"rows": c.contradictions, "stored_something": c.contradictions_stored}}


def entity_matcher(cui_of: Callable[[str], str | None]) -> Callable[[dict[str, Any], dict[str, Any]], bool]:
    """Gold mention vs stored entity: the same English name (any case), or the same CUI."""
    def same(gold: dict[str, Any], got: dict[str, Any]) -> bool:
        if gold["name"].lower() == got["name"].lower():
            return True
        cui = cui_of(gold["name"])
        return bool(cui) and cui == got.get("cui")
    return same


def evaluate(records: Sequence[dict[str, Any]], store: Callable[[str], Stored],
             same: Callable[[dict[str, Any], dict[str, Any]], bool]) -> dict[str, Any]:
    """``store(text)`` runs one message through extraction and a fresh profile and returns what it holds."""
    totals: dict[str, Counts] = {}
    sizes: dict[str, int] = {}
    errors: list[dict[str, Any]] = []
    for record in records:
        counts, wrong = score_item(record, store(record["text"]), same)
        for key in (record["lang"], "overall"):
            totals.setdefault(key, Counts()).add(counts)
            sizes[key] = sizes.get(key, 0) + 1
        if wrong:
            errors.append({"id": record["id"], "text": record["text"], "wrong": wrong})
    report = {key: summarize(totals[key], sizes[key]) for key in _order(totals)}
    return {**report, "errors": errors}


def _order(keys: Iterable[str]) -> list[str]:
    return sorted(keys, key=lambda k: (k == "overall", k))
