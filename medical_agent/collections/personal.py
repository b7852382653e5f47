"""A person's own documents ("내 문서 / My documents"): uploaded files, indexed into a private collection that is
searched together with the knowledge base, listed, deleted one by one and erased with the profile.

Each person gets a folder named by a hash of their id (the id itself never becomes a path): ``files/`` holds the
uploaded copies, ``index/`` the index built from them with the knowledge base's builder, so an upload embeds only
the new file and a deletion re-embeds nothing. With ``shared`` set, every upload goes into one collection that
everyone searches (a clinic's leaflets), and deleting is the same for all. A retriever per collection is cached
and reopened when the collection's build changes.

With a ``registry`` (the storage's document repository: SQLite, or PostgreSQL shared by replicas) the registry is
the truth: it holds the files and the collection's generation, and the folder is this replica's working copy,
rebuilt from the registry when its generation moved (an upload or a deletion through another replica). So a
person's documents follow them to any replica; only the embedding of a changed collection is done again there.
"""

from __future__ import annotations

import hashlib
import logging
import re
import shutil
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..embeddings import Embedder
from ..indexing.build import BuildResult, NoPassages, build_index
from ..indexing.worker import IsolatedReader
from ..retrieval.hybrid import HybridRetriever
from ..retrieval.index_store import IndexLoadError, load_index, read_manifest
from ..settings import Limits
from ..storage.base import DocumentRepository
from .unfinished import GENERATION, REGISTERED, finished, local_generation, remove_if_empty, unfinished

log = logging.getLogger(__name__)
SHARED = "__shared__"
SAFE_NAME = re.compile(r"[^\w.\- ()가-힣]+")
SUFFIXES = (".pdf", ".md", ".markdown", ".txt", ".html", ".htm")


class CollectionError(ValueError):
    """An upload or deletion that cannot be done; the message is shown to the person."""


@dataclass
class AddReport:
    added: list[str] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    seconds: float = 0.0


def user_key(user_id: str) -> str:
    return hashlib.sha256(user_id.encode()).hexdigest()[:24]


def safe_name(name: str) -> str:
    """The file name a document is stored under: its base name, with characters outside letters, digits and
    ``.-_ ()`` replaced (no folders, no hidden files)."""
    base = SAFE_NAME.sub("_", Path(name.replace("\\", "/")).name).strip(" ._") or "document"
    return base[:120]


