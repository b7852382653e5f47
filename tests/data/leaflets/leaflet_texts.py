"""The words of the team's six test leaflets (three Korean, three English), block by block and page by page.

The team wrote them for the PDF ingestion tests: general, conservative patient information, test data and not
advice. Each page is laid out on its own by ``make_leaflets.py``, so every fact sits on exactly one page, which is
what the question sets' gold pages rely on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from leaflet_figures import draw_15_15_flow, draw_bp_week, draw_dose_day, draw_inhaler_spacer, draw_inr_chart
from PIL import Image


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]
    numbered: bool = False


@dataclass(frozen=True)
class Table:
    title: str                              # the "표 1." / "Table 1." line directly above
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]               # relative column widths


@dataclass(frozen=True)
class Figure:
    draw: Callable[[], Image.Image]
    caption: str                            # one line directly below, "그림 1." / "Figure 1."
    width: float                            # mm


Block = Heading | Para | Bullets | Table | Figure


@dataclass(frozen=True)
class Leaflet:
    filename: str
    lang: str                               # "ko" | "en"
    title: str
    intro: str
    running_head: str
    subject: str
    pages: tuple[tuple[Block, ...], ...]


METFORMIN_KO = Leaflet(
    filename="metformin_ko.pdf", lang="ko", title="메트포르민 복용 안내", running_head="환자 안내문 | 메트포르민",
    subject="메트포르민 복용 방법, 신장 기능(eGFR)에 따른 용량, 젖산산증과 조영제 검사 전 주의",
    intro="이 안내문은 메트포르민을 처음 처방받았거나 복용 중인 분을 위한 일반 정보입니다. 개인별 용량과 복용 "
          "여부는 반드시 담당 의사와 약사의 지시를 따르세요.",
    pages=(
        (
            Heading("메트포르민은 어떤 약인가요?"),
            Para("메트포르민은 제2형 당뇨병 치료에 가장 널리 쓰이는 먹는 혈당강하제입니다. 간에서 포도당이 "
                 "만들어지는 것을 줄이고, 몸이 인슐린에 더 잘 반응하도록 도와 혈당을 낮춥니다. 이 약만 단독으로 "
                 "복용할 때는 저혈당이 거의 생기지 않지만, 인슐린이나 설포닐우레아 계열 약과 함께 쓰면 저혈당이 "
                 "올 수 있습니다."),
            Heading("복용 방법"),
            Bullets((
                "위장 불편을 줄이기 위해 식사 중이나 식사 직후에 물과 함께 복용합니다.",
                "보통 적은 용량으로 시작해 몇 주에 걸쳐 천천히 늘립니다. 스스로 용량을 바꾸지 마세요.",
                "서방정(제품명에 XR, SR 등이 붙은 약)은 대개 하루 한 번 저녁 식사와 함께 복용하며, 쪼개거나 "
                "씹지 말고 통째로 삼킵니다.",
                "서방정을 먹은 뒤 대변에 알약 모양의 껍질이 보일 수 있는데, 약 성분은 이미 흡수된 것이므로 "
                "걱정하지 않아도 됩니다.",
            )),
            Heading("복용을 잊었을 때"),
            Para("생각난 즉시 식사와 함께 복용하세요. 다만 다음 복용 시간이 가까우면 잊은 용량은 건너뛰고 원래 "
                 "일정대로 복용합니다. 잊은 몫까지 한 번에 두 배로 먹지 마세요."),
            Heading("흔한 부작용"),
            Para("처음 몇 주 동안 설사, 메스꺼움, 배에 가스가 차는 느낌, 입안의 금속 맛이 나타날 수 있으며 "
                 "대부분 시간이 지나면 줄어듭니다. 증상이 계속되면 서방정으로 바꾸는 방법을 의사와 상의해 "
                 "보세요."),
        ),
        (
            Heading("신장 기능과 eGFR"),
            Para("메트포르민은 대부분 신장(콩팥)을 통해 소변으로 배출됩니다. 신장 기능이 떨어지면 약이 몸에 쌓여 "
                 "부작용 위험이 커지므로, 복용 전과 복용 중에 혈액검사로 사구체여과율(eGFR)을 확인합니다. "
                 "eGFR은 신장이 혈액을 걸러내는 능력을 나타내는 수치로, 숫자가 낮을수록 신장 기능이 나쁘다는 "
                 "뜻입니다."),
            Table(
                title="표 1. eGFR에 따른 메트포르민 용량 기준",
                header=("eGFR (mL/min/1.73㎡)", "복용 여부", "1일 최대 용량", "신장 기능 검사"),
                rows=(
                    ("60 이상", "복용 가능", "감량 필요 없음", "1년에 1회 이상"),
                    ("45~59", "복용 가능", "대개 감량 없이 유지", "3~6개월마다"),
                    ("30~44", "새로 시작하지 않음", "1,000 mg", "3개월마다"),
                    ("30 미만", "복용 금기", "복용 중단", "의사와 상의"),
                ),
                widths=(1.25, 1.2, 1.25, 1.0),
            ),
            Para("표의 값은 일반적인 기준이며, 실제 용량은 다른 질환과 검사 결과를 함께 보고 의사가 정합니다. "
                 "나이가 들거나 탈수가 생기거나 일부 진통소염제나 이뇨제를 함께 먹으면 신장 기능이 나빠질 수 "
                 "있으므로, 검사 결과가 바뀌면 용량도 달라질 수 있습니다."),
            Heading("신장을 지키는 생활 습관"),
            Bullets((
                "물을 충분히 마셔 탈수를 피하세요.",
                "진통소염제(이부프로펜, 나프록센 등)를 오래 먹어야 한다면 먼저 의사나 약사와 상의하세요.",
                "정기 혈액검사 날짜를 지키고, 결과지를 보관해 두세요.",
            )),
        ),
        (
            Heading("경고: 젖산산증"),
            Para("젖산산증은 드물지만 생명을 위협할 수 있는 부작용으로, 혈액에 젖산이 쌓여 생깁니다. 신장 기능이 "
                 "크게 떨어졌거나, 과음, 심한 탈수, 심한 감염, 심부전이나 간 질환이 있을 때 위험이 커집니다. "
                 "다음 증상이 생기면 약을 더 먹지 말고 즉시 응급실로 가세요."),
            Bullets((
                "평소와 다른 심한 근육통이나 근육 경련",
                "숨이 가쁘거나 호흡이 빨라짐",
                "설명되지 않는 복통, 메스꺼움, 구토",
                "심한 피로감, 졸림, 몸이 차갑게 느껴짐",
                "느리거나 불규칙한 심장 박동, 어지러움",
            )),
            Heading("조영제 검사와 수술 전 주의"),
            Para("CT나 혈관조영술처럼 요오드 조영제를 쓰는 검사를 받기 전에는 메트포르민을 복용 중이라고 반드시 "
                 "알리세요. 신장 기능이 낮거나 조영제를 동맥으로 주입하는 경우 등에는 검사 당일 복용을 멈추고, "
                 "검사 48시간 후 신장 기능을 다시 확인해 이상이 없으면 다시 시작합니다. 금식이 필요한 수술이나 "
                 "시술 전에도 잠시 중단할 수 있으니 의료진의 지시를 따르세요."),
            Heading("구토나 설사로 아플 때"),
            Para("구토나 설사가 심해 물을 제대로 마시지 못하면 탈수로 신장 기능이 나빠질 수 있습니다. 이럴 때는 "
                 "복용을 계속할지 의료진에게 문의하세요. 보통 잠시 멈추었다가 다시 정상적으로 먹고 마실 수 있게 "
                 "되면 다시 시작합니다."),
            Heading("그 밖의 주의 사항"),
            Bullets((
                "술은 젖산산증 위험을 높이므로 과음과 폭음을 피하세요.",
                "오래 복용하면 비타민 B12가 부족해질 수 있습니다. 손발 저림이나 빈혈 증상이 있으면 알리고 "
                "정기적으로 검사를 받으세요.",
                "중증 신장 질환이나 대사성 산증이 있는 분에게는 금기인 약입니다.",
            )),
        ),
    ),
)

WARFARIN_EN = Leaflet(
    filename="warfarin_en.pdf", lang="en", title="Warfarin: Taking Your Blood Thinner Safely",
    running_head="Patient leaflet | Warfarin",
    subject="Warfarin: how to take it, INR tests, interactions, vitamin K in food and signs of bleeding",
    intro="This leaflet gives general information for people who take warfarin. Your anticoagulation clinic or "
          "doctor will give you advice that fits your own situation; always follow it.",
    pages=(
        (
            Heading("What warfarin does"),
            Para("Warfarin is an anticoagulant, often called a blood thinner. It slows down the clotting of your "
                 "blood by blocking the way the liver uses vitamin K to make clotting factors. It does not dissolve "
                 "a clot that is already there, but it stops it from growing and lowers the chance of new ones "
                 "forming. It is prescribed, for example, for atrial fibrillation, after a clot in a leg vein or in "
                 "the lungs, and for people with a mechanical heart valve."),
            Heading("How to take it"),
            Bullets((
                "Take your dose once a day at the same time, usually in the evening. Then a dose change after a "
                "morning blood test can start on the same day.",
                "Your dose may change from week to week. Always take the number of milligrams that your clinic "
                "told you most recently.",
                "Tablets of different strengths usually have different colours. Check the strength before each "
                "dose, especially when you start a new pack.",
                "Keep a record booklet, card or app with your doses and results, and bring it to every "
                "appointment.",
            )),
            Heading("If you miss a dose"),
            Para("If you remember on the same day, take the missed dose as soon as you remember. If you do not "
                 "remember until the next day, skip the missed dose and take your usual dose at the usual time. "
                 "Never take a double dose to make up for a forgotten one, and tell the clinic at your next test."),
            Heading("Carry an alert card"),
            Para("Carry an anticoagulant alert card with you at all times, so that staff know about your warfarin "
                 "if you are in an accident or cannot speak for yourself."),
        ),
        (
            Heading("The INR blood test"),
            Para("The INR (international normalised ratio) shows how long your blood takes to clot compared with "
                 "the blood of a person who is not taking an anticoagulant. Without warfarin the INR is about 1. An "
                 "INR of 2.5 means that your blood takes roughly two and a half times as long to clot."),
            Para("Your doctor sets a target range for you. For most people, including those with atrial "
                 "fibrillation or a clot in a vein, the target range is 2.0 to 3.0. Some people with a mechanical "
                 "heart valve need a higher range, such as 2.5 to 3.5."),
            Figure(draw_inr_chart, "Figure 1. INR record: below the shaded band, clot risk rises; above it, "
                                   "bleeding risk rises.", 150),
            Heading("How often you will be tested"),
            Para("When you start warfarin you will need INR tests often, sometimes several times a week. Once your "
                 "results are stable, the gap between tests can be longer, for example every 4 to 12 weeks. You "
                 "will need an extra test whenever you start or stop another medicine, after an illness such as "
                 "diarrhoea, or after a big change in what you eat or drink."),
        ),
        (
            Heading("Medicines and other products that interact"),
            Para("Many medicines can make warfarin work more strongly, which raises the INR and the chance of "
                 "bleeding, or less strongly, which raises the chance of a clot. Tell every doctor, dentist and "
                 "pharmacist that you take warfarin, and check with your clinic before starting or stopping "
                 "anything, including medicines bought without a prescription."),
            Bullets((
                "Painkillers such as aspirin, ibuprofen and naproxen increase the risk of bleeding. Paracetamol "
                "(acetaminophen) is usually the better choice, but taking it regularly for several days can also "
                "raise the INR.",
                "Some antibiotics and antifungal medicines, including miconazole oral gel, can raise the INR.",
                "Herbal products such as St John's wort can change how warfarin works. Avoid them unless your "
                "clinic agrees.",
                "Cranberry juice, grapefruit juice and binge drinking of alcohol can all upset your INR.",
            )),
            Heading("Vitamin K in food"),
            Para("Vitamin K helps the blood to clot, so it works against warfarin. You do not need to avoid foods "
                 "that contain it. What matters is keeping the amount you eat roughly the same from week to week, "
                 "without sudden big changes such as starting a new diet. Foods rich in vitamin K include:"),
            Bullets((
                "dark green leafy vegetables such as kale, spinach and chard",
                "broccoli, Brussels sprouts and cabbage",
                "liver, and some vegetable oils such as soybean and rapeseed oil",
                "green smoothies and some meal replacement or supplement drinks",
            )),
            Para("Ask the clinic before you take any vitamin supplement, because some contain vitamin K."),
        ),
        (
            Heading("Warning: signs of bleeding"),
            Para("Bleeding is the most important side effect of warfarin. Small amounts, such as bleeding gums when "
                 "you brush your teeth, can happen. Contact your clinic or doctor soon if you notice:"),
            Bullets((
                "bruises that appear without a clear reason or are larger than usual",
                "nosebleeds or bleeding gums that happen often",
                "periods that are heavier or last longer than usual",
                "a cut that keeps oozing for longer than usual",
            )),
            Heading("When to get emergency help"),
            Para("Go to an emergency department or call an ambulance straight away if you:"),
            Bullets((
                "vomit blood or material that looks like coffee grounds",
                "pass black, tarry stools or see red blood in your stools",
                "pass red or dark brown urine, or cough up blood",
                "have a nosebleed that does not stop after 10 minutes of firm pressure",
                "have a sudden severe headache, confusion, weakness or trouble speaking",
                "have a fall or a blow to the head, even if you feel fine",
            )),
            Heading("Pregnancy and stopping warfarin"),
            Para("Do not take warfarin in pregnancy unless a specialist has advised it, because it can harm an "
                 "unborn baby. If you could become pregnant, use reliable contraception and contact your doctor at "
                 "once if you think you may be pregnant. Do not stop warfarin on your own, even before dental work "
                 "or surgery; your care team will tell you whether and when to stop."),
        ),
    ),
)

HOME_BP_KO = Leaflet(
    filename="home_bp_ko.pdf", lang="ko", title="가정혈압 측정 안내", running_head="환자 안내문 | 가정혈압",
    subject="집에서 혈압을 재는 방법, 측정 시간과 기록, 가정혈압 목표값과 응급 증상",
    intro="집에서 잰 혈압은 진료실 혈압보다 평소 상태를 더 잘 보여 줍니다. 이 안내문은 가정혈압을 정확하게 재고 "
          "기록하는 방법을 설명합니다.",
    pages=(
        (
            Heading("왜 집에서 혈압을 재나요?"),
            Para("병원에서는 긴장 때문에 혈압이 평소보다 높게 나오기도 하고(백의고혈압), 반대로 진료실에서는 "
                 "정상인데 집이나 직장에서는 높은 경우도 있습니다(가면고혈압). 여러 날 집에서 잰 혈압은 이런 "
                 "차이를 가려내고, 혈압약이 잘 듣는지 판단하는 데 도움이 됩니다."),
            Heading("혈압계 고르기"),
            Bullets((
                "손목형보다 위팔(상완)에 커프를 감는 자동 혈압계를 권장합니다.",
                "정확도 검증을 받은 제품인지 확인하세요.",
                "커프 크기가 팔 둘레에 맞아야 합니다. 팔이 굵은데 작은 커프를 쓰면 혈압이 실제보다 높게 "
                "나옵니다.",
                "1년에 한 번 정도는 진료받을 때 혈압계를 가져가 진료실 측정값과 비교해 보세요.",
            )),
            Heading("측정 전 준비"),
            Bullets((
                "측정 30분 전부터 흡연, 카페인 음료, 운동, 목욕을 피합니다.",
                "소변이 마려우면 먼저 화장실에 다녀옵니다.",
                "등받이가 있는 의자에 앉아 최소 5분 동안 편히 쉽니다.",
                "측정하는 동안에는 말을 하거나 휴대전화를 보지 않습니다.",
            )),
        ),
        (
            Heading("올바른 측정 자세"),
            Bullets((
                "등을 의자에 기대고 다리를 꼬지 않으며, 두 발은 바닥에 평평하게 둡니다.",
                "팔은 탁자 위에 편하게 올려 커프가 심장 높이에 오게 합니다.",
                "커프는 옷 위가 아니라 맨살에 감고, 손가락 두 개가 들어갈 정도로 감습니다.",
            )),
            Heading("언제, 몇 번 재나요?"),
            Para("아침에는 일어난 뒤 1시간 이내, 소변을 본 뒤 아침 식사와 혈압약 복용 전에 잽니다. 저녁에는 "
                 "잠자리에 들기 전에 잽니다. 한 번 앉을 때 1~2분 간격으로 두 번 재고 두 값을 모두 기록합니다. "
                 "진료를 앞두고는 적어도 5~7일 동안 이렇게 재는 것이 좋습니다."),
            Figure(draw_bp_week, "그림 1. 7일 기록 예시. 첫날 값은 보통 높게 나와 평균 계산에서 뺍니다.", 150),
            Heading("기록하는 방법"),
            Para("날짜와 시간, 수축기와 이완기 혈압, 맥박을 모두 적고, 약을 바꾼 날이나 몸이 아팠던 날에는 메모를 "
                 "남기세요. 마음에 드는 값만 골라 적지 말고 측정된 그대로 적어야 정확한 평균을 알 수 있습니다."),
        ),
        (
            Heading("목표 혈압"),
            Para("여러 날 잰 가정혈압의 평균이 135/85 mmHg 이상이면 고혈압으로 판단합니다. 치료 중인 분의 목표는 "
                 "대개 가정혈압 평균 135/85 mmHg 미만이며, 당뇨병이나 심뇌혈관 질환이 있는 분에게는 의사가 더 "
                 "낮은 목표를 정할 수 있습니다. 가정혈압의 기준은 진료실 혈압의 기준과 다르므로 아래 표를 "
                 "참고하세요."),
            Table(
                title="표 1. 진료실 혈압과 같은 의미의 가정혈압 (mmHg)",
                header=("진료실 혈압", "가정혈압", "의미"),
                rows=(
                    ("120/80", "120/80", "이보다 낮으면 정상 혈압"),
                    ("130/80", "130/80", "고위험군의 흔한 치료 목표"),
                    ("140/90", "135/85", "고혈압 진단 기준"),
                    ("160/100", "145/90", "2기 고혈압 수준"),
                ),
                widths=(1.0, 1.0, 2.0),
            ),
            Heading("주의: 바로 도움을 받아야 할 때"),
            Para("혈압이 180/120 mmHg 이상이면서 다음 증상 중 하나라도 있으면 즉시 119에 연락하세요."),
            Bullets((
                "가슴 통증이나 압박감, 숨이 참",
                "갑자기 생긴 심한 두통, 어눌한 말, 한쪽 팔다리의 힘 빠짐",
                "갑자기 앞이 잘 보이지 않음",
            )),
            Para("증상 없이 숫자만 높게 나왔다면 5분 쉬고 다시 재 보세요. 다시 재도 180/120 mmHg 이상이면 당일 "
                 "의료진에게 연락하세요."),
            Heading("그 밖의 경고"),
            Bullets((
                "측정값이 좋거나 나쁘다고 혈압약을 임의로 끊거나 용량을 바꾸지 마세요.",
                "혈압이 90/60 mmHg 아래로 자주 떨어지면서 어지러우면 의료진과 상의하세요.",
            )),
        ),
    ),
)

INHALER_EN = Leaflet(
    filename="inhaler_en.pdf", lang="en", title="Using Your Asthma Inhalers",
    running_head="Patient leaflet | Asthma inhalers",
    subject="Reliever and controller inhalers, inhaler technique with and without a spacer, asthma attacks",
    intro="Most asthma medicines are breathed in. This leaflet explains the difference between reliever and "
          "controller inhalers and how to use them well. Follow your own written asthma action plan.",
    pages=(
        (
            Heading("Reliever and controller: two different jobs"),
            Para("A reliever inhaler opens the airways quickly when you have symptoms such as wheeze, cough or a "
                 "tight chest. It usually contains a short-acting bronchodilator such as salbutamol (called "
                 "albuterol in some countries), and it starts to work within a few minutes."),
            Para("A controller inhaler, sometimes called a preventer, contains an inhaled corticosteroid, on its own "
                 "or combined with a long-acting bronchodilator. It calms the swelling and sensitivity inside the "
                 "airways, so it has to be used every day, even when you feel well. Its full effect builds up "
                 "gradually. Some people are prescribed one combination inhaler for both jobs; if that is you, "
                 "follow the plan you were given."),
            Heading("Signs that your asthma is not well controlled"),
            Bullets((
                "you need your reliever more than twice a week",
                "asthma symptoms wake you up at night",
                "symptoms stop you from doing your usual activities or exercise",
                "you have needed steroid tablets or an emergency visit because of asthma",
            )),
            Para("If any of these apply, book a review with your doctor or asthma nurse. Do not rely on your "
                 "reliever alone."),
        ),
        (
            Heading("How to use a pressurised inhaler"),
            Para("Check the dose counter and the expiry date first. If the inhaler is new or has not been used for "
                 "a few days, spray it into the air as the leaflet in the box explains."),
            Bullets((
                "Take off the cap and shake the inhaler well.",
                "Sit or stand up straight and breathe out gently, away from the inhaler.",
                "Put the mouthpiece between your teeth and close your lips around it.",
                "Start to breathe in slowly and deeply through your mouth, and press the canister once.",
                "Keep breathing in slowly until your lungs are full, which takes about 3 to 5 seconds.",
                "Take the inhaler out and hold your breath for about 10 seconds, or as long as is comfortable.",
                "Breathe out slowly. For a second puff, wait about 30 seconds and start again from step 1.",
            ), numbered=True),
            Figure(draw_inhaler_spacer, "Figure 1. Inhaler with a spacer: after each single puff, take about 5 "
                                        "slow breaths through it.", 140),
            Heading("Why use a spacer"),
            Para("A spacer is a plastic tube that fits onto a pressurised inhaler. With a spacer you do not need to "
                 "press and breathe in at exactly the same moment, and more of the medicine reaches your lungs "
                 "instead of the back of your throat. Spacers are recommended for children and for anyone who "
                 "finds the timing difficult."),
        ),
        (
            Heading("Dry powder inhalers are different"),
            Para("A dry powder inhaler releases medicine only when you breathe in through it, so you usually need "
                 "to breathe in quickly and deeply rather than slowly. Never breathe out into a dry powder inhaler: "
                 "moisture from your breath can make the powder clump. Each brand loads its dose differently, so "
                 "follow the instructions for your own device."),
            Table(
                title="Table 1. Reliever and controller inhalers at a glance",
                header=("", "Reliever", "Controller"),
                rows=(
                    ("Main job", "Quick relief of symptoms", "Long-term control of airway swelling"),
                    ("When to use it", "When symptoms start", "Every day, even when well"),
                    ("Starts working", "Within minutes", "Over days to weeks"),
                    ("Common side effects", "Shaky hands, fast heartbeat", "Hoarse voice, mouth thrush"),
                ),
                widths=(1.0, 1.45, 1.75),
            ),
            Heading("Looking after your mouth and your devices"),
            Bullets((
                "Rinse your mouth with water and spit it out after each dose of a controller inhaler. This lowers "
                "the chance of a fungal infection in the mouth.",
                "Wash a spacer about once a month in warm soapy water and let it drip dry without rubbing it.",
                "Keep a spare reliever at home and check that it has not passed its expiry date.",
            )),
        ),
        (
            Heading("Warning: what to do in an asthma attack"),
            Para("An asthma attack is an emergency if your reliever is not helping, you are too breathless to "
                 "speak, eat or sleep, or your lips or fingertips look blue or grey."),
            Bullets((
                "Sit up straight and try to keep calm. Do not lie down.",
                "Take one puff of your reliever every 30 to 60 seconds, up to 10 puffs, with a spacer if you "
                "have one.",
                "If you feel worse at any point, or you do not feel better after 10 puffs, call an ambulance.",
                "If the ambulance has not arrived after 10 minutes, repeat step 2.",
            ), numbered=True),
            Para("If you use a combination inhaler as your reliever, follow your own action plan instead, because "
                 "the number of puffs is different."),
            Heading("Other warnings"),
            Bullets((
                "Do not stop your controller inhaler when you feel better unless your doctor tells you to.",
                "Get urgent advice if you need your reliever more often than every 4 hours.",
                "Do not share inhalers with other people.",
                "Do not puncture or burn a pressurised canister, even when it is empty.",
            )),
        ),
    ),
)

INSULIN_HYPO_KO = Leaflet(
    filename="insulin_hypo_ko.pdf", lang="ko", title="인슐린과 저혈당 대처법",
    running_head="환자 안내문 | 인슐린과 저혈당",
    subject="인슐린 사용 중 저혈당의 원인과 증상, 15-15 규칙, 당질 15 g 식품, 글루카곤 응급 용량",
    intro="인슐린을 쓰는 분은 누구나 저혈당을 겪을 수 있습니다. 증상을 빨리 알아차리고 바로 대처하는 방법을 "
          "가족과 함께 익혀 두세요.",
    pages=(
        (
            Heading("저혈당이란?"),
            Para("혈당이 70 mg/dL 미만으로 떨어진 상태를 저혈당이라고 합니다. 54 mg/dL 미만은 바로 처치해야 하는 "
                 "심한 단계이며, 의식이 흐려져 스스로 대처하지 못하고 다른 사람의 도움이 필요하면 중증 "
                 "저혈당입니다."),
            Heading("흔한 원인"),
            Bullets((
                "식사를 거르거나 늦게 먹거나 평소보다 적게 먹음",
                "평소보다 많이 하거나 오래 한 운동",
                "인슐린을 너무 많이 맞았거나 주사 시간을 잘못 맞춤",
                "빈속에 마신 술 (술은 몇 시간 뒤에도 저혈당을 일으킬 수 있습니다)",
            )),
            Heading("증상"),
            Para("초기에는 몸이 떨리고, 식은땀이 나며, 가슴이 두근거리고, 배가 고프거나 불안해집니다. 혈당이 더 "
                 "떨어지면 집중이 안 되고, 어지럽거나 눈앞이 흐려지며, 말이 어눌해지고 평소와 다르게 행동할 수 "
                 "있습니다. 심하면 경련이나 의식 저하가 올 수 있습니다."),
            Para("자는 동안 생기는 저혈당은 악몽, 잠옷이 젖을 정도의 땀, 아침에 일어났을 때의 두통으로 나타나기도 "
                 "합니다."),
        ),
        (
            Heading("15-15 규칙으로 대처하기"),
            Para("저혈당 증상이 있으면 먼저 혈당을 재 보세요. 잴 수 없는 상황이라면 저혈당이라고 생각하고 바로 "
                 "처치합니다."),
            Bullets((
                "혈당이 70 mg/dL 미만이면 흡수가 빠른 당질 15 g을 먹습니다.",
                "15분 동안 쉬면서 기다린 뒤 혈당을 다시 잽니다.",
                "여전히 70 mg/dL 미만이면 당질 15 g을 한 번 더 먹습니다.",
                "혈당이 회복되었는데 다음 식사까지 1시간 이상 남았다면 빵이나 우유 같은 간식을 조금 먹어 다시 "
                "떨어지는 것을 막습니다.",
            ), numbered=True),
            Figure(draw_15_15_flow, "그림 1. 15-15 규칙의 흐름. 두세 번 반복해도 70 mg/dL 미만이면 의료진의 도움을 "
                                    "받으세요.", 150),
            Heading("처치할 때 주의할 점"),
            Para("초콜릿, 과자, 견과류처럼 지방이 많은 음식은 당 흡수가 느려 저혈당 처치에 알맞지 않습니다. "
                 "아카보스 같은 알파글루코시다제 억제제를 함께 복용 중이라면 설탕 대신 포도당을 먹어야 효과가 "
                 "있습니다."),
        ),
        (
            Heading("당질 15 g은 얼마만큼인가요?"),
            Para("아래 식품 중 하나를 골라 먹으면 당질 약 15 g을 섭취할 수 있습니다. 제품마다 당 함량이 다르므로 "
                 "포장지의 영양 정보를 확인하세요."),
            Table(
                title="표 1. 당질 약 15 g에 해당하는 식품의 양",
                header=("식품", "1회 섭취량", "참고"),
                rows=(
                    ("포도당 정제", "4 g짜리 3~4알", "가장 빠르고 양이 정확함"),
                    ("설탕", "1큰술", "물에 녹여 마셔도 됨"),
                    ("오렌지 주스 같은 과일주스", "3/4컵 (약 175 mL)", "100% 주스도 당질이 있음"),
                    ("일반 탄산음료", "3/4컵 (약 175 mL)", "제로·다이어트 음료는 효과 없음"),
                    ("꿀", "1큰술", "1세 미만 아기에게는 주지 않음"),
                ),
                widths=(1.5, 1.3, 1.9),
            ),
            Heading("저혈당 예방"),
            Bullets((
                "인슐린 용량과 주사 시간을 지키고, 식사를 거르지 마세요.",
                "운동 전후에 혈당을 재고, 필요하면 운동 전에 간식을 먹습니다.",
                "술을 마실 때는 반드시 음식과 함께 드세요.",
                "사탕이나 포도당 정제를 항상 지니고 다니세요.",
                "운전하기 전에 혈당을 확인하고, 70 mg/dL 미만이면 처치 후 회복될 때까지 운전하지 마세요.",
            )),
        ),
        (
            Heading("응급 상황: 의식이 없거나 삼키지 못할 때"),
            Para("환자가 의식이 없거나, 경련을 하거나, 삼키지 못하면 입으로 음식이나 음료를 넣지 마세요. 숨이 "
                 "막힐 수 있습니다. 환자를 옆으로 눕히고 바로 119에 연락한 뒤, 글루카곤이 있으면 사용합니다."),
            Table(
                title="표 2. 글루카곤 응급 용량",
                header=("대상", "제형", "1회 용량"),
                rows=(
                    ("성인과 체중 25 kg 이상 어린이", "주사용 글루카곤", "1 mg"),
                    ("체중 25 kg 미만 어린이", "주사용 글루카곤", "0.5 mg"),
                    ("4세 이상 어린이와 성인", "코 분무형 글루카곤", "3 mg (한쪽 콧구멍)"),
                ),
                widths=(2.0, 1.5, 1.3),
            ),
            Para("제품마다 사용법과 허가 연령이 다를 수 있으니 처방받은 제품의 설명서를 미리 읽어 두세요. 글루카곤을 "
                 "쓴 뒤 깨어나서 삼킬 수 있으면 당질을 먹게 하고 이어서 식사나 간식을 먹게 합니다. 글루카곤을 맞은 "
                 "뒤에는 토할 수 있으므로 계속 옆으로 눕혀 두세요."),
            Heading("경고"),
            Bullets((
                "가족이나 동료에게 글루카곤 사용법을 미리 알려 주고, 사용기한을 확인해 두세요.",
                "중증 저혈당을 겪었다면 회복된 뒤에도 반드시 담당 의사에게 알려 인슐린 용량을 다시 검토받으세요.",
                "당뇨병이 있다는 것을 알리는 카드나 팔찌를 지니고 다니세요.",
            )),
        ),
    ),
)

ACETAMINOPHEN_EN = Leaflet(
    filename="acetaminophen_en.pdf", lang="en", title="Paracetamol (Acetaminophen): Using It Safely",
    running_head="Patient leaflet | Paracetamol",
    subject="Paracetamol (acetaminophen) doses for adults and children, liver warning, combination products",
    intro="Paracetamol, called acetaminophen in North America and some other countries, is one of the most common "
          "medicines for pain and fever. It is safe at the right dose, but too much can seriously damage the liver.",
    pages=(
        (
            Heading("What it is used for"),
            Para("Paracetamol relieves mild to moderate pain, such as headache, toothache, period pain and muscle "
                 "aches, and it brings down a fever. Unlike ibuprofen or aspirin it does little to reduce "
                 "inflammation, but it is gentler on the stomach and is often suitable for people who cannot take "
                 "anti-inflammatory painkillers."),
            Heading("How to take it (adults)"),
            Bullets((
                "The usual adult dose is 500 mg to 1,000 mg at a time.",
                "Leave at least 4 hours between doses.",
                "Do not take more than 4,000 mg (4 g) in 24 hours.",
                "It can be taken with or without food.",
            )),
            Figure(draw_dose_day, "Figure 1. Example day with four doses: 8 am, 12 pm, 4 pm and 8 pm, then none "
                                  "until the morning.", 150),
            Para("If you weigh less than 50 kg, drink alcohol regularly or have a liver problem, your doctor or "
                 "pharmacist may advise a lower daily limit."),
            Heading("How long you can take it"),
            Para("Without medical advice, see a doctor if pain lasts more than 10 days or a fever lasts more than 3 "
                 "days, or if new symptoms appear."),
        ),
        (
            Heading("Doses for children"),
            Para("A child's dose depends on body weight more than age. Use the measuring syringe or cup that comes "
                 "with the medicine, never a kitchen spoon. Liquid products come in different strengths, so check "
                 "how many milligrams are in each millilitre (mL) before you give a dose."),
            Table(
                title="Table 1. Children's dose by body weight (liquid 160 mg per 5 mL)",
                header=("Body weight", "Single dose", "Liquid volume", "Max in 24 hours"),
                rows=(
                    ("5.5 to 7.9 kg", "80 mg", "2.5 mL", "320 mg"),
                    ("8 to 10.9 kg", "120 mg", "3.75 mL", "480 mg"),
                    ("11 to 15.9 kg", "160 mg", "5 mL", "640 mg"),
                    ("16 to 21.9 kg", "240 mg", "7.5 mL", "960 mg"),
                    ("22 to 26.9 kg", "320 mg", "10 mL", "1,280 mg"),
                    ("27 to 32.9 kg", "400 mg", "12.5 mL", "1,600 mg"),
                    ("33 to 43.9 kg", "480 mg", "15 mL", "1,920 mg"),
                ),
                widths=(1.2, 1.0, 1.0, 1.1),
            ),
            Para("Give a dose every 4 to 6 hours if needed, and no more than 4 doses in 24 hours."),
            Bullets((
                "Babies under 3 months should only have paracetamol on a doctor's advice.",
                "For children under 2 years, check the dose with a doctor or pharmacist first.",
                "For children aged 12 and over, follow the product label for their age and weight.",
            )),
        ),
        (
            Heading("Warning: liver damage and overdose"),
            Para("Taking more than the maximum dose, even by a small amount over several days, can cause serious "
                 "liver damage that may be fatal. At first there may be no symptoms, or only nausea and vomiting, "
                 "and signs of liver failure often appear only after one or two days. If you think that you or "
                 "someone else has taken too much, go to an emergency department straight away, even if you feel "
                 "well, and take the pack with you. Treatment works best when it is given early."),
            Heading("Hidden paracetamol in combination products"),
            Para("Paracetamol is an ingredient of many other medicines, so it is easy to take a double dose by "
                 "mistake. Check the ingredients of anything else you take, such as:"),
            Bullets((
                "cold and flu remedies, powders and hot lemon drinks",
                "prescription painkillers that combine paracetamol with codeine, tramadol or a similar medicine",
                "night-time pain relievers that also contain a sleep aid",
                "products labelled acetaminophen or APAP, which are the same medicine under other names",
            )),
            Para("Do not take two products that both contain paracetamol at the same time."),
            Heading("Other warnings"),
            Bullets((
                "If you have three or more alcoholic drinks every day, ask a doctor before using paracetamol.",
                "Stop taking it and get help at once if you develop a rash, blisters or peeling skin; rare but "
                "serious skin reactions can occur.",
                "If you take warfarin, tell your clinic if you need paracetamol regularly for more than a few days.",
            )),
        ),
    ),
)

LEAFLETS: tuple[Leaflet, ...] = (METFORMIN_KO, WARFARIN_EN, HOME_BP_KO, INHALER_EN, INSULIN_HYPO_KO, ACETAMINOPHEN_EN)
