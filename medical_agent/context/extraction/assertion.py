"""Assertion status of a mention: present, negated, family, historical or hypothetical (a NegEx-style
detector for Korean and English over the clauses of :mod:`.clauses`).

Only present mentions become the person's active conditions, symptoms or medications; the others are kept
with their status for display. The scope is the clause around the mention: Korean negation follows the noun
(당뇨는 없어요, 고혈압이 아니에요, 임신 중이 아니고, 안 먹어요), English negation precedes it (no history of, denies,
don't have). Someone else's case wins over a plain mention: a relative, friend, colleague or neighbour earlier in
the clause, a child named only by age ("my 6-year-old", 세 살배기가), or as the subject of the sentence (아버지가
고혈압이 있으신데, my friend takes ...): ``family`` means "not the person's" (:mod:`.whose` tells it). Resolution words and
past events make it historical (:mod:`.past` tells it).
A mention in a clause that asks or supposes ("뇌졸중의 증상은 뭔가요?", "Can I take ibuprofen?", "천식 있으면 …",
"what if I had …") is hypothetical, shown as "asked about": asking about a drug is not taking it, unless the
question names it as the person's own ("제 당뇨", "my metformin", "the drug I'm taking") or asks about going on
with or stopping it ("메트포르민 계속 먹어도 돼요?", "Can I keep taking …?"). A suspicion is asked about too
("당뇨일까 봐 걱정이에요", "I might have diabetes"). A statement beside the question stays a statement: in
"메트포르민을 먹고 있는데 이부프로펜 먹어도 돼요?" metformin is present and ibuprofen asked about.
A relative may be named only once, with the predicate honouring them ("할아버지가 중풍으로 쓰러지신 뒤로 … 팔다리에 힘이
없으세요"); a Korean negation after listed items denies each ("당뇨도 고혈압도 없고"); "no X except Y" does not deny Y;
and a pregnancy planned ("임신 계획이 있어요", "trying to get pregnant") is asked about, not under way.
"""

from __future__ import annotations

import re

from .backrefs import EN_NOT_STARTED_AFTER, EN_TOO, KO_NOT_STARTED_AFTER, said_mine_later
from .clauses import CONDITION, QUESTION, WHEN, clause_at, speculative
from .past import ILLNESS, KO_NOT_BEFORE, LISTED, Others, historical, slot_of
from .whose import FIRST_PERSON, KO_SPEAKER, someone_elses

PRESENT, NEGATED, FAMILY, HISTORICAL, HYPOTHETICAL = "present", "negated", "family", "historical", "hypothetical"
ASSERTIONS = (PRESENT, NEGATED, FAMILY, HISTORICAL, HYPOTHETICAL)

# "당뇨는 없어요", "임신 중이 아니고" (a state noun such as 중 may stand between the mention and its particle), "임신한
# 건 아니고요" (it is not that I am), "알레르기 같은 건 없는데" (such things), "열은 처음부터 없었고요" (an adverb of
# time or degree; "임신은 절대 아니고요", utterances_test7), "고혈압 진단은 한 번도 받은 적 없고" (never diagnosed),
# "코로나검사는음성이에요" (a test came back negative), "임신 가능성은 없어요" and "임신은 절대 아님" (utterances_test9
# and test10 stored a pregnancy from both), "토하지는 않았고요" (utterances_test12), "두통은 평생 모르고 살았어요" (test13)
KO_NEG_AFTER = re.compile(r"^(?:\s*(?:중|보균자|환자|종류|계열))?(?:\s*(?:한|인|된|하는|중인|ㄴ|은|는)?\s*(?:건|거|것은|것도|거는|게)(?=\s))?(?:\s*가능성)?"
                          r"(?:\s*같은\s*(?:건|거|것|것은|거는|것도|게|증상은|증상도|증상))?(?:지[는도를]|진|[은는이가을를도요지])?\s*"
                          r"(?:(?:전혀|아직|아직은|아직까지|한\s*번도|처음부터|원래|딱히|별로|따로|특별히|절대|절대로|결코|이제|이젠|"
                          r"하나도|아무것도|평생|살면서|여태|여태껏|지금까지|태어나서)\s*){0,2}"
                          r"(?:없|아니|아님|아닐|아닙|않|안\s|안(?=하|해|했|함|나(?:고|요|와|오|서|는))|음성|모르고(?:\s*(?:살|지내))?(?![가-힣])|(?:검사|검사\s*결과)(?:는|도|에서|에선|상)?\s*음성|진단받지\s*않|못\s*들|(?:(?:진단|검사|치료)(?:은|을|는|도)?\s*"
                          r"(?:한\s*번도\s*|전혀\s*)?)?(?:(?:받은|걸린|앓은|앓아\s*본|진단받은|먹어\s*본|먹은|복용한|써\s*본|맞아\s*본|맞은|올라온|올라와\s*본|생긴|"
                          r"생겨\s*본|난|나\s*본|겪은|겪어\s*본|있었던)\s*적(?:이|은|도)?\s*"
                          r"(?:한\s*번도\s*|전혀\s*|평생\s*|살면서\s*)?없|받지\s*않))")
