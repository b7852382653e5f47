"""The notes added from the twenty-fifth blind pairwise round on (issue 32; visitor_test27: questions asked from a place or
a moment — a trip, a shift, a camp, a holiday). Each is a situation a judged answer left without its caution, with its
note in Korean and English. :mod:`.rules` appends this table after :mod:`.rounds`'s, in this order."""

from __future__ import annotations

from typing import Any

from .facts import Facts
from .kinds import ANTICOAG, AZOLES, NSAIDS, has_diabetes

CLASSIC_SIGNS = ("thirst_peeing", "night_peeing", "weight_loss", "blurred_vision")


def classic_diabetes_signs(f: Facts) -> bool:
    """Three of the four classic signs of high blood sugar told, in someone with no diabetes known (visitor_test27: a
    construction worker's thirst, nights up to pee, 6 kg lost and dim eyes, put down to the summer heat)."""
    return not has_diabetes(f) and sum(sign in f.asks for sign in CLASSIC_SIGNS) >= 3


LATER_RULES: list[tuple[str, Any, dict[str, str]]] = [
    ("diabetes_signs", classic_diabetes_signs,
     {"ko": "심한 갈증, 잦은 소변(밤에 화장실 때문에 깨는 것), 이유 없는 체중 감소, 흐릿한 시야가 함께 있으면 더위 탓이 아니라 "
            "당뇨병의 전형적인 증상일 수 있습니다. 며칠 안에 병원에서 혈당 검사를 받으세요. 구토, 심한 졸림, 숨이 가쁜 증상이 "
            "생기면 바로 응급실로 가세요.",
      "en": "Great thirst, passing a lot of urine (waking at night to go), weight loss without trying and blurred vision "
            "together are classic signs of diabetes, not just the heat: get a blood glucose test within days, and go to "
            "an emergency department if vomiting, drowsiness or fast breathing start."}),
    ("azole_anticoagulant", lambda f: bool(f.any_class & ANTICOAG) and bool(f.any_drug & AZOLES),
     {"ko": "먹는 아졸계 무좀약(이트라코나졸, 케토코나졸, 그리고 정도는 덜하지만 플루코나졸)은 항응고제(리바록사반(자렐토), "
            "아픽사반(엘리퀴스), 와파린 등)의 혈중 농도를 높여 출혈 위험을 키울 수 있습니다. 처방한 의사나 약사와 상의하기 "
            "전에는 함께 먹지 마세요. 발톱 무좀 치료는 급하지 않으니 돌아와서 안전한 방법을 상의해도 됩니다.",
      "en": "Antifungal tablets of the azole kind (itraconazole, ketoconazole and, less strongly, fluconazole) can raise "
            "the level of blood thinners (rivaroxaban (Xarelto), apixaban (Eliquis), warfarin and others) and the risk "
            "of bleeding. Do not take them together before asking the prescriber or a pharmacist; nail fungus is not "
            "urgent and a safer treatment can be discussed at home."}),
    ("nsaid_protein_urine", lambda f: bool(f.any_class & NSAIDS) and "protein_urine" in f.asks,
     {"ko": "소변에 단백질이 나오는 것은 신장 손상의 초기 신호일 수 있고, 이부프로펜·나프록센 같은 소염진통제(NSAID)를 자주 "
            "먹으면 신장이 더 나빠질 수 있습니다. 진통제를 어떻게 먹고 있는지 의사에게 알리고 더 안전한 통증 조절법을 "
            "상의하세요. 혈압이 정상이어도 신장을 보호하려고 쓰는 약(ACE 억제제, ARB 등)이 있습니다.",
      "en": "Protein in the urine can be an early sign of kidney damage, and taking NSAIDs such as ibuprofen or naproxen "
            "most days can make it worse. Tell your doctor how often you take them and ask about safer pain relief; "
            "some medicines (ACE inhibitors, ARBs) are used to protect the kidneys even when blood pressure is normal."}),
    ("gout_fasting", lambda f: any("gout" in c for c in f.any_condition) and "fasting_diet" in f.asks,
     {"ko": "통풍이 있으면 단식, 급격한 다이어트, 주스 클렌즈가 발작을 일으킬 수 있습니다. 과일 주스의 과당과 굶는 것 모두 "
            "요산을 올리기 때문입니다. 물을 충분히 마시고, 체중은 천천히 줄이며, 이런 프로그램 전에 의사와 상의하세요.",
      "en": "With gout, fasting, crash diets and juice cleanses can set off an attack: the fructose in fruit juice and "
            "going without food both raise uric acid. Drink plenty of water, lose weight gradually and talk to your "
            "doctor before such a programme."}),
    ("pill_time_zone", lambda f: "contraceptive" in f.any_class and "time_zone" in f.asks,
     {"ko": "시차가 있는 곳으로 갈 때 피임약은 복용 간격이 평소보다 길어지지 않게 하세요. 한국 시간에 맞춰 먹거나 시간을 "
            "앞당기는 것은 괜찮지만 늦추면 안 됩니다. 프로게스틴 단일 피임약은 3시간(데소게스트렐은 12시간) 넘게 늦으면 빠뜨린 "
            "것으로 보므로, 설명서의 복용을 잊었을 때 안내를 확인하고 약사와 상의하세요.",
      "en": "Crossing time zones on the pill, keep the gap between pills no longer than usual: take it at home time or "
            "move it earlier, not later. For a progestin-only pill, more than 3 hours late (12 hours for desogestrel) "
            "counts as a missed pill, so check the leaflet's missed-pill advice and ask a pharmacist."}),
    ("asthma_smoke_trip", lambda f: any("asthma" in c for c in f.any_condition) and "smoke_or_spray" in f.asks,
     {"ko": "천식이 있으면 모닥불 연기, 진한 스프레이, 먼지와 곰팡이가 발작을 일으킬 수 있습니다. 증상 완화 흡입기(필요하면 "
            "스페이서)와 천식 행동 계획서를 챙기고 인솔자에게 알려 두세요. 연기에서 떨어져 있게 하고, 증상이 시작되면 바로 "
            "흡입기를 쓰게 하세요. 흡입기를 써도 숨이 차서 말하기 힘들면 119에 연락하세요.",
      "en": "With asthma, campfire smoke, strong sprays, dust and mould can set off an attack. Pack the reliever inhaler "
            "(and spacer) with the asthma action plan and tell the staff; keep the child away from the smoke and use the "
            "reliever at the first symptoms. If breathing is hard despite the reliever, call emergency services."}),
]
