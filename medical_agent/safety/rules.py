"""The notes: a table of rules over :class:`.facts.Facts`, each from a situation an answer left without its caution
(the blind pairwise rounds, issue 32), with its note in Korean and English."""

from __future__ import annotations

from typing import Any

from .facts import Facts

NSAIDS, ANTICOAG = {"nsaid"}, {"anticoagulant"}


KIDNEY = {"chronic kidney disease", "diabetic nephropathy", "acute kidney injury"}


# Medicines that raise a sulfonylurea's effect to a dangerous low (the fifth blind round: a 78-year-old on glimepiride
# given co-trimoxazole was told "같이 드셔도 문제없습니다").
SULFONYLUREA_RAISERS = {"sulfamethoxazole / trimethoprim", "fluconazole", "clarithromycin"}


# Antimicrobials that raise warfarin's effect (INR) sharply (the sixth blind round: warfarin with metronidazole for a
# gum infection, "그냥 같이 먹으면 되나요?", got no warning)
WARFARIN_RAISERS = {"metronidazole", "sulfamethoxazole / trimethoprim", "fluconazole", "clarithromycin", "erythromycin",
                    "ciprofloxacin"}


# Medicines that must not be taken with simvastatin or lovastatin (muscle damage; the sixth blind round: clarithromycin
# with simvastatin 40 mg was answered "There is no problem")
STATIN_BLOCKERS = {"clarithromycin", "erythromycin", "itraconazole", "ketoconazole"}


# Medicines grapefruit raises to a harmful level (the rest of the statins and calcium channel blockers much less).
GRAPEFRUIT_DRUGS = {"felodipine", "nifedipine", "simvastatin", "lovastatin"}


# Medicines that are paused on a day of vomiting or diarrhoea (the "sick day" rules: they harm the kidneys or the
# body's water and salt when a person is dehydrated).
SICK_DAY = {"diuretic", "acei", "arb", "biguanide", "sglt2", "nsaid", "sulfonylurea"}


HYPERTENSION = {"hypertension", "essential hypertension", "hypertensive disease", "high blood pressure"}
BP_LOWERING = {"ccb", "acei", "arb", "beta-blocker", "diuretic"}
# Conditions that make flu dangerous at any age (the nineteenth round: Parkinson's at 62, "아직 65세도 안되셨으니 심하게
# 앓는 쪽은 아니죠?")
FLU_HIGH_RISK = {"parkinson's disease", "stroke", "dementia", "alzheimer's disease", "multiple sclerosis", "epilepsy",
                 "heart failure", "chronic obstructive pulmonary disease", "asthma", "chronic kidney disease", "diabetes mellitus",
                 "type 1 diabetes mellitus", "type 2 diabetes mellitus"}


LIVER = {"liver disease", "liver cirrhosis", "fatty liver", "hepatitis b", "hepatitis c"}


def _bp_crisis(f: Facts) -> bool:
    return f.blood_pressure is not None and (f.blood_pressure[0] >= 180 or f.blood_pressure[1] >= 120)


