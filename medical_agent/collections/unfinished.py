"""Which files in a collection's folder belong to uploads that finished, and which were left by one that did not.

An upload copies the file into ``files/``, builds the index, then (with a registry) stores the file in the
registry and writes the generation. A process killed in between leaves a file that nobody was told was added;
the next build reads every file in the folder, so it would be indexed silently. A file counts as finished only
when the last build indexed these very bytes (the manifest's SHA-256) and, for a copy that follows the registry,
the registry holds its name. A folder with no marker and no generation never finished an upload at all; one with
a generation but no marker was built before the registry existed (its indexed files are adopted, not dropped).
"""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

from ..retrieval.index_store import IndexLoadError, read_manifest, sha256_file

GENERATION = "generation"
REGISTERED = "registered"       # marks a working copy that follows the registry


def local_generation(folder: Path) -> int:
    with contextlib.suppress(OSError, ValueError):
        return int((folder / GENERATION).read_text(encoding="utf-8"))
    return 0


def indexed(folder: Path) -> dict[str, str]:
    """The files the last build of this folder indexed, with the SHA-256 of the bytes it read."""
    try:
        documents = read_manifest(folder / "index").get("documents") or {}
    except IndexLoadError:
        return {}
    return {name: entry.get("sha256", "") for name, entry in documents.items()}


def finished(folder: Path, registered: list[str] | None) -> list[Path]:
    """The files of uploads that finished; ``registered`` is the registry's names (None: no registry)."""
    files = folder / "files"
    if not files.is_dir():
        return []
    done = indexed(folder)
    if registered is not None and (folder / REGISTERED).exists():
        done = {name: sha for name, sha in done.items() if name in set(registered)}
    elif registered is not None and local_generation(folder) < 1:
        return []                                   # an upload that never finished, before any that did
    return [p for p in sorted(files.iterdir()) if p.is_file() and p.name in done and sha256_file(p) == done[p.name]]


def unfinished(folder: Path, registered: list[str] | None) -> list[Path]:
    files = folder / "files"
    keep = set(finished(folder, registered))
    return [p for p in sorted(files.iterdir()) if p not in keep] if files.is_dir() else []


def remove_if_empty(folder: Path) -> bool:
    """A folder whose uploads all failed holds nothing of the person's: it goes (markers and all)."""
    files = folder / "files"
    if folder.is_dir() and not (folder / "index").exists() and not (files.is_dir() and any(files.iterdir())):
        shutil.rmtree(folder, ignore_errors=True)
        return True
    return False
