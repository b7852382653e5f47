"""The app's working copies of people's files — Gradio's uploads, exported profiles, page images handed to the
browser — and how none of them outlives its use.

Gradio keeps an upload at ``GRADIO_TEMP_DIR/<sha>/<name>`` and serves any file in that folder by URL, after a
restart too; a file a handler returns from outside it is copied in. So the app points ``GRADIO_TEMP_DIR`` at a
folder of its own, one per process (``<temp_dir>/<pid>``), and:

- an upload is deleted as soon as its handler has read it (:func:`discard_upload`);
- an export or a page image is written straight into that folder under a random name (no second copy, no
  secret in its name or URL) and remembered for its person, so "Delete my profile" or "New patient" deletes it
  (:class:`ServedFiles`); Gradio's ``delete_cache`` removes what is left after ten minutes;
- at start, the folders of processes that are gone (a crash, SIGTERM, kill -9) are removed, with the export
  folders older versions left in the system temp folder (:func:`claim_temp_dir`); on SIGTERM app.py closes the
  server and removes its own folder.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
import tempfile
import threading
from pathlib import Path

from ..settings import Settings

log = logging.getLogger(__name__)
LEGACY_EXPORTS = "medagent-exports-*"     # per-process export folders of versions before issue 33
_claimed: set[Path] = set()               # this process's folders, emptied once when first claimed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:                # another user's process: alive, not ours to touch
        return True
    return True


def temp_root(settings: Settings) -> Path:
    return settings.paths.temp_dir or Path(tempfile.gettempdir()) / "medagent"


def claim_temp_dir(settings: Settings) -> Path:
    """This process's folder under the temp root, with the leftovers of processes that are gone removed; the
    first claim in a process also empties a folder a dead process with the same pid (a container restart) left."""
    root = temp_root(settings)
    root.mkdir(parents=True, exist_ok=True)
    removed = 0
    for child in root.iterdir():
        if child.is_dir() and child.name.isdigit() and not _alive(int(child.name)):
            shutil.rmtree(child, ignore_errors=True)
            removed += 1
    for legacy in Path(tempfile.gettempdir()).glob(LEGACY_EXPORTS):
        shutil.rmtree(legacy, ignore_errors=True)
        removed += 1
    mine = root / str(os.getpid())
    if mine not in _claimed:
        shutil.rmtree(mine, ignore_errors=True)
        _claimed.add(mine)
    mine.mkdir(mode=0o700, exist_ok=True)
    if removed:
        log.info("removed %d temp folders left by stopped app processes", removed)
    return mine


def discard_upload(path: str | Path, cache: str | Path | None) -> bool:
    """Delete Gradio's copy of an upload once read, and its ``<sha>`` folder when that is now empty. Only a file
    inside Gradio's folder is touched: a handler called with any other path (a test, the API given a local
    file) never deletes the original."""
    path = Path(path).resolve()
    if cache is None or not path.is_relative_to(Path(cache).resolve()):
        return False
    path.unlink(missing_ok=True)
    if path.parent.parent == Path(cache).resolve():
        with contextlib.suppress(OSError):   # not empty: another upload of the same bytes
            path.parent.rmdir()
    return True


class ServedFiles:
    """Files the app writes for one person into Gradio's folder, deleted with a word (:meth:`forget`)."""

    def __init__(self) -> None:
        self.cache: Path | None = None      # the Blocks' GRADIO_CACHE, known once built
        self._lock = threading.Lock()
        self._by_user: dict[str, set[Path]] = {}

    def place(self, user_id: str, name: str, data: bytes) -> Path:
        """Write ``data`` as ``<cache>/<random>/<name>``: Gradio serves it from there without copying it."""
        if self.cache is None:
            raise RuntimeError("the app is not built yet")
        folder = self.cache / secrets.token_hex(16)
        folder.mkdir(parents=True, mode=0o700)
        path = folder / name
        path.write_bytes(data)
        with self._lock:
            self._by_user.setdefault(user_id, set()).add(path)
        return path

    def forget(self, user_id: str) -> int:
        """Delete every file written for this person; returns how many were still there."""
        with self._lock:
            paths = self._by_user.pop(user_id, set())
        removed = 0
        for path in paths:
            if path.exists():
                removed += 1
            shutil.rmtree(path.parent, ignore_errors=True)
        return removed
