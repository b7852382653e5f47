"""Facts of one message that cannot all be true are refused whole (issue 33): none of them is stored, and each
contradiction becomes a doubt the reply asks about in one line (generation.finalize.with_doubts).

"저는 남자이고 임신 중이에요": the pregnancy (demographics *and* the Pregnancy condition mention) is dropped, and
so is everything else the message says about who the person is (age, sex): a description that contradicts itself
cannot tell which of its parts is wrong ("I'm a 25-year-old man who is 20 weeks pregnant" stores no age either).
The same for an age and a pregnancy that cannot go together (a pregnant five-year-old), two different ages ("저는
서른 살인데 올해 여든이에요"), a pregnancy denied and told ("저 임신 안 했어요. 지금 임신 24주차라…"), a sex and a condition only the other sex has ("저는 여자인데 전립선 비대증이
있어요": the sex and the condition), a condition denied and held in one message ("I have never had diabetes, and I
have had type 1 diabetes since childhood": both, a kind of a condition counting as the condition), and a denial of
taking any medicine beside a medicine taken ("I have never taken any medication and I take metformin every day"), and
no illness beside one held ("no medical conditions, and I've been on dialysis for kidney failure");
"no medicines except metformin", "가끔 타이레놀만" are exceptions, not contradictions. Two body weights (or heights)
of the person that cannot both be now ("몸무게 48킬로 나가고요, 체중은 지금 100킬로 넘어요") are refused both,
unless the message tells a change or a past ("was 90 kg last year", "80킬로였는데", "lost 5 kg"). Conflicts with the *stored*
profile are another matter, held back at store time (context.profile.conflicts).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

PREGNANCY_AGE = (10, 60)          # outside it, "pregnant" and the age contradict each other: ask, store neither
Span = tuple[int, int]
HELD = ("present", "reported")
IDENTITY = dict(age=None, age_group=None, gender=None, is_pregnant=None, pregnancy_weeks=None)
# Conditions of one sex only, by the concept's English name (the pregnancy ones are female through is_pregnant too).
ONLY_OF = {"male": re.compile(r"prostat|testic|testis|scrot|erectile|penile", re.I),
           "female": re.compile(r"ovar(?:y|ian)|uter(?:ine|us)|cervix|cervical\s+(?:cancer|dysplasia)|endometri|"
                                r"menstru|menorrh|menopaus|vagin|vulv|pregnan|eclampsia|gestational|postpartum", re.I)}

MEDICINES = r"(?:medications?|medicines?|meds|drugs?|pills?)"
NO_MEDICINES = re.compile(
    rf"\b(?:never\s+(?:taken|take|took|used)|(?:don'?t|do\s+not|doesn'?t)\s+take|(?:am|'m)\s+not\s+(?:on|taking))\s+"
    rf"any\s+{MEDICINES}\b|\b(?:take|taking|on)\s+no\s+{MEDICINES}\b|"
    r"(?:먹는|복용하는|복용\s*중인|드시는)\s*약(?:은|이|도)?\s*(?:하나도\s*|전혀\s*)?없|아무\s*약도\s*(?:안|먹지|복용하지)|"
    r"약(?:은|을)?\s*(?:하나도|전혀)\s*(?:안|먹지|복용하지)|"
    r"약이라는\s*(?:걸|것을|건|것은)\s*(?:\S+\s*)?(?:먹어\s*본\s*적(?:이|은|도)?\s*없|안\s*먹)", re.I)   # test15
ILLNESSES = r"(?:medical|health|chronic|underlying|long-term|pre-?existing)\s+(?:conditions?|problems?|issues?|illness(?:es)?|diseases?)"
NO_CONDITIONS = re.compile(
    rf"\b(?:no|(?:don'?t|do\s+not)\s+have\s+any|without\s+any|never\s+had\s+any|free\s+of\s+any)\s+{ILLNESSES}\b|"
    r"(?:지병|기저\s*질환|앓는\s*병|앓고\s*있는\s*병|만성\s*질환)(?:은|이|도)?\s*(?:하나도\s*|전혀\s*|특별히\s*|딱히\s*|따로\s*)?없|"
    r"아픈\s*(?:데|곳)(?:는|가|도)?\s*(?:하나도\s*|전혀\s*|특별히\s*)?없", re.I)
# A passing illness is no "지병" or "medical condition": "지병은 없고 요즘 감기 기운이 있어요" holds together.
ACUTE = re.compile(r"\b(?:cold|influenza|flu|infection|injury|sprain|fracture|laceration|burn|bite|sting|"
                   r"gastroenteritis|acute|poisoning|hangover|covid)", re.I)
EXCEPTIONS = re.compile(r"\b(?:except|apart\s+from|other\s+than|besides|only|just|occasionally|sometimes|"
                        r"as\s+needed)\b|빼고|말고|외에|가끔|필요할\s*때", re.I)


def pregnancy_clash(gender: str | None, pregnant: bool | None, age: int | None) -> str | None:
    """What a pregnancy cannot go with: "gender+pregnancy" (a man), "age+pregnancy" (outside ``PREGNANCY_AGE``)."""
    if not pregnant:
        return None
    if gender == "male":
        return "gender+pregnancy"
    if age is not None and not PREGNANCY_AGE[0] <= age <= PREGNANCY_AGE[1]:
        return "age+pregnancy"
    return None


def other_sex_only(sex: str | None, name: str) -> bool:
    """``name`` is a condition only the other sex has (a woman's prostate, a man's ovarian cyst)."""
    return sex in ONLY_OF and bool(ONLY_OF["female" if sex == "male" else "male"].search(name))


def demographic_contradictions(demo: dict[str, Any], said: dict[str, list[tuple[str, Span]]], ages: list[int]
                               ) -> tuple[list[dict[str, Any]], list[Span]]:
    """Clear contradicting fields of ``demo`` (in place); return the doubts and the spans of the words refused.

    ``said`` maps "age", "male", "female", "is_pregnant", "pregnancy_weeks" (and "not_pregnant", a pregnancy
    denied) to what said it (words, span), and
    ``ages`` lists the ages, for the person's own, non-negated statements only."""
    doubts: list[dict[str, Any]] = []
    pregnancy = [*said.get("pregnancy_weeks", []), *said.get("is_pregnant", [])]
    if len(set(ages)) > 1:
        doubts.append({"kind": "contradiction", "what": "age+age", "text": " / ".join(w for w, _ in said["age"])})
    age = None if doubts else demo["age"]
    if pregnancy and said.get("not_pregnant"):
        doubts.append({"kind": "contradiction", "what": "pregnancy+pregnancy",
                       "text": f"{said['not_pregnant'][0][0]} / {pregnancy[0][0]}"})
    elif demo["is_pregnant"] and "male" in said:
        doubts.append({"kind": "contradiction", "what": "gender+pregnancy",
                       "text": f"{said['male'][0][0]} / {pregnancy[0][0] if pregnancy else ''}"})
    elif pregnancy_clash(None, demo["is_pregnant"], age):
        doubts.append({"kind": "contradiction", "what": "age+pregnancy",
                       "text": f"{said['age'][0][0]} / {pregnancy[0][0] if pregnancy else ''}"})
    return doubts, (refuse_identity(demo, said) if doubts else [])


