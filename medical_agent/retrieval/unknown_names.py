"""Which words of a question name something the sources have never seen (the relevance gate's unknown names; split
from :mod:`.relevance`, which weighs them against the best passage).

A drug or a topic no index knows ("zuranolone", "팍스로비드", "router") while its nearest passages merely share the rest
of the sentence is the strongest sign that a question is not covered. The hard part is what is *not* such a name: an
everyday word the small corpus lacks ("lately", 몸무게), a typo of a common word ("embarassed"), a specialist's title,
a brand explained by a generic in brackets the passages hold, and a Korean dictionary noun given beside a medicine
(사랑니 is a wisdom tooth). :func:`as_medicine` tells when an unknown name is given as a medicine (a stricter bar).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from ..text import common_word
from .index_store import LoadedIndex
from .tokenizer import get_tokenizer

NUMBER = re.compile(r"[\d.,/%:-]+")
NOUNS = ("NNG", "NNP", "SL", "SH")       # kiwi's common and proper nouns, foreign letters
HANGUL = re.compile("[가-힣]")


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


def unknown_words(text: str, indexes: Sequence[LoadedIndex], bridged: Callable[[str], bool] | None = None
                  ) -> list[str]:
    """The names in the question that none of ``indexes`` knows, nor a spelling within one or two edits of them
    ("diabetis" is diabetes misspelled, "zuranolone" is unknown). Only name-like words count, and no everyday word
    (:func:`common_word`: "lately", 몸무게): Latin words of six letters or more and Hangul nouns of three syllables
    or more (좋아하 is not a name). A Hangul word is judged by the indexes that hold
    Korean; over English passages only (a Korean question searched in English), it is unknown when ``bridged``
    (the query pipeline's glossary, concept linker, loanword and compound tables) finds no English for it. Any
    other word the indexes lack is still known when ``bridged`` finds it a name they hold: a brand name
    (Eliquis, 타미플루) whose generic the passages use."""
    if not indexes:
        return []
    korean = [i.bm25.vocab for i in indexes if i.languages().get("ko")]
    latin = [i.bm25.vocab for i in indexes]
    nouns = {m.form for m in indexes[0].tokenizer.morphemes(text) if m.tag in NOUNS} if HANGUL.search(text) else set()
    out = []
    surface = _surface_words(text, indexes[0].tokenizer.tokenize)
    for token in dict.fromkeys(indexes[0].tokenizer.tokenize(text)):
        hangul = bool(HANGUL.search(token))
        if NUMBER.fullmatch(token) or not _name_like(token, hangul, nouns):
            continue
        if not hangul and any(common_word(w, "en") or misspelt_common(w) or SPECIALIST.fullmatch(w)
                              for w in surface.get(token, ())):
            continue                   # "christmas" (token "christma"), "embarassed": everyday words as typed; a
                                       # doctor's title ("urologist", "obstetrician") names no drug or topic
        if hangul and not korean:
            if bridged is not None and not bridged(token):
                out.append(token)
            continue
        vocabularies = korean if hangul else latin
        if any(token in v for v in vocabularies):
            continue
        k = 1 if len(token) <= 6 else 2
        if any(_within(token, word, k) for v in vocabularies for word in _near(v, token)):
            continue
        if bridged is not None and bridged(token):     # a brand the concept table knows: Eliquis is apixaban
            continue
        out.append(token)
    asks = asking_part(text)
    if asks is not None and not POINTS_BACK.search(text, asks):
        out = [t for t in out if not setting_word(t, text, asks, surface)]
    vocabularies = [*korean, *latin]
    return _explained_in_brackets(text, out, indexes[0].tokenizer.tokenize,
                                  lambda t: any(t in v for v in vocabularies))


# Where a story is set is no topic: a word of the language (kiwi's dictionary, or an English word with a Zipf frequency
# of at least SETTING_ZIPF) that the message says only before the sentence that asks ("언니가 … 산후조리원에 있어요.
# … 괜찮을까요?", "초등학교 1학년 아들이 …", "he gets winded on the stairs. What could it be?"): gate questions_test18's
# first run declined 7 of its 22 covered questions, 4 of them for such words. An everyday word in the asking
# sentence still names the topic ("속눈썹 연장해도 되나요?": an absent topic told in everyday words).
SETTING_ZIPF = 2.5
SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")


def asking_part(text: str) -> int | None:
    """Where the message starts asking: its first sentence with a question mark (else its last sentence), to its end;
    None for a message of one sentence (all of it asks)."""
    sentences = [m for m in SENTENCE.finditer(text) if m.group().strip()]
    if len(sentences) < 2:
        return None
    return next((m for m in sentences if "?" in m.group()), sentences[-1]).start()


# ... unless the asking part points back at what was told ("how do i fix it?", "Are these actually any easier …?",
# "진짜예요?"): then the earlier sentences hold the topic (a Fitbit, nicotine pouches, hand sanitiser in a hot car)
POINTS_BACK = re.compile(r"\b(?:it|its|it's|these|those|this|that|they|them)\b|그거|이거|그게|이게|그것|이것|그런|이런|"
                         r"저거|진짜|정말|사실인가", re.I)


def setting_word(token: str, text: str, asks: int, surface: dict[str, set[str]]) -> bool:
    """Whether ``token`` is a word of the language (:data:`SETTING_ZIPF`) said only before ``asks``, where the message
    starts asking (the caller checks that the asking part does not point back: :data:`POINTS_BACK`)."""
    if HANGUL.search(token):
        if not korean_word(token):
            return False
        forms = {token}
    else:
        from wordfreq import zipf_frequency

        forms = surface.get(token, set()) or {token}
        if not any(zipf_frequency(w, "en") >= SETTING_ZIPF for w in forms):
            return False
    low = text.lower()
    return not any(low.find(f, asks) >= 0 for f in forms) and any(low.find(f) >= 0 for f in forms)


BRACKETED = re.compile(r"([^\s()]+)\s*\(([^()]{1,60})\)")


def _explained_in_brackets(text: str, unknown: list[str], tokenize: Callable[[str], list[str]],
                           in_sources: Callable[[str], bool]) -> list[str]:
    """``unknown`` without a name whose bracket partner the sources hold: "노보믹스(인슐린 아스파트 혼합형)",
    "Baqsimi (glucagon nasal powder)", "자렐토(리바록사반)" ask about what the passages name (the visitor sets, read as
    gate sets, were declined for it); a new drug and its new generic ("엔블로(이나보글리플로진)") stay unknown, even
    when the concept table knows the brand (a partner only bridged is not in the passages)."""
    if not unknown:
        return unknown
    explained: set[str] = set()
    for m in BRACKETED.finditer(text):
        outside, inside = tokenize(m.group(1)), tokenize(m.group(2))
        for names, partner in ((outside, inside), (inside, outside)):
            if any(t in unknown for t in names) and any(
                    not NUMBER.fullmatch(t) and len(t) >= 3 and not common_word(t, "ko" if HANGUL.search(t) else "en")
                    and in_sources(t) for t in partner):
                explained.update(names)
    return [t for t in unknown if t not in explained]


def _surface_words(text: str, tokenize: Callable[[str], list[str]]) -> dict[str, set[str]]:
    """The words of ``text`` as written (lower case), by the token each becomes (the tokenizer stems "christmas")."""
    out: dict[str, set[str]] = {}
    for word in set(re.findall(r"[A-Za-z][A-Za-z'-]{4,}", text)):
        for token in tokenize(word):
            out.setdefault(token, set()).add(word.lower())
    return out


# A specialist's title: over the gate and visitor sets it was the only "unknown name" of covered visitor questions
# ("my urologist says cranberry juice …", a nephrologist, an obstetrician) and never the only one of an uncovered one
SPECIALIST = re.compile(r"[a-z]+(?:ologists?|iatrists?|icians?)", re.I)
MISSPELT_ZIPF = 3.5                 # a word one edit from a word this common is that word misspelt ("embarassed")


@lru_cache(maxsize=4096)
def misspelt_common(word: str) -> bool:
    """Whether ``word`` (eight letters or more) is one edit from a common English word (Zipf of at least
    :data:`MISSPELT_ZIPF`): a visitor's typo, not a name. Drug names are never that close to a common word of that
    length (checked over the gate sets' absent names)."""
    if len(word) < 8:
        return False
    return any(_within(word, w, 1) for w in _common_by_start().get(word[:1], ()))


@lru_cache(maxsize=1)
def _common_by_start() -> dict[str, tuple[str, ...]]:
    from wordfreq import top_n_list, zipf_frequency

    grouped: dict[str, list[str]] = {}
    for w in top_n_list("en", 60000):             # most frequent first: stop at the first word below the bar
        if zipf_frequency(w, "en") < MISSPELT_ZIPF:
            break
        if len(w) >= 7 and w.isalpha():
            grouped.setdefault(w[:1], []).append(w)
    return {k: tuple(v) for k, v in grouped.items()}


# A Korean count written as one word: "혈압약 두가지(암로디핀, 로사르탄)" (pairwise round 14: declined for "두가지")
KO_COUNT = re.compile(r"(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|몇|여러|서너|두세|너댓|네댓)(?:가지|번|개|알|명|살|시간|달|주|"
                      r"차례|군데|종류|잔|병|통|봉|포|권|장)(?:째|씩)?")


def _name_like(token: str, hangul: bool, nouns: set[str]) -> bool:
    if hangul:
        return len(token) >= 3 and any(token in n or n in token for n in nouns if len(n) >= 2) and \
            not common_word(token, "ko") and not KO_COUNT.fullmatch(token)
    return len(token) >= 6 and not common_word(token, "en")


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



# A name given as a medicine: "엔블로(이나보글리플로진)", "Kerendia (finerenone)", "... called Blujepa", "리트풀로가
# 나왔다던데 ... 먹는 약". A brand and its generic in brackets, or a medicine word in the same clause.
MEDICINE_CUE = re.compile(r"약|치료제|진통제|소염제|주사|처방|복용|알약|정제|캡슐|연고|시럽|패치|\d\s*알|[한두세]\s*알|"
                          r"(?:으로|로)\s*바꿨|(?:으로|로)\s*바꾸|"
                          r"\b(?:drugs?|pills?|medicines?|medications?|tablets?|"
                          r"injections?|shots?|prescri\w*|antibiotics?|capsules?|dose|doses|dosage|mg|infusions?|drops|"
                          # a name taken, added, started or switched to (the gate sets: "add Inpefa", "started me on
                          # Lodoco", "does nurtec still work if i take it", "솔리쿠아로 바꿨는데")
                          r"take|taking|took|add|adding|added|started\s+(?:me\s+)?on|put\s+(?:me\s+)?on|switch\w*)\b", re.I)
CLAUSE = re.compile(r"[^.,;!?。]+")


# kiwi scores a noun of its dictionary (사랑니 -13.4, 영유아 -12.8, 초등학교) far above one it has never seen (자큐보
# -27.6, 메티마졸 -32.6, 팍스로비드 -34.9, 엔블로 -24.9)
KNOWN_NOUN_SCORE = -20.0


@lru_cache(maxsize=4096)
def korean_word(word: str) -> bool:
    """Whether a Hangul ``word`` is a noun of the Korean language (kiwi's dictionary), not a new name: 사랑니 beside
    aspirin is a wisdom tooth, not a medicine. It still counts as unknown to the sources (an absent topic is often
    told in everyday words: 속눈썹, 란셋), only not as an unknown medicine (gate questions_test17's first run: 4 of its
    7 Korean covered misses held the medicine bar for an everyday word in a clause with 약 or a medicine)."""
    if not HANGUL.search(word):
        return False
    # kiwi without the index's own words: a name the concept table added (무코스타) is no word of the language
    return any(m.form == word and m.tag in NOUNS and m.score > KNOWN_NOUN_SCORE
               for m in get_tokenizer().morphemes(word))


def as_medicine(word: str, question: str) -> bool:
    """Whether the question gives its unknown ``word`` as a medicine: next to a bracket (a brand and its generic
    name, neither of which the sources or the concept table know) or in a clause with a medicine word. A medicine
    nobody's sources name is not covered by passages about its neighbours (enavogliflozin under the SGLT2
    passages), however close they read; an unknown disease name (rare diseases in Korean over MedQuAD) is not held
    to this bar."""
    low, at = question.lower(), question.lower().find(word.lower())
    if at < 0:
        return False
    around = low[max(0, at - 2): at + len(word) + 2]
    if "(" in around or ")" in around:
        return True
    return any(word.lower() in clause and MEDICINE_CUE.search(clause) for clause in CLAUSE.findall(low))
