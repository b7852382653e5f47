"""Node 3 — extract the six slots of this message (MedCAT or dictionary linker + rules + assertion)."""

from __future__ import annotations

from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext


def extract_slots(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    slots = deps.extractor.extract(state["user_text"])
    return {"slot_out": slots, "language": state.get("language") or slots["language"]}
