"""The question sets of `eval qa`, read from ../shared/data (MIRAGE rawdata and PubMedQA): BioASQ-Y/N (yes/no
questions of BioASQ Task B, 618), PubMedQA* (the 500 test questions of the expert-labelled set; yes/no/maybe),
MedQA-US (4 options), MMLU-Med (six medical subjects, 4 options) and MedMCQA (dev, 4 options). The set is shuffled
with a fixed seed: the test sample is its first ``n`` questions, so every mode and every later run asks the same
ones; the development sample (``dev=True``, for choosing settings) is its last ``n``, disjoint from the test
sample while ``2 n`` does not exceed the set."""

from __future__ import annotations

import csv
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from ...indexing.sources.bioasq import golden_files
from ...indexing.sources.pubmedqa import pubmedqa_records

DATASETS = ("bioasq-yn", "pubmedqa", "medqa", "mmlu", "medmcqa")
MMLU_SUBJECTS = ("anatomy", "clinical_knowledge", "college_biology", "college_medicine", "medical_genetics",
                 "professional_medicine")
LETTERS = "ABCD"


@dataclass(frozen=True)
class QAItem:
    id: str
    question: str
    answer: str                                  # yes | no | maybe | A..D
    options: dict[str, str] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return "choice" if self.options else "yes_no"


def _bioasq(shared: Path) -> list[QAItem]:
    items, seen = [], set()
    for file in golden_files(shared / "mirage" / "rawdata" / "bioasq"):
        for q in json.loads(file.read_text(encoding="utf-8"))["questions"]:
            answer = str(q.get("exact_answer", "")).strip().lower()
            if q.get("type") == "yesno" and answer in ("yes", "no") and q["id"] not in seen:
                seen.add(q["id"])
                items.append(QAItem(q["id"], q["body"].strip(), answer))
    return items


def _pubmedqa(shared: Path) -> list[QAItem]:
    records = pubmedqa_records(shared / "pubmedqa_pqal")
    truth = json.loads((shared / "pubmedqa_pqal" / "data" / "test_ground_truth.json").read_text(encoding="utf-8"))
    return [QAItem(pmid, records[pmid]["QUESTION"], answer) for pmid, answer in truth.items() if pmid in records]


def _medqa(shared: Path) -> list[QAItem]:
    folder = shared / "mirage" / "rawdata" / "medqa" / "data_clean" / "questions" / "US" / "4_options"
    items = []
    for i, line in enumerate((folder / "phrases_no_exclude_test.jsonl").read_text(encoding="utf-8").splitlines()):
        if line.strip():
            q = json.loads(line)
            items.append(QAItem(f"medqa-{i}", q["question"], q["answer_idx"], dict(q["options"])))
    return items


def _mmlu(shared: Path) -> list[QAItem]:
    items = []
    for subject in MMLU_SUBJECTS:
        path = shared / "mirage" / "rawdata" / "mmlu" / "data" / "test" / f"{subject}_test.csv"
        with path.open(encoding="utf-8", newline="") as fh:
            for i, row in enumerate(csv.reader(fh)):
                items.append(QAItem(f"{subject}-{i}", row[0], row[5].strip(), dict(zip(LETTERS, row[1:5], strict=True))))
    return items


def _medmcqa(shared: Path) -> list[QAItem]:
    items = []
    path = shared / "mirage" / "rawdata" / "medmcqa" / "data" / "dev.json"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            q = json.loads(line)
            options = {L: q[f"op{L.lower()}"] for L in LETTERS}
            items.append(QAItem(q["id"], q["question"], LETTERS[int(q["cop"]) - 1], options))
    return items


LOADERS = {"bioasq-yn": _bioasq, "pubmedqa": _pubmedqa, "medqa": _medqa, "mmlu": _mmlu, "medmcqa": _medmcqa}


def load_qa(name: str, shared: Path, n: int | None = None, seed: int = 0, dev: bool = False) -> list[QAItem]:
    """``n`` questions of the set: the test sample for the seed, or the development sample (all when n is None)."""
    if name not in LOADERS:
        raise ValueError(f"unknown QA dataset {name!r}; valid: {', '.join(DATASETS)}")
    try:
        items = LOADERS[name](Path(shared))
    except FileNotFoundError as exc:
        raise ValueError(f"{name}: data not found ({exc.filename}); set MEDAGENT_SHARED_DATA") from None
    random.Random(seed).shuffle(items)
    if n is None or n >= len(items):
        return items
    return items[-n:] if dev else items[:n]