def sex_contradiction(demo: dict[str, Any], said: dict[str, list[tuple[str, Span]]], entities: list[dict[str, Any]]
                      ) -> tuple[list[dict[str, Any]], list[Span]]:
    """A held or past condition or symptom the person's sex cannot have: a doubt, and the sex and the mention
    refused."""
    sex = demo.get("gender")
    if sex not in ONLY_OF:
        return [], []
    # had once counts too: "저 남자고 … 지난달에 자궁근종 때문에 복강경 수술 받고" (utterances_test9)
    clash = [e for e in entities if e.get("assertion") in (*HELD, "historical") and other_sex_only(sex, e["name"])]
    if not clash:
        return [], []
    words = (said.get(sex) or said.get("is_pregnant") or [("", (0, 0))])[0][0]
    doubt = {"kind": "contradiction", "what": "gender+condition", "text": f"{words} / {clash[0]['text']}"}
    return [doubt], [*refuse_identity(demo, said), *(tuple(e["span"]) for e in clash)]


def denied_and_held(text: str, entities: list[dict[str, Any]], topic_of: Callable[[dict[str, Any]], str]
                    ) -> tuple[list[dict[str, Any]], list[Span], bool]:
    """A concept denied and held in one message (or a kind of it held: type 1 diabetes is diabetes; a member of a
    class of medicines denied: glimepiride is a diabetes medicine): both refused, and when the denial is for a
    lifetime ("천식 같은 건 앓아본 적도 없어요. 천식 때문에 …") every mention of the message, since it cannot tell
    which of its parts is wrong; not when it tells a change ("그 뒤로는 방광염 한 번도 안 걸렸고"). ``topic_of``: an
    entity's topic in the concept table. Returns the doubts, the refused spans and whether the whole message is."""
    lifetime = bool(LIFETIME.search(text)) and not SINCE.search(text)
    # a denial for a lifetime is contradicted by a past illness too ("never had any heart problems … right after my
    # heart attack in 2020")
    held = [e for e in entities if e.get("assertion") in HELD or (lifetime and e.get("assertion") == "historical")]
    for denied in (e for e in entities if e.get("assertion") == "negated"):
        clash = [e for e in held if _same_or_kind(denied, e) or topic_of(e) in CLASS_TOPICS.get(denied["name"], ())]
        if clash:
            doubt = {"kind": "contradiction", "what": "denied+held", "text": f"{denied['text']} / {clash[0]['text']}"}
            return [doubt], [tuple(e["span"]) for e in (entities if lifetime else [denied, *clash])], lifetime
    return [], [], False