KO_NOT_YET_AFTER = re.compile(r"\s*전(?:이라|이에요|입니다|인데|이고|이어서)")     # "저는 아직 폐경 전이라" (test15)
# The illness a medicine the person takes is for, inside a question: "갑상선 기능 저하증 때문에 먹는 씬지록신 계속 먹어도
# 돼요?" (utterances_test6), "고혈압으로 복용 중인 약" — the reason for a current medicine is the person's.
# (_TAKING: the relative forms of taking a medicine, "먹는", "복용 중인", "맞고 있는")
_TAKING = r"(?:먹는|먹고\s*있는|복용하는|복용\s*중인|맞는|맞고\s*있는|쓰는|쓰고\s*있는|처방받은)"
KO_TREATED_AFTER = re.compile(r"\s*(?:이|가)?\s*(?:있어서|때문에|으로|로)\s*(?:\S+\s*)?" + _TAKING)
# "기침이 안 멈춰요", "두통이 안 나아요": the symptom does not stop or get better, so it is there
KO_PERSISTS = re.compile(r"^\S{0,3}(?:\s*(?:게|것이|건|거))?\s*(?:전혀\s*|아직(?:도)?\s*)?(?:안|못)\s*(?:멈|낫|나아|나았|떨어|좋아|가라앉|줄|없어지|사라지|내려|그치|그쳐|가시|가셔|끝나|끝났)")
EN_NEG_BEFORE = re.compile(
    r"\b(?:(?<!-)no(?!-)|not|never|without|zero|denies|denied|deny|negative\s+for|free\s+of|rule[ds]?\s+out|absence\s+of|"
    r"don'?t\s+have|do\s+not\s+have|doesn'?t\s+have|haven'?t\s+(?:had|got|taken|used|touched)|never\s+had|no\s+history\s+of|"
    r"not\s+taking|don'?t\s+take|stopped\s+taking|quit)\b[^.]{0,40}$", re.I)
# a list after the denial: "No history of blood clots, stroke or migraines with aura" (utterances_test17)
EN_NEG_LIST = re.compile(r"\b(?:no(?:\s+(?:history|hx)\s+of)?|never\s+had|denies|denied|negative\s+for|without|free\s+of)\s+"
                         r"(?:(?:any|a)\s+)?(?:[\w'-]+(?:\s+[\w'-]+){0,3}?(?:\s*,\s*(?:or\s+|and\s+|nor\s+)?|\s+or\s+|"
                         r"\s+nor\s+|\s+and\s+)){1,6}$", re.I)
# "no medical conditions except asthma": what the exception names is not denied
EN_EXCEPT = re.compile(r"\b(?:except|other\s+than|apart\s+from|aside\s+from|besides|but)\b", re.I)
EN_NEG_AFTER = re.compile(r"^\s*(?:(?:both|all|each)\s+)?(?:was|is|were|came\s+back)?\s*(?:ruled\s+out|negative|not\s+present|"
                          r"excluded)\b|^[\s-]*free\b", re.I)            # "HIV and syphilis both negative"
# The question names the item as the person's own: 제 당뇨, 제가 먹는 약, my metformin, I'm taking X.
KO_OWN_BEFORE = re.compile(r"(?:(?<![가-힣])(?:제|내)\s+(?:\S+\s+)?|(?:제가|내가)\s+(?:\S+\s+)?(?:먹는|먹고\s*있는|"
                           r"복용하는|복용\s*중인|맞는|맞고\s*있는|쓰는|쓰고\s*있는|앓는|앓고\s*있는|가진|있는)\s+)$")
# "my" owns the noun it comes with, not one after a preposition ("my lisinopril during pregnancy")
EN_MY_BEFORE = re.compile(r"\bmy\s+(?:(?!(?:during|in|on|for|with|after|before|while|and|or|at|to|from)\b)"
                          r"[\w-]+\s+){0,2}$", re.I)
EN_OWN_BEFORE = re.compile(r"\bI(?:'m|\s+am)\s+(?:on|taking|using)\s+(?:[\w-]+\s+)?$|"
                           r"\bI(?:'ve\s+been)?\s+(?:take|use|have|taking|using|having|getting)\s+(?:[\w-]+\s+){0,2}$", re.I)
# "Is it normal to feel nauseous all day?", "is it normal to get up 3 times a night to pee at my age?"
# (utterances_test27): the asker feels it
EN_NORMAL_TO_FEEL = re.compile(r"\b(?:is\s+it|it's|is\s+that)\s+normal\s+to\s+(?:still\s+)?(?:feel\s+"
                               r"(?:so\s+|this\s+|really\s+|a\s+bit\s+|kind\s+of\s+)?|"
                               r"(?:get|wake)\s+up\s+(?:\w+\s+){0,2}?)$", re.I)
# An illness at hand in a question: "could I take Sudafed for this head cold?", "what helps with this rash?"
EN_THIS_BEFORE = re.compile(r"\b(?:for|with|from|of)\s+(?:this|these)\s+(?:[\w-]+\s+)?$", re.I)
# A pregnancy planned, not under way: "임신 계획이 있어요", "임신 준비 중이에요", "planning a pregnancy", "trying to get
# pregnant" (the second blind pairwise round stored "로사르탄 먹는 중인데 임신 계획이 있어요" as pregnant)
KO_PLANNED_AFTER = re.compile(r"\s*(?:을|를|은|는|도)?\s*(?:계획|준비|시도|하려|하고\s*싶|할\s*생각|원하|원해|바라|생각\s*중|"
                              # "이번에 피임약 시작하려고 해" (utterances_test26)
                              r"(?:시작하|먹어\s*보|복용하)려|"
                              # "내일 … 아목시실린을 받기로 했는데" (utterances_test28): to be given, not taken yet
                              r"(?:받|처방받|먹|복용하|시작하)기로\s*(?:했|하|됐)|"
                              r"(?:\S+\s*)?(?:볼까|할까)\s*(?:했|하|생각|싶|고민))")    # "위고비 처방받아 볼까 했는데" (test15)
