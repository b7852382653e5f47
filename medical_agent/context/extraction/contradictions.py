"""Facts of one message that cannot all be true are refused whole (issue 33): none of them is stored, and each
contradiction becomes a doubt the reply asks about in one line (generation.finalize.with_doubts).

"저는 남자이고 임신 중이에요": the gender, the pregnancy (demographics *and* the Pregnancy condition mention)
are dropped. The same for an age and a pregnancy that cannot go together (a pregnant five-year-old), two different
ages ("저는 서른 살인데 올해 여든이에요", "I'm 30 and 80 years old"), and a denial of taking any medicine beside a
medicine taken ("I have never taken any medication and I take metformin every day"); "no medicines except
metformin", "가끔 타이레놀만" are exceptions, not contradictions. Conflicts with the *stored* profile are another
matter, held back at store time (context.profile.conflicts).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

PREGNANCY_AGE = (10, 60)          # outside it, "pregnant" and the age contradict each other: ask, store neither
Span = tuple[int, int]

MEDICINES = r"(?:medications?|medicines?|meds|drugs?|pills?)"
NO_MEDICINES = re.compile(
    rf"\b(?:never\s+(?:taken|take|took|used)|(?:don'?t|do\s+not|doesn'?t)\s+take|(?:am|'m)\s+not\s+(?:on|taking))\s+"
    rf"any\s+{MEDICINES}\b|\b(?:take|taking|on)\s+no\s+{MEDICINES}\b|"
    r"(?:먹는|복용하는|복용\s*중인|드시는)\s*약(?:은|이|도)?\s*(?:하나도\s*|전혀\s*)?없|아무\s*약도\s*(?:안|먹지|복용하지)|"
    r"약(?:은|을)?\s*(?:하나도|전혀)\s*(?:안|먹지|복용하지)", re.I)
EXCEPTIONS = re.compile(r"\b(?:except|apart\s+from|other\s+than|besides|only|just|occasionally|sometimes|"
                        r"as\s+needed)\b|빼고|말고|외에|가끔|필요할\s*때", re.I)


def demographic_contradictions(demo: dict[str, Any], said: dict[str, list[tuple[str, Span]]], ages: list[int]
                               ) -> tuple[list[dict[str, Any]], list[Span]]:
    """Clear contradicting fields of ``demo`` (in place); return the doubts and the spans of the words refused.

    ``said`` maps "age", "male", "female", "is_pregnant", "pregnancy_weeks" to what said it (words, span), and
    ``ages`` lists the ages, for the person's own, non-negated statements only."""
    doubts: list[dict[str, Any]] = []
    spans: list[Span] = []
    pregnancy = [*said.get("pregnancy_weeks", []), *said.get("is_pregnant", [])]
    if len(set(ages)) > 1:
        doubts.append({"kind": "contradiction", "what": "age+age", "text": " / ".join(w for w, _ in said["age"])})
        spans += [s for _, s in said["age"]]
        demo.update(age=None, age_group=None)
    age = demo["age"]
    if demo["is_pregnant"] and "male" in said:
        doubts.append({"kind": "contradiction", "what": "gender+pregnancy",
                       "text": f"{said['male'][0][0]} / {pregnancy[0][0] if pregnancy else ''}"})
        spans += [s for _, s in (*said["male"], *pregnancy)]
        demo.update(gender=None, is_pregnant=None, pregnancy_weeks=None)
    elif demo["is_pregnant"] and age is not None and not PREGNANCY_AGE[0] <= age <= PREGNANCY_AGE[1]:
        doubts.append({"kind": "contradiction", "what": "age+pregnancy",
                       "text": f"{said['age'][0][0]} / {pregnancy[0][0] if pregnancy else ''}"})
        spans += [s for _, s in (*said["age"], *pregnancy)]
        demo.update(age=None, age_group=None, is_pregnant=None, pregnancy_weeks=None,
                    gender="female" if "female" in said else None)
    return doubts, spans


def medication_contradiction(text: str, medications: list[dict[str, Any]], whose: Callable[[int, int], bool]
                             ) -> dict[str, Any] | None:
    """A doubt when the message denies taking any medicine and names one taken; ``whose(start, end)`` says
    whether the denial is the person's own (not a relative's, not a question)."""
    taken = [m for m in medications if m.get("assertion") == "present"]
    denial = NO_MEDICINES.search(text)
    if not taken or denial is None or EXCEPTIONS.search(text) or not whose(*denial.span()):
        return None
    return {"kind": "contradiction", "what": "medications", "text": f"{denial.group()} / {taken[0]['text']}"}


def overlaps(span: list[int] | Span, refused: list[Span]) -> bool:
    return any(span[0] < end and start < span[1] for start, end in refused)
