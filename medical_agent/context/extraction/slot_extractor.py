"""Extract the six slots of one message: concept linking (MedCAT or the dictionary) for conditions, symptoms
and medications, bilingual rules for demographics, vitals and labs, and an assertion for every mention.

The result (``slot_out``) is this turn's evidence only; the profile store decides what it changes.
Vital/lab *concept* mentions without a value ("blood pressure") carry no reading and are left out.
What cannot be true is not stored but listed in ``slot_out["doubts"]``, and the reply asks about it: a value
outside its plausible range ("혈당이 1234예요", "나이 -5세", "임신 50주") or facts that contradict each other in one
message ("저는 남자이고 임신 중이에요", a pregnant five-year-old, two ages, a woman's prostate, diabetes denied and
type 1 diabetes held): those are refused whole, the Pregnancy condition mention and the rest of the person's
description included (:mod:`.contradictions`). Values and demographics follow the mentions' assertion: a number in
a question ("당화혈색소 7 넘으면 위험한 거야?", "What does an A1c of 6.5 mean?") or of someone else is not the
person's reading. A mention that names a state (a lay description, or a Korean name with a predicate: "혈압이 높")
is not made the person's by "my" in a question: "Will my sugar go up?" asks whether it is so.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...number_words import back, spelled_numbers
from ...text import detect_language
from . import assertion as A
from .clauses import SENTENCE_END, past_tense, predicate_within
from .contradictions import (
    CLASS_TOPICS,
    body_contradiction,
    condition_contradiction,
    demographic_contradictions,
    denied_and_held,
    group_contradiction,
    medication_contradiction,
    overlaps,
    refuse_identity,
    sex_contradiction,
)
from .mentions import ConceptLinker, Mention, holds
from .retaken import retaken
from .rules_demographics import ended_pregnancy, find_demographics, over_with_birth
from .rules_lay import LayConditions, lay_assertion, names_a_reason
from .rules_measurements import Implausible, Measurement, read_measurements

SLOT_OF = {"condition": "conditions", "symptom": "symptoms", "medication": "medications"}
DURATION = re.compile(r"^[^.\n]{0,12}?(\d{1,2})\s*(년|개월|달|주|years?|months?|weeks?)\s*(?:째|동안|전부터|간)?", re.I)
EN_DURATION = re.compile(r"\bfor\s+(\d{1,2})\s+(years?|months?|weeks?)\b", re.I)
DOSE = re.compile(r"^[^.\n]{0,6}?(\d+(?:\.\d+)?)\s*(mg|mcg|µg|g|units?|iu|단위|밀리그램|정)\b", re.I)
MAX_CHARS = 20_000
# a vaccine names the illness it prevents and a test panel the ones it looks for: "had my flu shot Tuesday", "파상풍
# 주사 꼭 맞아야 돼요?", "Full STI panel" (utterances_test9 to test11) are no influenza, tetanus or infection
NAMED_BY_TEST_OR_VACCINE = re.compile(r"\s?(?:shots?|jabs?|vaccines?|vaccinations?|boosters?|immuni[sz]ations?|panels?|"
                                      r"screen(?:ing)?s?|주사|예방\s?접종|백신)(?![a-z가-힣])|\s?(?:예방\s?주사|접종)", re.I)
# a symptom's medicine is a kind of medicine: "콧물약 중에 …" (utterances_test17) names no runny nose
MEDICINE_FOR = re.compile(r"약(?:은|는|이|가|을|를|도|중|에|으로|로|\s|$)")
NOT_THE_PERSONS = (A.FAMILY, A.HYPOTHETICAL)
SELF_BEFORE = re.compile(r"(?:(?<![가-힣])(?:저|나|전|난)\s*같은|저는|(?<![가-힣])전|나는|\bI'?m\s+a|\bI\s+am\s+a|\bas\s+a)\s*$", re.I)       # a reading or a demographic said of someone else, or asked about
Said = dict[str, list[tuple[str, tuple[int, int]]]]  # a demographic field or gender -> the words that said it


def _named_by_member(text: str, m: Mention, mentions: list[Mention]) -> bool:
    """``m`` names a class of medicines and a member of it follows in its sentence, which names it better: "당뇨약은
    트라젠타 하나만 먹고 있어요" (utterances_test7) takes linagliptin, not a second, unnamed diabetes medicine."""
    members = CLASS_TOPICS.get(m.name, frozenset())
    return any(o.topic in members and m.end <= o.start and not SENTENCE_END.search(text, m.end, o.start)
               for o in mentions)


