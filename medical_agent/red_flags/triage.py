"""Triage: which red flag a message shows (the signs of :mod:`.signs` combined), the emergency line it puts first, the
crisis numbers and the first aid that go with it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..number_words import spelled_numbers
from .later_signs import (
    ACIDOSIS_COMPANION,
    ASPIRIN,
    AT_REST,
    CANNOT_WALK_FOR_PAIN,
    CHEMO,
    DKA_BREATH_OR_DROWSY,
    DRIED_OUT,
    FAST_BREATHING,
    FEVER,
    INSULIN_SEVERE,
    INSULIN_USER,
    KETOACIDOSIS_SIGNS,
    KETONES,
    LOW_OXYGEN,
    LOW_TEMPERATURE,
    METFORMIN,
    MUDDLED,
    NITRO,
    NO_URINE,
    NO_WIND,
    NON_BLANCHING,
    NOT_EASED,
    ORGAN_SIGNS,
    PRESSURE,
    SUDDEN_PALE,
    SUGAR_GIVEN,
    TEARING_PAIN,
    THIRST_AND_PEEING,
    TYPE1_OR_INSULIN,
    VIRAL,
    WATER_LOAD,
    WORSENING,
)
from .pregnancy import (
    BIRTH_RECENT,
    FEWER_MOVEMENTS,
    HARD_BELLY,
    LATE_PREGNANCY,
    PREECLAMPSIA_SIGNS,
    PREGNANCY_BLEEDING,
    PRETERM,
    WATERS,
    past_20_weeks,
)
from .signs import (
    AIRWAY,
    ALLERGEN,
    ANAPHYLAXIS,
    BACK,
    BELLY_TO_BACK,
    BLEEDING,
    BREATHING,
    BREATHS_PER_MINUTE,
    CHEST,
    CHEST_COMPANION,
    CHEST_CRUSHING,
    CHEST_WORD,
    CLOUDED,
    COLLAPSE,
    COLLAPSE_COMPANION,
    CONFUSED,
    DARK_URINE,
    FAINT,
    FLASHES_OR_SHADOW,
    FLOATERS,
    HEAD_KNOCK,
    HEADACHE,
    HIGH_GLUCOSE,
    HIGH_POTASSIUM,
    HYPO,
    HYPO_SEVERE,
    JAW_COMPANION,
    JAW_SPREAD,
    LOW_GLUCOSE,
    MENINGITIS,
    MUSCLE,
    OVERDOSE,
    PEN_USED,
    POTASSIUM_SIGNS,
    SADDLE,
    SEIZURE_TOLD,
    SLOW_PULSE,
    SQUEEZING,
    STROKE,
    SUDDEN_MANY,
    SUICIDE,
    SUICIDE_TOPIC,
    UNRESPONSIVE,
    VOMITING,
    said,
)
from .stories import (
    ALLERGIC_SKIN,
    BLACK_STOOL,
    BLOOD_LOSS,
    BLOOD_THINNER,
    BLUE_FINGERS,
    BREATHLESS_AT_REST,
    BREATHLESS_OR_RACING,
    COUGHED_BLOOD,
    DIZZY_OR_FAINT,
    DIZZY_OR_WEAK,
    DROWSY_OR_ODD,
    FALLING,
    FEVERISH,
    HEADACHE_WORSE,
    HEART_COMPANION,
    HEART_RATE_HIGH,
    KIDNEY_OR_RAAS,
    METER_HI,
    NEAR_FAINT,
    NECK_BEND,
    NOTHING_KEPT_DOWN,
    PHOTOPHOBIA,
    POTASSIUM_SALT,
    POTASSIUM_STORY,
    QUIET_BABY,
    RACING,
    RIGORS,
    SEROTONERGIC,
    SEROTONIN_SIGNS,
    SHOCK,
    SHORT_OF_BREATH,
    SPREADING_INFECTION,
    SWEATING,
    SWOLLEN_JOINT,
    TEMPERATURE_NUMBER,
    UPPER_BACK,
    WATERS_TOLD,
)


@dataclass(frozen=True)
class RedFlag:
    kind: str
    line: str


EMERGENCY = {
    "ko": "🚨 응급 상황일 수 있습니다. 지금 바로 119에 전화하거나 가까운 응급실로 가세요.",
    "en": "🚨 This may be an emergency. Call your local emergency number (911 in the US) now or go to the nearest "
          "emergency department.",
}
SUICIDE_LINE = {
    "ko": "🚨 지금 위험하다고 느끼면 바로 119에 전화하세요. 자살예방상담전화 109(24시간)에서도 도움을 받을 수 있습니다.",
    "en": "🚨 If you might act on these thoughts, call your local emergency number (911 in the US) now. In the US you "
          "can call or text 988 (Suicide & Crisis Lifeline); elsewhere, contact your local crisis line.",
}
CRISIS_HELP = {
    "ko": "자살 위험이 걱정되면: 지금 위험하면 119, 24시간 자살예방상담전화 109에서 상담을 받을 수 있습니다.",
    "en": "If someone may be at risk of suicide: call your local emergency number (911 in the US) if there is immediate "
          "danger; in the US call or text 988 (Suicide & Crisis Lifeline), in Korea call 109 (24 hours).",
}


def crisis_help(question: str, passages: Sequence[str], lang: str) -> str | None:
    """The crisis numbers when the question or what the answer quotes (``passages``) speaks of suicide
    (:data:`SUICIDE_TOPIC`); a passage that only mentions it somewhere the answer does not quote is not enough (an
    insomnia passage's side note would put the numbers under "can't sleep")."""
    spoken = SUICIDE_TOPIC.search(question) or any(SUICIDE_TOPIC.search(p) for p in passages)
    return CRISIS_HELP["ko" if lang == "ko" else "en"] if spoken else None


# What to do at once, beside the emergency line, where waiting for the call can harm: someone with severe low blood sugar
# who cannot swallow must get nothing by mouth (the sixth blind round: a husband on insulin "주스를 줘도 삼키질 못해요"
# was answered with the 15-15 rule of sugar by mouth, under the line).
FIRST_AID = {
    "severe_hypoglycaemia": {
        "ko": "삼키지 못하거나 정신이 흐리면 입으로 음식이나 음료를 넣지 마세요(사레·질식 위험). 처방받은 글루카곤(주사나 코 "
              "스프레이)이 있으면 바로 쓰고, 옆으로 눕혀 두세요.",
        "en": "If they cannot swallow safely or are drowsy, put nothing in their mouth (they may choke); give prescribed "
              "glucagon (an injection or nasal powder) now if there is some, and turn them on their side."},
}


def triage(text: str, lang: str) -> RedFlag | None:
    """The red flag in ``text`` (checked in both languages whatever ``lang`` is), or None. Numbers said in words are read
    as digits first: voice input writes "이백 이십에 백 이십 팔" and "eighty nine" (visitor_test25)."""
    lang = "ko" if lang == "ko" else "en"
    text = spelled_numbers(text)[0]
    if SUICIDE.search(text):
        return RedFlag("suicidal_thoughts", SUICIDE_LINE[lang])
    low = [int(m.group(1)) for m in LOW_GLUCOSE.finditer(text)]
    checks = (
        ("chest_pain", said(CHEST, text) and bool(CHEST_COMPANION.search(text)) or bool(CHEST_CRUSHING.search(text))),
        ("collapse", said(COLLAPSE, text) and bool(COLLAPSE_COMPANION.search(text))),
        ("chest_pain", bool(CHEST_WORD.search(text) and said(SQUEEZING, text) and CHEST_COMPANION.search(text))),
        ("preeclampsia", (past_20_weeks(text) or bool(BIRTH_RECENT.search(text))) and sum(bool(p.search(text)) for p in PREECLAMPSIA_SIGNS) >= 2),
        ("chest_pain", bool(JAW_SPREAD.search(text) and JAW_COMPANION.search(text))),
        ("stroke", bool(STROKE.search(text))),
        ("severe_hypoglycaemia", bool(HYPO.search(text) and HYPO_SEVERE.search(text)) or any(v < 54 for v in low)),
        ("unresponsive", bool(UNRESPONSIVE.search(text))),
        ("anaphylaxis", bool(ANAPHYLAXIS.search(text)) or bool(ALLERGEN.search(text) and (AIRWAY.search(text) or
                                                                                        PEN_USED.search(text)))),
        ("breathing", bool(BREATHING.search(text))),
        ("cauda_equina", bool(BACK.search(text) and SADDLE.search(text))),
        ("sudden_headache", bool(HEADACHE.search(text))),
        ("meningitis", bool(MENINGITIS.search(text))),
        ("seizure", said(SEIZURE_TOLD, text) and bool(FEVER.search(text) or CLOUDED.search(text))),
        ("bleeding", bool(BLEEDING.search(text))),
        ("rhabdomyolysis", bool(DARK_URINE.search(text) and MUSCLE.search(text))),
        ("overdose", bool(OVERDOSE.search(text))),
        ("head_injury_vomiting", bool(HEAD_KNOCK.search(text) and VOMITING.search(text))),
        ("belly_to_back", bool(BELLY_TO_BACK.search(text) and VOMITING.search(text))),
        ("slow_pulse_faint", bool(FAINT.search(text)) and any(int(m.group(1)) < 40 for m in SLOW_PULSE.finditer(text))),
        ("very_high_glucose", bool(CONFUSED.search(text)) and any(int(m.group(1)) >= 400
                                                                  for m in HIGH_GLUCOSE.finditer(text))),
        ("severe_hypoglycaemia", bool(INSULIN_USER.search(text) and INSULIN_SEVERE.search(text))),
        ("dehydration", bool(NO_URINE.search(text) and DRIED_OUT.search(text))),
        ("chest_pain", bool(CHEST.search(text) and NITRO.search(text) and NOT_EASED.search(text))),
        ("meningitis", bool(NON_BLANCHING.search(text) and FEVER.search(text))),
        ("hypertensive_emergency", said(ORGAN_SIGNS, text) and any(
            int(m.group(1)) >= 180 or int(m.group(2)) >= 120 for m in PRESSURE.finditer(text))),
        ("ketoacidosis", bool((KETONES.search(text) or THIRST_AND_PEEING.search(text)) and KETOACIDOSIS_SIGNS.search(text))),
        ("ketoacidosis", bool(TYPE1_OR_INSULIN.search(text) and VOMITING.search(text) and DKA_BREATH_OR_DROWSY.search(text))),
        ("low_oxygen", said(CONFUSED, text) and any(int(m.group(1)) < 90 for m in LOW_OXYGEN.finditer(text))),
        ("bowel_obstruction", bool(NO_WIND.search(text) and VOMITING.search(text))),
        ("lactic_acidosis", bool(METFORMIN.search(text) and FAST_BREATHING.search(text) and
                                 ACIDOSIS_COMPANION.search(text))),
        ("waters_breaking", bool(WATERS.search(text)) and any(int(m.group(1)) < 37 for m in PRETERM.finditer(text))),
        ("high_potassium", any(float(m.group(1)) >= 6.5 or (float(m.group(1)) >= 6.0 and POTASSIUM_SIGNS.search(text))
                               for m in HIGH_POTASSIUM.finditer(text))),
        ("retinal_detachment", bool(FLOATERS.search(text) and FLASHES_OR_SHADOW.search(text) and SUDDEN_MANY.search(text))),
        ("fewer_fetal_movements", bool(FEWER_MOVEMENTS.search(text) and LATE_PREGNANCY.search(text))),
        ("chest_pain", bool(said(CHEST, text) and AT_REST.search(text) and WORSENING.search(text))),
        ("fever_on_chemotherapy", bool(CHEMO.search(text)) and said(FEVER, text)),
        ("severe_hypoglycaemia", bool(SUGAR_GIVEN.search(text) and MUDDLED.search(text))),
        ("hypothermia", bool(LOW_TEMPERATURE.search(text))),
        ("reye_syndrome", bool(ASPIRIN.search(text) and VIRAL.search(text) and VOMITING.search(text) and
                               (CLOUDED.search(text) or CONFUSED.search(text)))),
        ("pregnancy_bleeding", past_20_weeks(text) and said(PREGNANCY_BLEEDING, text)),
        ("rhabdomyolysis", bool(CANNOT_WALK_FOR_PAIN.search(text) and NO_URINE.search(text))),
        ("water_intoxication", bool(WATER_LOAD.search(text) and (VOMITING.search(text) or CLOUDED.search(text)))),
        ("hyperglycaemic_state", bool(THIRST_AND_PEEING.search(text) and (CLOUDED.search(text) or CONFUSED.search(text)))),
        ("arrhythmia_confusion", bool(RACING.search(text) and (CLOUDED.search(text) or CONFUSED.search(text)))),
        ("head_injury_anticoagulant", bool(HEAD_KNOCK.search(text) and BLOOD_THINNER.search(text) and
                                           HEADACHE_WORSE.search(text))),
        ("meningitis", bool(FEVER.search(text) and NECK_BEND.search(text) and (PHOTOPHOBIA.search(text) or
                                                                                VOMITING.search(text)))),
        ("slow_breathing", any(int(next(g for g in m.groups() if g)) < 10 for m in BREATHS_PER_MINUTE.finditer(text))),
        ("bleeding_on_anticoagulant", bool(BLOOD_THINNER.search(text) and BLOOD_LOSS.search(text) and
                                           DIZZY_OR_FAINT.search(text))),
        ("waters_breaking", bool(WATERS_TOLD.search(text)) and any(int(m.group(1)) < 37 for m in PRETERM.finditer(text))),
        ("sepsis", bool((FEVER.search(text) or TEMPERATURE_NUMBER.search(text)) and RIGORS.search(text) and (DIZZY_OR_FAINT.search(text) or
                                                                        NOTHING_KEPT_DOWN.search(text)))),
        ("anaphylaxis", bool(ALLERGIC_SKIN.search(text) and SHOCK.search(text))),
        ("bleeding", bool(COUGHED_BLOOD.search(text)) and bool(BREATHLESS_OR_RACING.search(text) or DIZZY_OR_FAINT.search(text))),
        ("bleeding", bool(BLACK_STOOL.search(text) and DIZZY_OR_FAINT.search(text))),
        ("very_high_glucose", bool(METER_HI.search(text) and DROWSY_OR_ODD.search(text))),
        ("septic_joint", bool(SWOLLEN_JOINT.search(text) and (FEVERISH.search(text) or TEMPERATURE_NUMBER.search(text)))),
        ("fast_heart_rate", bool(NEAR_FAINT.search(text)) and any(int(m.group(1)) >= 150 for m in HEART_RATE_HIGH.finditer(text))),
        ("breathing", bool(BREATHLESS_AT_REST.search(text)) and (bool(BLUE_FINGERS.search(text)) or any(
            int(m.group(1)) < 90 for m in LOW_OXYGEN.finditer(text)))),
        ("breathing", bool(BLUE_FINGERS.search(text)) and said(SHORT_OF_BREATH, text)),
        ("flu_falls", bool(VIRAL.search(text) and FALLING.search(text) and DIZZY_OR_WEAK.search(text))),
        ("chest_pain", bool(UPPER_BACK.search(text) and SWEATING.search(text) and HEART_COMPANION.search(text))),
        ("serotonin_syndrome", bool(SEROTONERGIC.search(text) and (FEVER.search(text) or TEMPERATURE_NUMBER.search(text))) and
         sum(bool(p.search(text)) for p in SEROTONIN_SIGNS) >= 2),
        ("high_potassium", bool(POTASSIUM_SALT.search(text) and KIDNEY_OR_RAAS.search(text)) and
         sum(bool(p.search(text)) for p in POTASSIUM_STORY) >= 2),
        ("fewer_fetal_movements", bool(QUIET_BABY.search(text) and LATE_PREGNANCY.search(text))),
        ("sepsis", bool((FEVER.search(text) or TEMPERATURE_NUMBER.search(text)) and (RIGORS.search(text) or
                        SPREADING_INFECTION.search(text)) and (CONFUSED.search(text) or CLOUDED.search(text)))),
        ("aortic_pain", bool(TEARING_PAIN.search(text) and (SUDDEN_PALE.search(text) or DIZZY_OR_FAINT.search(text)))),
        ("pregnancy_bleeding", bool(LATE_PREGNANCY.search(text) and HARD_BELLY.search(text))),
    )
    for kind, hit in checks:
        if hit:
            return RedFlag(kind, EMERGENCY[lang])
    return None


def with_emergency_line(answer: str, flag: RedFlag | dict[str, Any] | None) -> str:
    """Put the emergency line first (once)."""
    if not flag:
        return answer
    line = flag.line if isinstance(flag, RedFlag) else flag["line"]
    return answer if answer.startswith(line) else f"{line}\n\n{answer}"
