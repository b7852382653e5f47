"""OpenAI (or OpenAI-compatible) embeddings, e.g. text-embedding-3-small, through ``base_url``."""

from __future__ import annotations

import numpy as np

from ..llm.openai_backend import build_openai_client, translate_error
from .base import BatchedEmbedder

KNOWN_DIMS = {"text-embedding-3-small": 1536, "text-embedding-3-large": 3072, "text-embedding-ada-002": 1536}


class OpenAIEmbedder(BatchedEmbedder):
    batch_size = 128

    def __init__(self, model: str, *, api_key: str | None, base_url: str | None = None, timeout: float = 60.0,
                 max_retries: int = 3):
        self._client = build_openai_client(api_key, base_url, timeout, max_retries)
        self._model_name, self._base_url = model, base_url
        self.name = f"openai:{model}"
        self.dim = KNOWN_DIMS.get(model) or self._embed(["dimension probe"], True).shape[1]

    def _embed(self, texts: list[str], is_query: bool) -> np.ndarray:
        import openai

        try:
            resp = self._client.embeddings.create(model=self._model_name, input=texts)
        except openai.OpenAIError as exc:
            raise translate_error(exc, self._model_name, self._base_url) from exc
        return np.asarray([d.embedding for d in sorted(resp.data, key=lambda d: d.index)], dtype=np.float32)
