"""Age and sex typed as an intake list: "56세 남", "나이/성별: 66/남", "여 / 44세 / 163cm", "41m, 5'9", "m 55.",
"Female, 52, perimenopausal", "Hello - 50, male, just moved", "hi, 32 (m)." (utterances_test27).

A bare number or a bare sex letter says nothing alone ("2 tablets, m", "열 38"), so each is read only as one part of a
list (parts split by commas, slashes and bars) beside the other: an age part next to a sex part, both in one part
("56세 남", "41m", "32 (m)"), or a part under its label ("나이:", "성별:", "Age/Sex:"). A message opening with a bare
age is read so only when its first field also says the person is pregnant ("29, currently 16 wks pregnant"), or right
after who the person is ("Long-haul driver, 56, …"). A field
that names a relative ("my son, 12, m") is theirs and is left out. Each hit carries its list part, so that whether it
is the person's is judged inside the list, not from the story told after it ("63세 남, 2년 전 심근경색으로 …").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

# fields: lines, sentences, a label's colon, a spaced dash ("hey - 41m"), bullets
FIELD_BREAK = re.compile(r"\n|[.!?](?=\s|$)|:\s|:(?=\d)|\s[-–—]\s|[■•▪●]|^\s*[-*]\s")
PART_BREAK = re.compile(r"[,/|;·]")
COPULA = r"(?:입니다|이에요|예요|이고요?|인데요?|임|요)?"
SEX_WORDS = {"male": "male", "man": "male", "bloke": "male", "guy": "male", "m": "male", "남": "male", "남성": "male",
             "남자": "male", "female": "female", "woman": "female", "gal": "female", "lady": "female", "f": "female",
             "여": "female", "여성": "female", "여자": "female"}
_SEX = "|".join(sorted(SEX_WORDS, key=len, reverse=True))
AGE_UNIT = r"(?:세|살|yo|y/o|y\.o\.|yrs?\s*old|years?\s*old)"
SEX_PART = re.compile(rf"\(?(?P<sex>{_SEX})\)?{COPULA}", re.I)
AGE_PART = re.compile(rf"(?:(?:age|aged|나이)\s*:?\s*)?(?:만\s*)?(?P<age>\d{{2}})\s*{AGE_UNIT}?{COPULA}", re.I)
BOTH_PARTS = [re.compile(rf"(?:(?:age|나이)\s*:?\s*)?(?:만\s*)?(?P<age>\d{{2}})\s*{AGE_UNIT}?\s*(?:college\s+|retired\s+)?"
                         rf"\(?(?P<sex>{_SEX})\)?{COPULA}", re.I),
              re.compile(rf"\(?(?P<sex>{_SEX})\)?\s*(?P<age>\d{{2}})\s*{AGE_UNIT}?{COPULA}", re.I)]
AGE_LABEL = re.compile(r"(?:나이|연령|age)\s*$", re.I)
SEX_LABEL = re.compile(r"(?:성별|sex|gender)\s*$", re.I)
BOTH_LABEL = re.compile(r"(?:나이|age)\s*/\s*(?:성별|sex|gender)\s*$", re.I)
PREGNANT = re.compile(r"pregnan|임신|임산부", re.I)
# who the person is, opening the message before a bare age: "Long-haul driver, 56, just back …", "Retired
# firefighter, 67." (utterances_test29)
ROLE = re.compile(r"(?:retired\s+|long-haul\s+|former\s+|ex-?)?(?:[a-z-]+\s+){0,2}(?:driver|nurse|teacher|firefighter|farmer|"
                  r"engineer|student|runner|cyclist|mechanic|chef|cook|carpenter|electrician|plumber|accountant|lawyer|"
                  r"soldier|veteran|officer|cop|builder|cleaner|waitress|waiter|barista|programmer|developer|retiree|"
                  r"grandmother|grandfather|grandma|grandpa|mom|mum|dad|wife|husband)", re.I)
# a bare number in a reading ("BP 130/85, M"): 85 is no age
RATIO_BEFORE, RATIO_AFTER = re.compile(r"\d\s*/\s*$"), re.compile(r"\s*/\s*\d")
RELATIVE = re.compile(r"\b(?:my|our|his|her)\s+(?:son|daughter|kid|child|baby|mom|mum|mother|dad|father|wife|husband|"
                      r"brother|sister|partner|grand\w+)\b|(?:아들|딸|엄마|어머니|아빠|아버지|남편|아내|와이프|동생|언니|"
                      r"오빠|누나|형님|손자|손녀|조카|시어머니|장모)", re.I)


class IntakeHit(NamedTuple):
    """An age or sex told as a list field, with the span of the list part it stands in (:attr:`scope`), inside which
    whether it is the person's is judged."""

    field: str                  # "age" or "gender"
    value: object
    start: int
    end: int
    scope: tuple[int, int]


