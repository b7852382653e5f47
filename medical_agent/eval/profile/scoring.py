"""Score extraction + profile against the FHIR truth of Synthea patients (`eval profile`).

Each patient says three utterances (intro; conditions and medications; vitals and labs) into a fresh user
of an in-memory ProfileStore. Demographics and measured values are scored by accuracy; conditions and
medications by micro precision/recall/F1 over concepts (CUIs) the concept table covers. Coverage of the
patients' FHIR codes by the concept table is reported separately, as is extraction + store latency.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from ...context.extraction.slot_extractor import SlotExtractor
from ...context.profile import ProfileStore
from ...context.profile.fhir import PatientRecord
from ...storage import open_storage
from ..retrieval.metrics import percentile_ms
from .utterances import conditions_and_medications, intro, vitals_and_labs


def prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(2 * p * r / (p + r) if p + r else 0.0, 4),
            "tp": tp, "fp": fp, "fn": fn}


def utterances(p: PatientRecord, lang: str, seed: int) -> list[str]:
    rng = random.Random(f"{seed}:{p.patient_id}:{lang}")
    return [intro(p, lang), conditions_and_medications(p, lang, rng), vitals_and_labs(p, lang)]


def _reading(profile: dict[str, Any], kinds: Sequence[str], slot: str) -> dict[str, Any] | None:
    return next((r for r in profile[slot] if r["type"] in kinds and r.get("current")), None)


FACT_GROUPS = {"demographics": ("age", "gender"), "conditions": ("conditions",), "medications": ("medications",),
               "values": ("blood_pressure", "glucose", "hba1c")}


def score_profile(prof: dict[str, Any], p: PatientRecord, groups: Sequence[str] = tuple(FACT_GROUPS)
                  ) -> dict[str, tuple[int, ...]]:
    """One stored profile against one patient's FHIR truth: (correct, total) per scalar fact the patient has,
    (tp, fp, fn) over concept CUIs for conditions and medications. ``groups`` limits it to what was said so far
    (the multi-turn evaluation scores the profile after every turn)."""
    out: dict[str, tuple[int, ...]] = {}
    if "demographics" in groups:
        demo = prof["demographics"]
        for key, truth in (("age", p.age), ("gender", p.gender)):
            out[key] = (int(demo.get(key) == truth), 1)
    for slot in ("conditions", "medications"):
        if slot in groups:
            truth_ids = {c.cui for c in p.covered(slot)}
            pred = {i["cui"] for i in prof[slot] if i["assertion"] == "present"}
            out[slot] = (len(truth_ids & pred), len(pred - truth_ids), len(truth_ids - pred))
    if "values" not in groups:
        return out
    checks = (("blood_pressure", p.blood_pressure, _reading(prof, ["blood_pressure"], "vitals")),
              ("glucose", p.glucose, _reading(prof, ["random_glucose", "fasting_glucose"], "labs")),
              ("hba1c", p.hba1c, _reading(prof, ["hba1c"], "labs")))
    for key, truth, got in checks:
        if truth is None:
            continue
        ok = False
        if got is not None:
            value = (got.get("systolic"), got.get("diastolic")) if key == "blood_pressure" else got["value"]
            ok = value == truth if key == "blood_pressure" else abs(value - truth) < 0.051
        out[key] = (int(ok), 1)
    return out


def evaluate_profiles(patients: Sequence[PatientRecord], extractor: SlotExtractor, langs: Sequence[str],
                      seed: int = 0) -> dict[str, Any]:
    report: dict[str, Any] = {"patients": len(patients), "linker": getattr(extractor.linker, "name", "?")}
    for lang in langs:
        store = ProfileStore(open_storage(":memory:").profiles)
        counts = {"conditions": [0, 0, 0], "medications": [0, 0, 0]}
        hits = {"age": [0, 0], "gender": [0, 0], "blood_pressure": [0, 0], "glucose": [0, 0], "hba1c": [0, 0]}
        times: list[float] = []
        for p in patients:
            user = f"{lang}-{p.patient_id}"
            for text in utterances(p, lang, seed):
                start = time.perf_counter()
                store.update(user, extractor.extract(text))
                times.append(time.perf_counter() - start)
            for key, score in score_profile(store.get(user), p).items():
                if key in counts:
                    counts[key] = [a + b for a, b in zip(counts[key], score, strict=True)]
                else:
                    hits[key] = [hits[key][0] + score[0], hits[key][1] + score[1]]
        values = {k: v for k, v in hits.items() if k not in ("age", "gender")}
        report[lang] = {
            "demographics_accuracy": round((hits["age"][0] + hits["gender"][0]) /
                                           max(1, hits["age"][1] + hits["gender"][1]), 4),
            "age_accuracy": round(hits["age"][0] / max(1, hits["age"][1]), 4),
            "gender_accuracy": round(hits["gender"][0] / max(1, hits["gender"][1]), 4),
            "values_accuracy": round(sum(h[0] for h in values.values()) / max(1, sum(h[1] for h in values.values())), 4),
            "values": {k: {"correct": v[0], "total": v[1]} for k, v in values.items()},
            "conditions": prf(*counts["conditions"]), "medications": prf(*counts["medications"]),
            "latency_ms_p50": percentile_ms(times, 50), "latency_ms_p95": percentile_ms(times, 95),
            "utterances": len(times)}
    report["coverage"] = coverage(patients)
    return report


def coverage(patients: Sequence[PatientRecord]) -> dict[str, Any]:
    out = {}
    for slot in ("conditions", "medications"):
        items = [c for p in patients for c in getattr(p, slot)]
        missing: dict[str, int] = {}
        for c in items:
            if c.concept is None:
                missing[c.display] = missing.get(c.display, 0) + 1
        out[slot] = {"active_items": len(items), "covered": sum(c.concept is not None for c in items),
                     "share": round(sum(c.concept is not None for c in items) / max(1, len(items)), 4),
                     "uncovered": dict(sorted(missing.items(), key=lambda kv: -kv[1]))}
    return out
