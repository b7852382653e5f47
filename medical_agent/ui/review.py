"""Passage review for clinicians, under the retrieved documents: mark passage [n] of the last answer verified,
submit a corrected text for it, or withdraw a review.

A review changes what every user is answered from, so it needs a reviewer's own code from the reviewer list, or
the shared demo code (``reviewers``); with neither configured, reviewing is off and the panel says so. Wrong codes
are limited per client (``attempts``). Reviews are stored with who, how they were known and when, keyed by the
passage text's hash (``retrieval.trust``), and rank the passage first from the next answer on.
"""

from __future__ import annotations

from typing import Any

import gradio as gr

from ..storage import PassageReview
from .attempts import Attempts, client_of, wait_line
from .reviewers import SHARED, ReviewerListError, identify
from .runtime import AgentRuntime
from .text_safety import plain

ACTIONS = ("verify", "correct", "withdraw")


class ReviewPanel:
    def __init__(self, runtime: AgentRuntime) -> None:
        self.runtime = runtime
        self.attempts = Attempts("reviewer", runtime.settings.limits.max_code_attempts)
        with gr.Accordion("Review a passage (clinicians)", open=False, elem_id="review"):
            with gr.Row():
                self.number = gr.Number(label="passage [n] of the last answer", precision=0, minimum=1,
                                        elem_id="review-n")
                self.reviewer = gr.Textbox(label="reviewer (name, role)", elem_id="review-by")
                self.code = gr.Textbox(label="reviewer code", type="password", elem_id="review-code")
            self.text = gr.Textbox(label="corrected text (for a correction)", lines=4, elem_id="review-text")
            with gr.Row():
                self.verify = gr.Button("Mark verified", elem_id="review-verify")
                self.correct = gr.Button("Submit correction", elem_id="review-correct")
                self.withdraw = gr.Button("Withdraw review", elem_id="review-withdraw")
            self.status = gr.Markdown("", elem_id="review-status")

    def review(self, action: str, number: float | None, reviewer: str, code: str, text: str,
               last: dict[str, Any] | None, request: gr.Request | None = None) -> str:
        """Store the review and say what happened (or why nothing did)."""
        ui = self.runtime.settings.ui
        if not (ui.reviewer_code or ui.reviewers_file):
            return "⚠️ Reviewing is off: the operator sets a reviewer list or MEDAGENT_REVIEWER_CODE to turn it on."
        client = client_of(request)
        if wait := self.attempts.wait(client):
            return wait_line(wait)
        try:
            who = identify(code, reviewer or "", ui.reviewers_file, ui.reviewer_code)
        except ReviewerListError as exc:
            return f"⚠️ Reviewing is unavailable: {exc}."
        if who is None:
            wait = self.attempts.failed(client)
            return wait_line(wait) if wait else "⚠️ Wrong reviewer code."
        self.attempts.succeeded(client)
        docs = (last or {}).get("retrieved_docs") or []
        n = int(number or 0)
        if not 1 <= n <= len(docs):
            return f"⚠️ Choose a passage number between 1 and {len(docs)} of the last answer." if docs else \
                "⚠️ Ask a question first: the passages of its answer can then be reviewed."
        if who.identity == SHARED and not who.name:
            return "⚠️ Say who reviews (name and role): it is stored with the review."
        if action == "correct" and not (text or "").strip():
            return "⚠️ Write the corrected text first."
        doc, repo = docs[n - 1], self.runtime.wait(timeout=600).deps.reviews
        key = doc["content_key"]
        if action == "withdraw":
            repo.withdraw(key, who.name, who.identity)
            return f"Review of [{n}] withdrawn."
        repo.put(PassageReview(key, "verified" if action == "verify" else "corrected",
                               text.strip() if action == "correct" else None, who.name, identity=who.identity))
        what = "marked verified" if action == "verify" else "corrected"
        return plain(f"✔ [{n}] {doc.get('title') or doc.get('doc_id')} {what} by {who.name}"
                     f"{' (shared code)' if who.identity == SHARED else ''}; it ranks first from the next answer.")

    def wire(self, last: gr.JSON) -> None:
        inputs = [self.number, self.reviewer, self.code, self.text, last]
        for button, action in zip((self.verify, self.correct, self.withdraw), ACTIONS, strict=True):
            button.click(self._handler(action), inputs, self.status, api_name=False)

    def _handler(self, action: str) -> Any:
        """The click handler of one action; its ``request`` parameter makes Gradio pass the request (the client)."""
        def review(number: float | None, reviewer: str, code: str, text: str, last: dict[str, Any] | None,
                   request: gr.Request) -> str:
            return self.review(action, number, reviewer, code, text, last, request)
        return review
