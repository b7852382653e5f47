"""Plan, then retrieve (seed 004's P-E-O), offline: a message with several parts becomes subtasks, each searched
with a few query variants in parallel, fused per subtask and merged with a quota, so every part has evidence.

"메트포르민 부작용이 뭔가요? 그리고 신장이 안 좋을 때 용량은 어떻게 하나요?" searched as one query fills the top k with
side-effect passages; planned, the second part is its own subtask ("메트포르민 신장이 안 좋을 때 용량…": the medicine
named in the first part is carried into a part that names none) and gets its share of the places.

Splitting is by rules: question marks and line breaks, then joining words (그리고, 또, 또한, 그런데, 아울러; ", and",
"and also", "also", "as well as", ";") where both sides are long enough to be questions. A message that stays one
part is not planned: a simple question costs nothing more. Variants per subtask (up to :data:`MAX_VARIANTS`): the part
with the carried concept, the concepts with the part's intent words (the bilingual intent lexicon) and the part with
every concept of the message. The searches run in a thread pool; the retrievers only read.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from ..context.extraction.clauses import QUESTION, analyse
from ..context.extraction.mentions import Mention
from ..evidence import Evidence
from ..text import HANGUL, detect_language
from .intent_lexicon import INTENTS
from .query_pipeline import interleave

MAX_SUBTASKS = 5
MAX_VARIANTS = 3
MIN_KO_CHARS, MIN_EN_WORDS = 6, 3
TOPIC_SLOTS = ("medication", "condition", "symptom")
_BREAK = re.compile(r"(?<=[?？])\s+|\n+")
_JOIN = re.compile(r"\s+(?:그리고요?|또한|또|그런데|아울러)\s+|\s*,\s*(?:and\s+also|and|also)\s+|\s+and\s+also\s+|"
                   r"\s+also\s+|\s+as\s+well\s+as\s+|\s*;\s*", re.I)
_LEADING = re.compile(r"^(?:그리고요?|또한|또|그런데|아울러|and\s+also|and|also|plus)[,\s]+", re.I)
Link = Callable[[str], list[Mention]]
Search = Callable[[str], list[Evidence]]


@dataclass(frozen=True)
class Subtask:
    text: str                     # the part as written
    queries: tuple[str, ...]      # its query variants, the first being the part with any carried concept
    carried: str = ""             # a concept of an earlier part the part leaves out ("메트포르민")

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "queries": list(self.queries), "carried": self.carried}


@dataclass(frozen=True)
class Plan:
    subtasks: tuple[Subtask, ...]

    @property
    def multi(self) -> bool:
        return len(self.subtasks) > 1

    @property
    def searches(self) -> int:
        return sum(len(s.queries) for s in self.subtasks)

    def to_dict(self) -> dict[str, Any]:
        return {"subtasks": [s.to_dict() for s in self.subtasks]}


def _long_enough(part: str) -> bool:
    if HANGUL.search(part):
        return len(re.sub(r"\W", "", part)) >= MIN_KO_CHARS
    return len(part.split()) >= MIN_EN_WORDS


def split_parts(text: str) -> list[str]:
    """The message's parts: sentences, then clauses at joining words when both sides can stand alone."""
    parts: list[str] = []
    for sentence in (s.strip() for s in _BREAK.split(text) if s and s.strip()):
        pieces: list[str] = []
        pos = 0
        for match in _JOIN.finditer(sentence):
            left, right = sentence[pos:match.start()].strip(), sentence[match.end():].strip()
            if _long_enough(left) and _long_enough(right):
                pieces.append(left)
                pos = match.end()
        rest = sentence[pos:].strip()
        pieces.append(rest)
        for piece in (_LEADING.sub("", p) or p for p in pieces):
            if parts and not _long_enough(piece):
                parts[-1] = f"{parts[-1]} {piece}"
            else:
                parts.append(piece)
    if len(parts) > MAX_SUBTASKS:
        parts = [*parts[:MAX_SUBTASKS - 1], " ".join(parts[MAX_SUBTASKS - 1:])]
    return parts


def intent_terms(text: str, lang: str) -> list[str]:
    """The intent lexicon's words for what ``text`` asks (in ``lang``): "용량은 어떻게" → 복용량, 용량."""
    lowered, words = text.lower(), set(re.findall(r"[a-z]+", text.lower()))
    out: list[str] = []
    for _name, ko_cues, en_cues, en_terms, ko_terms in INTENTS:
        if any(c in lowered for c in ko_cues) or any(c in words or (" " in c and c in lowered) for c in en_cues):
            out += ko_terms if lang == "ko" else en_terms
    return list(dict.fromkeys(out))


def asked_parts(parts: Sequence[str]) -> list[str]:
    """The parts grouped by what they ask: a statement joins the question after it ("I've swapped white rice for
    brown, and my uncle says it's a free food. Is brown rice really unlimited?" is one question), statements after
    the last question join it. Why: searched as subtasks of their own, the story's sentences took the first places
    of the merged ranking (their passages come first), and the passage on what was asked fell back; over the seen
    visitor sets (1,680 questions) the gold passage was first for 0.650 / 0.645 (en / ko) of them planned by parts
    against 0.708 / 0.685 searched whole (docs/benchmarks.md, issue 31)."""
    groups: list[str] = []
    pending: list[str] = []
    for part in parts:
        pending.append(part)
        if any(c.kind == QUESTION for c in analyse(part)):
            groups.append(" ".join(pending))
            pending = []
    if pending:
        groups = [*groups[:-1], " ".join([*groups[-1:], *pending])]
    return groups


