"""Demographics by bilingual rules: age, age group, gender, pregnancy (and weeks).

Rules, not a model: these facts come in a handful of fixed forms (65세, 65살, 서른다섯 살, 올해 여든이에요, 40대,
65-year-old, I'm 65, in my 40s, 남성/여성, 임신 20주, 20 weeks pregnant) and must be exact. Mentions inside a
family clause ("어머니가 여자라서", "my mother is 70") are ignored by the caller through the assertion detector.
Every age is returned, so that two different ones in one message ("저는 서른 살인데 올해 여든이에요") can be
refused as a contradiction; an age that is not the person's age now is not one: at an age ("50세에 진단", "at age
50", "when I was 50"), a threshold ("65세 이상", "over 65") or someone's ("세 살배기", "my 6-year-old").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...number_words import back, spelled_numbers
from .intake import find_intake

AGE_RANGE = (0, 120)             # exclusive: an age outside it is a doubt, not a fact
PREGNANCY_WEEKS_RANGE = (1, 42)
TENS = {"열": 10, "스무": 20, "스물": 20, "서른": 30, "마흔": 40, "쉰": 50, "예순": 60, "일흔": 70, "여든": 80, "아흔": 90}
UNITS = {"한": 1, "하나": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "네": 4, "넷": 4, "다섯": 5, "여섯": 6, "일곱": 7,
         "여덟": 8, "아홉": 9}
_TENS, _UNITS = "|".join(TENS), "|".join(sorted(UNITS, key=len, reverse=True))
# 서른다섯 살, 스무 살, 다섯 살; a bare tens word only with the copula (올해 여든이에요): 서른 번 is not an age.
KO_NATIVE_AGE = re.compile(rf"(?<![가-힣])(?:(?P<tens>{_TENS})\s?(?P<units>{_UNITS})?\s*(?:살|세)|"
                           rf"(?P<tens2>{_TENS})(?P<units4>{_UNITS})?(?:이에요|이예요|입니다|이야|이고요?|인데요?|이라|예요|에요|야)(?![가-힣])|"
                           # "저 마흔둘 남자고": an age word right before the person's sex; "일흔다섯 먹은 할멈인데" (years
                           # "eaten", utterances_test12)
                           rf"(?P<tens3>{_TENS})(?P<units3>{_UNITS})?(?=\s*(?:된\s*)?(?:남자|여자|남성|여성|주부|직장인|영감|할멈|먹은\s|먹은데|"
                           # "일흔셋 할아버지예요" (utterances_test14)
                           rf"(?:할아버지|할머니|아저씨|아줌마)(?=예요|이에요|입니다|인데|이고|고|라(?:서)?\s)))|"
                           rf"(?P<units2>{_UNITS})\s*살)")
NOT_NOW_AFTER = re.compile(r"\s*(?:에(?!요)|때|부터|무렵|쯤에|이상|이하|미만|초과|넘|전후|이후|이전|전에)")
# 다섯 살 아이, 세 살배기, my 5-year-old son, "my 6-year-old has a fever": someone else's age
SOMEONE_AFTER = re.compile(r"\s*(?:배기|짜리|박이)|\s*(?:된\s*)?(?:아이|아기|애기|아들|딸|어머니|아버지|엄마|아빠|"
                           r"(?:할머니|할아버지)(?!예요|이에요|입니다|인데|이고|라\s|라서)|남편|아내|동생|"     # "일흔두 살 할머니예요": the speaker
                           r"손자|손녀|조카|친구|강아지|고양이|반려견|반려묘|(?:son|daughter|child|kid|baby|mother|father|mom|dad|wife|"
                           r"husband|brother|sister|grand\w+|friend|nephew|niece|dog|cat|puppy|kitten)\b)", re.I)
SOMEONE_BEFORE = re.compile(r"\b(?:my|our|his|her|their|the)\s+$|"
                            r"(?:첫째|둘째|셋째|막내|큰애|작은애|아이|아기|애기|아들|딸|동생|조카|손자|손녀)\s*\(\s*$", re.I)
NOT_NOW_BEFORE = re.compile(r"\b(?:at|when\s+I\s+was|since|from|by|until|over|above|under|below|than)\s+(?:age\s+)?$",
                            re.I)
AGE_PATTERNS = [
    re.compile(r"(?<![\d.])(-?\d+)\s*(?:세|살|歲)"),
    re.compile(r"(?<!\d)(\d{1,3})[\s-]*(?:(?:year|yr)s?[\s-]*(?:old|young)|y/?o\b|y\.o\.)", re.I),     # 63 yo, 63 y/o
    # not a distance or a wait: "I'm twenty minutes from home" (visitor_test25, dictated)
    re.compile(r"\b(?:i'?m|i am|aged?|age:?)\s+(\d{1,3})\b(?!\s*(?:kg|cm|lb|%|mg|weeks?|days?|times?|years?\s+ago|"
               r"['′’\"]|ft\b|feet|foot|inch|pounds?|stone|minutes?|mins?\b|hours?|hrs?\b|seconds?|miles?|km\b|blocks?|"
               r"steps?|points?|percent|away\b))",
               re.I),
    re.compile(r"나이(?:는|가)?\s*(-?\d+)(?![\d.])"),
    # "Just turned 70, female, type 2 for 15 yrs" (utterances_test17): the speaker's birthday, opening a sentence
    # "… and I turned 50 in May" (utterances_test24)
    re.compile(r"(?:^|(?<=[.!?]\s)|(?<=,\s)|(?<=\band\s))\W{0,2}(?:I\s+(?:just\s+)?|just\s+)?turned\s+(\d{2})\b"
               r"(?!\s*(?:mg|kg|%|lbs?|pounds?|times?))", re.I),
    # "Proud grandpa of four, turned 71 in April", "Mom of three under five, 34, and running on empty" (test19)
    re.compile(r"^\W{0,2}(?:proud\s+|busy\s+|tired\s+)?(?:mom|mum|mother|mama|dad|father|grandpa|grandma|granny|grandad|"
               r"grandfather|grandmother|nana)\s+(?:of|to)\s+[\w\s-]{1,25}?,\s*(\d{2})\s*,", re.I),
    # "At 72 I finally found a sport I love" (utterances_test29): the age now, opening a sentence before "I"
    re.compile(r"(?:^|(?<=[.!?]\s))\W{0,2}At\s+(\d{2}),?\s+(?=I\b|I'(?:m|ve)\b)"),
]
AT_OPENING = re.compile(r"(?:^|[.!?]\s)\W{0,2}At\s+$")
# A birthday to come: "I turn 60 next month", "I'll be 40 next year" (utterances_test19): one year less now
AGE_NEXT = re.compile(r"\bI(?:\s+|'ll\s+be\s+|\s+will\s+be\s+)(?:turn\s+)?(\d{2})\s+(?:next|this\s+coming|in\s+a\s+(?:few\s+)?)\s*"
                      r"(?:month|week|year|weeks|months|days?)\b", re.I)
# "Turned the big four-oh last week" (utterances_test19)
BIG_OH = re.compile(r"\b(?:turned|turning|hit|hitting)\s+the\s+big\s+(?:(two|three|four|five|six|seven|eight|nine)[\s-]*(?:oh|o)|"
                    r"([2-9])[\s-]?(?:0|oh))\b", re.I)
TENS_EN = {"two": 20, "three": 30, "four": 40, "five": 50, "six": 60, "seven": 70, "eight": 80, "nine": 90}
# 환갑, 칠순, 팔순 told of the speaker ("지난달에 환갑 잔치를 치른 할아버지예요", utterances_test19); a relative's ("아버지
# 칠순 잔치") is theirs: the word before is not a relative
KO_BIRTHDAY_AGE = re.compile(r"(?<!지|니|빠|마|님|모|인)\s?(환갑|칠순|팔순)(?:\s*잔치)?(?:을|를)?\s*(?:치른|지낸|맞은|넘긴|지난|치렀|지냈|넘겼|"
                             r"이에요|이예요|입니다|인데)")
KO_BIRTHDAY = {"환갑": 60, "칠순": 70, "팔순": 80}
# The forum shorthand "45 M here", "67F, type 2 …": an age and a sex letter opening the message or a sentence (or
# with "here"), so that a temperature ("fever of 101 F") is not one.
AGE_THEN_SEX = re.compile(r"(?:^|(?<=\bMe:\s)|(?<=\bme:\s)|(?<=[.!?]\s))\W{0,2}(\d{2}),?\s+(?:male|female|man|woman|M|F)\b")
# "29F on the implant …": the shorthand opening a message before words (2 digits below 90: "99F" is no fever there)
AGE_SEX_OPENING = re.compile(r"^\W{0,2}([1-8]\d)([MF])(?=\s+[a-z])")
# "M, 29. Creamy discharge …" (the letter first), "im 23 f and sometimes …" (utterances_test14)
SEX_THEN_AGE = re.compile(r"^\W{0,2}(M|F)\s*,\s*(\d{2})(?=\s*[.,;:]|\s*$)")
# a profile typed as a list, "Age 47 / M / 5'11\" / 190 lb" (utterances_test23): the sex a bare letter after the age
LISTED_SEX = re.compile(r"\b[Aa]ge\s*:?\s*\d{1,3}\s*[/|;]\s*(M|F)(?=\s*[/|;,]|\s*$)")
IM_AGE_SEX = re.compile(r"\bi'?m\s+(\d{2})\s?([mf])\b(?=\s*(?:and|but|with|so|[,.;]|$))", re.I)
AGE_SEX = re.compile(r"(?:^|(?<=[.!?:;(]\s)|(?<=[.!?:;(])|(?<=\bI'm\s)|(?<=\bI\sam\s)|(?<=\blol,\s)|(?<=\bhere,\s))\W{0,2}(\d{2})\s?([MF]|[mf](?=,))(?![\w'’°])(?=\s*(?:here\b|[,.;:)/]|$))"
                     r"|\b(\d{2})\s?([MF])\s+here\b|(?<=\bI'm\s)(\d{2})\s?\(([MF])\)")     # "I'm 41 (F) and …"
PAST_BEFORE = re.compile(r"^(?!.*\b(?:I'?m|I\s+am|now)\b).*\b(?:had|passed|got|was|were|did|broke|\w{3,}ed)\b", re.I)
AGE_GROUP_PATTERNS = [
    re.compile(r"(?<!\d)([1-9])0\s*대(?!\s*(?:에|때|시절|초반에|중반에|후반에|부터))"),    # "20대에 … 수술을 받았고요": then
    re.compile(r"\bin\s+(?:my|his|her|their)\s+(?:early\s+|mid\s+|late\s+)?([1-9])0'?s\b", re.I),
    re.compile(r"\b(?:a|an)\s+([1-9])0'?s\s+(?:man|woman|male|female|person)", re.I),
]
# "guy", "dude" and "gal" say the sex only of the speaker's own description ("29 yr old guy here", "I'm a guy"), not
# of anyone ("a guy at work"); an age before them (with or without "year old") or "I'm a" makes it one.
SELF_DESCRIBED = r"(?:(?<=\bI'm\s)|(?<=\bI\sam\s)|(?<=\bI'm\sa\s)|(?<=\bI\sam\sa\s)|(?<=\d\s)|(?<=old\s)|(?<=yo\s))"
ELDER_AGE = r"(?:(?<=살\s)|(?<=[\d나둘셋넷섯곱덟홉열물른흔쉰순든]\s))"     # "일흔셋 할아버지예요", not "저희 할아버지예요"
NOT_OF_A_PERSON = r"(?!\s*(?:호르몬|형|질환|암|병|탈모|용|전용|의학|의원|갱년기))"    # 여성호르몬 is no sex (test17)
# "서른일곱 된 아줌마예요", "마흔여덟 먹은 아저씨고요" (utterances_test17): an age, then how people call such a person
MIDDLE_AGED = r"(?:(?<=된\s)|(?<=먹은\s))"
STUDENT_AGE = r"(?:(?<=살\s)|(?<=세\s))"        # "23살 여대생이에요" (utterances_test27), not "딸이 여대생인데"
BIRTHDAY_TOLD = r"(?:(?<=치른\s)|(?<=지낸\s)|(?<=넘긴\s)|(?<=맞은\s))"      # "환갑 잔치를 치른 할아버지예요" (test19)
PARENT_OF = r"(?:^\W{0,2}(?:proud\s+|busy\s+|tired\s+)?)"                  # "Proud grandpa of four, …" opening (test19)
MALE = re.compile(rf"남성{NOT_OF_A_PERSON}|남자(?!\s*친구)|남잔데|(?:{ELDER_AGE}|{BIRTHDAY_TOLD}|{MIDDLE_AGED})할아버지(?=예요|이에요|입니다|인데|이고)|"
                  rf"{PARENT_OF}(?:dad|father|grandpa|grandad|grandfather)(?=\s+(?:of|to)\s+\w)|"
                  rf"{MIDDLE_AGED}(?:아저씨|영감)(?=예요|이에요|입니다|인데|이고|고)|{STUDENT_AGE}남(?:대생|고생|학생)|\b(?:male|man|boy|gentleman)\b|{SELF_DESCRIBED}(?:guy|dude)\b|"
                  # "I'm the dad-to-be, 38" (utterances_test24)
                  r"(?<=\bI'm\sthe\s)(?:dad|father)-to-be\b", re.I)
FEMALE = re.compile(rf"여성{NOT_OF_A_PERSON}|여자(?!\s*친구)|여잔데|임산부|할멈(?=인데|이에요|이고|입니다)|"
                    rf"(?:{BIRTHDAY_TOLD}|{MIDDLE_AGED})할머니(?=예요|이에요|입니다|인데|이고|라(?:서)?\s)|"
                    rf"{PARENT_OF}(?:mom|mum|mother|mama|grandma|granny|grandmother|nana)(?=\s+(?:of|to)\s+\w)|"
                    rf"{MIDDLE_AGED}아줌마(?=예요|이에요|입니다|인데|이고|고)|{STUDENT_AGE}여(?:대생|고생|학생)|{ELDER_AGE}할머니(?=예요|이에요|입니다|인데|이고)|\b(?:female|woman|girl|lady)\b|{SELF_DESCRIBED}gal\b", re.I)
# "the lady across the hall", "that man", "another woman" (utterances_test29's round): someone else, not the speaker
# (but "I'm the dad-to-be")
SOMEONE_PLACED = re.compile(r"(?<!\bI'm\s)(?<!\bIm\s)(?<!\bI\sam\s)\b(?:the|this|that|another)\s+(?:[a-z]+\s+)?$", re.I)
# a positive test is a pregnancy: "방금 임테기 두줄 나왔어요" (the seventh blind pairwise round: enalapril went on
# without the pregnancy rule); "pregnancy" alone in "pregnancy test" is matched by the first form only when positive
PREGNANT = re.compile(r"임신(?!\s*테스트)|임산부|임테기.{0,10}두\s*줄|두\s*줄.{0,6}임테기|임신\s*테스트(?:기)?.{0,10}(?:두\s*줄|양성)|"
                      r"(?<!임신\s)(?<!임신)테스트기(?:에|에서|가|는)?\s*(?:선명하게\s*)?두\s*줄|\bpositive\s+pregnancy\s+test\b|\bpregnancy\s+test\s+(?:is\s+|was\s+|came\s+(?:back|out)\s+)?positive\b|"
                      r"\bpregnan(?:t|cy)\b(?!\s+test)|"
                      # "Had my 20-week anatomy scan yesterday and the baby looks perfect" (utterances_test24)
                      r"\bmy\s+(?:\d{1,2}[\s-]*(?:weeks?|wk)\s+)?(?:anatomy|dating|nuchal|anomaly)\s+scan\b|"
                      # "둘째 가졌는데 이제 16주예요" (utterances_test19): a child conceived
                      r"(?:첫째|둘째|셋째|넷째|아기|애기|아이)(?:를|을)?\s*가졌(?:는데|어요|고|습니다)", re.I)
# "Not pregnant (my period came Monday)", "임신 테스트도 음성이었어요" (utterances_test19): the person is not pregnant
NOT_PREGNANT = re.compile(r"\bnot\s+pregnant\b|\bpregnancy\s+test\s+(?:was\s+|came\s+back\s+|is\s+)?negative\b|"
                          r"\bnegative\s+pregnancy\s+test\b|임신(?:은|이)?\s*(?:아니|아닐|아닙|아님)|"
                          # "소파술 받고 지금은 임신 상태가 아니에요" (utterances_test30's round)
                          r"임신\s*(?:상태|중)(?:가|이|은|는)?\s*(?:아니|아닙|아님)|임신\s*테스트(?:기)?(?:도|는|가|를\s*했는데)?\s*"
                          r"(?:\S+\s*)?음성|임테기(?:도|는)?\s*(?:\S+\s*)?(?:한\s*줄|음성)", re.I)
# A birth told as done: a pregnancy said beside it without its weeks is the one that ended ("애 낳은 지 넉 달 됐어요.
# 임신 막달에 임신중독증이 왔었는데 …", "I had my baby in May and was diabetic while pregnant")
BIRTH_TOLD = re.compile(r"(?:낳은\s*지|출산한\s*지|출산\s*후|출산하고|낳고\s*나서|(?:애|아기|아이)(?:를)?\s*낳고|분만\s*후|"
                        # "3주 전에 출산했어요", "Baby girl arrived on the 3rd" (utterances_test30's round)
                        r"출산했|(?:애|아기|아이|딸|아들)(?:를|을)?\s*낳았|"
                        r"\bbaby\s+(?:boy\s+|girl\s+)?(?:arrived|was\s+born)\b|"
                        r"\bgave\s+birth\b|\bhad\s+(?:my|the|our)\s+(?:baby|son|daughter|twins)\b|\bpost-?partum\b|"
                        r"\bsince\s+(?:the|my)\s+baby\s+(?:was\s+born|arrived|came)\b)", re.I)
# "아마 임신은 아닐 거예요", "probably not pregnant" (utterances_test31): a guess, neither yes nor no
HEDGED_BEFORE = re.compile(r"(?:아마|아마도|probably|maybe|I\s+think|I\s+don'?t\s+think|not\s+sure|likely)\W*(?:\S+\s+){0,3}\W*$",
                           re.I)
PREGNANT_AGAIN = re.compile(r"\bnow\b|\bagain\b|\bcurrently\b|지금|현재|다시|또\s", re.I)
PREGNANCY_WEEKS = [re.compile(r"임신\s*(-?\d+)\s*주"), re.compile(r"(?<![\d.])(-?\d+)\s*주\s*(?:차\s*)?임산부"),
                   re.compile(r"(?<![\d.])(-?\d+)\s*weeks?\s+pregnant\b", re.I),
                   re.compile(r"\bpregnant[^.\d]{0,25}?(-?\d+)\s*weeks?\b", re.I),
                   re.compile(r"(?<![\d.])(\d{1,2})\s*(?:weeks?|wks?)\s+(?:along|gone)\b", re.I),   # "24 weeks along"
                   # "I'm 31 weeks and my OB says …": a person's weeks are a pregnancy's (not "31 weeks postpartum")
                   re.compile(r"\bI(?:'m|\s+am)\s+(?:now\s+|about\s+|almost\s+|nearly\s+)?(\d{1,2})\s*(?:weeks?|wks?)\b"
                              r"(?!\s+(?:old|ago|post\w*|out|since|after|into|in\b|of\b))", re.I)]


# "Dad of two here, 51." (utterances_test21): the speaker introduced as someone "here", then the age
SELF_HERE_AGE = re.compile(r"\b(?:dad|mom|mum|father|mother|guy|man|woman|lady|girl|grandma|grandpa|granny|nurse|teacher|"
                           r"student|retiree)(?:\s+of\s+\w+)?\s+here\s*,\s*(\d{2})(?=\s*[.,;!]|\s+(?:and|yo|years?)\b|$)|"
                           r"\bI'm\s+the\s+(?:dad|mom|mum|father|mother)-to-be\s*,\s*(\d{2})(?=\s*[.,;!]|\s+and\b)", re.I)


@dataclass(frozen=True)
class RuleHit:
    field: str
    value: object
    start: int
    end: int
    plausible: bool = True          # False: "-5세", "임신 50주" — asked about, never stored
    scope: tuple[int, int] | None = None    # the list part it was told in (:mod:`.intake`): judged inside it


def _first(patterns: list[re.Pattern[str]], text: str) -> re.Match[str] | None:
    found = [m for p in patterns for m in [p.search(text)] if m]
    return min(found, key=lambda m: m.start()) if found else None


def _native(m: re.Match[str]) -> int:
    tens = TENS.get(m.group("tens") or m.group("tens2") or m.group("tens3") or "", 0)
    return tens + UNITS.get(m.group("units") or m.group("units2") or m.group("units3") or m.group("units4") or "", 0)


def _digit_ages(text: str) -> list[tuple[int, int, int, bool]]:
    """The ages written in digits: start, end, value, and whether a copula ends its clause (never here)."""
    found = [(m.start(1), m.end(), int(m.group(1)), False) for p in AGE_PATTERNS for m in p.finditer(text)]   # "I'm 41"
    found += [(m.start(), m.end(), int(m.group(1) or m.group(3) or m.group(5)), False) for m in AGE_SEX.finditer(text)]
    found += [(m.start(1), m.end(1), int(m.group(1)), False) for m in AGE_THEN_SEX.finditer(text)]
    found += [(m.start(2), m.end(2), int(m.group(2)), False) for m in SEX_THEN_AGE.finditer(text)]
    found += [(m.start(1), m.end(1), int(m.group(1)), False) for m in IM_AGE_SEX.finditer(text)]
    found += [(m.start(m.lastindex), m.end(m.lastindex), int(m[m.lastindex]), False) for m in SELF_HERE_AGE.finditer(text)]
    return found + [(m.start(1), m.end(2), int(m.group(1)), False) for m in AGE_SEX_OPENING.finditer(text)]


def find_ages(text: str) -> list[RuleHit]:
    """Every age the text may give as the person's age now, in text order (one per number)."""
    # "저 마흔일곱인데 아빠가 …": the copula ends the clause, so the person word after it is not whose age it is
    found = [(m.start(), m.end(), _native(m), bool(m.group("tens2"))) for m in KO_NATIVE_AGE.finditer(text)]
    found += _digit_ages(text)
    found += [(m.start(1), m.end(1), int(m.group(1)) - 1, False) for m in AGE_NEXT.finditer(text)]
    found += [(m.start(), m.end(), TENS_EN[m.group(1).lower()] if m.group(1) else int(m.group(2)) * 10, False)
              for m in BIG_OH.finditer(text)]
    found += [(m.start(1), m.end(1), KO_BIRTHDAY[m.group(1)], False) for m in KO_BIRTHDAY_AGE.finditer(text)]
    spelled, where = spelled_numbers(text)          # "Sixty-eight years young" (utterances_test10)
    if spelled is not text:
        found += [(*back(where, start, end), age, ends) for start, end, age, ends in _digit_ages(spelled)]
    hits: list[RuleHit] = []
    for start, end, age, clause_ends in sorted(found):
        before = text[:start]
        opening_at = AT_OPENING.search(before)          # "At 72 I finally found a sport": now, not then
        if NOT_NOW_AFTER.match(text, end) or (not clause_ends and SOMEONE_AFTER.match(text, end)) or \
                (NOT_NOW_BEFORE.search(before) and not opening_at) or SOMEONE_BEFORE.search(before) or \
                any(start < h.end and h.start < end for h in hits):
            continue
        hits.append(RuleHit("age", age, start, end, AGE_RANGE[0] < age < AGE_RANGE[1]))
    return hits


