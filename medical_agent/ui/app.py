"""The Gradio Blocks app: chat on the left, the agent's working on the right (slots, profile, documents,
refine log), a header naming the active backends. Each browser session has its own user and thread.

The chat handler is a generator that Gradio runs in its worker threads (off the event loop); it streams
tokens and updates panels as nodes finish. Errors become readable chat messages, never stack traces, and the log
gets their type and code locations only (``logging_setup``; Gradio's own: ``quiet_errors``). What people and
documents wrote is shown as text, never as HTML (``text_safety``).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import gradio as gr

from ..graph.agent import InputError
from ..logging_setup import describe_failure
from ..text import detect_language
from .attempts import Attempts
from .controls import ControlsPanel, run_options
from .labels import EDIT_ACTIONS, UI_LANGUAGES, Localizer, text
from .my_documents import MyDocumentsPanel
from .panels import DocumentsPanel, ProfilePanel, RefinePanel, SlotsPanel
from .profile_actions import ProfileActions, hidden_file, new_session
from .quiet_errors import quiet_gradio_errors
from .review import ReviewPanel
from .runtime import AgentRuntime, StartupError
from .served_files import ServedFiles
from .text_safety import for_person, plain, valid

log = logging.getLogger(__name__)
EXAMPLES = ["당뇨가 있어요. 메트포르민 부작용이 뭔가요?", "저는 65세 남성이고 혈압이 150/95예요. 혈압약은 어떤 종류가 있나요?",
            "What are the warning signs of a stroke?", "I take warfarin. Can I take ibuprofen for back pain?"]

STARTING = "⏳ The agent is still starting (first start builds the index); your question is answered as soon as " \
           "it is ready. / 에이전트를 준비하는 중입니다. 준비되면 바로 답합니다."
SORRY = "⚠️ Sorry — something went wrong while answering (the error was logged). Please try again."


def log_failure(exc: BaseException, health_data: bool) -> None:
    """Log where a turn failed. The exception's message may quote the person's text, so by default only its
    type and the code locations are logged; ``log_health_data`` logs the full exception."""
    log.error("chat turn failed: %s", describe_failure(exc, health_data))




def queue_line(message: str, place: int, eta_s: float) -> str:
    """The waiting person's place in line for the model, in the language of their message."""
    return text("queue", detect_language(message)).format(place=place, eta=max(1, round(eta_s)))


def header_text(runtime: AgentRuntime) -> str:
    s = runtime.status()
    if s["state"] == "starting":
        return "### 🩺 Medical Knowledge Agent\n_Starting: loading models and building the index on first start…_"
    if s["state"] == "failed":
        return f"### 🩺 Medical Knowledge Agent\n⚠️ Start-up failed: {for_person(s['error'] or '')}"
    mode = " · **offline mode**" if s["offline"] else ""
    warning = f"\n\n⚠️ Concept linker fallback — {for_person(s['linker_warning'][:200])}" \
        if s.get("linker_warning") else ""
    shown = {k: for_person(str(s[k])) for k in ("llm", "embedder", "index", "linker")}   # a model file: its name
    return (f"### 🩺 Medical Knowledge Agent{mode}\nLLM: **{shown['llm']}** · embedder: **{shown['embedder']}** · "
            f"index: `{shown['index']}` ({s['documents']} passages) · concept linker: **{shown['linker']}**{warning}\n\n"
            "_Information only, not a diagnosis — please talk to a clinician about your health._")


