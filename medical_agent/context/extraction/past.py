"""Whether what a message names is over: an illness had and gone, a medicine stopped or switched from, an episode told
in the past (split from :mod:`.assertion`, which asks this after whose it is). Resolution words and past events
(예전에 … 나았어요, 예전에 결핵 앓았어요, used to be on, switched from, I had a heart attack in 2019) make it historical,
but only up to a turn to the present ("… but now", 지금은), and an English resolution after several mentions belongs
to the nearest one it can be said of ("switched to losartan because of the cough, which is gone now": the cough; in
Korean, 예전에 already dates the whole sentence)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .clauses import discontinued_past, past_tense
from .whose import KO_OTHER

Others = Sequence[tuple[int, int, str]]         # the message's mentions: start, end, slot
PARTICLE = re.compile(r"\S{0,2}\s*")             # a particle right after a mention ("결핵은 고등학교 때")

KO_HISTORY = re.compile(r"(?:예전에|예전엔|예전에는|과거에|옛날에|어렸을\s*때|어릴\s*때|어렸을\s*땐|어릴\s*땐|전에는|전엔|한때|"
                        r"(?:대학생|고등학생|중학생|초등학생|학생|대학|고등학교|중학교|초등학교|유치원|신혼|군대|군\s*복무)\s*(?:때|시절)(?:에)?|"
                        r"(?:재)?작년(?:\s*(?:\d{1,2}\s*월|봄|여름|가을|겨울|초|말))?(?:에|까지)|지난해(?:에|까지)?|지난\s*(?:달|주)(?:까지|에)|"
                        # "2주 전에 감기로 열이 39도까지 났었는데" (utterances_test28); not "2주 전부터" (since then)
                        r"\d+\s*년\s*전에?|\d+\s*(?:주|달|개월)\s*전(?!\s*부터)(?:에)?|몇\s*년\s*전|[1-9]0\s*대\s*(?:때|시절|초반에|중반에|후반에|에)|(?:임신|출산)\s*(?:했을|중이었을|중일)?\s*때(?!문))")
KO_RESOLVED = re.compile(r"(?:나았|완치|끊은\s*지|좋아졌|없어졌|(?:치료|수술)\s*(?:받|했)|떼어\s*내|떼어\s*냈|(?:절제|제거)(?:술)?\s*(?:받|했)|(?:치료|제균)\S{0,3}\s*(?:끝냈|끝났|마쳤)|끊었|중단했|그만\s*먹|안\s*먹|괜찮아졌|회복|가라앉았|"
                         r"사라졌|멎었|그쳤|멈췄|멈추었|나은\s*(?:뒤|후|다음|지)|(?<!안\s)(?<!안)끝났)")      # "입덧은 12주쯤 지나서 끝났어요" (test19)
KO_NOT_BEFORE = re.compile(r"(?:안|못)\s*$")
KO_CAUSE_AFTER = re.compile(r"\s*(?:으로|로)\s")
# Over, told right after it in the past: "입덧은 12주쯤 지나서 끝났어요" (utterances_test19)
KO_ENDED_AFTER = re.compile(r"^\s*(?:은|는|이|가|도)?\s*(?:(?!아직|안\b|못\b)[^.?!\s]+\s*){0,3}?(?<!안)(?<!못)(?:끝났|그쳤|멎었|사라졌|"
                            r"없어졌|나았)")
# Had it once: "위궤양으로 피를 토해서 입원한적이 있는데" (utterances_test19); not a diagnosis had ("당뇨 진단받은 적이
# 있어요" is diabetes now)
KO_EVER_HAD_AFTER = re.compile(r"^\S{0,3}\s*(?:[^.?!\s]+\s*){0,4}?(?<!진단)(?:한|했던|받은|걸린|걸렸던|앓은|앓았던|생긴|생겼던|난|"
                               r"났던|입원한|입원했던|수술한|수술받은|토한|먹은|먹어\s*본|복용한|맞은|겪은)\s*적(?:이|은|도)?\s*있")
# A medicine stopped or switched from, said right after it: "메트포르민은 끊고 제미글로로 바꿨어요", "자디앙 먹다가 … 트라젠타로
# 바꿨어요" (the tenth blind utterance set); the one switched to is the person's now ("트라젠타로 바꿨어요").
KO_STOPPED_AFTER = re.compile(r"^\s*(?:은|는|을|를|도)?\s*(?:끊고|끊었고|중단하고|중단했고|그만\s*먹고|"
                              # a course finished: "치과에서 준 진통제는 벌써 다 먹었고요" (utterances_test24)
                              r"(?:\S+\s*){0,2}?(?:벌써|이미)?\s*다\s*(?:먹었|복용했)|"       # "닷새치 다 먹었는데" (test27)

                              r"(?:먹|복용하|복용했|쓰|썼|맞)다가\s*(?:\S+\s*){0,6}?(?:으로|로)\s*(?:바꿨|바꾸었|바꿔|바꾼|변경|교체)|"
                              # "예전엔 이부프로펜을 먹다가 지금은 타이레놀만", "아마릴에서 제미메트로 바꾼 지" (test14)
                              r"(?:먹|복용하|복용했|쓰|썼|맞)다가\s*(?:지금은|이제는|요즘은|현재는)|"
                              r"에서\s*(?:\S+\s*){0,3}?(?:으로|로)\s*(?:바꿨|바꾸었|바꿔|바꾼|변경|교체)|"
                              # "다오닐을 먹을 때는 저혈당이 자주 왔는데 온글라이자로 바꾸고 나서는" (test15)
                              r"(?:을|를)?\s*(?:먹|복용하|쓰|맞)을\s*때(?:는|엔)?\s*(?:\S+\s*){0,6}?(?:으로|로)\s*"
                              r"(?:바꾸|바꿨|바꾼|변경|교체))")
# Stopped, said a few words later: "포사맥스 먹다가 5년 채우고 작년에 끊었고", "크레스토 먹다 중단", "메티마졸 먹었는데 임신
# 확인하고 끊은 뒤", "스틸녹스는 작년에 끊음", "메트포르민은 신장 때문에 작년에 중단" (utterances_test27); not "끊었다가 다시"
KO_STOPPED_LATER = re.compile(r"^\s*(?:은|는|을|를|도)?\s*(?:(?:(?:먹|복용하|쓰|맞)다가?|먹었는데|복용했는데)\s*)?(?:\S+\s+){0,9}?"
                              r"(?:끊었|끊음|끊은|끊고|중단했|중단함|중단(?=\s*$|\s*[\n.,)])|그만\s*(?:먹었|뒀|둠))"
                              r"(?!\S*\s*다시)")
# What a medicine did, the reason it was stopped: "리보트릴은 먹을 때마다 … 어지러워서 한 달 만에 끊었고" (utterances_test18)
KO_STOPPED_FOR_IT_AFTER = re.compile(r"^\S{0,3}서\s+(?:\S+\s+){0,4}?(?:끊었|끊고|끊음|중단했|중단함|그만\s*먹었)")
# Had, then what came after it: "작년 가을에 대상포진 앓고 나서 아직도 그 자리가 가끔 쑤셔요" (utterances_test25): the
# shingles is over, what follows it is now
KO_HAD_THEN_AFTER = re.compile(r"^\s*(?:을|를|에|이|가)?\s*(?:(?:앓고|걸리고|걸렸다가|앓았다가)\s*(?:나서|난\s*(?:뒤|후|다음))|"
                               r"(?:앓은|걸린|앓았던|걸렸던)\s*(?:뒤|후|다음)(?:로|에|부터)?)")
# Left over from an earlier course: "작년 겨울 기관지염 걸렸을 때 먹던 코데인 시럽이 반 병 남았거든" (utterances_test25)
KO_USED_BEFORE = re.compile(r"(?<!평소\s)(?<!평소에\s)(?<!매일\s)(?<!늘\s)(?<!항상\s)(?:먹던|먹었던|복용하던|복용했던|쓰던|썼던)\s+$")
KO_LEFT_OVER_AFTER = re.compile(r"^[^.?!]{0,20}?남(?:았|아|은)")
# Operated on, said right after it: "백내장 수술은 작년에 양쪽 다 받았고" (utterances_test21)
KO_OPERATED_AFTER = re.compile(r"^\s*(?:수술|제거술|절제술)(?:은|을|도|는)?\s*(?:\S+\s*){0,4}?(?:받았|했었|했고|했어)")
# An organ taken out for it: "3년 전 담석으로 쓸개 제거", "자궁근종으로 자궁 적출함" (utterances_test27)
KO_REMOVED_FOR_AFTER = re.compile(r"^\s*(?:으로|로|때문에)\s*(?:\S+\s*){0,2}?(?:제거|적출|절제)(?:술)?(?:\s*(?:함|했|받았|받음)|"
                                  r"\s*$|(?=\s*[\n.,)]))")
# What followed it: "작년 독감 뒤로 기침이 두 달 갔는데" (utterances_test27): the illness is over
KO_AFTER_IT = re.compile(r"^\s*(?:을|를|이|가)?\s*(?:뒤로|후로|이후로|끝나고|나은\s*뒤로)\s")
# A surgical-history label: "■ 수술력: 2015 백내장(양안)" (utterances_test27)
KO_SURGERY_LABEL = re.compile(r"(?:^|\n)[^\S\n]*[■•▪●*-]?\s*(?:수술\s*(?:력|이력|경력|경험)|과거\s*수술)\s*:?[^\n]*$")
KO_SWITCHED_TO_AFTER = re.compile(r"^\s*(?:으로|로)\s*(?:바꿨|바꾸었|바꿔|바꾼|변경|교체)")
# Over now, said after a turn to the present: "두드러기가 났었는데 지금은 다 가라앉았어요", "지금은 괜찮아요"
KO_NOW_OVER = re.compile(r"(?:지금은|이제는|현재는|요즘은)\s*(?:다\s*|완전히\s*|싹\s*)?(?:나았|가라앉|괜찮|멀쩡|없어졌|사라졌|멎었|멈췄|내렸|떨어졌|내려갔|"
                         r"그쳤|안\s*아파|안\s*아프|없어요|없고|없는)")
# A turn to the present after 예전에: "예전에 위염이 있었는데 지금은 오메프라졸을 먹고 위염은 나았어요" (omeprazole is now)
KO_AGAIN = re.compile(r"(?:에|때)도\s")      # "작년 여름에도 통풍 와서 …": it came then too, and is the person's still
KO_NOW = re.compile(r"(?:지금은|지금도|요즘은|이제는|현재는|최근에는)")
KO_ONGOING = re.compile(r"(?:지금도|아직|여전히|계속|요즘도|진단|시작|처음\s*알|그\s*뒤로|그\s*후로|보균|"
                        # a finding told: "작년 말에 … 신장 기능이 조금 떨어졌다는 말을 들었어요" (utterances_test21)
                        r"(?:다는|라는|이라는)\s*(?:말|얘기|소리|소견)(?:을|를)?\s*들었)")   # "작년에 … 먹기 시작했어요", "대학 때 … 보균자인 걸 처음 알았고": still
EN_HISTORY = re.compile(r"\b(?:used\s+to\s+(?:be\s+on|be\s+taking|have|take|use|get|suffer\s+from)|"
                        r"had\s+\w+(?:\s+\w+)?\s+as\s+a\s+(?:child|kid)|(?:recovered|cured)\s+from|cured\s+(?:my|me\s+of)|resolved|"
                        r"in\s+the\s+past|years\s+ago|(?:no\s+longer|(?<!since\s[Ii]\s)(?<!after\s[Ii]\s)stopped)\s+"
                        r"(?:have|has|taking|take|my|the|using)|former(?:ly)?|"
                        r"I\s+was\s+on|"
                        # an earlier trip or episode: "Last time we went up to altitude I had a pounding headache"
                        r"last\s+time\s+(?:I|we)|"
                        r"history\s+of\s+\w+\s+(?:that|which)\s+(?:resolved|went))\b", re.I)
# What follows a turn to the present is current again: "I used to be on lisinopril but now take losartan".
# "I had a mini-stroke two years ago and I'm on aspirin": a present-tense "I'm on" / "I take" turns to now too.
EN_NOW = re.compile(r"\b(?:but|now|currently|these\s+days|still|instead|however|switched|changed|started|"
                    r"only\s+(?:keep|use|take|have)|keep\s+(?:a|an|my|the)|ever\s+since|I'?ve\s+been\s+(?:on|taking|using)|"
                    r"I'?m\s+(?:on|taking)|I\s+am\s+(?:on|taking)|I\s+take)\b", re.I)
EN_SWITCHED_FROM = re.compile(r"\b(?:switched|changed|moved|came|went|got|was\s+taken)\s+"
                              r"(?:me\s+)?(?:over\s+)?(?:off|from)\s+(?:(?!to\b)[\w-]+\s+){0,2}$", re.I)
EN_STOPPED_BEFORE = re.compile(r"(?:\b(?:stopped|quit|finished)\s*:?\s+(?:taking\s+|using\s+|needing\s+)?(?:my\s+|the\s+)?"
                               # "finished 10 days of amoxicillin" (utterances_test28)
                               r"(?:(?:a\s+|the\s+|my\s+)?(?:\d+|\w+)[\s-]+days?\s+(?:course\s+)?of\s+)?|"
                               # "so I'm off the nifedipine" (utterances_test30's round)
                               r"\b(?:I'?m|I\s+am|I've\s+been)\s+(?:now\s+|finally\s+|completely\s+)?off\s+(?:the\s+|my\s+)?)$",
                               re.I)       # "Stopped: naproxen (kidneys)" (utterances_test27)
# A medicine named as the one stopped ("판토록을 끊었다고 했는데 끊은 건 가스모틴이고"), an illness dated by a year
KO_STOPPED_ONE_BEFORE = re.compile(r"(?:끊은|중단한|안\s*먹는)\s*(?:건|것은|약은|게)\s*$")
EN_WAS_YEAR_AFTER = re.compile(r"^\s*(?:was|happened)\s+(?:in\s+|back\s+in\s+)?(?:19|20)\d{2}\b", re.I)
EN_STILL = re.compile(r"\bstill\b", re.I)    # "I had a cough last week and it's still there"
# The last episode long ago: "last seizure 2019" (utterances_test27); a stone passed ("passed two kidney stones")
EN_LAST_BEFORE = re.compile(r"\blast\s+(?:\w+\s+)?$", re.I)
EN_LAST_WHEN_AFTER = re.compile(r"^\s*(?:(?:attack|episode|flare|one)\s+)?(?:was\s+)?(?:(?:in\s+|back\s+in\s+)?(?:19|20)\d{2}\b|"
                                r"\w+\s+years?\s+ago\b)", re.I)
EN_PASSED_BEFORE = re.compile(r"\bpassed\s+(?:an?|one|two|three|four|\d+|several|a\s+few|my)\s+(?:[\w-]+\s+)?$", re.I)
# A year or "years ago" earlier in a sentence told with "had": "Had my gallbladder out in 2018 after a nasty bout of
# cholecystitis" (utterances_test16)
EN_AFTER_BEFORE = re.compile(r"\bafter\s+(?:(?:a|an|my|two|three|several|multiple|\d+)\s+)?$", re.I)
EN_HAD_OPENING = re.compile(r"^\W*(?:I\s+)?(?:had|got|was|developed)\b", re.I)
EN_PAST_TIME_BEFORE = re.compile(r"\b(?:in|back\s+in)\s+(?:19|20)\d{2}\b|\byears?\s+ago\b", re.I)
EN_SURVIVOR_AFTER = re.compile(r"\s+survivor\b", re.I)             # "Breast cancer survivor, diagnosed 2018"
EN_RESOLVED_AFTER = re.compile(r"^[^.]{0,40}\b(?<!mostly\s)(?<!almost\s)(?<!nearly\s)(?<!partly\s)(?<!half\s)"
                               r"(?:gone|went\s+away|resolved|cured|healed|is\s+over|cleared\s+up|(?:that|which)\s+passed|"
                               r"all\s+better(?:\s+now)?|(?:fully\s+)?recovered|"
                               # "The fever broke yesterday" (utterances_test24); not a rash that broke out
                               r"broke(?!\s+(?:out|down|through|open|my|the|a|an|into))|"
                               r"(?P<drug>cleared\s+(?:it|them)\s+up|(?<!since\s[Ii]\s)(?<!after\s[Ii]\s)stopped|(?:tapered|weaned|came|got)\s+(?:myself\s+)?off|(?:finished|completed)\s+(?:it|them|the\s+(?:course|pack|bottle|"
                               r"prescription)|my\s+(?:course|prescription)|taking\s+(?:it|them))))\b", re.I)
# Mentions listed together share what is said after them: "the cough and the fever are gone", "결핵이랑 폐렴".
LISTED = re.compile(r"^\s*(?:,|/|&|and|or|및|과|와|이랑|랑|하고|이나|나)?\s*,?\s*(?:and\s+|or\s+)?(?:the\s+|my\s+|an?\s+)?$",
                    re.I)
# What each resolution can be said of: an illness is over; a medicine (or a symptom) stopped.
ILLNESS, STOPPED = ("condition", "symptom"), ("medication", "symptom")
EN_HAD_BEFORE = re.compile(r"(?:(?:\bI\s+|\band\s+|^\W*)(?:had|developed|got|caught|suffered\s+from|was\s+diagnosed\s+with|"
                           r"passed)|"
                           r"\b(?:gave|caused)\s+me)\s+(?:an?\s+|my\s+)?(?:(?:bout|episode|case|attack|touch|spell)\s+of\s+)?"
                           r"(?:[\w-]+\s+)?$", re.I)
EN_PAST_TIME_AFTER = re.compile(r"^[^.]{0,30}?\b(?:in\s+(?:19|20)\d{2}|(?:\w+\s+)?years?\s+ago|as\s+a\s+(?:child|kid|"
                                r"teen(?:ager)?|baby)|when\s+I\s+was\s+(?:young|little|a\s+\w+|\d+)|"
                                # "in my 30s", "last time" (utterances_test17)
                                r"in\s+my\s+(?:teens|[1-9]0s|twenties|thirties|forties|fifties|sixties|seventies)|"
                                r"last\s+time|"
                                # "Had a heart attack at 49 and I'm 56 now" (utterances_test16): at an age
                                # "pneumonia at 8" (utterances_test19): one digit too, not a time or a dose
                                r"at\s+(?:age\s+)?[1-9]\d?(?!\d|\.\d)(?!\s*(?::|am|pm|a\.m|p\.m|o'?clock|this|tonight|today|mg|%|kg|lbs?|"
                                r"bpm|beats|percent|degrees|weeks?|months?|days?|hours?|in\s+the|at\s+night|every|each|a\s+day|"
                                r"times|x\b))|"
                                # "I had gestational diabetes with my first pregnancy": an earlier pregnancy or child
                                r"(?:with|during|in|after)\s+my\s+(?:first|second|third|last|previous|earlier|prior|"
                                r"other|older|\w+est)\s+(?:pregnancy|baby|child|kid|son|daughter|delivery)|"
                                # "i had preeclampsia with my first." (utterances_test26): the child left unsaid
                                r"(?:with|during)\s+my\s+(?:first|second|last|previous|older|eldest)(?=\s*(?:[.!?,;]|$|"
                                r"\band\b|\bbut\b)))\b", re.I)
# A list under a history label: "Medical history, since the form asks: pneumonia at 8, a concussion from hockey at 15,
# and my gallbladder came out in 2017 because of gallstones" (utterances_test19): each item with its own age or year
EN_HISTORY_LABEL = re.compile(r"^\W*(?:(?:quick|brief|short|my)\s+)?(?:(?:past\s+)?(?:medical\s+)?history|PMH|hx)\b", re.I)
EN_ITEM_TIME = re.compile(r"\bat\s+(?:age\s+)?[1-9]\d?(?!\d|\.\d|\s*(?::|am|pm|°|degrees))\b|\b(?:in|back\s+in)\s+(?:19|20)\d{2}\b|"
                          r"\byears?\s+ago\b|\bas\s+a\s+(?:child|kid|teen(?:ager)?|baby)\b|"
                          # "kidney stone in my 20s, … and shingles last spring" (utterances_test20)
                          r"\bin\s+my\s+(?:teens|[1-9]0s|twenties|thirties|forties|fifties|sixties)\b|"
                          r"\blast\s+(?:spring|summer|autumn|fall|winter|year)\b|"
                          # "PMH: appendectomy '09, kidney stone 2017" (utterances_test23): a bare year after the item
                          r"(?<![\d/.-])(?<!since\s)(?:(?:19|20)\d{2}|'\d{2})(?![\d/.%-])", re.I)
# A hospital stay with it, then: "Spent three days in the ICU with DKA in March" (utterances_test12)
EN_ADMITTED_BEFORE = re.compile(r"\b(?:(?:in|to)\s+(?:the\s+)?(?:hospital|ICU|ER|A&E|emergency\s+room)|hospitali[sz]ed|"
                                r"admitted)\s+(?:with|for)\s+(?:an?\s+|my\s+)?(?:[\w-]+\s+)?$", re.I)
EN_MONTH_AFTER = re.compile(r"^[^.]{0,30}?\b(?:in|back\s+in|last)\s+(?:the\s+)?(?:January|February|March|April|May|June|July|August|"
                            r"September|October|November|December|year|winter|summer|spring|autumn|fall|week|month)\b")
# An earlier episode told in the past: "I had gestational diabetes with my first pregnancy" (the pregnancy too),
# "첫째 임신했을 때 …었어요"
EN_EARLIER_EPISODE = re.compile(r"\b(?:had|was|were|got|developed|did)\b[^.?!]{0,60}\b(?:with|during|in|after)\s+my\s+"
                                r"(?:first|second|third|last|previous|earlier|prior|other|older|\w+est)\s+$", re.I)
# What a medicine did once: "amoxicillin gave me a rash when I was a kid"
EN_EFFECT_AFTER = re.compile(r"^\s*(?:gave|made|caused|triggered|left)\s+me\b", re.I)
KO_WHEN_AFTER = re.compile(r"^\s*(?:했을|중이었을|중일|이었을|였을|을|일|(?:걸렸|앓았|있었|났었|생겼)을)?\s*때(?!문)")      # not 때문에 (because of)


def slot_of(span: tuple[int, int], others: Others) -> str | None:
    return next((slot for s, e, slot in others if (s, e) == span), None)


def _said_of(text: str, span: tuple[int, int], stop: int, others: Others, kinds: tuple[str, ...]) -> bool:
    """What is said at ``stop``, which can be said of mentions of ``kinds``, is about the mention at ``span``:
    it is of such a kind, and no other mention of such a kind stands between them, except ones listed with it. In
    "switched to losartan because of the cough, which is gone now" the cough is gone, not losartan; in "I took
    metformin for my diabetes but stopped" metformin is stopped, not the diabetes."""
    own = slot_of(span, others)
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