EN_PLANNED_BEFORE = re.compile(r"\b(?:plan(?:ning|s|ned)?|try(?:ing)?|tries|hop(?:ing|e)|want(?:ing|s)?|wish(?:ing)?|"
                               r"(?:would|'d)\s+like|"                    # "She'd like me to start metformin" (test12)
                               r"thinking\s+(?:of|about))\s+(?:(?:me|him|her|us|them)\s+)?(?:to\s+)?(?:(?:get|become|getting|"
                               r"becoming|add|adding|start|starting)\s+|(?:put|start)\s+(?:me|him|her)\s+on\s+|for\s+|on\s+|"
                               r"a\s+|another\s+)?(?:(?:a|an|another|the|some)\s+)?(?:[\w-]+\s+)?$", re.I)     # "my OB wants me on Lovenox shots" (test9)
# A medicine a clinician proposes, not yet taken (utterances_test14): "의사 선생님이 액토스를 추가하자고 하시네요", "에제티미브
# 들어간 약을 먹어보자고 하셨는데", "My cardiologist brought up spironolactone", "my dentist wants to numb me with
# lidocaine with epinephrine"
KO_PROPOSED_AFTER = re.compile(r"\s*(?:을|를|은|는|도|이|가|으로|로)?\s*(?:[가-힣]+\s+){0,2}?"
                               r"(?:(?:추가하|추가해\s*보|먹어\s*보|드셔\s*보|써\s*보|시작하|시작해\s*보|바꾸|바꿔\s*보|넣|올리|늘리|처방해\s*보)"
                               r"(?:자고|자는|자시|자셨|잔다|재요|자네)|"
                               # "그래도 높으면 스타틴을 먹자고 하셨어요" (utterances_test24)
                               r"(?:먹|복용하)(?:자고|자는|자시|자셨)|"
                               # "'당화혈색소 7 넘으면 인슐린 시작합시다' 하셨는데" (utterances_test26)
                               r"(?:시작|추가|처방)(?:합시다|해\s*봅시다)|(?:먹어|써|드셔|바꿔)\s*봅시다|"
                               # "예방약으로 프로프라놀롤을 권하셨는데" (utterances_test19): recommended, not yet taken
                               r"(?:권하|권해|권유하|권유해|추천하|추천해)(?:셨|시|셔|더|었|였|주|드))")
# What a leaflet, label or box says of a medicine (utterances_test19: "The Ozempic leaflet says not to use it if …"):
# read, not taken
EN_LEAFLET_AFTER = re.compile(r"\s+(?:leaflet|label|insert|package\s+insert|box|packet|pamphlet|info\s+sheet)\s+"
                              r"(?:says|said|warns|mentions|lists)\b", re.I)
KO_LEAFLET_BEFORE = re.compile(r"(?:설명서|첨부\s*문서|안내문|포장지)(?:에|에는|엔)\s+(?:\S+\s+){0,2}$")
KO_LEAFLET_AFTER = re.compile(r"\s*(?:약\s*)?(?:설명서|첨부\s*문서|사용\s*설명서|안내문|포장지|박스)(?:에|를|에는|엔)\s*(?:\S+\s*){0,3}?"
                              r"(?:써\s*있|적혀\s*있|나와\s*있|쓰여\s*있)")
EN_PROPOSED_BEFORE = re.compile(r"\b(?:brought\s+up|mentioned|suggested|suggesting|suggests|floated|talked\s+about|"
                                r"wants?\s+to\s+(?:switch|move|change|put)\s+me\s+(?:over\s+)?(?:to|on(?:to)?)|"    # test18
                                r"(?:pick|choose|choosing|decide|deciding)\s+between|"
                                # "The urologist says I could add finasteride or switch to dutasteride", "want to start me
                                # on either Eliquis or Xarelto" (utterances_test19): a choice put to the person
                                r"(?:could|can|might)\s+(?:add|try|start|switch\s+to|go\s+on)|\bor\s+switch(?:ing)?\s+(?:me\s+)?to|"
                                r"(?:start|put|switch)\s+(?:me\s+)?on\s+either|"
                                r"(?:is|are|was)\s+considering|offered|wants?\s+to\s+[\w-]+\s+(?:me\s+)?(?:with|using)|"
                                # "Mum keeps telling me to take fish oil" (utterances_test20)
                                r"(?:keeps?|kept)\s+(?:telling|nagging|asking|saying\s+to)\s+(?:me\s+)?(?:to\s+)?(?:take|try|use|start))\s+"
                                r"(?:(?:me\s+)?(?:adding|starting|trying|switching\s+(?:me\s+)?to)\s+)?(?:(?:a|an|the|some)\s+)?"
                                r"(?:[\w-]+\s+(?:with\s+)?){0,2}$", re.I)
