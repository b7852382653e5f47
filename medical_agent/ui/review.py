"""Passage review for clinicians, under the retrieved documents: mark passage [n] of the last answer verified,
submit a corrected text for it, or withdraw a review.

A review changes what every user is answered from, so it needs the reviewer code (``MEDAGENT_REVIEWER_CODE``);
without one configured, reviewing is off and the panel says so. Reviews are stored with who and when, keyed by
the passage text's hash (``retrieval.trust``), and rank the passage first from the next answer on.
"""

from __future__ import annotations

import hmac
from typing import Any

import gradio as gr

from ..storage import PassageReview
from .runtime import AgentRuntime

ACTIONS = ("verify", "correct", "withdraw")


class ReviewPanel:
    def __init__(self, runtime: AgentRuntime) -> None:
        self.runtime = runtime
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
               last: dict[str, Any] | None) -> str:
        """Store the review and say what happened (or why nothing did)."""
        expected = self.runtime.settings.ui.reviewer_code
        if not expected:
            return "⚠️ Reviewing is off: the operator sets MEDAGENT_REVIEWER_CODE to turn it on."
        if not hmac.compare_digest((code or "").encode(), expected.encode()):
            return "⚠️ Wrong reviewer code."
        docs = (last or {}).get("retrieved_docs") or []
        n = int(number or 0)
        if not 1 <= n <= len(docs):
            return f"⚠️ Choose a passage number between 1 and {len(docs)} of the last answer." if docs else \
                "⚠️ Ask a question first: the passages of its answer can then be reviewed."
        if not (reviewer or "").strip():
            return "⚠️ Say who reviews (name and role): it is stored with the review."
        if action == "correct" and not (text or "").strip():
            return "⚠️ Write the corrected text first."
        doc, repo = docs[n - 1], self.runtime.wait(timeout=600).deps.reviews
        key, who = doc["content_key"], reviewer.strip()[:120]
        if action == "withdraw":
            repo.withdraw(key, who)
            return f"Review of [{n}] withdrawn."
        repo.put(PassageReview(key, "verified" if action == "verify" else "corrected",
                               text.strip() if action == "correct" else None, who))
        what = "marked verified" if action == "verify" else "corrected"
        return f"✔ [{n}] {doc.get('title') or doc.get('doc_id')} {what} by {who}; it ranks first from the next answer."

    def wire(self, last: gr.JSON) -> None:
        inputs = [self.number, self.reviewer, self.code, self.text, last]
        for button, action in zip((self.verify, self.correct, self.withdraw), ACTIONS, strict=True):
            button.click(lambda *args, action=action: self.review(action, *args), inputs, self.status,
                         api_name=False)
