"""sentence-transformers models by hub name or local path (the hub path needs internet once; offline, a
local directory works). Uses the model's own query/document prompts when it defines them."""

from __future__ import annotations

import numpy as np

from .base import BatchedEmbedder


class SentenceTransformerEmbedder(BatchedEmbedder):
    batch_size = 32

    def __init__(self, model: str, device: str = "cpu"):
        from sentence_transformers import SentenceTransformer

        try:
            self._model = SentenceTransformer(model, device=device)
        except OSError as exc:
            raise ValueError(f"cannot load sentence-transformers model {model!r}: {exc}. Offline, pass a local "
                             "directory (MEDAGENT_EMBEDDER=sentence-transformers:/path/to/model).") from exc
        self.name = f"sentence-transformers:{model}"
        self.dim = int(self._model.get_embedding_dimension())

    def _embed(self, texts: list[str], is_query: bool) -> np.ndarray:
        encode = self._model.encode_query if is_query else self._model.encode_document
        return np.asarray(encode(texts, convert_to_numpy=True, show_progress_bar=False), dtype=np.float32)
