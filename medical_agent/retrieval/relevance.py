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
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field

import numpy as np
from scipy import sparse

from ..evidence import Evidence
from ..settings import GATE_FIELDS, Settings
from .coverage import said
from .index_store import LoadedIndex
from .unknown_names import HANGUL, NUMBER, as_medicine, korean_word, unknown_words

CORRECT, AMBIGUOUS, INCORRECT, UNGATED = "correct", "ambiguous", "incorrect", "ungated"


@dataclass(frozen=True)
class Thresholds:
    low: float          # best passage below this: nothing answers the question
    high: float         # best passage at or above this: the set answers it
    unknown: float      # with an unknown name, the best passage must reach this to count
    margin: float       # a passage further than this below the best one is dropped
    unknown_medicine: float = 1.0   # ... when the unknown name is given as a medicine (:func:`as_medicine`)
    lexical: float = 0.0    # a Korean question whose best passages hold less of its words than this (and whose best
                            # passage is below ``unknown``) is not covered; 0 turns it off (:func:`lexical_support`)
    lexical_other: float = 0.0      # the same for any other question (English, or Korean searched in English) ...
    lexical_other_below: float = 0.0    # ... whose best passage is below this; 0 turns it off
    low_long: float = 0.0       # ``low`` for a message of ``long_words`` words or more; 0 turns it off
    long_words: float = 0.0

    def floor(self, question: str) -> float:
        """``low`` for this question: a long story reads further from the passage that answers it (e5's cosine of a
        message of 30 words or more with its gold passage runs lower), so its floor is ``low_long`` when set."""
        long = self.low_long and self.long_words and len(question.split()) >= self.long_words
        return self.low_long if long else self.low


def thresholds_for(settings: Settings, embedder_name: str) -> Thresholds | None:
    """The gate's thresholds for an index built with ``embedder_name``: each one set in the settings wins, else the
    embedder's preset (``fusion_presets``); None when some stay unset (that embedder is not gated)."""
    preset = settings.retrieval.fusion_presets.get(embedder_name, {})
    values = [getattr(settings.retrieval, key) if getattr(settings.retrieval, key) is not None else preset.get(key)
              for key in GATE_FIELDS]
    if values[4] is None:           # gate_unknown_medicine is optional: without it a medicine is any unknown name
        values[4] = values[2]
    for optional in (5, 6, 7, 8, 9):    # gate_lexical, gate_lexical_other(_below), gate_low_long and
                                        # gate_long_words are optional: off without them
        if values[optional] is None:
            values[optional] = 0.0
    return None if any(v is None for v in values) else Thresholds(*(float(v) for v in values))


@dataclass
class Judgement:
    verdict: str
    kept: list[int] = field(default_factory=list)          # ranks (1-based positions in the hits) kept
    dropped: list[dict] = field(default_factory=list)      # {"rank", "doc_id", "similarity"} of the others
    best: float | None = None
    unknown: list[str] = field(default_factory=list)
    reason: str = ""
    named: bool | None = None        # a kept passage names the question's concept (None: the question names none)
    topic: str = ""                  # "animal": the question is about an animal's health (:func:`about_an_animal`)

    def to_dict(self) -> dict:
        return asdict(self)


