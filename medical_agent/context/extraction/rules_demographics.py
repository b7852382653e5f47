"""Demographics by bilingual rules: age, age group, gender, pregnancy (and weeks).

Rules, not a model: these facts come in a handful of fixed forms (65세, 65살, 40대, 65-year-old, I'm 65,
in my 40s, 남성/여성, 임신 20주, 20 weeks pregnant) and must be exact. Mentions inside a family clause
("어머니가 여자라서", "my mother is 70") are ignored by the caller through the assertion detector.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

AGE_RANGE = (0, 120)             # exclusive: an age outside it is a doubt, not a fact
PREGNANCY_WEEKS_RANGE = (1, 42)
AGE_PATTERNS = [
    re.compile(r"(?<![\d.])(-?\d+)\s*(?:세|살|歲)"),
    re.compile(r"(?<!\d)(\d{1,3})[\s-]*(?:year|yr)s?[\s-]*old", re.I),
    re.compile(r"\b(?:i'?m|i am|aged?|age:?)\s+(\d{1,3})\b(?!\s*(?:kg|cm|lb|%|mg|weeks?|days?|times?|years?\s+ago))",
               re.I),
    re.compile(r"나이(?:는|가)?\s*(-?\d+)(?![\d.])"),
]
AGE_GROUP_PATTERNS = [
    re.compile(r"(?<!\d)([1-9])0\s*대"),
    re.compile(r"\bin\s+(?:my|his|her|their)\s+(?:early\s+|mid\s+|late\s+)?([1-9])0'?s\b", re.I),
    re.compile(r"\b(?:a|an)\s+([1-9])0'?s\s+(?:man|woman|male|female|person)", re.I),
]
MALE = re.compile(r"남성|남자|\b(?:male|man|boy|gentleman)\b", re.I)
FEMALE = re.compile(r"여성|여자|임산부|\b(?:female|woman|girl|lady)\b", re.I)
PREGNANT = re.compile(r"임신|임산부|\bpregnan(?:t|cy)\b", re.I)
PREGNANCY_WEEKS = [re.compile(r"임신\s*(-?\d+)\s*주"), re.compile(r"(?<![\d.])(-?\d+)\s*주\s*(?:차\s*)?임산부"),
                   re.compile(r"(?<![\d.])(-?\d+)\s*weeks?\s+pregnant\b", re.I),
                   re.compile(r"\bpregnant[^.\d]{0,25}?(-?\d+)\s*weeks?\b", re.I)]


@dataclass(frozen=True)
class RuleHit:
    field: str
    value: object
    start: int
    end: int
    plausible: bool = True          # False: "-5세", "임신 50주" — asked about, never stored


def _first(patterns: list[re.Pattern[str]], text: str) -> re.Match[str] | None:
    found = [m for p in patterns for m in [p.search(text)] if m]
    return min(found, key=lambda m: m.start()) if found else None


def find_demographics(text: str) -> list[RuleHit]:
    hits: list[RuleHit] = []
    m = _first(AGE_PATTERNS, text)
    if m:
        age = int(m.group(1))
        hits.append(RuleHit("age", age, m.start(), m.end(), AGE_RANGE[0] < age < AGE_RANGE[1]))
    g = _first(AGE_GROUP_PATTERNS, text)
    if g:
        hits.append(RuleHit("age_group", f"{g.group(1)}0s", g.start(), g.end()))
    for pattern, value in ((FEMALE, "female"), (MALE, "male")):
        for mm in pattern.finditer(text):
            hits.append(RuleHit("gender", value, mm.start(), mm.end()))
    for mm in PREGNANT.finditer(text):
        hits.append(RuleHit("is_pregnant", True, mm.start(), mm.end()))
    w = _first(PREGNANCY_WEEKS, text)
    if w:
        weeks = int(w.group(1))
        low, high = PREGNANCY_WEEKS_RANGE
        hits.append(RuleHit("pregnancy_weeks", weeks, w.start(), w.end(), low <= weeks <= high))
    return hits
