"""What a question is about, for the response cache: two questions may share an answer only when their
signatures are equal, however close their embeddings are.

Embeddings place "저는 메트포르민을 먹고 있어요. 부작용이 뭔가요?" and the same sentence with 와파린 at cosine 0.91, and
"타이레놀 줘도 되나요?" next to "아스피린 줘도 되나요?" for a feverish child at 0.88: the frame dominates, the one word
that matters does not. The signature holds those words, normalised so that paraphrases still agree:

- the linked entities of this message (conditions, symptoms, medications by concept id, with their assertion) and
  its demographics (age, sex, pregnancy), from the slot extractor that ran before the lookup;
- facets people change in one word, matched by bilingual patterns for how people say them: who it is about (me,
  my child, my mother …), what they want to do with a medicine (start, stop, continue, more, less, skip, switch),
  when (before or after meals, morning or night), which organ, and states such as pregnancy or breast-feeding;
- the numbers and the negation words (a dose, a reading, "may I not").

A facet word missed on both sides can still let a near-duplicate through; a facet found on one side only makes a
miss, which costs one fresh answer and nothing else. The patterns therefore lean towards finding too much.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..context.profile.schema import ENTITY_SLOTS
from ..retrieval.tokenizer import EN_STOP, s_stem
from ..text import HANGUL

_KO = r"(?<![가-힣])"          # a Korean word starts here (no syllable before it: 간 is not in 시간)

FACETS: dict[str, dict[str, str]] = {
    "who": {
        "self": _KO + r"(?:제가|저는|저도|나는|내가|저한테|제\s)|\b(?:I|I'm|I've|me|myself)\b",
        "infant": _KO + r"(?:아기|애기|신생아|영아|갓난|돌\s?전|돌\s?된|백일)|\b(?:baby|babies|infant|newborn)s?\b",
        "child": _KO + r"(?:아이|우리\s?애|애가|애한테|애는|자녀|아들|딸(?![기])|손자|손녀|유아|소아|어린이|초등)"
                 r"|\b(?:child|children|kids?|son|daughter|toddler|grand(?:child|son|daughter))\b",
        "teen": r"청소년|중학생|고등학생|중딩|고딩|\b(?:teen|teenager|adolescent)s?\b",
        "mother": _KO + r"(?:어머니|어머님|엄마|모친|장모|시어머니)|\b(?:mother|mom|mum|mommy)\b",
        "father": _KO + r"(?:아버지|아버님|아빠|부친|장인|시아버지)|\b(?:father|dad|daddy)\b",
        "grandparent": _KO + r"(?:할머니|할아버지|조부모)|\b(?:grand(?:mother|father|ma|pa|parents?))\b",
        "spouse": _KO + r"(?:남편|아내|와이프|부인|배우자)|\b(?:husband|wife|spouse|partner)\b",
        "sibling": _KO + r"(?:형(?=[이은도한에의]|\s)|누나|언니|오빠|동생|여동생|남동생)|\b(?:brother|sister|sibling)\b",
        "friend": _KO + r"(?:친구|동료)|\b(?:friend|colleague|coworker)\b",
    },
    "act": {
        "stop": r"끊|중단|그만|중지|멈추|멈춰|\b(?:stop|stopp|quit|discontinu|come off|get off)",
        "start": r"시작|새로\s?먹|처음\s?먹|\b(?:start|begin|began|initiat)",
        "continue": r"계속|유지|\b(?:continu|keep (?:on )?taking|carry on)",
        "more": r"늘리|늘려|늘어|늘었|늘고|올리|올려|올렸|두\s?배|증량|더\s?먹|\b(?:increas|double|raise|higher dose|more of|extra)",
        "less": r"줄이|줄여|줄었|줄어|줄고|낮추|낮춰|내리|내려|내렸|감량|반\s?알|\b(?:decreas|reduc|lower(?:ing)? (?:the |my |his |her )?dose|cut (?:down|back)|halv|half)",
        "skip": r"빼먹|깜빡|잊어|잊고|거르|걸러|걸렀|건너뛰|\b(?:skip|miss|forg[oe]t)",
        "switch": r"바꾸|바꿔|교체|대신|\b(?:switch|change to|replace|instead)",
        "too_much": r"많이\s?먹|과다|과량|두\s?번\s?먹|\b(?:too (?:much|many)|overdos|double dose)",
        "combine": r"같이|함께|병용|\b(?:together|combine|along with|at the same time)\b",
    },
    "order": {                         # before or after something: a meal, a test, a dose
        "before": r"(?<![가-힣])전(?=에|\s|$|까지)|기\s?전|\bbefore\b|\bprior to\b",
        "after": r"(?<![가-힣])후(?=에|\s|$|로)|나서|뒤에|뒤로|\bafter\b|\bsince\b",
    },
    "unit": {
        "mcg": r"마이크로\s?그램|\b(?:mcg|µg|ug|micrograms?)\b",
        "mg": r"밀리\s?그램|\bmg\b|\bmilligrams?\b",
        "g": r"(?<=\d)\s?g\b|\bgrams?\b",
        "ml": r"밀리\s?리터|\b(?:ml|milliliters?|millilitres?|cc)\b",
        "iu": r"단위|\b(?:iu|units?)\b",
        "am": r"오전|\d\s?(?:am|a\.m\.)\b",
        "pm": r"오후|\d\s?(?:pm|p\.m\.)\b",
    },
    "when": {
        "before_meal": r"식전|밥\s?먹기\s?전|식사\s?전|공복|빈\s?속|\b(?:before (?:meals?|eating|food|breakfast)|empty stomach)",
        "after_meal": r"식후|밥\s?먹고|식사\s?후|\b(?:after (?:meals?|eating|food|breakfast|dinner))",
        "with_meal": r"식사(?:와|랑)\s?(?:같이|함께)|\b(?:with (?:meals?|food))",
        "morning": r"아침|오전|\b(?:morning|a\.m\.)",
        "night": r"저녁|(?<![가-힣])밤|자기\s?전|취침|\b(?:night|bedtime|evening|p\.m\.)",
    },
    "organ": {
        "kidney": r"신장|콩팥|신기능|\b(?:kidney|renal)",
        "liver": _KO + r"간(?=[이은을에의도]|\s|수치|기능|$)|\b(?:liver|hepatic)",
        "heart": r"심장|\b(?:heart|cardiac)",
        "lung": _KO + r"(?:폐|허파)|\b(?:lungs?|pulmonary)",
        "stomach": r"위장|(?<![가-힣])속이|\b(?:stomach|gastric)",
        "thyroid": r"갑상선|\bthyroid",
        "eye": _KO + r"눈(?=[이은을에의도]|\s|$)|\b(?:eyes?|vision)",
        "skin": r"피부|\bskin\b",
        "bone": _KO + r"뼈|골다공|\b(?:bones?)\b",
    },
    "site": {
        "head": _KO + r"머리|\bhead\b",
        "chest": _KO + r"가슴|\bchest\b",
        "belly": _KO + r"(?:배(?=[가는를에도]|\s|가\s)|복부|아랫배|윗배|명치)|\b(?:belly|abdomen|abdominal|tummy)\b",
        "back": _KO + r"(?:허리|등(?=[이은을에도]|\s))|\b(?:lower|upper|my|the|his|her)\s+back\b|\bback\s+pain",
        "throat": _KO + r"(?:목(?=[이은을에도]|\s|구멍)|인후)|\b(?:throat|neck)\b",
        "joint": r"무릎|관절|\b(?:knees?|joints?)\b",
        "limb": _KO + r"(?:다리|팔(?=[이은을에도]|\s)|발(?=[이은을에도]|\s|목|가락)|손(?=[이은을에도]|\s|가락|목))"
                r"|\b(?:legs?|arms?|feet|foot|hands?)\b",
        "ear": _KO + r"귀(?=[가는를에도]|\s)|\bears?\b",
        "face": _KO + r"(?:얼굴|입술|혀(?=[가는를에도]|\s)|눈꺼풀)|\b(?:face|lips?|tongue|eyelids?)\b",
        "ankle": r"발목|\bankles?\b",
        "thigh": r"허벅지|\bthighs?\b",
        "arm_upper": r"팔뚝|윗팔|\bupper arm\b",
        "right": r"오른쪽|우측|\bright\s+(?:side|lower|upper|arm|leg|chest|belly|eye|ear)",
        "left": r"왼쪽|좌측|\bleft\s+(?:side|lower|upper|arm|leg|chest|belly|eye|ear)",
    },
    "form": {
        "extended_release": r"서방|장기\s?지속|\b(?:extended|sustained|slow|modified|controlled)[- ]release\b|\b(?:ER|XR|SR|XL)\b",
        "immediate_release": r"속방|일반\s?정|\bimmediate[- ]release\b",
        "crush": r"부수|부숴|가루|쪼개|갈아|\b(?:crush|split|cut|break|powder)",
        "chew": r"씹어|씹는|\bchew",
        "injection": r"주사|\b(?:inject|shot|jab)",
        "topical": r"패치|크림|연고|바르|\b(?:patch|cream|ointment|gel|apply)",
        "liquid": r"시럽|물약|현탁|\b(?:syrup|liquid|suspension)",
        "drops": r"안약|점안|점이|\b(?:eye|ear)\s?drops\b",
        "vein": r"정맥|혈관(?=에|으로|\s?주사)|\b(?:veins?|intravenous(?:ly)?|IV)\b",
        "muscle": r"근육\s?주사|근육에|\b(?:intramuscular(?:ly)?|into (?:the|a|my) muscle)\b",
        "under_skin": r"피하|\b(?:subcutaneous(?:ly)?|under the skin)\b",
        "mouth": r"입으로|먹는\s?약|경구|\b(?:by mouth|orally|oral)\b",
    },
    "sign": {                          # what the person notices, named or not in the concept table
        "bruise": r"멍(?=[이은을도]|\s|들)|\bbruis",
        "bleeding": _KO + r"(?:피(?=[가는를도]|\s|가\s)|출혈|혈변|코피)|\b(?:bleed|blood in)",
        "stool": _KO + r"(?:변(?=[이은을도]|\s)|대변|설사|변비)|\b(?:stool|poop|bowel|diarrh|constipat)",
        "urine": r"소변|오줌|\b(?:urin|pee)",
        "vomit": r"구토|토하|토했|토해|\b(?:vomit|throw(?:ing)? up|threw up)",
        "swelling": r"붓|부어|부었|부종|\b(?:swell|swollen|puffy)",
        "rash": r"발진|두드러기|\b(?:rash|hives)",
        "itch": r"가려|간지러|\bitch",
        "breath": _KO + r"(?:숨|호흡)|\bbreath",
        "dizzy": r"어지러|어지럽|\b(?:dizz|lighthead)",
        "numb": r"저리|저려|마비|\b(?:numb|tingl)",
        "black": r"까맣|검은|검게|\bblack",
        "red": r"빨갛|붉|\bred\b",
        "yellow": r"노랗|황달|\b(?:yellow|jaundic)",
    },
    "span": {
        "hour": _KO + r"시간(?=\s|동안|째|[이은을에]|$)|\bhours?\b",
        "day": r"(?<=\d)\s?일|하루|며칠|\bdays?\b",
        "week": r"일주일|(?<=\d)\s?주(?!사)|\bweeks?\b",
        "month": r"개월|한\s?달|\bmonths?\b",
        "year": r"(?<=\d)\s?년|\byears?\b",
    },
    "state": {
        "pregnant": r"임신(?!\s?준비)|임산부|\b(?:pregnan|expecting)",
        "planning_pregnancy": r"임신\s?준비|임신하려|\b(?:trying (?:to get pregnant|to conceive)|planning (?:a )?pregnan)",
        "breastfeeding": r"모유|(?<!분유\s)수유|젖(?=\s?먹|을|\s?물)|\b(?:breast-?\s?(?:feed|milk)|nursing|lactat)",
        "formula": r"분유|\bformula\b",
        "surgery": r"수술|시술|\b(?:surgery|operation|procedure)",
        "endoscopy": r"내시경|\b(?:endoscop|colonoscop|gastroscop)",
        "imaging": r"엑스레이|X-?ray|\b(?:CT|MRI|scan)\b|초음파|조영|\bultrasound|\bcontrast",
        "dental": r"치과|발치|임플란트|스케일링|\b(?:dental|dentist|tooth|teeth)\b",
        "vaccine": r"백신|예방\s?접종|\b(?:vaccin|immuni[sz]|flu shot)",
        "sun": r"햇볕|햇빛|일광|해수욕|태닝|\b(?:sun|sunlight|beach|tanning)\b",
        "exercise": r"운동|헬스|조깅|등산|\b(?:gym|exercis|workout|sports?|rugby|football|soccer|running|jogging|hiking)\b",
        "flight": r"비행|장거리\s?여행|\b(?:fly|flying|flight|long-haul)\b",
        "heat": r"사우나|찜질|\b(?:sauna|hot tub)\b",
        "swimming": r"수영|\bswim",
        "alcohol": _KO + r"(?:술|음주|소주|맥주|와인|막걸리|양주)|\b(?:alcohol|drinking|beers?|wine|liquor|vodka|whisk(?:e)?y)\b",
        "caffeine": r"커피|카페인|에너지\s?음료|\b(?:coffees?|caffeine|energy drinks?)\b",
        "grapefruit": r"자몽|\bgrapefruit",
        "natto": r"낫토|\bnatto\b",
        "driving": r"운전|\bdriv",
        "elderly": r"노인|고령|\b(?:elderly|older adult)",
    },
}
_COMPILED = {facet: {name: re.compile(p, re.I) for name, p in words.items()} for facet, words in FACETS.items()}
NEGATION = re.compile(r"(?<![가-힣])안\s|않|없|못|말아야|금지|\bnot\b|\bno\b|\bnever\b|\bwithout\b|n't\b|\bavoid", re.I)
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def facets(text: str) -> dict[str, list[str]]:
    """The facet words found, in the order they are said ("먹는 약에서 주사로" is not "주사에서 먹는 약으로"). "I"
    alone is no facet (a question is about the asker unless it names someone else); next to someone else it is
    ("남편이 먹는 실데나필 제가 먹어도" is not "남편이 실데나필 먹어도")."""
    found = {}
    for facet, words in _COMPILED.items():
        hits = [(m.start(), name) for name, rx in words.items() if (m := rx.search(text))]
        found[facet] = [name for _, name in sorted(hits)]
    if found["who"] == ["self"]:
        found["who"] = []
    return found


# Korean native numerals before a counter (두 알, 네 번) and English number words are numbers like any digit.
KO_NUMERALS = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10}
KO_COUNTED = re.compile(r"(다섯|여섯|일곱|여덟|아홉|한|두|세|네|열)\s?(?:알|번|개|정|잔|병|포|캡슐|방울|시간|달|살|주|명|차례)")
EN_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
              "ten": 10, "twice": 2, "double": 2, "half": 0.5, "once": 1, "single": 1, "a couple of": 2}
EN_NUMBER = re.compile(r"\b(" + "|".join(sorted(EN_NUMBERS, key=len, reverse=True)) + r")\b", re.I)
# Which assertion a cached answer depends on: "와파린 먹을 때" (hypothetical) and "와파린 복용 중에" (present) ask
# the same; "not" and "used to" do not.
AFFIRMED = {"present": "yes", "reported": "yes", "hypothetical": "yes"}


def numbers(text: str) -> list[str]:
    """In the order they are said: "0.2mg에서 0.4mg으로" is not "0.4mg에서 0.2mg으로"."""
    found = [(m.start(), m.group(0)) for m in NUMBER.finditer(text)]
    found += [(m.start(), str(KO_NUMERALS[m.group(1)])) for m in KO_COUNTED.finditer(text)]
    found += [(m.start(), f"{EN_NUMBERS[m.group(1).lower()]:g}") for m in EN_NUMBER.finditer(text)]
    return [value for _, value in sorted(found)]


def entities(slot_out: Mapping[str, Any] | None) -> list[str]:
    """This message's linked entities and stated demographics as stable strings."""
    slots = slot_out or {}
    out = {f"{slot}:{item.get('cui') or str(item.get('name', '')).lower()}:"
           f"{AFFIRMED.get(item.get('assertion', 'present'), item.get('assertion'))}"
           for slot in ENTITY_SLOTS for item in slots.get(slot) or []}
    demo = slots.get("demographics") or {}
    out |= {f"demographics:{key}:{demo[key]}" for key in ("age", "gender", "is_pregnant", "pregnancy_weeks")
            if demo.get(key) is not None}
    return sorted(out)


