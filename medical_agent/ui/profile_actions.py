"""What a person does with their profile in the demo, apart from chatting: come back by the resume code, correct
an item, import their own record, export it, delete it. A mixin of :class:`~.app.MedicalAgentApp`, which supplies
the runtime, the profile panel, the session helpers and the panel values these handlers return.

An import and an edit pass the checks every entry point shares (``context.profile.validation``, applied by the
profile store): a refused one changes nothing and says why in one line; an unexpected failure says so in one line
too, and the log gets its type and code locations only (``logging_setup.describe_failure``). Wrong resume codes
are limited per client (``attempts``)."""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
import secrets
import uuid
from pathlib import Path
from typing import Any

import gradio as gr

from ..context.profile.edits import EditError
from ..context.profile.fhir import RecordError, link_concepts, record_slots
from ..context.profile.schema import ENTITY_SLOTS
from ..context.profile.validation import InvalidFacts
from ..graph.agent import MedicalAgent
from ..indexing.worker import read_record
from ..logging_setup import describe_failure
from .attempts import client_of, wait_line
from .confirm import Confirm
from .labels import lang_of, text
from .localizer import Localizer
from .served_files import discard_upload
from .text_safety import for_person, plain

log = logging.getLogger(__name__)

RESUME_CODE = re.compile(r"web-[0-9a-f]{12,32}")


def hidden_file() -> dict[str, Any]:
    """Clears and hides the exported profile (it must not outlive its session). A fresh dict each time:
    Gradio consumes update dicts while processing them, so a shared constant breaks on its second use."""
    return gr.update(value=None, visible=False)


def new_session() -> dict[str, str]:
    """The browser's person: the user id is also the private resume code (80 random bits)."""
    return {"user_id": f"web-{secrets.token_hex(10)}", "thread_id": uuid.uuid4().hex}


def keep_text(user_id: str, retention_days: float, lang: str = "en", account: str | None = None) -> str:
    """Which rule applies to this browser's data: the private code that brings the profile back (or, signed in, the
    account it follows), and expiry. A signed-in person's key is never shown: it is not a resume code."""
    rule = text("keep_days", lang, days=f"{retention_days:g}") if retention_days > 0 else text("keep_forever", lang)
    if account:
        return text("keep_account", lang, name=for_person(account), rule=rule)
    return text("keep", lang, code=user_id, rule=rule)


def reopen(agent: MedicalAgent, user_id: str) -> tuple[list[dict[str, str]], str]:
    """A stored person's most recent conversation as the chat shows it (its last turns), and its thread id (a new
    one when they have none): what a resume code or a sign-in on another device continues."""
    thread = agent.storage.activity.last_thread(user_id)
    history = agent.thread_state(thread).get("conversation_history", []) if thread else []
    return [{"role": t["role"], "content": plain(str(t["content"]))} for t in history], thread or uuid.uuid4().hex


def linked_concept(agent: MedicalAgent, key: str, value: str) -> dict[str, Any] | None:
    """The concept a corrected medicine, condition or symptom names (the agent's own linker), if any."""
    slot = key.partition(":")[0].strip()
    if slot not in ENTITY_SLOTS or not (value or "").strip():
        return None
    mentions = [m for m in agent.deps.linker.link(value) if m.slot + "s" == slot]
    return {"name": mentions[0].name, "cui": mentions[0].cui, "tui": mentions[0].tui} if mentions else None


class AccountControls:
    """Import a record, export, delete (asked first; then says what went), the resume code."""

    def __init__(self, loc: Localizer) -> None:
        # no file_types: Gradio's check would answer another file with a bare "Error"; the reader says why
        self.record_file = loc.add(gr.File(label=text("record"), elem_id="profile-record"), "record")
        self.record_status = gr.Markdown("", elem_id="profile-record-status")
        with gr.Row():
            # A button filling a File, not a DownloadButton: that one downloads the value it had *before* the
            # click ran, so the first click would fetch nothing.
            self.export = loc.add(gr.Button(text("export"), elem_id="profile-export"), "export", "value")
            self.delete = loc.add(gr.Button(text("delete"), variant="stop", elem_id="profile-delete"), "delete",
                                  "value")
        self.export_file = loc.add(gr.File(label=text("export_file"), visible=False, elem_id="profile-export-file"),
                                   "export_file")
        self.confirm = Confirm(loc, "delete_ask", "yes_delete", "profile-delete-confirm")
        self.delete_status = gr.Markdown("", elem_id="profile-delete-status")
        self.keep = gr.Markdown("", elem_id="profile-keep")
        with gr.Row():
            self.code = loc.add(gr.Textbox(placeholder="web-…", label=text("code"), type="password", scale=4,
                                           elem_id="profile-code"), "code")
            self.resume = loc.add(gr.Button(text("resume"), scale=1, elem_id="profile-resume"), "resume", "value")