def judge(question: str, hits: Sequence[Evidence], indexes: Sequence[LoadedIndex], thresholds: Thresholds | None,
          concepts: Sequence[Sequence[str]] = (), bridged: Callable[[str], bool] | None = None,
          terms: Sequence[str] = ()) -> Judgement:
    """The gate's verdict on ``hits`` for ``question``. Hits without a similarity (web pages, a BM25-only search)
    are kept as they are and do not count towards the verdict. ``concepts``: the names of each medicine, condition
    or symptom the question names; when a kept passage mentions one, a kept passage that mentions none is about
    something else (a severe asthma attack's warning signs under a question on stroke) and is dropped.
    ``bridged``: see :func:`unknown_words` (given when a Korean question is searched over English passages).
    ``terms``: the search's extra BM25 terms (the query pipeline's glossary, loanword and concept names), counted
    with the question's own words by :func:`lexical_support`."""
    if thresholds is None:
        return Judgement(UNGATED, kept=[h.rank or n for n, h in enumerate(hits, start=1)], reason="no thresholds")
    scored = [(n, h, h.metadata.get("similarity")) for n, h in enumerate(hits, start=1)]
    sims = [s for _, _, s in scored if isinstance(s, (int, float))]
    unknown = unknown_words(question, indexes, bridged)
    if about_an_animal(question):
        topic, reason = "animal", "about an animal's health: the sources are about people"
    elif kind := outside_the_sources(question):
        topic, reason = "outside", f"asks about {kind}: the sources never say"
    else:
        topic = reason = ""
    if topic:                       # whatever its passages read: every one of them is dropped
        dropped = [{"rank": n, "doc_id": hit.doc_id, "similarity": sim} for n, hit, sim in scored]
        return Judgement(INCORRECT, [], dropped, round(max(sims), 4) if sims else None, unknown, reason, topic=topic)
    if not sims:
        verdict = INCORRECT if not hits else UNGATED
        return Judgement(verdict, kept=[n for n, _, _ in scored], unknown=unknown, reason="no similarity")
    best, low = max(sims), thresholds.floor(question)
    if best < low:
        verdict, reason = INCORRECT, f"best passage {best:.3f} < {low}"
    elif unknown and best < thresholds.unknown:
        verdict, reason = INCORRECT, f"unknown {', '.join(unknown)} and best passage {best:.3f} < {thresholds.unknown}"
    elif (medicines := [w for w in unknown if as_medicine(w, question) and not korean_word(w)]) and \
            best < thresholds.unknown_medicine:
        verdict, reason = INCORRECT, (f"unknown medicine {', '.join(medicines)} and best passage {best:.3f} < "
                                      f"{thresholds.unknown_medicine}")
    elif (floor := _lexical_floor(question, best, indexes, thresholds)) and \
            (support := lexical_support(question, terms, hits, indexes[:1] if floor[2] else indexes,
                                        korean=not floor[2])) is not None and support < floor[0]:
        verdict, reason = INCORRECT, (f"the passages hold {support:.2f} of the question's words (< "
                                      f"{floor[0]}) and the best one {best:.3f} < {floor[1]}")
    elif best >= thresholds.high:
        verdict, reason = CORRECT, f"best passage {best:.3f} >= {thresholds.high}"
    else:
        verdict, reason = AMBIGUOUS, f"best passage {best:.3f} between {low} and {thresholds.high}"
    close = {n for n, _, sim in scored if verdict != INCORRECT and (sim is None or sim >= best - thresholds.margin)}
    on_topic = {n for n, hit, _ in scored if n in close and mentions_any(hit, concepts)}
    if on_topic:
        close = {n for n, hit, sim in scored if n in on_topic or (n in close and sim is None)}
    kept = [n for n, _, _ in scored if n in close]
    dropped = [{"rank": n, "doc_id": hit.doc_id, "similarity": sim} for n, hit, sim in scored if n not in close]
    named = bool(on_topic) if concepts else None
    return Judgement(verdict, kept, dropped, round(best, 4), unknown, reason, named)


def _lexical_floor(question: str, best: float, indexes: Sequence[LoadedIndex], thresholds: Thresholds
                   ) -> tuple[float, float, bool] | None:
    """(the share of its words the question's passages must hold, the cosine below which that is asked, whether it is
    the floor for a question not searched over Korean passages) or None when no floor applies. A Korean question
    over Korean passages shares many words with the passages that answer it; an English question, or a Korean one
    over English passages (its words bridged by the glossary), shares fewer, so its floor is lower: the gate dev
    sets' covered questions never fell below 0.06 while a third of the uncovered questions that reached MedQuAD's
    passages in Korean did (docs/benchmarks.md, issue 32)."""
    if HANGUL.search(question) and any(i.languages().get("ko") for i in indexes):
        if thresholds.lexical and best < thresholds.unknown:
            return thresholds.lexical, thresholds.unknown, False
        return None
    if thresholds.lexical_other and best < thresholds.lexical_other_below:
        return thresholds.lexical_other, thresholds.lexical_other_below, True
    return None