def make_plan(text: str, link: Link, referent: str = "") -> Plan:
    """The subtasks of ``text``: one per question it asks (:func:`asked_parts`); one subtask (the message itself)
    when it asks one thing. ``referent``: what a resolved follow-up points at ("microzide" for "Can I keep taking
    that medicine?"); a one-part follow-up is then also searched as the referent with the message's intent words, so
    "keep taking" does not outweigh the medicine it is about."""
    parts = asked_parts(split_parts(text))
    lang = detect_language(text)
    if len(parts) < 2:
        focus = " ".join([referent, *intent_terms(text, lang)]) if referent else ""
        return Plan((Subtask(text, tuple(dict.fromkeys(q for q in (text, focus) if q))),))
    found = [[m.text for m in link(p) if m.slot in TOPIC_SLOTS] for p in parts]
    everything = list(dict.fromkeys(name for names in found for name in names))
    subtasks, last = [], referent
    for part, names in zip(parts, found, strict=True):
        carried = "" if names else last
        last = names[-1] if names else last
        own = names or ([carried] if carried else [])
        variants = [f"{carried} {part}".strip(), " ".join([*own, *intent_terms(part, lang)]),
                    " ".join([part, *(n for n in everything if n not in part)])]
        queries = tuple(dict.fromkeys(v for v in variants if v.strip()))[:MAX_VARIANTS]
        subtasks.append(Subtask(part, queries, carried))
    return Plan(tuple(subtasks))


def planned_search(plan: Plan, search: Search, k: int, workers: int = 4,
                   prepare: Callable[[list[str]], None] | None = None, whole: str = ""
                   ) -> tuple[list[Evidence], list[list[str]]]:
    """Every variant of every subtask searched in parallel, fused per subtask (reciprocal rank), then merged in
    turns, one subtask's best unseen passage after another's, up to ``k``; each passage tagged with its subtask and
    the passages grouped by subtask (the prompt shows them so). ``prepare`` sees every query first (the pipeline
    embeds them in one batch). ``whole``: the message as written, searched too and given the first turn and the
    first places (subtask 0, no heading): the parts still get their places, but what the whole message finds comes
    first (over the seen visitor sets' 194 planned questions, the gold passage was first for 152 searched whole
    against 112 planned by parts: docs/benchmarks.md, issue 31). Returns the hits and each subtask's chunk ids."""
    queries = [[whole], *(list(st.queries) for st in plan.subtasks)] if whole else \
        [list(st.queries) for st in plan.subtasks]
    jobs = [(i, q) for i, variants in enumerate(queries) for q in variants]
    if prepare is not None:
        prepare([q for _, q in jobs])                # e.g. the query vectors in one batch
    results = list(_pool(workers).map(lambda job: search(job[1]), jobs))
    rankings: list[list[list[Evidence]]] = [[] for _ in queries]
    for (i, _), hits in zip(jobs, results, strict=True):
        rankings[i].append(hits)
    per_subtask = [interleave(r, k) for r in rankings]
    labels = [*([""] if whole else []), *(st.text for st in plan.subtasks)]
    merged = quota_merge(per_subtask, k, labels, first=0 if whole else 1)
    return merged, [[h.chunk_id for h in hits] for hits in per_subtask[1 if whole else 0:]]


_POOLS: dict[int, ThreadPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


def _pool(workers: int) -> ThreadPoolExecutor:
    """One long-lived pool per size: starting threads for every planned turn cost about a millisecond each."""
    with _POOLS_LOCK:
        if workers not in _POOLS:
            _POOLS[workers] = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="plan-search")
        return _POOLS[workers]


def quota_merge(rankings: Sequence[list[Evidence]], k: int, labels: Sequence[str] = (), first: int = 1
                ) -> list[Evidence]:
    """Take turns over the subtasks' rankings (a passage already taken is skipped) until ``k``; then group the
    taken passages by subtask, each group in its own order, and number them anew. ``labels``: the subtasks' texts,
    kept with their passages for the prompt's group headings (an empty one: no heading). ``first``: the number of
    the first ranking's subtask."""
    taken: dict[str, tuple[int, int, Evidence]] = {}
    depth = 0
    while len(taken) < k and any(depth < len(r) for r in rankings):
        for i, hits in enumerate(rankings):
            if depth < len(hits) and hits[depth].chunk_id not in taken and len(taken) < k:
                taken[hits[depth].chunk_id] = (i, depth, hits[depth])
        depth += 1
    ordered = sorted(taken.values(), key=lambda t: (t[0], t[1]))
    return [replace(h, rank=n, metadata={**h.metadata, "subtask": i + first,
                                         **({"subtask_text": labels[i]} if i < len(labels) and labels[i] else {})})
            for n, (i, _, h) in enumerate(ordered, start=1)]
