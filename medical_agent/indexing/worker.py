"""Untrusted files (a person's uploaded documents, an imported record) are read in a child process that is
stopped past ``limits.max_parse_seconds`` and cannot allocate more than ``limits.max_parse_memory_mb``.

The readers check their own caps while they read (inflated bytes, pages, characters, entries); the child process
is what bounds the rest — a page that takes minutes to lay out, memory a C library allocates (pdfium rendering a
20,000-pixel image), a parser that builds millions of objects — and it keeps that work off the app's interpreter,
so other people's turns do not wait for it (pdfminer is pure Python and would hold the GIL). The child is a fresh
interpreter, ``python -m medical_agent.indexing.worker`` (not a copy of the threaded server), one per file, so
no file can affect another's reading; it takes one JSON request on stdin, answers with one JSON object on stdout
and exits. Its peak memory is logged, never the file's name or text.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..settings import PROJECT_ROOT, Limits
from .documents.elements import DocumentError, Element, ParsedDocument

if TYPE_CHECKING:      # imported where used: a child reading a document has no use for the profile's modules
    from ..context.profile.fhir import PatientRecord

log = logging.getLogger(__name__)
MB = 1024 * 1024
CHILD_ENV = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}   # one core at most


class Refused(ValueError):
    """The file is past a limit or unreadable; the message is one line for the person, naming the limit."""


def run(task: str, limits: Limits, **request: Any) -> Any:
    """Run ``task`` on the request in a child process; its result, or :class:`Refused` with the reason."""
    env = {**os.environ, **CHILD_ENV,
           "PYTHONPATH": os.pathsep.join(p for p in (str(PROJECT_ROOT), os.environ.get("PYTHONPATH")) if p)}
    payload = json.dumps({"task": task, "limits": dataclasses.asdict(limits), **request})
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", __name__], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env, cwd=str(PROJECT_ROOT))
    try:
        out, _ = proc.communicate(payload.encode(), timeout=limits.max_parse_seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        log.warning("worker %s: stopped after %.0f s", task, limits.max_parse_seconds)
        raise Refused(f"reading it took longer than {limits.max_parse_seconds:g} s "
                      f"(limit max_parse_seconds = {limits.max_parse_seconds:g})") from None
    seconds = time.perf_counter() - start
    try:
        answer = json.loads(out)
    except ValueError:
        log.warning("worker %s: ended with code %s after %.1f s", task, proc.returncode, seconds)
        raise Refused(f"the reader stopped on this file (code {proc.returncode}); it may need more than "
                      f"{limits.max_parse_memory_mb} MB (limit max_parse_memory_mb = {limits.max_parse_memory_mb})"
                      ) from None
    log.info("worker %s: %s in %.1f s, peak %d MB", task, "refused" if "refused" in answer else "read", seconds,
             answer.get("peak_mb", 0))
    if "refused" in answer:
        raise Refused(answer["refused"])
    return answer["result"]


@dataclasses.dataclass(frozen=True)
class IsolatedReader:
    """A document source's reader (``collection.FileReader``) that reads every file in the child process."""

    limits: Limits

    def parse(self, path: Path, name: str, data: bytes | None = None) -> ParsedDocument:
        try:
            doc = run("document", self.limits, path=str(path), name=name)
        except Refused as exc:
            raise DocumentError(str(exc)) from None
        elements = [Element(**{**e, "bbox": tuple(e["bbox"])}) for e in doc.pop("elements")]
        return ParsedDocument(**doc, elements=elements)

    def render(self, pdf_path: Path, out_dir: Path) -> int:
        try:
            return int(run("pages", self.limits, path=str(pdf_path), out=str(out_dir)))
        except Refused as exc:            # the build keeps the text and goes on without page images
            raise RuntimeError(str(exc)) from None


def read_record(path: Path, limits: Limits) -> PatientRecord:
    """A person's FHIR bundle read in the child process (codes not linked: ``fhir.link_concepts``)."""
    from ..context.profile.fhir import PatientRecord, RecordError

    try:
        return PatientRecord.from_dict(run("record", limits, path=str(path)))
    except Refused as exc:
        raise RecordError(f"{path.name}: {exc}") from None


# ----- the child ----------------------------------------------------------------------------------------------
def _cap_memory(limits: Limits) -> None:
    """Address space: what the process has now plus the allowance (a malloc past it fails: MemoryError)."""
    try:
        import resource

        pages = int(Path("/proc/self/statm").read_text().split()[0])
        size = pages * os.sysconf("SC_PAGE_SIZE") + limits.max_parse_memory_mb * MB
        resource.setrlimit(resource.RLIMIT_AS, (size, resource.getrlimit(resource.RLIMIT_AS)[1]))
    except (ImportError, OSError, ValueError):      # no /proc or no rlimits: the timeout still bounds it
        pass


def _peak_mb() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        pass
    return 0


def _document(request: dict[str, Any], limits: Limits) -> dict[str, Any]:
    from .documents.collection import parse_file

    try:
        return dataclasses.asdict(parse_file(Path(request["path"]), request["name"], limits=limits))
    except DocumentError as exc:
        raise Refused(str(exc)) from None


def _pages(request: dict[str, Any], limits: Limits) -> int:
    from .documents.collection import render_thumbnails

    return render_thumbnails(Path(request["path"]), Path(request["out"]), max_pages=limits.max_document_pages)


def _record(request: dict[str, Any], limits: Limits) -> dict[str, Any]:
    from ..context.profile import fhir

    try:
        return dataclasses.asdict(fhir.read_record(Path(request["path"]), limits))
    except fhir.RecordError as exc:
        raise Refused(str(exc)) from None


TASKS = {"document": _document, "pages": _pages, "record": _record}
# what each task loads, loaded before the memory cap: the allowance is the file's, not the libraries' (numpy's
# BLAS exits the process when it cannot map its buffers)
TASK_MODULES = {"document": ("medical_agent.indexing.documents.collection", "pdfplumber"),
                "pages": ("medical_agent.indexing.documents.collection", "pypdfium2"),
                "record": ("medical_agent.context.profile.fhir",)}


def main() -> None:
    request = json.loads(sys.stdin.buffer.read())
    limits = Limits(**request["limits"])
    task = TASKS[request["task"]]
    for module in TASK_MODULES[request["task"]]:
        importlib.import_module(module)
    _cap_memory(limits)
    try:
        answer: dict[str, Any] = {"result": task(request, limits)}
    except Refused as exc:
        answer = {"refused": str(exc)}
    except MemoryError:
        answer = {"refused": f"reading it needs more than {limits.max_parse_memory_mb} MB "
                             f"(limit max_parse_memory_mb = {limits.max_parse_memory_mb})"}
    except RecursionError:
        answer = {"refused": "it is nested deeper than any document or record is"}
    except Exception as exc:  # a malformed file the reader did not expect: its type only (values stay out)
        answer = {"refused": f"the file could not be read ({type(exc).__name__})"}
    answer["peak_mb"] = _peak_mb()
    sys.stdout.write(json.dumps(answer, ensure_ascii=False))


if __name__ == "__main__":
    main()
