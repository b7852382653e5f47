"""The relevance gate (CRAG's retrieval evaluator, Yan et al. 2024): does what retrieval found answer the question?

Why: the agent put whatever retrieval returned into the answer. For a question the sources do not cover (a new
drug, head lice, the capital of France) the nearest passages are about something else, and an answer built on them
is worse than no retrieval at all (MMLU-Med with the local model: −8 points with retrieval); the verifier cannot
tell, because the unrelated passage does support the unrelated sentence quoted from it.

Signals, measured (docs/benchmarks.md, issue 32), cheap first:
- the cosine of the question, as asked, with each passage (its best view), on the retrieval embedder's own scale
  (``metadata["similarity"]``, written by the retriever);
- the question's words that no searched index knows, not even as a near spelling (``unknown_words``): a drug or a
  topic the corpus has never seen ("zuranolone", "팍스로비드", "router") while its nearest passages merely share
  the rest of the sentence.
The set verdict: **incorrect** when the best passage is far (below ``low``), or below ``unknown`` while the question
names something unknown; **correct** when the best passage is close (``high``); **ambiguous** between. Within the
set, a passage is kept when it is within ``margin`` of the best one: an off-topic neighbour (heart failure under a
stroke question) is dropped. With a model, an ambiguous set gets one short call that marks each passage
(generation of the answer, graph.nodes.generate_answer); without one it is answered from the kept passages.

Thresholds are per embedder (cosines of different models are on different scales), chosen on development data
only (the visitor and gate dev sets) and kept with the embedder's fusion values (``fusion_presets`` in
agent_config.yaml; ``gate_*`` settings override them); an embedder without thresholds is not gated (``ungated``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from ..evidence import Evidence
from ..settings import GATE_FIELDS, Settings
from .coverage import said
from .index_store import LoadedIndex

CORRECT, AMBIGUOUS, INCORRECT, UNGATED = "correct", "ambiguous", "incorrect", "ungated"
NUMBER = re.compile(r"[\d.,/%:-]+")
HANGUL = re.compile("[가-힣]")


@dataclass(frozen=True)
class Thresholds:
    low: float          # best passage below this: nothing answers the question
    high: float         # best passage at or above this: the set answers it
    unknown: float      # with an unknown name, the best passage must reach this to count
    margin: float       # a passage further than this below the best one is dropped


def thresholds_for(settings: Settings, embedder_name: str) -> Thresholds | None:
    """The gate's thresholds for an index built with ``embedder_name``: each one set in the settings wins, else the
    embedder's preset (``fusion_presets``); None when some stay unset (that embedder is not gated)."""
    preset = settings.retrieval.fusion_presets.get(embedder_name, {})
    values = [getattr(settings.retrieval, key) if getattr(settings.retrieval, key) is not None else preset.get(key)
              for key in GATE_FIELDS]
    return None if any(v is None for v in values) else Thresholds(*(float(v) for v in values))


@dataclass
class Judgement:
    verdict: str
    kept: list[int] = field(default_factory=list)          # ranks (1-based positions in the hits) kept
    dropped: list[dict] = field(default_factory=list)      # {"rank", "doc_id", "similarity"} of the others
    best: float | None = None
    unknown: list[str] = field(default_factory=list)
    reason: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def _within(a: str, b: str, k: int) -> bool:
    """Edit distance of ``a`` and ``b`` at most ``k`` (a banded dynamic programme that stops early)."""
    if abs(len(a) - len(b)) > k:
        return False
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
        if min(current) > k:
            return False
        previous = current
    return previous[-1] <= k


def unknown_words(text: str, indexes: Sequence[LoadedIndex]) -> list[str]:
    """The question's words that none of ``indexes`` knows, nor a spelling within one or two edits of them
    ("diabetis" is diabetes misspelled, "zuranolone" is unknown). Numbers, short Latin words and single Hangul
    syllables are left out."""
    if not indexes:
        return []
    vocabularies = [index.bm25.vocab for index in indexes]
    out = []
    for token in dict.fromkeys(indexes[0].tokenizer.tokenize(text)):
        if NUMBER.fullmatch(token) or any(token in v for v in vocabularies):
            continue
        if len(token) < (2 if HANGUL.search(token) else 4):
            continue
        k = 1 if len(token) <= 6 else 2
        if any(_within(token, word, k) for v in vocabularies for word in _near(v, token)):
            continue
        out.append(token)
    return out


def _near(vocabulary: dict[str, int], token: str) -> list[str]:
    """Words of a vocabulary that could be a near spelling of ``token``: same first character (cached per index)."""
    buckets = _BUCKETS.get(id(vocabulary))
    if buckets is None or buckets[0] is not vocabulary:
        grouped: dict[str, list[str]] = {}
        for word in vocabulary:
            grouped.setdefault(word[:1], []).append(word)
        buckets = _BUCKETS[id(vocabulary)] = (vocabulary, grouped)
    return buckets[1].get(token[:1], [])


_BUCKETS: dict[int, tuple[dict[str, int], dict[str, list[str]]]] = {}


def judge(question: str, hits: Sequence[Evidence], indexes: Sequence[LoadedIndex], thresholds: Thresholds | None,
          concepts: Sequence[Sequence[str]] = ()) -> Judgement:
    """The gate's verdict on ``hits`` for ``question``. Hits without a similarity (web pages, a BM25-only search)
    are kept as they are and do not count towards the verdict. ``concepts``: the names of each medicine, condition
    or symptom the question names; when a kept passage mentions one, a kept passage that mentions none is about
    something else (a severe asthma attack's warning signs under a question on stroke) and is dropped."""
    if thresholds is None:
        return Judgement(UNGATED, kept=[h.rank or n for n, h in enumerate(hits, start=1)], reason="no thresholds")
    scored = [(n, h, h.metadata.get("similarity")) for n, h in enumerate(hits, start=1)]
    sims = [s for _, _, s in scored if isinstance(s, (int, float))]
    unknown = unknown_words(question, indexes)
    if not sims:
        verdict = INCORRECT if not hits else UNGATED
        return Judgement(verdict, kept=[n for n, _, _ in scored], unknown=unknown, reason="no similarity")
    best = max(sims)
    if best < thresholds.low:
        verdict, reason = INCORRECT, f"best passage {best:.3f} < {thresholds.low}"
    elif unknown and best < thresholds.unknown:
        verdict, reason = INCORRECT, f"unknown {', '.join(unknown)} and best passage {best:.3f} < {thresholds.unknown}"
    elif best >= thresholds.high:
        verdict, reason = CORRECT, f"best passage {best:.3f} >= {thresholds.high}"
    else:
        verdict, reason = AMBIGUOUS, f"best passage {best:.3f} between {thresholds.low} and {thresholds.high}"
    close = {n for n, _, sim in scored if verdict != INCORRECT and (sim is None or sim >= best - thresholds.margin)}
    on_topic = {n for n, hit, _ in scored if n in close and mentions_any(hit, concepts)}
    if on_topic:
        close = {n for n, hit, sim in scored if n in on_topic or (n in close and sim is None)}
    kept = [n for n, _, _ in scored if n in close]
    dropped = [{"rank": n, "doc_id": hit.doc_id, "similarity": sim} for n, hit, sim in scored if n not in close]
    return Judgement(verdict, kept, dropped, round(best, 4), unknown, reason)


def mentions_any(hit: Evidence, concepts: Sequence[Sequence[str]]) -> bool:
    """Whether the passage names one of the concepts (any of its names, as the evidence-gap check reads them)."""
    text = f"{hit.title} {hit.text}".lower()
    return any(said(name, text) for names in concepts for name in names)
