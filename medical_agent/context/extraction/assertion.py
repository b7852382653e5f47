"""Assertion status of a mention: present, negated, family, historical or hypothetical (a NegEx-style
detector for Korean and English over the clauses of :mod:`.clauses`).

Only present mentions become the person's active conditions, symptoms or medications; the others are kept
with their status for display. The scope is the clause around the mention: Korean negation follows the noun
(당뇨는 없어요, 고혈압이 아니에요, 임신 중이 아니고, 안 먹어요), English negation precedes it (no history of, denies,
don't have). Someone else's case wins over a plain mention: a relative, friend, colleague or neighbour earlier in
the clause, a child named only by age ("my 6-year-old", 세 살배기가), or as the subject of the sentence (아버지가
고혈압이 있으신데, my friend takes ...): ``family`` means "not the person's" (:mod:`.whose` tells it). Resolution words and past events
(예전에 … 나았어요, 예전에 결핵 앓았어요, used to be on, switched from, I had a heart attack in 2019) make it
historical, but only up to a turn to the present ("… but now", 지금은), and an English resolution after several
mentions belongs to the nearest one it can be said of ("switched to losartan because of the cough, which is gone
now": the cough; in Korean, 예전에 already dates the whole sentence).
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
from collections.abc import Sequence

from .clauses import CONDITION, QUESTION, WHEN, clause_at, discontinued_past, past_tense, speculative
from .whose import FIRST_PERSON, KO_SPEAKER, someone_elses

PRESENT, NEGATED, FAMILY, HISTORICAL, HYPOTHETICAL = "present", "negated", "family", "historical", "hypothetical"
ASSERTIONS = (PRESENT, NEGATED, FAMILY, HISTORICAL, HYPOTHETICAL)
Others = Sequence[tuple[int, int, str]]         # the message's mentions: start, end, slot

# "당뇨는 없어요", "임신 중이 아니고" (a state noun such as 중 may stand between the mention and its particle), "임신한
# 건 아니고요" (it is not that I am), "알레르기 같은 건 없는데" (such things), "열은 처음부터 없었고요" (an adverb of
# time or degree; "임신은 절대 아니고요", utterances_test7), "고혈압 진단은 한 번도 받은 적 없고" (never diagnosed),
# "코로나검사는음성이에요" (a test came back negative), "임신 가능성은 없어요" and "임신은 절대 아님" (utterances_test9
# and test10 stored a pregnancy from both), "토하지는 않았고요" (utterances_test12), "두통은 평생 모르고 살았어요" (test13)
KO_NEG_AFTER = re.compile(r"^(?:\s*중)?(?:\s*(?:한|인|된|하는|중인|ㄴ|은|는)?\s*(?:건|거|것은|것도|거는|게)(?=\s))?(?:\s*가능성)?"
                          r"(?:\s*같은\s*(?:건|거|것|것은|거는|것도|증상은|증상도|증상))?(?:지[는도를]|진|[은는이가을를도요지])?\s*"
                          r"(?:(?:전혀|아직|아직은|아직까지|한\s*번도|처음부터|원래|딱히|별로|따로|특별히|절대|절대로|결코|이제|이젠|"
                          r"하나도|아무것도|평생|살면서|여태|여태껏|지금까지|태어나서)\s*){0,2}"
                          r"(?:없|아니|아님|않|안\s|음성|모르고(?:\s*(?:살|지내))?(?![가-힣])|(?:검사|검사\s*결과)(?:는|도|에서|에선|상)?\s*음성|진단받지\s*않|못\s*들|(?:(?:진단|검사|치료)(?:은|을|는|도)?\s*"
                          r"(?:한\s*번도\s*|전혀\s*)?)?(?:(?:받은|걸린|앓은|앓아\s*본|진단받은|먹어\s*본|먹은|복용한|써\s*본|맞아\s*본|맞은)\s*적(?:이|은|도)?\s*"
                          r"(?:한\s*번도\s*|전혀\s*)?없|받지\s*않))")
KO_NEG_BEFORE = re.compile(r"(?:안|못)\s*$")
KO_NOT_YET_AFTER = re.compile(r"\s*전(?:이라|이에요|입니다|인데|이고|이어서)")     # "저는 아직 폐경 전이라" (test15)
# The illness a medicine the person takes is for, inside a question: "갑상선 기능 저하증 때문에 먹는 씬지록신 계속 먹어도
# 돼요?" (utterances_test6), "고혈압으로 복용 중인 약" — the reason for a current medicine is the person's.
# (_TAKING: the relative forms of taking a medicine, "먹는", "복용 중인", "맞고 있는")
_TAKING = r"(?:먹는|먹고\s*있는|복용하는|복용\s*중인|맞는|맞고\s*있는|쓰는|쓰고\s*있는|처방받은)"
KO_TREATED_AFTER = re.compile(r"\s*(?:이|가)?\s*(?:있어서|때문에|으로|로)\s*(?:\S+\s*)?" + _TAKING)
# "기침이 안 멈춰요", "두통이 안 나아요": the symptom does not stop or get better, so it is there
KO_PERSISTS = re.compile(r"^\S{0,3}(?:\s*(?:게|것이|건|거))?\s*(?:전혀\s*)?(?:안|못)\s*(?:멈|낫|나아|나았|떨어|좋아|가라앉|줄|없어지|사라지|내려|그치|그쳐|가시|가셔)")
EN_NEG_BEFORE = re.compile(
    r"\b(?:(?<!-)no(?!-)|not|never|without|zero|denies|denied|deny|negative\s+for|free\s+of|rule[ds]?\s+out|absence\s+of|"
    r"don'?t\s+have|do\s+not\s+have|doesn'?t\s+have|haven'?t\s+(?:had|got|taken|used|touched)|never\s+had|no\s+history\s+of|"
    r"not\s+taking|don'?t\s+take|stopped\s+taking|quit)\b[^.]{0,40}$", re.I)
# "no medical conditions except asthma": what the exception names is not denied
EN_EXCEPT = re.compile(r"\b(?:except|other\s+than|apart\s+from|aside\s+from|besides|but)\b", re.I)
EN_NEG_AFTER = re.compile(r"^\s*(?:(?:both|all|each)\s+)?(?:was|is|were|came\s+back)?\s*(?:ruled\s+out|negative|not\s+present|"
                          r"excluded)\b|^[\s-]*free\b", re.I)            # "HIV and syphilis both negative"
KO_HISTORY = re.compile(r"(?:예전에|예전엔|예전에는|과거에|옛날에|어렸을\s*때|어릴\s*때|어렸을\s*땐|어릴\s*땐|전에는|전엔|한때|"
                        r"(?:대학생|고등학생|중학생|초등학생|학생|대학|고등학교|중학교|초등학교|유치원|신혼|군대|군\s*복무)\s*(?:때|시절)(?:에)?|"
                        r"(?:재)?작년(?:\s*(?:\d{1,2}\s*월|봄|여름|가을|겨울|초|말))?(?:에|까지)|지난해(?:에|까지)?|지난\s*(?:달|주)까지|"
                        r"\d+\s*년\s*전에?|몇\s*년\s*전|[1-9]0\s*대\s*(?:때|시절|초반에|중반에|후반에)|(?:임신|출산)\s*(?:했을|중이었을|중일)?\s*때(?!문))")
KO_RESOLVED = re.compile(r"(?:나았|완치|끊은\s*지|좋아졌|없어졌|(?:치료|수술)\s*(?:받|했)|떼어\s*내|떼어\s*냈|(?:절제|제거)(?:술)?\s*(?:받|했)|(?:치료|제균)\S{0,3}\s*(?:끝냈|끝났|마쳤)|끊었|중단했|그만\s*먹|안\s*먹|괜찮아졌|회복|가라앉았|"
                         r"사라졌|멎었|그쳤|멈췄|멈추었|나은\s*(?:뒤|후|다음))")
# A medicine stopped or switched from, said right after it: "메트포르민은 끊고 제미글로로 바꿨어요", "자디앙 먹다가 … 트라젠타로
# 바꿨어요" (the tenth blind utterance set); the one switched to is the person's now ("트라젠타로 바꿨어요").
KO_STOPPED_AFTER = re.compile(r"^\s*(?:은|는|을|를|도)?\s*(?:끊고|끊었고|중단하고|중단했고|그만\s*먹고|"
                              r"(?:먹|복용하|복용했|쓰|썼|맞)다가\s*(?:\S+\s*){0,6}?(?:으로|로)\s*(?:바꿨|바꾸었|바꿔|바꾼|변경|교체)|"
                              # "예전엔 이부프로펜을 먹다가 지금은 타이레놀만", "아마릴에서 제미메트로 바꾼 지" (test14)
                              r"(?:먹|복용하|복용했|쓰|썼|맞)다가\s*(?:지금은|이제는|요즘은|현재는)|"
                              r"에서\s*(?:\S+\s*){0,3}?(?:으로|로)\s*(?:바꿨|바꾸었|바꿔|바꾼|변경|교체)|"
                              # "다오닐을 먹을 때는 저혈당이 자주 왔는데 온글라이자로 바꾸고 나서는" (test15)
                              r"(?:을|를)?\s*(?:먹|복용하|쓰|맞)을\s*때(?:는|엔)?\s*(?:\S+\s*){0,6}?(?:으로|로)\s*"
                              r"(?:바꾸|바꿨|바꾼|변경|교체))")
KO_SWITCHED_TO_AFTER = re.compile(r"^\s*(?:으로|로)\s*(?:바꿨|바꾸었|바꿔|바꾼|변경|교체)")
# Over now, said after a turn to the present: "두드러기가 났었는데 지금은 다 가라앉았어요", "지금은 괜찮아요"
KO_NOW_OVER = re.compile(r"(?:지금은|이제는|현재는|요즘은)\s*(?:다\s*|완전히\s*|싹\s*)?(?:나았|가라앉|괜찮|없어졌|사라졌|멎었|멈췄|내렸|떨어졌|내려갔|"
                         r"그쳤|안\s*아파|안\s*아프|없어요|없고|없는)")
# A turn to the present after 예전에: "예전에 위염이 있었는데 지금은 오메프라졸을 먹고 위염은 나았어요" (omeprazole is now)
KO_AGAIN = re.compile(r"(?:에|때)도\s")      # "작년 여름에도 통풍 와서 …": it came then too, and is the person's still
KO_NOW = re.compile(r"(?:지금은|지금도|요즘은|이제는|현재는|최근에는)")
KO_ONGOING = re.compile(r"(?:지금도|아직|여전히|계속|요즘도|진단|시작|처음\s*알|그\s*뒤로|그\s*후로|보균)")   # "작년에 … 먹기 시작했어요", "대학 때 … 보균자인 걸 처음 알았고": still
EN_HISTORY = re.compile(r"\b(?:used\s+to\s+(?:be\s+on|be\s+taking|have|take|use|get|suffer\s+from)|"
                        r"had\s+\w+(?:\s+\w+)?\s+as\s+a\s+(?:child|kid)|(?:recovered|cured)\s+from|cured\s+(?:my|me\s+of)|resolved|"
                        r"in\s+the\s+past|years\s+ago|(?:no\s+longer|(?<!since\s[Ii]\s)(?<!after\s[Ii]\s)stopped)\s+"
                        r"(?:have|has|taking|take|my|the|using)|former(?:ly)?|"
                        r"I\s+was\s+on|"
                        r"history\s+of\s+\w+\s+(?:that|which)\s+(?:resolved|went))\b", re.I)
# What follows a turn to the present is current again: "I used to be on lisinopril but now take losartan".
# "I had a mini-stroke two years ago and I'm on aspirin": a present-tense "I'm on" / "I take" turns to now too.
EN_NOW = re.compile(r"\b(?:but|now|currently|these\s+days|still|instead|however|switched|changed|started|"
                    r"only\s+(?:keep|use|take|have)|keep\s+(?:a|an|my|the)|"
                    r"I'?m\s+(?:on|taking)|I\s+am\s+(?:on|taking)|I\s+take)\b", re.I)
EN_SWITCHED_FROM = re.compile(r"\b(?:switched|changed|moved|came|went|got|was\s+taken)\s+"
                              r"(?:me\s+)?(?:over\s+)?(?:off|from)\s+(?:(?!to\b)[\w-]+\s+){0,2}$", re.I)
EN_STOPPED_BEFORE = re.compile(r"\b(?:stopped|quit)\s+(?:taking\s+|using\s+)?(?:my\s+|the\s+)?$", re.I)
EN_SURVIVOR_AFTER = re.compile(r"\s+survivor\b", re.I)             # "Breast cancer survivor, diagnosed 2018"
EN_RESOLVED_AFTER = re.compile(r"^[^.]{0,40}\b(?:gone|went\s+away|resolved|cured|healed|is\s+over|cleared\s+up|"
                               r"all\s+better(?:\s+now)?|(?:fully\s+)?recovered|"
                               r"(?P<drug>(?<!since\s[Ii]\s)(?<!after\s[Ii]\s)stopped|(?:tapered|weaned|came|got)\s+(?:myself\s+)?off|(?:finished|completed)\s+(?:it|them|the\s+(?:course|pack|bottle|"
                               r"prescription)|my\s+(?:course|prescription)|taking\s+(?:it|them))))\b", re.I)
# Mentions listed together share what is said after them: "the cough and the fever are gone", "결핵이랑 폐렴".
LISTED = re.compile(r"^\s*(?:,|/|&|and|or|및|과|와|이랑|랑|하고|이나|나)?\s*,?\s*(?:and\s+|or\s+)?(?:the\s+|my\s+|an?\s+)?$",
                    re.I)
KO_LISTED = re.compile(r"^\s*(?:도|이나|나|이랑|랑|하고|과|와|및)?\s*,?\s*$")
# What each resolution can be said of: an illness is over; a medicine (or a symptom) stopped.
ILLNESS, STOPPED = ("condition", "symptom"), ("medication", "symptom")
EN_HAD_BEFORE = re.compile(r"(?:(?:\bI\s+|^\W*)(?:had|developed|got|caught|suffered\s+from|was\s+diagnosed\s+with)|"
                           r"\b(?:gave|caused)\s+me)\s+(?:an?\s+|my\s+)?(?:(?:bout|episode|case|attack|touch|spell)\s+of\s+)?"
                           r"(?:[\w-]+\s+)?$", re.I)
EN_PAST_TIME_AFTER = re.compile(r"^[^.]{0,30}?\b(?:in\s+(?:19|20)\d{2}|(?:\w+\s+)?years?\s+ago|as\s+a\s+(?:child|kid|"
                                r"teen(?:ager)?|baby)|when\s+I\s+was\s+(?:young|little|a\s+\w+|\d+)|"
                                # "I had gestational diabetes with my first pregnancy": an earlier pregnancy or child
                                r"(?:with|during|in|after)\s+my\s+(?:first|second|third|last|previous|earlier|prior|"
                                r"other|older|\w+est)\s+(?:pregnancy|baby|child|kid|son|daughter|delivery))\b", re.I)
# A hospital stay with it, then: "Spent three days in the ICU with DKA in March" (utterances_test12)
EN_ADMITTED_BEFORE = re.compile(r"\b(?:(?:in|to)\s+(?:the\s+)?(?:hospital|ICU|ER|A&E|emergency\s+room)|hospitali[sz]ed|"
                                r"admitted)\s+(?:with|for)\s+(?:an?\s+|my\s+)?(?:[\w-]+\s+)?$", re.I)
EN_MONTH_AFTER = re.compile(r"^[^.]{0,20}?\b(?:in|back\s+in|last)\s+(?:January|February|March|April|May|June|July|August|"
                            r"September|October|November|December|year|winter|summer|spring|autumn|fall)\b")
# An earlier episode told in the past: "I had gestational diabetes with my first pregnancy" (the pregnancy too),
# "첫째 임신했을 때 …었어요"
EN_EARLIER_EPISODE = re.compile(r"\b(?:had|was|were|got|developed|did)\b[^.?!]{0,60}\b(?:with|during|in|after)\s+my\s+"
                                r"(?:first|second|third|last|previous|earlier|prior|other|older|\w+est)\s+$", re.I)
# What a medicine did once: "amoxicillin gave me a rash when I was a kid"
EN_EFFECT_AFTER = re.compile(r"^\s*(?:gave|made|caused|triggered|left)\s+me\b", re.I)
KO_WHEN_AFTER = re.compile(r"^\s*(?:했을|중이었을|중일|이었을|였을|을|일|(?:걸렸|앓았|있었|났었|생겼)을)?\s*때(?!문)")      # not 때문에 (because of)
# The question names the item as the person's own: 제 당뇨, 제가 먹는 약, my metformin, I'm taking X.
KO_OWN_BEFORE = re.compile(r"(?:(?<![가-힣])(?:제|내)\s+(?:\S+\s+)?|(?:제가|내가)\s+(?:\S+\s+)?(?:먹는|먹고\s*있는|"
                           r"복용하는|복용\s*중인|맞는|맞고\s*있는|쓰는|쓰고\s*있는|앓는|앓고\s*있는|가진|있는)\s+)$")
# "my" owns the noun it comes with, not one after a preposition ("my lisinopril during pregnancy")
EN_MY_BEFORE = re.compile(r"\bmy\s+(?:(?!(?:during|in|on|for|with|after|before|while|and|or|at|to|from)\b)"
                          r"[\w-]+\s+){0,2}$", re.I)
EN_OWN_BEFORE = re.compile(r"\bI(?:'m|\s+am)\s+(?:on|taking|using)\s+(?:[\w-]+\s+)?$|"
                           r"\bI(?:'ve\s+been)?\s+(?:take|use|have|taking|using|having|getting)\s+(?:[\w-]+\s+){0,2}$", re.I)
# "Is it normal to feel nauseous all day?": the asker feels it
EN_NORMAL_TO_FEEL = re.compile(r"\b(?:is\s+it|it's|is\s+that)\s+normal\s+to\s+(?:still\s+)?feel\s+"
                               r"(?:so\s+|this\s+|really\s+|a\s+bit\s+|kind\s+of\s+)?$", re.I)
# An illness at hand in a question: "could I take Sudafed for this head cold?", "what helps with this rash?"
EN_THIS_BEFORE = re.compile(r"\b(?:for|with|from|of)\s+(?:this|these)\s+(?:[\w-]+\s+)?$", re.I)
# A pregnancy planned, not under way: "임신 계획이 있어요", "임신 준비 중이에요", "planning a pregnancy", "trying to get
# pregnant" (the second blind pairwise round stored "로사르탄 먹는 중인데 임신 계획이 있어요" as pregnant)
KO_PLANNED_AFTER = re.compile(r"\s*(?:을|를|은|는|도)?\s*(?:계획|준비|시도|하려|하고\s*싶|할\s*생각|원하|원해|바라|생각\s*중|"
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
                               r"(?:추가하|추가해\s*보|먹어\s*보|드셔\s*보|써\s*보|시작하|시작해\s*보|바꾸|바꿔\s*보|넣|올리|늘리|처방해\s*보)"
                               r"(?:자고|자는|자시|자셨|잔다|재요|자네)")
EN_PROPOSED_BEFORE = re.compile(r"\b(?:brought\s+up|mentioned|suggested|suggesting|suggests|floated|talked\s+about|"
                                r"(?:is|are|was)\s+considering|offered|wants?\s+to\s+[\w-]+\s+(?:me\s+)?(?:with|using))\s+"
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
KO_GUESSED_AFTER = re.compile(r"\s*(?:이|가)?\s*(?:온|생긴|걸린|인|이\s*온)\s*(?:듯|것\s*같|거\s*같)")
# A diagnosis suspected, not made: "자궁내막증이 의심된다고", "폐렴 의심 소견"
KO_SUSPECTED_AFTER = re.compile(r"\s*(?:이|가|은|는|도)?\s*의심(?:된|돼|되|스럽|이\s*된|\s*소견)")
# A test for it came back negative ("독감 검사했는데 음성이래요", "strep test was negative"), or it was thought to be it
# and turned out not to be ("크론병인 줄 알고 치료받다가 알고 보니 장결핵")
KO_RULED_OUT_AFTER = re.compile(r"\s*(?:이|가|은|는|도)?\s*(?:진단\s*|신속\s*|항원\s*|PCR\s*)?(?:검사|테스트|키트)[^.?!]{0,12}?(?:음성|정상으로|이상\s*없)|\s*(?:인|이라고|라고)?\s*줄\s*알(?:고|았)")
EN_RULED_OUT_AFTER = re.compile(r"\s+(?:[\w-]+\s+)?(?:test|swab|screen|culture)s?\s+(?:was|were|came\s+back|is|came\s+out)\s+"
                                r"(?:negative|clear|normal)\b", re.I)
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


def _slot_of(span: tuple[int, int], others: Others) -> str | None:
    return next((slot for s, e, slot in others if (s, e) == span), None)


def _said_of(text: str, span: tuple[int, int], stop: int, others: Others, kinds: tuple[str, ...]) -> bool:
    """What is said at ``stop``, which can be said of mentions of ``kinds``, is about the mention at ``span``:
    it is of such a kind, and no other mention of such a kind stands between them, except ones listed with it. In
    "switched to losartan because of the cough, which is gone now" the cough is gone, not losartan; in "I took
    metformin for my diabetes but stopped" metformin is stopped, not the diabetes."""
    own = _slot_of(span, others)
    if own is not None and own not in kinds:
        return False
    last = end = span[1]
    for s, e, slot in sorted(others):
        if end <= s and e <= stop and slot in kinds:
            if not LISTED.match(text[last:s]):
                return False
            last = e
    return True


