"""What a person does with their profile in the demo, apart from chatting: come back by the resume code, correct
an item, import their own record, export it, delete it. A mixin of :class:`~.app.MedicalAgentApp`, which supplies
the runtime, the profile panel, the session helpers and the panel values these handlers return."""

from __future__ import annotations

import datetime as dt
import re
import secrets
import uuid
from pathlib import Path
from typing import Any

import gradio as gr

from ..context.profile.edits import EditError
from ..context.profile.fhir import RecordError, link_concepts, record_slots
from ..context.profile.schema import ENTITY_SLOTS
from ..graph.agent import MedicalAgent
from ..indexing.worker import read_record
from .served_files import discard_upload

RESUME_CODE = re.compile(r"web-[0-9a-f]{12,32}")


def hidden_file() -> dict[str, Any]:
    """Clears and hides the exported profile (it must not outlive its session). A fresh dict each time:
    Gradio consumes update dicts while processing them, so a shared constant breaks on its second use."""
    return gr.update(value=None, visible=False)


def new_session() -> dict[str, str]:
    """The browser's person: the user id is also the private resume code (80 random bits)."""
    return {"user_id": f"web-{secrets.token_hex(10)}", "thread_id": uuid.uuid4().hex}


def linked_concept(agent: MedicalAgent, key: str, value: str) -> dict[str, Any] | None:
    """The concept a corrected medicine, condition or symptom names (the agent's own linker), if any."""
    slot = key.partition(":")[0].strip()
    if slot not in ENTITY_SLOTS or not (value or "").strip():
        return None
    mentions = [m for m in agent.deps.linker.link(value) if m.slot + "s" == slot]
    return {"name": mentions[0].name, "cui": mentions[0].cui, "tui": mentions[0].tui} if mentions else None


class ProfileActions:
    """Handlers over ``self.runtime``, ``self.settings``, ``self.served``, ``self.profile`` and the app's
    ``_panels``/``_profile_values``/``keep``."""

    def resume(self, code: str, session: dict[str, str] | None):
        """Come back to a profile by its resume code, on this replica or any other one sharing the database: the
        stored profile and the person's most recent conversation, continued where it stopped (its last turns
        shown again). A code that is malformed or names no stored profile changes nothing and says so."""
        session = session or new_session()
        code = (code or "").strip()
        agent = self.runtime.wait(timeout=600)
        if not RESUME_CODE.fullmatch(code) or agent.deps.profiles.get(code) is None:
            note = (f"⚠️ No profile for that code (a typo, or it was deleted or expired).\n\n{self.keep(session)}")
            return [gr.skip()] * (len(self.panel_outputs) + 3) + [note, ""]
        thread = agent.storage.activity.last_thread(code)
        history = agent.thread_state(thread).get("conversation_history", []) if thread else []
        session = {"user_id": code, "thread_id": thread or uuid.uuid4().hex}
        chat = [{"role": t["role"], "content": t["content"]} for t in history]
        return chat, *self._panels(session, None), session, hidden_file(), self.keep(session), ""

    def edit_profile(self, key: str | None, action: str, value: str, session: dict[str, str] | None):
        """The person's correction of one profile item: made, recorded, shown; the next answer uses it."""
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        try:
            if not key:
                raise EditError("choose an item first / 항목을 먼저 고르세요")
            agent.deps.profiles.edit(session["user_id"], key, action, value, linked_concept(agent, key, value))
            note = f"✔ {key}: {action.replace('_', ' ')}" + (f" → {value}" if action == "correct" else "")
        except EditError as exc:
            note = f"⚠️ {exc}"
        return *self._profile_values(session), note, ""

    def import_record(self, file: str | None, session: dict[str, str] | None):
        """A person's own FHIR R4 bundle into their profile: active conditions, medicines, latest vitals and labs
        as items from the record. The file is read in a bounded child process (``indexing.worker``: inflated
        size, entries, items, time and memory capped), Gradio's copy deleted once read; a bad file changes
        nothing and says why in one line."""
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        try:
            if not file:
                raise RecordError("choose a FHIR R4 JSON file first / FHIR JSON 파일을 고르세요")
            try:
                record = link_concepts(read_record(Path(file), self.settings.limits), agent.deps.concepts)
            finally:
                discard_upload(file, self.served.cache)
            slots = record_slots(record, dt.datetime.now(dt.UTC).isoformat(timespec="seconds"))
            agent.deps.profiles.update(session["user_id"], slots)
            note = (f"✔ from your record: {len(slots['conditions'])} conditions, {len(slots['medications'])} "
                    f"medicines, {len(slots['vitals']) + len(slots['labs'])} readings")
        except RecordError as exc:
            note = f"⚠️ {exc}"
        return *self._profile_values(session), note, None

    def export(self, session: dict[str, str] | None) -> dict[str, Any]:
        """Write the person's profile to a JSON file and show it for download: one copy, in Gradio's folder under
        a random name (neither the name nor the URL holds the resume code), deleted with the profile."""
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        name = f"my-profile-{dt.date.today().isoformat()}.json"
        path = self.served.place(session["user_id"], name, agent.deps.profiles.export(session["user_id"]).encode())
        return gr.update(value=str(path), visible=True)

    def delete(self, session: dict[str, str] | None):
        session = session or new_session()
        agent = self.runtime.wait(timeout=600)
        agent.forget(session["user_id"], [session["thread_id"]])
        self.served.forget(session["user_id"])
        session = {**session, "thread_id": uuid.uuid4().hex}
        return [], *self._panels(session, None), session, gr.update(visible=False), hidden_file()
