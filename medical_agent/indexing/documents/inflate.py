"""A budget on the bytes pdfminer inflates while it reads one PDF, counted as they come out, not after.

pdfminer decodes a stream whole — ``zlib.decompress(data)``, an LZW or RunLength decoder that builds the output
in memory — before it looks at a byte of it. A 1 MB stream that inflates to 1 GB therefore costs the gigabyte
(and minutes of parsing) before any check after the fact could run. Here its decoders are replaced, once, by
versions that inflate in 1 MB steps and raise :class:`DocumentError` as soon as the document's streams together
pass the budget; every filter of a chain counts (two Flate layers inflate twice). Outside :func:`inflate_budget`
(a team's own corpus, built from the command line) the budget is unlimited and the decoders behave as before.
"""

from __future__ import annotations

import io
import threading
import types
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from .elements import DocumentError

STEP = 1024 * 1024
MB = 1024 * 1024
_state = threading.local()          # one document per thread; pdfminer decodes in the thread that parses
_installed = threading.Lock()


class InflateLimit(DocumentError):
    """The document's streams inflate past the budget."""


class Budget:
    def __init__(self, limit: int) -> None:
        self.limit, self.left = limit, limit
        self.exceeded: InflateLimit | None = None     # kept: a reader that swallows the error is still refused

    def take(self, n: int) -> None:
        if n > self.left:
            mb = self.limit // MB
            self.exceeded = InflateLimit(f"the PDF's compressed content inflates to more than {mb} MB "
                                         f"(limit max_inflated_mb = {mb})")
            self.left = 0
            raise self.exceeded
        self.left -= n


def _take(n: int) -> None:
    budget = getattr(_state, "budget", None)
    if budget is not None:
        budget.take(n)


def _active() -> bool:
    return getattr(_state, "budget", None) is not None


@contextmanager
def inflate_budget(max_bytes: int | None) -> Iterator[Budget | None]:
    """Inside it, this thread's PDF streams may inflate to ``max_bytes`` in all (None: no limit)."""
    install()
    saved = getattr(_state, "budget", None)
    _state.budget = Budget(max_bytes) if max_bytes is not None else None
    try:
        yield _state.budget
    finally:
        _state.budget = saved


def inflate(data: bytes, *, tolerant: bool = False) -> bytes:
    """zlib.decompress in steps, each step's output counted against the budget; ``tolerant`` keeps what came
    out before a damaged checksum at the very end (pdfminer's ``decompress_corrupted``)."""
    d, parts, pending = zlib.decompressobj(), [], data
    try:
        while True:
            piece = d.decompress(pending, STEP)
            _take(len(piece))
            parts.append(piece)
            pending = d.unconsumed_tail
            if d.eof or (not pending and len(piece) < STEP):
                break
        tail = d.flush()
    except zlib.error:
        if not tolerant or len(data) - len(pending) < len(data) - 3:
            raise
        tail = b""
    _take(len(tail))
    parts.append(tail)
    return b"".join(parts)


def _strict_inflate(data: bytes) -> bytes:
    return inflate(data) if _active() else zlib.decompress(data)


def _corrupted_inflate(original: Callable[[bytes], bytes]) -> Callable[[bytes], bytes]:
    def decode(data: bytes) -> bytes:
        return inflate(data, tolerant=True) if _active() else original(data)
    return decode


def _lzw(original: Callable[[bytes], bytes]) -> Callable[[bytes], bytes]:
    from pdfminer.lzw import LZWDecoder

    def decode(data: bytes) -> bytes:
        if not _active():
            return original(data)
        parts = []
        for piece in LZWDecoder(io.BytesIO(data)).run():
            _take(len(piece))
            parts.append(piece)
        return b"".join(parts)
    return decode


def _run_length(original: Callable[[bytes], bytes]) -> Callable[[bytes], bytes]:
    def decode(data: bytes) -> bytes:
        """RunLengthDecode (PDF 1.7 §7.4.5) into a bytearray, each run counted (pdfminer's keeps a list of ints,
        eight bytes for every byte out)."""
        if not _active():
            return original(data)
        out, i = bytearray(), 0
        while i < len(data) and data[i] != 128:
            length = data[i]
            if length < 128:
                run = data[i + 1: i + 2 + length]
                i += 2 + length
            else:
                run = data[i + 1: i + 2] * (257 - length)
                i += 2
            _take(len(run))
            out += run
        return bytes(out)
    return decode


def _counted(original: Callable[..., bytes]) -> Callable[..., bytes]:
    def decode(*args: object) -> bytes:
        out = original(*args)
        _take(len(out))
        return out
    return decode


def install() -> None:
    """Put the counting decoders into pdfminer (once per process; a no-op outside a budget)."""
    with _installed:
        from pdfminer import pdftypes

        if getattr(pdftypes, "_medagent_budget", False):
            return
        pdftypes.zlib = types.SimpleNamespace(decompress=_strict_inflate, decompressobj=zlib.decompressobj,
                                              error=zlib.error)
        pdftypes.decompress_corrupted = _corrupted_inflate(pdftypes.decompress_corrupted)
        pdftypes.lzwdecode = _lzw(pdftypes.lzwdecode)
        pdftypes.rldecode = _run_length(pdftypes.rldecode)
        pdftypes.ccittfaxdecode = _counted(pdftypes.ccittfaxdecode)
        pdftypes.ascii85decode = _counted(pdftypes.ascii85decode)
        pdftypes.asciihexdecode = _counted(pdftypes.asciihexdecode)
        pdftypes._medagent_budget = True