# Still there, said right after it: "went through menopause two years ago, and the hot flushes still wake me up"
EN_STILL_AFTER = re.compile(r"^\s*(?:(?:are|is)\s+)?(?:still|currently)\b", re.I)
# Over, said later in the story (utterances_test24): its body part named again ("어깨가 쑤시고 … 며칠 푹 쉬니까 어깨는 다
# 나았어요"), or a sentence right after that says it passed with no subject of its own ("두드러기가 올라오고 엄청
# 가려웠어요. 응급실에서 주사 맞고 … 오늘 아침엔 다 가라앉았어요")
KO_BODY_WORD = re.compile(r"([가-힣]{1,4}?)(?:이|가|은|는|도|에|의)\s")
KO_PASSED = r"(?:이제\s*)?(?:다\s*|완전히\s*|싹\s*|거의\s*)?(?:나았|괜찮아졌|가라앉았|멀쩡해졌|없어졌|사라졌|멎었)"
# (not just better: "좀 괜찮아졌어요", "많이 나았어요")
KO_PASSED_NO_SUBJECT = re.compile(r"^[^.?!]*?(?<![가-힣])(?<!좀\s)(?<!조금\s)(?<!많이\s)(?<!약간\s)(?<!훨씬\s)(?<!한결\s)"
                                  r"(?:다\s*|완전히\s*|싹\s*)?(?:나았|괜찮아졌|가라앉았|멀쩡해졌)")
