"""The hostile files of issue 33 ("one small file can stall or bloat the server"), made on demand and
deterministically, so none is committed: `bench bombs` writes the full-size set, the tests small ones (a cap is
what they test, not the machine's memory).

Each maker takes the folder and a ``scale`` (1.0: the size the issue measured; the tests use ~0.005) and returns
the file it wrote. PDFs are written by hand (a few objects and an xref table): a bomb needs a stream whose
``/Length`` and filters say one thing while its inflated bytes say another, which no PDF library writes.
"""

from __future__ import annotations

import gzip
import json
import random
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

MB = 1024 * 1024
CHUNK = 4 * MB
WORDS = ("chronic", "renal", "hepatic", "vascular", "insufficiency", "syndrome", "disorder", "acute", "mild",
         "severe", "recurrent", "idiopathic", "secondary", "primary", "infection", "lesion", "neuropathy",
         "myopathy", "arthritis", "dermatitis", "anaemia", "fibrosis", "stenosis", "hypertrophy", "dysplasia")
TEXT_LINE = "Metformin lowers blood glucose; take it with food to reduce nausea and stomach upset."


def _compress(pieces: Iterator[bytes], level: int = 9) -> bytes:
    z = zlib.compressobj(level)
    return b"".join(z.compress(p) for p in pieces) + z.flush()


def _repeat(unit: bytes, size: int) -> Iterator[bytes]:
    """``size`` bytes of ``unit`` repeated (whole units), in blocks of about 4 MB."""
    block = unit * max(1, min(size, CHUNK) // len(unit))
    for start in range(0, size - size % len(unit), len(block)):
        yield block[: min(len(block), size - size % len(unit) - start)]


def _stream(data: bytes, extra: str = "") -> bytes:
    return f"<< /Length {len(data)}{extra} >>\nstream\n".encode() + data + b"\nendstream"


def _text(line: str) -> bytes:
    return line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode("latin-1", "replace")


def write_pdf(path: Path, pages: list[bytes], xobjects: list[bytes] = ()) -> Path:
    """A PDF whose pages have these (already encoded) content stream objects; ``xobjects`` are image stream
    objects every page may draw as /Im1, /Im2 …"""
    n = len(pages)
    font = 3
    first_x = 4
    first_page = first_x + len(xobjects)
    xrefs = " ".join(f"/Im{i + 1} {first_x + i} 0 R" for i in range(len(xobjects)))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               f"<< /Type /Pages /Count {n} /Kids [{' '.join(f'{first_page + 2 * i} 0 R' for i in range(n))}] >>"
               .encode(),
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", *xobjects]
    for i, content in enumerate(pages):
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {first_page + 2 * i + 1} "
                       f"0 R /Resources << /Font << /F1 {font} 0 R >> /XObject << {xrefs} >> >> >>".encode())
        objects.append(content)
    out, offsets = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(bytes(out))
    return path


def text_page(lines: list[str]) -> bytes:
    body = b"BT /F1 11 Tf 14 TL 56 780 Td " + b" ".join(b"(" + _text(ln) + b") '" for ln in lines) + b" ET"
    return _stream(body)


def pdf_inflate(folder: Path, scale: float = 1.0) -> Path:
    """One page whose content stream is ~1 MB of Flate that inflates to 1 GB of spaces (issue: 2.6 → 5.6 GB)."""
    size = int(1024 * MB * scale)
    head = b"BT /F1 12 Tf 56 780 Td (" + _text(TEXT_LINE) + b") Tj ET\n"
    data = _compress(iter([head, *_repeat(b" ", size)]))
    return write_pdf(folder / "inflate.pdf", [_stream(data, " /Filter /FlateDecode")])


def pdf_nested(folder: Path, scale: float = 1.0) -> Path:
    """The same 1 GB behind two Flate filters: a few KB on disk (every layer must count)."""
    size = int(1024 * MB * scale)
    inner = _compress(iter([b"BT /F1 12 Tf 56 780 Td (" + _text(TEXT_LINE) + b") Tj ET\n", *_repeat(b" ", size)]))
    data = zlib.compress(inner, 9)
    return write_pdf(folder / "nested.pdf", [_stream(data, " /Filter [/FlateDecode /FlateDecode]")])


def pdf_image(folder: Path, scale: float = 1.0) -> Path:
    """A page drawing a 20,000 × 20,000 grey image (400 MB inflated, ~400 KB on disk): the text reader never
    decodes it, the page renderer does."""
    side = max(64, int(20000 * scale ** 0.5))
    data = _compress(_repeat(b"\x80", side * side))
    image = _stream(data, f" /Type /XObject /Subtype /Image /Width {side} /Height {side} /ColorSpace /DeviceGray "
                          "/BitsPerComponent 8 /Filter /FlateDecode")
    page = _stream(b"q 400 0 0 400 96 300 cm /Im1 Do Q BT /F1 12 Tf 56 780 Td (" + _text(TEXT_LINE) + b") Tj ET")
    return write_pdf(folder / "image.pdf", [page], [image])