# The net under the rest: the question's own content morphemes (Korean, by kiwi: nouns, verb and adjective stems,
# adverbs such as 안, 더, 덜, and the bounding particles 까지 and 부터) and content words (English) in the order they
# are said, the linked entities among them by concept id (so 당뇨 and 당뇨병 agree), without the words that only
# say "take it" or "what". A drug the concept table does not know (리튬 vs 발프로산), a place (해수욕장 vs 헬스장)
# or the same words in another order ("먹는 약에서 주사로", "steroid first and then albuterol", "eye drops in my
# ear") changes them. Order is kept always, not only after words such as "instead" or "from … to": a first
# held-out set showed direction swaps of linked drugs, a second one "A first and then B"; a reordered paraphrase
# is a miss, which costs a fresh answer and nothing else.
KO_CONTENT = {"NNG", "NNP", "SL", "SH", "XR", "VV", "VA", "MAG"}     # nouns, verb and adjective stems, adverbs
KO_BOUNDS = {"까지", "부터", "만", "밖에", "마다", "보다", "조차"}       # particles that bound a time or an amount
GENERIC = {"것", "수", "때", "중", "정도", "사람", "방법", "이유", "경우", "뭐", "무엇", "얼마", "복용", "섭취",
           "사용", "혹시", "제일", "가장", "어떤", "언제", "먹", "드시", "하", "되", "괜찮", "있", "알리", "좋", "take", "taking", "took", "use", "using", "ok", "okay",
           "safe", "fine", "alright", "need", "get", "please", "tell", "know", "want", "thing", "way", "happen"}
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z-]+(?:'[A-Za-z]+)?|\d+[A-Za-z]+")   # contractions and 's are dropped


def words(text: str, slot_out: Mapping[str, Any] | None, tokenizer: Any) -> list[str]:
    """The word net, in order ("와파린에서 엘리퀴스로" is not "엘리퀴스에서 와파린으로")."""
    slots = slot_out or {}
    linked = [item for slot in ENTITY_SLOTS for item in slots.get(slot) or [] if item.get("span")]
    spans = [tuple(item["span"]) for item in linked]

    def free(start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in spans)

    found = [(m.start(), s_stem(m.group(0).lower())) for m in LATIN_WORD.finditer(text)
             if free(m.start(), m.end()) and m.group(0).lower() not in EN_STOP and "'" not in m.group(0)]
    if HANGUL.search(text):
        # An adverb or a bounding particle inside a linked span still counts: a symptom said with its subject and
        # predicate holds them ("무릎이 더 부었" / "덜 부었", "다리만 부었" / "다리도 부었" are one concept each).
        found += [(m.start, m.form) for m in tokenizer.morphemes(text) if (
                  (free(m.start, m.end) and m.tag in KO_CONTENT and HANGUL.search(m.form)) or
                  (m.tag == "MAG" and HANGUL.search(m.form)) or (m.tag == "JX" and m.form in KO_BOUNDS))]
    found += [(item["span"][0], str(item.get("cui") or item.get("name", "")).lower()) for item in linked]
    return [w for _, w in sorted(found) if w not in GENERIC]


def question_signature(text: str, slot_out: Mapping[str, Any] | None, tokenizer: Any = None
                       ) -> dict[str, list[str]]:
    """JSON-ready: stored with a cached answer, compared for equality at lookup. ``tokenizer`` is the retrieval
    index's (kiwi with the concept names as user words); without one the word net is left out."""
    return {"entities": entities(slot_out), **facets(text), "numbers": numbers(text),
            "negation": sorted(m.group(0).strip().lower() for m in NEGATION.finditer(text)),
            "words": words(text, slot_out, tokenizer) if tokenizer is not None else []}
