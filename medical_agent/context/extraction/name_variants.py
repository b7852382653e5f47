"""The table's symptom names said in another form: Korean stems conjugated, English two-word names turned round.

Korean names of predicates are stems (머리가 아프, 다리가 붓, 숨이 차, 어지럽) and people conjugate them ("배가
아팠어요", "다리가 부었어요", "어지러운데"), which changes the surface, so neither linker finds the name: measured
over the table, 90 of its 135 predicate names were missed in the past tense. Here the text is rewritten with each
morpheme as kiwi's lemma (아팠어요 → 아프었어요; words keep their spaces), the table's Korean names are matched in it
with the dictionary linker, and each match is mapped back to the original characters; only matches whose words the
rewriting changed are new. Names that are nominalised predicates (손 떨림, 저림, 가려움, 두근거림) are said as the
predicate ("손이 자꾸 떨려요", "다리가 저려요", "가려워요"): a second rewriting writes each predicate as its noun
(stem + -ㅁ/-음, -ㅂ irregulars as -움) and leaves out the particles and degree adverbs between a noun and its
predicate, so "손이 자꾸 떨려요" reads "손 떨림". Negating adverbs (안, 못) stay, so "손이 안 떨려요" is no match.
A predicate alone is not read past what its name leaves out: a subject that makes a generic concept specific
("마음이 아파요", "발목이 아파요" are not the table's Pain, which has kinds such as Chest pain, Knee pain), or the
event it comes with ("소변볼때 따끔거려요" is no tingling); nor is a modifier ("삐었을 때": when one sprains).

English names of the form adjective + noun (swollen ankles, racing heart, sore throat, runny nose) are as often
said the other way round, with the adjective as the predicate: "my ankles have been swollen", "I feel my heart
racing", "my throat is sore". Those are matched as noun, linking words only (is, have been, feels, really ...),
adjective; a place and pain (knee pain, stomach pain) as the place and a verb of pain ("my knees ache"). Names with a preposition are said with a determiner after it ("blood in my stool", "pain in my chest"
for blood in stool, pain in chest). A Korean name that is a subject and its predicate ("아랫배가 아프", "다리가 붓")
is also matched in its nominalised form ("아랫배 아픔"), so another particle or an adverb between them ("아랫배도 살살
아파요") does not hide it. Misspelt medicines and plural abbreviations come from :mod:`.name_spelling`. The caller keeps what the concept linker did not already cover, except
that a longer name holding the linker's mention whole names more ("pain in my chest" over "pain").
"""

from __future__ import annotations

import re

from ...text import has_hangul
from .concepts import Concept, ConceptTable
from .dictionary_linker import DictionaryLinker
from .mentions import Mention, holds
from .morphology import morphemes
from .name_spelling import NameSpelling

CONFIDENCE = 0.85
ADJECTIVE = re.compile(r"^(?:[a-z]+(?:en|ing|y|ed)|sore|stiff|numb|dry|red|black|yellow|fast|weak|loose|hard|tight|"
                       r"tender)$")
LINKING = (r"(?:\s+(?:is|are|was|were|feels?|felt|looks?|looked|seems?|seemed|has|have|had|been|being|keeps?|kept|"
           r"getting|gets?|got|become|became|really|very|so|quite|pretty|still|always|all|a\s+bit|kind\s+of|just|starts?|started|"
           r"a\s+little))*\s+")
PREPOSITIONAL = re.compile(r"^(?P<head>[a-z]+(?:\s+[a-z]+)?)\s+(?P<prep>in|of|on|from|around|under|behind)\s+"
                           r"(?:(?:the|a|my)\s+)?(?P<tail>[a-z]+)$")
# "<place> pain" names are said as the place and a verb of pain: "my knees ache", "my stomach hurts"
HURTS = (r"(?:(?:really|still|always|sometimes|often|constantly|kind\s+of|so|both)\s+)?(?:hurts?|hurting|aches?|aching|"
         r"(?:has|have|had)\s+(?:been\s+)?(?:aching|hurting|ached|hurt|sore)|"
         r"(?:is|are)\s+(?:so\s+|really\s+)?sore|(?:is|are)\s+killing\s+me)\b")
NOT_A_PLACE = frozenset({"chronic", "persistent", "acute", "severe", "sharp", "upper", "lower", "low", "mild",
                         "nerve", "phantom", "growing"})