NEXT_SENTENCE = re.compile(r"[.!\s]*([^.?!]*[.!]?)")
KO_A_SUBJECT = re.compile(r"(?<![가-힣])(?!저는|제가|나는|내가|저도|나도)[가-힣]+(?<!아침)(?<!저녁)(?<!오후)(?<!오전)(?<!날)(?<!밤)"
                          r"(?:이|가|은|는)(?=\s)")


# The same in English (utterances_test29): "… so I lay down on my mat until it passed", "… and i threw up twice. it's
# gone today.", "… After water and a banana I was fine"
EN_UNTIL_PASSED = re.compile(r"\b(?:until|till|before)\s+it\s+(?:passed|went\s+away|stopped|settled|eased(?:\s+off)?|wore\s+off)\b",
                             re.I)
EN_PASSED_NEXT = re.compile(r"^\W*(?:(?:it|that|this|they|all\s+of\s+(?:it|that))(?:'s|\s+is|\s+was|\s+has|'ve|\s+have)?\s+"
                            # gone for good, not "gone purple" (utterances_test12)
                            r"(?:all\s+|completely\s+|totally\s+)?(?:gone(?=\s*(?:[.,!;]|$|now|today|tonight|this|away|by|"
                            r"since|completely|for\s+good))|passed|over|went\s+away|eased\s+off|settled(?:\s+down)?|"
                            r"faded|cleared\s+up|stopped|wore\s+off)|(?:after\s+[^.?!]{1,40}?,?\s+)?I\s+was\s+(?:fine|ok|okay|"
                            r"back\s+to\s+normal))\b", re.I)
