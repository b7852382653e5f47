"""The "My documents" panel: upload PDFs (and .md/.txt/.html) into the person's private collection, see them listed
with their pages, delete one (after a confirmation; the status then names what went), and see the pages the last
answer cited. Every word is the label table's, in the interface's language.

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
from .confirm import Confirm, hide
from .labels import text
from .localizer import Localizer
from .runtime import AgentRuntime
from .served_files import ServedFiles, discard_upload
from .text_safety import for_person

log = logging.getLogger(__name__)
MAX_PAGES_SHOWN = 4
COLUMNS = ("document", "title", "pages", "passages")


class MyDocumentsPanel:
    HEADERS = list(COLUMNS)

    def __init__(self, runtime: AgentRuntime, new_session: Callable[[], dict[str, str]],
                 served: ServedFiles, loc: Localizer) -> None:
        self.runtime, self.new_session, self.served = runtime, new_session, served
        about = "docs_shared" if runtime.settings.ui.shared_documents else "docs_private"
        loc.add(gr.Markdown(text(about)), about, "value")
        self.upload_key = {"types": " ".join(SUFFIXES), "mb": runtime.settings.ui.max_upload_mb}
        self.upload = gr.File(label=text("docs_upload", **self.upload_key), file_count="multiple",
                              elem_id="docs-upload")
        self.status = gr.Markdown("", elem_id="docs-status")
        self.table = loc.add(gr.Dataframe(headers=self.HEADERS, value=[], label=text("docs_table"),
                                          interactive=False, wrap=False, elem_id="docs-table"), "docs_table")
        with gr.Row():
            self.choice = loc.add(gr.Dropdown(choices=[], label=text("docs_choice"), scale=4, elem_id="docs-choice"),
                                  "docs_choice")
            self.delete = loc.add(gr.Button(text("docs_delete"), variant="stop", scale=1, elem_id="docs-delete"),
                                  "docs_delete", "value")
        self.confirm = Confirm(loc, "docs_delete_ask", "yes_delete", "docs-delete-confirm")
        self.pages = loc.add(gr.Gallery(label=text("docs_pages"), columns=2, height=320, elem_id="docs-pages"),
                             "docs_pages")

    def upload_label(self, lang: str) -> dict[str, Any]:
        return gr.update(label=text("docs_upload", lang, **self.upload_key))

    # ----- handlers ---------------------------------------------------------------------------------------
    def add(self, files: list[Any] | None, session: dict[str, str] | None, lang: str = "en",
            progress: Any = gr.Progress()):  # noqa: B008  (Gradio injects its tracker through this default)
        """Index the uploaded files into the person's collection; each unreadable file says why."""
        session = session or self.new_session()
        paths = [Path(getattr(f, "name", f)) for f in files or []]
        try:
            agent = self.runtime.wait(timeout=600)
            if not paths:
                return text("docs_choose_files", lang), *self.listing(session, lang), session, None
            progress(0.1, desc=text("docs_indexing", lang, n=len(paths)))
            report = agent.deps.collections.add(session["user_id"], paths)
        except (OSError, RuntimeError) as exc:    # a full disk, an unwritable folder: said plainly, logged
            log.warning("documents could not be indexed: %s", type(exc).__name__)
            return text("docs_failed", lang, kind=type(exc).__name__), *self.listing(session, lang), session, None
        except ValueError as exc:               # nothing in the collection could be indexed: its reasons
            log.warning("documents could not be indexed: %s", type(exc).__name__)
            return for_person(text("docs_nothing", lang, reason=exc)), *self.listing(session, lang), session, None
        except Exception as exc:                # unexpected: one line here, type and code locations in the log
            log.error("documents could not be indexed: %s", describe_failure(exc))
            return text("docs_unexpected", lang), *self.listing(session, lang), session, None
        finally:
            for path in paths:
                discard_upload(path, self.served.cache)
        lines = [text("docs_added", lang, name=name) for name in report.added]
        lines += [f"⚠️ {s['file']}: {s['reason']}" for s in report.skipped]
        if report.added:
            lines.append(text("docs_indexed", lang, s=f"{report.seconds:.1f}"))
        return "\n\n".join(for_person(line) for line in lines), *self.listing(session, lang), session, None

    def remove(self, name: str | None, session: dict[str, str] | None, lang: str = "en"):
        """Delete the chosen document (after the person confirmed) and say which one went."""
        session = session or self.new_session()
        agent = self.runtime.wait(timeout=600)
        if not name:
            return text("docs_choose_delete", lang), *self.listing(session, lang), session, hide()
        try:
            done = agent.deps.collections.delete(session["user_id"], name)
        except ValueError as exc:              # the rest of the collection could not be indexed again
            log.warning("a document could not be deleted: %s", type(exc).__name__)
            return for_person(text("docs_delete_failed", lang, name=name, reason=exc)), \
                *self.listing(session, lang), session, hide()
        note = text("docs_deleted" if done else "docs_missing", lang, name=name)
        return for_person(note), *self.listing(session, lang), session, hide()

    def listing(self, session: dict[str, str] | None, lang: str = "en") -> list[Any]:
        agent = self.runtime.agent
        docs = agent.deps.collections.list(session["user_id"]) if agent and session and agent.deps.collections \
            else []
        rows = [[d["name"], d["title"], d["pages"], d["chunks"]] for d in docs]
        names = [d["name"] for d in docs]
        headers = [text(f"col.{c}", lang) for c in COLUMNS]
        return [pd.DataFrame(rows, columns=headers), gr.update(choices=names, value=names[0] if names else None)]

    def cited_pages(self, session: dict[str, str] | None, result: dict[str, Any] | None,
                    lang: str = "en") -> list[tuple[Any, str]]:
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
                shown.append((str(served), text("docs_page", lang, n=c["n"], source=c["source"], page=c["page"])))
        return shown

    # ----- events -----------------------------------------------------------------------------------------
    def wire(self, session: gr.State, lang: gr.State) -> None:
        outputs = [self.status, self.table, self.choice, session]
        self.upload.upload(self.add, [self.upload, session, lang], [*outputs, self.upload],
                           api_name="upload_documents", concurrency_limit=1, concurrency_id="documents")
        self.confirm.ask_on(self.delete)
        self.confirm.yes.click(self.remove, [self.choice, session, lang], [*outputs, self.confirm.row],
                               api_name="delete_document", concurrency_limit=1, concurrency_id="documents")
