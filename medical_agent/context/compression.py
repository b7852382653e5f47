"""Evidence compression: the sentences of the retrieved passages that bear on this question and this person,
under a token budget, instead of whole passages.

Evidence is the expensive part of a turn (a CPU model reads ~90 prompt tokens a second; docs/benchmarks.md), and
a small model given whole passages copies them. Each passage's sentences are scored by the words they share with
the question, its expansion terms and the profile summary (length-normalised, the first sentence slightly
favoured for context); passages then take turns, in rank order, adding their next-best sentence until the budget
is spent, so every relevant passage keeps its best sentence before any gets a second. Selected sentences keep
their passage order. A passage with nothing selected keeps its place (empty text), so citation numbers never
shift. ``budget <= 0`` leaves the passages whole (the assembly's own budget still applies).

A table is one unit, not sentences: its title, header and rows (context.table_rows), taken in the first round.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from ..evidence import Evidence
from ..text import split_sentences
from .table_rows import TABLE_TOKENS, is_table_passage, numbers, score_table, select_rows

MAX_SENTENCES = 4          # per passage
FIRST_SENTENCE_BONUS = 0.1


def _scored(doc: Evidence, query: set[str], values: set[float], count: Callable[[str], int],
            tokenize: Callable[[str], list[str]]) -> list[tuple[float, int, str]]:
    if is_table_passage(doc):
        table = select_rows(doc.text, query, values, TABLE_TOKENS, count, tokenize)
        return [(score_table(doc.text, query, values, tokenize), 0, table)]
    out = []
    for pos, sentence in enumerate(split_sentences(doc.text)):
        words = set(tokenize(sentence))
        if not words:
            continue
        score = len(words & query) / (len(words) ** 0.5 + 1.0) + (FIRST_SENTENCE_BONUS if pos == 0 else 0.0)
        out.append((score, pos, sentence))
    return sorted(out, key=lambda item: (-item[0], item[1]))


def compress(docs: Sequence[Evidence], focus: str, budget: int, count: Callable[[str], int],
             tokenize: Callable[[str], list[str]], question: str = "") -> list[Evidence]:
    """The passages with their text cut to the selected sentences (same order and length as ``docs``).
    ``question``'s numbers pick a long table's rows by their bands."""
    if budget <= 0 or not docs:
        return list(docs)
    query = set(tokenize(focus))
    values = numbers(question)
    ranked = [_scored(doc, query, values, count, tokenize) for doc in docs]
    chosen: list[list[tuple[int, str]]] = [[] for _ in docs]
    used = sum(count(d.heading(n)) for n, d in enumerate(docs, start=1))
    for turn in range(MAX_SENTENCES):
        added = False
        for i, sentences in enumerate(ranked):
            if turn >= len(sentences) or (turn > 0 and sentences[turn][0] <= FIRST_SENTENCE_BONUS):
                continue
            if turn == 0 and sentences[0][0] <= FIRST_SENTENCE_BONUS and i > 0:
                continue                                   # nothing in common with the question: skip it
            score, pos, sentence = sentences[turn]
            cost = count(sentence) + 1
            if used + cost > budget:
                continue
            chosen[i].append((pos, sentence))
            used += cost
            added = True
        if not added:
            break
    return [dataclasses.replace(doc, text=" ".join(s for _, s in sorted(picked)))
            for doc, picked in zip(docs, chosen, strict=True)]