EN_PAST_SENTENCE = re.compile(r"\b(?:got|had|was|were|felt|threw|came|went|began|started|woke|\w{3,}ed)\b", re.I)


# At first, then no more (utterances_test29): "처음엔 설사를 하도 해서 고생했는데 한 달쯤 지나니 괜찮아졌고요", "처음 일주일은
# 트라마돌을 먹었고 지금은 타이레놀만 … 먹어요"
KO_AT_FIRST = re.compile(r"(?<![가-힣])처음(?:엔|에는|에|\s*(?:며칠|일주일|한\s*달|몇\s*주|이틀|사흘|\d+\s*일)(?:은|는|동안|간))")
KO_NOW_TAKEN = re.compile(r"(?:지금은|이제는|요즘은)\s")
KO_PASSED_ANYWHERE = re.compile(KO_PASSED)


def _at_first(text: str, start: int, end: int, sentence: tuple[int, int], others: Others) -> bool:
    """A complaint of the first days that later in the sentence passed, or a medicine of the first days before what is
    taken now (a complaint "now" joined by another, "지금은 가래도", may go on)."""
    if not KO_AT_FIRST.search(text, sentence[0], start) or not past_tense(text, end, sentence[1]):
        return False
    turn = KO_PASSED_ANYWHERE if slot_of((start, end), others) in ILLNESS else KO_NOW_TAKEN
    return bool(turn.search(text, end, sentence[1]))


