"""The Gradio Blocks app: a compact header, the chat on the left (with its steps, 👍/👎 and the person's own
controls below), the agent's working on the right (four panels: slots, profile, documents, refine log), and a
closed "Advanced / research" fold for what only a researcher needs (mode, ablation profile, switches, backends,
clinician review, the last turn as JSON). Each browser session has its own user and thread; a person signed in
with Hugging Face (``sign_in``) has their account's, on any device.

Every word comes from the label table (``labels``) in the interface's language, which starts as the browser's and
is kept across reloads (``localizer``); switching it renders the panels again from the last turn. The chat turn is
``chat_turn``, the profile's actions ``profile_actions``, the ratings ``feedback``. What people and documents wrote
is shown as text, never as HTML (``text_safety``); no server path is shown anywhere.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import gradio as gr

from .attempts import Attempts
from .chat_turn import SORRY, STARTING, ChatTurns
from .confirm import Confirm, hide
from .controls import ControlsPanel
from .feedback import FeedbackPanel
from .formatting import Namer
from .labels import EXAMPLE_QUESTIONS, lang_of, term, text
from .localizer import FIRST_LANGUAGE_JS, Localizer, language_radio, stored_language
from .my_documents import MyDocumentsPanel
from .panels import DocumentsPanel, ProfilePanel, RefinePanel, SlotsPanel, item_choices
from .profile_actions import AccountControls, ProfileActions, hidden_file, keep_text, new_session
from .quiet_errors import quiet_gradio_errors
from .review import ReviewPanel
from .runtime import AgentRuntime
from .scroll import SCROLL_TO_NEW_ANSWER_JS
from .served_files import ServedFiles
from .sign_in import SignIn, login_button, wire_button
from .text_safety import for_person

__all__ = ["EXAMPLES", "SORRY", "STARTING", "MedicalAgentApp", "header_text", "new_session", "tech_text"]
# The benchmarks' questions (eval/benches/ui.py): two Korean, two English, as before the label table.
EXAMPLES = [*EXAMPLE_QUESTIONS["ko"][:2], *EXAMPLE_QUESTIONS["en"][2:]]


def header_text(runtime: AgentRuntime, lang: str = "en") -> str:
    """Title, offline badge and the disclaimer: what a visitor needs, nothing about the server."""
    s = runtime.status()
    title = f"### {text('title', lang)}"
    if s["state"] == "starting":
        return f"{title}\n_{text('starting_header', lang)}_"
    if s["state"] == "failed":
        return f"{title}\n{text('failed_header', lang, error=for_person(s['error'] or ''))}"
    badge = f" · **{text('offline', lang)}**" if s["offline"] else ""
    return f"{title}{badge}\n_{text('disclaimer', lang)}_"


def tech_text(runtime: AgentRuntime, lang: str = "en") -> str:
    """The backends, for the Advanced fold: model, embedder, the index by its name only, the concept linker."""
    s = runtime.status()
    if s["state"] != "ready":
        return ""
    shown = {k: for_person(str(s[k])) for k in ("llm", "embedder")}
    shown["linker"] = term("linker", s["linker"], lang)
    if s["offline"]:
        shown["llm"] = text("no_model", lang)
    warning = f"\n\n{text('linker_fallback', lang, detail=for_person(s['linker_warning'][:200]))}" \
        if s.get("linker_warning") else ""
    return text("tech", lang, index=Path(str(s["index"])).name, documents=s["documents"], **shown) + warning


class MedicalAgentApp(ChatTurns, ProfileActions):
    def __init__(self, runtime: AgentRuntime):
        self.runtime = runtime
        self.settings = runtime.settings
        # Exported profiles and page images are health data: written once, into Gradio's own folder under a
        # random name (served_files.py); they go when the profile is deleted or the browser starts a new patient,
        # and what a closed tab leaves expires with the cache (delete_cache in build(): every 5 minutes, older
        # than 10) or, after a crash, at the next start.
        self.served = ServedFiles()
        self.resume_attempts = Attempts("resume", self.settings.limits.max_code_attempts)
        self.sign_in = SignIn(self.settings)
        self.login: gr.LoginButton | None = None

    # ----- what the panels show -------------------------------------------------------------------------
    def namer(self) -> Namer | None:
        agent = self.runtime.agent
        return agent.deps.profiles.korean_name if agent is not None else None

    def keep(self, session: dict[str, str], lang: str = "en") -> str:
        return keep_text(session["user_id"], self.settings.limits.profile_retention_days, lang, session.get("account"))

    def item_label(self, session: dict[str, str], key: str, lang: str) -> str:
        """An item as the editor lists it (the person's words for it), for the line saying what was changed."""
        agent = self.runtime.agent
        profile = agent.deps.profiles.get(session["user_id"]) if agent else None
        return dict((value, label) for label, value in item_choices(profile, lang, self.namer())).get(key, key)

    def _profile_values(self, session: dict[str, str] | None, lang: str = "en") -> list[Any]:
        agent = self.runtime.agent
        if agent is None or not session:
            return self.profile.values("", None, lang)
        profiles = agent.deps.profiles
        return self.profile.values(profiles.summary(session["user_id"], lang), profiles.get(session["user_id"]), lang,
                                   self.namer())

    def _display(self, session: dict[str, str] | None, result: dict[str, Any] | None, lang: str) -> list[Any]:
        """The panels' values for :attr:`display_outputs` (what a language switch renders again)."""
        return [*self.slots.values(result, lang, self.namer()), *self._profile_values(session, lang),
                *self.documents.values(result, lang), *self.refine.values(result, lang),
                *self.my_docs.listing(session, lang)]

    def _panels(self, session: dict[str, str] | None, result: dict[str, Any] | None, lang: str = "en") -> list[Any]:
        """The values of :attr:`panel_outputs` after a turn (or a reset)."""
        raw = json.loads(json.dumps(result, ensure_ascii=False, default=str)) if result else {}
        return [*self._display(session, result, lang), raw, self.my_docs.cited_pages(session, result, lang)]

    def live_panels(self, node: str, partial: dict[str, Any], lang: str) -> list[tuple[Any, Any]]:
        """(component, value) for the panels a finished node changes while the turn runs."""
        if node == "extract_slots":
            return [(self.slots.html, self.slots.values(partial, lang, self.namer())[0])]
        if node == "retrieve":
            return [(self.documents.html, self.documents.values(partial, lang)[0])]
        if node in ("refine", "quality_check"):
            return list(zip((self.refine.html, self.refine.plot), self.refine.values(partial, lang), strict=True))
        return []

    # ----- handlers -------------------------------------------------------------------------------------
    def new_patient(self, session: dict[str, str] | None = None, lang: str = "en"):
        """A fresh user and thread in this browser (asked first): empty chat and panels, the previous person's
        exported file hidden and removed, and a line saying so."""
        if session:
            self.served.forget(session["user_id"])
        session = new_session()
        return [], *self._panels(session, None, lang), session, hidden_file(), self.keep(session, lang), {}, \
            hide(), text("new_patient_done", lang)

    def relabel(self, choice: str, session: dict[str, str] | None, last: dict[str, Any] | None):
        """Every text in ``choice``'s language: the registered words, the examples, the header, and the panels
        rendered again from the last turn (``last``: the raw JSON)."""
        lang = lang_of(choice)
        changes: dict[int, dict[str, Any]] = {}

        def put(component: Any, value: Any) -> None:
            update = value if isinstance(value, dict) else {"value": value}
            changes.setdefault(id(component), {}).update({k: v for k, v in update.items() if k != "__type__"})

        for component, update in zip(self.localizer.components, self.localizer.updates(lang), strict=True):
            put(component, update)
        for component, value in zip(self.display_outputs, self._display(session, last or None, lang), strict=True):
            put(component, value)
        put(self.examples.dataset, {"samples": [[q] for q in EXAMPLE_QUESTIONS[lang]], "label": text("examples", lang)})
        put(self.header, header_text(self.runtime, lang))
        put(self.tech, tech_text(self.runtime, lang))
        put(self.my_docs.upload, self.my_docs.upload_label(lang))
        put(self.controls.mode, self.controls.mode_state(self.runtime.status(), lang))
        if session:
            put(self.account.keep, self.keep(session, lang))
        if self.login is not None:
            put(self.login, self.sign_in.label(session, lang))
        return [lang, lang, *[gr.update(**changes.get(id(c), {})) for c in self.relabel_outputs]]

    def status_values(self, lang: str) -> list[Any]:
        """The header, the backends line and the mode's state: what changes when the agent becomes ready."""
        return [header_text(self.runtime, lang), tech_text(self.runtime, lang),
                self.controls.mode_state(self.runtime.status(), lang)]

    def tick(self, lang: str):
        """While the agent starts: its state every two seconds; the timer stops once it is ready (or failed)."""
        return *self.status_values(lang), gr.Timer(active=self.runtime.agent is None and self.runtime.error is None)

    def start(self, first: str, profile: gr.OAuthProfile | None = None):
        """The page's first frame: a session (the signed-in account's, else a new anonymous one), the header, the
        first language (the stored choice, else the browser's), which the language switch then applies to
        everything, and the sign-in button's label when there is one."""
        account, lang = self.sign_in.account(profile), lang_of(first)
        session = self.sign_in.session(account) if account else new_session()
        label = [self.sign_in.label(session, lang)] if self.login is not None else []
        return *self.status_values(lang), session, self.keep(session, lang), lang, *label

    # ----- layout ---------------------------------------------------------------------------------------
    def build(self) -> gr.Blocks:
        quiet_gradio_errors()
        loc = self.localizer = Localizer()
        self.login = login_button() if self.sign_in.enabled else None
        with gr.Blocks(title=text("title"), delete_cache=(300, 600)) as demo:
            self.served.cache = Path(demo.GRADIO_CACHE)
            session, traces, ui_lang, stored = gr.State(None), gr.State({}), gr.State("en"), stored_language()
            with gr.Row(elem_id="top", equal_height=True):
                self.header = gr.Markdown(header_text(self.runtime), elem_id="header")
                language = loc.add(language_radio(), "language")
                if self.login is not None:
                    wire_button(self.login.render())
            self.profile = ProfilePanel()
            with gr.Row(elem_id="main"):
                with gr.Column(scale=5, elem_id="chat-column", min_width=320):
                    chatbot = loc.add(gr.Chatbot(label=text("chat"), show_label=False, height=560, elem_id="chatbot",
                                                 autoscroll=False, group_consecutive_messages=True, buttons=["copy"]),
                                      "chat")
                    self.feedback = FeedbackPanel(self.runtime, loc)
                    with gr.Row(elem_id="ask"):
                        box = loc.add(loc.add(gr.Textbox(placeholder=text("message"), label=text("message"),
                                                         show_label=False, scale=5, elem_id="message", max_lines=6),
                                              "message", "placeholder"), "message")
                        send = loc.add(gr.Button(text("send"), variant="primary", scale=1, min_width=80,
                                                 elem_id="send"), "send", "value")
                    self.examples = gr.Examples([[q] for q in EXAMPLE_QUESTIONS["en"]], inputs=[box],
                                                label=text("examples"))
                    new = loc.add(gr.Button(text("new_patient"), size="sm", elem_id="new-patient"), "new_patient",
                                  "value")
                    new_confirm = Confirm(loc, "new_patient_ask", "yes_new", "new-patient-confirm")
                    new_status = gr.Markdown("", elem_id="new-patient-status")
                    with loc.add(gr.Accordion(text("my_documents"), open=False, elem_id="my-documents"),
                                 "my_documents"):
                        self.my_docs = MyDocumentsPanel(self.runtime, new_session, self.served, loc)
                    with loc.add(gr.Accordion(text("profile_controls"), open=False, elem_id="profile-controls"),
                                 "profile_controls"):
                        self.profile.editor(loc)
                        self.account = AccountControls(loc)
                    with loc.add(gr.Accordion(text("advanced"), open=False, elem_id="advanced"), "advanced"):
                        self.tech = gr.Markdown("", elem_id="tech")
                        controls = self.controls = ControlsPanel(self.settings, loc)
                        self.review = ReviewPanel(self.runtime, loc)
                        raw = loc.add(gr.JSON(label=text("raw"), elem_id="raw-result"), "raw")
                with gr.Column(scale=6, elem_id="mission-panels", min_width=320):  # the four panels, together
                    with gr.Row(equal_height=True):
                        with gr.Column(elem_classes="mission-panel", elem_id="panel-slots", min_width=240):
                            self.slots = SlotsPanel(loc)
                        with gr.Column(elem_classes="mission-panel", elem_id="panel-profile", min_width=240):
                            self.profile.panel(loc)
                    with gr.Row(equal_height=True):
                        with gr.Column(elem_classes="mission-panel", elem_id="panel-documents", min_width=240):
                            self.documents = DocumentsPanel(loc)
                        with gr.Column(elem_classes="mission-panel", elem_id="panel-refine", min_width=240):
                            self.refine = RefinePanel(loc)
            self.display_outputs = [self.slots.html, self.profile.summary, self.profile.card, self.profile.item,
                                    self.documents.html, self.refine.html, self.refine.plot, self.my_docs.table,
                                    self.my_docs.choice]
            self.panel_outputs = [*self.display_outputs, raw, self.my_docs.pages]
            self.relabel_outputs = list(dict.fromkeys([*loc.components, *self.display_outputs, self.examples.dataset,
                                                       self.header, self.tech, self.my_docs.upload,
                                                       self.account.keep, controls.mode,
                                                       *([self.login] if self.login is not None else [])]))
            self._wire(demo, chatbot, box, send, new, new_confirm, new_status, controls, raw, session, traces,
                       ui_lang, stored, language)
        return demo

    def _wire(self, demo: gr.Blocks, chatbot: Any, box: Any, send: Any, new: Any, new_confirm: Confirm,
              new_status: Any, controls: ControlsPanel, raw: Any, session: Any, traces: Any, ui_lang: Any,
              stored: Any, language: Any) -> None:
        panels, account = self.panel_outputs, self.account
        self.my_docs.wire(session, ui_lang)
        self.review.wire(raw, ui_lang)
        self.feedback.wire(chatbot, session, traces, ui_lang)
        controls.wire()
        chat_inputs = [box, chatbot, session, *controls.inputs, ui_lang, traces]
        chat_outputs = [chatbot, *panels, session, box, traces]
        for trigger in (send.click, box.submit):
            trigger(self.chat, chat_inputs, chat_outputs, api_name="chat" if trigger == send.click else False,
                    concurrency_limit="default", concurrency_id="chat")
        chatbot.change(None, None, None, js=SCROLL_TO_NEW_ANSWER_JS, api_name=False, queue=False)
        new_confirm.ask_on(new)
        new_confirm.yes.click(self.new_patient, [session, ui_lang],
                              [chatbot, *panels, session, account.export_file, account.keep, traces,
                               new_confirm.row, new_status], api_name=False)
        account.resume.click(self.resume, [account.code, session, ui_lang],
                             [chatbot, *panels, session, account.export_file, traces, account.keep, account.code],
                             api_name="resume")
        account.export.click(self.export, session, account.export_file, api_name="export_profile")
        account.record_file.upload(self.import_record, [account.record_file, session, ui_lang],
                                   [self.profile.summary, self.profile.card, self.profile.item, account.record_status,
                                    account.record_file], api_name="import_record")
        self.profile.apply.click(self.edit_profile, [self.profile.item, self.profile.action, self.profile.value,
                                                     session, ui_lang],
                                 [self.profile.summary, self.profile.card, self.profile.item,
                                  self.profile.edit_status, self.profile.value], api_name="edit_profile")
        account.confirm.ask_on(account.delete)
        account.confirm.yes.click(self.delete, [session, ui_lang],
                                  [chatbot, *panels, session, traces, account.confirm.row, account.export_file,
                                   account.delete_status], api_name="delete_profile")
        timer = gr.Timer(2.0)
        timer.tick(self.tick, ui_lang, [self.header, self.tech, controls.mode, timer], api_name=False)
        login = [self.login] if self.login is not None else []
        loaded = demo.load(self.start, stored, [self.header, self.tech, controls.mode, session, account.keep, language,
                                                *login], js=FIRST_LANGUAGE_JS, api_name=False)
        if login:   # a signed-in person's last conversation, as a resume code brings it back
            loaded.then(self.open_account, [session, language], [chatbot, *panels, session, traces], api_name=False)
        language.change(self.relabel, [language, session, raw], [ui_lang, stored, *self.relabel_outputs],
                        api_name=False)
