"""A caller's facts for one answer — age, sex, conditions, medicines, given as tool arguments — as the slots a
turn's extraction would make of them, so every profile-aware part (the safety rules, the prompt's profile
section) reads them exactly as it reads what a person said in the chat. Names are linked to the concept table
("CKD" → chronic kidney disease) where the linker knows them and kept as given where it does not; the profile
store's one validation gate then refuses what no person can have (``context.profile.validation``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from ..context.extraction.slot_extractor import SLOT_OF, SlotExtractor, empty_slots

SEXES = {"male": "male", "female": "female", "m": "male", "f": "female", "man": "male", "woman": "female",
         "남성": "male", "남자": "male", "여성": "female", "여자": "female"}


class FactError(ValueError):
    """An argument that is not a fact of the expected shape; the message names the argument."""


def caller_slots(extractor: SlotExtractor, *, age: Any = None, sex: Any = None, conditions: Any = None,
                 medications: Any = None, max_items: int = 200, max_chars: int = 300) -> dict[str, Any] | None:
    """The slots for these arguments, or None when none is given."""
    if age is None and not sex and not conditions and not medications:
        return None
    slots = empty_slots()
    stamp = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    if age is not None:
        if isinstance(age, bool) or not isinstance(age, int):
            raise FactError(f"age must be a whole number of years, not {type(age).__name__}")
        slots["demographics"].update(age=age, age_group=f"{max(age, 0) // 10 * 10}s")
    if sex:
        gender = SEXES.get(str(sex).strip().lower())
        if gender is None:
            raise FactError("sex must be 'male' or 'female'")
        slots["demographics"]["gender"] = gender
    for slot, names in (("conditions", conditions), ("medications", medications)):
        for name in _names(slot, names, max_items, max_chars):
            slots[slot].append(entity(extractor, name, slot, stamp))
    return slots


def _names(argument: str, names: Any, max_items: int, max_chars: int) -> list[str]:
    if not names:
        return []
    if isinstance(names, str) or not isinstance(names, Sequence) or not all(isinstance(n, str) for n in names):
        raise FactError(f"{argument} must be a list of names (strings)")
    if len(names) > max_items:
        raise FactError(f"{argument}: at most {max_items} names")
    cleaned = [n.strip() for n in names if n.strip()]
    if any(len(n) > max_chars for n in cleaned):
        raise FactError(f"{argument}: a name is longer than {max_chars} characters")
    once: dict[str, str] = {}
    for name in cleaned:
        once.setdefault(name.casefold(), name)          # each name once, as first spelled
    return list(once.values())


def entity(extractor: SlotExtractor, name: str, slot: str, stamp: str) -> dict[str, Any]:
    """One condition or medicine: the concept the linker finds in ``name`` (the first of the expected slot), else
    the name as given."""
    found = next((m for m in extractor.mentions(name) if SLOT_OF.get(m.slot) == slot), None)
    base = {"text": name, "assertion": "present", "timestamp": stamp, "source": "caller"}
    if found is None:
        return {**base, "name": name, "cui": None, "confidence": 1.0}
    return {**base, "name": found.name or name, "cui": found.cui, "tui": found.tui,
            "confidence": round(found.confidence, 3)}