# "I might have diabetes", "worried I have a stroke": a suspicion, not a fact
EN_SPECULATIVE = re.compile(r"\b(?:(?:might|may|could)\s+(?:have|be|have\s+got|be\s+getting|be\s+developing)|"
                            r"(?:worried|afraid|scared|concerned)\s+(?:that\s+)?I(?:'m|\s+am)?\s+"
                            r"(?:have|having|getting|might|may|could)?|"
                            # a guess at a diagnosis: "I think I gave myself a hernia", "Pretty sure I'm lactose
                            # intolerant" (utterances_test8)
                            r"\bI\s+think\s+I(?:'ve|\s+have)?\s+(?:got|have|gave\s+myself|caught|picked\s+up)|"
                            r"\b(?:pretty|fairly|almost)\s+sure\s+(?:that\s+)?I(?:'m|\s+am|\s+have|'ve\s+got)|"
                            # "I figured it's just early arthritis" (utterances_test15)
                            r"\bI\s+(?:figured|figure|guess|guessed|assume|assumed|suppose|reckon)\s+(?:that\s+)?"
                            r"(?:it'?s|its|it\s+is|it\s+was)(?:\s+(?:just|probably|only))?(?:\s+an?)?|"
                            # someone's guess: "pharmacist thinks its jock itch" (utterances_test10)
                            r"\b(?:thinks|guesses|suspects|wonders\s+if)\s+(?:that\s+)?(?:it'?s|its|it\s+is|it\s+might\s+be)|"
                            # a doctor's suspicion, before a test: "My doctor suspects a duodenal ulcer" (utterances_test12)
                            r"\bsuspects?|"
                            # a device's or a test's flag: "my Apple Watch keeps flagging possible AFib" (utterances_test11)
                            r"\b(?:possible|possibly|probable|suspected))"
                            r"\s+(?:[\w-]+\s+){0,2}$", re.I)
# The person's own guess at an illness: "방광염 온 듯", "장염인 것 같아요" (utterances_test11; a symptom felt, "열이 있는
# 것 같아요", is no guess)
# A guess said with 같다 right after the name, the person's or a doctor's: "과민성대장증후군 같아요", "계절성 알레르기 비염
# 같다고만", "다래끼 같긴 한데", "건초염 같음", "담석이 있는 것 같다고", "…일 수도 있다고" (utterances_test28)
KO_GUESSED_AFTER = re.compile(r"\s*(?:이|가)?\s*(?:(?:온|생긴|걸린|인|이\s*온|있는)\s*(?:듯|것\s*같|거\s*같)|"
                              r"같(?:다고|아요|아서|아|긴|음|거든|은데|네|더라|대요)|일\s*수도\s*있)")
# A diagnosis suspected, not made: "자궁내막증이 의심된다고", "폐렴 의심 소견"
KO_SUSPECTED_AFTER = re.compile(r"\s*(?:이|가|은|는|도)?\s*의심(?:된|돼|되|스럽|이\s*된|\s*소견)")
# A test for it came back negative ("독감 검사했는데 음성이래요", "strep test was negative"), or it was thought to be it
# and turned out not to be ("크론병인 줄 알고 치료받다가 알고 보니 장결핵")
KO_RULED_OUT_AFTER = re.compile(r"\s*(?:이|가|은|는|도)?\s*(?:진단\s*|신속\s*|항원\s*|PCR\s*)?(?:검사|테스트|키트)[^.?!]{0,12}?(?:음성|정상으로|이상\s*없)|\s*(?:인|이라고|라고)?\s*줄\s*알(?:고|았)")
EN_RULED_OUT_AFTER = re.compile(r"\s+(?:[\w-]+\s+)?(?:test|testing|swab|screen|culture)s?\s+"
                                r"(?:(?:last|this|on|in|from)\s+[\w-]+\s+)?"     # "the allergy testing last week came back …"
                                r"(?:was|were|came\s+back|is|came\s+out)\s+(?:negative|clear|normal)\b", re.I)
# Feared, then found to be something else: "I was sure it was a stroke and went straight to the ER, but the CT was
# clean and the doctor called it Bell's palsy" (utterances_test24)
EN_FEARED_BEFORE = re.compile(r"\b(?:sure|convinced|thought|worried|scared|afraid|terrified)\s+(?:that\s+)?(?:it|this|I)\s+"
                              r"(?:was|had|'d\s+had)\s+(?:a\s+|an\s+)?$", re.I)
EN_BUT_AFTER = re.compile(r"\bbut\b[^.?!]*\b(?:clean|clear|normal|negative|nothing|called\s+it|turned\s+out|said\s+it\s+was)\b",
                          re.I)
# A question about going on with or stopping a medicine presupposes it is taken ("메트포르민 계속 먹어도 돼요?",
# "끊어도 되나요?", "Can I keep taking metformin?", "Should I stop aspirin before surgery?") when the asker is the one
# who would: a permission or intention (-어도 돼요, -ㄹ까요, -어야 하나요) in Korean, "I"/"me" in English ("Is it
# dangerous to stop taking metoprolol?" asks in general).
KO_KEPT_AFTER = re.compile(r"^(?:을|를|은|는|도)?\s*(?:(?:그냥|지금|이제|좀)\s*)?(?:(?:계속|꾸준히|그대로)\s*(?:먹|복용|드|맞|써|쓰|"
                           r"사용)|끊|중단|그만\s*(?:먹|복용)|줄|늘)[가-힣]{0,2}?(?:도(?=\s|\?|$|요)|까|야\s*(?:하|되|할|돼)|"
                           r"고\s*싶)")
EN_KEPT_BEFORE = re.compile(r"\b(?:I|me)\b[^.?!]{0,25}?\b(?:(?:keep|continue|stop|quit)\s+"
                            r"(?:taking\s+|using\s+|on\s+)?|finish\s+(?:all\s+)?(?:of\s+)?|"
                            r"(?:come|go|get|going|coming)\s+off\s+)(?:the\s+)?$", re.I)
