"""The clauses of a message and whether each one states, asks or supposes (issue 33).

A mention is a fact about the person only where it is stated: in "뇌졸중의 경고 증상은 뭔가요?" the stroke is
asked about, in "메트포르민을 먹고 있는데 이부프로펜 먹어도 돼요?" metformin is stated and ibuprofen asked
about. Regexes guessed Korean mood from syllables and got both directions wrong (the noun 경고 ends in 고, which is
not the ending -고; the verb 나다 in "식은땀이 나요" is not the question ending -나요), so Korean is read from kiwi's
morphemes: clauses end at connective endings (EC: -고, -는데, -어서, -면, -는지, hearsay -라던데 ...) not followed by an
auxiliary verb ("먹고 있어요" is one clause), and a clause's mood comes from its ending: a question ending (EF
-나요, -ㄴ가요, -ㄹ까요, -니 ...), a condition (-다면, -거든; -면 and -어도 in a question: "먹어도 돼요?"), an
embedded question (-는지), or a statement. A sentence is a question when it ends with "?", ends in a question
ending, or its last clause asks permission (-어도 되다), has an interrogative (뭐, 어떻게, 왜 ...), wonders
(궁금하다) or asks to be told (알려 주세요, 알고 싶어요); nouns only that name a topic ("메트포르민 부작용") are
a query too.

English clauses break at commas, dashes, "but", "if", "and I" and an inverted auxiliary ("..., can I"). A question
sentence ends with "?", starts with an auxiliary or a wh-word, asks to be told ("tell me", "I was wondering") or
is a short topic query ("metformin side effects"); in it only a clause that starts with "I", "my" or "as a" is a
statement, and a clause that starts with "if" supposes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from ...text import has_hangul
from .morphology import Morph, morphemes

STATEMENT, QUESTION, CONDITION, WHEN = "statement", "question", "condition", "when"


@dataclass(frozen=True)
class Clause:
    start: int
    end: int
    kind: str                       # statement | question | condition | when (see KO_IF_OR_WHEN)
    sentence: tuple[int, int]       # the sentence it belongs to


SENTENCE_END = re.compile(r"[!?\n。]+|\.(?!\d)")


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


_JAMO = str.maketrans({"\u11ab": "ㄴ", "\u11af": "ㄹ", "\u11b8": "ㅂ", "\u11b7": "ㅁ"})

KO_QUESTION_END = _set("""나요 까요 ㄹ까요 을까요 니까 습니까 ㅂ니까 가요 ㄴ가요 은가요 는가요 나 니 냐 으냐 느냐 까 ㄹ까 을까
    는지 은지 ㄴ지 ㄹ지 을지 는지요 ㄴ지요 은지요 ㄴ가 는가 은가 던가요""")
KO_CONDITION = _set("다면 ㄴ다면 는다면 라면 이라면 거든 더라도")
# -면 is a condition in a question. In a statement it is often a habit ("아스피린 먹으면 속이 쓰려요": the person
# takes aspirin) and sometimes a threshold ("혈당이 200 넘으면 병원에 가야 해요"): a WHEN clause, whose mentions
# count as stated and whose numbers as nobody's reading.
KO_IF_OR_WHEN = _set("면 으면")
KO_CONCESSIVE = _set("어도 아도 여도")     # a condition in a question ("먹어도 돼요?"), a fact otherwise
KO_EMBEDDED_QUESTION = _set("는지 은지 ㄴ지 ㄹ지 을지 나")
# Hearsay connectives report what the person was told ("eGFR이 45라던데 …", "빈혈이라는데 …", "150이래서 …"): the
# clause they end is a statement about the person, whatever the next clause asks.
KO_HEARSAY = _set("라던데 다던데 ㄴ다던데 는다던데 라는데 다는데 ㄴ다는데 는다는데 래서 대서 라더니 다더니 라길래 다길래 라니까 다니까")
KO_QUOTATIVE = _set("라고 다고 으라고 자고 ㄴ다고 는다고 이라고")
KO_AFTER_QUOTE = _set("던데 는데 ㄴ데 더니")
# (after a condition it reports a general rule: "스타틴 먹으면 근육통 생긴다는데 …" is no myalgia of the person's)
KO_LINKS = _set("""고 는데 은데 ㄴ데 던데 지만 으나 어서 아서 여서 서 니까 으니까 니 으니 며 으며 면서 으면서 다가 더니 는데도
    ㄴ데도 길래 자""") | KO_HEARSAY | KO_CONDITION | KO_IF_OR_WHEN | KO_CONCESSIVE | KO_EMBEDDED_QUESTION
KO_INTERROGATIVES = _set("뭐 무엇 뭔 어떻 어때 왜 언제 어디 얼마나 누구 누가 무슨")
KO_OR = ("아니면", "아님", "혹은", "또는")
KO_ANY = _set("든 든지 든가 라도 나")      # 뭐든, 언제든지: "anything", not a question
KO_TELL_ME = _set("알리 가르치 설명 설명하 추천 추천하 소개 소개하 말하")
KO_PERMITTED = _set("되 괜찮")
# A sentence of nouns only that names what it wants ("메트포르민 부작용", "diabetes symptoms") is a query.
KO_TOPICS = _set("증상 부작용 용량 복용법 원인 치료 치료법 예방 예방법 주의사항 주의점 차이 정상치 기준 뜻 효과 위험 관리법")
EN_TOPIC = re.compile(r"(?<!no )(?<!other )(?<!any )(?<!new )\b(?:symptoms?|signs?|side\s+effects?|dos(?:e|age)|"
                      r"causes?|treatments?|risks?|prevention|difference|normal\s+range|interactions?)\b", re.I)
EN_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|my|me)\b", re.I)
KO_CONTENT_TAGS = ("N", "V", "M", "X", "SN", "SL", "SH")

_EN_ASKING_WORD = (
    r"(?:can|could|should|shall|is|are|am|was|were|does|do|did|will|would|may|might|must|what|what's|whats|how|"
    r"cn|cud|shud|shld|wat|wut|"                                   # chat spellings: "cn i take amoxicilin …"
    r"why|which|who|where|isn't|aren't|doesn't|don't|won't|can't|shouldn't|wouldn't)\b"
    # not an "I" left out before an adverb: "Can barely lift my right arm …" (utterances_test17)
    r"(?!\s+(?:barely|hardly|only|still|even|never|not|no\s+longer)\b)")
EN_QUESTION_START = re.compile(r"^\W*" + _EN_ASKING_WORD, re.I)
EN_ASKING = re.compile(r"\b(?:tell\s+me|explain|I\s+wonder|wondering|(?:like|want)\s+to\s+know|let\s+me\s+know|"
                       r"any\s+(?:advice|tips|ideas?))\b|"
                       # "tylenol and nyquil at the same time, bad idea or fine" (utterances_test12)
                       r"\b(?:bad|good)\s+idea\s+or\s+\w+|\b(?:ok|okay|fine|safe)\s+or\s+not\b|"
                       # "tension headache vs migraine, how do you even tell which one you get" (utterances_test9)
                       r"\b(?:vs\.?|versus)\s|,\s*(?:how|what|which|why)\s+(?:do|does|can|could|should|would|is|are)\s+"
                       r"(?:you|one|we|they)\b", re.I)
# A clause that opens with an inverted auxiliary asks, "?" or not: "my baby has a fever, can i give ibuprofen".
EN_INVERTED = re.compile(r"^\W*(?:and\s+|so\s+)?(?:can|could|should|shall|will|would|may|might|must|do|does|did|is|are|"
                         r"am|was|were)\s+(?:i|we|he|she|it|they|my|this|that|these|those)\b", re.I)
EN_CONDITION_START = re.compile(r"^\W*(?:what\s+if|if|unless|in\s+case|suppose|supposing|whether)\b", re.I)
# A clause of a question sentence that states: it opens with "I" or "my" (typed "im", "ive" too), a subject left out
# ("30 weeks pregnant with awful back pain, can I take ibuprofen?", "been on lisinopril 5 yrs"), or a reading
# ("sugar is 54 and im shaky, is a chocolate bar ok?", "bp 150/95 at the pharmacy machine, is that bad?"):
# the third blind pairwise round found each read as asked about, so no safety rule saw it.
_READING_WORD = (r"(?:blood\s+)?(?:bp|blood\s+pressure|sugars?|glucose|a1c|hba1c|pulse|heart\s+rate|temp|temperature|"
                 r"potassium|sodium|ldl|hdl|cholesterol|oxygen|sats|spo2|inr|egfr)")
EN_STATEMENT_START = re.compile(r"^\W*(?:(?:ok|okay|well|hi|hey|um|so)\b\W*\s+)*(?:(?:and|since|because|as|so)\s+)?(?:(?:I|I'm|I've|I'd|im|ive|my|as\s+an?)\b|"
                                r"\d+\s*(?:weeks?|wks?|months?|years?|yrs?|yo|y/o)\b|"
                                r"(?:been|got|started|taking|using|woke\s+up)\b|"
                                r"(?:my\s+)?" + _READING_WORD + r"\s*(?:is|was|of|at|reading|came\s+back(?:\s+at)?|:)?\s*\d)",
                                re.I)
EN_BREAK = re.compile(r",\s|;|:\s|\s[-–—]+\s|[–—]|\b(?:but|however|while|whereas)\b|\band\s+(?=(?:I|I'm|I've|my)\b)|"
                      r"(?=\b(?:what\s+if|if|unless|whether)\b)|"
                      r"(?<=\w\s)(?=(?:can|could|should|may|do|does|is|are|will|would)\s+(?:I|it|that|this)\b)", re.I)
PAST = _set("었 았 였 었었 았었")
DISCONTINUED = _set("었었 았었 였었")


def _norm(form: str) -> str:
    return form.translate(_JAMO)


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans, each with its final punctuation ("8.2%" is not a sentence end)."""
    spans, left = [], 0
    for m in SENTENCE_END.finditer(text):
        spans.append((left, m.end()))
        left = m.end()
    if left < len(text):
        spans.append((left, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


@lru_cache(maxsize=256)
def analyse(text: str) -> tuple[Clause, ...]:
    """Every clause of ``text`` in order (cached: each mention of a message reads the same analysis)."""
    out: list[Clause] = []
    for s, e in sentences(text):
        out += _korean(text, s, e) if has_hangul(text[s:e]) else _english(text, s, e)
    return tuple(out)


def clause_at(text: str, pos: int) -> Clause:
    """The clause holding character ``pos``."""
    for clause in analyse(text):
        if clause.start <= pos < clause.end:
            return clause
    return Clause(0, len(text), STATEMENT, (0, len(text)))


def past_tense(text: str, start: int, end: int) -> bool:
    """A Korean past-tense marker (-었/-았/-였) between ``start`` and ``end``."""
    return any(m.tag == "EP" and m.form in PAST for m in morphemes(text) if start <= m.start < end)


def discontinued_past(text: str, start: int, end: int) -> int | None:
    """Where a Korean discontinued past (-었었-/-았었-: "났었는데", "먹었었어요", it was so and is no longer) is said
    between ``start`` and ``end``, or None."""
    return next((m.start for m in morphemes(text) if start <= m.start < end and m.tag == "EP" and
                 m.form in DISCONTINUED), None)


def predicate_within(text: str, start: int, end: int) -> bool:
    """A Korean verb or adjective between ``start`` and ``end``: the words name a state ("혈압이 높", "혈당이 올라"),
    not a thing."""
    return any(m.tag.startswith(("VV", "VA", "XSV", "XSA")) for m in morphemes(text) if start <= m.start < end)


def speculative(text: str, start: int, end: int) -> bool:
    """Korean doubt about what the words before ``start`` name, said between ``start`` and ``end``: -ㄹ까 봐 (in
    case it is), -ㄹ 수도 있다 (it may be), -ㄹ지도 모르다 (it might be)."""
    morphs = [m for m in morphemes(text) if start <= m.start < end]
    for i, m in enumerate(morphs):
        nxt = [(r.form, r.tag[:2]) for r in morphs[i + 1:i + 3]]
        form = _norm(m.form)
        if (m.tag == "EC" and form in ("ㄹ까", "을까") and nxt[:1] == [("보", "VX")]) or \
                (m.tag == "ETM" and form in ("ㄹ", "을") and nxt == [("수", "NN"), ("도", "JX")]) or \
                (m.tag == "EC" and form in ("ㄹ지", "을지") and nxt[:1] == [("도", "JX")]):
            return True
    return False


def _korean(text: str, s: int, e: int) -> list[Clause]:
    morphs = [m for m in morphemes(text) if s <= m.start < e]
    question = _korean_question(text[s:e], morphs)
    clauses: list[Clause] = []
    ends: list[int] = []                    # where each clause but the last ends, in ``morphs``
    left = s
    for i, m in enumerate(morphs):
        rest = morphs[i + 1:]
        kind = _korean_break(m, rest, question)
        if kind and _norm(m.form) == "고" and i and morphs[i - 1].form == "말" and morphs[i - 1].tag == "VV":
            kind = None                         # "스테로이드 연고 말고 바를 만한 거": other than, not a clause
        if kind and i and morphs[i - 1].form == "태어나":
            kind = None                         # "혈압약은 태어나서 한 번도 먹어본 적이 없어요": ever, not a clause
        if kind == STATEMENT and _hearsay(morphs, i) and clauses and clauses[-1].kind in (CONDITION, WHEN):
            kind = CONDITION                    # "스타틴 먹으면 근육통 생긴다는데": a rule heard, not the person's
            clauses[-1] = replace(clauses[-1], kind=CONDITION)      # its -면 too ("피임약 먹으면 나아진다던데")
        if kind and any(r.tag.startswith(KO_CONTENT_TAGS) for r in rest):
            clauses.append(Clause(left, m.end, kind, (s, e)))
            ends.append(i)
            left = m.end
    clauses.append(Clause(left, e, QUESTION if question else STATEMENT, (s, e)))
    return _questioned(text, clauses, morphs, ends) if question else clauses


def _questioned(text: str, clauses: list[Clause], morphs: list[Morph], ends: list[int]) -> list[Clause]:
    """The clauses of a Korean question that ask too (utterances_test7): the first of two alternatives ("항진증이면 살이
    빠져요 아니면 쪄요?": does weight go down or up; "엑스포지는 아침에 먹는 게 나아요 저녁에 먹는 게 나아요?", the same
    predicate twice, utterances_test11), the conditions joined by -고 to a -면 ("어지럽고 귀에서 삐 소리
    나고 빙빙 돌면 메니에르병이야?": if one is dizzy, and ..., is it Ménière's) and an act joined by -고 to the act
    asked about ("타이레놀 먹고 기다려도 되나요?", utterances_test14: whether to take it and wait; "먹고 있고",
    "먹었고" state what is done)."""
    out = list(clauses)
    for i in range(len(out) - 2, -1, -1):
        following = out[i + 1]
        if out[i].kind != STATEMENT:
            continue
        end = morphs[ends[i]]
        joined = end.tag == "EC" and _norm(end.form) == "고"
        if end.tag == "EF" and (text[following.start:following.end].strip() in KO_OR or
                                    (out[-1].kind == QUESTION and _last_word(text, out[i]) == _last_word(text, out[-1]))):
            out[i] = replace(out[i], kind=QUESTION)
        elif following.kind == CONDITION and joined:
            out[i] = replace(out[i], kind=CONDITION)
        elif following.kind == QUESTION and joined and ends[i] and morphs[ends[i] - 1].tag.startswith("VV"):
            out[i] = replace(out[i], kind=QUESTION)
    return out


def _last_word(text: str, clause: Clause) -> str:
    words = text[clause.start:clause.end].split()
    return words[-1].strip("?!.,~ㅠㅜ") if words else ""


def _hearsay(morphs: list[Morph], i: int) -> bool:
    """``morphs[i]`` ends reported speech: a hearsay connective (-라던데), or -던데 / -는데 after a quotation (kiwi
    reads "먹으라던데" as 먹 + 으라고 + 하 + 던데)."""
    form = _norm(morphs[i].form)
    if form in KO_HEARSAY:
        return True
    return (form in KO_AFTER_QUOTE and i >= 2 and morphs[i - 1].form == "하"
            and _norm(morphs[i - 2].form) in KO_QUOTATIVE)


def _korean_break(m: Morph, rest: list[Morph], question: bool) -> str | None:
    """The kind of the clause that ``m`` ends, or None when ``m`` ends no clause."""
    form, nxt = _norm(m.form), (rest[0] if rest else None)
    if m.tag == "EF":
        return QUESTION if form in KO_QUESTION_END else STATEMENT
    if m.tag == "NNB" and form == "데":                              # 복용 중인데: -ㄴ/ETM + 데/NNB
        return STATEMENT
    if m.tag == "EC" and form not in KO_LINKS and nxt is not None and nxt.tag == "SP":   # 없어요, 근데 ...
        return QUESTION if form in KO_QUESTION_END else STATEMENT
    if m.tag != "EC" or form not in KO_LINKS or (nxt is not None and nxt.tag.startswith("VX")):
        return None
    if form in KO_CONCESSIVE:
        if nxt is not None and nxt.form in KO_PERMITTED:              # 먹어도 돼요: one clause, a question
            return None
        return CONDITION if question else STATEMENT
    if form in KO_CONDITION:
        return CONDITION
    if form in KO_IF_OR_WHEN:
        return CONDITION if question else WHEN
    return QUESTION if form in KO_EMBEDDED_QUESTION else STATEMENT


def _korean_question(sentence: str, morphs: list[Morph]) -> bool:
    """The sentence asks: "?", a final question ending, or in its last clause an interrogative, 궁금하다, a request
    to be told (알려 주세요) or permission (-어도 되다). ("왜 그런지 모르겠는데 두통이 와요" states.)"""
    if sentence.rstrip().endswith("?"):
        return True
    if morphs and morphs[-1].tag.startswith("NN") and any(m.form in KO_TOPICS for m in morphs) and \
            not any(m.tag.startswith(("V", "E")) for m in morphs):
        return True                                                   # 메트포르민 부작용
    endings = [i for i, m in enumerate(morphs) if m.tag in ("EF", "EC")]
    if endings:
        last = endings[-1]
        final = not any(r.tag.startswith(KO_CONTENT_TAGS) for r in morphs[last + 1:])
        if final and _norm(morphs[last].form) in KO_QUESTION_END and not _one_counted(morphs, last):
            return True
    breaks = [i + 1 for i, m in enumerate(morphs) if _korean_break(m, morphs[i + 1:], False) and
              any(r.tag.startswith(KO_CONTENT_TAGS) for r in morphs[i + 1:])]
    tail = morphs[breaks[-1] if breaks else 0:]
    for i, m in enumerate(tail):
        after = {r.form for r in tail[i + 1:i + 3]}
        if m.form in KO_INTERROGATIVES and not after & KO_ANY:
            return True
        if m.form in ("궁금", "궁금하"):
            return True
        before = {p.form for p in tail[max(0, i - 3):i]}
        if m.tag == "VX" and ((m.form == "주" and before & KO_TELL_ME) or (m.form == "싶" and "알" in before)):
            return True                                               # 알려 주세요, 알고 싶어요
        if m.tag == "EC" and m.form in KO_CONCESSIVE and after & KO_PERMITTED:
            return True
    return False


KO_COUNTERS = _set("알 정 개 캡슐 포 병 봉")


def _one_counted(morphs: list[Morph], last: int) -> bool:
    """"코자 50mg 하나요" (utterances_test31): 하나 (one) after a dose or a counter, which kiwi reads as 하 + -나요."""
    return morphs[last].form == "나요" and last >= 2 and morphs[last - 1].form == "하" and \
        (morphs[last - 2].tag in ("SN", "SL") or morphs[last - 2].form in KO_COUNTERS)


def _english_question(sentence: str) -> bool:
    if sentence.rstrip().endswith("?") or EN_QUESTION_START.match(sentence) or EN_ASKING.search(sentence):
        return True
    return bool(EN_TOPIC.search(sentence) and not EN_FIRST_PERSON.search(sentence) and len(sentence.split()) <= 6)


def _english(text: str, s: int, e: int) -> list[Clause]:
    sentence = text[s:e]
    question = _english_question(sentence)
    cuts = sorted({s, *(s + m.start() for m in EN_BREAK.finditer(sentence) if m.start() > 0), e})
    clauses = []
    for left, right in zip(cuts, cuts[1:], strict=False):
        words = text[left:right]
        opener = ""
        if brk := EN_BREAK.match(words):
            words, opener = words[brk.end():], brk.group().strip().lower()
        # "is it ok to have a beer while taking paxlovid": a while-clause without "I" is part of the question
        stating = EN_STATEMENT_START.match(words) and not EN_QUESTION_START.match(words) and \
            (opener not in ("while", "whereas") or EN_FIRST_PERSON.match(words.strip()))
        if EN_CONDITION_START.match(words):
            kind = CONDITION
        elif (question and not stating) or EN_INVERTED.match(words):
            kind = QUESTION
        else:
            kind = STATEMENT
        clauses.append(Clause(left, right, kind, (s, e)))
    return _told_before_a_dash(text, clauses) if question else clauses


# A question put after a spaced dash, "ok" or an auxiliary opening it: "Still nauseous most mornings - is Zofran safe?",
# "prescribed ibuprofen for a sprained wrist - ok with lithium?" (utterances_test27)
EN_DASHED_QUESTION = re.compile(r"^\s[-–—]+\s+(?:(?:ok|okay|safe|fine)\b|" + _EN_ASKING_WORD + ")", re.I)


# "Say I turned out to have celiac disease — would I have to give up beer too?" (utterances_test6): supposed
EN_SUPPOSED = re.compile(r"^\W*(?:say|let'?s\s+say|imagine|hypothetically)\b|\b(?:turn(?:ed|s)?\s+out|were\s+to)\b", re.I)


def _told_before_a_dash(text: str, clauses: list[Clause]) -> list[Clause]:
    """The clauses before a question put after a spaced dash state, unless they ask themselves or name a topic only
    ("metformin side effects - are they common?")."""
    words = [text[c.start:c.end] for c in clauses]
    asked = next((n for n, w in enumerate(words) if n and EN_DASHED_QUESTION.match(w)), None)
    if asked is None:
        return clauses
    return [replace(c, kind=STATEMENT) if n < asked and c.kind == QUESTION and not EN_QUESTION_START.match(w) and
            not EN_TOPIC.search(w) and not EN_CONDITION_START.match(w) and not EN_SUPPOSED.search(w) and "?" not in w
            else c
            for n, (c, w) in enumerate(zip(clauses, words, strict=True))]
