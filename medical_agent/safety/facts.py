"""What the safety notes read: the facts of this turn and of the stored profile (medicines and their classes, conditions,
pregnancy, readings) and what the message asks (:mod:`..safety_words`), gathered once per turn into :class:`Facts`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..context.extraction.concepts import names_its_class
from ..context.profile.schema import HELD
from ..safety_words import ASKS, CLASS_WORDS, HAEMOGLOBIN, POTASSIUM, SODIUM, STOP_NAMED


@dataclass(frozen=True)
class Facts:
    """What the rules look at: drug classes and names taken, conditions, pregnancy, labs."""

    drug_classes: frozenset[str]
    drug_names: frozenset[str]
    conditions: frozenset[str]
    pregnant: bool
    egfr: float | None
    blood_pressure: tuple[float, float] | None = None    # the latest reading (this turn's, else the profile's)
    glucose: float | None = None                         # the latest glucose of any kind, mg/dL
    heart_rate: float | None = None                      # the latest pulse, bpm
    asks: frozenset[str] = frozenset()                   # what the message asks about (:data:`.safety_words.ASKS`)
    named: frozenset[str] = frozenset()                  # medicines the message names for anyone (a child's too)
    named_classes: frozenset[str] = frozenset()          # their classes
    potassium: float | None = None                       # a blood potassium the message gives, mmol/L
    sodium: float | None = None                          # a blood sodium the message gives, mmol/L
    haemoglobin: float | None = None                     # a haemoglobin the message gives, g/dL
    bp_now: bool = False                                 # the blood pressure was read in this message
    doubled: bool = False                                # two medicines of one kind, or a combination and its part
    named_conditions: frozenset[str] = frozenset()       # conditions the message names for anyone (a daughter's asthma)

    @property
    def any_drug(self) -> frozenset[str]:
        """Medicines taken or named in the message for anyone: an interaction is worth a note either way."""
        return self.drug_names | self.named

    @property
    def any_class(self) -> frozenset[str]:
        return self.drug_classes | self.named_classes

    @property
    def any_condition(self) -> frozenset[str]:
        """The person's conditions and those the message names for anyone: the caution fits whoever has it."""
        return self.conditions | self.named_conditions


# Medicines a rule names, read from the message's words too: the concept table may lack one (felodipine is not in
# it, so "grapefruit with felodipine" was answered "yes" with no caution by the local model)
RULE_DRUG_WORDS = {"felodipine": ("felodipine", "펠로디핀"), "nifedipine": ("nifedipine", "니페디핀"),
                   "simvastatin": ("simvastatin", "심바스타틴"), "lovastatin": ("lovastatin", "로바스타틴"),
                   "aspirin": ("aspirin", "아스피린"),
                   # a salicylate too (visitor_test13: Pepto-Bismol for an 11-year-old with flu was called safe)
                   "bismuth subsalicylate": ("pepto", "bismuth subsalicylate", "펩토비스몰", "비스무트"),
                   "warfarin": ("warfarin", "와파린", "coumadin", "쿠마딘"),
                   "clarithromycin": ("clarithromycin", "클래리스로마이신", "클라리스로마이신", "biaxin", "klacid", "클라리시드"),
                   "erythromycin": ("erythromycin", "에리스로마이신"),
                   "itraconazole": ("itraconazole", "이트라코나졸", "sporanox", "스포라녹스"),
                   "ketoconazole": ("ketoconazole", "케토코나졸", "nizoral", "니조랄"),
                   "fluconazole": ("fluconazole", "플루코나졸", "diflucan", "디푸루칸"),
                   "voriconazole": ("voriconazole", "보리코나졸", "vfend"), "posaconazole": ("posaconazole", "포사코나졸", "noxafil"),
                   # visitor_test24: amiodarone (코다론) added to warfarin, "원래 용량 그대로 드시면 되는거죠?"
                   "amiodarone": ("amiodarone", "아미오다론", "cordarone", "코다론", "pacerone")}


# Classes whose members are not taken two at a time unless a prescriber says so (the eleventh blind round: celecoxib
# with ibuprofen, "같이 먹어도 돼요?", and Janumet with the leftover metformin got no caution)
ONE_AT_A_TIME = {"nsaid", "statin", "acei", "arb", "anticoagulant", "sulfonylurea", "dpp4", "sglt2", "glp1", "ppi",
                 "benzodiazepine", "opioid", "biguanide",
                 "beta-blocker"}   # round 18: bisoprolol for the heart and propranolol for anxiety, "둘다 먹어도 상관없나여"


GLUCOSE_TYPES = ("fasting_glucose", "random_glucose", "postprandial_glucose")


