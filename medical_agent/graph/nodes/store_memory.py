"""Node 4 — merge the slots into the person's profile (``memory_mode: structured``) and summarise it;
``memory_mode: none`` keeps nothing and summarises this message's slots only (the ablation). Facts that
contradict the stored profile, or that no person can have, are held back and become doubts the reply asks about
(``context.profile.validation``: the checks every entry point shares)."""

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
        slots, conflicts = deps.profiles.screen(turn.user_id, state.get("slot_out") or {})
        deps.profiles.update(turn.user_id, slots)
        update: AgentState = {"profile_summary": deps.profiles.summary(turn.user_id, lang)}
        if conflicts:
            update["slot_out"] = {**slots, "doubts": [*(slots.get("doubts") or []), *conflicts]}
        return update
    now = dt.datetime.now(dt.UTC)
    transient = merge_slots(new_profile("transient", now.isoformat()), state.get("slot_out") or {}, now.isoformat())
    summary = generate_summary(with_weights(transient, now), lang, deps.profiles.korean_name)
    return {"profile_summary": summary}
