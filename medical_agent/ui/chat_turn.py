"""One chat turn in the demo, streamed: a mixin of :class:`~.app.MedicalAgentApp`, which supplies the runtime, the
settings, ``panel_outputs``, ``live_panels`` and ``_panels``.

The chat shows the person's message, the agent's steps (one collapsed message that fills in as the nodes finish)
and the answer, which grows as it is written. Offline the answer is made in one piece; it is still shown in a few
dozen steps over about half a second (:func:`pieces`), so the person sees it arrive instead of a sudden wall of
text. Slots, documents and the refine log update while the turn runs; the last frame sets every panel from the
final result, or clears them after an error, so the panels never describe an answer the chat does not show.
Errors become readable chat messages, never stack traces; the log gets their type and code locations only. An
empty send changes nothing.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from typing import Any

import gradio as gr

from ..graph.agent import InputError
from ..logging_setup import describe_failure
from ..text import detect_language
from .answer import answer_content, steps_message
from .controls import run_options
from .labels import text
from .profile_actions import new_session
from .runtime import StartupError
from .text_safety import for_person, plain, valid

log = logging.getLogger(__name__)
STARTING = text("starting_chat")
SORRY = text("sorry")
PIECE_CHARS = 48           # a token longer than this (offline: the whole answer) is shown in pieces
SHOWN_WITHIN_S = 0.6       # ... over at most this long
LIVE_NODES = ("extract_slots", "retrieve", "refine", "quality_check", "check_similarity")


def log_failure(exc: BaseException, health_data: bool) -> None:
    """Log where a turn failed. The exception's message may quote the person's text, so by default only its
    type and the code locations are logged; ``log_health_data`` logs the full exception."""
    log.error("chat turn failed: %s", describe_failure(exc, health_data))


def queue_line(message: str, place: int, eta_s: float) -> str:
    """The waiting person's place in line for the model, in the language of their message."""
    return text("queue", detect_language(message), place=place, eta=max(1, round(eta_s)))


def pieces(chunk: str) -> list[str]:
    """``chunk`` cut at spaces into parts of about :data:`PIECE_CHARS` characters (short chunks stay whole)."""
    if len(chunk) <= PIECE_CHARS:
        return [chunk]
    out, current = [], ""
    for word in re.split(r"(?<=\s)", chunk):
        current += word
        if len(current) >= PIECE_CHARS:
            out.append(current)
            current = ""
    return [*out, current] if current else out


def merged(partial: dict[str, Any], update: dict[str, Any] | None) -> dict[str, Any]:
    """The turn's result so far: a node's update over the earlier ones (refine logs accumulate, as in the graph)."""
    out = {**partial, **{k: v for k, v in (update or {}).items() if k != "refine_iteration_logs"}}
    out["refine_iteration_logs"] = [*partial.get("refine_iteration_logs", []),
                                    *((update or {}).get("refine_iteration_logs") or [])]
    return out


def turn_trace(message: str, result: dict[str, Any], model: str) -> dict[str, Any]:
    """What a rating is stored with: enough to see, later, what the answer was made from."""
    return {"turn": uuid.uuid4().hex, "question": message, "route": result.get("route"),
            "verdict": result.get("evidence_verdict"), "model": model, "language": result.get("language"),
            "generator": result.get("generator"), "stop_reason": result.get("stop_reason"),
            "evidence": [{k: d.get(k) for k in ("doc_id", "chunk_id", "title")} for d in
                         result.get("retrieved_docs") or []],
            "cited": [c.get("n") for c in result.get("citations") or []], "answer": (result.get("answer") or "")[:2000]}


class ChatTurns:
    def chat(self, message: str, history: list[dict[str, Any]] | None, session: dict[str, str] | None,
             mode: str, profile: str, refine: bool, active: bool, cache: bool, lang: str = "en",
             traces: dict[str, Any] | None = None):
        """One turn: yields (chat, *panels, session, message box, traces) frames."""
        skip = [gr.skip()] * len(self.panel_outputs)
        if not isinstance(message, str) or not message.strip():      # an empty send does nothing at all
            yield gr.skip(), *skip, gr.skip(), gr.skip(), gr.skip()
            return
        session, traces, started = session or new_session(), dict(traces or {}), time.perf_counter()
        namer = self.namer()
        history = [*valid(history or []), {"role": "user", "content": plain(message)}, steps_message({}, lang),
                   {"role": "assistant", "content": "…"}]

        def frame(panels: list[Any]) -> tuple[Any, ...]:  # a snapshot: later tokens must not rewrite it
            return [*history], *panels, session, "", traces

        yield frame(skip)
        result: dict[str, Any] | None = None
        try:
            if self.runtime.agent is None and self.runtime.error is None:   # say why it is slow, not just "…"
                history[-1] = {"role": "assistant", "content": text("starting_chat", lang)}
                yield frame(skip)
            agent = self.runtime.wait(timeout=600)
            answer, partial = "", {}
            for kind, payload in agent.stream(session["user_id"], message, thread_id=session["thread_id"],
                                              **run_options(mode, profile, refine, active, cache)):
                if kind == "generation_start" and payload:
                    answer = text("retrying", lang, n=payload + 1) + "\n\n"
                elif kind == "queue" and not answer:     # waiting for the model: the place in line, not just "…"
                    history[-1] = {"role": "assistant", "content": queue_line(message, **payload)}
                    yield frame(skip)
                elif kind == "token":
                    parts = pieces(payload)
                    for part in parts:
                        answer += part
                        history[-1] = {"role": "assistant", "content": answer_content(answer)}
                        yield frame(skip)
                        if len(parts) > 1:
                            time.sleep(min(0.02, SHOWN_WITHIN_S / len(parts)))
                elif kind == "node" and payload[0] in LIVE_NODES:
                    partial = merged(partial, payload[1])
                    history[-2] = steps_message(partial, lang, namer=namer)
                    yield frame(self._live(payload[0], partial, lang))
                elif kind == "final":
                    result = payload
            if result is None:
                raise RuntimeError("the graph ended without a final result")
            history[-2] = steps_message(result, lang, time.perf_counter() - started, namer)
            history[-1] = {"role": "assistant", "content": answer_content(result["answer"], result)}
            traces[str(len(history) - 1)] = turn_trace(message, result, str(agent.deps.describe().get("llm")))
        except (InputError, TimeoutError, StartupError) as exc:   # the text is written for the person
            del history[-2]
            history[-1] = {"role": "assistant", "content": f"⚠️ {for_person(str(exc))}"}
        except Exception as exc:  # logged for the operator; the person sees a short text, never a trace
            log_failure(exc, self.settings.limits.log_health_data)
            result = None
            del history[-2]
            history[-1] = {"role": "assistant", "content": text("sorry", lang)}
        yield frame(self._panels(session, result, lang))

    def _live(self, node: str, partial: dict[str, Any], lang: str) -> list[Any]:
        """Panel values for a node that just finished (the others skipped)."""
        outs = [gr.skip()] * len(self.panel_outputs)
        for component, value in self.live_panels(node, partial, lang):
            outs[self.panel_outputs.index(component)] = value
        return outs
