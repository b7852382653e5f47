"""Conditions in lay words: people name the organ or the measurement and how it is, not the diagnosis
("신장이 조금 안 좋다고 들었어요", "혈압이 좀 높은 편", "my kidneys aren't working well"). Each rule is a subject
(kidney, liver, thyroid, heart, blood pressure, blood sugar, cholesterol, uric acid) and a state (weak, bad, high,
"갑상선이 있어요"), a few words
apart within one clause, mapped to a concept of the table. Symptoms are said the same way: a weight and how it
changed ("몸무게가 석 달 만에 7킬로 빠졌어요", "lost about 5 kg": the number is the change, not a weight, see
rules_measurements), a fever and how it went ("열이 38.5도까지 올랐고"), a swollen hand ("손이 퉁퉁 부었어요"), a stiff
lower back ("허리가 뻐근해요"), being winded on the stairs, peeing constantly, being "up 10 pounds". Such a mention is stored with the assertion
``reported``: what the person was told or feels, not a diagnosis. It counts like a present condition for the
safety rules (caution errs on the safe side) and is shown as reported. Negation right after the state
("나쁘지 않아요", "isn't bad") makes it negated; the clause's other cues (family, history, a question without a
first-person cue) come from the assertion module as for any mention. Symptom names said in another form ("배가
아팠어요", "my ankles have been swollen") are lay words too: :mod:`.name_variants` finds them, as plain mentions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .concepts import ConceptTable
from .mentions import Mention
from .name_variants import NameVariants

REPORTED = "reported"
GAP_KO, GAP_EN = r"(?:[^.!?\n,;—–]|(?<=\d)\.(?=\d)){0,14}?", r"(?:[^.!?\n,;—–]|(?<=\d)\.(?=\d)){0,30}?"  # 38.5 inside
KO_BAD = r"(?:안\s*좋|나쁘|나빠|떨어|저하|약하|약해|안\s*되|문제|이상이|망가|손상)"
KO_HIGH = r"(?:높|올라|(?<!\d)(?<!\d\s)(?:올랐|오른)|많이\s*나|세다|센\s*편)"     # "혈당이 30 올랐어요": an amount
EN_BAD = (r"(?:(?:is|are|isn't|aren't|not)\s+(?:working|doing)\s+(?:well|right|properly)|not\s+(?:working|good|great)|"
          r"weak|bad|poor|low|reduced|declin\w*|failing|(?:a\s+)?problem|trouble|damaged)")
EN_HIGH = r"(?:high|up|raised|elevated|a\s+bit\s+high|on\s+the\s+high\s+side)"
KILOS = r"\d+(?:\.\d+)?\s*(?:kg|kilos?|kilograms?|pounds|lbs?)\b"
# "up almost 10 pounds", "down 5 kg": the change right after up/down (not "picked up a 50 lb bag")
UP_DOWN = r"\b{}\s+(?:(?:about|almost|nearly|around|over|like|by|another)\s+)?" + KILOS
KO_BODY = (r"(?<![가-힣])(?:손|손가락|손등|발|발등|다리|발목|종아리|얼굴|눈|눈두덩|눈꺼풀|몸|팔)"     # a knee: joint swelling
           r"(?=이|가|은|는|도|\s)")
SPECULATIVE = re.compile(r"\b(?:might|may|could)\s+be\b", re.I)
EN_FEEL = r"(?:get|gets|getting|got|feel|feels|feeling|felt|am|'m|be|been|become|becoming)"


@dataclass(frozen=True)
class LayRule:
    concept: str        # the concept table's English name
    pattern: re.Pattern[str]


# "페브릭이 심장에 안 좋다던데": bad *for* the organ is what something does to it, not the state of the person's
# (utterances_test11); "심장에 문제가 있대요" still is
KO_BAD_FOR = r"(?!\s*에\s*(?:안\s*좋|나쁘|나빠|무리|부담|해롭))"


def _ko(subject: str, state: str) -> re.Pattern[str]:
    return re.compile(f"(?:{subject}){KO_BAD_FOR}{GAP_KO}(?:{state})")


def _en(subject: str, state: str) -> re.Pattern[str]:
    return re.compile(f"\\b(?:{subject}){GAP_EN}\\b(?:{state})", re.I)


# (concept, Korean organ or measurement, English one) for what a medicine is taken for
REASONS = (("Hypertension", r"혈압", r"blood\s+pressure|bp"),
           ("Diabetes mellitus", r"혈당|당\s*수치|(?<![가-힣])당(?=\s*때문)", r"(?:blood\s+)?sugars?"),
           ("Benign prostatic hyperplasia", r"전립선", r"prostate"),
           ("Hypercholesterolaemia", r"콜레스테롤", r"cholesterol|ldl"),
           ("Thyroid disease", r"갑상선|갑상샘", r"thyroid"),
           ("Back pain", r"(?!)", r"back"))          # "ibuprofen 800 … for my back" (utterances_test17); 등 is also "etc."

# What a medicine is taken for, named by the organ or the measurement (utterances_test16): "혈압 때문에 트윈스타 먹은 지
# 3년째", "I'm on Invokana for my sugar", "I take Flomax for my prostate"
REASON_RULES = (
    *(LayRule(concept, re.compile(rf"(?<![가-힣])(?:{ko})\s*(?:때문에|관리\s*때문에|관리하려고|으로|로)(?=\s*(?:[^\s.?!]+\s*){{0,3}}?"
                                  r"(?:먹|복용|드시|드셔|처방|맞|약))")) for concept, ko, _ in REASONS),
    *(LayRule(concept, re.compile(rf"\b(?:for|because\s+of|to\s+(?:control|lower|manage|treat|help))\s+my\s+(?:high\s+)?"
                                  rf"(?:{en})\b", re.I)) for concept, _, en in REASONS),
)

RULES = (
    LayRule("Chronic kidney disease", _ko(r"신장|콩팥|신기능|사구체\s*여과율", KO_BAD)),
    LayRule("Chronic kidney disease", _en(r"kidneys?|renal|kidney\s+function", EN_BAD)),
    LayRule("Hypertension", _ko(r"혈압", KO_HIGH)),
    LayRule("Hypertension", _en(r"blood\s+pressure|bp", EN_HIGH)),
    LayRule("Hypotension", _ko(r"혈압", r"낮")),                       # "혈압이 좀 낮은 편이라" (utterances_test7)
    LayRule("Hypotension", _en(r"blood\s+pressure|bp", r"low|on\s+the\s+low\s+side")),
    LayRule("Hyperglycaemia", _ko(r"혈당|당\s*수치|당뇨\s*수치|공복\s*혈당", KO_HIGH)),
    LayRule("Hyperglycaemia", _en(r"(?:blood\s+)?sugars?|glucose", EN_HIGH + r"|problem|issue")),
    LayRule("Hypercholesterolaemia", _ko(r"콜레스테롤|LDL|나쁜\s*콜레스테롤", KO_HIGH)),
    LayRule("Hypercholesterolaemia", _en(r"cholesterol|ldl", EN_HIGH)),
    LayRule("Hyperuricaemia", _ko(r"요산", KO_HIGH)),
    LayRule("Liver disease", _ko(r"간\s*수치|간\s*기능|(?<![가-힣])간(?=이|은|도)", f"{KO_HIGH}|{KO_BAD}")),
    LayRule("Liver disease", _en(r"liver(?:\s+(?:enzymes?|function|tests?|numbers))?", f"{EN_HIGH}|{EN_BAD}")),
    LayRule("Thyroid disease", _ko(r"갑상선|갑상샘", f"{KO_BAD}|있어|있다|있는데|있고")),
    LayRule("Thyroid disease", _en(r"thyroid", EN_BAD + r"|issue|condition")),
    LayRule("Heart disease", _ko(r"심장", KO_BAD)),
    LayRule("Heart disease", _en(r"heart", EN_BAD)),
    LayRule("Weight loss", _ko(r"몸무게|체중|(?<![가-힣])살(?=이|도)", r"빠지|빠졌|빠져|줄었|줄어|감소|내려왔|내려갔")),   # "살이 5킬로 가량 빠졌어요"
    LayRule("Weight loss", _en(r"lost|losing|dropped", KILOS)),
    LayRule("Weight gain", _ko(r"몸무게|체중", r"늘었|늘어|쪘|찌|증가")),
    LayRule("Weight gain", _en(r"gained|gaining|put\s+on", KILOS)),
    LayRule("Weight gain", re.compile(UP_DOWN.format("up"), re.I)),
    LayRule("Weight loss", re.compile(UP_DOWN.format("down"), re.I)),
    LayRule("Oedema", _ko(KO_BODY, r"붓|부었|부어|부은")),
    LayRule("Low back pain", _ko(r"(?<![가-힣])허리", r"뻐근|결리|결려|결림|쑤시|쑤셔|시큰|삐끗")),
    LayRule("Dyspnoea", re.compile(rf"\b{EN_FEEL}\s+(?:(?:so|really|very|easily|quickly|a\s+bit|kind\s+of|all)\s+)?"
                                   r"(?:winded|out\s+of\s+breath|breathless)\b|\bcan'?t\s+catch\s+my\s+breath\b",
                                   re.I)),
    LayRule("Urinary frequency", re.compile(
        r"\b(?:peeing|urinating|pee|urinate|going\s+to\s+the\s+(?:bathroom|toilet|loo))\s+(?:\w+\s+)?"
        r"(?:constantly|all\s+the\s+time|a\s+lot|so\s+much|so\s+often|every\s+(?:hour|half\s+hour)|frequently|"
        r"non-?stop)\b|\bconstantly\s+(?:peeing|urinating)\b", re.I)),
    LayRule("Fever", _ko(r"(?<![가-힣])열(?=이|은|도)", r"올라|올랐|오르|안\s*내려|안\s*떨어")),
    # round 6 (utterances_test8): a borderline sugar, a low vitamin D, a period that hurts
    LayRule("Prediabetes", _en(r"(?:blood\s+)?sugars?|a1c|glucose", r"borderline")),
    LayRule("Prediabetes", _ko(r"혈당|당화\s*혈색소|당\s*수치", r"경계")),
    LayRule("Vitamin D deficiency", _en(r"vitamin\s+d3?", r"low|deficient|insufficient")),
    LayRule("Vitamin D deficiency", _ko(r"비타민\s*[dD]", r"낮|부족|결핍")),
    LayRule("Dysmenorrhoea", _ko(r"생리\s*(?:할\s*때|때|기간|중)", r"아프|아파|통증|쑤시|쑤셔")),
    LayRule("Amenorrhoea", _ko(r"(?:생리|월경)(?!\s*(?:통|전|주기|량|양|혈|대))", r"없어|없었|없네|없고|없는|안\s*나와|안\s*해|건너뛰")),  # test14
    # utterances_test16: a period late by some days, peeing by the hour, an urge that cannot wait, a high potassium
    LayRule("Delayed menstruation", _ko(r"(?:생리|월경)(?:가|이|는|도)", r"늦어|늦었|늦네|늦는|늦게")),
    LayRule("Urinary frequency", re.compile(r"(?:화장실|소변)(?:을|를|에|은|는)?\s*(?:한\s*|두\s*|\d+\s*)?(?:시간|분)\s*마다")),
    LayRule("Urinary urgency", re.compile(r"마려우면\s*(?:\S+\s*)?(?:참기(?:가|도)?\s*(?:힘들|힘드|어렵|어려)|못\s*참)")),
    LayRule("Hyperkalaemia", _ko(r"칼륨|포타슘", KO_HIGH)),
    LayRule("Hyperkalaemia", _en(r"potassium", EN_HIGH)),
    *REASON_RULES,
)
# A place and how it hurts ("오른쪽 고관절 쪽이 시큰거려서", "무릎이 쑤셔서", "팔꿈치 바깥쪽이 욱신거리고": utterances_test14):
# the table names the place's pain as "<place>이 아프"; these verbs say the same of any place it names.
KO_ACHES = r"(?:시큰|욱신|쑤시|쑤셔|쑤신|쑤심|결리|결려|결린|뻐근|찌릿|아리|아려|아린|시리|시려|시린)"
KO_HURTS = r"(?:아프|아파|아픈|아팠|아픔)"        # with a side or a degree between: the table's own names have neither
KO_SIDE = r"(?:\s*(?:쪽|부위|바깥쪽|안쪽|뒤쪽|앞쪽|주변|관절|뼈|아래|아래쪽|위쪽|밑))?"
KO_DEGREE = (r"(?:(?:좀|자꾸|계속|너무|많이|살짝|가끔|엄청|되게|막|또|콕콕|쿡쿡|살살|욱신욱신|찌릿찌릿|뜨끔뜨끔|"
             r"[가-힣]+(?:듯이|듯)|[가-힣]+것처럼)\s*)?")   # "명치 아래가 찢어질듯이 아프고", "아랫배만 콕콕 쑤셔요" (test16)
KO_PLACE_NAME = re.compile(r"^(\S+?)(?:이|가)\s*아프")
AMBIGUOUS_PLACES = frozenset({"이", "골치", "배"})        # 이 (a tooth, or "this"), 골치 (trouble), 배 (a pear, a ship)


def place_pain_rules(concepts: ConceptTable) -> list[LayRule]:
    """One rule per "<place> pain" concept: its places (from the table's "<place>이 아프" names) and a verb of aching."""
    out = []
    for c in concepts.concepts:
        if not c.name.endswith(" pain") and c.name != "Headache":
            continue
        places = {m.group(1) for n in c.names_ko if (m := KO_PLACE_NAME.match(n.strip()))} - AMBIGUOUS_PLACES
        if places:
            alt = "|".join(sorted(map(re.escape, places), key=len, reverse=True))
            out.append(LayRule(c.name, re.compile(rf"(?<![가-힣])(?:{alt}){KO_SIDE}(?:이|가|은|는|도|에|만)?\s*{KO_DEGREE}(?:{KO_ACHES}|{KO_HURTS})")))
    return out


PEOPLE_AFTER = re.compile(r"\S{0,2}\s*(?:사람|분|환자)(?:들)?(?:은|는|이|가|한테|에게|도)")
NEGATED_AFTER = re.compile(r"^\S{0,3}\s*(?:않|안\s|없|아니|않아)|^\s*(?:at\s+all|not)\b", re.I)
NEGATED_BEFORE = re.compile(r"\b(?:not|never|no)\s+(?:\w+\s+){0,2}$|(?:n't)\s+$", re.I)
# the negation inside a Korean description, before a verb of feeling it: "다리는 하나도 안 붓고" (utterances_test31);
# not "안 좋아요", "안 내려요" or "안 나와요", which say something is wrong
NEGATED_INSIDE = re.compile(r"(?:^|\s)안\s*(?:붓|부어|부었|부은|아프|아파|아팠|아픈|저리|저려|가렵|가려|쑤시|쑤셔|결리|결려|"
                            r"어지럽|어지러)\S{0,2}$")


def names_a_reason(text: str, span: tuple[int, int]) -> bool:
    """Whether the lay mention at ``span`` of ``text`` says what a medicine is taken for ("콜레스테롤 때문에", "for my
    sugar"): refused with the medicine when a message denies taking any."""
    return any((m := r.pattern.match(text, span[0])) and m.end() == span[1] for r in REASON_RULES)


class LayConditions:
    """Finds lay descriptions of conditions in a message; only rules whose concept is in the table are used."""

    def __init__(self, concepts: ConceptTable) -> None:
        by_name = {c.name: c for c in concepts.concepts}
        self.rules = [(r, by_name[r.concept]) for r in (*RULES, *place_pain_rules(concepts)) if r.concept in by_name]
        self.variants = NameVariants(concepts)

    def find(self, text: str, taken: list[tuple[int, int]] = ()) -> list[Mention]:
        """Mentions not overlapping ``taken`` spans (what the concept linker already found), names said in another
        form included."""
        found: list[Mention] = []
        spans = list(taken)
        for rule, concept in self.rules:
            for m in rule.pattern.finditer(text):
                if any(m.start() < e and s < m.end() for s, e in spans):
                    continue
                spans.append((m.start(), m.end()))
                found.append(Mention(cui=concept.cui, name=concept.name, tui=concept.tui, slot=concept.slot,
                                     text=m.group(0), start=m.start(), end=m.end(), confidence=0.7, source="lay",
                                     topic=concept.topic))
        # The table's own name said in another form ("발목이 퉁퉁 부었": 발목이 붓) names it better than a rule of
        # the same concept over the same words; other rule mentions keep their words.
        own = self.variants.find(text, list(taken))
        found = [m for m in found if not any(v.cui == m.cui and _covers(v, m) for v in own)]
        variants = self.variants.find(text, [*taken, *((m.start, m.end) for m in found)])
        return sorted([*found, *variants], key=lambda m: m.start)


def _covers(outer: Mention, inner: Mention) -> bool:
    return outer.start <= inner.start and inner.end <= outer.end


def lay_assertion(text: str, mention: Mention, general: str) -> str:
    """``reported`` where the assertion module says present and the state is not negated right after."""
    if general != "present":
        return general
    if SPECULATIVE.search(mention.text):    # "I think my blood pressure might be running high?" (utterances_test9)
        return "hypothetical"
    if PEOPLE_AFTER.match(text, mention.end):          # "콩팥이 안 좋은 사람은 …" (utterances_test15): people in general
        return "hypothetical"
    if NEGATED_AFTER.search(text[mention.end:mention.end + 8]) or NEGATED_BEFORE.search(text[:mention.start]) or \
            NEGATED_INSIDE.search(mention.text):
        return "negated"
    return REPORTED