def _history_before(before: str, marker: re.Pattern[str], now: re.Pattern[str]) -> bool:
    """A past ``marker`` before the mention in its sentence, with no turn to the present between them."""
    marks = list(marker.finditer(before))
    return bool(marks) and not now.search(before, marks[-1].end())


def _korean_over(text: str, start: int, end: int, sentence: tuple[int, int], others: Others) -> bool:
    """Korean says it is over after the mention, before any turn to the present: the discontinued past -었었-
    ("두드러기가 났었는데", "발목 접질려서 깁스했었고 요즘은 …"), or a turn to the present that says it is gone ("… 지금은
    다 가라앉았어요"), each bound to the nearest mention it can be said of."""
    s_right = sentence[1]
    turn = KO_NOW.search(text, end, s_right)
    stop = turn.start() if turn else s_right
    if (past := discontinued_past(text, end, stop)) is not None and \
            not KO_ONGOING.search(text, end, past) and _said_of(text, (start, end), past, others, ILLNESS + STOPPED):
        return True
    over = KO_NOW_OVER.search(text, end, s_right)          # "당뇨가 있는데 지금은 괜찮아요" is under control, not over
    return bool(over) and past_tense(text, start, over.start()) and \
        _said_of(text, (start, end), over.start(), others, ILLNESS)