def group_contradiction(text: str, entities: list[dict[str, Any]], topic_of: Callable[[dict[str, Any]], str],
                        whose: Callable[[int, int], bool]) -> tuple[list[dict[str, Any]], list[Span]]:
    """A group denied in words (:data:`GROUPS`) and a member of it held, or had at all when the denial is for a
    lifetime ("never", "평생"): every mention of the message refused."""
    kinds = (*HELD, "historical") if LIFETIME.search(text) else HELD
    for pattern, topics, names in GROUPS:
        denial = pattern.search(text)
        if denial is None or not whose(*denial.span()):
            continue
        clash = [e for e in entities if e.get("assertion") in kinds and (topic_of(e) in topics or e["name"] in names)
                 and not overlaps(e["span"], [denial.span()])]
        if clash:
            doubt = {"kind": "contradiction", "what": "group", "text": f"{denial.group()} / {clash[0]['text']}"}
            return [doubt], [tuple(e["span"]) for e in entities]
    return [], []


# Kinds of the general concepts people deny ("no heart problems … after my heart attack", "간질환은 없어요 … 간경화",
# "allergy free … my peanut anaphylaxis"), by the concept table's English names (utterances_test8)
KINDS = {
    "Heart disease": ("Heart failure", "Atrial fibrillation", "Atrial flutter", "Cardiac arrhythmia", "Myocardial infarction",
                      "Angina pectoris", "Coronary artery disease", "Cardiac arrest", "Heart valve disease",
                      "Aortic stenosis", "Cardiomyopathy"),
    "Liver disease": ("Fatty liver", "Hepatitis B", "Hepatitis C", "Liver cirrhosis", "Hepatitis"),
    "Allergic reaction": ("Anaphylaxis", "Food allergy", "Drug allergy", "Allergic rhinitis", "Urticaria",
                          "Seasonal allergic rhinitis", "Perennial allergic rhinitis"),
    "Chronic kidney disease": ("End-stage renal disease", "Diabetic nephropathy", "Kidney failure"),
    "Headache": ("Migraine", "Migraine with aura", "Cluster headache", "Tension-type headache"),
}
# A class of medicines and the topics of its members in the concept table ("당뇨약 같은 건 평생 먹어본 적 없어요. 아침마다
# 아마릴 한 알씩 챙겨 먹고 있고요", utterances_test11)
CLASS_TOPICS = {
    "Antidiabetic agent": frozenset({"antidiabetic", "sulfonylurea", "biguanide", "dpp4", "sglt2", "glp1", "insulin",
                                     "tzd"}),
    "Antihypertensive agent": frozenset({"antihypertensive", "acei", "arb", "ccb", "beta-blocker", "diuretic"}),
    "Analgesic": frozenset({"analgesic", "nsaid", "opioid"}),
}
SINCE = re.compile(r"\bsince\s+then\b|\bever\s+since\b|그\s*(?:뒤|후)로|그\s*이후|이후로", re.I)
LIFETIME = re.compile(r"\bnever\b|\bever\b|\bin\s+my\s+life\b|평생|한\s*번도|살면서|적(?:이|은|도)?\s*없", re.I)
_NEVER_OR_NO = r"\b(?:never\s+(?:had|have\s+had)|no|zero|(?:don'?t|do\s+not)\s+have|not\s+a\s+single)\s+(?:any\s+)?"
_PROBLEMS = r"\s+(?:problems?|issues?|trouble|conditions?|diseases?)\b"
_KO_NONE = r"(?:은|는|도|에|엔|이|가)?\s*(?:평생\s*|한\s*번도\s*|전혀\s*|하나도\s*)?(?:아무\s*)?"
_HEALTHY = r"(?:perfectly\s+|completely\s+|totally\s+|really\s+)?(?:healthy|perfect|flawless|fine|clear)\b"
# "무릎이랑 관절은 나이에 비해 아주 멀쩡하대요" (utterances_test27)
_KO_FINE = r"(?:은|는|이|가|도)\s+(?:[^\s.?!]+\s+){0,3}?(?:아주\s*|완전\s*|정말\s*|진짜\s*)?멀쩡"
_KO_PROUD = r"\s*(?:은|는|만큼은|만큼|하나는|만은)\s*(?:정말\s*|진짜\s*)?(?:자신\s*있|타고\S{0,2}|튼튼|건강하|깨끗하)"