# A generic symptom beside a specific one of its kind is the same complaint said again ("가슴이 콕콕 쑤시는데 … 누르면 더
# 아파요", "pain during sex … the pain is already easing", "itchy flaky scalp … the itching has calmed": utterances_test12)
SAID_BETTER = {"Pain": ("pain", "ache", "algia", "cramp"), "Itching": ("itch",)}


def _said_better(m: Mention, mentions: list[Mention]) -> bool:
    """``m`` is a generic symptom and the message names a specific one of its kind."""
    kinds = SAID_BETTER.get(m.name, ())
    return any(o.name != m.name and any(k in o.name.lower() for k in kinds) for o in mentions)


BRACKET_OPEN = re.compile(r"\s*[(\[（]")


def _part_of_bracketed_combination(text: str, m: Mention, mentions: list[Mention]) -> bool:
    """``m`` is one part of a combination medicine spelled out in brackets after its name: "트윈스타(텔미사르탄+
    암로디핀)" (utterances_test16) is one medicine, not three."""
    if m.slot != "medication":
        return False
    for o in mentions:
        if o.slot != "medication" or o.end > m.start or " / " not in o.name:
            continue
        opened = BRACKET_OPEN.match(text, o.end)
        if opened and ")" not in text[opened.end():m.start] and \
                m.name.lower() in (part.strip().lower() for part in o.name.split(" / ")):
            return True
    return False