def _historical(text: str, start: int, end: int, clause_end: int, sentence: tuple[int, int], others: Others) -> bool:
    s_left, s_right = sentence
    sentence_before, sentence_after = text[s_left:start], text[end:s_right]
    after = text[end:clause_end]
    if KO_SWITCHED_TO_AFTER.match(sentence_after):       # "… 트라젠타로 바꿨어요": what is taken now
        return False
    if KO_STOPPED_AFTER.match(sentence_after) and _slot_of((start, end), others) in (None, "medication"):
        return True
    if EN_SURVIVOR_AFTER.match(sentence_after):
        return True
    if EN_STOPPED_BEFORE.search(sentence_before) and _slot_of((start, end), others) in (None, "medication"):
        return True         # "since i stopped my effexor cold turkey": the medicine, not what came since
    if _history_before(sentence_before, KO_HISTORY, KO_NOW) and (KO_RESOLVED.search(sentence_after) or (
            past_tense(text, end, clause_end) and not KO_ONGOING.search(text[s_left:s_right])) or (
            # "작년 겨울에 독감에 걸려서 타미플루를 먹었는데 먹자마자 토하고 난리도 아니었어요" (utterances_test12): the
            # sentence tells the episode in the past, though the mention's own clause has no tense
            past_tense(text, end, s_right) and not KO_ONGOING.search(text[s_left:s_right]) and
            not KO_NOW.search(sentence_after) and not KO_AGAIN.search(sentence_before))):
        return True
    if _korean_over(text, start, end, sentence, others):
        return True
    # the time said after the mention, then that it is over: "결핵은 고등학교 때 앓고 완치됐고" (utterances_test15)
    if (when := KO_HISTORY.match(sentence_after, 0)) is None and (when := re.match(r"\S{0,2}\s*", sentence_after)):
        when = KO_HISTORY.match(sentence_after, when.end())
    if when and (done := KO_RESOLVED.search(sentence_after, when.end(), when.end() + 16)) and \
            not KO_NOW.search(sentence_after, 0, done.start()):
        return True
    over = EN_RESOLVED_AFTER.search(sentence_after)
    if _history_before(sentence_before, EN_HISTORY, EN_NOW) or EN_SWITCHED_FROM.search(sentence_before) or \
            (over and _said_of(text, (start, end), end + over.end(), others, STOPPED if over["drug"] else ILLNESS)):
        return True
    if (EN_HAD_BEFORE.search(text[s_left:start]) or EN_EFFECT_AFTER.match(sentence_after)) and \
            EN_PAST_TIME_AFTER.search(sentence_after):
        return True
    if EN_ADMITTED_BEFORE.search(text[s_left:start]) and (EN_PAST_TIME_AFTER.search(sentence_after) or
                                                           EN_MONTH_AFTER.search(sentence_after)):
        return True
    if EN_EARLIER_EPISODE.search(sentence_before) or \
            (KO_WHEN_AFTER.match(sentence_after) and past_tense(text, end, s_right)):
        return True
    return bool(KO_RESOLVED.search(after[:24]) and re.search(r"었|았|했|냈|났|쳤|였|됐", after[:26]))   # 끝냈, 마쳤; 고등학교 때 앓고 완치됐고


