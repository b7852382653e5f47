"""The turn contract: what one call of the graph is about, apart from the conversation it continues.

Per-turn values — who is asking, in which mode, with which feature flags — reach the nodes as LangGraph's
runtime context (``context_schema``), typed and frozen. They are not checkpointed: a thread's saved state holds
the conversation, never yesterday's switches. Flag defaults live in one place (``settings.FeatureFlags``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..settings import FeatureFlags

Mode = Literal["agent", "llm"]
MODES: tuple[Mode, ...] = ("agent", "llm")


@dataclass(frozen=True)
class TurnContext:
    user_id: str              # whose profile and cache entries this turn reads and writes
    thread_id: str            # the conversation (a LangGraph thread) it continues
    mode: Mode                # agent: the whole pipeline; llm: the model alone (the comparison baseline)
    flags: FeatureFlags       # the ablation profile's switches, with the UI's overrides applied
    answer_format: str = ""   # an instruction for the answer's form (a benchmark's "Answer: <letter>"): it goes
                              # to the answer call, never into retrieval, extraction or the cache
    answer_options: tuple[str, ...] = ()   # a benchmark's options ("yes", "no"): after the answer, one short call on
                                           # the same prefix chooses one of them (graph/nodes/answer_choice.py)

    @property
    def llm_mode(self) -> bool:
        return self.mode == "llm"

    @property
    def structured_memory(self) -> bool:
        return self.flags.memory_mode == "structured"
