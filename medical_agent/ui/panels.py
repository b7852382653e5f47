"""One class per side panel. Each builds its components, registers their words with the language switch and maps
a turn result to their values in the interface's language (the HTML itself is ``cards``: pure, tested without a
browser)."""

from __future__ import annotations

from typing import Any

import gradio as gr
import pandas as pd

from ..context.profile.edits import ACTIONS, item_key
from .cards import document_cards, empty, profile_card, quality_points, refine_timeline, slot_chips
from .formatting import Namer, day, reading_name, shown_name
from .labels import term, text
from .localizer import Localizer
from .text_safety import plain

HEADING = '<h3 class="ma-panel-title">{}</h3>'


def heading(key: str, loc: Localizer) -> gr.HTML:
    """A panel's heading: its words change with the language."""
    return loc.add(gr.HTML(HEADING.format(text(key)), elem_classes="ma-heading", padding=False), key, "value",
                   HEADING)


def body(elem_id: str, empty_key: str) -> gr.HTML:
    """A panel's HTML, empty until a turn fills it."""
    return gr.HTML(empty(empty_key, "en"), elem_id=elem_id, padding=False, elem_classes="ma-body")


def _panel(key: str, elem_id: str, loc: Localizer, empty_key: str) -> gr.HTML:
    heading(key, loc)
    return body(elem_id, empty_key)


class SlotsPanel:
    """What this turn's message contained, as chips with an assertion badge each."""

    def __init__(self, loc: Localizer) -> None:
        self.html = _panel("slots", "slots-panel", loc, "slots_empty")

    def values(self, result: dict[str, Any] | None, lang: str, namer: Namer | None = None) -> list[Any]:
        return [slot_chips((result or {}).get("slot_out"), lang, namer)]


def item_choices(profile: dict[str, Any] | None, lang: str, namer: Namer | None = None) -> list[tuple[str, str]]:
    """The profile's editable items, shown in the interface's language; the values stay the edit keys."""
    if not profile:
        return []
    out = [(f"{term('slot', 'demographics', lang)}: {term('demo', k, lang)}", f"demographics: {k}")
           for k, v in profile["demographics"].items() if v is not None]
    for slot in ("conditions", "symptoms", "medications"):
        out += [(f"{term('slot', slot, lang)}: {shown_name(i, lang, namer)}", item_key(slot, i)) for i in profile[slot]]
    for slot in ("vitals", "labs"):
        out += [(f"{term('slot', slot, lang)}: {reading_name(r['type'], lang)} {day(r.get('timestamp'))}",
                 item_key(slot, r)) for r in profile[slot]]
    return out


class ProfilePanel:
    """The stored profile: a one-line summary and the card; and the editor for one item (built elsewhere)."""

    def panel(self, loc: Localizer) -> None:
        """The heading, the summary line and the card (the panel in the grid)."""
        heading("profile", loc)
        self.summary = gr.Markdown("", elem_id="profile-summary")
        self.card = body("profile-panel", "profile_empty")

    def editor(self, loc: Localizer) -> None:
        """Correct one item (in the person's own controls, not in the grid: it is an action, not a view)."""
        with gr.Row(elem_classes="ma-editor"):
            self.item = loc.add(gr.Dropdown(choices=[], value=None, label=text("item"), scale=3,
                                            elem_id="profile-item"), "item")
            self.action = loc.add_choices(loc.add(gr.Dropdown(choices=[(term("edit", a), a) for a in ACTIONS],
                                                              value="correct", label=text("action"), scale=2,
                                                              elem_id="profile-action"), "action"), "edit", ACTIONS)
        with gr.Row(elem_classes="ma-editor"):
            self.value = loc.add(gr.Textbox(label=text("value"), scale=3, elem_id="profile-value"), "value")
            self.apply = loc.add(gr.Button(text("apply"), scale=1, elem_id="profile-apply"), "apply", "value")
        self.edit_status = gr.Markdown("", elem_id="profile-edit-status")

    def values(self, summary: str, profile: dict[str, Any] | None, lang: str, namer: Namer | None = None
               ) -> list[Any]:
        """Summary, card and the items the person can edit."""
        line = f"**{plain(summary)}**" if summary else ""      # names from a record: text only
        return [line, profile_card(profile, lang, namer), gr.update(choices=item_choices(profile, lang, namer),
                                                                    value=None)]


class DocumentsPanel:
    """The passages the answer could use, as cards; cited, kept and dropped ones marked."""

    def __init__(self, loc: Localizer) -> None:
        self.html = _panel("documents", "documents-panel", loc, "documents_empty")

    def values(self, result: dict[str, Any] | None, lang: str) -> list[Any]:
        return [document_cards(result, lang)]


class RefinePanel:
    """How the answer was checked, as a timeline, and a chart of quality per check once there are two."""

    def __init__(self, loc: Localizer) -> None:
        self.html = _panel("refine", "refine-panel", loc, "refine_empty")
        # Bars, not a line; hidden until a turn has two checks (one bar says nothing, and an empty chart drew
        # Vega-Lite warnings).
        self.plot = loc.add(gr.BarPlot(pd.DataFrame({"iteration": [], "quality_score": []}), x="iteration",
                                       y="quality_score", y_lim=[0, 1], height=180, label=text("plot"),
                                       elem_id="refine-plot", visible=False), "plot")

    def values(self, result: dict[str, Any] | None, lang: str) -> list[Any]:
        result = result or {}
        points = pd.DataFrame(quality_points(result.get("refine_iteration_logs")),
                              columns=["iteration", "quality_score"])
        points["iteration"] = [f"#{i}" for i in points["iteration"]]      # categories: one bar per check
        chart = gr.update(value=points, visible=True) if len(points) >= 2 else gr.update(visible=False)
        return [refine_timeline(result, lang), chart]
