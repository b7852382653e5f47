"""Numbers said in words, written as digits for the readings' rules, with where each character came from.

People type readings the way they would say them, and voice input writes them so: "키 백칠십팔에 몸무게 구십이 키로",
"혈압은 백사십에 구십", "몸무게도 쉰두 키로", "one fifty-two over ninety-eight, pulse seventy-eight" (the tenth blind
utterance set). The readings' rules (:mod:`.rules_measurements`) read digits; this pass gives them a copy of the
message with such numbers as digits and a map back to the message, so a reading's span still points at the person's
words. Only forms that are numbers beyond doubt are rewritten: a Sino-Korean number needs 백 or 십 and must end the
word or meet a particle or a unit (백내장, 십이지장, 사십견, 백신 stay words); a native Korean number only before a unit
(ages keep their own rule); an English number needs a tens word or "hundred" ("one" or "two" alone stay words).
"""

from __future__ import annotations

import re

SINO = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
_D = "일이삼사오육칠팔구"
_M = "이삼사오육칠팔구"                    # a multiplier before 백/십 (일백, 일십 are not said)
KO_UNIT = r"\s*(?:키로|킬로|kg|센티|cm|도(?![가-힣])|미리|mmHg)"
# what may follow a Sino-Korean number: the end of a word, a particle, a unit or a copula
KO_AFTER = re.compile(rf"(?![가-힣])|{KO_UNIT}|(?:에|으로|로|이|가|을|를|은|는|도|대)(?![가-힣])|"
                      r"(?:까지|밖에|정도|쯤|이고|인데|이었|이에요|이요|예요|이야|이래|이라|나와|나왔|넘|이상|이하|에서)")
# Voice input writes a number's parts apart ("이백 이십에 백 이십 팔", "팔십 구", visitor_test25): a hundreds word may be
# followed by its tens after one space, and a tens word by its unit; a unit after a space is never 일 ("백 일", "이십 일
# 동안" are days).
SINO_NUMBER = re.compile(rf"(?<![가-힣])(?:(?P<h>[{_M}]?백)(?:(?P<ts>\s)?(?P<t>[{_M}]?십))?(?:(?P<u>[{_D}])|\s(?P<us>[{_M}]))?|"
                         rf"(?P<t2>[{_M}]?십)(?:(?P<u2>[{_D}])|\s(?P<us2>[{_M}]))?)"
                         rf"(?:\s?점\s?(?P<dec>[{_D}영공]))?")
NATIVE_TENS = {"스물": 20, "서른": 30, "마흔": 40, "쉰": 50, "예순": 60, "일흔": 70, "여든": 80, "아흔": 90}
NATIVE_UNITS = {"하나": 1, "한": 1, "둘": 2, "두": 2, "셋": 3, "세": 3, "넷": 4, "네": 4, "다섯": 5, "여섯": 6,
                "일곱": 7, "여덟": 8, "아홉": 9}
NATIVE_NUMBER = re.compile(rf"(?<![가-힣])(?P<t>{'|'.join(NATIVE_TENS)})(?P<u>{'|'.join(NATIVE_UNITS)})?(?={KO_UNIT})")
EN_UNITS = {w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                        "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                        "seventeen", "eighteen", "nineteen"))}
EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
           "ninety": 90}
_TENS_EN = "|".join(EN_TENS)
_UNIT_EN = "|".join(w for w in EN_UNITS if EN_UNITS[w] and EN_UNITS[w] < 10)
_SMALL_EN = "|".join(sorted(EN_UNITS, key=len, reverse=True))
EN_NUMBER = re.compile(
    rf"\b(?:(?P<hw>a|one|two)\s+hundred(?:\s+(?:and\s+)?(?:(?P<ht>{_TENS_EN})(?:[\s-](?P<hu>{_UNIT_EN}))?|"
    rf"(?P<hs>{_SMALL_EN})))?|(?P<lead>one|two)[\s-](?P<lt>{_TENS_EN})(?:[\s-](?P<lu>{_UNIT_EN}))?|"
    rf"(?P<t>{_TENS_EN})(?:[\s-](?P<u>{_UNIT_EN}))?)\b", re.I)


