"""The Gradio Blocks app: chat on the left, the agent's working on the right (slots, profile, documents,
refine log), a header naming the active backends. Each browser session has its own user and thread.

The chat handler is a generator that Gradio runs in its worker threads (off the event loop); it streams
tokens and updates panels as nodes finish. Errors become readable chat messages, never stack traces.
"""

from __future__ import annotations

import json
import logging
import tempfile
import uuid
from typing import Any

import gradio as gr

from ..graph.agent import InputError
from .controls import ControlsPanel, run_options
from .panels import DocumentsPanel, ProfilePanel, RefinePanel, SlotsPanel
from .runtime import AgentRuntime

log = logging.getLogger(__name__)
EXAMPLES = ["당뇨가 있어요. 메트포르민 부작용이 뭔가요?", "저는 65세 남성이고 혈압이 150/95예요. 혈압약은 어떤 종류가 있나요?",
            "What are the warning signs of a stroke?", "I take warfarin. Can I take ibuprofen for back pain?"]
SORRY = "⚠️ Sorry — something went wrong while answering (the error was logged). Please try again."


def new_session() -> dict[str, str]:
    return {"user_id": f"web-{uuid.uuid4().hex[:12]}", "thread_id": uuid.uuid4().hex}


def header_text(runtime: AgentRuntime) -> str:
    s = runtime.status()
    if s["state"] == "starting":
        return "### 🩺 Medical Knowledge Agent\n_Starting: loading models and building the index on first start…_"
    if s["state"] == "failed":
        return f"### 🩺 Medical Knowledge Agent\n⚠️ Start-up failed: `{s['error']}`"
    mode = " · **offline mode**" if s["offline"] else ""
    return (f"### 🩺 Medical Knowledge Agent{mode}\nLLM: **{s['llm']}** · embedder: **{s['embedder']}** · "
            f"index: `{s['index']}` ({s['documents']} passages) · concept linker: **{s['linker']}**\n\n"
            "_Information only, not a diagnosis — please talk to a clinician about your health._")


def sources_footer(result: dict[str, Any]) -> str:
    lines = [f"[{c['n']}] {c.get('title') or c.get('doc_id')}" + (f" — {c['url']}" if c.get("url") else "")
             for c in result.get("citations") or []]
    return ("\n\n**Sources**\n" + "\n".join(f"- {line}" for line in lines)) if lines else ""


