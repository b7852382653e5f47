"""Assertion status of a mention: present, negated, family, historical or hypothetical (a NegEx-style
detector for Korean and English over the clauses of :mod:`.clauses`).

Only present mentions become the person's active conditions, symptoms or medications; the others are kept
with their status for display. The scope is the clause around the mention: Korean negation follows the noun
(당뇨는 없어요, 고혈압이 아니에요, 안 먹어요), English negation precedes it (no history of, denies,
don't have). Someone else's case wins over a plain mention: a relative, friend, colleague or neighbour earlier in
the clause, or as the subject of the sentence (아버지가 고혈압이 있으신데, my friend takes ...): ``family`` means
"not the person's". Resolution words and past events (예전에 … 나았어요, 예전에 결핵 앓았어요, used to have, I had
a heart attack in 2019) make it historical. A mention in a clause that asks or supposes ("뇌졸중의 증상은
뭔가요?", "Can I take ibuprofen?", "천식 있으면 …", "what if I had …") is hypothetical, shown as "asked about":
asking about a drug is not taking it, unless the question names it as the person's own ("제 당뇨", "my
metformin", "the drug I'm taking"). A suspicion is asked about too ("당뇨일까 봐 걱정이에요", "I might have
diabetes"). A statement beside the question stays a statement: in "메트포르민을 먹고
있는데 이부프로펜 먹어도 돼요?" metformin is present and ibuprofen asked about.
"""

from __future__ import annotations

import re

from .clauses import CONDITION, QUESTION, WHEN, clause_at, past_tense, speculative

PRESENT, NEGATED, FAMILY, HISTORICAL, HYPOTHETICAL = "present", "negated", "family", "historical", "hypothetical"
ASSERTIONS = (PRESENT, NEGATED, FAMILY, HISTORICAL, HYPOTHETICAL)

KO_NEG_AFTER = re.compile(r"^[은는이가을를도요지]?\s*(?:전혀\s*)?(?:없|아니|않|안\s|음성|진단받지\s*않|못\s*들)")
KO_NEG_BEFORE = re.compile(r"(?:안|못)\s*$")
# "기침이 안 멈춰요", "두통이 안 나아요": the symptom does not stop or get better, so it is there
KO_PERSISTS = re.compile(r"^\S{0,3}\s*(?:전혀\s*)?(?:안|못)\s*(?:멈|낫|나아|나았|떨어|좋아|가라앉|줄|없어지|사라지|내려|그치|그쳐)")
EN_NEG_BEFORE = re.compile(
    r"\b(?:no|not|never|without|denies|denied|deny|negative\s+for|free\s+of|rule[ds]?\s+out|absence\s+of|"
    r"don'?t\s+have|do\s+not\s+have|doesn'?t\s+have|haven'?t\s+(?:had|got)|never\s+had|no\s+history\s+of|"
    r"not\s+taking|don'?t\s+take|stopped\s+taking|quit)\b[^.]{0,40}$", re.I)
EN_NEG_AFTER = re.compile(r"^\s*(?:was|is|were)?\s*(?:ruled\s+out|negative|not\s+present|excluded)\b", re.I)
KO_OTHER = re.compile(r"(?:아버지|어머니|아빠|엄마|부모님|부모|할아버지|할머니|외할|친할|누나|언니|오빠|"
                      r"동생|남편|아내|와이프|아들|가족|친척|삼촌|고모|외삼촌|사촌|가족력|집안|시어머니|시아버지|"
                      r"장모|장인|손자|손녀|조카|친구|동료|직장\s*동료|이웃|지인|남자\s*친구|여자\s*친구|애인|"
                      r"(?<![가-힣])(?:형이|형은|형도|딸(?!꾹)|이모(?!티)|아이가|아이는|아이도|아기가|아기는|애가|애는))")
EN_OTHER = re.compile(r"\b(?:my|his|her|our|their|a)\s+(?:mother|father|mom|mum|dad|parents?|brother|sister|sibling|"
                      r"grand(?:mother|father|ma|pa|parents?|son|daughter|child(?:ren)?)|aunt|uncle|son|daughter|wife|"
                      r"husband|cousin|kids?|child(?:ren)?|baby|nephew|niece|friends?|colleagues?|co-?workers?|"
                      r"neighbou?rs?|boss|roommates?|partner|boyfriend|girlfriend)(?:'s)?\b|\bfriend\s+of\s+mine\b|"
                      r"\bfamily\s+history\b|\bruns\s+in\s+(?:my|the|our)\s+family\b|"
                      r"\b(?:he|she)\s+(?:has|had|takes|took|is|was|uses|used|gets|got)\b|\bfor\s+(?:him|her)\b", re.I)
KO_HISTORY = re.compile(r"(?:예전에|예전엔|예전에는|과거에|옛날에|어렸을\s*때|어릴\s*때|전에는|전엔|한때|작년에|"
                        r"\d+\s*년\s*전에?|몇\s*년\s*전)")
KO_RESOLVED = re.compile(r"(?:나았|완치|좋아졌|없어졌|치료\s*(?:받|했)|끊었|중단했|그만\s*먹|안\s*먹|괜찮아졌|회복)")
KO_ONGOING = re.compile(r"(?:지금도|아직|여전히|계속|요즘도|진단)")
EN_HISTORY = re.compile(r"\b(?:used\s+to\s+(?:have|take)|had\s+\w+(?:\s+\w+)?\s+as\s+a\s+(?:child|kid)|"
                        r"(?:recovered|cured)\s+from|resolved|in\s+the\s+past|years\s+ago|(?:no\s+longer|stopped)\s+"
                        r"(?:have|has|taking|take)|former(?:ly)?|history\s+of\s+\w+\s+(?:that|which)\s+(?:resolved|went))\b",
                        re.I)
