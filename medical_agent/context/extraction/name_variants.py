"""The table's symptom names said in another form: Korean stems conjugated, English two-word names turned round.

Korean names of predicates are stems (머리가 아프, 다리가 붓, 숨이 차, 어지럽) and people conjugate them ("배가
아팠어요", "다리가 부었어요", "어지러운데"), which changes the surface, so neither linker finds the name: measured
over the table, 90 of its 135 predicate names were missed in the past tense. Here the text is rewritten with each
morpheme as kiwi's lemma (아팠어요 → 아프었어요; words keep their spaces), the table's Korean names are matched in it
with the dictionary linker, and each match is mapped back to the original characters; only matches whose words the
rewriting changed are new.

English names of the form adjective + noun (swollen ankles, racing heart, sore throat, runny nose) are as often
said the other way round, with the adjective as the predicate: "my ankles have been swollen", "I feel my heart
racing", "my throat is sore". Those are matched as noun, linking words only (is, have been, feels, really ...),
adjective. The caller keeps what the concept linker did not already cover.
"""

from __future__ import annotations

import re

from ...text import has_hangul
from .concepts import Concept, ConceptTable
from .dictionary_linker import DictionaryLinker
from .mentions import Mention
from .morphology import morphemes

CONFIDENCE = 0.85
ADJECTIVE = re.compile(r"^(?:[a-z]+(?:en|ing|y|ed)|sore|stiff|numb|dry|red|black|yellow|fast|weak|loose|hard|tight)$")
LINKING = (r"(?:\s+(?:is|are|was|were|feels?|felt|looks?|looked|seems?|seemed|has|have|had|been|being|keeps?|kept|"
           r"getting|gets?|got|become|became|really|very|so|quite|pretty|still|always|all|a\s+bit|kind\s+of|"
           r"a\s+little))*\s+")


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


def _inverted(concepts: ConceptTable) -> list[tuple[re.Pattern[str], Concept]]:
    """'ankles ... swollen' for 'swollen ankles': one pattern per adjective + noun name (plural -s optional)."""
    out = []
    for c in concepts.concepts:
        for name in c.english_names:
            words = name.lower().split()
            if len(words) == 2 and ADJECTIVE.match(words[0]) and words[1].isalpha():
                noun = words[1][:-1] if words[1].endswith("s") and len(words[1]) > 4 else words[1]
                out.append((re.compile(rf"\b{noun}s?{LINKING}{words[0]}\b", re.I), c))
    return out


class NameVariants:
    """Conjugated Korean names and turned-round English names of the table."""

    def __init__(self, concepts: ConceptTable) -> None:
        korean = [Concept(c.cui, c.tui, c.slot, c.name, (), c.names_ko) for c in concepts.concepts if c.names_ko]
        self.korean = DictionaryLinker(ConceptTable(korean))
        self.english = _inverted(concepts)

    def find(self, text: str, taken: list[tuple[int, int]] = ()) -> list[Mention]:
        """Mentions of names said in another form, not overlapping ``taken`` spans or each other."""
        spans = list(taken)
        found: list[Mention] = []
        for concept, start, end in [*self._korean(text), *self._english(text)]:
            if any(start < e and s < end for s, e in spans):
                continue
            spans.append((start, end))
            found.append(Mention(concept.cui, concept.name, concept.tui, concept.slot, text[start:end], start, end,
                                 CONFIDENCE, "variant"))
        return found

    def _korean(self, text: str) -> list[tuple[Concept, int, int]]:
        if not has_hangul(text):
            return []
        lemmas, spans = lemma_text(text)
        out = []
        for m in self.korean.link(lemmas):
            start, end = spans[m.start][0], spans[m.end - 1][1]
            if has_hangul(m.text) and text[start:end] != m.text:
                out.append((Concept(m.cui, m.tui, m.slot, m.name), start, end))
        return out

    def _english(self, text: str) -> list[tuple[Concept, int, int]]:
        return [(concept, m.start(), m.end()) for pattern, concept in self.english for m in pattern.finditer(text)]