def _over_later_en(text: str, start: int, end: int, sentence: tuple[int, int], others: Others) -> bool:
    """An episode told in the past in English, and said to have passed in the same sentence or the next one."""
    if slot_of((start, end), others) not in ILLNESS or not EN_PAST_SENTENCE.search(text, sentence[0], end):
        return False
    if (until := EN_UNTIL_PASSED.search(text, end, sentence[1])) and \
            not [s for s, _e, slot in others if end < s < until.start() and slot in ILLNESS]:
        return True
    following = NEXT_SENTENCE.match(text, sentence[1])
    return bool(following and following[1] and EN_PASSED_NEXT.match(following[1]))


def _over_later(text: str, start: int, end: int, sentence: tuple[int, int], others: Others) -> bool:
    """A complaint told in the past, and later in the message that it passed (:data:`KO_PASSED`); a sentence about
    someone else between them is passed over ("같이 일한 동생은 열사병으로 응급실에 실려 갔고요")."""
    if slot_of((start, end), others) not in ILLNESS or not past_tense(text, start, sentence[1]):
        return False
    word = KO_BODY_WORD.match(text, start)
    if word and re.search(re.escape(word[1]) + r"(?:은|는|이|가|도)\s*" + KO_PASSED, text[end:]):
        return True
    at = sentence[1]
    for _ in range(2):
        following = NEXT_SENTENCE.match(text, at)
        if not following or not following[1]:
            return False
        told = following[1]
        if (passed := KO_PASSED_NO_SUBJECT.match(told)) is not None:
            begin = following.start(1)
            between = [s for s, _e, slot in others if begin <= s < begin + passed.end() and slot in ILLNESS]
            return not between and not KO_A_SUBJECT.search(told, 0, passed.start())
        if not KO_OTHER.search(told[:15]):
            return False
        at = following.end()
    return False


