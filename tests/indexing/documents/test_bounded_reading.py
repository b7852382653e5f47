"""Bounded work per document (issue 33): the readers refuse a file past a cap while they read it, with one line
naming the limit. The bombs are bomb_files' at a small scale and the caps small, so each test costs little; the
full-size files and the app's peak RSS are `bench bombs`."""

import time
import zlib

import pytest

from medical_agent.eval.benches import bomb_files
from medical_agent.indexing.documents.collection import parse_file
from medical_agent.indexing.documents.elements import DocumentError
from medical_agent.indexing.documents.inflate import inflate, inflate_budget
from medical_agent.settings import PROJECT_ROOT, Limits

LEAFLETS = PROJECT_ROOT / "tests" / "data" / "leaflets"
SMALL = Limits(max_inflated_mb=1, max_document_pages=10, max_document_chars=20_000)


def refused(path, limits, match):
    start = time.perf_counter()
    with pytest.raises(DocumentError, match=match) as info:
        parse_file(path, path.name, limits=limits)
    assert "\n" not in str(info.value)
    return time.perf_counter() - start


@pytest.mark.parametrize("make", [bomb_files.pdf_inflate, bomb_files.pdf_nested])
def test_a_stream_that_inflates_past_the_budget_is_refused_while_inflating(tmp_path, make):
    bomb = make(tmp_path, scale=24 / 1024)                    # 24 MB of spaces behind one or two Flate layers
    seconds = refused(bomb, SMALL, r"inflates to more than 1 MB \(limit max_inflated_mb = 1\)")
    assert seconds < 2.0
    assert parse_file(bomb, bomb.name).pages == 1               # a team's own corpus: no cap (as before)


def test_more_pages_than_the_cap_are_refused_before_any_page_is_read(tmp_path):
    bomb = bomb_files.pdf_pages(tmp_path, scale=0.03)          # 15 pages
    refused(bomb, SMALL, r"more than 10 pages \(limit max_document_pages = 10\)")


@pytest.mark.parametrize("suffix", [".txt", ".md", ".html"])
def test_more_text_than_the_cap_is_refused(tmp_path, suffix):
    path = tmp_path / f"long{suffix}"
    line = "<p>Metformin lowers blood glucose.</p>\n" if suffix == ".html" else "Metformin lowers blood glucose.\n"
    path.write_text(line * 1000, encoding="utf-8")
    refused(path, SMALL, r"more than 20,000 characters of text \(limit max_document_chars = 20000\)")


def test_the_leaflets_read_the_same_under_the_default_limits():
    for path in sorted(LEAFLETS.glob("*.pdf")):
        assert parse_file(path, path.name, limits=Limits()) == parse_file(path, path.name)


@pytest.mark.parametrize(("decoder", "data"), [
    ("rldecode", bytes([129, 0x20]) * 20000 + bytes([128])),        # 128 bytes out for every 2 in: 2.5 MB
    ("lzwdecode", None),
])
def test_every_expanding_filter_counts_against_the_budget(decoder, data):
    from pdfminer import pdftypes

    if data is None:                                                 # LZW of 1.5 MB of one byte
        data = lzw_encode(b"\x00" * (1536 * 1024))
    with inflate_budget(1024 * 1024), pytest.raises(DocumentError, match="max_inflated_mb"):
        getattr(pdftypes, decoder)(data)
    assert len(getattr(pdftypes, decoder)(data)) > 1024 * 1024      # outside a budget: as pdfminer decodes


def test_inflate_stops_at_the_budget_not_after_the_whole_stream():
    data = zlib.compress(b" " * (16 * 1024 * 1024), 9)
    start = time.perf_counter()
    with inflate_budget(2 * 1024 * 1024), pytest.raises(DocumentError):
        inflate(data)
    assert time.perf_counter() - start < 0.5
    with inflate_budget(None):
        assert inflate(zlib.compress(b"abc")) == b"abc"


def lzw_encode(data: bytes) -> bytes:
    """A plain LZW encoder (PDF's: 9–12-bit codes, clear 256, end 257, early change) for the test."""
    table, nxt, word, codes = {bytes([i]): i for i in range(256)}, 258, b"", [256]
    for byte in data:
        cand = word + bytes([byte])
        if cand in table:
            word = cand
            continue
        codes.append(table[word])
        table[cand], nxt = nxt, nxt + 1
        if nxt >= 4000:                                     # start a fresh table well before 12 bits run out
            codes.append(256)
            table, nxt = {bytes([i]): i for i in range(256)}, 258
        word = bytes([byte])
    codes += [table[word], 257]
    out, acc, bits, width, size, first = bytearray(), 0, 0, 9, 258, True
    for code in codes:
        acc, bits = (acc << width) | code, bits + width
        while bits >= 8:
            out.append((acc >> (bits - 8)) & 0xFF)
            bits -= 8
        if code == 256:
            size, first = 258, True
        elif code != 257:
            size, first = size + (not first), False       # the decoder adds an entry from the second code on
        width = 12 if size >= 2047 else 11 if size >= 1023 else 10 if size >= 511 else 9
    if bits:
        out.append((acc << (8 - bits)) & 0xFF)
    return bytes(out)