def sources_footer(result: dict[str, Any]) -> str:
    """After the answer: the references table (n | document | section / page | source), the table rows that hold
    the question's numbers and the warnings taken from the cited passages (the structured answer's, the same the CLI and the /chat API return)."""
    synthesis = result.get("synthesis") or {}
    rows = synthesis.get("references") or [{"n": c["n"], "title": c.get("title") or c.get("doc_id"), "section": "",
                                            "source": "", "url": c.get("url", "")} for c in result.get("citations") or []]
    if not rows:
        return ""
    lines = ["", "", "**Sources**", "", "| n | document | section / page | category | source |",
             "|---|---|---|---|---|"]
    for r in rows:
        title = plain(str(r.get("title") or "")).replace("|", "/")
        doc = f"[{title}]({r['url']})" if r.get("url") else title
        kind = " · ".join(plain(str(k)) for k in (r.get("review"), r.get("category")) if k)
        lines.append(f"| [{r['n']}] | {doc} | {plain(str(r.get('section') or ''))} | {kind} | "
                     f"{plain(str(r.get('source') or '')).replace('|', '/')} |")
    rows_for_question = synthesis.get("table_rows") or []
    if rows_for_question:
        lines += ["", "**The table row for the numbers in your question**",
                  *[f"- {plain(str(r))}" for r in rows_for_question]]
    warnings = synthesis.get("warnings") or []
    if warnings:
        lines += ["", "**Warnings in the sources**", *[f"- {plain(str(w))}" for w in warnings]]
    return "\n".join(lines)


