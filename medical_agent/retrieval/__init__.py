"""Retrieval: bilingual tokenizer, sparse BM25, FAISS dense search, rank fusion and index loading."""

from .hybrid import HybridRetriever, Query
from .index_store import IndexLoadError, LoadedIndex, load_index
from .tokenizer import Tokenizer, get_tokenizer

__all__ = ["HybridRetriever", "IndexLoadError", "LoadedIndex", "Query", "Tokenizer", "get_tokenizer",
           "load_index"]