def _fields(text: str) -> Iterator[tuple[int, int, str]]:
    """Each field's start, end and the label that ends right before it ('' when none)."""
    at, label = 0, ""
    for brk in FIELD_BREAK.finditer(text):
        yield at, brk.start(), label
        label = text[at:brk.start()] if text[brk.start()] == ":" else ""
        at = brk.end()
    yield at, len(text), label


def _parts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The field's parts, trimmed of spaces."""
    spans, at = [], start
    for brk in [*PART_BREAK.finditer(text, start, end), None]:
        stop = brk.start() if brk else end
        piece = text[at:stop]
        lead = len(piece) - len(piece.lstrip(" \t-*"))          # "- 45 yo M": a bullet
        spans.append((at + lead, at + len(piece.rstrip())))
        if brk:
            at = brk.end()
    return [s for s in spans if s[0] < s[1]]


def find_intake(text: str) -> list[IntakeHit]:
    """The ages and sexes the message lists (see the module's docstring), in text order."""
    hits: list[IntakeHit] = []
    for number, (f_start, f_end, label) in enumerate(_fields(text)):
        if RELATIVE.search(text, f_start, f_end):
            continue
        parts = _parts(text, f_start, f_end)
        kinds: list[tuple[str, re.Match[str]] | None] = []
        for start, end in parts:
            both = next((m for p in BOTH_PARTS if (m := p.fullmatch(text, start, end))), None)
            age, sex = AGE_PART.fullmatch(text, start, end), SEX_PART.fullmatch(text, start, end)
            kinds.append(("both", both) if both else ("age", age) if age else ("sex", sex) if sex else None)
        labels = (["age", "sex"] if BOTH_LABEL.search(label) else ["age"] if AGE_LABEL.search(label)
                  else ["sex"] if SEX_LABEL.search(label) else [])
        for i, (kind, part) in enumerate(zip(kinds, parts, strict=True)):
            if kind is None:
                continue
            what, m = kind
            beside = {k[0] for k in (kinds[i - 1] if i else None, kinds[i + 1] if i + 1 < len(kinds) else None) if k}
            labelled = i < len(labels) and labels[i] == what
            opening = what == "age" and (
                (number == 0 and i == 0 and bool(PREGNANT.search(text, f_start, f_end))) or
                (i == 1 and m[0].isdigit() and bool(ROLE.fullmatch(text, *parts[0]))))
            told = what == "both" or labelled or opening or (what == "age" and "sex" in beside) or \
                (what == "sex" and "age" in beside)
            if not told:
                continue
            scope = part
            ratio = m[0].isdigit() and bool(RATIO_BEFORE.search(text, 0, m.start()) or RATIO_AFTER.match(text, m.end()))
            if what in ("age", "both") and not ratio:          # two digits: 10-99, always a plausible age
                hits.append(IntakeHit("age", int(m["age"]), m.start("age"), m.end("age"), scope))
            if what in ("sex", "both"):
                hits.append(IntakeHit("gender", SEX_WORDS[m["sex"].lower()], m.start("sex"), m.end("sex"), scope))
    return hits