def historical(text: str, start: int, end: int, clause_end: int, sentence: tuple[int, int], others: Others) -> bool:
    s_left, s_right = sentence
    sentence_before, sentence_after = text[s_left:start], text[end:s_right]
    after = text[end:clause_end]
    if KO_SWITCHED_TO_AFTER.match(sentence_after):       # "… 트라젠타로 바꿨어요": what is taken now
        return False
    if KO_STOPPED_AFTER.match(sentence_after) and slot_of((start, end), others) in (None, "medication"):
        return True
    if KO_STOPPED_FOR_IT_AFTER.match(sentence_after) and slot_of((start, end), others) == "symptom":
        return True
    if (later := KO_STOPPED_LATER.match(sentence_after)) and slot_of((start, end), others) in (None, "medication") and \
            _said_of(text, (start, end), end + later.end(), others, ("medication",)):
        return True
    if EN_SURVIVOR_AFTER.match(sentence_after):
        return True
    if KO_OPERATED_AFTER.match(sentence_after) and slot_of((start, end), others) in (None, "condition"):
        return True
    if (KO_HAD_THEN_AFTER.match(sentence_after) or KO_REMOVED_FOR_AFTER.match(sentence_after) or
            KO_AFTER_IT.match(sentence_after) or KO_SURGERY_LABEL.search(text, 0, start)) and \
            slot_of((start, end), others) in (None, "condition"):
        return True
    if KO_USED_BEFORE.search(sentence_before) and KO_LEFT_OVER_AFTER.match(sentence_after) and \
            slot_of((start, end), others) in (None, "medication"):
        return True
    if EN_STOPPED_BEFORE.search(sentence_before) and slot_of((start, end), others) in (None, "medication"):
        return True         # "since i stopped my effexor cold turkey": the medicine, not what came since
    if KO_STOPPED_ONE_BEFORE.search(sentence_before) and slot_of((start, end), others) in (None, "medication"):
        return True         # "끊은 건 가스모틴이고" (utterances_test30): the one stopped, named in a correction
    if EN_WAS_YEAR_AFTER.match(sentence_after) and slot_of((start, end), others) in ILLNESS:
        return True         # "my heart attack was 2016 not 2006" (utterances_test30): an event dated in the past
    if (EN_LAST_BEFORE.search(sentence_before) and EN_LAST_WHEN_AFTER.match(sentence_after)) or \
            EN_PASSED_BEFORE.search(sentence_before):
        return True
    if _history_before(sentence_before, KO_HISTORY, KO_NOW) and (KO_RESOLVED.search(sentence_after) or (
            past_tense(text, end, clause_end) and not KO_ONGOING.search(text[s_left:s_right])) or (
            # "작년 겨울에 독감에 걸려서 타미플루를 먹었는데 먹자마자 토하고 난리도 아니었어요" (utterances_test12): the
            # sentence tells the episode in the past, though the mention's own clause has no tense
            past_tense(text, end, s_right) and not KO_ONGOING.search(text[s_left:s_right]) and
            not KO_NOW.search(sentence_after) and not KO_AGAIN.search(sentence_before))):
        return True
    if _korean_over(text, start, end, sentence, others) or _over_later(text, start, end, sentence, others) or \
            _over_later_en(text, start, end, sentence, others) or _at_first(text, start, end, sentence, others):
        return True
    # the time said after the mention, then that it is over: "결핵은 고등학교 때 앓고 완치됐고" (utterances_test15)
    cause = KO_CAUSE_AFTER.match(sentence_after)      # "위궤양으로 피를 토해서 입원한 적이": the cause, had then too
    if (ever := KO_EVER_HAD_AFTER.match(sentence_after)) and not KO_NOW.search(sentence_after, 0, ever.end()) and \
            (cause or _said_of(text, (start, end), end + ever.end(), others, ILLNESS + STOPPED)):
        return True
    if (done := KO_ENDED_AFTER.match(sentence_after)) and _said_of(text, (start, end), end + done.end(), others, ILLNESS):
        return True
    when = KO_HISTORY.match(sentence_after) or KO_HISTORY.match(sentence_after, len(PARTICLE.match(sentence_after)[0]))
    if when and (done := KO_RESOLVED.search(sentence_after, when.end(), when.end() + 16)) and \
            not KO_NOW.search(sentence_after, 0, done.start()):
        return True
    over = EN_RESOLVED_AFTER.search(sentence_after)
    if (_history_before(sentence_before, EN_HISTORY, EN_NOW) and not EN_STILL_AFTER.match(sentence_after)) or \
            EN_SWITCHED_FROM.search(sentence_before) or \
            (over and _said_of(text, (start, end), end + over.end(), others, STOPPED if over["drug"] else ILLNESS)):
        return True
    if (EN_HAD_BEFORE.search(text[s_left:start]) or EN_EFFECT_AFTER.match(sentence_after)) and \
            (EN_PAST_TIME_AFTER.search(sentence_after) or EN_MONTH_AFTER.search(sentence_after)) and \
            not EN_STILL.search(sentence_after):
        return True
    if EN_AFTER_BEFORE.search(text[s_left:start]) and (EN_PAST_TIME_AFTER.search(sentence_after) or
                                                        EN_MONTH_AFTER.search(sentence_after)):
        return True             # "After two miscarriages last year I'm now 10 weeks along" (once the plural is read)
    if EN_HAD_OPENING.match(sentence_before) and EN_PAST_TIME_BEFORE.search(sentence_before) and \
            not EN_NOW.search(sentence_before):
        return True
    if EN_ADMITTED_BEFORE.search(text[s_left:start]) and (EN_PAST_TIME_AFTER.search(sentence_after) or
                                                           EN_MONTH_AFTER.search(sentence_after)):
        return True
    if EN_HISTORY_LABEL.match(text, s_left):
        item_start = max(text.rfind(",", s_left, start), text.rfind(":", s_left, start), s_left)
        item_end = min([i for i in (text.find(",", end, s_right), s_right) if i >= 0])
        if EN_ITEM_TIME.search(text, item_start, item_end):
            return True
    if EN_EARLIER_EPISODE.search(sentence_before) or \
            (KO_WHEN_AFTER.match(sentence_after) and past_tense(text, end, s_right)):
        return True
    done = KO_RESOLVED.search(after[:24])         # not "기침이 아직 안 나았어요" (still there)
    return bool(done and not KO_NOT_BEFORE.search(after, 0, done.start()) and
                re.search(r"었|았|했|냈|났|쳤|였|됐", after[:26]))   # 끝냈, 마쳤; 고등학교 때 앓고 완치됐고
