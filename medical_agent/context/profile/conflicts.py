"""Facts of a message that contradict the stored profile are asked about, not stored.

"임신 20주예요" from a person the profile knows as male, or "I'm pregnant" in a profile of a 5-year-old: one of
the two is wrong, and storing the new one would silently rewrite who the person is (the message's own
contradictions, "저는 남자이고 임신 중이에요", are caught by the slot extractor). The message keeps everything
else; the reply asks which is right (generation.finalize.with_doubts).
"""

from __future__ import annotations

import copy
from typing import Any

from ..extraction.contradictions import pregnancy_clash
from .schema import PatientProfile


def hold_back_conflicts(profile: PatientProfile | None, slot_out: dict[str, Any]
                        ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(the slots to store, the doubts to ask about)."""
    if not profile:
        return slot_out, []
    stored, new = profile["demographics"], (slot_out.get("demographics") or {})
    doubts: list[dict[str, Any]] = []
    out = copy.deepcopy(slot_out)
    demo = out.get("demographics") or {}
    age = stored.get("age")
    if pregnancy_clash(stored.get("gender"), new.get("is_pregnant"), None):
        doubts.append({"kind": "conflict", "what": "gender+pregnancy", "stored": "male", "text": "pregnancy"})
        demo.update(is_pregnant=None, pregnancy_weeks=None, gender=None)
    elif new.get("age") is None and pregnancy_clash(None, new.get("is_pregnant"), age):
        doubts.append({"kind": "conflict", "what": "age+pregnancy", "stored": f"{age}", "text": "pregnancy"})
        demo.update(is_pregnant=None, pregnancy_weeks=None)
    elif new.get("gender") == "male" and stored.get("is_pregnant"):
        doubts.append({"kind": "conflict", "what": "gender+pregnancy", "stored": "pregnancy", "text": "male"})
        demo.update(gender=None)
    return out, doubts