# "통풍 때문에 먹는 알로푸리놀 …?": a medicine taken for a reason the message gives is taken
KO_TAKEN_FOR_BEFORE = re.compile(r"(?:때문에|으로|로)\s*" + _TAKING + r"\s*$")
# A why-question presupposes what it asks about: "Why is my blood pressure so high?", "제 배가 아픈 이유가 뭘까요?"
WHY = re.compile(r"왜|이유|원인|\bwhy\b|\bhow\s+come\b|\bwhat(?:'s|\s+is)?\s+caus", re.I)
AUX_BEFORE_I = re.compile(r"\b(?:can|could|should|may|might|do|does|did|would|will|shall|must|if|whether|cn|cud|shud|"
                          r"shld|mean|means|indicate|indicates)\s+$", re.I)     # "does a high TSH … mean i have" (test15)


EN_OWN_AFTER = re.compile(r"\s+(?:that\s+|which\s+)?(?:i'?m|i\s+am)\s+(?:on|taking|using)\b|"
                          r"\s+(?:that\s+|which\s+)?i\s+(?:take|use)\b", re.I)      # "is the zocor im on …" (test15)


def _own(before: str) -> bool:
    """The words before a mention in a question name it as the person's own."""
    if KO_OWN_BEFORE.search(before) or EN_MY_BEFORE.search(before):
        return True
    m = EN_OWN_BEFORE.search(before)                     # "I'm taking X", but not "can I take X"
    return (bool(m) and not AUX_BEFORE_I.search(before[:m.start()])) or bool(EN_NORMAL_TO_FEEL.search(before))




# A topic said of in general and heard, in a question: "섬유근육통은 피검사로도 안 나온다던데 그럼 병원에서는 뭘 보고
# 진단해요?" (utterances_test10) asks about fibromyalgia; "의사가 당뇨라던데" (a diagnosis heard) is not this form
KO_TOPIC_AFTER = re.compile(r"\s*(?:은|는|이|가|을|를|에는|엔|에도)\s")   # "역류성 식도염에는 PPI를 많이 쓴다던데" (test15)
KO_TAKING_BEFORE = re.compile(_TAKING + r"\s*$")
KO_HEARD_END = re.compile(r"(?:다던데|라던데|다는데|라는데|다더니|라더니|"
                          r"(?:다는|라는)\s*(?:말|얘기|이야기|소리|글)(?:이|을|도)?\s*(?:있던데|있어서|있는데|들었는데|봤는데|많던데))"
                          r"\s*,?\s*$")      # "액토스가 심장에 부담을 준다는 말이 있던데 사실이에요?" (utterances_test14)


# What happens if one takes it, heard as a general claim: "철분제를 같이 먹으면 흡수가 안 된다는 말이 있더라고요",
# "스테로이드 주사 자주 맞으면 힘줄이 약해진다는 말도 있던데" (utterances_test19): the -면 clause is no habit of the person's
KO_HEARD_CLAIM = re.compile(r"(?:다|라)는\s*(?:말|얘기|이야기|소리|글)(?:이|을|도)?\s*(?:있|들었|봤|많)|"
                            r"(?:다|라)(?:던데|더라고요?|더라구요?|더라|대요)(?:\s|[.?!,]|$)|(?:다|라)고\s*(?:하던데|하더라|들었)")


def _heard_if(text: str, clause_end: int, sentence: tuple[int, int]) -> bool:
    """The rest of a -면 clause's sentence is a claim heard (:data:`KO_HEARD_CLAIM`)."""
    return bool(KO_HEARD_CLAIM.search(text, clause_end, sentence[1]))


# People who have it, in general: "통풍 있는 사람한테 페브릭이 …" (utterances_test11), "people with gout"
KO_PEOPLE_WITH_AFTER = re.compile(r"\s*(?:이|가)?\s*(?:있는|있으신|걸린|앓는)\s*(?:사람|분|환자)(?:들)?(?:은|는|이|가|한테|에게|도)")
EN_PEOPLE_WITH_BEFORE = re.compile(r"\b(?:people|someone|somebody|anyone|patients|those)\s+(?:with|who\s+have|who\s+has)\s+$",
                                   re.I)


# A possibility heard of: "저온화상 입을 수 있다던데" (utterances_test15)
KO_MAY_HEARD_AFTER = re.compile(r"\s*(?:을|를|이|가)?\s*(?:\S+\s+){0,2}?\S*\s*수\s*(?:도\s*)?있(?:다던데|다는데|대요|대서|다더라|다고\s*(?:들었|하던|해서))")


def _general_hearsay(text: str, start: int, end: int, clause_end: int, sentence: tuple[int, int]) -> bool:
    """Not of a medicine the person takes: "편두통 때문에 먹는 이미트렉스가 심장에 무리 준다는데 진짜임?"."""
    return bool(KO_TOPIC_AFTER.match(text, end) and KO_HEARD_END.search(text, end, clause_end) and
                not KO_TAKING_BEFORE.search(text, max(0, start - 12), start) and
                text[sentence[0]:sentence[1]].rstrip().endswith("?") and
                not FIRST_PERSON.search(text, sentence[0], sentence[1]))


# Something read or heard, then a question about it: "I read that Nexium can wreck your kidneys if you take it for years.
# Is that actually proven?" (utterances_test16)
EN_HEARD_BEFORE = re.compile(r"\b(?:I(?:'ve|\s+have)?\s+(?:read|heard|seen|saw)|(?:^|(?<=[.!?]\s))(?:read|heard|saw)|"
                             r"(?:read|heard|saw)\s+(?:online|somewhere)|(?:someone|somebody|"
                             r"a\s+friend|my\s+friend)\s+told\s+me|they\s+say|people\s+say|apparently|"
                             # media and lay sources (utterances_test18: "the news said …", "The pharmacist said a
                             # scopolamine patch beats anything …"); not a doctor's finding about the person
                             r"(?:the|a|my)\s+(?:news|article|ad|advert|commercial|podcast|video|tiktok|show|program|"
                             r"website|pharmacist|coworker|co-worker|neighbou?r|friend)\s+(?:said|says|claimed|claims|"
                             r"mentioned)|on\s+(?:a|the)\s+(?:podcast|news|show|tiktok|video)\s+that)\s+(?:that\s+)?"
                             r"(?:[\w-]+\s+){0,8}$", re.I)