def ended_pregnancy(text: str, hit: RuleHit, hits: list[RuleHit]) -> bool:
    """The pregnancy ``hit`` names is one a birth in the message ended: the birth is told (:data:`BIRTH_TOLD`), no
    weeks are given, and nothing near says it is a new one ("now I'm pregnant again")."""
    return bool(BIRTH_TOLD.search(text)) and not any(h.field == "pregnancy_weeks" for h in hits) and \
        not PREGNANT_AGAIN.search(text, max(0, hit.start - 20), hit.end + 10)


# Conditions a birth ends: told beside a birth, without "still", they are the pregnancy's, now over ("3주 전에
# 출산했어요. 임신 중에 임신성 당뇨 때문에 인슐린을 맞았는데 …", "Baby girl arrived on the 3rd! The preeclampsia settled down")
ENDED_WITH_BIRTH = frozenset({"C0032961", "C0085207", "C0032914"})     # Pregnancy, Gestational diabetes, Pre-eclampsia
STILL_NEAR = re.compile(r"\bstill\b|아직|여전히|계속", re.I)


def over_with_birth(text: str, cui: str, start: int, end: int) -> bool:
    """The mention at ``start``–``end`` of a condition a birth ends (:data:`ENDED_WITH_BIRTH`) belongs to a pregnancy a
    birth in the message ended (:func:`ended_pregnancy`), and nothing right after it says it is still there."""
    return cui in ENDED_WITH_BIRTH and not STILL_NEAR.search(text, max(0, start - 30), min(len(text), end + 40)) and \
        ended_pregnancy(text, RuleHit("is_pregnant", True, start, end), find_demographics(text))


