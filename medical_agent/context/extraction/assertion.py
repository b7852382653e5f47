"""Assertion status of a mention: present, negated, family, historical or hypothetical (a NegEx-style
detector for Korean and English).

Only present mentions become the person's active conditions, symptoms or medications; the others are kept
with their status for display. The scope is the clause around the mention: Korean negation follows the noun
(당뇨는 없어요, 고혈압이 아니에요, 안 먹어요), English negation precedes it (no history of, denies,
don't have); family words anywhere earlier in the clause (아버지가 고혈압이 있으신데, my mother has) and
resolution words (예전에 … 나았어요, used to have, recovered from) win over a plain mention. A mention in a
question without a first-person cue ("Can I take ibuprofen?", "메트포르민 부작용이 뭔가요?") is hypothetical:
asking about a drug is not taking it.
"""

from __future__ import annotations

import re

PRESENT, NEGATED, FAMILY, HISTORICAL, HYPOTHETICAL = "present", "negated", "family", "historical", "hypothetical"
ASSERTIONS = (PRESENT, NEGATED, FAMILY, HISTORICAL, HYPOTHETICAL)

CLAUSE_BREAK = re.compile(r"[.!?;\n]|,\s|\bbut\b|\bhowever\b|\bwhile\b|\bwhereas\b|지만|(?<=[가-힣])데(?=[\s,])|으나|(?<=[가-힣])고\s|그리고|하지만|그런데")
KO_NEG_AFTER = re.compile(r"^[은는이가을를도요지]?\s*(?:전혀\s*)?(?:없|아니|않|안\s|음성|진단받지\s*않|못\s*들)")
KO_NEG_BEFORE = re.compile(r"(?:안|못)\s*$")
KO_NEG_VERB_AFTER = re.compile(r"^[은는이가을를도]?\s*(?:\S+\s+)?(?:안\s|않|끊|중단|그만)")
EN_NEG_BEFORE = re.compile(
    r"\b(?:no|not|never|without|denies|denied|deny|negative\s+for|free\s+of|rule[ds]?\s+out|absence\s+of|"
    r"don'?t\s+have|do\s+not\s+have|doesn'?t\s+have|haven'?t\s+(?:had|got)|never\s+had|no\s+history\s+of|"
    r"not\s+taking|don'?t\s+take|stopped\s+taking|quit)\b[^.]{0,40}$", re.I)
EN_NEG_AFTER = re.compile(r"^\s*(?:was|is|were)?\s*(?:ruled\s+out|negative|not\s+present|excluded)\b", re.I)
KO_FAMILY = re.compile(r"(?:아버지|어머니|아빠|엄마|부모님|부모|할아버지|할머니|외할|친할|형이|형은|형도|누나|언니|오빠|"
                       r"동생|남편|아내|와이프|아들|딸|가족|친척|삼촌|이모|고모|외삼촌|사촌|가족력|집안)")
EN_FAMILY = re.compile(r"\b(?:my|his|her|our)\s+(?:mother|father|mom|mum|dad|parents?|brother|sister|sibling|"
                       r"grand(?:mother|father|ma|pa|parents?)|aunt|uncle|son|daughter|wife|husband|cousin|"
                       r"kids?|child(?:ren)?)\b|\bfamily\s+history\b|\bruns\s+in\s+(?:my|the|our)\s+family\b", re.I)
KO_HISTORY = re.compile(r"(?:예전에|과거에|옛날에|어렸을\s*때|어릴\s*때|전에는|한때)")
KO_RESOLVED = re.compile(r"(?:나았|완치|좋아졌|없어졌|치료\s*(?:받|했)|끊었|중단했|그만\s*먹|안\s*먹|괜찮아졌|회복)")
EN_HISTORY = re.compile(r"\b(?:used\s+to\s+(?:have|take)|had\s+\w+(?:\s+\w+)?\s+as\s+a\s+(?:child|kid)|"
                        r"(?:recovered|cured)\s+from|resolved|in\s+the\s+past|years\s+ago|(?:no\s+longer|stopped)\s+"
                        r"(?:have|has|taking|take)|former(?:ly)?|history\s+of\s+\w+\s+(?:that|which)\s+(?:resolved|went))\b",
                        re.I)
EN_RESOLVED_AFTER = re.compile(r"^[^.]{0,40}\b(?:gone|went\s+away|resolved|cured|healed|is\s+over|stopped)\b", re.I)


def clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause holding ``text[start:end]``: from the last break before it to the next break after it."""
    left = 0
    for m in CLAUSE_BREAK.finditer(text, 0, start):
        left = m.end()
    nxt = CLAUSE_BREAK.search(text, end)
    return left, (nxt.start() if nxt else len(text))


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    left = max(text.rfind(c, 0, start) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, end) for c in ".!?\n") if i >= 0]
    return left, (min(ends) if ends else len(text))


QUESTION_END = re.compile(r"(?:\?|나요|까요|니까|가요|는지|궁금|뭐예요|뭔데|어때요|되죠|인지)\s*[?.!]*\s*$")
EN_QUESTION_START = re.compile(r"^\s*(?:can|could|should|is|are|does|do|will|would|what|how|when|why|which|may)\b", re.I)
OWN_USE = re.compile(r"먹고\s*있|복용\s*(?:중|하고|해요|합니다)|먹어요|먹습니다|맞고\s*있|있는데|있고|있어서|앓고|진단|"
                     r"\bI(?:'m| am)\s+(?:taking|on)\b|(?<!can )(?<!should )(?<!could )(?<!may )(?<!do )\bI\s+(?:take|have|use|"
                     r"was diagnosed)\b|\bmy\b", re.I)
FIRST_PERSON = re.compile(r"저는|제가|저도|나는|내가|본인은|\bI\b|\bI'm\b|\bme\b")


def _family_subject(window: str) -> bool:
    """A relative is the subject of this part of the sentence (no "I/저는" after the last family word)."""
    ends = [m.end() for m in KO_FAMILY.finditer(window)]
    return bool(ends) and not FIRST_PERSON.search(window, ends[-1])


def classify(text: str, start: int, end: int) -> str:
    """Assertion of the mention ``text[start:end]``."""
    c_left, c_right = clause_bounds(text, start, end)
    s_left, s_right = sentence_bounds(text, start, end)
    before, after = text[c_left:start], text[end:c_right]
    sentence_before, sentence_after = text[s_left:start], text[end:s_right]
    if KO_FAMILY.search(before) or EN_FAMILY.search(before) or _family_subject(sentence_before[-25:]):
        return FAMILY
    if (KO_HISTORY.search(sentence_before) and KO_RESOLVED.search(text[end:s_right])) or \
            EN_HISTORY.search(sentence_before) or EN_RESOLVED_AFTER.search(sentence_after):
        return HISTORICAL
    if KO_RESOLVED.search(after[:12]) and re.search(r"었|았|했", after[:14]):
        return HISTORICAL
    clause = text[c_left:c_right]
    asked = QUESTION_END.search(clause) or (text[c_right:c_right + 1] == "?") or \
        (EN_QUESTION_START.search(sentence_before) and text[end:s_right + 1].rstrip().endswith("?"))
    if asked and not OWN_USE.search(clause):
        return HYPOTHETICAL
    if KO_NEG_AFTER.search(after) or KO_NEG_BEFORE.search(before) or EN_NEG_BEFORE.search(before) or \
            EN_NEG_AFTER.search(after):
        return NEGATED
    return PRESENT