def _healthy_organ(english: str, korean: str, topic: str) -> tuple[re.Pattern[str], frozenset[str], frozenset[str]]:
    """A :data:`GROUPS` entry for an organ said to be healthy, in English or Korean, and the topic of its illnesses."""
    return (re.compile(rf"\b{english}\s+(?:are|is|has\s+always\s+been|have\s+always\s+been)\s+{_HEALTHY}|"
                       rf"(?<![가-힣]){korean}{_KO_PROUD}|(?<![가-힣]){korean}{_KO_FINE}", re.I), frozenset({topic}), frozenset())


# A body system or a group of medicines denied in words, with the topics (or names) of its members: "I've never had
# any skin problems … the psoriasis on my elbows", "눈은 평생 아무 이상 없었어요. 작년에 … 백내장 수술", "Zero stomach
# issues, never had an ulcer in my life. The bleeding ulcer I had in May …", "Don't take any supplements whatsoever,
# never have. Fish oil, vitamin D and a multi every morning", "No history of blood clots … since the DVT"
# (utterances_test9 to test11)
GROUPS: tuple[tuple[re.Pattern[str], frozenset[str], frozenset[str]], ...] = (
    (re.compile(_NEVER_OR_NO + r"skin" + _PROBLEMS + r"|(?<![가-힣])피부" + _KO_NONE + r"(?:문제|질환|트러블|이상)\S{0,2}\s*없",
                re.I), frozenset({"skin"}), frozenset()),
    (re.compile(_NEVER_OR_NO + r"(?:eye|vision)" + _PROBLEMS + r"|(?<![가-힣])눈" + _KO_NONE + r"(?:문제|질환|이상)\S{0,2}\s*없",
                re.I), frozenset({"eye"}), frozenset()),
    (re.compile(_NEVER_OR_NO + r"(?:stomach|gut|digestive|tummy)" + _PROBLEMS +
                r"|(?<![가-힣])(?:위장|위|속)" + _KO_NONE + r"(?:문제|질환|탈)\S{0,2}\s*없", re.I),
     frozenset({"gi"}), frozenset()),
    (re.compile(r"\b(?:(?:don'?t|do\s+not|never)\s+(?:take|took|taken|use|used)|no)\s+(?:any\s+)?(?:supplements|vitamins)\b|"
                r"(?:영양제|보충제|건강\s*보조\s*식품)(?:\s*같은\s*(?:건|거))?(?:는|은|도|류는)?\s*(?:평생\s*|전혀\s*|하나도\s*)?"
                r"(?:안\s*먹|먹지\s*않|먹어\s*본\s*적\S{0,2}\s*없|없)", re.I),
     frozenset({"supplement", "vitamin"}), frozenset({"Omega-3 fatty acids"})),
    (re.compile(r"\b(?:no|never\s+had)\s+(?:history\s+of\s+)?(?:any\s+)?blood\s+clots?\b|혈전" + _KO_NONE + r"(?:\S{0,2}\s*)?없",
                re.I), frozenset(),
     frozenset({"Deep vein thrombosis", "Pulmonary embolism"})),
    # an organ said to be healthy, beside an illness of it: "my lungs are perfectly healthy. The emphysema is why …",
    # "간만큼은 자신 있어요. 알코올성 간경화로 입원한 게 …", "My eyesight is perfect … my glaucoma drops", "피부 하나는
    # 타고나서 … 여드름 때문에 피부과를" (utterances_test12)
    _healthy_organ(r"lungs?", "폐", "respiratory"),
    _healthy_organ(r"(?:eyesight|vision|eyes)", "(?:눈|시력)", "eye"),
    _healthy_organ("liver", "간", "liver"),
    _healthy_organ("skin", "피부", "skin"),
    _healthy_organ(r"(?:knees?|joints?)", "(?:무릎|관절)", "joint"),
    # "Never been depressed a day in my life … on Lexapro for the depression" (utterances_test27)
    (re.compile(r"\bnever\s+(?:been|felt|was)\s+(?:\w+\s+)?depressed\b|우울(?:했던|한|해\s*본)\s*적(?:이|은)?\s*"
                r"(?:한\s*번도\s*)?없", re.I), frozenset(),
     frozenset({"Depressive disorder", "Depressed mood", "Postpartum depression"})),
)


