"""Follow-up resolution (seed 004's history_required route): a message that points back ("그 약을 계속 먹어도
되나요?", "Can I keep taking that medicine?", "아까 말한 증상이 심해졌어요") is rewritten into a standalone question.

The pointing phrase is found with a small bilingual lexicon, each phrase tied to the kind of thing it points at
(a medicine, a condition, a symptom, or anything). What it points at is the newest concept of that kind in the
conversation — the person's earlier messages first, newest first, then the assistant's — and, failing that, the
profile's most recent entry of that kind (the medication a person has told us they take). The phrase is replaced by
the concept's words as they were written, so "그 약을" becomes "메트포르민을" and retrieval searches for the
medicine, not for "that". A message with a concept of the right kind of its own is not a follow-up. Rules only: no
model call, no added cost to a turn that is not a follow-up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .extraction.mentions import Mention

# phrase → kind ("medication" | "condition" | "symptom" | "any"); longest phrases first when matched
_KO = {"그 약": "medication", "이 약": "medication", "그 약물": "medication", "그 약들": "medication",
       "먹던 약": "medication", "그 병": "condition", "이 병": "condition", "그 질환": "condition",
       "그 증상": "symptom", "이 증상": "symptom", "그런 증상": "symptom", "아까 말한 증상": "symptom",
       "아까 말씀드린 증상": "symptom", "그런 병": "condition", "그런 질환": "condition", "그 통증": "symptom",
       "그거": "any", "그것": "any", "이거": "any", "이것": "any", "그게": "any", "이게": "any", "그건": "any",
       "이건": "any", "그걸": "any", "이걸": "any", "아까 그": "any"}
_EN = {"that medicine": "medication", "this medicine": "medication", "that medication": "medication",
       "this medication": "medication", "that drug": "medication", "this drug": "medication",
       "that pill": "medication", "these pills": "medication", "those pills": "medication",
       "that condition": "condition", "this condition": "condition", "that disease": "condition",
       "that illness": "condition", "that symptom": "symptom", "those symptoms": "symptom",
       "these symptoms": "symptom", "the symptoms i mentioned": "symptom"}
_EN_IT = re.compile(r"\b(?:it|that one)\b", re.I)
_MEDICINE_ASKED = re.compile(r"먹|복용|용량|약|\b(?:take|taking|took|dose|doses|dosage|pills?|tablets?)\b", re.I)
_PROFILE_SLOT = {"medication": "medications", "condition": "conditions", "symptom": "symptoms"}
KINDS = ("medication", "condition", "symptom")


@dataclass(frozen=True)
class Resolution:
    """What a follow-up pointed at and the standalone question (for the trace and for retrieval)."""

    phrase: str          # the pointing words as written ("그 약")
    kind: str            # medication | condition | symptom | any
    referent: str        # the words it now reads ("메트포르민")
    source: str          # conversation | profile
    standalone: str      # the rewritten question

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


def pointer(text: str) -> tuple[str, str, int, int] | None:
    """The first pointing phrase of ``text``: (phrase as written, kind, start, end)."""
    lowered = text.lower()
    best: tuple[str, str, int, int] | None = None
    for table in (_KO, _EN):
        for phrase in sorted(table, key=len, reverse=True):
            at = lowered.find(phrase)
            if at >= 0 and _bounded(lowered, at, len(phrase), table is _KO) and (best is None or at < best[2]):
                best = (text[at:at + len(phrase)], table[phrase], at, at + len(phrase))
    if best is None and (match := _EN_IT.search(text)):
        best = (match.group(0), "any", match.start(), match.end())
    return best


def _bounded(text: str, at: int, n: int, korean: bool) -> bool:
    """A phrase starts a word ("두통이거나" holds no "이거"); an English one ends one too (Korean takes particles)."""
    before = text[at - 1] if at > 0 else " "
    after = text[at + n] if at + n < len(text) else " "
    return not before.isalnum() and (korean or not after.isalnum())


def _fits(kind: str, slot: str) -> bool:
    return slot in KINDS and (kind == "any" or kind == slot)


def resolve(text: str, history: Sequence[dict[str, str]], link: Callable[[str], list[Mention]],
            profile: Callable[[], Mapping[str, Any] | None] | None = None) -> Resolution | None:
    """The standalone question for a follow-up, or None when ``text`` is not one (no pointing phrase, the phrase
    names its concept right beside it — "그 약, 와파린 말이에요" —, or nothing earlier to point at). Another concept of
    the same kind in the message is not what it points at: in "그 약을 먹는 동안 이부프로펜을 먹어도 되나요?" after a
    warfarin question, "그 약" is warfarin."""
    found = pointer(text)
    if found is None:
        return None
    phrase, kind, start, end = found
    own = [m for m in link(text) if _fits(kind, m.slot)]
    if any(_beside(text, m, start, end) for m in own):
        return None
    named = {m.cui for m in own}
    turns = [t for t in reversed(history) if t.get("role") == "user"] + \
            [t for t in reversed(history) if t.get("role") != "user"]
    for turn in turns:
        mentions = [m for m in link(turn.get("content", "")) if _fits(kind, m.slot) and m.cui not in named]
        if mentions:
            referent, source = _topic(mentions, kind, text), "conversation"
            break
    else:
        referent, source = _from_profile(kind, profile() if profile else None, named), "profile"
    if not referent:
        return None
    return Resolution(phrase=phrase, kind=kind, referent=referent, source=source,
                      standalone=f"{text[:start]}{referent}{text[end:]}")


def _beside(text: str, m: Mention, start: int, end: int) -> bool:
    """Whether the mention stands right next to the pointing phrase, only spaces or punctuation between."""
    between = text[end:m.start] if m.start >= end else text[m.end:start]
    return len(between) <= 3 and not between.strip(" ,()-:·")


def _topic(mentions: list[Mention], kind: str, text: str) -> str:
    """The mention a turn is about: its first (in "독감이래요. 감기랑은 뭐가 달라요?" the topic is 독감); for "it" /
    "그거", a medicine first when the follow-up asks about taking or dosing."""
    if kind == "any" and _MEDICINE_ASKED.search(text):
        mentions = [m for m in mentions if m.slot == "medication"] or mentions
    return min(mentions, key=lambda m: m.start).text


def _from_profile(kind: str, profile: Mapping[str, Any] | None, named: set[str]) -> str:
    if not profile:
        return ""
    slots = [_PROFILE_SLOT[kind]] if kind in _PROFILE_SLOT else ["medications", "conditions", "symptoms"]
    entries = [e for slot in slots for e in profile.get(slot) or []
               if e.get("assertion") not in ("negated", "family") and e.get("cui") not in named]
    if not entries:
        return ""
    newest = max(entries, key=lambda e: e.get("timestamp") or "")
    return str(newest.get("text") or newest.get("name") or "")
