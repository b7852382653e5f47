"""What a later sentence says of an item a question named (issue 33, round 24: utterances_test25): "can ibuprofen push
your blood pressure up? i take it most days" makes the ibuprofen the person's own, and so does "Mine's controlled" for
a condition; "should i use it on myself too?" still asks. And a medicine prescribed but not started is only asked
about. Split from :mod:`.assertion`, which asks these."""

from __future__ import annotations

import re

from ...text import HANGUL
from .past import Others

# The person's own, said after the question that named it: "can ibuprofen push your blood pressure up? i take it most
# days", "what happens if i miss a dose of eliquis? … been on it two years", "is it safe for her to stay on it? i take
# it too" (utterances_test25); "Can you take Sudafed if you have high blood pressure? Mine's controlled"
EN_TAKEN_LATER = re.compile(r"\b(?:i(?:'ve|\s+have)?\s+(?:also\s+)?(?:take|took|use|been\s+(?:on|taking|using))|i'?m\s+(?:also\s+)?on|"
                            r"(?:^|[.?!]\s*|,\s*)(?:took|been\s+on|been\s+taking))\s+(?:it|them)\b", re.I)
# ... or how long the person has been on it: "which is safer with lithium? bipolar 1, stable for yrs on it"
EN_ON_IT_FOR = re.compile(r"\bon\s+(?:it|them)\s+for\s+(?:\w+\s+)?(?:years?|yrs?|months?)\b|\bfor\s+(?:\w+\s+)?(?:years?|yrs?|"
                          r"months?)\s+on\s+(?:it|them)\b", re.I)
EN_MINE_LATER = re.compile(r"(?:^|[.?!]\s*|,\s*|\b(?:but|and)\s+)mine(?:'s|\s+is|\s+has\s+been)\b", re.I)
EN_TOO = re.compile(r"\s*(?:\w+\s+){0,3}?(?:too|as\s+well|also)\b", re.I)
ASKED_BEFORE = re.compile(r"\b(?:should|can|could|may|might|do|would|will|shall|must|if|when|whether)\s+$", re.I)


def said_mine_later(text: str, end: int, others: Others, slot: str | None) -> re.Match[str] | None:
    """The back-reference (:data:`EN_TAKEN_LATER` for a medicine, :data:`EN_MINE_LATER` for a condition) within the next
    two sentences, with no other mention of that kind between."""
    patterns = (EN_TAKEN_LATER, EN_ON_IT_FOR) if slot == "medication" else (EN_MINE_LATER,) if slot == "condition" else ()
    if not patterns or HANGUL.search(text, end, end + 1):
        return None
    found = min((m for p in patterns if (m := p.search(text, end, min(len(text), end + 160)))),
                key=lambda m: m.start(), default=None)
    if found is None or any(end <= s < found.start() and kind == slot for s, _e, kind in others) or \
            ASKED_BEFORE.search(text, max(0, found.start() - 16), found.start()):
        return None          # "should i use it on myself too?" asks
    return found


# Prescribed or bought, not started: "피나스테리드 처방받았는데 … 아직 한 알도 안 먹었어요" (utterances_test25), "got the
# pills but haven't started them yet": a medicine the person asks about, not one taken
# "위고비 처방받았는데 아직 시작은 안 했어요" (utterances_test27)
KO_NOT_STARTED_AFTER = re.compile(r"[^.?!]{0,50}?아직\s*(?:(?:한\s*알도|한\s*번도|하나도)?\s*(?:안|못)\s*(?:먹|복용|썼|써|발랐|맞)|"
                                  r"시작(?:은|도|을)?\s*(?:안|못)\s*(?:했|함|해))")
EN_NOT_STARTED_AFTER = re.compile(r"[^.?!]{0,60}?\b(?:haven'?t|have\s+not|havent)\s+(?:actually\s+)?(?:started|taken|opened|tried)"
                                  r"\s+(?:it|them|any)\b", re.I)
