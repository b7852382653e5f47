"""Optional LLM query translation for the query pipeline (``query_translation_enabled``, needs an LLM).

A Korean question over English passages is translated once into an English search query; the translation
joins the BM25 terms and the dense side. Translations are cached (same question, no second call), and any
failure means "no translation": retrieval goes on with the glossary, loanwords and concepts, never stops.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from typing import Any

from ..llm.base import LLM, LLMError
from ..llm.calls import tracked_chat
from ..prompts import TRANSLATE_SYSTEM

log = logging.getLogger(__name__)


class QueryTranslator:
    """Callable: Korean text → (English query or None, the LLM call record or None when cached/failed)."""

    def __init__(self, llm: LLM, cache_size: int = 512, max_chars: int = 300):
        self.llm, self.cache_size, self.max_chars = llm, cache_size, max_chars
        self._cache: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, text: str) -> tuple[str | None, dict[str, Any] | None]:
        key = " ".join(text.split())
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key], None
        try:
            result, record = tracked_chat(self.llm, [{"role": "system", "content": TRANSLATE_SYSTEM},
                                                     {"role": "user", "content": key}],
                                          tag="translate", temperature=0.0, max_tokens=80)
        except LLMError as exc:
            log.warning("query translation failed (%s); searching without it", exc)
            return None, None
        english = " ".join(result.text.split())[: self.max_chars]
        if not english:
            return None, record
        with self._lock:
            self._cache[key] = english
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return english, record
