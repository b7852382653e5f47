"""One query pipeline for retrieval, used by the agent's retrieve node and by `eval retrieval` alike.

Language detection → concept linking with the context stage's linker → the other language's names of the
found concepts, the intent lexicon's terms and, for a Korean question over English passages, the index words
its loanwords transliterate (졸미트립탄 → zolmitriptan, :mod:`.transliteration`), the English of its words in
the team's glossary (무좀 → athlete's foot, :mod:`.glossary`) and the compounds its rare-disease names are built
from (연골발생저하증 → hypochondrogenesis, :mod:`.compounds`) go to BM25 (a Korean question meets English
passages); the dense side embeds the original question and the expanded English (or Korean) text and fuses
them by max. Such a cross-lingual question may carry its own fusion weights (``crosslingual_*`` settings).
``expand=False`` ablates everything but the plain question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ..context.extraction.concepts import ConceptTable
from ..context.extraction.mentions import ConceptLinker
from ..evidence import Evidence
from ..text import HANGUL_SYLLABLES, detect_language
from .compounds import CompoundMatcher, RootLexicon
from .coverage import said
from .fusion import rrf
from .glossary import Glossary
from .hybrid import FusionOverride, HybridRetriever, Query
from .index_store import LoadedIndex
from .intent_lexicon import english_intents, english_terms, korean_intents, korean_terms
from .tokenizer import Morpheme, Tokenizer, content_forms, get_tokenizer

HANGUL_RUN = re.compile(f"[{HANGUL_SYLLABLES}]{{2,}}")
MAX_SYNONYMS = 1          # English synonyms per linked concept besides its name (dev-chosen)
EXPANSION_WEIGHT = 0.5    # BM25 weight of expansion terms (dev-chosen: docs/benchmarks.md)
STEM_TAGS = ("NN", "XR", "SL", "SH")
NAME_POSITION = re.compile(r"((?:[\uac00-\ud7a3-]+ )?(?:[\uac00-\ud7a3]+-)*[\uac00-\ud7a3]+?) ?(?:병|증후군|종양)")
RRF_K = 60               # reciprocal-rank constant when rankings of two searches are merged
MIN_SAME_LANGUAGE = 20   # passages in the question's language needed to restrict a mixed corpus to it
Translate = Callable[[str], tuple[str | None, dict[str, Any] | None]]   # text → (English, LLM call record)


def word_stems(text: str, morphemes: list[Morpheme]) -> list[str]:
    """Each Hangul word of ``text`` up to the end of its last noun-like morpheme (사람은 → 사람, 글루텐이 →
    글루텐); words without one (verbs, adverbs) are left out."""
    stems = []
    for run in HANGUL_RUN.finditer(text):
        ends = [m.end for m in morphemes if run.start() <= m.start < run.end() and m.tag.startswith(STEM_TAGS)]
        if ends and max(ends) - run.start() >= 2:
            stems.append(text[run.start():min(max(ends), run.end())])
    return stems


def name_words(text: str, morphemes: list[Morpheme]) -> list[str]:
    """Nouns in a name position: right before 병/증후군/종양 (케네디병, 홀트-오람 증후군), the words hyphenated
    to them and one more word before (피터스 플러스 증후군); eponyms sit there, so the loanword matcher tries
    them with shorter skeletons. A word must begin with a noun morpheme (not 흔한 in 흔한 병, not 얼마나)."""
    nouns = {m.start for m in morphemes if m.tag.startswith(STEM_TAGS)}
    words = []
    for match in NAME_POSITION.finditer(text):
        for word in re.finditer(f"[{HANGUL_SYLLABLES}]+", match.group(1)):
            if len(word.group()) >= 2 and match.start(1) + word.start() in nouns:
                words.append(word.group())
    return words



LIFT_WITHIN = 10                                   # how far down an interactions passage is looked for
INTERACTION_TITLE = re.compile(r"상호작용|interaction", re.I)


@dataclass
class Expansion:
    language: str
    concepts: list[str] = field(default_factory=list)      # CUIs found
    intents: list[str] = field(default_factory=list)
    loanwords: list[str] = field(default_factory=list)     # index words found by back-transliteration
    glossary: list[str] = field(default_factory=list)      # English terms of glossary words in the question
    compounds: list[str] = field(default_factory=list)     # index compounds rebuilt from combining forms
    translation: str = ""                                  # the LLM's English query (query_translation_enabled)
    llm_calls: list[dict[str, Any]] = field(default_factory=list)
    bm25_terms: list[str] = field(default_factory=list)
    dense_text: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class QueryPipeline:
    def __init__(self, retriever: HybridRetriever, linker: ConceptLinker | None, concepts: ConceptTable | None,
                 *, expand: bool = True, translate: Translate | None = None,
                 glossary: Glossary | None = None, roots: RootLexicon | None = None,
                 crosslingual: FusionOverride | None = None, focus: tuple[int, int] = (0, 0)):
        self.retriever, self.linker, self.concepts = retriever, linker, concepts
        self.focus_words, self.focus_min_words = focus
        self.expand, self.translate, self.glossary, self.roots = expand, translate, glossary, roots
        self._compounds: CompoundMatcher | None = None
        self.crosslingual = crosslingual   # fusion weights of a Korean question over English passages

    def expansion(self, text: str) -> Expansion:
        lang = detect_language(text)
        exp = Expansion(lang)
        if not self.expand:
            return exp
        names: list[str] = []
        for m in self.linker.link(text) if self.linker else []:
            concept = self.concepts.by_cui.get(m.cui) if self.concepts else None
            if concept is None or m.cui in exp.concepts:
                continue
            exp.concepts.append(m.cui)
            if lang == "ko":
                names += [concept.name, *concept.synonyms_en[:MAX_SYNONYMS]]
            else:
                names += list(concept.names_ko[:MAX_SYNONYMS])
        exp.intents = korean_intents(text) if lang == "ko" else english_intents(text)
        intent_words = english_terms(exp.intents) if lang == "ko" else korean_terms(exp.intents)
        if lang == "ko" and self.crosses_to_english():
            morphemes = self.tokenizer.morphemes(text)
            known = self.glossary.matches(text, morphemes) if self.glossary else []
            exp.glossary = self.glossary.terms(known) if known else []
            exp.loanwords = self.loanwords(text, morphemes, known=set(known))
            exp.compounds = self.compounds(text, morphemes, known=set(known))
        if not self.corpus_has("en" if lang == "ko" else "ko"):
            names, intent_words = [], []   # nothing to bridge to: other-language words only add noise
        exp.bm25_terms = list(dict.fromkeys(names + exp.loanwords + exp.compounds + exp.glossary + intent_words))
        if lang == "ko" and self.translate is not None and self.crosses_to_english():
            translated, record = self.translate(text)
            exp.llm_calls = [record] if record else []
            if translated:
                exp.translation = translated
                exp.bm25_terms.append(translated)
                exp.dense_text = translated
        # The dense side of an English question embeds the Korean names it links, not its intent words: a bag such
        # as "도움" or "상호작용 함께 복용" embedded alone lands on whichever Korean page is most about help or
        # interactions (English questions over Korean leaflets, issue 31)
        dense_terms = exp.bm25_terms if lang == "ko" else [t for t in exp.bm25_terms if t not in intent_words]
        if not exp.dense_text and dense_terms:
            exp.dense_text = " ".join(dense_terms)
        return exp

    def corpus_has(self, lang: str) -> bool:
        """Whether the index holds passages in ``lang`` (without an index, e.g. in tests: assume so)."""
        return self.retriever is None or bool(self.retriever.index.languages().get(lang))

    def crosses_to_english(self) -> bool:
        """Whether a Korean question is searched over English passages: the index has English passages and
        too few Korean ones to restrict the search to (without an index, e.g. in tests: assume so)."""
        if self.retriever is None:
            return True
        langs = self.retriever.index.languages()
        if not self.retriever.index.paired_languages:
            return bool(langs.get("en"))
        return bool(langs.get("en")) and langs.get("ko", 0) < MIN_SAME_LANGUAGE

    def bridges(self, word: str) -> bool:
        """Whether the Korean ``word`` has English that the index holds: a glossary entry or a linked concept's
        name (or its class's, for a medicine: a passage on antidepressants knows sertraline) whose words are all
        index words, an index word it transliterates (loanword) or an English compound of
        its roots. The relevance gate asks it of a Korean question's names searched over English passages: a name
        without one is unknown to them (팍스로비드 is Paxlovid, which MedQuAD never names)."""
        if self.retriever is None:
            return True
        morphemes = self.tokenizer.morphemes(word)
        names = list(self.glossary.english(word, morphemes)) if self.glossary else []
        for mention in self.linker.link(word) if self.linker and self.concepts else []:
            names += self.concepts.names_with_class(mention.cui, korean=False)     # sertraline: antidepressant
        vocabulary = self.retriever.index.bm25.vocab
        if any(all(t in vocabulary for t in self.tokenizer.tokenize(name)) for name in names if name):
            return True
        return bool(self.retriever.index.loanwords().english([word], [word]) or self.compounds(word, morphemes))

    def warm_up(self) -> None:
        """Build the lazily built tables (kiwi, the loanword table: a few seconds on a large index) before
        the first question is timed or answered."""
        if self.expand:
            self.query("당뇨병 증상")

    @property
    def tokenizer(self) -> Tokenizer:
        return self.retriever.index.tokenizer if self.retriever is not None else get_tokenizer()

    def loanwords(self, text: str, morphemes: list[Morpheme] | None = None, known: set[str] = frozenset()
                  ) -> list[str]:
        """English index words that the question's Hangul words transliterate: each word without its particles
        and endings (kiwi may split a loanword it does not know, 글루텐이 → 글루 + 텐 + 이) and kiwi's nouns.
        Words the glossary knows are Korean words with a known meaning, not loanwords: they are skipped (a
        chance skeleton match would only add noise). Nothing for a corpus without English."""
        index = self.retriever.index if self.retriever is not None else None
        if index is None or not self.crosses_to_english():
            return []  # no English passages, or Korean ones that `search` restricts the question to
        morphemes = morphemes if morphemes is not None else index.tokenizer.morphemes(text)
        stems = word_stems(text, morphemes)
        words = [w for w in [*stems, *content_forms(morphemes)] if w not in known]
        names = [w for w in name_words(text, morphemes) if w not in known]
        return index.loanwords().english(dict.fromkeys(words), names)

    def compounds(self, text: str, morphemes: list[Morpheme], known: set[str] = frozenset()) -> list[str]:
        """English compound words of the index rebuilt from the combining forms of the question's Korean words
        (:mod:`.compounds`); words that are a glossary entry as a whole are already translated."""
        if self.roots is None or self.retriever is None:
            return []
        if self._compounds is None:
            self._compounds = CompoundMatcher(self.roots, self.retriever.index.bm25.vocab)
        return self._compounds.english([w for w in word_stems(text, morphemes) if w not in known])

    def query(self, text: str) -> tuple[Query, Expansion]:
        exp = self.expansion(text)
        crossing = self.expand and exp.language == "ko" and self.crosses_to_english()
        q = Query(text, bm25_terms=exp.bm25_terms, bm25_term_weight=EXPANSION_WEIGHT,
                  dense_texts=[t for t in (exp.dense_text, self.focus(text)) if t],
                  fusion=self.crosslingual if crossing else None)
        return q, exp

    def focus(self, text: str) -> str:
        """A long message's last words, embedded beside the whole: people tell the story first and ask at the end, and
        a long story reads far from the passage that answers its question (voice-dictated English at 0.83-0.86,
        under the gate's floor, with the right passage first: the twenty-third blind round). Empty when off or short."""
        words = text.split()
        if not self.focus_words or len(words) < max(self.focus_min_words, self.focus_words + 1):
            return ""
        return " ".join(words[-self.focus_words:])

    def prepare(self, texts: Sequence[str]) -> None:
        """Embed the queries ``texts`` will search with in one batch, ahead of their searches (the embedder
        remembers recent query vectors): a planned search runs several at once, and one batch costs about half of
        separate calls, which contend for the interpreter when run in threads."""
        wanted: list[str] = []
        for text in texts:
            q, _ = self.query(text)
            wanted += [q.text, *[t for t in q.dense_texts if t and t != q.text]]
        self.retriever.embedder.encode_queries(list(dict.fromkeys(wanted)))

    def search(self, text: str, k: int, *, method: str = "hybrid",
               filters: dict[str, str | list[str]] | None = None,
               also: Sequence[HybridRetriever] = ()) -> tuple[list[Evidence], Expansion]:
        """In a bilingual corpus the question's own language is searched (the passages are paired); a
        corpus without it (English MedQuAD for a Korean question) is searched across languages. ``also``: other
        collections (a person's documents) searched with the same expanded query and merged in (:func:`merge`)."""
        q, exp = self.query(text)
        lift = "interactions" in exp.intents and method == "hybrid"
        hits = self.search_index(self.retriever, q, exp.language, max(k, LIFT_WITHIN) if lift else k, method=method,
                                 filters=filters)
        hits = interactions_first(hits, exp, self.concepts)[:k] if lift else hits
        extra = [self.search_index(r, q, exp.language, k, method=method) for r in also]
        return (merge(hits, extra, k) if extra else hits), exp

    @staticmethod
    def search_index(retriever: HybridRetriever, q: Query, lang: str, k: int, *, method: str = "hybrid",
                     filters: dict[str, str | list[str]] | None = None) -> list[Evidence]:
        """One index: a paired corpus in the question's language only; a mixed, unpaired one (documents) in
        each language on its own, the two rankings interleaved: the question's own words would otherwise fill
        every place with passages of its language, and the one leaflet in the other language that answers it,
        reached only through the expansion's few words, would not make the top k."""
        index = retriever.index
        langs = index.languages()
        other = "en" if lang == "ko" else "ko"
        filters = language_filter(index, lang) if filters is None else filters
        hits = retriever.search(q, k, method=method, filters=filters)
        if filters is not None or index.paired_languages or not langs.get(other):
            return hits
        return interleave([hits, retriever.search(q, k, method=method, filters={"lang": other})], k)


def interactions_first(hits: list[Evidence], exp: Expansion, concepts: ConceptTable | None) -> list[Evidence]:
    """A question about taking medicines together ("X 먹는데 Y 같이 먹어도 돼요?") that found a passage on the
    interactions of a medicine it names (or its class) within the first :data:`LIFT_WITHIN` puts that passage
    second, after the best hit: the question's main topic otherwise fills the top three (visitor_test10 and
    test11: Eliquis with rifampicin, nifedipine with clarithromycin, a salt substitute with spironolactone)."""
    if not hits or concepts is None:
        return hits
    names = [n for cui in exp.concepts if (c := concepts.by_cui.get(cui)) is not None and c.slot == "medication"
             for n in concepts.names_with_class(cui)]
    if not names:
        return hits

    def about_interactions(h: Evidence) -> bool:
        words = f"{h.title} {h.text}".lower()
        return bool(INTERACTION_TITLE.search(h.title)) and any(said(n, words) for n in names)
    if about_interactions(hits[0]):
        return hits
    lifted = [h for h in hits[1:LIFT_WITHIN] if about_interactions(h)]
    if not lifted:
        return hits
    order = [hits[0], *lifted, *(h for h in hits[1:] if h not in lifted)]
    return [replace(h, rank=n) for n, h in enumerate(order, start=1)]


def language_filter(index: LoadedIndex, lang: str) -> dict[str, str] | None:
    """A paired corpus (the knowledge base says everything in both languages) is searched in the question's own
    language, when it holds enough passages in it; any other corpus as a whole."""
    langs = index.languages()
    if len(langs) > 1 and langs.get(lang, 0) >= MIN_SAME_LANGUAGE and index.paired_languages:
        return {"lang": lang}
    return None


def merge(main: list[Evidence], others: Sequence[list[Evidence]], k: int, rrf_k: int = RRF_K) -> list[Evidence]:
    """Reciprocal-rank merge of the knowledge base's hits with other collections' hits. Scores of two indexes do
    not compare, ranks do; a collection's hit takes part only if its words matched (a BM25 rank): in a small
    collection every passage has *some* nearest vector, and a leaflet about warfarin must not answer a question
    about asthma just because it is the person's only document."""
    return interleave([main] + [[h for h in hits if h.bm25_rank is not None] for hits in others], k, rrf_k)


def interleave(rankings: Sequence[list[Evidence]], k: int, rrf_k: int = RRF_K) -> list[Evidence]:
    """Rankings of separate searches merged by reciprocal rank: the top ``k``, scored and ranked anew."""
    fused = rrf([[h.chunk_id for h in hits] for hits in rankings], rrf_k)
    by_id = {h.chunk_id: h for hits in rankings for h in hits}
    order = sorted(fused, key=lambda cid: -fused[cid])[:k]
    return [replace(by_id[cid], score=round(fused[cid], 6), rank=n) for n, cid in enumerate(order, start=1)]
