"""👍/👎 on every answer (the chatbot's own buttons, ``Chatbot.like``) and an optional comment, stored through the
storage contract (``storage.feedback``) with the turn's trace: the question, the route, the evidence kept, the
relevance verdict, the model and the language. It is the person's data: erased and exported with the profile, and
never logged (no handler here logs what was rated or written).

The chat handler keeps each answer's trace in the session (``traces``: the answer's index in the chat → trace);
a rating names the answer by that index. The same handler is an API endpoint (``/feedback``: answer index, rating
``up`` | ``down`` | "" to remove it, comment), because a client cannot send the browser's like event.
"""

from __future__ import annotations

import hashlib
from typing import Any

import gradio as gr

from .confirm import hide, show
from .formatting import is_step_message, message_text
from .labels import text
from .localizer import Localizer
from .runtime import AgentRuntime

RATINGS = {True: "up", False: "down"}


def rating_of(liked: bool | str | None) -> str:
    """The stored word for the chatbot's like value: up, down, another option's own word, "" (taken back)."""
    return RATINGS.get(liked, "") if isinstance(liked, bool) or not liked else str(liked)


def question_before(history: list[dict[str, Any]] | None, index: int) -> str:
    """The person's message an answer replied to (for an answer made before this session: a resumed one)."""
    for message in reversed((history or [])[:index]):
        if isinstance(message, dict) and message.get("role") == "user":
            return message_text(message)
    return ""


def answer_index(history: list[dict[str, Any]] | None, index: int) -> int:
    """The answer a like names: Gradio sends the index of the first message of the bot's group, which is the steps
    message when the answer has one; the answer is the next message."""
    while history and 0 <= index < len(history) - 1 and is_step_message(history[index]):
        index += 1
    return index


class FeedbackPanel:
    def __init__(self, runtime: AgentRuntime, loc: Localizer) -> None:
        self.runtime = runtime
        self.status = gr.Markdown("", elem_id="feedback-status")
        with gr.Row(visible=False, elem_id="feedback-comment-row") as self.row:
            self.comment = loc.add(gr.Textbox(label=text("feedback_comment"), scale=4, max_lines=4,
                                              elem_id="feedback-comment"), "feedback_comment")
            self.send = loc.add(gr.Button(text("feedback_send"), scale=1, elem_id="feedback-send"), "feedback_send",
                                "value")
        self.target = gr.State(None)              # the turn the comment goes with: the one rated last
        with gr.Row(visible=False):               # the /feedback API's inputs (a client sends no like event)
            self.api_index = gr.Number(precision=0, label="answer", visible=False)
            self.api_rating = gr.Textbox(label="rating", visible=False)
            self.api_comment = gr.Textbox(label="comment", visible=False)
            self.api_send = gr.Button("feedback", visible=False)

    # ----- handlers ---------------------------------------------------------------------------------------
    def rate(self, index: int | None, rating: str, comment: str, session: dict[str, str] | None,
             traces: dict[str, Any] | None, lang: str = "en", history: list[dict[str, Any]] | None = None
             ) -> tuple[str, str | None]:
        """Store (or take back) the rating of the answer at ``index``; (the line to show, the turn rated)."""
        index = int(index if index is not None else -1)
        trace = dict((traces or {}).get(str(index)) or {})
        if not trace and history and 0 <= index < len(history) and history[index].get("role") == "assistant" \
                and not is_step_message(history[index]):         # an answer shown again after a resume
            digest = hashlib.sha256(message_text(history[index]).encode()).hexdigest()[:16]
            trace = {"turn": f"resumed-{digest}",
                     "question": question_before(history, index)}
        if not session or not trace:
            return text("feedback_not_answer", lang), None
        store = self.runtime.wait(timeout=600).storage.feedback
        turn = trace.pop("turn")
        if not rating:
            store.remove(session["user_id"], turn)
            return text("feedback_removed", lang), None
        store.put(session["user_id"], turn, rating, trace)
        if (comment or "").strip():
            store.comment(session["user_id"], turn, comment.strip())
            return text("feedback_comment_saved", lang), turn
        key = {"up": "feedback_liked", "down": "feedback_disliked"}.get(rating, "feedback_other")
        return text(key, lang), turn

    def on_like(self, history: list[dict[str, Any]], session: dict[str, str] | None, traces: dict[str, Any] | None,
                lang: str, data: gr.LikeData):
        """The chatbot's 👍/👎: stored at once; the comment box opens for the turn just rated."""
        index = data.index[0] if isinstance(data.index, list | tuple) else data.index
        line, turn = self.rate(answer_index(history, int(index)), rating_of(data.liked), "", session, traces, lang,
                               history)
        return line, show() if turn else hide(), turn

    def add_comment(self, comment: str, turn: str | None, session: dict[str, str] | None, lang: str):
        if not (turn and session):
            return text("feedback_first", lang), gr.skip(), gr.skip()
        if not (comment or "").strip():
            return gr.skip(), gr.skip(), gr.skip()
        saved = self.runtime.wait(timeout=600).storage.feedback.comment(session["user_id"], turn, comment.strip())
        return text("feedback_comment_saved" if saved else "feedback_first", lang), "", hide()

    def api_rate(self, index: float | None, rating: str, comment: str, session: dict[str, str] | None,
                 traces: dict[str, Any] | None, lang: str) -> str:
        return self.rate(None if index is None else int(index), (rating or "").strip(), comment, session, traces,
                         lang)[0]

    # ----- events -----------------------------------------------------------------------------------------
    def wire(self, chatbot: gr.Chatbot, session: gr.State, traces: gr.State, lang: gr.State) -> None:
        chatbot.like(self.on_like, [chatbot, session, traces, lang], [self.status, self.row, self.target],
                     api_name=False)
        for trigger in (self.send.click, self.comment.submit):
            trigger(self.add_comment, [self.comment, self.target, session, lang], [self.status, self.comment,
                                                                                    self.row], api_name=False)
        self.api_send.click(self.api_rate, [self.api_index, self.api_rating, self.api_comment, session, traces,
                                            lang], self.status, api_name="feedback")
