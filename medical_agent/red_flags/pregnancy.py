"""Signs of pregnancy and the weeks after a birth: the waters breaking before term, a baby moving less late on,
pre-eclampsia from 20 weeks (or soon after a birth), bleeding from 20 weeks. Split from :mod:`.signs` to keep each file
short; :mod:`.triage` combines them."""

from __future__ import annotations

import re

from .signs import _I, _any

# the waters breaking before term ("33 weeks with my first and i just felt a big gush of water … still trickling")
WATERS = _any(r"waters?\s+(?:broke|(?:has|have)\s+broken|(?:is|are)\s+breaking|went)|gush\s+of\s+(?:water|fluid)|"
              r"(?:leaking|trickling)\s+(?:fluid|water)|fluid\s+(?:is\s+)?(?:leaking|trickling)",
              r"양수(?:가|물)?\s*(?:가\s*)?(?:터|새|샌|흐르|흘러|나와|나오)")
# A baby moving less late in pregnancy (gate questions_test14: "31 weeks … tonight ive barely felt anything in like 3
# hrs … is it ok to just wait til then??"): the maternity unit now, not the next appointment
FEWER_MOVEMENTS = _any(r"태동.{0,10}(?:줄|없|안\s*느껴|약해|뜸해|거의\s*안|못\s*느)",
                       r"\bbaby\b.{0,60}\b(?:barely|hardly|hasn'?t|isn'?t|not|stopped|less|fewer)\s+(?:\w+\s+){0,2}"
                       r"(?:moving|moved|kicking|kicked)\b", r"\bbaby\b\s+(?:is\s+)?(?:moving|kicking)\s+(?:much\s+|a\s+lot\s+)?less\b",
                       r"\b(?:barely|hardly|haven'?t|not|can'?t)\s+(?:\w+\s+)?(?:felt|feel|feeling)\s+(?:the\s+|my\s+)?"
                       r"(?:baby|him|her|anything|any\s+(?:kicks?|movements?))\b",
                       r"(?:fewer|less|no|reduced|decreased)\s+(?:fetal\s+|baby\s+)?(?:movements?|kicks)\b")
LATE_PREGNANCY = _any(r"(?<!\d)(?:2[4-9]|3\d|4[0-2])\s*(?:weeks?|wks?|주)", r"임신\s*(?:2[4-9]|3\d|4[0-2])\s*주|만삭",
                      r"third\s+trimester|임신\s*후기")
# From 20 weeks, two of a headache, pain under the right ribs or in the upper belly, a swollen face or hands, and
# changed vision (visitor_test16: "임신 35주 … 오른쪽 갈비뼈 밑이 계속 아파요 … 머리도 지끈거리고 손이랑 얼굴이 좀 부은것
# 같아요 … 내일 아침까지 기다려도 될까요"): pre-eclampsia until shown otherwise.
PREGNANCY_WEEKS_SAID = re.compile(r"(?:임신\s*|pregnant\D{0,20}?|(?<!\d))(2\d|3\d|4[0-2])\s*(?:weeks?|wks?|주)(?!\s*(?:전|ago|old|된\s*아기))",
                                  _I)
PREGNANCY_WORD = _any(r"임신|임산부|초산|막달|pregnan|\bweeks?\s+along\b")
PREECLAMPSIA_SIGNS = (
    _any(r"두통|머리(?:가|도)?\s*(?:\S+\s*)?(?:지끈|아프|아파|깨질)", r"headache"),
    _any(r"(?:오른쪽\s*)?갈비뼈\s*(?:밑|아래)|명치|윗배", r"(?:under|below)\s+(?:my|her|the)\s+(?:right\s+)?ribs|upper\s+(?:right\s+)?"
         r"(?:belly|stomach|abdomen|tummy)|right\s+upper\s+(?:belly|abdomen|quadrant)"),
    _any(r"(?:얼굴|손|손가락|눈)(?:이|가|랑|도|이랑)?\s*(?:\S+\s*){0,2}?(?:부었|붓|부은|퉁퉁)", r"(?:face|hands?|fingers?)\s+(?:\w+\s+)?"
         r"(?:are\s+|is\s+|got\s+|look\s+)?(?:swollen|puffy|swelling)|swollen\s+(?:face|hands|fingers)"),
    _any(r"눈앞이?\s*(?:\S+\s*)?(?:번쩍|흐릿|침침|깜깜)|시야", r"(?:blurr?y|blurred|spots|flashing|flashes)\b.{0,15}(?:vision|eyes?|lights?)|"
         r"vision\s+(?:is\s+)?(?:blurr?y|blurred)"),
)