def pdf_pages(folder: Path, scale: float = 1.0) -> Path:
    """500 ordinary text pages (issue: 18.6 s and +0.8 GB)."""
    rng = random.Random(500)
    pages = [text_page([f"Page {n}: {TEXT_LINE}"] + [" ".join(rng.choice(WORDS) for _ in range(12))
                                                      for _ in range(40)])
             for n in range(1, max(2, int(500 * scale)) + 1)]
    return write_pdf(folder / "pages.pdf", pages)


def text_large(folder: Path, scale: float = 1.0) -> Path:
    """19 MB of ordinary sentences in a .txt (under the 20 MB upload limit): ~16,000 passages to embed."""
    path = folder / "large.txt"
    line = (TEXT_LINE + "\n").encode()
    with path.open("wb") as fh:
        for piece in _repeat(line, int(19 * MB * scale)):
            fh.write(piece)
    return path


def gz_spaces(folder: Path, scale: float = 1.0) -> Path:
    """A .json.gz of ~400 KB holding 400 MB of spaces inside a bundle (issue: +0.8 GB)."""
    return _gz_bundle(folder / "spaces.json.gz", b" ", b"]}", scale)


def gz_arrays(folder: Path, scale: float = 1.0) -> Path:
    """A .json.gz whose 400 MB are empty arrays: every 3 bytes become a Python list (~60 bytes)."""
    return _gz_bundle(folder / "arrays.json.gz", b"[],", b"[]]}", scale)


def _gz_bundle(path: Path, filler: bytes, tail: bytes, scale: float) -> Path:
    """A gzipped FHIR bundle whose entry list is ~400 MB (times ``scale``) of ``filler``, closed by ``tail``."""
    with gzip.open(path, "wb", compresslevel=9) as fh:
        fh.write(b'{"resourceType": "Bundle", "entry": [')
        for piece in _repeat(filler, int(400 * MB * scale)):
            fh.write(piece)
        fh.write(tail)
    return path


def json_deep(folder: Path, scale: float = 1.0) -> Path:
    """Arrays nested 100,000 deep (issue: a RecursionError and a traceback)."""
    depth = max(2000, int(100_000 * scale))
    path = folder / "deep.json"
    path.write_text('{"resourceType": "Bundle", "entry": ' + "[" * depth + "]" * depth + "}", encoding="utf-8")
    return path


def bundle_conditions(folder: Path, scale: float = 1.0, count: int | None = None) -> Path:
    """A FHIR bundle with 5,000 active conditions, each with a distinct ~420-character name (issue: 461 s)."""
    rng = random.Random(5000)
    n = count if count is not None else max(2, int(5000 * scale))
    entries = [{"resource": {"resourceType": "Patient", "id": "bomb", "birthDate": "1960-01-01", "gender": "female"}}]
    for i in range(n):
        name = f"Condition {i}: " + " ".join(rng.choice(WORDS) for _ in range(30))
        entries.append({"resource": {
            "resourceType": "Condition",
            "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical",
                                           "code": "active"}]},
            "code": {"coding": [{"system": "http://snomed.info/sct", "code": str(900000000 + i), "display": name}]}}})
    path = folder / f"conditions-{n}.json"
    path.write_text(json.dumps({"resourceType": "Bundle", "type": "collection", "entry": entries}), encoding="utf-8")
    return path


def zip_bomb(folder: Path, scale: float = 1.0) -> Path:
    """A zip whose one member inflates to 1 GB of spaces (no entry point of the app reads zip archives)."""
    path = folder / "bundle.zip"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf, \
            zf.open("bundle.json", "w", force_zip64=True) as fh:
        for piece in _repeat(b" ", int(1024 * MB * scale)):
            fh.write(piece)
    return path


@dataclass(frozen=True)
class Bomb:
    name: str
    entry: str                   # "documents" (My documents upload) | "record" (Import my record)
    make: Callable[..., Path]
    issue: str                   # what the issue measured before


BOMBS: tuple[Bomb, ...] = (
    Bomb("pdf-inflate-1gb", "documents", pdf_inflate, "1 MB PDF, 1 GB stream: 2.6 -> 5.6 GB, stayed at 3.7 GB"),
    Bomb("pdf-nested-flate-1gb", "documents", pdf_nested, "(not in the issue) two Flate layers, a few KB on disk"),
    Bomb("pdf-image-400mb", "documents", pdf_image, "(not in the issue) an image only the page renderer decodes"),
    Bomb("pdf-500-pages", "documents", pdf_pages, "500 pages: 18.6 s and +0.8 GB"),
    Bomb("txt-19mb", "documents", text_large, "(not in the issue) the largest text file the upload limit lets in"),
    Bomb("zip-1gb", "documents", zip_bomb, "(not in the issue) a zip archive"),
    Bomb("gz-spaces-400mb", "record", gz_spaces, "400 KB .json.gz of 400 MB of spaces: +0.8 GB"),
    Bomb("gz-arrays-400mb", "record", gz_arrays, "(not in the issue) 400 MB of empty JSON arrays"),
    Bomb("json-deep", "record", json_deep, "deeply nested arrays: RecursionError"),
    Bomb("bundle-5000-conditions", "record", bundle_conditions, "2.3 MB bundle, 5,000 long names: 461 s"),
)


def write_all(folder: Path, scale: float = 1.0, names: list[str] | None = None) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return {b.name: b.make(folder, scale) for b in BOMBS if not names or b.name in names}