class ProfileActions:
    """Handlers over ``self.runtime``, ``self.settings``, ``self.served``, ``self.profile`` and the app's
    ``_panels``/``_profile_values``/``keep``/``item_label``."""

    def resume(self, code: str, session: dict[str, str] | None, request: gr.Request | None = None, lang: str = "en"):
        """Come back to a profile by its resume code, on this replica or any other one sharing the database: the
        stored profile and the person's most recent conversation, continued where it stopped (its last turns
        shown again). A code that is malformed or names no stored profile changes nothing and says so; past
        ``max_code_attempts`` wrong ones a minute, the client waits and no code is looked up meanwhile. (A code is
        looked up by key in the database, not compared in Python: the limit is what bounds guessing.)"""
        session = session or new_session()
        code = (code or "").strip()
        agent = self.runtime.wait(timeout=600)
        client = client_of(request)
        wait = self.resume_attempts.wait(client)
        if wait or not RESUME_CODE.fullmatch(code) or agent.deps.profiles.get(code) is None:
            wait = wait or self.resume_attempts.failed(client)
            note = wait_line(wait, lang) if wait else text("no_code", lang)
            return [gr.skip()] * (len(self.panel_outputs) + 4) + [f"{note}\n\n{self.keep(session, lang)}", ""]
        self.resume_attempts.succeeded(client)
        chat, thread = reopen(agent, code)
        session = {"user_id": code, "thread_id": thread}
        return chat, *self._panels(session, None, lang), session, hidden_file(), {}, self.keep(session, lang), ""

    def open_account(self, session: dict[str, str] | None, lang: str = "en"):
        """After a signed-in page loads: the account's profile, panels and most recent conversation, whichever
        device or replica it was last used on (anonymous sessions: nothing changes). It waits for an agent still
        starting, as a first question would; if the agent failed, the page stays as it is."""
        if not session or not session.get("account"):
            return [gr.skip()] * (len(self.panel_outputs) + 3)
        try:
            agent = self.runtime.wait(timeout=600)
        except (TimeoutError, RuntimeError):
            return [gr.skip()] * (len(self.panel_outputs) + 3)
        chat, thread = reopen(agent, session["user_id"])
        session = {**session, "thread_id": thread}
        return chat, *self._panels(session, None, lang_of(lang)), session, {}

    def edit_profile(self, key: str | None, action: str, value: str, session: dict[str, str] | None,
                     lang: str = "en"):
        """The person's correction of one item: checked like every entry point's facts, made, recorded, shown; the
        next answer uses it. A refused edit changes nothing and says why in one line."""
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        try:
            if not key:
                raise EditError(text("choose_item", lang))
            if len(value or "") > self.settings.limits.max_name_chars:     # before the linker reads it
                raise EditError(text("value_too_long", lang, n=len(value), max=self.settings.limits.max_name_chars))
            shown = self.item_label(session, key, lang)
            agent.deps.profiles.edit(session["user_id"], key, action, value, linked_concept(agent, key, value))
            what = text(f"edit.{action}", lang) + (f" → {value}" if action == "correct" else "")
            note = text("edit_done", lang, item=shown, action=what)
        except EditError as exc:
            note = f"⚠️ {exc}"
        except Exception as exc:  # the person gets one line, the log the type and code locations
            log.error("profile edit failed: %s", describe_failure(exc, self.settings.limits.log_health_data))
            note = text("edit_failed", lang)
        return *self._profile_values(session, lang), for_person(note), ""

    def import_record(self, file: str | None, session: dict[str, str] | None, lang: str = "en"):
        """A person's own FHIR R4 bundle into their profile: active conditions, medicines, latest vitals and labs
        as items from the record, each reading with the date it was measured (one older than
        ``record_current_days`` is past). The file is read in a bounded child process (``indexing.worker``:
        inflated size, entries, depth, items, time and memory capped), Gradio's copy deleted once read; its facts
        pass the checks every entry point shares, all or none (``whole``). A bad file changes nothing and says why
        in one line."""
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        limits = self.settings.limits
        name = Path(file).name if file else ""
        try:
            if not file:
                raise RecordError(text("record_choose", lang))
            try:
                record = link_concepts(read_record(Path(file), limits), agent.deps.concepts)
            finally:
                discard_upload(file, self.served.cache)
            slots = record_slots(record, dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                                 limits.record_current_days)
            agent.deps.profiles.update(session["user_id"], slots, whole=True)
            past = [r for r in slots["vitals"] + slots["labs"] if r.get("past")]
            note = text("record_done", lang, c=len(slots["conditions"]), m=len(slots["medications"]),
                        r=len(slots["vitals"]) + len(slots["labs"])) \
                + (text("record_past", lang, n=len(past), days=f"{limits.record_current_days:g}") if past else "")
        except RecordError as exc:
            note = f"⚠️ {exc}"
        except InvalidFacts as exc:
            note = text("record_refused", lang, name=name, reason=exc)
        except Exception as exc:  # the person gets one line, the log the type and code locations
            log.error("record import failed: %s", describe_failure(exc, limits.log_health_data))
            note = text("record_failed", lang, name=name)
        return *self._profile_values(session, lang), for_person(note), None

    def export(self, session: dict[str, str] | None) -> dict[str, Any]:
        """Write the person's profile, with the ratings they gave answers, to a JSON file and show it for
        download: one copy, in Gradio's folder under a random name (neither the name nor the URL holds the resume
        code), deleted with the profile."""
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        name = f"my-profile-{dt.date.today().isoformat()}.json"
        data = json.loads(agent.deps.profiles.export(session["user_id"]))
        data["feedback"] = agent.storage.feedback.for_user(session["user_id"])
        content = json.dumps(data, ensure_ascii=False, indent=2).encode()
        path = self.served.place(session["user_id"], name, content)
        return gr.update(value=str(path), visible=True)

    def delete(self, session: dict[str, str] | None, lang: str = "en"):
        """Erase everything stored about the person (asked first) and say what went; the answers' traces go too
        (a rating must never name an answer of the chat that was shown before)."""
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        agent.forget(session["user_id"], [session["thread_id"]])
        self.served.forget(session["user_id"])
        session = {**session, "thread_id": uuid.uuid4().hex}
        return [], *self._panels(session, None, lang), session, {}, gr.update(visible=False), hidden_file(), \
            text("deleted", lang)
