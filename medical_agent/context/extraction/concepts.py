"""The concept table (assets/concepts.csv): the shared vocabulary of entity linking, BM25 user words and
query expansion. One row per UMLS concept with its slot, English and Korean names and SNOMED CT / RxNorm /
LOINC codes (the evaluation maps Synthea FHIR records through them)."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

SLOTS = ("condition", "symptom", "medication", "vital", "lab")
COLUMNS = ("cui", "tui", "slot", "name", "synonyms_en", "names_ko", "snomed_ct", "rxnorm", "loinc", "topic")


class ConceptTableError(ValueError):
    pass


def _split(value: str | None) -> tuple[str, ...]:
    return tuple(v.strip() for v in (value or "").split("|") if v.strip())


def _squeeze(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


CLASS_WORDS = frozenset({"inhibitor", "inhibitors", "agonist", "agonists", "blocker", "blockers", "agent", "agents"})


def _names_class(c: Concept) -> int:
    """How the concept names its topic's class: 2 when its preferred name is the topic ("NSAID", "Statin", "Beta
    blocker" for beta-blocker), 1 when one of its English names is the topic or the topic and a class word ("SGLT2
    inhibitor", "DPP-4 inhibitor"), 0 otherwise (never a combination, "/")."""
    topic = _squeeze(c.topic)
    if not topic or "/" in c.name:
        return 0
    if _squeeze(c.name) == topic:
        return 2

    def names_it(name: str) -> bool:
        words = name.lower().split()
        return _squeeze(name) == topic or (len(words) == 2 and _squeeze(words[0]) == topic and words[1] in CLASS_WORDS)
    return 1 if any(names_it(n) for n in c.english_names) else 0


def names_its_class(c: Concept) -> bool:
    """Whether the concept is a class of medicines rather than one medicine ("Statin", "Proton pump inhibitor")."""
    return c.slot == "medication" and _names_class(c) > 0


@dataclass(frozen=True)
class Concept:
    cui: str
    tui: str
    slot: str
    name: str
    synonyms_en: tuple[str, ...] = ()
    names_ko: tuple[str, ...] = ()
    snomed_ct: tuple[str, ...] = ()
    rxnorm: tuple[str, ...] = ()
    loinc: tuple[str, ...] = ()
    topic: str = ""

    @property
    def english_names(self) -> tuple[str, ...]:
        return (self.name, *self.synonyms_en)

    @property
    def korean_name(self) -> str:
        return self.names_ko[0] if self.names_ko else self.name


@dataclass
class ConceptTable:
    concepts: list[Concept]
    by_cui: dict[str, Concept] = field(init=False)
    by_code: dict[str, Concept] = field(init=False)

    def __post_init__(self) -> None:
        self.by_cui = {c.cui: c for c in self.concepts}
        ranked = sorted((c for c in self.concepts if c.slot == "medication" and _names_class(c)), key=_names_class)
        self._classes = {c.topic: c for c in ranked}          # the better-named class last, so it wins
        self.by_code = {}
        for c in self.concepts:
            for system, codes in (("snomed", c.snomed_ct), ("rxnorm", c.rxnorm), ("loinc", c.loinc)):
                for code in codes:
                    self.by_code.setdefault(f"{system}:{code}", c)

    def class_of(self, cui: str) -> Concept | None:
        """The class a medicine belongs to (sertraline: Antidepressant; empagliflozin: SGLT2 inhibitor), by its topic
        in the table, or None. A passage about the class covers its members: the ninth blind pairwise round declined
        "my 17 yo just started sertraline" because the depression passage says "antidepressants such as SSRIs"."""
        concept = self.by_cui.get(cui)
        klass = self._classes.get(concept.topic) if concept is not None and concept.slot == "medication" else None
        return klass if klass is not None and klass.cui != cui else None

    def names_with_class(self, cui: str, korean: bool = True) -> tuple[str, ...]:
        """A concept's names and, for a medicine, its class's (English, and Korean unless ``korean`` is false); empty
        for a cui the table lacks."""
        found = [c for c in (self.by_cui.get(cui), self.class_of(cui)) if c is not None]
        return tuple(n for c in found for n in (*c.english_names, *(c.names_ko if korean else ())))

    def korean_names(self) -> list[str]:
        return sorted({n for c in self.concepts for n in c.names_ko})

    def lookup_code(self, system: str, code: str) -> Concept | None:
        return self.by_code.get(f"{system}:{code}")

    @classmethod
    def load(cls, path: Path | str) -> ConceptTable:
        path = Path(path)
        if not path.is_file():
            raise ConceptTableError(f"concept table not found: {path}")
        with path.open(encoding="utf-8", newline="") as fh:
            reader = csv.DictReader(fh)
            missing = set(COLUMNS) - set(reader.fieldnames or ())
            if missing:
                raise ConceptTableError(f"{path}: missing columns {sorted(missing)}")
            concepts = []
            for line, row in enumerate(reader, start=2):
                if row["slot"] not in SLOTS or not row["cui"] or not row["name"]:
                    raise ConceptTableError(f"{path}:{line}: bad row (slot must be one of {SLOTS}; cui and "
                                            "name are required)")
                concepts.append(Concept(
                    cui=row["cui"].strip(), tui=row["tui"].strip(), slot=row["slot"].strip(),
                    name=row["name"].strip(), synonyms_en=_split(row["synonyms_en"]),
                    names_ko=_split(row["names_ko"]), snomed_ct=_split(row["snomed_ct"]),
                    rxnorm=_split(row["rxnorm"]), loinc=_split(row["loinc"]), topic=row["topic"].strip()))
        return cls(concepts)


@lru_cache(maxsize=4)
def load_concepts(path: str) -> ConceptTable:
    """Cached load (the table is read by the tokenizer, the linker and the query pipeline)."""
    return ConceptTable.load(path)