def lexical_support(question: str, terms: Sequence[str], hits: Sequence[Evidence],
                    indexes: Sequence[LoadedIndex], korean: bool = True) -> float | None:
    """The largest share of the question's word weight (BM25's IDF; a word the index lacks weighs as its rarest
    word) that one passage of ``hits`` holds, over the first index the hits come from (with ``korean``: the first
    Korean-holding one); None when no hit is found in one. Why: a Korean question about something the knowledge
    base never covers (급체 and finger-pricking, 김장 brine, 담 결림) meets passages that read close on the embedder's
    scale (0.86-0.89) but share almost none of its words; covered questions' best passages hold at least about a
    fifth of them (the gate dev sets, issue 32)."""
    for index in indexes:
        if korean and not index.languages().get("ko"):
            continue
        rows, idf, matrix = _lexical_tables(index)
        tokens = [*index.tokenizer.tokenize(question), *(t for term in terms for t in index.tokenizer.tokenize(term))]
        weights = {t: float(idf[index.bm25.vocab[t]]) if t in index.bm25.vocab else float(idf.max())
                   for t in dict.fromkeys(tokens) if not NUMBER.fullmatch(t)}
        total = sum(weights.values())
        found = [rows[h.chunk_id] for h in hits if h.chunk_id in rows]
        if not found or not total:
            continue
        best = 0.0
        for row in found:
            held = set(matrix.indices[matrix.indptr[row]:matrix.indptr[row + 1]].tolist())
            best = max(best, sum(w for t, w in weights.items() if index.bm25.vocab.get(t, -1) in held) / total)
        return best
    return None


_LEXICAL: dict[int, tuple[object, tuple[dict[str, int], np.ndarray, sparse.csr_matrix]]] = {}


def word_weigher(index: LoadedIndex) -> Callable[[str], float]:
    """A word's weight in ``index`` (BM25's IDF over the passages' own words; 0 for a word it lacks): the offline
    answer quotes the sentence that shares the question's rare words ("glimepiride", "frail", "runs"), not the one
    that shares its common ones ("type", "diabetes") — issue 32's fifteenth blind round."""
    _, idf, _ = _lexical_tables(index)
    vocab = index.bm25.vocab
    return lambda word: float(idf[vocab[word]]) if word in vocab else 0.0


def _lexical_tables(index: LoadedIndex) -> tuple[dict[str, int], np.ndarray, sparse.csr_matrix]:
    """(chunk id -> row, IDF per word, the words each row has), built once per loaded index. The passages' own words
    (``bm25.own``) where BM25 reads more than them: the lay questions the team wrote for a passage share everyday
    words with questions it does not answer (김장 brine met the salt passage's "소금" questions), and the threshold was
    set on the passages' own words."""
    cached = _LEXICAL.get(id(index))
    if cached is None or cached[0] is not index:
        words = index.bm25.own if index.bm25.own is not None else sparse.csr_matrix(index.bm25.weights)
        df = np.diff(sparse.csc_matrix(words).indptr)
        n = words.shape[0]
        idf = np.log((n - df + 0.5) / (df + 0.5) + 1)
        if (df > 0).any():                  # a word only the questions have weighs as a word the index lacks
            idf[df == 0] = idf[df > 0].max()
        rows = {c["chunk_id"]: r for r, c in enumerate(index.chunks)}
        cached = _LEXICAL[id(index)] = (index, (rows, idf, words))
    return cached[1]


# An animal as the patient: "강아지가 당뇨병 진단을 받았는데", "can I give my dog aspirin", "my beagle ate grapes". The
# sources are about people, and a person's medicine given to a pet can harm it; a person bitten, scratched or allergic
# is a person's question (HUMAN).
_ANIMALS_KO = r"(?:강아지|고양이|반려견|반려묘|반려동물|애완견|애완묘|애완동물|댕댕이|냥이|멍멍이|햄스터|앵무새|우리\s*개)"
_ANIMALS_EN = (r"(?:dog|cat|puppy|puppies|kitten|pet|hamster|rabbit|parrot|horse|corgi|beagle|retriever|poodle|"
               r"terrier|labrador|husky|chihuahua|dachshund)")
