"""The process's one kiwipiepy analyser for context/ (the Korean segmenter and the clause reader share it).

context/ sits below retrieval/ and may not import its BM25 tokenizer, which wraps kiwi for documents; this is the
same library behind a lock. Kiwi takes ~2 s to load and is not documented as thread-safe, so there is one instance,
created on first use, and every call holds :data:`kiwi_lock`. Analyses are cached per text: the assertion of
every mention of a message reads the same analysis.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any, NamedTuple

_kiwi: Any = None
kiwi_lock = threading.RLock()


class Morph(NamedTuple):
    """A morpheme and its character span in the analysed text (contracted ones overlap: 나요 = 나 + 어요)."""

    form: str
    tag: str
    start: int
    end: int


def get_kiwi() -> Any:
    """The process-wide Kiwi. Callers hold :data:`kiwi_lock` while they use it."""
    global _kiwi
    with kiwi_lock:
        if _kiwi is None:
            from kiwipiepy import Kiwi

            _kiwi = Kiwi()
        return _kiwi


@lru_cache(maxsize=256)
def morphemes(text: str) -> tuple[Morph, ...]:
    """Kiwi's best analysis of ``text`` (cached; cleared when user words change the analyser)."""
    with kiwi_lock:
        tokens = get_kiwi().tokenize(text)
    return tuple(Morph(t.form, t.tag, t.start, t.start + t.len) for t in tokens)


def forget_analyses() -> None:
    """New user words change kiwi's analyses: drop the cached ones."""
    morphemes.cache_clear()
