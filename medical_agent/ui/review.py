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
from .labels import text
from .localizer import Localizer
from .reviewers import SHARED, ReviewerListError, identify
from .runtime import AgentRuntime
from .text_safety import plain

ACTIONS = ("verify", "correct", "withdraw")


class ReviewPanel:
    def __init__(self, runtime: AgentRuntime, loc: Localizer) -> None:
        self.runtime = runtime
        self.attempts = Attempts("reviewer", runtime.settings.limits.max_code_attempts)
        with loc.add(gr.Accordion(text("review"), open=False, elem_id="review"), "review"):
            with gr.Row():
                self.number = loc.add(gr.Number(label=text("review_n"), precision=0, minimum=1, elem_id="review-n"),
                                      "review_n")
                self.reviewer = loc.add(gr.Textbox(label=text("reviewer"), elem_id="review-by"), "reviewer")
                self.code = loc.add(gr.Textbox(label=text("reviewer_code"), type="password", elem_id="review-code"),
                                    "reviewer_code")
            self.text = loc.add(gr.Textbox(label=text("review_text"), lines=4, elem_id="review-text"), "review_text")
            with gr.Row():
                self.verify = loc.add(gr.Button(text("review_verify"), elem_id="review-verify"), "review_verify",
                                      "value")
                self.correct = loc.add(gr.Button(text("review_correct"), elem_id="review-correct"), "review_correct",
                                       "value")
                self.withdraw = loc.add(gr.Button(text("review_withdraw"), elem_id="review-withdraw"),
                                        "review_withdraw", "value")
            self.status = gr.Markdown("", elem_id="review-status")

    def review(self, action: str, number: float | None, reviewer: str, code: str, text_: str,
               last: dict[str, Any] | None, request: gr.Request | None = None, lang: str = "en") -> str:
        """Store the review and say what happened (or why nothing did)."""
        ui = self.runtime.settings.ui
        if not (ui.reviewer_code or ui.reviewers_file):
            return text("review_off", lang)
        client = client_of(request)
        if wait := self.attempts.wait(client):
            return wait_line(wait, lang)
        try:
            who = identify(code, reviewer or "", ui.reviewers_file, ui.reviewer_code)
        except ReviewerListError as exc:
            return text("review_unavailable", lang, reason=exc)
        if who is None:
            wait = self.attempts.failed(client)
            return wait_line(wait, lang) if wait else text("review_wrong_code", lang)
        self.attempts.succeeded(client)
        docs = (last or {}).get("retrieved_docs") or []
        n = int(number or 0)
        if not 1 <= n <= len(docs):
            return text("review_choose", lang, n=len(docs)) if docs else text("review_ask_first", lang)
        if who.identity == SHARED and not who.name:
            return text("review_who", lang)
        if action == "correct" and not (text_ or "").strip():
            return text("review_text_first", lang)
        doc, repo = docs[n - 1], self.runtime.wait(timeout=600).deps.reviews
        key = doc["content_key"]
        if action == "withdraw":
            repo.withdraw(key, who.name, who.identity)
            return text("review_withdrawn", lang, n=n)
        repo.put(PassageReview(key, "verified" if action == "verify" else "corrected",
                               text_.strip() if action == "correct" else None, who.name, identity=who.identity))
        shared = text("review_shared", lang) if who.identity == SHARED else ""
        return plain(text("review_done", lang, n=n, title=doc.get("title") or doc.get("doc_id"), who=who.name,
                          what=text(f"review.{action}", lang), shared=shared))

    def wire(self, last: gr.JSON, lang: gr.State) -> None:
        inputs = [self.number, self.reviewer, self.code, self.text, last, lang]
        for button, action in zip((self.verify, self.correct, self.withdraw), ACTIONS, strict=True):
            button.click(self._handler(action), inputs, self.status, api_name=False)

    def _handler(self, action: str) -> Any:
        """The click handler of one action; its ``request`` parameter makes Gradio pass the request (the client)."""
        def review(number: float | None, reviewer: str, code: str, text_: str, last: dict[str, Any] | None,
                   lang: str, request: gr.Request) -> str:
            return self.review(action, number, reviewer, code, text_, last, request, lang)
        return review