def _same_or_kind(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """``b`` is ``a`` or a kind of it (its name holds ``a``'s, or :data:`KINDS` lists it): denying diabetes and
    having type 1 diabetes clash, denying type 1 diabetes and having diabetes do not."""
    if a.get("cui") and a.get("cui") == b.get("cui"):
        return True
    return b["name"] in KINDS.get(a["name"], ()) or \
        bool(re.search(rf"\b{re.escape(a['name'].lower())}\b", b["name"].lower()))


def refuse_identity(demo: dict[str, Any], said: dict[str, list[tuple[str, Span]]]) -> list[Span]:
    """Clear everything the message says about who the person is; return the words' spans."""
    demo.update(IDENTITY)
    return [span for hits in said.values() for _, span in hits]


def medication_contradiction(text: str, medications: list[dict[str, Any]], whose: Callable[[int, int], bool]
                             ) -> dict[str, Any] | None:
    """A doubt when the message denies taking any medicine and names one taken; ``whose(start, end)`` says
    whether the denial is the person's own (not a relative's, not a question)."""
    taken = [m for m in medications if m.get("assertion") == "present"]
    denial = NO_MEDICINES.search(text)
    if not taken or denial is None or EXCEPTIONS.search(text) or not whose(*denial.span()):
        return None
    return {"kind": "contradiction", "what": "medications", "text": f"{denial.group()} / {taken[0]['text']}"}


def condition_contradiction(text: str, demo: dict[str, Any], said: dict[str, list[tuple[str, Span]]],
                            conditions: list[dict[str, Any]], whose: Callable[[int, int], bool]
                            ) -> tuple[dict[str, Any] | None, list[Span]]:
    """A doubt when the person says they have no illness and names one they have ("a healthy 30 year old woman
    with no medical conditions, and I've been on dialysis for kidney failure"): the conditions held and the rest of
    the description (age, sex) are refused, as for a description that contradicts itself."""
    held = [c for c in conditions if c.get("assertion") in HELD and not ACUTE.search(c["name"])]
    denial = NO_CONDITIONS.search(text)
    if not held or denial is None or EXCEPTIONS.search(text) or not whose(*denial.span()):
        return None, []
    doubt = {"kind": "contradiction", "what": "conditions", "text": f"{denial.group()} / {held[0]['text']}"}
    return doubt, [*refuse_identity(demo, said), *(tuple(c["span"]) for c in held)]


# How far apart two readings of the same body measure may be and still be the same one said twice (rounding, "about")
BODY_SPREAD = {"weight": 0.1, "height": 0.05}
EN_CHANGE_OR_PAST = re.compile(r"\b(?:was|were|used\s+to|ago|last\s+(?:year|month|week|time)|before|previously|"
                               r"from|since|gained|lost|gain|lose|up|down|goal|target|want\s+to|aim)\b|"
                               r"전에|전엔|작년|예전|지난|에서|부터|목표|빠졌|빠지|늘었|늘어|줄었|줄어|쪘|찌", re.I)


def body_contradiction(text: str, vitals: list[dict[str, Any]], past: bool) -> tuple[dict[str, Any] | None,
                                                                                    list[dict[str, Any]]]:
    """A doubt and the readings to refuse when the message gives two weights (or heights) of the person too far
    apart to be the same, with no change or past told (``past``: a Korean past tense in the message)."""
    if past or EN_CHANGE_OR_PAST.search(text):
        return None, []
    for kind, spread in BODY_SPREAD.items():
        same = [v for v in vitals if v.get("type") == kind and isinstance(v.get("value"), (int, float))]
        values = [float(v["value"]) for v in same]
        if len(values) > 1 and max(values) > min(values) * (1 + spread):
            return {"kind": "contradiction", "what": f"{kind}+{kind}",
                    "text": " / ".join(str(v.get("text", v["value"])) for v in same)}, same
    return None, []


def overlaps(span: list[int] | Span, refused: list[Span]) -> bool:
    return any(span[0] < end and start < span[1] for start, end in refused)
