"""The research controls, folded in "Advanced / research": mode (agent, or the model alone), ablation profile, and
the self-refine, active-retrieval and cache switches. A visitor never needs them. Without a model the mode is fixed
to the agent and says why (the model-only mode has nothing to answer with offline)."""

from __future__ import annotations

from typing import Any

import gradio as gr

from ..settings import Settings
from .labels import choices, text
from .localizer import Localizer

MODES = {"AI Agent": "agent", "LLM": "llm"}     # the /chat API's values (README), shown as the table's words


class ControlsPanel:
    def __init__(self, settings: Settings, loc: Localizer) -> None:
        flags = settings.flags
        self.settings = settings
        with gr.Row():
            self.mode = gr.Radio(choices("mode", list(MODES)), value="AI Agent", label=text("mode"), elem_id="mode",
                                 interactive=False)
            loc.add_choices(loc.add(self.mode, "mode"), "mode", tuple(MODES))
            names = tuple(sorted(settings.profiles))
            self.profile = loc.add_choices(loc.add(gr.Dropdown(choices("ablation", names), value=settings.profile,
                                                               label=text("ablation"), elem_id="ablation-profile"),
                                                   "ablation"), "ablation", names)
        with gr.Row():
            self.refine = loc.add(gr.Checkbox(flags.self_refine_enabled, label=text("self_refine"),
                                              elem_id="switch-refine"), "self_refine")
            self.active = loc.add(gr.Checkbox(flags.active_retrieval_enabled, label=text("active"),
                                              elem_id="switch-active"), "active")
            self.cache = loc.add(gr.Checkbox(flags.response_cache_enabled, label=text("cache"),
                                             elem_id="switch-cache"), "cache")

    @staticmethod
    def mode_state(status: dict[str, Any], lang: str) -> dict[str, Any]:
        """The mode can be chosen once a model is known to answer; offline it stays the agent and says why."""
        ready = status.get("state") == "ready"
        offline = not ready or bool(status.get("offline"))
        return gr.update(interactive=not offline, info=text("mode_offline", lang) if ready and offline else None)

    @property
    def inputs(self) -> list[Any]:
        return [self.mode, self.profile, self.refine, self.active, self.cache]

    def profile_switches(self, profile: str) -> list[bool]:
        """The switches a profile implies (shown when the profile changes)."""
        flags = self.settings.with_profile(profile).flags
        return [flags.self_refine_enabled, flags.active_retrieval_enabled, flags.response_cache_enabled]

    def wire(self) -> None:
        self.profile.change(self.profile_switches, self.profile, [self.refine, self.active, self.cache],
                            api_name=False)


def run_options(mode: str, profile: str, refine: bool, active: bool, cache: bool) -> dict[str, Any]:
    return {"mode": MODES.get(mode, "agent"), "profile": profile,
            "overrides": {"self_refine_enabled": bool(refine), "active_retrieval_enabled": bool(active),
                          "response_cache_enabled": bool(cache)}}
