"""Node 4 — merge the slots into the person's profile (``memory_mode: structured``) and summarise it;
``memory_mode: none`` keeps nothing and summarises this message's slots only (the ablation)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ...context.profile.merge import merge_slots, with_weights
from ...context.profile.schema import new_profile
from ...context.profile.summary import generate_summary
from ..deps import Deps
from .common import language


def store_memory(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    lang = language(state)
    if state["feature_flags"].get("memory_mode") == "structured":
        deps.profiles.update(state["user_id"], state.get("slot_out") or {})
        return {"profile_summary": deps.profiles.summary(state["user_id"], lang),
                "profile_version": deps.profiles.version(state["user_id"])}
    now = dt.datetime.now(dt.UTC)
    transient = merge_slots(new_profile("transient", now.isoformat()), state.get("slot_out") or {}, now.isoformat())
    summary = generate_summary(with_weights(transient, now), lang, deps.profiles.korean_name)
    return {"profile_summary": summary, "profile_version": 0}
