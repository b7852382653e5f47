"""The "내 문서 / My documents" panel: upload PDFs (and .md/.txt/.html) into the person's private collection, see
them listed with their pages, delete one, and see the pages the last answer cited.

The panel builds its own components and registers its own events (as kotaemon's pages do); the chat handler
only asks it for the cited pages after a turn. A page image is written once into Gradio's folder for its person
(served_files.py), so the collection's folder is never a served path and the image goes with the profile.
Gradio's copy of an upload is deleted once the collection has read it, whatever the outcome. The upload takes any
file (Gradio's own type check refuses a whole batch for one file): the collection refuses each file it cannot
read, alone, with its reason. Status lines name files as the person did, never the server's folders, and show
names as text (``text_safety``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gradio as gr
import pandas as pd

from ..collections import SUFFIXES
from ..logging_setup import describe_failure
from .runtime import AgentRuntime
from .served_files import ServedFiles, discard_upload
from .text_safety import for_person

log = logging.getLogger(__name__)
MAX_PAGES_SHOWN = 4


class MyDocumentsPanel:
    HEADERS = ["document", "title", "pages", "passages"]

    def __init__(self, runtime: AgentRuntime, new_session: Callable[[], dict[str, str]],
                 served: ServedFiles) -> None:
        self.runtime, self.new_session, self.served = runtime, new_session, served
        shared = runtime.settings.ui.shared_documents
        gr.Markdown("**내 문서 / My documents** — " + (
            "uploads go into the collection everyone here searches." if shared else
            "private to you, searched together with the knowledge base, erased with your profile."))
        self.upload = gr.File(label=f"Upload ({' '.join(SUFFIXES)}, up to {runtime.settings.ui.max_upload_mb} MB)",
                              file_count="multiple", elem_id="docs-upload")
        self.status = gr.Markdown("", elem_id="docs-status")
        self.table = gr.Dataframe(headers=self.HEADERS, value=[], label="Your documents", interactive=False,
                                  wrap=True, elem_id="docs-table")
        with gr.Row():
            self.choice = gr.Dropdown(choices=[], label="Document", scale=4, elem_id="docs-choice")
            self.delete = gr.Button("Delete document", variant="stop", scale=1, elem_id="docs-delete")
        self.pages = gr.Gallery(label="Pages cited in the last answer", columns=2, height=320, elem_id="docs-pages")

    # ----- handlers ---------------------------------------------------------------------------------------
    def add(self, files: list[Any] | None, session: dict[str, str] | None,
            progress: Any = gr.Progress()):  # noqa: B008  (Gradio injects its tracker through this default)
        """Index the uploaded files into the person's collection; each unreadable file says why."""
        session = session or self.new_session()
        paths = [Path(getattr(f, "name", f)) for f in files or []]
        try:
            agent = self.runtime.wait(timeout=600)
            if not paths:
                return "Choose one or more files first.", *self.listing(session), session, None
            progress(0.1, desc=f"indexing {len(paths)} file(s)…")
            report = agent.deps.collections.add(session["user_id"], paths)
        except (OSError, RuntimeError) as exc:    # a full disk, an unwritable folder: said plainly, logged
            log.warning("documents could not be indexed: %s", type(exc).__name__)
            return (f"⚠️ The documents could not be indexed ({type(exc).__name__}); nothing was added. Please try "
                    "again later."), *self.listing(session), session, None
        except ValueError as exc:               # nothing in the collection could be indexed: its reasons
            log.warning("documents could not be indexed: %s", type(exc).__name__)
            return for_person(f"⚠️ Nothing was added: {exc}"), *self.listing(session), session, None
        except Exception as exc:                # unexpected: one line here, type and code locations in the log
            log.error("documents could not be indexed: %s", describe_failure(exc))
            return "⚠️ The documents could not be indexed; nothing was added. Please try again later.", \
                *self.listing(session), session, None
        finally:
            for path in paths:
                discard_upload(path, self.served.cache)
        lines = [f"✔ {name} added" for name in report.added]
        lines += [f"⚠️ {s['file']}: {s['reason']}" for s in report.skipped]
        if report.added:
            lines.append(f"_indexed in {report.seconds:.1f} s — ask about it in the chat_")
        return "\n\n".join(for_person(line) for line in lines), *self.listing(session), session, None

    def remove(self, name: str | None, session: dict[str, str] | None):
        session = session or self.new_session()
        agent = self.runtime.wait(timeout=600)
        if not name:
            return "Choose a document to delete.", *self.listing(session), session
        try:
            done = agent.deps.collections.delete(session["user_id"], name)
        except ValueError as exc:              # the rest of the collection could not be indexed again
            log.warning("a document could not be deleted: %s", type(exc).__name__)
            return for_person(f"⚠️ {name} could not be deleted: {exc}"), *self.listing(session), session
        note = f"🗑 {name} deleted" if done else f"⚠️ {name} is not in your documents"
        return for_person(note), *self.listing(session), session

    def listing(self, session: dict[str, str] | None) -> list[Any]:
        agent = self.runtime.agent
        docs = agent.deps.collections.list(session["user_id"]) if agent and session and agent.deps.collections \
            else []
        rows = [[d["name"], d["title"], d["pages"], d["chunks"]] for d in docs]
        names = [d["name"] for d in docs]
        return [pd.DataFrame(rows, columns=self.HEADERS), gr.update(choices=names, value=names[0] if names else None)]

    def cited_pages(self, session: dict[str, str] | None, result: dict[str, Any] | None) -> list[tuple[Any, str]]:
        """Images of the pages the answer cited from the person's documents: (served path, "[n] file, p. N")."""
        agent = self.runtime.agent
        if not (agent and session and result and agent.deps.collections):
            return []
        shown = []
        for c in result.get("citations") or []:
            if not c.get("page") or len(shown) >= MAX_PAGES_SHOWN:
                continue
            path = agent.deps.collections.page_image(session["user_id"], c.get("source") or "", c["page"])
            if path is not None:
                served = self.served.place(session["user_id"], f"page-{c['page']}.png", path.read_bytes())
                shown.append((str(served), f"[{c['n']}] {c['source']}, p. {c['page']}"))
        return shown

    # ----- events -----------------------------------------------------------------------------------------
    def wire(self, session: gr.State) -> None:
        outputs = [self.status, self.table, self.choice, session]
        self.upload.upload(self.add, [self.upload, session], [*outputs, self.upload], api_name="upload_documents",
                           concurrency_limit=1, concurrency_id="documents")
        self.delete.click(self.remove, [self.choice, session], outputs, api_name="delete_document",
                          concurrency_limit=1, concurrency_id="documents")
