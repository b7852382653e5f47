"""One class per side panel. Each renders its components and maps a turn result to their values."""

from __future__ import annotations

from typing import Any

import gradio as gr
import pandas as pd

from .formatting import document_rows, profile_rows, quality_points, refine_rows, slot_rows


class SlotsPanel:
    """What this turn's message contained, with an assertion badge per mention."""

    HEADERS = ["slot", "item", "value / code", "assertion", "confidence"]

    def __init__(self) -> None:
        self.table = gr.Dataframe(headers=self.HEADERS, value=[], label="Extracted slots (this turn)",
                                  interactive=False, wrap=True, elem_id="slots-table")

    def values(self, result: dict[str, Any] | None) -> list[Any]:
        return [pd.DataFrame(slot_rows((result or {}).get("slot_out")), columns=self.HEADERS)]


class ProfilePanel:
    """The stored profile: one-line summary, full table, JSON export, delete with confirmation."""

    HEADERS = ["slot", "item", "value / said as", "status / time", "weight"]

    def __init__(self) -> None:
        self.summary = gr.Markdown("_No profile yet._", elem_id="profile-summary")
        self.table = gr.Dataframe(headers=self.HEADERS, value=[], label="Profile", interactive=False, wrap=True,
                                  elem_id="profile-table")
        with gr.Row():
            self.export = gr.DownloadButton("Export JSON", elem_id="profile-export")
            self.delete = gr.Button("Delete my profile", variant="stop", elem_id="profile-delete")
        with gr.Row(visible=False) as self.confirm_row:
            gr.Markdown("**Delete everything stored about you (profile, cached answers, conversation)?**")
            self.confirm = gr.Button("Yes, delete", variant="stop", elem_id="profile-delete-confirm")
            self.cancel = gr.Button("Cancel")

    def values(self, summary: str, profile: dict[str, Any] | None) -> list[Any]:
        text = f"**{summary}**" if summary else "_No profile yet._"
        return [text, pd.DataFrame(profile_rows(profile), columns=self.HEADERS)]


class DocumentsPanel:
    """Retrieved evidence: rank, title, fused score, source link, snippet; cited ones marked."""

    HEADERS = ["rank", "title", "score", "source", "snippet"]

    def __init__(self) -> None:
        self.table = gr.Dataframe(headers=self.HEADERS, value=[], label="Retrieved documents", interactive=False,
                                  wrap=True, datatype=["str", "str", "number", "markdown", "str"],
                                  elem_id="documents-table")

    def values(self, result: dict[str, Any] | None) -> list[Any]:
        result = result or {}
        rows = document_rows(result.get("retrieved_docs"), result.get("citations"))
        return [pd.DataFrame(rows, columns=self.HEADERS)]


class RefinePanel:
    """One row per self-refine iteration and a plot of quality per iteration."""

    HEADERS = ["iteration", "quality", "parts", "judge", "missing info", "rewritten query", "stop reason"]

    def __init__(self) -> None:
        self.table = gr.Dataframe(headers=self.HEADERS, value=[], label="Refine log", interactive=False, wrap=True,
                                  elem_id="refine-table")
        self.plot = gr.LinePlot(pd.DataFrame({"iteration": [], "quality_score": []}), x="iteration",
                                y="quality_score", y_lim=[0, 1], height=220, label="Quality per iteration",
                                elem_id="refine-plot")

    def values(self, result: dict[str, Any] | None) -> list[Any]:
        result = result or {}
        logs = result.get("refine_iteration_logs")
        points = pd.DataFrame(quality_points(logs), columns=["iteration", "quality_score"])
        return [pd.DataFrame(refine_rows(logs, result.get("stop_reason")), columns=self.HEADERS), points]
