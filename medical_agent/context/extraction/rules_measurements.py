"""Vitals and lab values by bilingual rules, with units normalised (mmHg, bpm, °C, %, mg/dL, kg, cm ...).

Numbers need context to mean anything ("8.2" is HbA1c only after 당화혈색소/HbA1c), so each measurement is a
keyword, a short gap (particles, "was", "of", "정도"), a number and an optional unit. Specific keywords are
tried before generic ones (공복혈당 before 혈당, LDL before 콜레스테롤) and a number belongs to one
measurement only. mmol/L glucose, °F and lb are converted. Korean is read like English: a topic particle after a
Latin keyword (HbA1c는 8.2%였어요), an approximation (180 정도, 250쯤, 약 210) and a sentence-final full stop
(creatinine 1.4.) do not hide the value.

A change is not a reading: "7킬로 빠졌어요", "lost 5 kg", "혈당이 30 올랐어요" give an amount, not a weight or a
glucose ("300까지 올랐어요", "went up to 250" do give one). A number whose unit alone names the type (178cm, 70kg)
is not that type when another measured thing is named just before it ("my waist is 102 cm", "허리둘레 90cm").

A range is read as its midpoint ("맥박이 90에서 100 사이" → 95, "runs 280 to 320" → 300), or as its end where it
says where a change went ("120에서 150으로 올랐어요", "went from 200 to 150"). Imperial heights are converted
(5'4" → 162.6 cm, "5 foot 10"), as are stones ("11st 4lb"), IFCC HbA1c (58 mmol/mol → 7.5 %), pounds (three
digits without a keyword: "a 50 lb bag" is no weight) and °F ("100.8°F" needs no keyword).

A number is read whole, with its sign ("혈당이 1234예요" is 1234, not 123; "-5" is negative). A value outside the
type's plausible range is not a measurement but a doubt (:class:`Implausible`): the caller stores nothing and
asks. A number followed by another unit (3번, 3일째, 2024년) belongs to something else, and a small number
without the type's unit ("열이 3일째") is not taken as an implausible reading either.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ...number_words import EN_UNITS
from .meal_timing import meal_type, sentence_start, timed_numbers

NUM = r"(?<![\d.])(-?\d+(?:\.\d+)?)(?!\d|\.\d)"
# a short gap, or a habit said in between ("resting heart rate usually sits around 70")
GAP = (r"(?:[^\d\n]{0,15}?|(?:\s+(?:is|are|was|'s))?\s+(?:usually|normally|typically|generally|always|often|tends\s+to)\s+"
       r"[^\d\n]{0,15}?|(?:'s|\s+has|\s+have)\s+been\s+[^\d\n]{0,18}?|"       # "Temp's been between 99.1 and 100.3"
       r"\s+came\s+back\s+[^\d\n]{0,18}?)")       # "my A1c came back around 5.9" (test15), "TSH came back super low, like 0.02"
OTHER_UNIT = re.compile(r"\s*(?:년|개월|달|주|일|시간|분|초|번|차례|살|세|명|원|층|개|알|정(?!도)|병|잔|mg(?!\s*/\s*dl)|mcg|ml|cc|"
                        r"units?\b|years?\b|months?\b|weeks?\b|days?\b|hours?\b|minutes?\b|times?\b|tablets?\b|"
                        r"pills?\b)", re.I)


@dataclass(frozen=True)
class Spec:
    type: str
    slot: str                      # vital | lab
    keywords: str
    unit: str
    low: float
    high: float
    units: str = ""                # alternatives for the optional unit group
    convert: Callable[[float, str], float] | None = None
    value_first: str = ""          # pattern where the number comes first (38.5도, 70kg)


def _glucose(value: float, unit: str) -> float:
    return round(value * 18.016) if "mmol" in unit.lower() else value


def _temp(value: float, unit: str) -> float:
    return round((value - 32) * 5 / 9, 1) if ("f" in unit.lower() or value > 50) else value


def _hba1c(value: float, unit: str) -> float:
    """IFCC mmol/mol → NGSP %: said so, or a bare number no percentage can be (UK results: "HbA1c 41")."""
    mmol = "mmol" in unit.lower() or (not unit.strip() and 20 <= value <= 200)
    return round(value / 10.929 + 2.15, 1) if mmol else value


def _lipid(factor: float, below: float) -> Callable[[float, str], float]:
    """mmol/L → mg/dL: said so, or a decimal number below what any mg/dL result can be (UK results: "cholesterol 5.8,
    LDL 3.9, HDL 1.3, trigs 1.9"; the tenth blind utterance set)."""
    def convert(value: float, unit: str) -> float:
        implied = not unit.strip() and value < below and value != int(value)      # "5.8", not "3 point something"
        return round(value * factor) if "mmol" in unit.lower() or implied else value
    return convert


def _weight(value: float, unit: str) -> float:
    return round(value * 0.4536, 1) if unit.lower().startswith(("lb", "pound", "파운드")) else value


GLU_UNITS = LIPID_UNITS = r"mg/?dl|mmol/?l"
SPECS = [
    # "공복 92, 식후 2시간 128 정도 나와요" (utterances_test27): the meal word alone before a reading, not a time
    Spec("fasting_glucose", "lab", r"공복\s*혈당|(?<![가-힣])공복(?=\s*(?:은|이|에)?\s*\d{2,3}(?![\d.]|\s*(?:시간|분)))|fasting\s+(?:blood\s+)?(?:glucose|sugars?|numbers?|readings?)|\bFBS\b|\bFPG\b|"
         r"\bfasting(?:\s+this\s+morning|\s+today)?(?=\s*(?:was|of|is|at|:)?\s*(?:about\s+|around\s+|roughly\s+)?\d)",
         "mg/dL",              # "A1c 6.9, fasting 128", "fasting this morning was about 125" (utterances_test13)
         40, 600, GLU_UNITS, _glucose),
    Spec("postprandial_glucose", "lab", r"식후\s*(?:2\s*시간\s*)?혈당|"
         r"(?<![가-힣])식후\s*(?:[12]\s*시간\s*)?(?=(?:은|이|에)?\s*\d{2,3}(?![\d.]|\s*(?:시간|분)))|post-?prandial\s+(?:glucose|sugar)|"
         r"\b(?:two|2)\s+hours?\s+after\s+(?:lunch|dinner|breakfast|supper|a\s+meal|meals|eating)", "mg/dL",
         40, 800, GLU_UNITS, _glucose),
    Spec("hba1c", "lab", r"당화\s*혈색소|당화혈색소|\bHb\s?A1c\b|\bA1c\b|hemoglobin\s+a1c|glycated\s+hemoglobin",
         "%", 3, 20, r"%|mmol\s*/\s*mol", _hba1c),
    Spec("random_glucose", "lab", r"혈당|blood\s+(?:glucose|sugars?)|\bglucose\b|\bsugars?\b|"
         r"\b[Bb][Ss](?=\s+(?:this|was|is|of|at|\d))", "mg/dL", 20, 800, GLU_UNITS, _glucose),     # "bs was 212"
    Spec("ldl", "lab", r"\bLDL(?:-C)?\b|엘디엘|나쁜\s*콜레스테롤", "mg/dL", 10, 400, LIPID_UNITS, _lipid(38.67, 10)),
    Spec("hdl", "lab", r"\bHDL(?:-C)?\b|에이치디엘|좋은\s*콜레스테롤", "mg/dL", 5, 200, LIPID_UNITS, _lipid(38.67, 5)),
    Spec("triglycerides", "lab", r"중성\s*지방|\btriglycerides?\b|\btrigs?\b|\bTG\b", "mg/dL", 10, 3000, LIPID_UNITS,
         _lipid(88.57, 10)),
    # "Cholesterol panel from Monday: total around 240, HDL 38" (utterances_test21): the panel's total
    Spec("total_cholesterol", "lab", r"총\s*콜레스테롤|콜레스테롤|(?:total\s+)?cholesterol|"
         r"(?<=panel)[^\d\n.]{0,25}?\btotal\b|(?<=results)[^\d\n.]{0,25}?\btotal\b", "mg/dL", 50, 600,
         LIPID_UNITS, _lipid(38.67, 20)),
    Spec("egfr", "lab", r"사구체\s*여과율|\beGFR\b|\bGFR\b", "mL/min/1.73m2", 1, 200, r"ml/min(?:/1\.73\s*m2)?"),
    Spec("creatinine", "lab", r"크레아티닌|\bcreatinine\b|\bcreat\b|\bCr\b", "mg/dL", 0.1, 20, r"mg/?dl"),
    Spec("uric_acid", "lab", r"요산|uric\s+acid", "mg/dL", 1, 20, r"mg/?dl"),
    Spec("tsh", "lab", r"갑상선\s*자극\s*호르몬|\bTSH\b", "mIU/L", 0.01, 100, r"m?[iu]u/?m?l"),
    Spec("spo2", "vital", r"산소\s*포화도|산소\s*수치|산소(?=가|는|도)|\bSpO2\b|\bO2\s*sats?(?:uration)?\b|"
         r"\boxygen(?:\s+(?:saturation|sats?|level|reading))?\b|\bsats\b|\bsat(?=\s*(?:of\s+|was\s+|is\s+)?\d{2}\s*%)|\bpulse\s+ox\w*|\bO2(?=\s*\d{2}\s*%)", "%", 50, 100,
         r"%"),
    Spec("heart_rate", "vital", r"맥박|심박수|심박|\bpulse\b|heart\s+rate|\bHR\b|\bresting\s+rate\b", "bpm", 25, 250,
         r"회|bpm|beats?(?:\s+per\s+minute)?|/min"),
    Spec("respiratory_rate", "vital", r"호흡수|respiratory\s+rate|\bRR\b|breaths", "/min", 4, 70, r"회|/min"),
    Spec("temperature", "vital", r"체온|열이|미열|고열|\btemp(?:erature)?\b|\bfever\s+of\b|\bthermometer(?:\s+(?:keeps\s+)?(?:reading|reads|read|says|said|shows|showed))?", "°C", 34, 43,
         r"도|℃|°\s*[cf]|[cf]\b|degrees", _temp,
         # "37.9도까지 올랐어요" (utterances_test9): a particle may follow 도; "99.1F" has no degree sign (test23)
         value_first=r"(\d{2}(?:\.\d)?)\s*(도|℃|°\s*C)(?![A-Za-z0-9]|[가-힣](?<!도까)(?<!도쯤)(?<!도였)(?<!도예)(?<!도에)(?<!도가)(?<!도정))|(\d{2,3}(?:\.\d)?)\s*(°\s*F|℉|(?<=\.\d)F)(?![A-Za-z])"),
    Spec("weight", "vital", r"체중|몸무게|\bweight\b|\bweigh\b", "kg", 2, 350, r"kg|킬로|키로|lbs?|pounds?|파운드",
         _weight, value_first=r"(\d{2,3}(?:\.\d)?)\s*(kg|킬로그램|킬로|키로)(?![A-Za-z0-9])|(\d{3}(?:\.\d)?)\s*(lbs?|pounds|파운드)\b"),
    Spec("height", "vital", r"(?<![가-힣\d])키(?!로)|신장은|\bheight\b|\btall\b", "cm", 40, 230, r"cm|센티",
         value_first=r"(\d{3}(?:\.\d)?)\s*(cm|센티)(?![A-Za-z0-9])"),
    Spec("bmi", "vital", r"\bBMI\b|체질량\s*지수", "kg/m2", 10, 80, r"kg/m2"),
]
SYSTOLIC, DIASTOLIC = (60, 260), (30, 160)          # mmHg; and systolic above diastolic


def plausible_pressure(systolic: float, diastolic: float) -> bool:
    return SYSTOLIC[0] <= systolic <= SYSTOLIC[1] and DIASTOLIC[0] <= diastolic <= DIASTOLIC[1] and \
        systolic > diastolic


# The two numbers named as upper and lower: "혈압 쟀는데 위에가 98 아래가 60", "top number 150, bottom 95",
# "systolic 150 diastolic 95", "윗혈압 152 아랫혈압 97" (위/아래 and top/bottom only after a blood-pressure word).
_UPPER = (r"(?:(?:혈압|\bBP\b|blood\s+pressure)[^\n.?!]{0,25}?(?:(?<![가-힣])위(?:에|쪽|에서)?(?:가|는|이|은)?|"
          r"\btop(?:\s+number)?(?:\s+(?:is|was|of))?)|(?:수축기|윗|최고)(?:\s*혈압)?(?:은|는|이|가)?|"
          r"\bsystolic(?:\s+(?:is|was|of))?)")
_LOWER = (r"(?:(?<![가-힣])아래(?:에|쪽|에서)?(?:가|는|이|은)?|밑(?:에|이|은|에가)?|\bbottom(?:\s+number)?(?:\s+(?:is|was|of))?|"
          r"(?:이완기|아랫|최저)(?:\s*혈압)?(?:은|는|이|가)?|\bdiastolic(?:\s+(?:is|was|of))?)")
BP_PATTERNS = [
    re.compile(rf"{_UPPER}\s*[:=]?\s*(\d{{2,3}})(?!\d|\.\d)[^\d\n]{{0,12}}?{_LOWER}\s*[:=]?\s*(\d{{2,3}})(?!\d|\.\d)"
               r"\s*(?:mm\s?hg)?", re.I | re.ASCII),
    re.compile(r"(?:혈압|\bBP\b|blood\s+pressure)[^\d\n]{0,15}?(?<![\d.])(\d+)\s*(?:/|over|에|-)\s*(-?\d+)(?!\d|\.\d)"
               r"\s*(?:mm\s?hg)?", re.I | re.ASCII),
    re.compile(r"(?<![\d/.])(\d{2,3})\s*/\s*(\d{2,3})(?![\d/])\s*(?:mm\s?hg)?", re.I | re.ASCII),
    # the pressure word further back in the same sentence ("혈압약은 … 요즘 집에서 재면 118에 76 정도"), or none
    # before "N over M" ("still running 150 over 90"): readings only, never doubts
    re.compile(r"(?:혈압|\bBP\b|blood\s+pressure)[^\d\n.?!]{15,40}?(?<![\d.])(\d{2,3})\s*(?:/|over|에)\s*(\d{2,3})"
               r"(?!\d|\.\d)\s*(?:mm\s?hg)?", re.I | re.ASCII),
    re.compile(r"(?<![\d.])(?<!\d[-–~])(?<!\d\s[-–~]\s)(\d{2,3})\s+over\s+(\d{2,3})(?!\d|\.\d|\s*[-–~]\s*\d)"
               r"(?!\s*(?:%|percent|days?|weeks?|months?|years?|"
               r"hours?|minutes?|times?|kg|kilos?|lbs?|pounds?|stone)\b)\s*(?:mm\s?hg)?", re.I | re.ASCII),
]
# a range of readings, each number a range: "home cuff has been like 138-146 over 88-92 all week" (utterances_test9)
# is its middle, 142/90
BP_RANGE = re.compile(r"(?<![\d.])(\d{2,3})\s*[-–~]\s*(\d{2,3})\s*(?:/|over)\s*(\d{2,3})\s*[-–~]\s*(\d{2,3})(?![\d.])", re.I)
BP_KEYWORD = (True, True, False, False, False)      # a doubt needs the pressure word right before the numbers
# ASCII word boundaries: a Latin keyword followed by a Korean particle (HbA1c는, LDL이) still ends at \b.
_COMPILED = [(s, re.compile(rf"(?:{s.keywords}){GAP}{NUM}\s*({s.units})?" if s.units else
                            rf"(?:{s.keywords}){GAP}{NUM}", re.I | re.ASCII)) for s in SPECS]
# after the number: a Korean change ("7킬로 빠졌어요", "30 올랐어요"; -으로/-까지 would give the value reached)
KO_CHANGE_AFTER = re.compile(r"\s*(?:정도|쯤|가량|이나|나|씩|이상|넘게|넘도록|가까이|더)?\s*(?:이|가|를|을)?\s*(?:빠지|빠졌|빠져|빠짐|줄|늘|쪘|찌|올랐|올라|"
                             r"오르|떨어|내려|내렸|감소|증가|감량|상승|하락)")
# before the number: an English change ("lost about 5 kg", "dropped by 20", "went up 30"; not "went up to 250")
EN_CHANGE_BEFORE = re.compile(r"\b(?:lost|lose|losing|gained|gain|gaining|dropped|drop|fell|rose|put\s+on|increased|"
                              r"decreased|(?:went|gone|go|goes|come|came)\s+(?:up|down)|by)\s+"
                              r"(?:about\s+|around\s+|almost\s+|nearly\s+|over\s+|roughly\s+|like\s+)?$", re.I)
# before a number read by its unit alone: another measured thing ("my waist is 102 cm", "허리둘레 90cm")
OTHER_QUANTITY = re.compile(r"\b(?:waist|hips?|neck|chest|head|arms?|thighs?|calf|circumference|girth|length|size|"
                            r"tumou?r|mass|lump|cyst|nodule|stone|lesion|polyp|wound|cut)\b[^\d,.;]{0,15}$|"
                            r"(?:둘레|종양|혹|결절|결석|물혹|크기|길이|상처)[^\d,.;]{0,6}$|허리(?:는|가)?\s*$|"
                            # the weather's or the water's degrees ("날씨가 35도까지 올라간대요")
                            r"(?:날씨|기온|바깥|밖|실내|방|물|온도|수온|weather|outside)\S{0,2}\s*(?:\S+\s*)?$", re.I)
# a second number after the first: a range ("90에서 100 사이", "280 to 320", "37.5~38도", "between 90 and 100")
RANGE_AFTER = re.compile(r"\s*(?P<link>에서|부터|~|∼|–|-|to\b|and\b)\s*(\d+(?:\.\d+)?)(?!\d|\.\d)")
TO_THE_END = re.compile(r"(?!\s*사이)\s*\S{0,4}?(?:으로|로|까지)")     # not "90에서 110 사이로 나와요", a range                 # 120에서 150으로 올랐어요: where it went
EN_CHANGE_FROM = re.compile(r"\b(?:went|gone|go|goes|rose|risen|fell|fallen|dropped|climbed|jumped|increased|"
                            r"decreased|improved|changed|came|come|up|down)\b[^\d.]{0,15}$", re.I)
FEET = re.compile(r"(?<![\d.])([3-7])\s*(?:'|′|’|ft\b\.?|feet\b|foot\b|피트)\s*"      # "5피트 4인치" (utterances_test27)
                  r"(?:(\d{1,2})\s*(?:\"|″|”|''|in\b|inch(?:es)?\b|인치)?)?")
# a height in words: "six foot one", "five feet two inches"
FEET_WORDS = re.compile(r"\b(four|five|six|seven)\s+(?:foot|feet|ft)\b(?:\s+(?:and\s+)?(\d{1,2}|one|two|three|four|five|"
                        r"six|seven|eight|nine|ten|eleven)\b(?:\s*inch(?:es)?\b)?)?", re.I)
# a weight in stones ("11st 4lb", "13 stone 2"); not a change ("put on a stone") nor where it was ("down from 16 stone")
STONES = re.compile(r"(?<![\d.])(\d{1,2})\s*(?:st\b|stone\b(?!s))(?:\s*(\d{1,2}(?:\.\d)?)(?!\d|\.\d)"
                    r"(?!\s*(?:st\b|stone|foot|feet|ft\b|'|years?\b|months?\b|weeks?\b|days?\b))\s*(?:lbs?\b|pounds?\b)?)?",
                    re.I)
TARGET = re.compile(r"\b(?:target|goal|aim)\b|목표", re.I)
FROM_BEFORE = re.compile(r"\bfrom\s+(?:about\s+|around\s+|almost\s+|nearly\s+|over\s+|roughly\s+)?$", re.I)
_VALUE_FIRST = [(s, re.compile(r"(?<![\d.\-−])" + s.value_first, re.I)) for s in SPECS if s.value_first]


@dataclass(frozen=True)
class Measurement:
    type: str
    slot: str
    value: float | None
    unit: str
    start: int
    end: int
    systolic: int | None = None
    diastolic: int | None = None

    def as_item(self) -> dict[str, object]:
        item: dict[str, object] = {"type": self.type, "unit": self.unit}
        if self.type == "blood_pressure":
            item.update(systolic=self.systolic, diastolic=self.diastolic)
        else:
            item["value"] = self.value
        return item


@dataclass(frozen=True)
class Implausible:
    """A reading no person can have ("혈당 1234", "heart rate 1200 bpm", "체온 -5도"): asked about, not stored."""
    type: str
    value: float
    unit: str
    low: float
    high: float
    start: int
    end: int


def _change(text: str, start: int, end: int) -> bool:
    """The number at ``start`` (its reading ending at ``end``) is an amount of change, not a value."""
    return bool(KO_CHANGE_AFTER.match(text, end) or EN_CHANGE_BEFORE.search(text, max(0, start - 30), start))


def _range(text: str, start: int, end: int, first: float) -> tuple[float, tuple[int, int]] | None:
    """The value of a range whose first number is ``text[start:end]``, and its second number's span."""
    m = RANGE_AFTER.match(text, end)
    if m is None or (m["link"] == "and" and not re.search(r"\bbetween\s+$", text[max(0, start - 10):start])):
        return None
    second = float(m.group(2))
    if TO_THE_END.match(text, m.end()) or EN_CHANGE_FROM.search(text, max(0, start - 30), start):
        return second, m.span(2)                         # a change: where it went
    if not first < second <= first * 2:
        return None                                      # "150-95", "3 to 40" are no ranges of one reading
    return round((first + second) / 2, 2), m.span(2)


def _feet(text: str) -> list[tuple[float, int, int]]:
    """Imperial heights in cm with their spans: 5'4", 5 ft 10 in, 5 foot 10, six foot one."""
    def number(word: str | None) -> int:
        return 0 if not word else int(word) if word.isdigit() else EN_UNITS[word.lower()]

    found = [(number(m.group(1)), number(m.group(2)), m.start(), m.end())
             for pattern in (FEET, FEET_WORDS) for m in pattern.finditer(text)]
    return [(round((feet * 12 + inches) * 2.54, 1), start, end) for feet, inches, start, end in found if inches < 12]


def _stones(text: str) -> list[tuple[float, int, int]]:
    """Weights said in stones and pounds, in kg with their spans (4 to 40 stone: a person, not a kidney stone)."""
    found = []
    for m in STONES.finditer(text):
        stones, pounds = int(m.group(1)), float(m.group(2) or 0)
        if 4 <= stones <= 40 and pounds < 14 and not _change(text, m.start(), m.end()) and \
                not FROM_BEFORE.search(text, max(0, m.start() - 30), m.start()):
            found.append((round((stones * 14 + pounds) * 0.45359, 1), m.start(), m.end()))
    return found


def _free(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return all(span[1] <= a or span[0] >= b for a, b in taken)


def find_measurements(text: str) -> list[Measurement]:
    return read_measurements(text)[0]


def read_measurements(text: str) -> tuple[list[Measurement], list[Implausible]]:
    """(plausible readings, implausible ones), both in text order."""
    out: list[Measurement] = []
    doubts: list[Implausible] = []
    taken: list[tuple[int, int]] = []
    for m in BP_RANGE.finditer(text):
        low, high, low2, high2 = (int(g) for g in m.groups())
        sys_, dia = round((low + high) / 2), round((low2 + high2) / 2)
        if low < high and low2 < high2 and plausible_pressure(sys_, dia):
            out.append(Measurement("blood_pressure", "vital", None, "mmHg", m.start(), m.end(), sys_, dia))
            taken.append(m.span())
    for keyword, pattern in zip(BP_KEYWORD, BP_PATTERNS, strict=True):
        for m in pattern.finditer(text):
            sys_, dia = int(m.group(1)), int(m.group(2))
            if not _free(m.span(1), taken):
                continue
            if plausible_pressure(sys_, dia):  # the reading's words are its numbers ("아빠가 고혈압이라 저도 … 135에 87")
                out.append(Measurement("blood_pressure", "vital", None, "mmHg", m.start(1), m.end(), sys_, dia))
            elif keyword and (sys_ > SYSTOLIC[1] or dia > DIASTOLIC[1] or dia < 0):
                doubts.append(Implausible("blood_pressure", float(sys_), "mmHg", *SYSTOLIC, m.start(), m.end()))
            else:
                continue
            taken.append((m.start(1), m.end(2)))
    for cm, start, end in _feet(text):
        out.append(Measurement("height", "vital", cm, "cm", start, end))
        taken.append((start, end))
    for kg, start, end in _stones(text):
        if _free((start, end), taken):
            out.append(Measurement("weight", "vital", kg, "kg", start, end))
            taken.append((start, end))
    for spec, pattern, by_unit in [*((s, p, False) for s, p in _COMPILED), *((s, p, True) for s, p in _VALUE_FIRST)]:
        for m in pattern.finditer(text):
            group = 1 if m.group(1) is not None else 3           # a value-first pattern may have two forms
            num_span = m.span(group)
            if not _free(num_span, taken):
                continue
            unit = (m.group(group + 1) or "") if m.lastindex and m.lastindex > group else ""
            if not unit and OTHER_UNIT.match(text, num_span[1]):
                continue                                   # 3번, 3일째, 2024년: a count, a duration, a date
            if _change(text, num_span[0], m.end()) or \
                    (by_unit and OTHER_QUANTITY.search(text, max(0, num_span[0] - 25), num_span[0])) or \
                    (not by_unit and TARGET.search(text, m.start(), num_span[0])):
                taken.append(num_span)                     # "my HbA1c target is 48 to 53": a goal, not a reading
                continue
            value = float(m.group(group))
            if (span := _range(text, *num_span, value)) is not None:
                value, second = span
                taken.append(second)
                unit = unit or (re.match(rf"\s*({spec.units})", text[second[1]:], re.I) or [""])[0].strip() \
                    if spec.units else unit
            if spec.convert:
                value = float(spec.convert(value, unit))
            if spec.low <= value <= spec.high:
                value = int(value) if value.is_integer() and spec.unit not in ("%", "°C") else value
                out.append(Measurement(spec.type, spec.slot, value, spec.unit, m.start(), m.end()))
            elif unit or value > spec.high:
                doubts.append(Implausible(spec.type, value, spec.unit, spec.low, spec.high, m.start(), m.end()))
            else:
                continue
            taken.append(num_span)
    out += _meal_timed(text, out, taken)
    return sorted(out, key=lambda x: x.start), sorted(doubts, key=lambda x: x.start)


def _meal_timed(text: str, out: list[Measurement], taken: list[tuple[int, int]]) -> list[Measurement]:
    """Retype (in place) a random glucose said with its meal time; return the bare numbers a meal time makes
    glucose readings (:mod:`.meal_timing`)."""
    out.sort(key=lambda x: x.start)
    for i, reading in enumerate(out):
        if reading.type == "random_glucose":
            left = max([sentence_start(text, reading.start), *(o.end for o in out[:i] if o.end <= reading.start)])
            if kind := meal_type(text, (left, reading.end), reading.end):
                out[i] = replace(reading, type=kind)

    def free(span: tuple[int, int]) -> bool:
        return _free(span, taken) and not OTHER_UNIT.match(text, span[1]) and not _change(text, *span)

    found = [Measurement(kind, "lab", value, "mg/dL", *span) for kind, value, span in timed_numbers(text, free)]
    taken += [(m.start, m.end) for m in found]
    return found