NEXT_QUESTION = re.compile(r"[^?]*?[.!]\s*[^.!?]{0,80}\?")


# ... and in Korean, the hearsay ending after it, the question after that (utterances_test17): "설포닐우레아 계열은 저혈당이
# 잘 온다던데 제 약도 거기 들어가나요?", "칼슘제를 먹으면 덜하다고 하더라고요. 임신 중에 먹어도 괜찮은 거죠?", "홍삼이 …
# 유방암에 안 좋다는 말이 있던데 먹어도 될까요?", "클로르페니라민 들어간 건 먹으면 안 된다고 들었어요. 종합감기약도 …?"
KO_HEARD = re.compile(r"(?:다|라|하|대|래)(?:던데|더라고요?|더라구요?|더라|더군요|더니)|"
                      r"(?:다고|라고|하고|라구|다구|냐고)\s*(?:들었|하던|하더|그러던|그러더|하시던|하시더|하셨|했어|했는데|봤|읽었|"
                      r"써\s*있|적혀\s*있|나오던|나와\s*있)|"     # "광고에 기넥신이 … 좋다고 써 있던데" (utterances_test18)
                      r"(?:다는|라는|단|란)\s*(?:말|얘기|이야기|소리|글|기사)(?:이|을|를|도)?\s*(?:있던데|있어서|있는데|들었|봤|많던|읽었)")
# what comes before a comma or a -는데 is the person's own telling, not what was heard ("녹내장이 있어서 안약을 넣고
# 있는데 … 들었어요", "종아리에 쥐가 나서 … 깨는데, 칼슘제를 먹으면 덜하다고 하더라고요")
# ... and an ongoing -어서 of the person's ("심부전 때문에 이뇨제를 먹고 있어서 더 조심하라던데", utterances_test24)
KO_NEW_PROPOSITION = re.compile(r"[,，]|(?:는데|은데|인데|ㄴ데|던데|고\s*있어서)\s")
KO_NAMED_THEN = re.compile(r"\s*(?:은|는|이|가|을|를|에는|엔|에도|에|도|으로|로|이랑|랑|하고|과|와)?\s")     # not "당뇨라던데" (a diagnosis heard)


def _heard_then_asked(text: str, start: int, end: int, sentence: tuple[int, int]) -> bool:
    """Read or heard of, and asked about (in this sentence or the next), not said of the person's own medicine."""
    words = text[sentence[0]:sentence[1]]
    if EN_HEARD_BEFORE.search(text, sentence[0], start):
        return not EN_OWN_BEFORE.search(words) and (words.rstrip().endswith("?") or
                                                     bool(NEXT_QUESTION.match(text, sentence[0])))
    heard = KO_HEARD.search(text, end, sentence[1])
    if not heard or not KO_NAMED_THEN.match(text, end) or KO_TAKING_BEFORE.search(text, max(0, start - 12), start):
        return False
    told = (KO_NEW_PROPOSITION.search(text, end, heard.start()) or FIRST_PERSON.search(text, sentence[0], heard.start())
            or KO_SPEAKER.search(text, sentence[0], heard.start()))       # the person's own telling, not what was heard
    if told:
        return False
    return "?" in text[heard.end():sentence[1]] or bool(NEXT_QUESTION.match(text, heard.end()))


# A supposition opened with 만약 runs to its -면 (utterances_test18: "만약 나중에 폐경이 오고 나서 골감소증이라는 결과가
# 나오면 …", "만약에 폐렴에 걸려서 항생제를 먹게 되면 …")
KO_IF_OPENED = re.compile(r"(?:^|[\s,.?!])만약(?:에)?\s")
KO_IF_CLOSED = re.compile(r"[가-힣]면(?:\s|,)")


def _supposed_after_if(text: str, start: int, end: int, sentence: tuple[int, int]) -> bool:
    """The mention lies between a sentence's 만약 and the -면 that closes the supposition."""
    opened = KO_IF_OPENED.search(text, sentence[0], start)
    return bool(opened) and bool(KO_IF_CLOSED.search(text, end, sentence[1]))


# A question about a topic the sentence opens with: "인슐린 저항성은 공복혈당만 봐서는 알 수 없고 따로 검사를 해야
# 하나요?", "까스활명수는 체했을 때만 마시는 거예요, 아니면 평소에 마셔도 괜찮아요?" (utterances_test12): unless the
# person speaks of themselves or says they have it, take it or lack it ("당뇨는 있는데 …?", "아스피린은 먹고 있는데 …?")
KO_TOPIC_ONLY_AFTER = re.compile(r"\s*(?:은|는)\s")
KO_OPENING = re.compile(r"^\W*(?:(?:근데|그런데|혹시|그럼|그러면|보통|원래|참고로)\s*)?$")
KO_HELD_AFTER = re.compile(r"\s*(?:은|는)\s*(?:\S+\s+){0,2}?(?:있|없|먹|복용|앓|진단|받|했|걸렸|생겼|왔|맞고|쓰고|하고\s*있)")


