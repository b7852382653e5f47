"""The notes added from the fifteenth blind pairwise round on (issue 32): each a situation a judged answer left without
its caution, with its note in Korean and English. :mod:`.rules` appends this table to its own, in this order."""

from __future__ import annotations

from typing import Any

from .kinds import (
    ANTICOAG,
    BP_LOWERING,
    FLU_HIGH_RISK,
    HYPERTENSION,
    NSAIDS,
    SECONDARY_PREVENTION,
    bp_crisis,
    bp_high,
    has_diabetes,
    takes_metformin,
)

ROUND_RULES: list[tuple[str, Any, dict[str, str]]] = [
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
    ("metformin_surgery", lambda f: takes_metformin(f.any_drug) and "surgery" in f.asks,
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
    ("blood_pressure_crisis", bp_crisis,
     {"ko": "기록된 혈압이 180/120 mmHg 이상으로 매우 높습니다. 가슴 통증, 숨참, 심한 두통, 시야 이상, 한쪽 팔다리 마비나 "
            "말이 어눌해지는 증상이 함께 있으면 바로 119에 전화하세요. 증상이 없어도 다시 재 보고 오늘 안에 의료진과 상의하세요.",
      "en": "Your recorded blood pressure is 180/120 mmHg or higher, which is very high. With chest pain, shortness of "
            "breath, a severe headache, vision changes, weakness on one side or trouble speaking, call your local "
            "emergency number now. Without symptoms, measure again and contact your clinician today."}),
    ("blood_pressure_high", bp_high,
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
    ("diabetes_nail_cutting", lambda f: "nail_cutting" in f.asks and has_diabetes(f),
     {"ko": "당뇨가 있으면 발톱은 일자로 자르고 모서리를 둥글게 깊이 파내거나 너무 짧게 자르지 마세요(살을 파고들어 감염될 수 "
            "있습니다). 날카로운 끝은 줄로 다듬고, 시력이 나쁘거나 발 감각이 떨어졌다면 의료진(족부 진료)에게 맡기세요.",
      "en": "With diabetes, cut toenails straight across and do not round off or dig into the corners or cut them very "
            "short (an ingrown nail can become infected); file sharp edges, and if sight or feeling in the feet is poor, "
            "have a podiatrist or nurse do it."}),
    # --- the twentieth blind pairwise round (visitor_test22) ---
    ("orthopnoea", lambda f: "orthopnoea" in f.asks,
     {"ko": "누우면 숨이 차서 앉아서 자야 하는 것은, 특히 발목이나 발이 붓는다면, 심장이 피를 잘 짜내지 못해 몸에 물이 차는 "
            "심부전의 신호일 수 있습니다. 나이 탓으로 넘기지 말고 며칠 안에 진료를 받으세요. 가만히 있어도 숨이 심하게 차거나 "
            "입술이 파래지면 119에 연락하세요.",
      "en": "Being too breathless to lie flat, so that sleeping sitting up is easier, can be a sign of fluid building up "
            "because the heart is not pumping well (heart failure), especially with swollen ankles or feet. It is not "
            "just age: see a doctor within days, and call your emergency number for severe breathlessness at rest or "
            "bluish lips."}),
    ("scopolamine_older", lambda f: "scopolamine patch" in f.any_drug,
     {"ko": "멀미 패치(키미테, 스코폴라민)는 붙이는 약이어도 몸에 흡수되어 항콜린 작용을 합니다. 나이가 많거나 수면제 등 다른 "
            "약을 여럿 먹으면 혼동, 어지러움·낙상, 시야 흐림, 소변이 안 나오는 증상(전립선비대증)이 생길 수 있고, 녹내장이 "
            "있거나 어린이라면 쓰지 못할 수 있습니다(제품마다 나이 제한이 있습니다). 쓰기 전에 약사나 의사와 상의하세요.",
      "en": "A motion-sickness patch (scopolamine) is absorbed into the body and is strongly anticholinergic, patch or "
            "not. In older people, especially with several other medicines such as a sleeping pill, it can cause "
            "confusion, falls, blurred vision and trouble passing urine (an enlarged prostate); with glaucoma, or for a "
            "child (each product has an age limit), it may not be suitable. Ask a pharmacist or doctor before using it."}),
    ("injection_site", lambda f: "injection_site" in f.asks and bool(f.any_class & {"insulin", "glp1"} or
                                                                     has_diabetes(f)),
     {"ko": "흉터, 멍, 딱딱하게 뭉친 곳에는 주사하지 마세요. 그런 곳에서는 인슐린 흡수가 들쑥날쑥해져 혈당이 불안정해질 수 "
            "있습니다. 배 안에서도 매번 자리를 바꾸고(배꼽에서 5cm 이상 떨어져서), 뭉친 곳이 있으면 의료진에게 보여 주세요.",
      "en": "Do not inject into scars, bruises or lumpy, thickened skin: insulin is taken up unpredictably there, which "
            "can make readings swing. Rotate the spot every time within the area (at least 5 cm from the navel) and show "
            "any lumps to the diabetes team."}),
    ("low_signs", lambda f: "low_signs" in f.asks and bool(f.any_class & {"insulin", "sulfonylurea"} or
                                                           has_diabetes(f)),
     {"ko": "식은땀, 손 떨림, 멍해짐, 짜증이 단것을 먹고 나아진다면 저혈당일 수 있습니다. 그럴 때 혈당을 재서 70 미만이면 "
            "당 15g을 먹고, 자주 그렇다면 약을 더 세게 쓰기 전에 담당 의료진에게 알려 약을 조정하세요. 저혈당이 의심되면 "
            "운전하지 마세요.",
      "en": "Sweating, shakiness, confusion, clumsiness or irritability that ease after food or sweets can be low blood "
            "sugar, especially on insulin or a sulfonylurea. Check glucose when it happens (below 70 mg/dL: 15 g of fast "
            "sugar), do not drive with a possible low, and tell the diabetes team before any medicine is made stronger: "
            "the doses may need lowering."}),
    ("oximeter", lambda f: "oximeter" in f.asks and "oximeter_fine" not in f.asks,
     {"ko": "손가락 산소측정기 수치가 92% 미만이면 응급 진료가 필요한 경고 신호입니다. 숫자와 상관없이 가만히 있어도 숨이 "
            "심하게 차거나, 입술이 파랗거나, 새로 정신이 흐리거나 깨우기 힘들거나, 가슴이 아프면 119에 연락하세요.",
      "en": "On a finger pulse oximeter, a reading below about 92% is a warning sign that needs emergency care. Whatever "
            "the number, severe breathlessness at rest, bluish lips, new confusion or being hard to wake, or chest pain "
            "need your emergency number."}),
    ("heart_failure_alcohol", lambda f: "heart failure" in f.any_condition and "alcohol" in f.asks,
     {"ko": "심부전이 있으면 술은 피하거나 아주 적게 마시도록 권합니다. 술도 의사가 정한 하루 수분 제한에 포함되고, 이뇨제가 "
            "그것을 상쇄해 주지 않습니다. 얼마나 괜찮은지 담당 의사와 상의하세요.",
      "en": "With heart failure, alcohol is best avoided or kept to a minimum; drinks count towards any daily fluid limit, "
            "and water tablets do not cancel them out. Ask the heart team how much, if any, is safe."}),
    ("injects_drugs_fever", lambda f: "injects_drugs" in f.asks,
     {"ko": "마약을 주사하는 사람에게 열과 함께 허리나 등 통증(특히 밤이나 쉴 때 심한)이 있으면 척추나 심장 판막 감염 같은 "
            "심각한 원인일 수 있습니다. 오늘 진료를 받으세요.",
      "en": "In someone who injects drugs, fever with back pain (especially worse at night or at rest) can be a serious "
            "infection of the spine or heart valves: get seen today."}),
    ("aspirin_after_heart_attack", lambda f: "aspirin" in f.any_drug and bool(f.any_condition & SECONDARY_PREVENTION) and
     ("stopping" in f.asks or "stop_medicine" in f.asks),
     {"ko": "매일 저용량 아스피린을 권하지 않는다는 뉴스는 심장병이나 뇌졸중이 없던 사람의 예방에 관한 것입니다. 심근경색, "
            "협심증, 스텐트, 뇌졸중 뒤에는 아스피린이 재발을 막아 주므로 의사와 상의 없이 끊지 마세요.",
      "en": "The advice against daily low-dose aspirin is for people who have never had heart disease or a stroke. After "
            "a heart attack, angina, a stent or a stroke, aspirin lowers the risk of another one: do not stop it without "
            "talking to the doctor."}),
    # --- the twenty-first blind pairwise round (visitor_test23): situations the answers left without their caution ---
    ("sulfonylurea_fasting", lambda f: "sulfonylurea" in f.any_class and bool({"fasting", "starve"} & f.asks),
     {"ko": "글리메피리드(아마릴)·글리클라지드 같은 설포닐우레아 계열 약은 밥을 먹든 안 먹든 인슐린을 나오게 하므로, 끼니를 "
            "굶거나 단식하면서 평소처럼 먹으면 저혈당이 올 수 있습니다. 단식이나 끼니를 거르기 전에 담당 의사와 약 용량과 "
            "복용 시간을 상의하세요. 식은땀·손 떨림·멍해짐이 있으면 혈당을 재고 당분을 드세요.",
      "en": "A sulfonylurea (glimepiride, gliclazide and others) makes the body release insulin whether or not you eat, "
            "so taking it as usual while fasting or skipping the meal can cause a low. Ask the prescriber how to adjust "
            "the dose or timing before fasting. Sweating, shakiness or confusion: check glucose and take fast sugar."}),
    ("sensor_mismatch", lambda f: "sensor_mismatch" in f.asks,
     {"ko": "연속혈당측정기(CGM) 센서는 손끝 혈당보다 늦게 따라오고 빗나갈 수 있습니다. 식은땀·손 떨림·멍해짐 같은 저혈당 "
            "증상이 있는데 센서 숫자가 정상이면 숫자를 믿지 말고 손끝 채혈로 바로 재세요. 재기 어렵거나 70 미만이면 먼저 "
            "당분 15g을 드세요.",
      "en": "A glucose sensor (CGM) lags behind a fingerstick and can be off. With symptoms of a low (sweating, "
            "shakiness, confusion) and a normal sensor number, do not trust the number: check with a fingerstick now, "
            "and if you cannot or it is under 70 mg/dL, take 15 g of fast sugar first."}),
    # --- the twenty-second blind pairwise round (visitor_test24) ---
    ("hypnotic_driving", lambda f: "hypnotic" in f.any_class and "driving" in f.asks,
     {"ko": "졸피뎀(스틸녹스) 같은 수면제는 다음 날 아침까지 졸음과 판단력 저하가 남을 수 있고, 나이가 많을수록 더 그렇습니다. "
            "먹은 뒤 7~8시간을 온전히 자지 못했거나 아침에 조금이라도 멍하면 운전하지 마세요. 새벽 운전이 잦다면 약과 "
            "용량을 의사와 다시 상의하세요.",
      "en": "A sleeping pill such as zolpidem can leave drowsiness and slowed reactions the next morning, more so in "
            "older people. Do not drive unless you had a full 7–8 hours after taking it and feel fully alert; if early "
            "driving is routine, review the medicine and dose with the doctor."}),
    ("warfarin_amiodarone", lambda f: "warfarin" in f.any_drug and "amiodarone" in f.any_drug,
     {"ko": "아미오다론(코다론)은 와파린의 효과를 크게 높여 출혈 위험을 올립니다. 아미오다론을 시작하면 보통 와파린 용량을 "
            "줄이고 INR을 1~2주 안에 더 자주 검사합니다. 원래 용량 그대로 먹어도 되는지, INR 검사를 앞당겨야 하는지 처방한 "
            "의사에게 바로 확인하세요. 멍, 잇몸 출혈, 검은 변이 있으면 즉시 연락하세요.",
      "en": "Amiodarone strongly raises warfarin's effect and the bleeding risk: when it is started the warfarin dose "
            "is usually lowered and the INR checked within one to two weeks. Ask the prescriber now whether the dose "
            "stays and when the next INR should be; report bruising, bleeding gums or black stools at once."}),
    ("vaping_asthma", lambda f: "vaping" in f.asks and any("asthma" in c for c in f.any_condition),
     {"ko": "전자담배 증기는 수증기가 아니라 니코틴, 향료, 미세 입자가 든 에어로졸로, 기도를 자극해 천식 증상과 발작을 "
            "악화시킬 수 있습니다. 천식이 있다면 전자담배를 피하고, 밤기침이 잦아졌다면 천식 조절이 나빠진 신호일 수 "
            "있으니 진료를 받으세요.",
      "en": "Vape aerosol is not water vapour: it carries nicotine, flavourings and fine particles that irritate the "
            "airways and can worsen asthma and trigger attacks. With asthma, avoid vaping; a new night cough can mean "
            "the asthma is less controlled and needs a review."}),
    ("aspirin_with_nsaid", lambda f: "aspirin" in f.any_drug and "nsaid" in f.any_class,
     {"ko": "아스피린도 이부프로펜·나프록센과 같은 소염진통제 계열입니다. 함께 먹으면 위장 출혈 위험이 더해지고, 심장 때문에 "
            "먹는 저용량 아스피린의 효과를 이부프로펜이 떨어뜨릴 수 있습니다. 같은 날 함께 먹기 전에 약사나 의사와 "
            "상의하세요.",
      "en": "Aspirin is an anti-inflammatory painkiller like ibuprofen and naproxen: together they add up the risk of "
            "stomach bleeding, and ibuprofen can blunt low-dose aspirin's heart protection. Ask a pharmacist or "
            "doctor before taking them on the same day."}),
    ("retinopathy_treatment", lambda f: "refuse_treatment" in f.asks and any("retinopathy" in c for c in f.any_condition),
     {"ko": "증식성 당뇨망막병증은 아직 잘 보여도 갑자기 출혈이나 망막박리로 시력을 잃을 수 있어, 레이저나 주사 치료는 "
            "시력을 지키려고 미리 하는 것입니다. 치료를 미루거나 거절하기 전에 안과 의사와 위험을 꼭 상의하세요.",
      "en": "Proliferative diabetic retinopathy can take sight suddenly (a bleed or a detached retina) even while vision "
            "is still good; laser or injections are given to prevent that. Discuss the risk with the eye doctor before "
            "putting off or refusing treatment."}),
    # --- the twenty-third blind pairwise round (visitor_test25, voice-dictated) ---
    ("pregnancy_aspirin", lambda f: f.pregnant and "aspirin" in f.any_drug and "low_dose_aspirin" not in f.asks,
     {"ko": "임신 중 통증에 먹는 용량의 아스피린은 다른 소염진통제(NSAID)처럼 보통 피하고, 특히 20주 이후에는 태아에게 해로울 "
            "수 있습니다. 통증에는 아세트아미노펜(타이레놀)이 보통 먼저 쓰이니 산부인과 의사나 약사와 상의하세요. 임신중독증 "
            "예방을 위해 처방받은 저용량 아스피린이라면 처방대로 계속 드세요.",
      "en": "Aspirin at painkiller doses, like other NSAIDs, is generally avoided in pregnancy, and especially from 20 "
            "weeks it can harm the baby; for pain, acetaminophen (paracetamol) is usually used first: ask the midwife, "
            "doctor or pharmacist. Low-dose aspirin prescribed to prevent pre-eclampsia is taken as prescribed."}),
    ("anticoagulant_alcohol", lambda f: bool(f.any_class & ANTICOAG) and "alcohol" in f.asks,
     {"ko": "항응고제를 먹는 중에 술을 많이, 특히 며칠 몰아서 마시면 출혈 위험이 커지고 와파린은 INR이 크게 흔들립니다. 술은 "
            "조금만 마시고 폭음은 피하세요. 평소보다 많이 마실 일이 있다면 미리 항응고 클리닉이나 의사에게 알리고 INR 검사를 "
            "상의하세요. 멍, 잇몸 출혈, 검은 변이 생기면 바로 연락하세요.",
      "en": "On a blood thinner, heavy drinking, and binges over several days especially, raises the bleeding risk, and "
            "with warfarin it can swing the INR a lot. Keep alcohol small and avoid binges; if more drinking than usual "
            "is coming up, tell the anticoagulation clinic or doctor beforehand and ask about an INR check. Report "
            "bruising, bleeding gums or black stools at once."}),
    ("statin_breastfeeding", lambda f: "statin" in f.any_class and "breastfeeding" in f.asks,
     {"ko": "스타틴은 모유 수유 중에는 보통 먹지 않습니다. 수유를 마칠 때까지 다시 시작하지 말고, 가족성 고콜레스테롤혈증처럼 "
            "콜레스테롤이 매우 높다면 수유 중에 쓸 수 있는 다른 치료와 다시 시작할 시기를 담당 의사와 상의하세요.",
      "en": "Statins are usually not taken while breastfeeding. Do not restart until breastfeeding ends; with very high "
            "cholesterol such as familial hypercholesterolaemia, ask the doctor about options during breastfeeding and "
            "when to restart."}),
    ("alcohol_lows", lambda f: "alcohol" in f.asks and bool(f.any_class & {"insulin", "sulfonylurea"} or any(
        "type 1 diabetes" in c for c in f.any_condition)),
     {"ko": "술은 간이 포도당을 내보내는 것을 막아서, 인슐린이나 설포닐우레아를 쓰는 사람은 마신 뒤 밤사이나 다음 날까지 "
            "저혈당이 올 수 있습니다. 밤에 식은땀, 아침 두통이나 멍함은 숙취가 아니라 저혈당일 수 있으니 혈당을 재세요. 마실 "
            "때는 탄수화물을 함께 먹고, 자기 전에 혈당을 확인하고, 곁에 있는 사람에게 당뇨가 있다고 알려 두세요.",
      "en": "Alcohol stops the liver from releasing glucose, so on insulin or a sulfonylurea a low can come overnight or "
            "into the next day after drinking. Night sweats or a morning headache and fogginess may be a low, not a "
            "hangover: check the glucose. When drinking, eat carbohydrate with it, check before bed, and make sure "
            "someone with you knows you have diabetes."}),
    # --- the twenty-fourth blind pairwise round (visitor_test26, claims checked) ---
    ("headache_positional", lambda f: "headache_positional" in f.asks,
     {"ko": "새로 생긴 두통이 아침에 깰 때 가장 심하거나 누우면 더 심해지고 몇 주째 계속된다면, 베개나 자세 탓으로 넘기지 말고 "
            "가까운 시일 안에 진료를 받으세요. 구토, 시야 변화, 팔다리 힘 빠짐, 혼란이 함께 있으면 바로 응급실로 가세요.",
      "en": "A new headache that is worst on waking or worse lying down and has gone on for weeks needs a doctor's "
            "assessment soon, not a new pillow. With vomiting, changes in vision, weakness or confusion, go to the "
            "emergency department now."}),
    ("bowel_change", lambda f: "bowel_change" in f.asks,
     {"ko": "몇 주 넘게 변비와 설사가 번갈아 오는 등 배변 습관이 새로 바뀌었다면, 특히 50세 이후에는 나이 탓으로 넘기지 말고 "
            "진료를 받으세요. 5년 전 대장내시경이 깨끗했어도 새 증상이 있으면 의사가 다시 검사를 권할 수 있습니다. 변에 피, "
            "체중 감소, 빈혈이 있으면 더 서두르세요.",
      "en": "A new change in bowel habit lasting more than a few weeks, such as constipation alternating with "
            "diarrhoea, needs a doctor's review, especially after 50, even after a clear colonoscopy some years ago. "
            "Blood in the stool, weight loss or anaemia make it more urgent."}),
    ("lvh", lambda f: "lvh" in f.asks,
     {"ko": "고혈압 때문에 생긴 좌심실 비대는 심장이 튼튼해진 것이 아니라 높은 압력에 오래 시달린 흔적으로, 심부전·부정맥·"
            "뇌졸중 위험을 높입니다. 혈압을 치료하면 좋아질 수 있으니 미루지 말고 진료를 받아 혈압 치료를 시작하세요.",
      "en": "Left ventricular hypertrophy from high blood pressure is not a stronger heart but strain from years of "
            "pressure; it raises the risk of heart failure, rhythm problems and stroke. Treating the blood pressure "
            "can reverse it: see a doctor and start treatment rather than wait."}),
    ("very_high_sugar_thirst", lambda f: "sugar_400" in f.asks and "thirst_peeing" in f.asks,
     {"ko": "혈당이 400 이상이면서 며칠째 심한 갈증과 잦은 소변이 있으면, 특히 감염이 있는 고령의 2형 당뇨 환자는 케톤이 "
            "음성이어도 고삼투압 고혈당 상태일 수 있습니다. 물만 더 마시게 하지 말고 오늘 바로 진료를 받으세요. 졸려하거나 "
            "말이 어눌하거나 혼란스러우면 119에 전화하세요.",
      "en": "A glucose of 400 or more with days of great thirst and passing a lot of urine, especially in an older person "
            "with type 2 diabetes and an infection, can be a hyperosmolar state even with no ketones: do not just give "
            "more water, get medical care today, and call emergency services if they become drowsy or confused."}),
]
