"""The notes: a table of rules over :class:`.facts.Facts`, each from a situation an answer left without its caution
(the blind pairwise rounds, issue 32), with its note in Korean and English."""

from __future__ import annotations

from typing import Any

from .facts import Facts
from .kinds import (
    ANTICOAG,
    GRAPEFRUIT_DRUGS,
    KIDNEY,
    LIVER,
    NSAIDS,
    SICK_DAY,
    STATIN_BLOCKERS,
    SULFONYLUREA_RAISERS,
    WARFARIN_RAISERS,
    takes_metformin,
)
from .later_rounds import LATER_RULES
from .rounds import ROUND_RULES

RULES: list[tuple[str, Any, dict[str, str]]] = [
    ("no_fluids", lambda f: "no_fluids" in f.asks,
     {"ko": "물조차 마시지 못할 정도로 토하면 탈수가 올 수 있습니다. 오늘 병원에서 진료를 받으세요(임신 중이면 산부인과). "
            "소변이 거의 안 나오거나 어지럽고 쓰러질 것 같으면 응급실로 가세요.",
      "en": "If you cannot keep even water down, you can become dehydrated: get medical care today (in pregnancy, your "
            "maternity team). Go to an emergency department if you pass very little urine or feel faint."}),
    ("aspirin_child", lambda f: bool(f.named & {"aspirin", "bismuth subsalicylate"}) and "child" in f.asks,
     {"ko": "아스피린(그리고 같은 살리실산 계열인 펩토비스몰의 비스무트 성분)은 의사가 처방하지 않는 한 어린이와 청소년에게 "
            "먹이지 않습니다(라이 증후군 위험). 열이나 통증에는 아세트아미노펜이나 이부프로펜을 나이와 체중에 맞는 용량으로 "
            "쓰고, 약사와 상의하세요.",
      "en": "Aspirin (and bismuth subsalicylate, the salicylate in Pepto-Bismol) is not given to children and teenagers "
            "unless a doctor prescribes it (risk of Reye's syndrome). For "
            "fever or pain, paracetamol (acetaminophen) or ibuprofen at the dose for their age and weight is used; ask a "
            "pharmacist."}),
    ("sglt2_surgery", lambda f: "sglt2" in f.drug_classes and "surgery" in f.asks,
     {"ko": "SGLT2 억제제(엠파글리플로진, 다파글리플로진 등)는 예정된 수술 전에 보통 3일 전부터, 에르투글리플로진은 4일 "
            "전부터 중단합니다(케톤산증 위험). 언제 멈추고 다시 시작할지 수술팀이나 처방한 의사와 꼭 확인하세요.",
      "en": "SGLT2 inhibitors (empagliflozin, dapagliflozin and others) are usually stopped 3 days before planned "
            "surgery, ertugliflozin 4 days, because of the risk of ketoacidosis; confirm when to stop and restart with "
            "your surgical team or prescriber."}),
    ("head_injury_anticoagulant", lambda f: "head_injury" in f.asks and bool(f.drug_classes & ANTICOAG),
     {"ko": "항응고제를 먹는 중에 머리를 부딪쳤다면 지금 괜찮아 보여도 오늘 응급실에서 진료를 받으세요. 뇌출혈은 몇 시간 "
            "뒤에 증상이 나타날 수 있습니다.",
      "en": "On a blood thinner, a knock to the head needs checking in an emergency department today, even if you "
            "feel fine: bleeding inside the head can show hours later."}),
    ("supplement_anticoagulant", lambda f: "supplement" in f.asks and bool(f.any_class & ANTICOAG),
     {"ko": "은행잎 추출물, 인삼·홍삼, 당귀, 세인트존스워트, 마늘·강황 보충제, 고용량 오메가3나 비타민 E 같은 건강기능식품은 와파린 등 "
            "항응고제의 효과를 바꾸거나 출혈 위험을 높일 수 있습니다. 먹기 전에 의사나 약사와 상의하고, 와파린이라면 INR 검사를 "
            "더 자주 해야 할 수 있습니다.",
      "en": "Supplements such as ginkgo, ginseng, dong quai, St John's wort, garlic or turmeric pills, and high-dose fish oil or "
            "vitamin E can change how warfarin and other blood thinners work or add to the risk of bleeding. Ask your "
            "doctor or pharmacist before taking one; on warfarin your INR may need checking more often."}),
    ("sick_day", lambda f: "sick" in f.asks and bool(f.drug_classes & SICK_DAY),
     {"ko": "구토나 설사로 잘 먹고 마시지 못하는 날에는 이뇨제, 일부 혈압약(ACE 억제제·ARB), 메트포르민, SGLT2 억제제, "
            "소염진통제 등을 잠시 쉬는 경우가 많습니다(탈수 때 콩팥을 상하게 할 수 있음). 어떤 약을 언제 다시 먹을지 "
            "의사나 약사에게 확인하세요.",
      "en": "On a day of vomiting or diarrhoea when you cannot eat and drink normally, water pills, some blood pressure "
            "medicines (ACE inhibitors, ARBs), metformin, SGLT2 inhibitors and NSAIDs are often paused, because with "
            "dehydration they can harm the kidneys; check with your doctor or pharmacist which to pause and when to "
            "restart."}),
    ("grapefruit", lambda f: "grapefruit" in f.asks and bool(f.any_drug & GRAPEFRUIT_DRUGS),
     {"ko": "자몽과 자몽주스는 펠로디핀, 니페디핀, 심바스타틴, 로바스타틴의 혈중 농도를 크게 높일 수 있어 함께 먹지 않는 "
            "것이 좋습니다. 약사와 상의하세요.",
      "en": "Grapefruit and grapefruit juice can raise the blood level of felodipine, nifedipine, simvastatin and "
            "lovastatin a lot, so they are usually avoided with these medicines; ask your pharmacist."}),
    ("insulin_storage", lambda f: "insulin_storage" in f.asks,
     {"ko": "인슐린은 절대 얼리면 안 됩니다. 한 번이라도 얼었던 인슐린은 녹아도 쓰지 말고 버리세요. 개봉 전 인슐린은 "
            "냉장고(2~8°C, 냉동실 근처는 피함)에, 사용 중인 펜은 설명서에 적힌 기간 동안 실온에 보관합니다.",
      "en": "Insulin must never be frozen: insulin that has frozen must not be used, even after it thaws. Unopened "
            "insulin is kept in the fridge (2–8 °C, away from the freezer compartment); the pen in use can stay at room "
            "temperature for as long as its leaflet says."}),
    ("skip_meal_insulin", lambda f: "skip_meal_insulin" in f.asks,
     {"ko": "식사를 거르면 보통 그 끼니의 식사 인슐린(초속효성)도 맞지 않습니다. 기저 인슐린(란투스 등)은 평소대로 "
            "맞되, 혈당을 더 자주 재고 저혈당(식은땀, 떨림)이 오면 빨리 흡수되는 당 15g을 드세요. 용량 조절은 "
            "담당 의료진이 정해 준 방법을 따르세요.",
      "en": "When you skip a meal, the mealtime (rapid-acting) insulin for it is usually skipped too; keep your "
            "long-acting insulin as usual, check your sugar more often, and treat a low (sweaty, shaky) with 15 g of "
            "fast sugar. Follow the dose plan your diabetes team gave you."}),
    ("after_gdm", lambda f: "after_gdm" in f.asks,
     {"ko": "임신성 당뇨가 출산 후 사라져도 나중에 2형 당뇨가 생길 위험이 높습니다. 보통 출산 4~12주 뒤에 혈당 검사를 "
            "받고, 그 뒤로도 1~3년마다 검사를 받으세요. 다음 임신 전에도 의사와 상의하세요.",
      "en": "Even when gestational diabetes goes away after the birth, the risk of type 2 diabetes later stays high: a "
            "glucose test is usually done 4–12 weeks after the birth and then every 1–3 years. Talk to your doctor "
            "before another pregnancy too."}),
    ("sulfonylurea_raised", lambda f: "sulfonylurea" in f.any_class and bool(f.any_drug & SULFONYLUREA_RAISERS),
     {"ko": "설폰요소제(글리메피리드·글리클라지드 등)를 코트리목사졸(박트림)이나 플루코나졸과 함께 쓰면 혈당이 심하게 떨어질 수 "
            "있습니다(특히 고령자). 처방한 의사나 약사에게 함께 써도 되는지 확인하고, 복용하는 동안 혈당을 더 자주 재며 저혈당 "
            "증상에 대비하세요.",
      "en": "A sulfonylurea (glimepiride, gliclazide and others) taken with co-trimoxazole (Bactrim) or fluconazole can "
            "drop blood sugar dangerously, especially in older people. Check with the prescriber or a pharmacist before "
            "combining them, and check blood sugar more often while on both."}),
    ("warfarin_antibiotic", lambda f: "warfarin" in f.any_drug and bool(f.any_drug & WARFARIN_RAISERS),
     {"ko": "와파린을 먹는 중에 메트로니다졸, 코트리목사졸(박트림), 플루코나졸, 클래리스로마이신 같은 약을 쓰면 와파린 효과(INR)가 "
            "크게 올라 출혈 위험이 커질 수 있습니다. 처방한 의사에게 와파린 복용을 꼭 알리고, 복용을 시작한 뒤 며칠 안에 INR "
            "검사가 필요한지 확인하세요.",
      "en": "Metronidazole, co-trimoxazole (Bactrim), fluconazole, clarithromycin and some other antibiotics can raise "
            "warfarin's effect (the INR) sharply and with it the risk of bleeding. Make sure the prescriber knows you take "
            "warfarin, and ask whether your INR should be checked within a few days of starting."}),
    ("statin_macrolide", lambda f: bool(f.any_drug & {"simvastatin", "lovastatin"} and f.any_drug & STATIN_BLOCKERS),
     {"ko": "심바스타틴이나 로바스타틴은 클래리스로마이신, 에리스로마이신, 이트라코나졸, 케토코나졸과 함께 쓰면 안 됩니다(근육 "
            "손상 위험이 크게 높아짐). 보통 항생제를 쓰는 동안 스타틴을 잠시 쉬거나 다른 약으로 바꾸니, 처방한 의사나 약사에게 "
            "꼭 확인하세요.",
      "en": "Simvastatin and lovastatin must not be taken with clarithromycin, erythromycin, itraconazole or "
            "ketoconazole: together they raise the risk of serious muscle damage. The statin is usually paused for the "
            "course or the antibiotic changed: check with the prescriber or pharmacist before taking both."}),
    ("stool_blood", lambda f: "stool_blood" in f.asks,
     {"ko": "변에 피가 묻거나 섞여 나오면 진료를 받아 원인을 확인하세요. 배변 습관이 몇 주 이상 바뀌었거나 50세 이상이면 "
            "대장내시경이 필요할 수 있습니다. 피가 많이 나오거나 검은 변, 어지러움이 있으면 응급실로 가세요.",
      "en": "Blood on or in the stool needs a doctor's check to find the cause; with a change in bowel habit lasting weeks, "
            "or over the age of 50, that often means a colonoscopy. A lot of blood, black stools or feeling faint needs "
            "emergency care."}),
    ("warfarin_natto", lambda f: "natto" in f.asks and "warfarin" in f.any_drug,
     {"ko": "와파린을 복용하면 낫토는 보통 아예 먹지 않도록 안내합니다. 비타민 K2가 매우 많아 와파린의 효과를 며칠씩 "
            "떨어뜨릴 수 있기 때문입니다. 시금치·케일 같은 녹색 채소는 피할 필요는 없지만 매주 비슷한 양을 유지하고, "
            "식단을 크게 바꾸기 전에는 담당 의사에게 알려 INR을 확인하세요.",
      "en": "On warfarin, natto is usually avoided altogether: it carries so much vitamin K2 that it can weaken warfarin "
            "for days. Green vegetables such as spinach or kale need not be avoided, but keep the amount similar from week "
            "to week, and tell your doctor before a big change in diet so your INR can be checked."}),
    ("acei_potassium", lambda f: bool(f.named_classes & {"acei", "arb"}),
     {"ko": "ACE 억제제와 ARB(안지오텐신 수용체 차단제)는 혈중 칼륨을 올립니다. 의사가 권하지 않는 한 칼륨 보충제나 "
            "저염 대체 소금(칼륨이 든 소금)은 쓰지 마세요.",
      "en": "ACE inhibitors and ARBs raise blood potassium: do not take potassium supplements or salt substitutes "
            "(which contain potassium) unless your doctor advises them."}),
    ("same_medicine_twice", lambda f: f.doubled,
     {"ko": "같은 성분이나 같은 계열의 약 두 가지를 함께 먹으면 효과와 부작용이 겹칠 수 있습니다(복합제에 이미 들어 있는 성분, "
            "소염진통제 두 가지 등). 처방한 의사나 약사가 함께 먹으라고 하지 않았다면 같이 먹지 말고 먼저 확인하세요.",
      "en": "Two medicines with the same ingredient or of the same kind add up, side effects included (an ingredient "
            "already inside a combination tablet, two anti-inflammatory painkillers). Unless your prescriber or "
            "pharmacist told you to take both, do not combine them: check first."}),
    ("double_dose", lambda f: "double_dose" in f.asks and bool(f.named or f.drug_names),
     {"ko": "처방된 약의 용량을 스스로 두 배로 늘리지 마세요. 효과가 느리게 나타나는 약도 많고, 용량은 검사 결과를 보고 "
            "의사가 정합니다. 한 번 빠뜨렸을 때 어떻게 할지는 약 설명서나 약사에게 확인하세요.",
      "en": "Do not double a prescribed dose on your own: many medicines take weeks to work, and the dose is set by your "
            "doctor from your results. For a missed dose, check the leaflet or ask a pharmacist."}),
    ("others_medicine", lambda f: "others_medicine" in f.asks,
     {"ko": "다른 사람에게 처방된 약은 먹거나 (아이에게) 먹이지 마세요. 어떤 약을 얼마나 쓸지는 병, 나이, 체중, 함께 먹는 "
            "약에 따라 다르고, 남은 항생제도 마찬가지입니다. 의사나 약사에게 먼저 물어보세요.",
      "en": "Do not take (or give a child) a medicine prescribed for someone else: the right medicine and dose depend on "
            "the person's illness, age, weight and other medicines, and leftover antibiotics are no exception. Ask a "
            "doctor or pharmacist first."}),
    ("stop_medicine", lambda f: "stop_medicine" in f.asks,
     {"ko": "처방받은 약은 스스로 끊거나 줄이지 마세요. 생활습관이 좋아져 약을 줄일 수 있는지는 혈압·혈당 같은 수치를 보고 "
            "의사와 함께 정합니다.",
      "en": "Do not stop or cut down a prescribed medicine on your own: whether better habits let you take less is "
            "decided with your doctor, from your readings."}),
    ("metformin_kidney", lambda f: takes_metformin(f.drug_names) and (
        (f.egfr is not None and f.egfr < 45) or bool(f.conditions & {"chronic kidney disease", "diabetic nephropathy"})),
     {"ko": "메트포르민: 신장 기능이 많이 떨어진 경우(eGFR 30 미만)에는 사용하지 않고, 30~45에서는 용량 조절이 필요할 수 "
            "있습니다. 신장 기능 검사 결과를 의사와 꼭 확인하세요.",
      "en": "Metformin: it is not used when kidney function is very low (eGFR below 30) and may need a lower dose at "
            "30–45. Check your kidney tests with your doctor."}),
    ("nsaid_anticoagulant", lambda f: bool(f.drug_classes & NSAIDS) and bool(f.drug_classes & ANTICOAG),
     {"ko": "소염진통제(NSAID)와 와파린 등 항응고제를 함께 쓰면 출혈 위험이 크게 높아집니다. 복용 전에 의사나 약사와 "
            "상의하세요.",
      "en": "NSAIDs (such as ibuprofen or naproxen) together with warfarin or other anticoagulants greatly raise the "
            "risk of bleeding. Ask your doctor or pharmacist first."}),
    ("nsaid_kidney", lambda f: bool(f.drug_classes & NSAIDS) and bool(
        f.conditions & KIDNEY),
     {"ko": "만성 신장질환이 있으면 소염진통제(NSAID)가 신장 기능을 더 나쁘게 할 수 있습니다.",
      "en": "With chronic kidney disease, NSAIDs can further harm kidney function."}),
    # any medicine asked about with kidney disease: every prescriber must know (the fourteenth blind round: "콩팥병
    # 3기인데 … 이비인후과에선 제 신장 얘기 굳이 안해도 되죠? … 감기약이랑 진통제" got fever advice; asked again, only the
    # NSAID note below, as 진통제 reads as an NSAID)
    ("kidney_tell_prescriber", lambda f: bool(f.any_condition & KIDNEY) and bool(f.named),
     {"ko": "신장 질환이 있으면 진료받는 의사·치과의사·약사 모두에게 꼭 알리세요. 많은 약(감기약, 진통제, 항생제 포함)이 "
            "신장 기능에 맞춰 용량을 줄여야 하고, 소염진통제(NSAID)는 대개 피합니다.",
      "en": "With kidney disease, tell every doctor, dentist and pharmacist: many medicines (cold remedies, painkillers "
            "and antibiotics included) need a lower dose for your kidney function, and NSAID painkillers are usually "
            "avoided."}),
    ("acetaminophen_liver", lambda f: "acetaminophen" in f.drug_names and bool(f.conditions & LIVER or "alcohol" in f.asks),
     {"ko": "간 질환이 있거나 술을 자주 마시면 아세트아미노펜(타이레놀)은 하루 총량을 평소보다 낮게(흔히 2g 이하) 잡아야 할 수 "
            "있고, 술과 함께 먹으면 간 손상 위험이 커집니다. 용량은 의사나 약사와 확인하세요.",
      "en": "With liver disease or regular drinking, acetaminophen (paracetamol) may need a lower daily limit (often 2 g "
            "or less), and alcohol raises the risk of liver damage. Check the dose with your doctor or pharmacist."}),
    ("nsaid_heart_failure", lambda f: bool(f.drug_classes & NSAIDS) and "heart failure" in f.conditions,
     {"ko": "심부전이 있으면 소염진통제(NSAID)가 체액 저류를 일으켜 심부전을 악화시킬 수 있습니다.",
      "en": "With heart failure, NSAIDs can cause fluid retention and make heart failure worse."}),
    ("pregnancy_drugs", lambda f: f.pregnant and bool(f.drug_classes & {"acei", "arb", "statin"} or "warfarin" in f.drug_names),
     {"ko": "임신 중에는 ACE 억제제, 안지오텐신 수용체 차단제(ARB), 스타틴, 와파린을 일반적으로 피합니다. 임의로 "
            "중단하지 말고 바로 담당 의사와 상의하세요.",
      "en": "ACE inhibitors, ARBs, statins and warfarin are generally avoided in pregnancy. Do not stop on your own; "
            "talk to your doctor promptly."}),
    ("pregnancy_planning_drugs", lambda f: not f.pregnant and "planning_pregnancy" in f.asks and bool(
        f.drug_classes & {"acei", "arb", "statin"} or "warfarin" in f.drug_names),
     {"ko": "임신을 계획 중이라면 ACE 억제제, 안지오텐신 수용체 차단제(ARB), 스타틴, 와파린은 임신 전에 다른 약으로 바꾸는 "
            "경우가 많습니다(태아에게 해로울 수 있음). 임의로 끊지 말고 임신을 시도하기 전에 처방한 의사와 상의하세요.",
      "en": "If you are planning a pregnancy, ACE inhibitors, ARBs, statins and warfarin are usually switched to other "
            "medicines before you try (they can harm a baby). Do not stop on your own: talk to your prescriber before "
            "trying to conceive."}),
    ("pregnancy_nsaid", lambda f: f.pregnant and bool(f.drug_classes & NSAIDS),
     {"ko": "임신 중, 특히 20주 이후에는 소염진통제(NSAID)를 피하는 것이 일반적입니다. 필요하면 의료진과 상의하세요.",
      "en": "NSAIDs are generally avoided in pregnancy, especially from 20 weeks. Ask your clinician."}),
] + ROUND_RULES + LATER_RULES


def safety_notes(facts: Facts, lang: str) -> list[str]:
    lang = "ko" if lang == "ko" else "en"
    return [text[lang] for _, when, text in RULES if when(facts)]


def rule_names(facts: Facts) -> list[str]:
    return [name for name, when, _ in RULES if when(facts)]


def rule_notes(facts: Facts, lang: str) -> dict[str, str]:
    """The rules that fire, by name, with their note in ``lang`` (in the table's order)."""
    lang = "ko" if lang == "ko" else "en"
    return {name: text[lang] for name, when, text in RULES if when(facts)}
