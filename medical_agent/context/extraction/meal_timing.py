"""A blood sugar said with the meal it was measured around is a fasting or an after-meal glucose, not a random one.

People seldom say "fasting glucose"; they say when they measured: "오늘 아침 공복에 잰 혈당 126", "Checked my sugar
before breakfast, it was 142", and often give a second reading in the same breath with only its time ("점심 먹고
두 시간 뒤엔 198 가량", "then about 230 two hours after dinner"). So, within one sentence that names blood sugar:

* a random-glucose reading takes the type its meal time says. Korean says the time before the number ("공복에 잰
  혈당 126", "점심 먹고 두 시간 뒤엔 198"), English mostly after it ("95 on an empty stomach and 160 after lunch",
  "230 two hours after dinner"), sometimes before ("before breakfast, it was 142"): the words on the language's
  side are read first (before: since the previous number or the sentence start; after: up to the next comma,
  number, "and", "then" or "but"), then the other side;
* a bare number after the blood-sugar word that has such a time of its own (before it, since the previous number,
  or right after it) is a reading of that type. A bare number without one is left alone: nothing says what it is.

A meal needs a meal word: "약 먹고 잰 혈당" (after taking a pill) is no after-meal glucose.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...text import has_hangul

FASTING = re.compile(r"공복|빈\s?속|식전|(?:아침|밥|식사)\s*(?:먹기|하기)?\s*전(?![가-힣])|자고\s*일어나(?:서|자마자)|"
                     r"\b(?:fasting|before\s+(?:breakfast|eating|(?:a\s+|my\s+)?meals?|food)|"
                     r"on\s+an\s+empty\s+stomach|first\s+thing\s+in\s+the\s+morning)\b", re.I)
AFTER_MEAL = re.compile(r"식후|(?:밥|아침|점심|저녁|식사|끼니|야식|간식)\s*(?:을|를)?\s*(?:먹고|먹은\s*(?:뒤|후|다음)|하고|한\s*(?:뒤|후|다음))|"
                        r"\b(?:after\s+(?:breakfast|lunch|dinner|supper|eating|(?:a\s+|my\s+)?meals?|food)|"
                        r"post[- ]?(?:meal|prandial))\b", re.I)
SUGAR = re.compile(r"혈당|\bblood\s+(?:glucose|sugar)|\bglucose\b|\bsugars?\b", re.I)
NUMBER = re.compile(r"(?<![\d.])(\d{2,3})(?!\d|\.\d)\s*(mg/?dl)?", re.I)
CLAUSE_END = re.compile(r"[,;.?!\n]|\d|\b(?:and|then|but)\b", re.I)
SENTENCE = re.compile(r"[^.?!\n]+")
# A sentence right after a blood-sugar reading that gives another with only its time and a word of measuring:
# "어젯밤 야식 먹고 … 혈당이 231이었어요. 오늘 아침 빈속에 잰 건 117이었고요." (utterances_test14)
MEASURED = re.compile(r"잰|재\s*(?:보|봤|니|면)|측정|\b(?:checked|measured|tested)\b", re.I)
Span = tuple[int, int]


def meal_type(text: str, before: Span, number_end: int) -> str | None:
    """fasting_glucose or postprandial_glucose as the words in ``before`` or after the number say (the cue nearest
    the number, the language's side first); None when neither says."""
    sides = [(before, max), ((number_end, _clause_end(text, number_end)), min)]
    if not has_hangul(text[before[0]:number_end]):
        sides.reverse()
    for window, nearest in sides:
        cues = [(m.start(), kind) for kind, pattern in (("fasting_glucose", FASTING), ("postprandial_glucose", AFTER_MEAL))
                for m in pattern.finditer(text, *window)]
        if cues:
            return nearest(cues)[1]
    return None


def sentence_start(text: str, pos: int) -> int:
    """Where the sentence holding ``pos`` starts."""
    return max((m.end() for m in re.finditer(r"[.?!\n](?!\d)", text[:pos])), default=0)


def _clause_end(text: str, start: int) -> int:
    m = CLAUSE_END.search(text, start)
    return m.start() if m else len(text)


def timed_numbers(text: str, free: Callable[[Span], bool]) -> list[tuple[str, int, Span]]:
    """(type, value, number span) for bare numbers after a blood-sugar word whose words give a meal time; ``free``
    says whether a number's span is not already another reading's."""
    out: list[tuple[str, int, Span]] = []
    carried = False
    for sentence in SENTENCE.finditer(text):
        sugar = SUGAR.search(text, sentence.start(), sentence.end())
        if sugar is None and not (carried and MEASURED.search(text, sentence.start(), sentence.end())):
            carried = False
            continue
        carried = sugar is not None
        left = sentence.start()
        for m in NUMBER.finditer(text, sugar.end() if sugar else sentence.start(), sentence.end()):
            span = m.span(1)
            kind = meal_type(text, (left, span[0]), m.end())
            left = m.end()
            if kind and free(span) and 40 <= int(m.group(1)) <= 600:
                out.append((kind, int(m.group(1)), span))
    return out