def find_demographics(text: str) -> list[RuleHit]:
    listed = [RuleHit(h.field, h.value, h.start, h.end, scope=h.scope) for h in find_intake(text)]
    hits = [*listed, *_told(text)]
    return [h for h in hits if h.scope or not any(
        o.scope and o.field == h.field and h.start < o.end and o.start < h.end for o in listed)]


def _told(text: str) -> list[RuleHit]:
    """The demographics told in words and shorthand outside an intake list."""
    hits: list[RuleHit] = find_ages(text)
    g = _first(AGE_GROUP_PATTERNS, text)
    if g and PAST_BEFORE.search(text[max(0, text.rfind(".", 0, g.start()) + 1):g.start()]):
        g = None            # "Passed two kidney stones in my 30s" (utterances_test17): when it happened, not the age now
    if g:
        hits.append(RuleHit("age_group", f"{g.group(1)}0s", g.start(), g.end()))
    for pattern, value in ((FEMALE, "female"), (MALE, "male")):
        for mm in pattern.finditer(text):
            if not SOMEONE_PLACED.search(text, max(0, mm.start() - 20), mm.start()):
                hits.append(RuleHit("gender", value, mm.start(), mm.end()))
    for mm in AGE_SEX.finditer(text):
        letter = (mm.group(2) or mm.group(4) or mm.group(6)).upper()      # "35 m, no chest pain" (utterances_test9)
        hits.append(RuleHit("gender", "female" if letter == "F" else "male", mm.start(), mm.end()))
    for mm in SEX_THEN_AGE.finditer(text):
        hits.append(RuleHit("gender", "female" if mm.group(1) == "F" else "male", mm.start(1), mm.end(1)))
    for mm in LISTED_SEX.finditer(text):
        hits.append(RuleHit("gender", "female" if mm.group(1) == "F" else "male", mm.start(1), mm.end(1)))
    for mm in IM_AGE_SEX.finditer(text):
        hits.append(RuleHit("gender", "female" if mm.group(2).upper() == "F" else "male", mm.start(2), mm.end(2)))
    for mm in AGE_SEX_OPENING.finditer(text):
        hits.append(RuleHit("gender", "female" if mm.group(2) == "F" else "male", mm.start(1), mm.end()))
    denied = [mm.span() for mm in NOT_PREGNANT.finditer(text)]
    pregnancy = [RuleHit("is_pregnant", False, start, end) for start, end in denied    # a hedge sets nothing
                 if not HEDGED_BEFORE.search(text[max(0, start - 25):start])]
    pregnancy += [RuleHit("is_pregnant", True, mm.start(), mm.end()) for mm in PREGNANT.finditer(text)
                  if not any(start <= mm.start() < end for start, end in denied)]
    hits += sorted(pregnancy, key=lambda h: h.start)    # the last said is now ("임신 12주였는데 지금은 임신 상태가 아니에요")
    w = _first(PREGNANCY_WEEKS, text)
    if w:
        weeks = int(w.group(1))
        low, high = PREGNANCY_WEEKS_RANGE
        hits.append(RuleHit("pregnancy_weeks", weeks, w.start(), w.end(), low <= weeks <= high))
    return hits