EN_RESOLVED_AFTER = re.compile(r"^[^.]{0,40}\b(?:gone|went\s+away|resolved|cured|healed|is\s+over|stopped)\b", re.I)
EN_HAD_BEFORE = re.compile(r"\bI\s+had\s+(?:an?\s+|my\s+)?(?:[\w-]+\s+)?$", re.I)
EN_PAST_TIME_AFTER = re.compile(r"^[^.]{0,30}?\b(?:in\s+(?:19|20)\d{2}|(?:\w+\s+)?years?\s+ago|as\s+a\s+(?:child|kid|"
                                r"teen(?:ager)?|baby)|when\s+I\s+was\s+(?:young|little|a\s+\w+|\d+))\b", re.I)
# The question names the item as the person's own: 제 당뇨, 제가 먹는 약, my metformin, I'm taking X.
KO_OWN_BEFORE = re.compile(r"(?:(?<![가-힣])(?:제|내)\s+(?:\S+\s+)?|(?:제가|내가)\s+(?:\S+\s+)?(?:먹는|먹고\s*있는|"
                           r"복용하는|복용\s*중인|맞는|맞고\s*있는|쓰는|쓰고\s*있는|앓는|앓고\s*있는|가진|있는)\s+)$")
EN_OWN_BEFORE = re.compile(r"\bmy\s+(?:[\w-]+\s+){0,2}$|\bI(?:'m|\s+am)\s+(?:on|taking|using)\s+(?:[\w-]+\s+)?$|"
                           r"\bI(?:'ve\s+been)?\s+(?:take|use|have|taking|using)\s+(?:[\w-]+\s+)?$", re.I)
# "I might have diabetes", "worried I have a stroke": a suspicion, not a fact
EN_SPECULATIVE = re.compile(r"\b(?:(?:might|may|could)\s+(?:have|be|have\s+got|be\s+getting|be\s+developing)|"
                            r"(?:worried|afraid|scared|concerned)\s+(?:that\s+)?I(?:'m|\s+am)?\s+"
                            r"(?:have|having|getting|might|may|could)?)\s+(?:[\w-]+\s+){0,2}$", re.I)
AUX_BEFORE_I = re.compile(r"\b(?:can|could|should|may|might|do|does|did|would|will|shall|must|if|whether)\s+$", re.I)
FIRST_PERSON = re.compile(r"저는|제가|저도|나는|내가|본인은|\bI\b|\bI'm\b|\bme\b")


def _family_subject(window: str) -> bool:
    """A relative is the subject of this part of the sentence (no "I/저는" after the last family word)."""
    ends = [m.end() for m in KO_OTHER.finditer(window)]
    return bool(ends) and not FIRST_PERSON.search(window, ends[-1])


def _own(before: str) -> bool:
    """The words before a mention in a question name it as the person's own."""
    if KO_OWN_BEFORE.search(before):
        return True
    m = EN_OWN_BEFORE.search(before)
    return bool(m) and (m.group().lower().startswith("my") or not AUX_BEFORE_I.search(before[:m.start()]))


def _historical(text: str, start: int, end: int, clause_end: int, sentence: tuple[int, int]) -> bool:
    s_left, s_right = sentence
    sentence_before, sentence_after = text[s_left:start], text[end:s_right]
    after = text[end:clause_end]
    if KO_HISTORY.search(sentence_before) and (KO_RESOLVED.search(sentence_after) or (
            past_tense(text, end, clause_end) and not KO_ONGOING.search(text[s_left:s_right]))):
        return True
    if EN_HISTORY.search(sentence_before) or EN_RESOLVED_AFTER.search(sentence_after):
        return True
    if EN_HAD_BEFORE.search(text[s_left:start]) and EN_PAST_TIME_AFTER.search(sentence_after):
        return True
    return bool(KO_RESOLVED.search(after[:12]) and re.search(r"었|았|했", after[:14]))


def classify(text: str, start: int, end: int, reading: bool = False) -> str:
    """Assertion of the mention ``text[start:end]`` (its clause is the one holding its last character). A
    ``reading`` (a number) in a -면 clause of a statement is a threshold, not the person's value."""
    last = max(start, end - 1)
    while last > start and text[last].isspace():
        last -= 1
    clause = clause_at(text, last)
    s_left = clause.sentence[0]
    before, after = text[clause.start:start], text[end:clause.end]
    if KO_OTHER.search(before) or EN_OTHER.search(before) or _family_subject(text[s_left:start][-25:]):
        return FAMILY
    if _historical(text, start, end, clause.end, clause.sentence):
        return HISTORICAL
    supposed = clause.kind == CONDITION or (reading and clause.kind == WHEN) or EN_SPECULATIVE.search(before) or \
        speculative(text, end, clause.end)
    if supposed or (clause.kind == QUESTION and not _own(before)):
        return HYPOTHETICAL
    korean_negation = (KO_NEG_AFTER.search(after) and not KO_PERSISTS.search(after)) or KO_NEG_BEFORE.search(before)
    if korean_negation or EN_NEG_BEFORE.search(before) or EN_NEG_AFTER.search(after):
        return NEGATED
    return PRESENT
