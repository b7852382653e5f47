"""A question asked before a destructive action ("Start over as a new patient?", "Delete the chosen document?",
"Delete everything stored about you?"): hidden until its button is pressed, then Yes / Cancel. One helper for all
three, so each asks the same way; the action itself is wired on :attr:`Confirm.yes` and ends by hiding the row."""

from __future__ import annotations

from typing import Any

import gradio as gr

from .labels import text
from .localizer import Localizer


class Confirm:
    def __init__(self, loc: Localizer, ask_key: str, yes_key: str, elem_id: str) -> None:
        with gr.Row(visible=False, elem_id=elem_id, elem_classes="ma-confirm") as self.row:
            self.question = loc.add(gr.Markdown(text(ask_key)), ask_key, "value")
            self.yes = loc.add(gr.Button(text(yes_key), variant="stop", size="sm", elem_id=f"{elem_id}-yes"),
                               yes_key, "value")
            self.cancel = loc.add(gr.Button(text("cancel"), size="sm", elem_id=f"{elem_id}-cancel"), "cancel",
                                  "value")

    def ask_on(self, button: gr.Button) -> None:
        """``button`` shows the question; Cancel hides it and changes nothing."""
        button.click(show, None, self.row, api_name=False)
        self.cancel.click(hide, None, self.row, api_name=False)


def show() -> dict[str, Any]:
    return gr.update(visible=True)


def hide() -> dict[str, Any]:
    """A fresh dict each time: Gradio consumes update dicts while processing them."""
    return gr.update(visible=False)