class MedicalAgentApp:
    def __init__(self, runtime: AgentRuntime):
        self.runtime = runtime
        self.settings = runtime.settings

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
                *self.refine.values(result), json.loads(raw)]

    def chat(self, message: str, history: list[dict[str, Any]] | None, session: dict[str, str] | None,
             mode: str, profile: str, refine: bool, active: bool, cache: bool):
        session = session or new_session()
        history = [*(history or []), {"role": "user", "content": message or ""},
                   {"role": "assistant", "content": "…"}]
        skip = [gr.skip()] * 8
        yield history, *skip, session, ""
        result: dict[str, Any] | None = None
        try:
            agent = self.runtime.wait(timeout=600)
            text = ""
            for kind, payload in agent.stream(session["user_id"], message, thread_id=session["thread_id"],
                                              **run_options(mode, profile, refine, active, cache)):
                if kind == "generation_start" and payload:
                    text = f"_(answer judged weak — searching again, attempt {payload + 1})_\n\n"
                elif kind == "token":
                    text += payload
                    history[-1] = {"role": "assistant", "content": text}
                    yield history, *skip, session, ""
                elif kind == "node" and payload[0] in ("extract_slots", "retrieve"):
                    update = payload[1]
                    panel = self.slots.values(update) if payload[0] == "extract_slots" else \
                        self.documents.values(update)
                    outs = list(skip)
                    outs[0 if payload[0] == "extract_slots" else 3] = panel[0]
                    yield history, *outs, session, ""
                elif kind == "final":
                    result = payload
            history[-1] = {"role": "assistant", "content": result["answer"] + sources_footer(result)}
        except InputError as exc:
            history[-1] = {"role": "assistant", "content": f"⚠️ {exc}"}
        except Exception:  # logged with the trace; the person sees a short message
            log.exception("chat turn failed")
            history[-1] = {"role": "assistant", "content": SORRY}
        yield history, *self._panels(session, result), session, ""

    def new_patient(self):
        session = new_session()
        return [], *self._panels(session, None), session

    def export(self, session: dict[str, str] | None) -> str:
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", prefix="my-profile-", suffix=".json",
                                         delete=False) as fh:
            fh.write(agent.deps.profiles.export(session["user_id"]))
        return fh.name

    def delete(self, session: dict[str, str] | None):
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        agent.forget(session["user_id"], [session["thread_id"]])
        session = {**session, "thread_id": uuid.uuid4().hex}
        return [], *self._panels(session, None), session, gr.update(visible=False)

    # ----- layout ---------------------------------------------------------------------------------------
    def build(self) -> gr.Blocks:
        with gr.Blocks(title="Medical Knowledge Agent") as demo:
            session = gr.State(None)
            header = gr.Markdown(header_text(self.runtime), elem_id="header")
            with gr.Row():
                with gr.Column(scale=3):
                    chatbot = gr.Chatbot(label="Chat", height=560, elem_id="chatbot")
                    with gr.Row():
                        box = gr.Textbox(placeholder="질문을 입력하세요 / Ask a health question", show_label=False,
                                         scale=5, elem_id="message", max_lines=6)
                        send = gr.Button("Send", variant="primary", scale=1, elem_id="send")
                    gr.Examples(EXAMPLES, inputs=[box])
                    new = gr.Button("New patient", elem_id="new-patient")
                    controls = ControlsPanel(self.settings)
                with gr.Column(scale=2), gr.Tabs():
                    with gr.Tab("Slots"):
                        self.slots = SlotsPanel()
                    with gr.Tab("Profile"):
                        self.profile = ProfilePanel()
                    with gr.Tab("Documents"):
                        self.documents = DocumentsPanel()
                    with gr.Tab("Refine log"):
                        self.refine = RefinePanel()
                    with gr.Tab("Raw"):
                        raw = gr.JSON(label="Last turn (JSON)", elem_id="raw-result")
            panels = [self.slots.table, self.profile.summary, self.profile.table, self.documents.table,
                      self.refine.table, self.refine.plot, raw]
            chat_inputs = [box, chatbot, session, *controls.inputs]
            chat_outputs = [chatbot, self.slots.table, self.profile.summary, self.profile.table,
                            self.documents.table, self.refine.table, self.refine.plot, raw, session, box]
            for trigger in (send.click, box.submit):
                trigger(self.chat, chat_inputs, chat_outputs, api_name="chat" if trigger == send.click else False,
                        concurrency_limit=4, concurrency_id="chat")
            new.click(self.new_patient, None, [chatbot, *panels, session], api_name=False)
            controls.profile.change(controls.profile_switches, controls.profile,
                                    [controls.refine, controls.active, controls.cache], api_name=False)
            self.profile.export.click(self.export, session, self.profile.export, api_name=False)
            self.profile.delete.click(lambda: gr.update(visible=True), None, self.profile.confirm_row,
                                      api_name=False)
            self.profile.cancel.click(lambda: gr.update(visible=False), None, self.profile.confirm_row,
                                      api_name=False)
            self.profile.confirm.click(self.delete, session, [chatbot, *panels, session, self.profile.confirm_row],
                                       api_name=False)
            timer = gr.Timer(2.0)
            timer.tick(lambda: (header_text(self.runtime), gr.Timer(active=self.runtime.agent is None
                                                                     and self.runtime.error is None)),
                       None, [header, timer], api_name=False)
            demo.load(lambda: (header_text(self.runtime), new_session()), None, [header, session], api_name=False)
        return demo