def _topic_of_question(text: str, sentence: tuple[int, int], others: Others) -> bool:
    """The sentence asks about the mention it opens with, as its topic, and not of the person."""
    s_left, s_right = sentence
    opening = min((s for s, _, _ in others if s_left <= s < s_right), default=None)
    if opening is None or not KO_OPENING.match(text[s_left:opening]):
        return False
    end = next(e for s, e, _ in others if s == opening)
    words = text[s_left:s_right]
    return bool(KO_TOPIC_ONLY_AFTER.match(text, end) and not KO_HELD_AFTER.match(text, end) and
                words.rstrip().endswith("?") and not FIRST_PERSON.search(words) and not KO_SPEAKER.search(words))


# A risk of it, not it: "to lower my pre-eclampsia risk" (the eighth blind round stored pre-eclampsia), "risk of a
# stroke", "뇌졸중 위험을 낮추려고"
EN_RISK_AFTER = re.compile(r"\s+(?:risks?|chances?)\b", re.I)
EN_RISK_BEFORE = re.compile(r"\b(?:risks?|chances?)\s+(?:of|for)\s+(?:an?\s+|my\s+|getting\s+|developing\s+)?(?:[\w-]+\s+)?$|"
                            r"\bat\s+(?:high\s+|higher\s+|increased\s+)?risk\s+(?:of|for)\s+(?:an?\s+|getting\s+|developing\s+)?$",
                            re.I)
KO_RISK_AFTER = re.compile(r"\s*(?:의\s*)?(?:위험|위험성|발병\s*위험|가능성)(?:을|이|도|은|를)?\s*(?:낮추|줄이|높이|높|크|있|예방)")


def _a_risk(text: str, start: int, end: int) -> bool:
    return bool(EN_RISK_AFTER.match(text, end) or EN_RISK_BEFORE.search(text, max(0, start - 50), start) or
                KO_RISK_AFTER.match(text, end))


# ... unless the person counts themselves among them: "저처럼 위염 있는 사람은 …", "someone like me who's prediabetic"
# (utterances_test21)
LIKE_ME_BEFORE = re.compile(r"(?:저|나|제|내)\s*(?:처럼|같이|같은)\s*(?:\S+\s*){0,1}$|"
                            r"\b(?:someone|somebody|people|anyone|patients|a\s+person)\s+like\s+(?:me|myself)\s*,?\s*"
                            r"(?:who(?:'s|\s+is|\s+are|\s+has|\s+have)|with)\s+(?:\w+\s+)?$", re.I)


def _like_me(text: str, start: int) -> bool:
    return bool(LIKE_ME_BEFORE.search(text, max(0, start - 50), start))


def _in_general(text: str, start: int, end: int) -> bool:
    """Said of people who have it, not of the person."""
    return bool(KO_PEOPLE_WITH_AFTER.match(text, end) or EN_PEOPLE_WITH_BEFORE.search(text, max(0, start - 40), start))


# Mentions listed with a Korean particle share what is said after the last: "당뇨도 고혈압도 없고"
KO_LISTED = re.compile(r"^\s*(?:도|이나|나|이랑|랑|하고|과|와|및)?\s*,?\s*$")
# ... and so do words the table does not know listed the same way: "위염도 궤양도 없고" (utterances_test16)
KO_LISTED_WORDS = re.compile(r"^\s*도\s+(?:[가-힣]{1,10}도\s*,?\s*)+(?=\S)")


def _after_listed(text: str, end: int, clause_end: int, others: Others) -> str:
    """The clause's words after the last mention listed with this one by a Korean particle ("당뇨도 고혈압도 없고",
    "고혈압이나 당뇨는 없어요") or "and", "or" ("HIV and syphilis both negative"), which say of each what they say of
    the last."""
    last = end
    for s, e, _ in sorted(others):
        if s < last:
            continue
        if s >= clause_end or not (KO_LISTED.match(text[last:s]) or LISTED.match(text[last:s])):
            break
        last = e
    return text[last:clause_end]


def _treats_a_named_medicine(text: str, end: int, others: Others) -> bool:
    """The illness ending at ``end`` is what a named medicine right after it is taken for ("…저하증 때문에 먹는
    씬지록신"); not a question about medicines in general ("당뇨로 먹는 약은 뭐가 있나요?")."""
    reason = KO_TREATED_AFTER.match(text, end)
    return bool(reason) and any(slot == "medication" and reason.end() <= s <= reason.end() + 2 for s, _, slot in others)


def _kept(text: str, start: int, end: int) -> bool:
    """A question about going on with or stopping the medicine: it is taken."""
    return bool(KO_KEPT_AFTER.search(text[end:end + 20]) or EN_KEPT_BEFORE.search(text[max(0, start - 40):start]) or
                KO_TAKEN_FOR_BEFORE.search(text[max(0, start - 20):start]))