DROPPED = ("JKS", "JX", "JKO")                  # 손이 / 손은 / 손도 / 손을 떨려요
PREDICATES = ("VV", "VA", "XSV", "XSA")          # 떨리다, 가렵다, 따끔거리다 (따끔 + 거리), 침침하다 (침침 + 하)
KEPT_ADVERBS = frozenset(["안", "못", "잘", "덜", "별로", "전혀"])
HANGUL_BASE, JONG_M, JONG_L, JONG_B = 0xAC00, 16, 8, 17
SUBJECT_BEFORE = re.compile(r"[가-힣]+(?:이|가|은|는|도)\s+(?:[가-힣]+\s+){0,3}$")      # 마음이 (너무) 아파요
EVENT_BEFORE = re.compile(r"때\S{0,3}\s+(?:[가-힣]+\s+)?$")                            # 소변볼때 따끔거려요


def lemma_text(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with every morpheme written as its lemma, and for each character the original span it stands for."""
    chars: list[str] = []
    spans: list[tuple[int, int]] = []
    prev_end = 0
    for m in morphemes(text):
        if chars and any(c.isspace() for c in text[prev_end:m.start]):
            chars.append(" ")
            spans.append((prev_end, m.start))
        chars.extend(m.form)
        spans.extend([(m.start, m.end)] * len(m.form))
        prev_end = max(prev_end, m.end)
    return "".join(chars), spans


def _noun_of(stem: str, tag: str) -> str:
    """The nominalised form of a predicate stem: 떨리 → 떨림, 가렵 (irregular) → 가려움, 답답하 → 답답함, 붓 → 붓음."""
    last = ord(stem[-1]) - HANGUL_BASE
    if not 0 <= last < 11172:
        return stem
    jong = last % 28
    if jong == 0:
        return stem[:-1] + chr(HANGUL_BASE + last + JONG_M)
    if jong == JONG_B and tag.endswith("-I"):
        return stem[:-1] + chr(HANGUL_BASE + last - jong) + "움"
    if jong == JONG_L:
        return stem[:-1] + chr(HANGUL_BASE + last - jong + 10)      # ㄻ: 알 → 앎
    return stem + "음"


def nominalised_text(text: str, joined: bool = False) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with each conjugated predicate written as its noun, without the particles and degree adverbs
    between a noun and its predicate ("손이 자꾸 떨려요" → "손 떨림"; ``joined``: "손떨림", as in 코막힘), and each
    character's original span."""
    chars: list[str] = []
    spans: list[tuple[int, int]] = []
    morphs = morphemes(text)
    prev_end, space, skip_endings, last_tag = 0, None, False, ""
    for i, m in enumerate(morphs):
        nxt = morphs[i + 1].tag if i + 1 < len(morphs) else ""
        ending = next((r.tag for r in morphs[i + 1:] if r.tag != "EP"), "")     # 떨렸어요: past, then the ending
        if any(c.isspace() for c in text[prev_end:m.start]):
            space = (prev_end, m.start)
        prev_end = max(prev_end, m.end)
        if skip_endings and m.tag in ("EP", "EF", "EC"):
            continue
        skip_endings = False
        if m.tag in DROPPED or (m.tag == "MAG" and m.form not in KEPT_ADVERBS and not nxt.startswith("XS")):
            continue
        predicate = m.tag.startswith(PREDICATES) and ending in ("EF", "EC")     # not 삐었을 때 (-을: a modifier)
        if space and chars and not (joined and predicate and last_tag.startswith("NN")):
            chars.append(" ")
            spans.append(space)
        space, last_tag = None, m.tag
        form = _noun_of(m.form, m.tag) if predicate else m.form
        skip_endings = predicate
        chars.extend(form)
        spans.extend([(m.start, m.end)] * len(form))
    return "".join(chars), spans


SUBJECT_AND_PREDICATE = re.compile(r"^(?P<noun>[가-힣]+(?:\s+[가-힣]+)?)(?:이|가|을|를|은|는|도)\s+[가-힣]+$")


def nominal_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The nominalised forms of the names that are a subject and its predicate: 아랫배가 아프 → 아랫배 아픔. Only where
    kiwi reads the last word as a whole predicate stem (뼈가 부러, a cut stem, gives nothing)."""
    out = []
    for name in names:
        if (m := SUBJECT_AND_PREDICATE.match(name)) is None:
            continue
        noun = m["noun"]
        if noun == "이":
            continue                                    # 이가 아프 (a tooth): "이 아픔" would read "this pain"
        nominal = nominalised_text(name + "다")[0]
        tail = nominal[len(noun) + 1:]
        if nominal.startswith(noun + " ") and tail and " " not in tail and \
                (ord(tail[-1]) - HANGUL_BASE) % 28 == JONG_M or tail.endswith(("음", "움")):
            out.append(nominal)
    return tuple(out)


def _inverted(concepts: ConceptTable) -> list[tuple[re.Pattern[str], Concept]]:
    """'ankles ... swollen' for 'swollen ankles': one pattern per adjective + noun name (plural -s optional)."""
    out = []
    for c in concepts.concepts:
        for name in c.english_names:
            words = name.lower().split()
            if len(words) == 2 and ADJECTIVE.match(words[0]) and words[1].isalpha():
                noun = words[1][:-1] if words[1].endswith("s") and len(words[1]) > 4 else words[1]
                out.append((re.compile(rf"\b{noun}s?{LINKING}{words[0]}\b", re.I), c))
            elif len(words) == 2 and words[1] == "pain" and words[0].isalpha() and words[0] not in NOT_A_PLACE:
                out.append((re.compile(rf"\b{words[0]}s?\s+{HURTS}", re.I), c))     # my knees ache: knee pain
            elif found := PREPOSITIONAL.match(name.lower()):
                head, prep, tail = found["head"].replace(" ", r"\s+"), found["prep"], found["tail"]
                out.append((re.compile(rf"\b{head}\s+{prep}\s+(?:my|the)\s+{tail}s?\b", re.I), c))
    return out


class NameVariants:
    """Conjugated Korean names and turned-round English names of the table."""

    def __init__(self, concepts: ConceptTable) -> None:
        korean = [Concept(c.cui, c.tui, c.slot, c.name, (), (*c.names_ko, *nominal_names(c.names_ko)))
                  for c in concepts.concepts if c.names_ko]
        self.korean = DictionaryLinker(ConceptTable(korean))
        self.english = _inverted(concepts)
        self.spelling = NameSpelling(concepts)
        names = {c.name.lower() for c in concepts.concepts}
        self.generic = {c.cui for c in concepts.concepts if any(n.endswith(" " + c.name.lower()) for n in names)}

    def find(self, text: str, taken: list[tuple[int, int]] = ()) -> list[Mention]:
        """Mentions of names said in another form, not overlapping each other or ``taken`` spans, except ones they
        hold whole (the caller then drops the shorter mention)."""
        found: list[Mention] = []
        for concept, start, end in [*self._korean(text), *self._english(text), *self.spelling.find(text)]:
            if any(start < e and s < end for s, e in taken if not holds((start, end), (s, e))) or \
                    any(start < f.end and f.start < end for f in found):
                continue
            found.append(Mention(concept.cui, concept.name, concept.tui, concept.slot, text[start:end], start, end,
                                 CONFIDENCE, "variant", concept.topic))
        return found

    def _korean(self, text: str) -> list[tuple[Concept, int, int]]:
        if not has_hangul(text):
            return []
        written = [(m.start, m.end) for m in self.korean.link(text)]      # the linker's, as written
        out = []
        rewritings = (lemma_text(text), nominalised_text(text), nominalised_text(text, joined=True))
        for i, (rewritten, spans) in enumerate(rewritings):
            for m in self.korean.link(rewritten):
                start, end = spans[m.start][0], spans[m.end - 1][1]
                if not has_hangul(m.text) or any(start < e and s < end for s, e in written):
                    continue
                bare = i > 0 and " " not in text[start:end]           # the predicate alone: 아파, 따끔거려
                if bare and (EVENT_BEFORE.search(text[:start]) or
                             (m.cui in self.generic and SUBJECT_BEFORE.search(text[:start]))):
                    continue                                    # 마음이 아파요: not Pain; 소변볼때 따끔: not tingling
                out.append((Concept(m.cui, m.tui, m.slot, m.name), start, end))
        return out

    def _english(self, text: str) -> list[tuple[Concept, int, int]]:
        return [(concept, m.start(), m.end()) for pattern, concept in self.english for m in pattern.finditer(text)]
