"""A reading taken again: of two readings of one measure in a message, the one said as taken again, or as where the
value went, is the person's value now, and the first is not stored ("병원 도착해서 158에 96이었는데 … 다시 재 보니 136에
84", "LDL이 170 넘게 나왔었는데 리피토 석 달 먹고 다시 재보니 98이었어요", "thermometer said 38.6 last night, this morning
it's down to 37.4"); a number taken back is a reading taken again ("혈당 152 아니고 132", "TSH was 8.2 then, 3.1 on
recheck"), except where English names the right one first ("135/85 not 153/85"). The later number often comes without
the measure's name; it takes the name of the reading before it when a cue says it was taken again and it is of the
same order (utterances_test21: the second reading was dropped and the first, old one stored). Why here and not in the
keyword rules: a bare number is only a reading through the one before it, in the same or the next sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .rules_measurements import NUM, OTHER_UNIT, SPECS, Measurement, plausible_pressure

# Said before the later number: taken again, or where the value went
AGAIN = re.compile(r"(?:다시|재검|재측정|한\s*번\s*더)\s*(?:\S+\s*){0,3}?(?:재|잰|쟀|측정|검사|해\s*보|해보|꽂)\S*\s*(?:\S+\s*){0,2}?$|"
                   r"(?:내려|떨어|줄어)(?:서|가지고)?\s*$|"
                   r"\b(?:re-?(?:checked|measured|tested|took|did)|repeat(?:ed)?\s+(?:\w+\s+){0,3}?|(?:checked|measured|"
                   r"took|tested)\s+(?:it\s+)?again|(?:down|dropped|fell|came\s+down|went\s+down|back)\s+to|"
                   r"(?:now|this\s+morning|today)\s+(?:it'?s\s+|it\s+is\s+|it\s+read\s+|it\s+says\s+)?|it\s+read|"
                   r"redid\s+(?:it|the\s+\w+)\b[^.\d]{0,40}?(?:got|was|came\s+back)|got)\s*(?:about\s+|around\s+|like\s+)?$|"
                   # a number taken back, Korean says the wrong one first: "152 아니고 132", "8.2가 아니라 7.2"
                   r"(?:이|가)?\s*아니(?:고|라|구|라고)\s*,?\s*$",
                   re.I)
# A number taken back, English says the right one first: "bp was 135/85 not 153/85" (utterances_test23)
NOT_BETWEEN = re.compile(r"\s*,?\s*(?:and\s+)?not\s*$", re.I)
# ... or said after it: "My A1c was 8.2 in March and 7.1 now"
NOW_AFTER = re.compile(r"\s*(?:%|mg/dl|kg|°\s*[cf])?\s*(?:now|today|these\s+days|this\s+(?:morning|week|time)|"
                       r"(?:on|at|after)\s+(?:the\s+)?(?:re-?check|repeat|re-?test))\b|"
                       r"\s*(?:으로|로)\s*(?:내려|떨어|줄었|줄어|좋아)", re.I)
NUMBER = re.compile(NUM)
PAIR = re.compile(r"(?<![\d.])(\d{2,3})\s*(?:/|over|에)\s*(\d{2,3})(?![\d.])", re.I)
SPEC = {s.type: s for s in SPECS}
SENTENCES_AHEAD = 2          # the later number may be in the same sentence or the next
SENTENCE_BREAK = re.compile(r"[.!?\n]")


def retaken(text: str, readings: list[Measurement], free: Callable[[tuple[int, int]], bool]) -> list[Measurement]:
    """``readings`` with each measure taken again kept once, as its later value (see the module docstring);
    ``free`` tells whether a number's span is still unread."""
    out = sorted(readings, key=lambda r: r.start)
    for i, first in enumerate(out):
        if first is None:
            continue
        later = next((j for j in range(i + 1, len(out)) if out[j] is not None and out[j].type == first.type), None)
        if later is not None:
            second = out[later]
            if NOT_BETWEEN.fullmatch(text, first.end, second.start):
                out[later] = None                              # "135/85 not 153/85": the first is the right one
                continue
            if _said_again(text, first.end, second.start, second.end):
                out[i] = None                                  # two readings named: the one taken again stays
            continue
        bare = _bare_number(text, first, free)
        if bare is not None:
            out[i] = bare
    return [r for r in out if r is not None]


def _said_again(text: str, after: int, start: int, end: int) -> bool:
    """Whether the number at ``start``-``end`` is said as taken again: a cue within 40 characters before it (not
    before ``after``, the first reading's end) or right after it."""
    return bool(AGAIN.search(text, max(after, start - 40), start) or NOW_AFTER.match(text, end))


def _bare_number(text: str, first: Measurement, free: Callable[[tuple[int, int]], bool]) -> Measurement | None:
    """A number after ``first`` (in its sentence or the next) said as taken again, of the same order: ``first``'s
    measure at that value."""
    spec = SPEC.get(first.type)
    if first.type != "blood_pressure" and (spec is None or first.value is None):
        return None
    ends = [m.end() for m in SENTENCE_BREAK.finditer(text, first.end)][:SENTENCES_AHEAD]
    stop = ends[-1] if len(ends) == SENTENCES_AHEAD else len(text)
    if first.type == "blood_pressure":
        for m in PAIR.finditer(text, first.end, stop):
            sys_, dia = int(m.group(1)), int(m.group(2))
            if free(m.span(1)) and plausible_pressure(sys_, dia) and _said_again(text, first.end, m.start(), m.end()):
                return replace(first, systolic=sys_, diastolic=dia, start=m.start(), end=m.end())
        return None
    for m in NUMBER.finditer(text, first.end, stop):
        span = m.span(1)
        if not free(span) or OTHER_UNIT.match(text, span[1]):
            continue
        if not _said_again(text, first.end, *span):
            continue
        value = float(m.group(1))
        if spec.low <= value <= spec.high and 0.33 <= value / float(first.value) <= 3:
            value = int(value) if value.is_integer() and spec.unit not in ("%", "°C") else value
            return replace(first, value=value, start=span[0], end=span[1])
    return None
