"""Five-turn conversations per Synthea patient and language for `eval run`.

Turns 1-3 are exactly what `eval profile` says (intro; conditions and medications; vitals and labs), so the
two evaluations measure extraction on the same text. Turn 4 asks about one of the patient's own drugs (or
conditions when no drug is covered), turn 5 is a follow-up ("that medicine") that only makes sense with the
earlier turns. Everything is a pure function of (patient, language, seed).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...context.extraction.concepts import Concept
from ...context.profile.fhir import PatientRecord
from ..profile.scoring import utterances
from ..profile.utterances import ask_about, follow_up

KINDS = ("intro", "conditions_medications", "vitals_labs", "question", "follow_up")


@dataclass(frozen=True)
class Turn:
    index: int            # 1-based
    kind: str             # one of KINDS
    text: str


@dataclass
class Scenario:
    patient: PatientRecord
    lang: str
    seed: int
    topic: Concept | None                  # the condition or drug asked about in turns 4 and 5
    turns: list[Turn] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.patient.patient_id}:{self.lang}"


def pick_topic(patient: PatientRecord, rng: random.Random) -> Concept | None:
    """A covered medication if any (the follow-up is about continuing it), else a covered condition."""
    for kind in ("medications", "conditions"):
        options = sorted(patient.covered(kind), key=lambda c: c.cui)
        if options:
            return rng.choice(options)
    return None


def build_scenario(patient: PatientRecord, lang: str, seed: int = 0) -> Scenario:
    rng = random.Random(f"{seed}:{patient.patient_id}:{lang}:question")
    topic = pick_topic(patient, rng)
    texts = [*utterances(patient, lang, seed), ask_about(topic, lang, rng), follow_up(topic, lang)]
    turns = [Turn(i + 1, kind, text) for i, (kind, text) in enumerate(zip(KINDS, texts, strict=True))]
    return Scenario(patient, lang, seed, topic, turns)


def build_scenarios(patients: Sequence[PatientRecord], langs: Sequence[str], seed: int = 0,
                    turns: int = len(KINDS)) -> list[Scenario]:
    """All patient × language scenarios, truncated to the first ``turns`` turns."""
    if not 1 <= turns <= len(KINDS):
        raise ValueError(f"--turns must be between 1 and {len(KINDS)}, not {turns}")
    out = []
    for p in patients:
        for lang in langs:
            s = build_scenario(p, lang, seed)
            s.turns = s.turns[:turns]
            out.append(s)
    return out
