"""Embedder protocol and backends (multilingual USE, sentence-transformers, OpenAI, hashing for tests)."""

from .base import BatchedEmbedder, Embedder, l2_normalise
from .factory import create_embedder

__all__ = ["BatchedEmbedder", "Embedder", "create_embedder", "l2_normalise"]