ANIMAL_PATIENT = re.compile(
    _ANIMALS_KO + r"\s*(?:가|는|이|도|한테|에게|의|를|을)(?!\s*물)|동물\s*병원|수의사|심장사상충|중성화|넥카라|"
    r"\b(?:give|giving|feed|feeding|for|treat|treating)\s+(?:my|our|the|a|his|her)\s+(?:\w+\s+)?" + _ANIMALS_EN + r"s?\b|"
    r"\b(?:my|our|the)\s+(?:\w+\s+)?" + _ANIMALS_EN + r"(?:'s|s')?\s+(?:has|had|have|ate|eats|is|was|keeps|got|gets|"
    r"seems|threw|throws|vomit\w*|swallowed|took|diagnosed|sick|limp\w*|needs|drools|whines|shakes|coughs|sneezes)\b|"
    r"\b" + _ANIMALS_EN + r"'s\b|\b(?:vet|veterinarian)\b", re.I)
HUMAN = re.compile(r"물었|물어|물렸|물린|물려|할퀴|긁혀|알레르기|\bbit\b|\bbite|\bbitten\b|scratch|allerg", re.I)


def about_an_animal(question: str) -> bool:
    """Whether the question is about an animal's health (not a person bitten by one or allergic to one)."""
    return bool(ANIMAL_PATIENT.search(question)) and not HUMAN.search(question)


# What no passage of a health corpus says, asked in so many words: where a word or saying comes from, a poem to write,
# what something costs or whether insurance pays, setting up a device or an app. Every gate set's
# questions of these kinds are uncovered, and ten of them were answered from passages that merely share their medical
# words ("Where does 'stat' actually come from?" from a blood-count passage, a colonoscopy's co-payment from the
# colonoscopy pages, a haiku for a cardiologist); no covered gate or visitor question says any of it.
OUTSIDE = (
    ("words and sayings", re.compile(
        r"\bwhere\s+does\s+(?:the\s+)?(?:word|term|saying|phrase|name|expression)\b[^?]{0,80}\bcome\s+from|"
        r"\bwhere\s+does\s+['\"‘“]\w+['\"’”]\s+(?:actually\s+|really\s+)?come\s+from|"
        r"\borigin\s+of\s+(?:the\s+)?(?:word|term|saying|phrase|name)\b|\bwhy\s+(?:is|are|was|were)\s+\S+(?:\s+\S+){0,3}\s+"
        r"called\b|\betymolog|유래|어원|(?:라는|이라는|같은)\s*표현|(?:라고|이라고)\s*불러", re.I)),
    ("writing", re.compile(r"\b(?:haiku|poem|limerick|slogan)s?\b|시를\s*(?:써|지어)", re.I)),
    ("costs and insurance", re.compile(
        r"\b(?:how\s+much|what)\s+(?:does|do|will|would)\s+(?:\S+\s+){0,4}?cost\b|\bprice\s+of\b|\bco-?pays?\b|"
        r"\bdeductible\b|\binsurance\s+(?:cover|pay)|\b(?:FSA|HSA)\b|\breimburs|본인\s*부담|비용|가격|보험|실비|환불", re.I)),
    # (not batteries or laundry: a swallowed button battery or detergent is a poisoning MedQuAD covers)
    ("devices and apps", re.compile(r"\b(?:bluetooth|spreadsheet|excel|alexa|echo\s+dot)\b|엑셀|블루투스", re.I)),
)


def outside_the_sources(question: str) -> str | None:
    """The kind of question no passage answers (:data:`OUTSIDE`), or None."""
    return next((kind for kind, pattern in OUTSIDE if pattern.search(question)), None)


def mentions_any(hit: Evidence, concepts: Sequence[Sequence[str]]) -> bool:
    """Whether the passage names one of the concepts (any of its names, as the evidence-gap check reads them)."""
    text = f"{hit.title} {hit.text}".lower()
    return any(said(name, text) for names in concepts for name in names)