def _sino(m: re.Match[str], text: str) -> tuple[str, int] | None:
    """The digits of a Sino-Korean number and how many characters of the match they stand for; a final 이 before no
    unit is the subject particle ("구십이 나왔어요": 90), not a 2 ("구십이 키로": 92). A part said after a space that
    leaves no word end behind it ("이십 사이에") is not read: the number ends before it."""
    unit_group = next((g for g in ("u", "u2", "us", "us2") if m.group(g)), None)
    spaced_tens = bool(m.group("ts"))
    hundreds = SINO.get((m.group("h") or "")[:-1], 1) * 100 if m.group("h") else 0
    tens_word = m.group("t") or m.group("t2")
    tens = SINO.get(tens_word[:-1], 1) * 10 if tens_word else 0
    unit_word = m.group(unit_group) if unit_group else None
    end = m.end()
    if unit_word == "이" and not m.group("dec") and not re.match(KO_UNIT, text[end:]):
        unit_word, end = None, m.start(unit_group) - (unit_group in ("us", "us2"))
    if not KO_AFTER.match(text, end) and unit_group in ("us", "us2") and unit_word:
        unit_word, end = None, m.start(unit_group) - 1
    if not KO_AFTER.match(text, end) and spaced_tens and not unit_word:
        tens, end = 0, m.start("ts")
    if not KO_AFTER.match(text, end):
        return None
    value = str(hundreds + tens + SINO.get(unit_word or "", 0))
    if m.group("dec") and end == m.end():
        value += "." + str(SINO.get(m.group("dec"), 0))
    return value, end - m.start()


def _english(m: re.Match[str]) -> str:
    g = {k: (v or "").lower() for k, v in m.groupdict().items()}
    if g["hw"]:
        rest = EN_TENS.get(g["ht"], 0) + EN_UNITS.get(g["hu"], 0) + EN_UNITS.get(g["hs"], 0)
        return str((2 if g["hw"] == "two" else 1) * 100 + rest)
    if g["lead"]:
        return str((2 if g["lead"] == "two" else 1) * 100 + EN_TENS[g["lt"]] + EN_UNITS.get(g["lu"], 0))
    return str(EN_TENS[g["t"]] + EN_UNITS.get(g["u"], 0))


# a temperature's tenths said as 부: "38도 5부" is 38.5도 (utterances_test11)
DEGREE_TENTHS = re.compile(r"(?<![\d.])(\d{2})\s*도\s*(\d)\s*부(?!터)")


def spelled_numbers(text: str) -> tuple[str, list[int]]:
    """``text`` with numbers said in words as digits, and for each character of the result (and one past its end) the
    position in ``text`` it stands for. The text itself, unchanged, when it has none."""
    found: list[tuple[int, int, str]] = []
    for m in SINO_NUMBER.finditer(text):
        if read := _sino(m, text):
            found.append((m.start(), m.start() + read[1], read[0]))
    for m in NATIVE_NUMBER.finditer(text):
        found.append((m.start(), m.end(), str(NATIVE_TENS[m.group("t")] + NATIVE_UNITS.get(m.group("u") or "", 0))))
    found += [(m.start(), m.end(), _english(m)) for m in EN_NUMBER.finditer(text)]
    found += [(m.start(), m.end(), f"{m.group(1)}.{m.group(2)}도") for m in DEGREE_TENTHS.finditer(text)]
    if not found:
        return text, list(range(len(text) + 1))
    pieces: list[str] = []
    where: list[int] = []
    at = 0
    for start, end, digits in sorted(found):
        if start < at:                     # overlapping forms: the first one read
            continue
        pieces.append(text[at:start])
        where += range(at, start)
        pieces.append(digits)
        where += [start] + [end - 1] * (len(digits) - 1)
        at = end
    pieces.append(text[at:])
    where += range(at, len(text) + 1)
    return "".join(pieces), where


def back(where: list[int], start: int, end: int) -> tuple[int, int]:
    """A span of the rewritten text as a span of the message."""
    return where[start], where[end - 1] + 1 if end > start else where[start]