def _bp_high(f: Facts) -> bool:
    """A reading given now of 140/90 or more, short of a crisis ("bp 150/95 at the pharmacy machine, is that bad?"
    was called "can be considered normal in some people" by the local model: the third blind pairwise round)."""
    return f.bp_now and f.blood_pressure is not None and not _bp_crisis(f) and \
        (f.blood_pressure[0] >= 140 or f.blood_pressure[1] >= 90)


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
     {"ko": "SGLT2 억제제(엠파글리플로진, 다파글리플로진 등)는 예정된 수술 전에 보통 3일 전부터 중단합니다(케톤산증 위험). "
            "언제 멈추고 다시 시작할지 수술팀이나 처방한 의사와 꼭 확인하세요.",
      "en": "SGLT2 inhibitors (empagliflozin, dapagliflozin and others) are usually stopped 3 days before planned "
            "surgery because of the risk of ketoacidosis; confirm when to stop and restart with your surgical team or "
            "prescriber."}),
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
    ("metformin_kidney", lambda f: "metformin" in f.drug_names and (
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
    # --- the fifteenth blind pairwise round: situations the passages' sentences left without their caution ---
    ("glp1_belly_pain", lambda f: "glp1" in f.any_class and "belly_pain" in f.asks,
     {"ko": "GLP-1 계열 약(세마글루타이드·리라글루타이드·둘라글루타이드 등)을 쓰는 중에 생긴 복통은 진료를 받아 확인하세요. "
            "기름진 식사 뒤 오른쪽 윗배 통증은 담낭(쓸개) 문제일 수 있고, 등으로 뻗치는 심하고 계속되는 복통은 췌장염일 수 "
            "있습니다. 통증이 심하거나 계속되거나, 열·구토가 있거나 눈이나 피부가 노래지면 오늘 바로 진료를 받으세요.",
      "en": "On a GLP-1 medicine (semaglutide, liraglutide, dulaglutide and others), stomach pain needs a doctor's check: "
            "pain under the right ribs after fatty meals can be a gallbladder problem, and severe, lasting pain spreading "
            "to the back can be pancreatitis. With severe or lasting pain, fever, vomiting, or yellow eyes or skin, get "
            "care today."}),
    ("anticoagulant_skipped", lambda f: bool(f.any_class & ANTICOAG) and "skip_doses" in f.asks,
     {"ko": "항응고제(와파린, 아픽사반(엘리퀴스), 리바록사반(자렐토) 등)를 하루걸러 먹거나 처방보다 적게 먹으면 뇌졸중과 "
            "혈전을 막는 효과가 떨어집니다. 스스로 줄이거나 건너뛰지 말고, 멍이 잘 드는 것은 처방한 의사에게 알려 상의하세요. "
            "검은 변, 소변에 피, 피를 토하거나 머리를 부딪친 경우에는 바로 응급 진료를 받으세요.",
      "en": "A blood thinner (warfarin, apixaban (Eliquis), rivaroxaban (Xarelto) and others) taken every other day or "
            "at less than the prescribed dose protects less against stroke and clots. Do not cut down or skip doses on "
            "your own: tell the prescriber about the bruising. Black stools, blood in the urine, vomiting blood or a "
            "knock to the head need urgent care."}),
    ("nsaid_asthma", lambda f: bool(f.any_class & NSAIDS or "aspirin" in f.any_drug) and any(
        "asthma" in c for c in f.any_condition),
     {"ko": "천식이 있는 사람 중 일부는 아스피린이나 이부프로펜·나프록센 같은 소염진통제(NSAID)를 먹으면 쌕쌕거림이나 "
            "천식 발작이 생깁니다. 처음 먹는다면 먼저 의사나 약사와 상의하고, 먹은 뒤 숨이 차거나 쌕쌕거리면 더 먹지 말고 "
            "증상 완화 흡입기를 쓰며 진료를 받으세요. 통증에는 아세트아미노펜이 대안일 수 있습니다.",
      "en": "Some people with asthma react to aspirin or NSAID painkillers such as ibuprofen and naproxen with wheezing "
            "or an asthma attack. Before a first dose, check with a doctor or pharmacist; if it brings on wheezing or "
            "breathlessness, stop it, use the reliever inhaler and get help. Acetaminophen (paracetamol) may be an "
            "alternative for pain."}),
    ("insulin_raised", lambda f: "insulin" in f.any_class and "raise_dose" in f.asks,
     {"ko": "인슐린 용량은 스스로 늘리지 말고 담당 의료진이 정한 방법대로만 조절하세요. 특히 고령이거나 쇠약한 분은 "
            "저혈당(넘어짐, 혼란)이 더 위험해서 혈당 목표를 일부러 느슨하게 잡습니다. 목표 범위가 서로 다르게 적혀 있으면 "
            "어느 쪽을 따를지 의료진에게 확인하세요.",
      "en": "Do not raise an insulin dose on your own: change it only as the diabetes team has set out. In older or "
            "frail people, targets are set looser on purpose because a low (falls, confusion) is more dangerous. If two "
            "sources give different target ranges, ask the care team which one applies."}),
    ("gestational_starving", lambda f: "starve" in f.asks and (
        f.pregnant or "gestational" in f.asks or "gestational diabetes" in f.any_condition),
     {"ko": "임신성 당뇨에서 식사와 운동만으로 혈당이 조절되지 않으면 인슐린이 표준 치료이며, 임신 중에도 쓰는 안전한 "
            "약입니다. 끼니를 굶어 혈당을 맞추는 것은 아기에게 필요한 영양이 모자라고 케톤이 생길 수 있어 안전하지 않습니다. "
            "걱정되는 점은 담당 의료진과 상의하세요.",
      "en": "In gestational diabetes, when diet and activity are not enough, insulin is the standard treatment and is "
            "safe in pregnancy. Skipping meals to keep glucose down is not safe: the baby needs the nourishment, and "
            "starving can produce ketones. Talk your worries through with your care team."}),
    ("exercise_lows", lambda f: bool(f.any_class & {"sulfonylurea", "insulin"}) and "long_exercise" in f.asks,
     {"ko": "설폰요소제(글리메피리드 등)나 인슐린을 쓰면 오래 운동하는 동안과 끝난 뒤 몇 시간(밤사이 포함) 동안 저혈당이 "
            "올 수 있습니다. 운동 전·중·후에 혈당을 재고 빨리 흡수되는 당을 가지고 다니며, 오래 운동하는 날 약이나 식사를 "
            "조절할지 담당 의료진과 상의하세요.",
      "en": "On a sulfonylurea (glimepiride and others) or insulin, blood sugar can drop during long exercise and for "
            "hours afterwards, overnight included. Check before, during and after, carry fast-acting sugar, and ask your "
            "care team whether to adjust the medicine or food on long-exercise days."}),
    ("cannabis_pregnancy", lambda f: f.pregnant and "cannabis" in f.asks,
     {"ko": "임신 중(그리고 모유 수유 중)에는 대마(마리화나, CBD 제품 포함)를 쓰지 않는 것이 권고됩니다. 아기의 성장과 뇌 발달에 "
            "해로울 수 있습니다. 입덧이 심하면 산부인과 의료진에게 말하세요. 임신 중에 쓸 수 있는 입덧 치료가 있고, 물도 "
            "넘기지 못할 정도면 오늘 진료를 받으세요.",
      "en": "Cannabis (marijuana, and CBD products too) is advised against in pregnancy and while breastfeeding: it can "
            "harm the baby's growth and brain development. Tell your maternity team how bad the sickness is: there are "
            "treatments that are safe in pregnancy, and not keeping even water down needs care today."}),
    # --- the seventeenth blind pairwise round ---
    ("metformin_surgery", lambda f: "metformin" in f.any_drug and "surgery" in f.asks,
     {"ko": "메트포르민을 먹고 있다면 수술이나 조영제 검사 전에 수술팀(마취과 포함)에 꼭 알리세요. 콩팥 기능을 확인하고 수술 "
            "전후로 잠시 쉬었다가 콩팥 기능이 안정된 뒤 다시 시작하는 경우가 많습니다. 언제 멈추고 다시 먹을지는 의료진의 "
            "안내를 따르세요.",
      "en": "If you take metformin, tell the surgical team (the anaesthetist too) before an operation or a contrast scan: "
            "kidney function is checked, and metformin is often paused around the procedure and restarted once the "
            "kidneys are shown to be fine. Follow their instructions on when to stop and restart."}),
    ("acetaminophen_again", lambda f: "acetaminophen" in f.any_drug and "dose_again" in f.asks,
     {"ko": "아세트아미노펜(타이레놀)은 보통 4~6시간 간격을 두고 먹고, 제품 설명서의 하루 최대량(성인은 24시간에 4,000mg 이하, "
            "오래 먹을 때는 흔히 3,000mg 이하)을 넘기지 마세요. 다른 감기약·진통제에 든 성분도 합쳐서 셉니다. 갑자기 생긴 "
            "아주 심한 두통이나 평소와 다른 두통은 진료를 받으세요.",
      "en": "Acetaminophen (paracetamol, Tylenol) doses are usually taken 4 to 6 hours apart, within the label's daily "
            "limit (for adults at most 4,000 mg in 24 hours, often 3,000 mg for regular use), counting what cold and "
            "flu products contain. A sudden, severe or unusual headache needs a doctor."}),
    ("no_glucose_tablets", lambda f: "no_glucose_tablets" in f.asks,
     {"ko": "포도당 사탕이 없으면 부엌에서 빨리 흡수되는 당 15g을 드세요: 주스나 일반(다이어트 아닌) 탄산음료 반 컵(약 "
            "150~175mL), 또는 설탕이나 꿀 한 큰술. 15분 뒤 혈당을 다시 재고 여전히 70 미만이면 한 번 더 드세요. 초콜릿처럼 "
            "지방이 많은 것은 너무 느립니다. 삼키지 못하거나 정신이 흐리면 입으로 아무것도 주지 말고 119에 연락하세요.",
      "en": "Without glucose tablets, take 15 g of fast sugar from the kitchen: half a cup (about 150–175 ml) of juice or "
            "regular (not diet) soft drink, or a tablespoon of sugar or honey. Check again after 15 minutes and repeat "
            "if still below 70 mg/dL (3.9 mmol/L). Chocolate is too slow (its fat). If someone cannot swallow or is "
            "confused, give nothing by mouth and call your local emergency number."}),
    # --- the eighteenth blind pairwise round ---
    ("insulin_sick_day", lambda f: "insulin" in f.any_class and "sick" in f.asks,
     {"ko": "아플 때(감기, 코로나, 장염 등)는 잘 먹지 못해도 인슐린을 임의로 끊지 마세요. 기저 인슐린은 대개 계속 맞고, "
            "혈당을 2~4시간마다 재며, 물을 자주 마시고, 혈당이 계속 높으면(250 이상) 케톤도 확인하세요. 용량 조절은 "
            "담당 의료진에게 바로 물어보고, 구토가 계속되거나 숨이 가쁘고 처지면 응급실로 가세요.",
      "en": "When ill (a cold, COVID, a stomach bug), do not stop insulin on your own even if eating little: the "
            "long-acting insulin usually continues, check glucose every 2 to 4 hours, keep drinking, and check ketones if "
            "glucose stays above about 250 mg/dL. Ask the diabetes team about the doses now, and go to an emergency "
            "department with repeated vomiting, fast breathing or drowsiness."}),
    ("acetaminophen_cold_remedy", lambda f: "acetaminophen" in f.any_drug and "cold_remedy" in f.asks,
     {"ko": "종합감기약·몸살약에는 아세트아미노펜(타이레놀 성분)이 들어 있는 경우가 많습니다. 타이레놀과 함께 먹으면 하루 "
            "총량을 넘길 수 있으니, 약국에서 아세트아미노펜이 없는 제품인지 확인하거나 약사와 상의하세요.",
      "en": "Many combined cold and flu remedies contain acetaminophen (paracetamol, the ingredient of Tylenol). Taken "
            "with Tylenol they can push the day's total over the limit: check the label for acetaminophen or ask the "
            "pharmacist for a product without it."}),
    ("levothyroxine_extra", lambda f: "levothyroxine" in f.any_drug and "double_dose" in f.asks,
     {"ko": "갑상선 호르몬(레보티록신)을 처방보다 많이 먹으면 두근거림, 불면, 떨림, 체중 감소 같은 갑상선 기능 항진 증상이 "
            "생기고 심장에 부담이 됩니다. 살을 빼려고 쓰는 약이 아닙니다. 처방받은 용량으로 돌아가고 곧 의사에게 알려 "
            "검사를 받으세요. 가슴 통증이나 심한 두근거림이 있으면 바로 진료를 받으세요.",
      "en": "More thyroid hormone (levothyroxine) than prescribed causes an overactive-thyroid state: palpitations, poor "
            "sleep, tremor, weight loss, and strain on the heart; it is not a weight-loss medicine. Go back to the "
            "prescribed dose and tell the doctor soon so the levels can be checked; chest pain or a racing heart needs "
            "care today."}),
    ("blood_pressure_crisis", _bp_crisis,
     {"ko": "기록된 혈압이 180/120 mmHg 이상으로 매우 높습니다. 가슴 통증, 숨참, 심한 두통, 시야 이상, 한쪽 팔다리 마비나 "
            "말이 어눌해지는 증상이 함께 있으면 바로 119에 전화하세요. 증상이 없어도 다시 재 보고 오늘 안에 의료진과 상의하세요.",
      "en": "Your recorded blood pressure is 180/120 mmHg or higher, which is very high. With chest pain, shortness of "
            "breath, a severe headache, vision changes, weakness on one side or trouble speaking, call your local "
            "emergency number now. Without symptoms, measure again and contact your clinician today."}),
    ("blood_pressure_high", _bp_high,
     {"ko": "이번 혈압은 140/90 mmHg 이상으로 높은 편입니다. 한 번 잰 값으로 진단하지는 않으니, 5분 쉬고 앉은 자세로 1분 간격 두 번씩 "
            "며칠 재 보세요. 계속 140/90 이상이면 몇 주 안에 진료를 받고(160/100 이상이면 더 빨리), 가슴 통증, 숨참, 심한 두통, "
            "시야 이상, 한쪽 마비나 말이 어눌해지면 바로 119에 전화하세요.",
      "en": "This reading is 140/90 mmHg or higher, which is high. One reading is not a diagnosis: measure again seated "
            "after 5 minutes' rest, twice a minute apart, on several days. If it stays at 140/90 or more, see your "
            "doctor within a few weeks (sooner at 160/100 or more); with chest pain, breathlessness, a severe "
            "headache, vision changes, weakness on one side or trouble speaking, call your local emergency number."}),
    # (a blood pressure medicine taken counts too: "on amlodipine for bp … sudafed PE … fine for my blood pressure
    # right?", the nineteenth round)
    ("decongestant_blood_pressure", lambda f: "decongestant" in f.drug_classes and bool(
        f.conditions & HYPERTENSION or f.drug_classes & BP_LOWERING or
        (f.blood_pressure is not None and f.blood_pressure[0] >= 140)),
     {"ko": "고혈압이 있으면 코막힘 완화 성분(슈도에페드린, 페닐레프린 등)이 든 감기약이 혈압을 올릴 수 있습니다. 약사에게 "
            "고혈압이 있다고 말하고 그 성분이 없는 제품을 고르세요.",
      "en": "With high blood pressure, cold medicines with a decongestant (pseudoephedrine, phenylephrine) can raise "
            "blood pressure. Tell the pharmacist you have high blood pressure and choose a product without one."}),
    ("potassium_abnormal", lambda f: f.potassium is not None and not 3.5 <= f.potassium <= 5.0,
     {"ko": "혈중 칼륨이 보통 범위(약 3.5~5.0 mmol/L)를 벗어났습니다. 칼륨 이상은 심장 박동에 영향을 줄 수 있으니 곧 "
            "의사와 결과를 상의하세요. 6.0 이상이거나 2.5 미만, 또는 가슴 두근거림·심한 근력 저하가 있으면 오늘 바로 "
            "진료를 받으세요.",
      "en": "Your blood potassium is outside the usual range (about 3.5–5.0 mmol/L). Potassium out of range can affect "
            "the heart rhythm, so talk to your doctor about the result soon; at 6.0 or above, below 2.5, or with "
            "palpitations or marked weakness, get care today."}),
    ("sodium_abnormal", lambda f: f.sodium is not None and not 135 <= f.sodium <= 145,
     {"ko": "혈중 나트륨이 보통 범위(약 135~145 mmol/L)를 벗어났습니다. 나트륨이 낮으면 멍함, 두통, 구역, 넘어짐이 생길 수 "
            "있고 티아지드 계열 이뇨제 같은 약이 원인일 수 있으니 곧 의사와 결과를 상의하세요. 125 미만이거나 혼란, 심한 "
            "졸림, 반복되는 구토가 있으면 오늘 바로 진료를 받고, 경련이 있거나 깨워도 잘 깨지 않으면 119에 전화하세요.",
      "en": "Your blood sodium is outside the usual range (about 135–145 mmol/L). Low sodium can cause confusion, "
            "headache, nausea and falls, and some medicines (thiazide diuretics among them) can cause it: talk to "
            "your doctor about the result soon. Below 125, or with confusion, marked drowsiness or repeated vomiting, "
            "get care today; with a seizure or if the person is hard to wake, call your local emergency number."}),
    # the seventh blind round, asked again: "The patient's haemoglobin level of 18.4 … is within the normal range"
    ("haemoglobin_abnormal", lambda f: f.haemoglobin is not None and not 11.5 <= f.haemoglobin <= 17.5,
     {"ko": "헤모글로빈(혈색소)이 보통 범위(성인 약 12~17 g/dL, 여성은 조금 낮음)를 벗어났습니다. 낮으면 빈혈, 높으면 흡연·탈수·"
            "다른 원인을 살펴야 하니 곧 의사와 결과를 상의하세요. 숨참, 가슴 통증, 어지러움, 검은 변이 함께 있으면 오늘 바로 "
            "진료를 받으세요.",
      "en": "Your haemoglobin is outside the usual adult range (about 12–17 g/dL, a little lower in women). Low can "
            "mean anaemia; high needs a look for smoking, dehydration or other causes: talk to your doctor about the "
            "result soon, and get care today with breathlessness, chest pain, dizziness or black stools."}),
    ("heart_rate_abnormal", lambda f: f.heart_rate is not None and (f.heart_rate < 50 or f.heart_rate > 120),
     {"ko": "기록된 맥박이 정상 범위(안정 시 분당 60~100회)를 벗어나 있습니다. 어지러움, 숨참, 가슴 통증, 실신이 함께 있거나 "
            "맥박을 늦추는 약(베타차단제 등)을 먹고 있다면 오늘 바로 의료진과 상의하고, 쓰러질 것 같으면 119에 전화하세요.",
      "en": "Your recorded pulse is outside the usual resting range (60–100 beats a minute). With dizziness, "
            "breathlessness, chest pain or fainting, or on a medicine that slows the heart (a beta-blocker), contact "
            "your clinician today; if you feel you may pass out, call your local emergency number."}),
    ("glucose_low", lambda f: f.glucose is not None and f.glucose < 70,
     {"ko": "기록된 혈당이 70 mg/dL 미만으로 저혈당 범위입니다. 포도당 15g(사탕, 주스 반 컵 등)을 먹고 15분 뒤 다시 재세요. "
            "의식이 흐려지거나 삼킬 수 없으면 119에 전화하세요.",
      "en": "Your recorded blood glucose is below 70 mg/dL, the low range. Take 15 g of fast sugar (glucose tablets, "
            "half a cup of juice) and check again after 15 minutes. If someone becomes confused or cannot swallow, "
            "call your local emergency number."}),
    ("glucose_very_high", lambda f: f.glucose is not None and f.glucose >= 300,
     {"ko": "기록된 혈당이 300 mg/dL 이상으로 매우 높습니다. 오늘 안에 의료진과 상의하고, 구토, 심한 갈증, 빠른 호흡, "
            "처지거나 혼미한 증상이 있으면 응급실로 가세요.",
      "en": "Your recorded blood glucose is 300 mg/dL or higher, which is very high. Contact your clinician today, and "
            "go to an emergency department if you have vomiting, severe thirst, fast breathing, or drowsiness or "
            "confusion."}),
    # --- the nineteenth blind pairwise round (visitor_test21) ---
    ("dpp4_heart_failure", lambda f: bool(f.any_drug & {"saxagliptin", "alogliptin"}) and
     "heart failure" in f.any_condition,
     {"ko": "DPP-4 억제제 가운데 삭사글립틴(온글라이자)과 알로글립틴(네시나)은 연구에서 심부전으로 입원하는 위험을 높였습니다. "
            "심부전이 있거나 그 위험이 크면 보통 다른 당뇨약을 고르니, 처방한 의사에게 심부전이 있다고 꼭 알리고 상의하세요.",
      "en": "Of the DPP-4 inhibitors, saxagliptin (Onglyza) and alogliptin (Nesina) raised the risk of hospital stays "
            "for heart failure in trials. With heart failure, or a high risk of it, another diabetes medicine is usually "
            "chosen: make sure the prescriber knows about the heart failure and ask about it."}),
    ("glp1_with_insulin_lows", lambda f: "glp1" in f.any_class and bool(f.any_class & {"insulin", "sulfonylurea"}),
     {"ko": "GLP-1 주사(세마글루타이드 등)는 혼자서는 저혈당을 거의 일으키지 않지만, 인슐린이나 설포닐우레아와 함께 쓰면 "
            "저혈당이 생길 수 있습니다. 시작하거나 용량을 올리는 동안 혈당을 더 자주 재고, 의료진이 인슐린 용량을 줄일 수 있으니 "
            "낮은 수치가 나오면 바로 알리세요.",
      "en": "A GLP-1 medicine (semaglutide and others) rarely causes lows on its own, but with insulin or a "
            "sulfonylurea it can. While it is started or raised, check glucose more often; the team may lower the "
            "insulin dose, so tell them about any low reading."}),
    ("ntd_folic_acid", lambda f: "ntd_history" in f.asks,
     {"ko": "이전 임신에 신경관 결손(이분척추 등)이 있었다면 다음 임신 전에는 보통 엽산을 훨씬 많이(흔히 하루 4~5mg, "
            "처방) 먹도록 권합니다. 일반 임산부 영양제(0.4mg)로는 부족할 수 있으니 임신을 시도하기 최소 한 달 전에 산부인과에서 "
            "용량을 정하세요.",
      "en": "After a pregnancy affected by a neural tube defect (such as spina bifida), a much higher dose of folic "
            "acid is usually advised for the next one (often 4–5 mg a day, on prescription); a standard prenatal vitamin "
            "(0.4 mg) may not be enough. See a doctor at least a month before trying to conceive to set the dose."}),
    ("margarine_trans_fat", lambda f: "margarine" in f.asks,
     {"ko": "딱딱한 막대형 마가린이나 쇼트닝에는 LDL 콜레스테롤을 올리는 트랜스지방이 들어 있을 수 있습니다. 트랜스지방 0g인 "
            "부드러운 제품이나 올리브유·카놀라유 같은 식물성 기름을 고르고, 튀기는 음식 자체를 줄이세요.",
      "en": "Hard (stick) margarines and shortening can contain trans fats, which raise LDL cholesterol. Choose a soft "
            "spread labelled 0 g trans fat or vegetable oils such as olive or canola, and fry less whatever the fat."}),
    ("flu_high_risk", lambda f: "influenza" in f.any_condition and bool(f.any_condition & FLU_HIGH_RISK) and
     "vaccine" not in f.asks,
     {"ko": "파킨슨병·뇌졸중 같은 신경계 질환, 심장·폐·콩팥 질환, 당뇨가 있으면 나이와 상관없이 독감 합병증 고위험군입니다. "
            "항바이러스제는 증상 시작 후 이틀 안에 시작할 때 가장 잘 들으니 오늘 진료를 받으세요. 숨이 차거나 정신이 흐려지면 "
            "바로 응급실로 가세요.",
      "en": "A neurological condition such as Parkinson's or a stroke, heart, lung or kidney disease, or diabetes puts a "
            "person in the high-risk group for flu complications at any age. Antivirals work best started within two "
            "days of the first symptoms, so contact a doctor today; breathlessness or confusion needs emergency care."}),
    ("diabetes_nail_cutting", lambda f: "nail_cutting" in f.asks and any("diabetes" in c for c in f.any_condition),
     {"ko": "당뇨가 있으면 발톱은 일자로 자르고 모서리를 둥글게 깊이 파내거나 너무 짧게 자르지 마세요(살을 파고들어 감염될 수 "
            "있습니다). 날카로운 끝은 줄로 다듬고, 시력이 나쁘거나 발 감각이 떨어졌다면 의료진(족부 진료)에게 맡기세요.",
      "en": "With diabetes, cut toenails straight across and do not round off or dig into the corners or cut them very "
            "short (an ingrown nail can become infected); file sharp edges, and if sight or feeling in the feet is poor, "
            "have a podiatrist or nurse do it."}),
]


def safety_notes(facts: Facts, lang: str) -> list[str]:
    lang = "ko" if lang == "ko" else "en"
    return [text[lang] for _, when, text in RULES if when(facts)]


def rule_names(facts: Facts) -> list[str]:
    return [name for name, when, _ in RULES if when(facts)]


def rule_notes(facts: Facts, lang: str) -> dict[str, str]:
    """The rules that fire, by name, with their note in ``lang`` (in the table's order)."""
    lang = "ko" if lang == "ko" else "en"
    return {name: text[lang] for name, when, text in RULES if when(facts)}
