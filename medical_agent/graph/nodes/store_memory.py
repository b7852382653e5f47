"""Node 4 — merge the slots into the person's profile (``memory_mode: structured``) and summarise it;
``memory_mode: none`` keeps nothing and summarises this message's slots only (the ablation)."""

from __future__ import annotations

import datetime as dt

from ...context.profile.merge import merge_slots, with_weights
from ...context.profile.schema import new_profile
from ...context.profile.summary import generate_summary
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import language


def store_memory(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    lang = language(state)
    if turn.structured_memory:
        deps.profiles.update(turn.user_id, state.get("slot_out") or {})
        return {"profile_summary": deps.profiles.summary(turn.user_id, lang),
                "profile_version": deps.profiles.version(turn.user_id)}
    now = dt.datetime.now(dt.UTC)
    transient = merge_slots(new_profile("transient", now.isoformat()), state.get("slot_out") or {}, now.isoformat())
    summary = generate_summary(with_weights(transient, now), lang, deps.profiles.korean_name)
    return {"profile_summary": summary, "profile_version": 0}