def empty_slots() -> dict[str, Any]:
    return {"demographics": {"age": None, "age_group": None, "gender": None, "is_pregnant": None,
                             "pregnancy_weeks": None},
            "conditions": [], "symptoms": [], "medications": [], "vitals": [], "labs": [], "doubts": []}


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class SlotExtractor:
    def __init__(self, linker: ConceptLinker, clock: Callable[[], str] = _now, lay: LayConditions | None = None):
        self.linker, self.clock, self.lay = linker, clock, lay

    def mentions(self, text: str) -> list[Mention]:
        """The concept linker's mentions and lay descriptions of conditions where it named none (a measurement
        word such as "혈압" may be inside a lay description); a name said in another form that holds a linked
        mention whole names more ("pain in my chest" over "pain") and replaces it."""
        linked = self.linker.link(text)
        named = [(m.start, m.end) for m in linked if m.slot in SLOT_OF]
        lay = self.lay.find(text, named) if self.lay else []
        linked = [m for m in linked if not any(holds((x.start, x.end), (m.start, m.end)) for x in lay)]
        return sorted([*linked, *lay], key=lambda m: m.start)

    def extract(self, text: str) -> dict[str, Any]:
        text = (text or "")[:MAX_CHARS]
        slots = empty_slots()
        slots["language"] = detect_language(text)
        if not text.strip():
            return slots
        stamp = self.clock()
        slots["doubts"], refused, said = self._demographics(text, slots["demographics"])
        mentions = [m for m in self.mentions(text) if m.slot in SLOT_OF and
                    not (m.slot != "medication" and (NAMED_BY_TEST_OR_VACCINE.match(text, m.end) or
                                                     MEDICINE_FOR.match(text, m.end))) and
                    "처럼" not in text[m.end - 1:m.end + 2]]       # "여성호르몬처럼 작용해서": a likeness (test17)
        mentions = [m for m in mentions if not _named_by_member(text, m, mentions) and not _said_better(m, mentions)
                    and not _part_of_bracketed_combination(text, m, mentions)]
        others = [(m.start, m.end, m.slot) for m in mentions]
        for m in mentions:
            state = m.source == "lay" or predicate_within(text, m.start, m.end)      # "Will my sugar go up?"
            assertion = A.classify(text, m.start, m.end, others=others, possessive=not state,
                                   kept=m.name not in CLASS_TOPICS)
            if m.source == "lay":
                assertion = lay_assertion(text, m, assertion)
            elif assertion == A.PRESENT and over_with_birth(text, m.cui, m.start, m.end):
                assertion = A.HISTORICAL
            item: dict[str, Any] = {"name": m.name, "cui": m.cui, "tui": m.tui, "text": m.text,
                                    "span": [m.start, m.end], "confidence": round(m.confidence, 3),
                                    "assertion": assertion, "timestamp": stamp, "source": m.source}
            tail = text[m.end:m.end + 40]
            if m.slot == "medication" and (dose := DOSE.search(tail)):
                item["dose"] = f"{dose.group(1)} {dose.group(2)}"
            elif m.slot == "condition" and (d := DURATION.search(tail) or EN_DURATION.search(tail)):
                item["duration"] = f"{d.group(1)} {d.group(2)}"
            slots[SLOT_OF[m.slot]].append(item)
        readings, implausible = self._readings(text)
        for meas in readings:
            if A.classify(text, meas.start, meas.end, reading=True) in NOT_THE_PERSONS:
                continue
            reading = meas.as_item()
            reading.update(timestamp=stamp, text=text[meas.start:meas.end], span=[meas.start, meas.end])
            slots["vitals" if meas.slot == "vital" else "labs"].append(reading)
        doubt, refused_readings = body_contradiction(text, slots["vitals"], past_tense(text, 0, len(text)))
        if doubt:
            slots["doubts"].append(doubt)
            slots["vitals"] = [v for v in slots["vitals"] if all(v is not r for r in refused_readings)]
        for bad in implausible:
            if A.classify(text, bad.start, bad.end, reading=True) not in NOT_THE_PERSONS:
                slots["doubts"].append({"kind": "implausible", "what": bad.type, "text": text[bad.start:bad.end],
                                        "value": bad.value, "range": [bad.low, bad.high], "unit": bad.unit})
        topics = {m.cui: m.topic for m in mentions}
        self._refuse(text, slots, refused, said, lambda e: topics.get(e.get("cui", ""), ""))
        return slots

    @staticmethod
    def _readings(text: str) -> tuple[list[Measurement], list[Implausible]]:
        """The readings of ``text``, numbers said in words included ("혈압은 백사십에 구십"), spans in ``text``."""
        spelled, where = spelled_numbers(text)
        readings, implausible = read_measurements(spelled)
        read = [(r.start, r.end) for r in [*readings, *implausible]]
        readings = retaken(spelled, readings, lambda span: not any(s <= span[0] < e for s, e in read))
        if spelled is text:
            return readings, implausible
        def moved(m: Measurement | Implausible) -> Any:
            start, end = back(where, m.start, m.end)
            return replace(m, start=start, end=end)
        return [moved(m) for m in readings], [moved(m) for m in implausible]

    @staticmethod
    def _refuse(text: str, slots: dict[str, Any], refused: list[tuple[int, int]], said: Said,
                topic_of: Callable[[dict[str, Any]], str]) -> None:
        """Drop the mentions a contradiction refused (the words of a refused demographic, the medicines taken
        beside "I take no medicines", a condition of the other sex, a condition denied and held)."""
        def own(start: int, end: int) -> bool:
            return A.classify(text, start, end) not in NOT_THE_PERSONS

        if doubt := medication_contradiction(text, slots["medications"], own):
            slots["doubts"].append(doubt)
            slots["medications"] = [m for m in slots["medications"] if m["assertion"] != A.PRESENT]
            slots["conditions"] = [c for c in slots["conditions"]      # "콜레스테롤 때문에 처방받은 크레스토" (test15)
                                   if not (c["source"] == "lay" and names_a_reason(text, tuple(c["span"])))]
        doubt, spans = condition_contradiction(text, slots["demographics"], said, slots["conditions"], own)
        if doubt:
            slots["doubts"].append(doubt)
            refused = [*refused, *spans]
        # what an earlier contradiction already refused is not asked about twice ("저 임신 안 했어요. 지금 임신 24주차")
        entities = [m for slot in SLOT_OF.values() for m in slots[slot] if not overlaps(m["span"], refused)]
        doubts, spans = sex_contradiction(slots["demographics"], said, entities)
        slots["doubts"] += doubts
        refused = [*refused, *spans]
        # a message that denies what it holds tells nothing for sure: none of it is stored
        doubts, spans, whole = denied_and_held(text, entities, topic_of)
        if not doubts:
            doubts, spans = group_contradiction(text, entities, topic_of,     # "Don't take any supplements": no ask
                                                lambda start, end: A.classify(text, start, end) != A.FAMILY)
            whole = bool(doubts)
        slots["doubts"] += doubts
        refused = [*refused, *spans]
        if whole:
            refused += refuse_identity(slots["demographics"], said)
            slots["vitals"], slots["labs"] = [], []
        for slot in SLOT_OF.values():
            slots[slot] = [m for m in slots[slot] if not overlaps(m["span"], refused)]

    @staticmethod
    def _demographics(text: str, demo: dict[str, Any]) -> tuple[list[dict[str, Any]], list[tuple[int, int]], Said]:
        """Fill ``demo``; return the doubts (implausible values, contradictions), which are not stored, the spans of
        the words a contradiction refused, and what said each field (for a contradiction with a mention)."""
        doubts: list[dict[str, Any]] = []
        said: Said = {}
        ages: list[int] = []
        hits = find_demographics(text)
        for hit in hits:
            if hit.scope:           # "63세 남, 2년 전 심근경색으로 …": the list field, not the story after it
                s_start, s_end = hit.scope
                status = A.classify(text[s_start:s_end], hit.start - s_start, hit.end - s_start)
            else:
                status = A.classify(text, hit.start, hit.end)
            if hit.value is False:          # said not to be so ("not pregnant", 임신 테스트 음성): a denial of the field
                status = A.FAMILY if status == A.FAMILY else A.NEGATED
            elif status in NOT_THE_PERSONS and hit.field == "gender" and SELF_BEFORE.search(text, 0, hit.start):
                status = A.PRESENT          # "저 같은 여자도 먹어도 되는 약이에요?": the speaker, in a question or beside
                                            # a relative ("언니가 먹는 약인데 저 같은 여자도 …")
            if status in NOT_THE_PERSONS:
                continue
            words = text[hit.start:hit.end]
            if not hit.plausible:
                doubts.append({"kind": "implausible", "what": hit.field, "text": words, "value": hit.value})
                continue
            if status == A.NEGATED and hit.field == "is_pregnant":
                said.setdefault("not_pregnant", []).append((words, (hit.start, hit.end)))
            if status != A.NEGATED:
                said.setdefault(str(hit.value) if hit.field == "gender" else hit.field, []).append(
                    (words, (hit.start, hit.end)))
                if hit.field == "age":
                    ages.append(int(hit.value))
            if hit.field == "is_pregnant":
                if status == A.HISTORICAL or (status != A.NEGATED and ended_pregnancy(text, hit, hits)):
                    continue                # an earlier pregnancy says nothing about now ("with my first pregnancy")
                demo["is_pregnant"] = status != A.NEGATED
                if demo["is_pregnant"]:
                    demo["gender"] = "female"
            elif hit.field == "gender":
                if demo["gender"] is None and status != A.NEGATED:
                    demo["gender"] = hit.value
            elif demo.get(hit.field) is None:
                demo[hit.field] = hit.value
        if demo["age"] is not None and demo["age_group"] is None:
            demo["age_group"] = f"{demo['age'] // 10 * 10}s"
        if demo["pregnancy_weeks"] is not None and demo["is_pregnant"] is not False:
            demo["is_pregnant"], demo["gender"] = True, "female"
        found, refused = demographic_contradictions(demo, said, ages)
        return [*doubts, *found], refused, said