class MedicalAgentApp(ProfileActions):
    def __init__(self, runtime: AgentRuntime):
        self.runtime = runtime
        self.settings = runtime.settings
        # Exported profiles and page images are health data: written once, into Gradio's own folder under a
        # random name (served_files.py); they go when the profile is deleted or the browser starts a new patient,
        # and what a closed tab leaves expires with the cache (delete_cache in build(): every 5 minutes, older
        # than 10) or, after a crash, at the next start.
        self.served = ServedFiles()
        self.resume_attempts = Attempts("resume", self.settings.limits.max_code_attempts)

    # ----- handlers -------------------------------------------------------------------------------------
    def _profile_values(self, session: dict[str, str], lang: str = "ko") -> list[Any]:
        agent = self.runtime.agent
        if agent is None:
            return self.profile.values("", None)
        deps = agent.deps
        return self.profile.values(deps.profiles.summary(session["user_id"], lang), deps.profiles.get(session["user_id"]))

    def _panels(self, session: dict[str, str], result: dict[str, Any] | None) -> list[Any]:
        lang = (result or {}).get("language") or "ko"
        raw = json.dumps(result, ensure_ascii=False, default=str) if result else "{}"
        return [*self.slots.values(result), *self._profile_values(session, lang), *self.documents.values(result),
                *self.refine.values(result), json.loads(raw), *self.my_docs.listing(session),
                self.my_docs.cited_pages(session, result)]

    def chat(self, message: str, history: list[dict[str, Any]] | None, session: dict[str, str] | None,
             mode: str, profile: str, refine: bool, active: bool, cache: bool):
        """One turn, streamed: the chat grows token by token, slots and documents fill in as their nodes
        finish, and the last frame sets every panel from the final result (or clears them after an error,
        so the panels never describe an answer the chat does not show)."""
        session = session or new_session()
        shown = plain(message if isinstance(message, str) else "")
        history = [*valid(history or []), {"role": "user", "content": shown}, {"role": "assistant", "content": "…"}]
        skip = [gr.skip()] * len(self.panel_outputs)

        def frame(panels: list[Any]) -> tuple[Any, ...]:  # a snapshot: later tokens must not rewrite it
            return [*history], *panels, session, ""

        yield frame(skip)
        result: dict[str, Any] | None = None
        try:
            if self.runtime.agent is None and self.runtime.error is None:   # say why it is slow, not just "…"
                history[-1] = {"role": "assistant", "content": STARTING}
                yield frame(skip)
            agent = self.runtime.wait(timeout=600)
            text, logs = "", []
            for kind, payload in agent.stream(session["user_id"], message, thread_id=session["thread_id"],
                                              **run_options(mode, profile, refine, active, cache)):
                if kind == "generation_start" and payload:
                    text = f"_(answer judged weak — searching again, attempt {payload + 1})_\n\n"
                elif kind == "queue" and not text:     # waiting for the model: the place in line, not just "…"
                    history[-1] = {"role": "assistant", "content": queue_line(message, **payload)}
                    yield frame(skip)
                elif kind == "token":
                    text += payload
                    history[-1] = {"role": "assistant", "content": plain(text)}
                    yield frame(skip)
                elif kind == "node" and payload[0] in ("refine", "quality_check"):   # each verification as it ends
                    logs.extend(payload[1].get("refine_iteration_logs") or [])
                    outs = list(skip)
                    _, table, plot = self.refine.values({"refine_iteration_logs": logs})
                    outs[self.panel_outputs.index(self.refine.table)] = table
                    outs[self.panel_outputs.index(self.refine.plot)] = plot
                    yield frame(outs)
                elif kind == "node" and payload[0] in self.live_panels:
                    panel = self.live_panels[payload[0]]
                    outs = list(skip)
                    outs[self.panel_outputs.index(panel.table)] = panel.values(payload[1])[0]
                    yield frame(outs)
                elif kind == "final":
                    result = payload
            if result is None:
                raise RuntimeError("the graph ended without a final result")
            history[-1] = {"role": "assistant", "content": plain(result["answer"]) + sources_footer(result)}
        except InputError as exc:  # empty or over-long message: the text is written for the person
            history[-1] = {"role": "assistant", "content": f"⚠️ {for_person(str(exc))}"}
        except (TimeoutError, StartupError) as exc:  # the agent is not ready: say so plainly
            history[-1] = {"role": "assistant", "content": f"⚠️ {for_person(str(exc))}"}
        except Exception as exc:  # logged for the operator; the person sees a short text, never a trace
            log_failure(exc, self.settings.limits.log_health_data)
            result = None
            history[-1] = {"role": "assistant", "content": SORRY}
        yield frame(self._panels(session, result))

    def new_patient(self, session: dict[str, str] | None = None):
        """A fresh user and thread in this browser: empty chat and panels, the previous person's exported file
        hidden and removed."""
        if session:
            self.served.forget(session["user_id"])
        session = new_session()
        return [], *self._panels(session, None), session, hidden_file(), self.keep(session)

    def keep(self, session: dict[str, str]) -> str:
        return self.profile.keep_text(session["user_id"], self.settings.limits.profile_retention_days)

    def _localize(self, chatbot: Any, box: Any, send: Any, new: Any, my_docs: Any, mine: Any, raw_fold: Any,
                  controls: ControlsPanel) -> Localizer:
        """Every text the language switch changes, by its key in ``labels.TEXTS``."""
        loc, p = Localizer(), self.profile
        for component, key, attribute in (
                (chatbot, "chat", "label"), (box, "message", "placeholder"), (send, "send", "value"),
                (new, "new_patient", "value"), (my_docs, "my_documents", "label"), (mine, "profile_controls", "label"),
                (raw_fold, "raw", "label"), (self.slots.table, "slots", "label"), (p.table, "profile", "label"),
                (self.documents.table, "documents", "label"), (self.refine.table, "refine", "label"),
                (self.refine.plot, "plot", "label"), (p.item, "item", "label"), (p.action, "action", "label"),
                (p.value, "value", "label"), (p.apply, "apply", "value"), (p.record_file, "record", "label"),
                (p.export, "export", "value"), (p.delete, "delete", "value"), (p.code, "code", "label"),
                (p.resume, "resume", "value"), (controls.mode, "mode", "label"), (controls.profile, "ablation", "label")):
            loc.add(component, key, attribute)
        loc.add_choices(p.action, EDIT_ACTIONS)
        return loc

    # ----- layout ---------------------------------------------------------------------------------------
    def build(self) -> gr.Blocks:
        quiet_gradio_errors()
        with gr.Blocks(title="Medical Knowledge Agent", delete_cache=(300, 600)) as demo:
            self.served.cache = Path(demo.GRADIO_CACHE)
            session = gr.State(None)
            with gr.Row():
                header = gr.Markdown(header_text(self.runtime), elem_id="header")
                language = gr.Radio(UI_LANGUAGES, value="en", show_label=False, scale=0, min_width=180,
                                    elem_id="ui-language")
            self.profile = ProfilePanel()
            with gr.Row():
                with gr.Column(scale=5):
                    chatbot = gr.Chatbot(label="Chat", height=560, elem_id="chatbot")
                    with gr.Row():
                        box = gr.Textbox(placeholder="Ask a health question", show_label=False,
                                         scale=5, elem_id="message", max_lines=6)
                        send = gr.Button("Send", variant="primary", scale=1, elem_id="send")
                    gr.Examples(EXAMPLES, inputs=[box])
                    new = gr.Button("New patient", elem_id="new-patient")
                    controls = ControlsPanel(self.settings)
                    with gr.Accordion("My documents", open=False, elem_id="my-documents") as my_docs:
                        self.my_docs = MyDocumentsPanel(self.runtime, new_session, self.served)
                    with gr.Accordion(text("profile_controls"), open=False, elem_id="profile-controls") as mine:
                        self.profile.controls()
                with gr.Column(scale=6, elem_id="mission-panels"):      # the four panels, visible together
                    with gr.Row(equal_height=True):
                        with gr.Column(elem_classes="mission-panel", elem_id="panel-slots", min_width=160):
                            self.slots = SlotsPanel()
                        with gr.Column(elem_classes="mission-panel", elem_id="panel-profile", min_width=160):
                            self.profile.panel()
                    with gr.Row(equal_height=True):
                        with gr.Column(elem_classes="mission-panel", elem_id="panel-documents", min_width=160):
                            self.documents = DocumentsPanel()
                            self.review = ReviewPanel(self.runtime)
                        with gr.Column(elem_classes="mission-panel", elem_id="panel-refine", min_width=160):
                            self.refine = RefinePanel()
                    with gr.Accordion("Raw JSON (last turn)", open=False, elem_id="raw") as raw_fold:
                        raw = gr.JSON(label="Last turn (JSON)", elem_id="raw-result")
            panels = [self.slots.table, self.profile.summary, self.profile.table, self.profile.item,
                      self.documents.table,
                      self.refine.route, self.refine.table, self.refine.plot, raw, self.my_docs.table, self.my_docs.choice,
                      self.my_docs.pages]
            self.my_docs.wire(session)
            self.review.wire(raw)
            self.panel_outputs = panels
            self.live_panels = {"extract_slots": self.slots, "retrieve": self.documents}
            chat_inputs = [box, chatbot, session, *controls.inputs]
            chat_outputs = [chatbot, *panels, session, box]
            for trigger in (send.click, box.submit):
                trigger(self.chat, chat_inputs, chat_outputs, api_name="chat" if trigger == send.click else False,
                        concurrency_limit="default", concurrency_id="chat")
            new.click(self.new_patient, session, [chatbot, *panels, session, self.profile.export_file,
                                                  self.profile.keep], api_name=False)
            self.profile.resume.click(self.resume, [self.profile.code, session],
                                      [chatbot, *panels, session, self.profile.export_file, self.profile.keep,
                                       self.profile.code], api_name="resume")
            controls.profile.change(controls.profile_switches, controls.profile,
                                    [controls.refine, controls.active, controls.cache], api_name=False)
            self.profile.export.click(self.export, session, self.profile.export_file, api_name="export_profile")
            self.profile.record_file.upload(self.import_record, [self.profile.record_file, session],
                                            [self.profile.summary, self.profile.table, self.profile.item,
                                             self.profile.record_status, self.profile.record_file],
                                            api_name="import_record")
            self.profile.apply.click(self.edit_profile, [self.profile.item, self.profile.action, self.profile.value,
                                                         session],
                                     [self.profile.summary, self.profile.table, self.profile.item,
                                      self.profile.edit_status, self.profile.value], api_name="edit_profile")
            self.profile.delete.click(lambda: gr.update(visible=True), None, self.profile.confirm_row,
                                      api_name=False)
            self.profile.cancel.click(lambda: gr.update(visible=False), None, self.profile.confirm_row,
                                      api_name=False)
            self.profile.confirm.click(self.delete, session, [chatbot, *panels, session, self.profile.confirm_row,
                                                              self.profile.export_file], api_name="delete_profile")
            timer = gr.Timer(2.0)
            timer.tick(lambda: (header_text(self.runtime), gr.Timer(active=self.runtime.agent is None
                                                                     and self.runtime.error is None)),
                       None, [header, timer], api_name=False)
            def start() -> tuple[str, dict[str, str], str]:
                session = new_session()
                return header_text(self.runtime), session, self.keep(session)

            demo.load(start, None, [header, session, self.profile.keep], api_name=False)
            self.localizer = self._localize(chatbot, box, send, new, my_docs, mine, raw_fold, controls)
            language.change(self.localizer.updates, language, self.localizer.components, api_name=False)
        return demo
