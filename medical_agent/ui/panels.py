"""One class per side panel. Each renders its components and maps a turn result to their values."""

from __future__ import annotations

from typing import Any

import gradio as gr
import pandas as pd

from ..context.profile.edits import item_keys
from .formatting import document_rows, profile_rows, quality_points, refine_rows, route_text, slot_rows
from .labels import EDIT_ACTIONS
from .text_safety import plain


class SlotsPanel:
    """What this turn's message contained, with an assertion badge per mention."""

    HEADERS = ["slot", "item", "value / code", "assertion", "conf."]

    def __init__(self) -> None:
        self.table = gr.Dataframe(headers=self.HEADERS, value=[], label="Extracted slots (this turn)",
                                  interactive=False, wrap=True, elem_id="slots-table",
                                  column_widths=["17%", "33%", "19%", "19%", "12%"])

    def values(self, result: dict[str, Any] | None) -> list[Any]:
        return [pd.DataFrame(slot_rows((result or {}).get("slot_out")), columns=self.HEADERS)]


class ProfilePanel:
    """The stored profile: one-line summary, full table, JSON export, delete with confirmation."""

    HEADERS = ["slot", "item", "value / said as", "status / time", "weight"]

    def panel(self) -> None:
        """The summary and the table (the panel in the grid); :meth:`controls` builds the account controls where
        the layout wants them (the two may be called in either order)."""
        self.summary = gr.Markdown("_No profile yet._", elem_id="profile-summary")
        self.table = gr.Dataframe(headers=self.HEADERS, value=[], label="Profile", interactive=False, wrap=True,
                                  elem_id="profile-table", column_widths=["19%", "24%", "20%", "23%", "14%"])
        with gr.Row():
            self.item = gr.Dropdown(choices=[], value=None, label="Item", scale=3, elem_id="profile-item")
            self.action = gr.Dropdown(choices=EDIT_ACTIONS["en"], value="correct", label="Edit", scale=2,
                                      elem_id="profile-action")
        with gr.Row():
            self.value = gr.Textbox(label="Corrected value", scale=3, elem_id="profile-value")
            self.apply = gr.Button("Apply", scale=1, elem_id="profile-apply")
        self.edit_status = gr.Markdown("", elem_id="profile-edit-status")

    def controls(self) -> None:
        """Import a record, export, delete with confirmation, the resume code."""
        # no file_types: Gradio's check would answer another file with a bare "Error"; the reader says why
        self.record_file = gr.File(label="Import my record (FHIR R4 JSON)", elem_id="profile-record")
        self.record_status = gr.Markdown("", elem_id="profile-record-status")
        with gr.Row():
            # A button filling a File, not a DownloadButton: that one downloads the value it had *before* the
            # click ran, so the first click would fetch nothing.
            self.export = gr.Button("Export JSON", elem_id="profile-export")
            self.delete = gr.Button("Delete my profile", variant="stop", elem_id="profile-delete")
        self.export_file = gr.File(label="Your profile (JSON)", visible=False, elem_id="profile-export-file")
        with gr.Row(visible=False) as self.confirm_row:
            gr.Markdown("**Delete everything stored about you (profile, cached answers, conversation)?**")
            self.confirm = gr.Button("Yes, delete", variant="stop", elem_id="profile-delete-confirm")
            self.cancel = gr.Button("Cancel")
        self.keep = gr.Markdown("", elem_id="profile-keep")
        with gr.Row():
            self.code = gr.Textbox(placeholder="web-…", label="Come back: your resume code", type="password",
                                   scale=4, elem_id="profile-code")
            self.resume = gr.Button("Resume", scale=1, elem_id="profile-resume")

    @staticmethod
    def keep_text(user_id: str, retention_days: float) -> str:
        """Which rule applies to this browser's data: the private code that brings the profile back, and expiry."""
        rule = (f"People idle for {retention_days:g} days are deleted with their cached answers and conversations."
                if retention_days > 0 else "Profiles are kept until you delete them.")
        return (f"Your resume code: `{user_id}` — keep it private; entering it here on another visit brings this "
                f"profile and your last conversation back (a page reload or *New patient* starts a new one). {rule}")

    def values(self, summary: str, profile: dict[str, Any] | None) -> list[Any]:
        """Summary, table and the items the person can edit."""
        text = f"**{plain(summary)}**" if summary else "_No profile yet._"      # names from a record: text only
        return [text, pd.DataFrame(profile_rows(profile), columns=self.HEADERS),
                gr.update(choices=item_keys(profile), value=None)]


class DocumentsPanel:
    """Retrieved evidence: rank, title, fused score, source link, snippet; cited ones marked."""

    HEADERS = ["rank", "title", "score", "source", "snippet"]

    def __init__(self) -> None:
        self.table = gr.Dataframe(headers=self.HEADERS, value=[], label="Retrieved documents", interactive=False,
                                  wrap=True, datatype=["str", "str", "number", "markdown", "str"],
                                  elem_id="documents-table", column_widths=["13%", "20%", "13%", "16%", "38%"])

    def values(self, result: dict[str, Any] | None) -> list[Any]:
        result = result or {}
        rows = document_rows(result.get("retrieved_docs"), result.get("citations"))
        return [pd.DataFrame(rows, columns=self.HEADERS)]


class RefinePanel:
    """The turn's route (a follow-up resolved, a plan, what the sources lack), then one row per verification (a new
    answer or a new search each) and a plot of quality per step."""

    HEADERS = ["step", "quality", "query", "docs", "checks", "judge", "action", "missing info", "stop reason"]

    def __init__(self) -> None:
        self.route = gr.Markdown("", elem_id="refine-route")
        self.table = gr.Dataframe(headers=self.HEADERS, value=[], label="Refine log", interactive=False, wrap=True,
                                  elem_id="refine-table",
                                  column_widths=["6%", "8%", "16%", "8%", "20%", "10%", "9%", "11%", "12%"])
        # Bars, not a line: most turns stop after one iteration, and a one-point line draws nothing.
        self.plot = gr.BarPlot(pd.DataFrame({"iteration": [], "quality_score": []}), x="iteration",
                               y="quality_score", y_lim=[0, 1], height=220, label="Quality per iteration",
                               elem_id="refine-plot")

    def values(self, result: dict[str, Any] | None) -> list[Any]:
        result = result or {}
        logs = result.get("refine_iteration_logs")
        points = pd.DataFrame(quality_points(logs), columns=["iteration", "quality_score"])
        points["iteration"] = [f"#{i}" for i in points["iteration"]]      # categories: one bar per iteration
        rows = refine_rows(logs, result.get("stop_reason"))
        return [plain(route_text(result)), pd.DataFrame(rows, columns=self.HEADERS), points]