# Taken back as a mistake (utterances_test19): "the irregular heartbeat I mentioned is actually my son's, not mine", "I
# told the nurse I had a penicillin allergy, but I was wrong", "아스피린 먹는다고 했던 건 아버지 약이고 저는 안 먹어요"
CORRECTED_AFTER = re.compile(r"[^.?!]{0,40}?\b(?:is|was|are|were)\s+(?:actually\s+|really\s+)?(?:my|our)\s+[\w-]+(?:'s|s')\s*,?\s*"
                             r"(?:and\s+)?not\s+mine\b|"
                             r"[^.?!]{0,20}?,?\s*but\s+(?:I\s+was\s+(?:wrong|mistaken)|turns?\s+out\s+I\s+(?:don'?t|didn'?t|never))\b|"
                             r"\s*(?:을|를|이|가)?\s*(?:먹는다고|복용한다고|있다고|맞는다고)\s*(?:했던|말씀드린|말한|한|적은)\s*(?:건|거는|것은|거)\s*"
                             r"(?:\S+\s*){0,3}?(?:약|거|것|얘기)(?:이고|이에요|예요|였|이었|입니다)|"
                             # "천식이 있다고 했는데 그건 남동생 얘기였어요", "I told you I take Plavix but that's actually my
                             # wife's" (utterances_test20)
                             r"\s*(?:을|를|이|가)?\s*(?:먹는다고|복용한다고|있다고|맞는다고)\s*(?:했는데|말씀드렸는데|했지만)\s*(?:그건|그게|사실은?)\s*"
                             r"(?:\S+\s*){0,3}?(?:얘기|이야기|약|거|것)(?:였|이었|예요|이에요|입니다)|"
                             r"[^.?!]{0,20}?\bbut\s+(?:that'?s|that\s+is|it'?s|it\s+is|those\s+are)\s+(?:actually\s+|really\s+)?"
                             r"(?:my|our)\s+[\w-]+(?:'s|s')", re.I)


def classify(text: str, start: int, end: int, reading: bool = False, *, others: Others = (),
             possessive: bool = True, kept: bool = True) -> str:
    """Assertion of the mention ``text[start:end]`` (its clause is the one holding its last character). A
    ``reading`` (a number) in a -면 clause of a statement is a threshold, not the person's value. ``others``: the
    message's other mentions (start, end, slot), for whose illness is over. ``possessive``: whether "my" in a
    question makes the mention the person's; not for a state ("Will my sugar go up?" asks whether it is), unless
    the question asks why it is. ``kept``: whether a question about going on with it or stopping it makes it the
    person's (a medicine's, not a class of medicines': "아스피린이랑 당뇨약은 끊어야 되나요?")."""
    last = max(start, end - 1)
    while last > start and text[last].isspace():
        last -= 1
    clause = clause_at(text, last)
    before, after = text[clause.start:start], text[end:clause.end]
    mine_later = said_mine_later(text, end, others, slot_of((start, end), others))
    if someone_elses(text, start, before, clause.sentence, after):
        return PRESENT if mine_later and EN_TOO.match(text, mine_later.end()) else FAMILY
    if KO_RULED_OUT_AFTER.match(text, end) or EN_RULED_OUT_AFTER.match(text, end) or CORRECTED_AFTER.match(text, end) or \
            (EN_FEARED_BEFORE.search(text, clause.sentence[0], start) and EN_BUT_AFTER.search(text, end, clause.sentence[1])):
        return NEGATED              # "20대 때 크론병인 줄 알고 … 알고 보니 장결핵": ruled out, whenever it was
    if historical(text, start, end, clause.end, clause.sentence, others):
        return HISTORICAL
    supposed = clause.kind == CONDITION or (reading and clause.kind == WHEN) or EN_SPECULATIVE.search(before) or \
        _general_hearsay(text, start, end, clause.end, clause.sentence) or _in_general(text, start, end) or \
        _topic_of_question(text, clause.sentence, others) or _a_risk(text, start, end) or \
        _heard_then_asked(text, start, end, clause.sentence) or _supposed_after_if(text, start, end, clause.sentence) or \
        KO_MAY_HEARD_AFTER.match(text, end) or (clause.kind == WHEN and _heard_if(text, clause.end, clause.sentence)) or \
        KO_SUSPECTED_AFTER.match(text, end) or \
        (slot_of((start, end), others) == "condition" and KO_GUESSED_AFTER.match(text, end)) or \
        speculative(text, end, clause.end) or KO_PLANNED_AFTER.match(text, end) or EN_PLANNED_BEFORE.search(before) or \
        KO_PROPOSED_AFTER.match(text, end) or EN_PROPOSED_BEFORE.search(text, max(0, start - 80), start) or \
        (slot_of((start, end), others) == "medication" and (KO_NOT_STARTED_AFTER.match(text, end) or
                                                             EN_NOT_STARTED_AFTER.match(text, end))) or \
        EN_LEAFLET_AFTER.match(text, end) or KO_LEAFLET_AFTER.match(text, end) or KO_LEAFLET_BEFORE.search(before)
    owned = (possessive or WHY.search(text[clause.start:clause.end])) and (_own(before) or EN_OWN_AFTER.match(text, end)) or \
        (slot_of((start, end), others) in ILLNESS and (bool(EN_THIS_BEFORE.search(before)) or
                                                         _treats_a_named_medicine(text, end, others)))
    if _like_me(text, start):
        supposed, owned = False, True
    if mine_later:
        supposed, owned = False, True
    if supposed or (clause.kind == QUESTION and not owned and not (kept and _kept(text, start, end))):
        return HYPOTHETICAL
    after = _after_listed(text, end, clause.end, others)          # "당뇨도 고혈압도 없고": 고혈압's 없고 is 당뇨's too
    after = KO_LISTED_WORDS.sub("", after, count=1)
    korean_negation = (KO_NEG_AFTER.search(after) and not KO_PERSISTS.search(after)) or KO_NOT_BEFORE.search(before)
    english_negation = ((m := EN_NEG_BEFORE.search(before)) or (m := EN_NEG_LIST.search(text, clause.sentence[0], start))) \
        and not EN_EXCEPT.search(m.group())
    if korean_negation or english_negation or EN_NEG_AFTER.search(after) or KO_NOT_YET_AFTER.match(text, end):
        return NEGATED
    return PRESENT
