"""Controls: mode (AI Agent / LLM), ablation profile, and switches for self-refine, active retrieval, cache."""

from __future__ import annotations

from typing import Any

import gradio as gr

from ..settings import Settings

MODES = {"AI Agent": "agent", "LLM": "llm"}


class ControlsPanel:
    def __init__(self, settings: Settings) -> None:
        flags = settings.flags
        self.settings = settings
        with gr.Row():
            self.mode = gr.Radio(list(MODES), value="AI Agent", label="Mode", elem_id="mode")
            self.profile = gr.Dropdown(sorted(settings.profiles), value=settings.profile, label="Ablation profile",
                                       elem_id="ablation-profile")
        with gr.Row():
            self.refine = gr.Checkbox(flags.self_refine_enabled, label="Self-refine", elem_id="switch-refine")
            self.active = gr.Checkbox(flags.active_retrieval_enabled, label="Active retrieval",
                                      elem_id="switch-active")
            self.cache = gr.Checkbox(flags.response_cache_enabled, label="Response cache", elem_id="switch-cache")

    @property
    def inputs(self) -> list[Any]:
        return [self.mode, self.profile, self.refine, self.active, self.cache]

    def profile_switches(self, profile: str) -> list[bool]:
        """The switches a profile implies (shown when the profile changes)."""
        flags = self.settings.with_profile(profile).flags
        return [flags.self_refine_enabled, flags.active_retrieval_enabled, flags.response_cache_enabled]


def run_options(mode: str, profile: str, refine: bool, active: bool, cache: bool) -> dict[str, Any]:
    return {"mode": MODES.get(mode, "agent"), "profile": profile,
            "overrides": {"self_refine_enabled": bool(refine), "active_retrieval_enabled": bool(active),
                          "response_cache_enabled": bool(cache)}}