# A topic said of in general and heard, in a question: "섬유근육통은 피검사로도 안 나온다던데 그럼 병원에서는 뭘 보고
# 진단해요?" (utterances_test10) asks about fibromyalgia; "의사가 당뇨라던데" (a diagnosis heard) is not this form
KO_TOPIC_AFTER = re.compile(r"\s*(?:은|는|이|가|을|를|에는|엔|에도)\s")   # "역류성 식도염에는 PPI를 많이 쓴다던데" (test15)
KO_TAKING_BEFORE = re.compile(_TAKING + r"\s*$")
KO_HEARD_END = re.compile(r"(?:다던데|라던데|다는데|라는데|다더니|라더니|"
                          r"(?:다는|라는)\s*(?:말|얘기|이야기|소리|글)(?:이|을|도)?\s*(?:있던데|있어서|있는데|들었는데|봤는데|많던데))"
                          r"\s*,?\s*$")      # "액토스가 심장에 부담을 준다는 말이 있던데 사실이에요?" (utterances_test14)


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


def _in_general(text: str, start: int, end: int) -> bool:
    """Said of people who have it, not of the person."""
    return bool(KO_PEOPLE_WITH_AFTER.match(text, end) or EN_PEOPLE_WITH_BEFORE.search(text, max(0, start - 40), start))


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
    if someone_elses(text, start, before, clause.sentence, after):
        return FAMILY
    if KO_RULED_OUT_AFTER.match(text, end) or EN_RULED_OUT_AFTER.match(text, end):
        return NEGATED              # "20대 때 크론병인 줄 알고 … 알고 보니 장결핵": ruled out, whenever it was
    if _historical(text, start, end, clause.end, clause.sentence, others):
        return HISTORICAL
    supposed = clause.kind == CONDITION or (reading and clause.kind == WHEN) or EN_SPECULATIVE.search(before) or \
        _general_hearsay(text, start, end, clause.end, clause.sentence) or _in_general(text, start, end) or \
        _topic_of_question(text, clause.sentence, others) or _a_risk(text, start, end) or \
        KO_MAY_HEARD_AFTER.match(text, end) or \
        KO_SUSPECTED_AFTER.match(text, end) or \
        (_slot_of((start, end), others) == "condition" and KO_GUESSED_AFTER.match(text, end)) or \
        speculative(text, end, clause.end) or KO_PLANNED_AFTER.match(text, end) or EN_PLANNED_BEFORE.search(before) or \
        KO_PROPOSED_AFTER.match(text, end) or EN_PROPOSED_BEFORE.search(text, max(0, start - 80), start)
    owned = (possessive or WHY.search(text[clause.start:clause.end])) and (_own(before) or EN_OWN_AFTER.match(text, end)) or \
        (_slot_of((start, end), others) in ILLNESS and (bool(EN_THIS_BEFORE.search(before)) or
                                                         _treats_a_named_medicine(text, end, others)))
    if supposed or (clause.kind == QUESTION and not owned and not (kept and _kept(text, start, end))):
        return HYPOTHETICAL
    after = _after_listed(text, end, clause.end, others)          # "당뇨도 고혈압도 없고": 고혈압's 없고 is 당뇨's too
    korean_negation = (KO_NEG_AFTER.search(after) and not KO_PERSISTS.search(after)) or KO_NEG_BEFORE.search(before)
    english_negation = (m := EN_NEG_BEFORE.search(before)) and not EN_EXCEPT.search(m.group())
    if korean_negation or english_negation or EN_NEG_AFTER.search(after) or \
            KO_RULED_OUT_AFTER.match(text, end) or EN_RULED_OUT_AFTER.match(text, end) or KO_NOT_YET_AFTER.match(text, end):
        return NEGATED
    return PRESENT
