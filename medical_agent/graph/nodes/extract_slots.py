"""Node 3 — extract the six slots of this message (MedCAT or dictionary linker + rules + assertion)."""

from __future__ import annotations

from typing import Any

from ..deps import Deps


def extract_slots(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    slots = deps.extractor.extract(state["user_text"])
    return {"slot_out": slots, "language": state.get("language") or slots["language"]}