def collect_facts(profile: dict[str, Any] | None, slot_out: dict[str, Any] | None,
                  drug_class: dict[str, str], question: str = "") -> Facts:
    """Merge the stored profile with this turn's mentions (a drug asked about counts too, and so does a class of
    medicines the question asks about: :data:`.safety_words.CLASS_WORDS`)."""
    meds: set[str] = set()
    named: set[str] = set()
    stopped: set[str] = set()        # said as stopped or switched from this turn: not taken beside the new one
    others: set[str] = set()         # named this turn as someone else's ("my friend on Jardiance"): doubled apart
    conds: set[str] = set()
    named_conds: set[str] = set()
    egfr: float | None = None
    pregnant = False
    blood_pressure, glucose, heart_rate = _latest_readings(slot_out or {}, profile or {})
    for source, this_turn in ((profile or {}, False), (slot_out or {}, True)):
        for item in source.get("medications", []):
            status = item.get("assertion", "present")
            if status == "present" or (this_turn and status not in ("negated", "family")):
                meds.add(item["name"].lower())
            if this_turn and status != "negated":
                named.add(item["name"].lower())
            if this_turn and status == "historical":
                stopped.add(item["name"].lower())
            if this_turn and status == "family":
                others.add(item["name"].lower())
        for item in source.get("conditions", []):
            if item.get("assertion", "present") in HELD:   # lay descriptions count: caution
                conds.add(item["name"].lower())
            if this_turn and item.get("assertion", "present") != "negated":
                named_conds.add(item["name"].lower())
        pregnant = pregnant or bool((source.get("demographics") or {}).get("is_pregnant"))
        for lab in source.get("labs", []):
            if lab.get("type") == "egfr":
                egfr = float(lab["value"]) if egfr is None else egfr
    classes = {drug_class[m] for m in meds if m in drug_class}
    classes |= {c for implied, pattern in CLASS_WORDS if pattern.search(question) for c in implied}
    asks = frozenset(kind for kind, pattern in ASKS.items() if pattern.search(question))
    if named and STOP_NAMED.search(question):           # "자렐토를 … 이쯤에서 그만 먹어도 되지 않을까요"
        asks |= {"stop_medicine"}
    low = question.lower()
    named |= {drug for drug, words in RULE_DRUG_WORDS.items() if any(w in low for w in words)}
    potassium = next((float(m.group(1)) for m in POTASSIUM.finditer(question) if 1.5 <= float(m.group(1)) <= 9.9), None)
    sodium = next((float(m.group(1)) for m in SODIUM.finditer(question) if 100 <= float(m.group(1)) <= 180), None)
    haemoglobin = next((h for m in HAEMOGLOBIN.finditer(question) if 3 <= (h := _g_per_dl(float(m.group(1)))) <= 25),
                       None)
    return Facts(frozenset(classes), frozenset(meds), frozenset(conds), pregnant, egfr, blood_pressure, glucose,
                 heart_rate, asks, frozenset(named), frozenset(drug_class[m] for m in named if m in drug_class),
                 potassium, sodium, haemoglobin=haemoglobin,
                 bp_now=any(v.get("type") == "blood_pressure" for v in (slot_out or {}).get("vitals", [])),
                 doubled=_doubled((meds | named) - stopped - (others - meds), drug_class) or
                 _doubled(others - stopped, drug_class), named_conditions=frozenset(named_conds))


def _doubled(medicines: set[str], drug_class: dict[str, str]) -> bool:
    """Two medicines of a class taken one at a time (:data:`ONE_AT_A_TIME`), or a combination and one of its parts."""
    classes = drug_class.classes if isinstance(drug_class, DrugClasses) else frozenset()
    medicines = medicines - classes                      # "고지혈증약으로 심바스타틴": a class said, then its member
    parts = {part.strip() for m in medicines if " / " in m for part in m.split(" / ")}
    if parts & medicines:
        return True
    singles = [drug_class.get(m) for m in medicines if " / " not in m]
    return any(singles.count(c) > 1 for c in ONE_AT_A_TIME)


def _g_per_dl(value: float) -> float:
    """A haemoglobin in g/dL: a UK result in g/L ("Hb 105") is ten times larger than any g/dL one."""
    return value / 10 if value > 30 else value


def _latest_readings(*sources: dict[str, Any]) -> tuple[tuple[float, float] | None, float | None, float | None]:
    """The newest blood pressure, glucose and pulse: this turn's first, then the profile's (both latest first)."""
    bp: tuple[float, float] | None = None
    glucose: float | None = None
    pulse: float | None = None
    for source in sources:
        for v in source.get("vitals", []):
            if bp is None and v.get("type") == "blood_pressure" and v.get("systolic") and v.get("diastolic"):
                bp = (float(v["systolic"]), float(v["diastolic"]))
            if pulse is None and v.get("type") == "heart_rate" and v.get("value") is not None:
                pulse = float(v["value"])
        for lab in source.get("labs", []):
            if glucose is None and lab.get("type") in GLUCOSE_TYPES and lab.get("value") is not None:
                glucose = float(lab["value"])
    return bp, glucose, pulse


class DrugClasses(dict[str, str]):
    """English drug name (lower case) → class, and which of the names are classes themselves ("statin")."""

    def __init__(self, mapping: dict[str, str], classes: Iterable[str] = ()) -> None:
        super().__init__(mapping)
        self.classes = frozenset(classes)


def drug_class_map(concepts: Iterable[Any]) -> DrugClasses:
    """English drug name (lower case) → class, from the concept table's medication topics."""
    concepts = [c for c in concepts if c.slot == "medication"]
    return DrugClasses({c.name.lower(): c.topic for c in concepts},
                       (c.name.lower() for c in concepts if names_its_class(c)))
