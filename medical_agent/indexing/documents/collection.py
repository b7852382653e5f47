"""A folder of documents as an index source: which files, which reader, what was skipped and why, page images.

Readers are chosen by extension (a registry, as kotaemon's ingestion does); every file is parsed on its own, and a
file that cannot be read is reported with its reason and skipped while the build goes on (as haystack's PDF
converter does). A file whose bytes are unchanged since the last build is not parsed again: its passages come
from the previous index (``known``), and the builder reuses their vectors.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ...settings import Limits
from .chunker import document_chunks
from .elements import DocumentError, ParsedDocument
from .pdf import parse_pdf
from .text_files import parse_html, parse_markdown, parse_text

Reader = Callable[[Path, str, Limits | None], ParsedDocument]
READERS: dict[str, Reader] = {".pdf": parse_pdf, ".md": parse_markdown, ".markdown": parse_markdown,
                              ".txt": parse_text, ".html": parse_html, ".htm": parse_html}
KINDS = {"pdf": (".pdf",), "docs": tuple(READERS)}
THUMB_WIDTH = 480          # pixels: enough to recognise a page and its table in the documents panel
PAGES_DIR = "pages"


class FileReader(Protocol):
    """How a source reads its files and renders their pages: in this process (a team's own corpus) or in a
    bounded child process (people's uploads, ``indexing.worker``)."""

    def parse(self, path: Path, name: str, data: bytes | None = None) -> ParsedDocument: ...

    def render(self, pdf_path: Path, out_dir: Path) -> int: ...


@dataclass(frozen=True)
class InProcessReader:
    """Reads in the calling process; ``limits`` None reads without caps."""

    limits: Limits | None = None

    def parse(self, path: Path, name: str, data: bytes | None = None) -> ParsedDocument:
        return parse_file(path, name, data, self.limits)

    def render(self, pdf_path: Path, out_dir: Path) -> int:
        return render_thumbnails(pdf_path, out_dir, max_pages=self.limits.max_document_pages if self.limits
                                 else None)


@dataclass(frozen=True)
class SkippedFile:
    file: str
    reason: str


@dataclass
class DocumentSource:
    """Iterating yields the passages of every readable file; afterwards ``documents`` and ``skipped`` say what
    happened to each file. ``known`` maps a file name to its previous manifest entry and passages."""

    directory: Path
    kind: str = "docs"
    chunk_chars: int | None = 1200
    known: dict[str, dict[str, Any]] = field(default_factory=dict)
    doc_prefix: str = "doc:"
    documents: dict[str, dict[str, Any]] = field(default_factory=dict)
    skipped: list[SkippedFile] = field(default_factory=list)
    parsed: dict[str, Path] = field(default_factory=dict)     # files parsed in this run (name -> path)
    reader: FileReader = field(default_factory=InProcessReader)

    def files(self) -> list[tuple[str, Path]]:
        if self.directory.is_file():
            return [(self.directory.name, self.directory)]
        suffixes = KINDS[self.kind]
        return sorted((p.relative_to(self.directory).as_posix(), p) for p in self.directory.rglob("*")
                      if p.is_file() and p.suffix.lower() in suffixes
                      and not any(part.startswith(".") for part in p.relative_to(self.directory).parts))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for name, path in self.files():
            try:
                data = path.read_bytes()
            except OSError as exc:
                self.skipped.append(SkippedFile(name, f"cannot read the file ({exc.strerror or exc})"))
                continue
            sha = hashlib.sha256(data).hexdigest()
            old = self.known.get(name)
            if old and old["entry"].get("sha256") == sha and old["passages"]:
                self.documents[name] = old["entry"]
                yield from old["passages"]
                continue
            try:
                doc = self.reader.parse(path, name, data)
            except DocumentError as exc:
                self.skipped.append(SkippedFile(name, str(exc)))
                continue
            doc_id = f"{self.doc_prefix}{name}"
            passages = document_chunks(doc, doc_id=doc_id, chunk_chars=self.chunk_chars,
                                       extra={"file_sha256": sha})
            if not passages:
                self.skipped.append(SkippedFile(name, "no text found in the document"))
                continue
            self.parsed[name] = path
            self.documents[name] = {"sha256": sha, "doc_id": doc_id, "title": doc.title, "pages": doc.pages,
                                    "kind": doc.kind, "chunks": len(passages),
                                    "thumbnails": f"{PAGES_DIR}/{sha[:20]}" if doc.kind == "pdf" else ""}
            yield from passages


def parse_file(path: Path, name: str, data: bytes | None = None, limits: Limits | None = None) -> ParsedDocument:
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise DocumentError(f"unsupported file type {path.suffix or '(none)'}; supported: {', '.join(READERS)}")
    if data is None and path.suffix.lower() == ".pdf":
        with path.open("rb") as fh:
            data = fh.read(1024)
    if data is not None and not data:
        raise DocumentError("the file is empty")
    if path.suffix.lower() == ".pdf" and data is not None and not data.lstrip()[:5] == b"%PDF-":
        raise DocumentError("not a PDF file (it does not start with %PDF-)")
    return reader(path, name, limits)


def render_thumbnails(pdf_path: Path, out_dir: Path, width: int = THUMB_WIDTH, max_pages: int | None = None) -> int:
    """One PNG per page (``1.png``, ``2.png`` …) rendered with pypdfium2; returns the number of pages written
    (the first ``max_pages`` only, when given)."""
    import pypdfium2 as pdfium

    out_dir.mkdir(parents=True, exist_ok=True)
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        for n, page in enumerate(pdf, start=1):
            if max_pages is not None and n > max_pages:
                break
            scale = width / max(1.0, page.get_width())
            image = page.render(scale=scale).to_pil().convert("L")
            image.save(out_dir / f"{n}.png", optimize=True)
            page.close()
        return min(len(pdf), max_pages or len(pdf))
    finally:
        pdf.close()