# Up to six weeks after a birth pre-eclampsia can still come (gate questions_test18: "첫애 낳고 닷새째 … 머리가 깨질 듯이
# 아프고 눈앞에 번쩍번쩍 빛이 보인대요")
BIRTH_RECENT = _any(r"(?:낳(?:고|은\s*지)|출산(?:하고|한\s*지|\s*후))\s*(?:\S+\s*)?(?:[1-9]\d?\s*(?:일|주)|이틀|사흘|나흘|닷새|엿새|"
                    r"열흘|보름|일주일)",
                    r"(?:gave\s+birth|had\s+(?:my|the|her|our)\s+baby|delivered)\s+(?:\d{1,2}|a|one|two|three|four|five|six)\s+"
                    r"(?:days?|weeks?)\s+ago|\b(?:\d{1,2}|one|two|three|four|five|six)\s+(?:days?|weeks?)\s+(?:post-?partum|"
                    r"after\s+(?:giving\s+birth|delivery|the\s+birth|my\s+c-?section))")


def past_20_weeks(text: str) -> bool:
    return bool(PREGNANCY_WORD.search(text)) and any(20 <= int(m.group(1)) <= 42 for m in PREGNANCY_WEEKS_SAID.finditer(text))


# Bleeding from 20 weeks of pregnancy (visitor_test18: "임신 29주인데 … 선홍색 피가 팬티에 꽤 묻어있어요")
PREGNANCY_BLEEDING = _any(r"하혈|질\s*출혈|(?:팬티|속옷|패드|생리대)(?:에|에서)?\s*(?:\S+\s*){0,2}?(?:피|출혈)|"
                          r"(?:피|출혈)(?:가|이)?\s*(?:\S+\s*){0,2}?(?:팬티|속옷|패드|생리대)",
                          # blood seen on a trip to the toilet (visitor_test27: "I just saw some blood when I went to the
                          # bathroom" at 33 weeks)
                          r"(?:피가|출혈이)\s*(?:좀\s*|조금\s*|살짝\s*)?(?:비쳐|비치|보였|보여|나왔|묻어)",
                          r"(?:saw|noticed|found|there\s+(?:is|was))\s+(?:some\s+|a\s+little\s+|a\s+bit\s+of\s+|a\s+lot\s+of\s+)?"
                          r"(?:bright\s+red\s+)?blood\b(?!\s+(?:test|pressure|sugar|work))|\bI(?:'m|\s+am)\s+bleeding\b|"
                          r"vaginal\s+bleed|bleeding\s+(?:from\s+)?down\s+there|\bspotting\b|blood\s+(?:in|on)\s+(?:my|her|the)\s+"
                          r"(?:underwear|pad|pants|knickers)|passing\s+clots|(?:heavy|heavily)\s+bleed|bleeding\s+heavily")
PRETERM = re.compile(r"(?<!\d)([1-3]\d)\s*(?:weeks?|wks?|주)", _I)
# A belly that went hard and stays hard, with constant pain, late in pregnancy (a placental abruption; visitor_test27: "my
# belly went hard and it hasn't relaxed for like 40 min, it hurts the whole time")
HARD_BELLY = _any(r"배가\s*(?:\S+\s*){0,2}?(?:딱딱|단단|돌처럼|뭉쳐|뭉친)\S*\s*(?:\S+\s*){0,4}?(?:안\s*풀|풀리지\s*않|계속)",
                  r"(?:belly|bump|stomach|uterus|abdomen)\s+(?:\w+\s+){0,2}?(?:went|is|got|has\s+been|turned|feels)\s+"
                  r"(?:rock[-\s]+|really\s+|very\s+)?(?:hard|rigid|tight)\b[^.?!]{0,60}?(?:hasn'?t|won'?t|not|never|doesn'?t)\s+"
                  r"(?:\w+\s+)?(?:relax|soften|let\s+up|go\s+away|eas)")