class PersonalCollections:
    def __init__(self, root: Path, *, embedder: Embedder, embedder_spec: str, assets_dir: Path,
                 shared: bool = False, chunk_chars: int = 1200, retriever_options: dict[str, Any] | None = None,
                 registry: DocumentRepository | None = None, limits: Limits | None = None):
        self.root, self.embedder, self.embedder_spec = Path(root), embedder, embedder_spec
        self.registry = registry
        # uploads are untrusted: each file is read in a bounded child process under the settings' limits
        self.reader = IsolatedReader(limits or Limits())
        self.assets_dir, self.shared, self.chunk_chars = assets_dir, shared, chunk_chars
        self.retriever_options = retriever_options or {}
        self._lock = threading.Lock()            # one build at a time (uploads, deletions, erasures)
        self._cache_lock = threading.Lock()      # the retriever cache, read on every turn
        self._retrievers: dict[str, tuple[str, HybridRetriever]] = {}

    def key(self, user_id: str) -> str:
        return SHARED if self.shared else user_key(user_id)

    def folder(self, user_id: str) -> Path:
        return self.root / self.key(user_id)

    def generation(self, user_id: str) -> int:
        """How many times this collection changed: cached answers are scoped to it (an upload or a deletion
        makes the person's earlier cached answers unservable, as a profile change does)."""
        if self.registry is not None:
            return self.registry.generation(self.key(user_id))
        return local_generation(self.folder(user_id))

    def _changed(self, folder: Path, generation: int | None = None, changes: int = 1) -> None:
        """Record a change: without a registry the local counter plus one; with one, the registry's new generation
        when it moved by exactly our ``changes`` — else another replica changed the collection meanwhile, and -1
        makes the next read sync it."""
        before = local_generation(folder)
        self._set_generation(folder, before + 1 if generation is None else
                             generation if generation == before + changes else -1)

    def _set_generation(self, folder: Path, value: int) -> None:
        (folder / GENERATION).write_text(str(value), encoding="utf-8")
        if self.registry is not None:
            (folder / REGISTERED).touch()       # this copy follows the registry (see _adopt)
        self._forget_retriever(folder)

    def _sync(self, user_id: str) -> None:
        """Make this replica's copy of the collection the registry's, when the registry's generation moved."""
        if self.registry is None:
            return
        key, folder = self.key(user_id), self.folder(user_id)
        wanted = self.registry.generation(key)
        if wanted == local_generation(folder):
            return
        with self._lock:
            wanted = self.registry.generation(key)
            if wanted == local_generation(folder):
                return                                          # another thread synced it meanwhile
            if wanted == 0 and self._adopt(key, folder):
                return
            files = folder / "files"
            names = set(self.registry.names(key))
            shutil.rmtree(files, ignore_errors=True)
            files.mkdir(parents=True, exist_ok=True)
            for name in names:
                content = self.registry.content(key, name)
                if content is not None:                         # removed since the listing: the next turn syncs
                    (files / name).write_bytes(content)
            if names:
                self._rebuild(folder)
            else:
                shutil.rmtree(folder / "index", ignore_errors=True)
            self._set_generation(folder, wanted)
            log.info("documents: a collection synced from the registry (generation %d, %d files)", wanted,
                     len(names))

    def _adopt(self, key: str, folder: Path) -> bool:
        """A collection uploaded before the registry existed (files, no marker) is put into the registry rather
        than emptied — the files its last build indexed, not one an interrupted upload left. A copy with the
        marker whose registry entry is gone was erased: it is not brought back."""
        if (folder / REGISTERED).exists() or not (folder / "files").is_dir() or local_generation(folder) < 1:
            return False
        generation = 0
        for path in finished(folder, None):
            generation = self.registry.put(key, path.name, path.read_bytes())
        self._set_generation(folder, generation)
        log.info("documents: a collection from before the registry was registered (%d files)", generation)
        return True

    def _discard_unfinished(self, key: str) -> list[str]:
        """Remove what uploads killed mid-way left (see ``unfinished``) before anything can index it; a copy that
        follows the registry is then synced from it again. Call with the lock held."""
        folder = self.root / key
        registered = self.registry.names(key) if self.registry is not None else None
        stray = unfinished(folder, registered)
        for path in stray:
            path.unlink(missing_ok=True)
        if stray and self.registry is not None and (folder / REGISTERED).exists():
            self._set_generation(folder, -1)        # the next read rebuilds the copy from the registry
        elif stray and finished(folder, registered):
            self._rebuild(folder)
        elif stray:
            shutil.rmtree(folder / "index", ignore_errors=True)
        remove_if_empty(folder)
        return [p.name for p in stray]

    def recover(self) -> int:
        """At start: every collection loses the files of uploads that never finished, and empty folders go."""
        removed = 0
        for folder in sorted(self.root.iterdir()) if self.root.is_dir() else ():
            if folder.is_dir() and not folder.name.startswith("."):
                with self._lock:
                    removed += len(self._discard_unfinished(folder.name))
        if removed:
            log.info("documents: %d files of unfinished uploads removed", removed)
        return removed

    def add(self, user_id: str, paths: Iterable[Path | str]) -> AddReport:
        """Copy the files into the collection and index them; unreadable ones are reported and not kept."""
        paths = [Path(p) for p in paths]
        with self._lock:
            self._discard_unfinished(self.key(user_id))
        self._sync(user_id)                         # the copy is the registry's before files are added to it
        report = AddReport()
        folder = self.folder(user_id)
        with self._lock:
            try:
                self._add_locked(user_id, paths, report)
            finally:                      # a refused first upload leaves no empty folder behind
                remove_if_empty(folder)
        log.info("documents: %d added, %d skipped", len(report.added), len(report.skipped))
        return report

    def _add_locked(self, user_id: str, paths: list[Path], report: AddReport) -> None:
        folder = self.folder(user_id)
        files = folder / "files"
        files.mkdir(parents=True, exist_ok=True)
        copied: dict[str, str] = {}
        for path in paths:
            if path.suffix.lower() not in SUFFIXES:
                report.skipped.append({"file": path.name, "reason": f"unsupported file type {path.suffix or '-'}"
                                                                    f"; supported: {', '.join(SUFFIXES)}"})
                continue
            name = safe_name(path.name)
            shutil.copyfile(path, files / name)
            copied[name] = path.name
        if not copied:
            return
        try:
            result = self._rebuild(folder)
            skipped = {s["file"]: s["reason"] for s in result.skipped}
            report.seconds = result.seconds
        except NoPassages as exc:     # nothing readable in the whole collection: each file's own reason
            reasons = {s["file"]: s["reason"] for s in exc.skipped}
            skipped = {name: reasons.get(name, "no text found in the document") for name in copied}
        generation, puts = None, 0
        for name, original in copied.items():
            if name in skipped:
                (files / name).unlink(missing_ok=True)
                report.skipped.append({"file": original, "reason": skipped[name]})
            else:
                report.added.append(name)
                if self.registry is not None:
                    generation = self.registry.put(self.key(user_id), name, (files / name).read_bytes())
                    puts += 1
        if report.added:
            self._changed(folder, generation, puts)

    def list(self, user_id: str) -> list[dict[str, Any]]:
        """The collection's documents: name, title, pages, passages (empty when there is none)."""
        self._sync(user_id)
        try:
            manifest = read_manifest(self.folder(user_id) / "index")
        except IndexLoadError:
            return []
        return [{"name": name, "title": d.get("title") or name, "pages": d.get("pages"), "chunks": d.get("chunks"),
                 "kind": d.get("kind"), "thumbnails": d.get("thumbnails") or ""}
                for name, d in sorted((manifest.get("documents") or {}).items())]

    def delete(self, user_id: str, name: str) -> bool:
        """Remove one document and its passages and vectors (the rest are reused, not re-embedded)."""
        self._sync(user_id)
        folder = self.folder(user_id)
        target = folder / "files" / safe_name(name)
        with self._lock:
            if not target.is_file():
                return False
            generation = None
            if self.registry is not None:            # -1: the registry did not have it; the next read syncs
                generation = self.registry.remove(self.key(user_id), safe_name(name)) or -1
            target.unlink()
            if not any((folder / "files").iterdir()):
                shutil.rmtree(folder / "index", ignore_errors=True)
            else:
                self._rebuild(folder)
            self._changed(folder, generation)
        return True

    def erase(self, user_id: str) -> None:
        """The profile erasure: every uploaded file, passage, vector and page image of this person."""
        if self.shared:
            return                      # a shared collection is not one person's data
        folder = self.folder(user_id)
        with self._lock:
            if self.registry is not None:
                self.registry.delete_collection(self.key(user_id))
            shutil.rmtree(folder, ignore_errors=True)
            self._forget_retriever(folder)

    def page_image(self, user_id: str, source: str, page: int) -> Path | None:
        """The rendered page of a document in this person's collection, if there is one."""
        for doc in self.list(user_id):
            if doc["name"] == source and doc["thumbnails"]:
                path = self.folder(user_id) / "index" / doc["thumbnails"] / f"{int(page)}.png"
                return path if path.is_file() else None
        return None

    def retriever(self, user_id: str) -> HybridRetriever | None:
        """This person's collection as a retriever (None without documents); reopened after a change."""
        self._sync(user_id)
        directory = self.folder(user_id) / "index"
        try:
            key = read_manifest(directory).get("build_key", "")
        except IndexLoadError:
            return None
        with self._cache_lock:
            cached = self._retrievers.get(str(self.folder(user_id)))
        if cached and cached[0] == key:
            return cached[1]
        try:    # outside the locks: another person's upload (which holds the build lock) does not hold this turn
            retriever = HybridRetriever(load_index(directory, expected_embedder=self.embedder.name), self.embedder,
                                        **self.retriever_options)
        except IndexLoadError as exc:
            log.warning("a document collection cannot be searched: %s", exc)
            return None
        with self._cache_lock:
            self._retrievers[str(self.folder(user_id))] = (key, retriever)
        return retriever

    def _rebuild(self, folder: Path) -> BuildResult:
        """The collection's index from its files: unchanged files are neither parsed nor embedded again."""
        return build_index(f"docs:{folder / 'files'}", folder / "index", assets_dir=self.assets_dir,
                           embedder=self.embedder, embedder_spec=self.embedder_spec, chunk_chars=self.chunk_chars,
                           reader=self.reader)

    def _forget_retriever(self, folder: Path) -> None:
        with self._cache_lock:
            self._retrievers.pop(str(folder), None)
