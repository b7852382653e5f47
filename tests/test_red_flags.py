"""Red flags described the way people type them get the emergency line; a question about a condition, a past event
or a number that is no reading does not. The emergencies below are from the team's question sets (the development
examples first), where the first patterns missed 20 of 25."""

import pytest

from medical_agent.red_flags import triage


@pytest.mark.parametrize("text, kind", [
    ("가슴이 쥐어짜듯 아프고 식은땀이 나요 어떻게 해야돼요??", "chest_pain"),
    ("my dad is 68, says his chest feels really heavy like something is sitting on it", "chest_pain"),
    ("my best friend keeps saying everyone would be better off without her and she's been giving her stuff away",
     "suicidal_thoughts"),
    ("요즘 사는게 너무 힘들어서 그냥 다 끝내고 싶다는 생각만 들어요", "suicidal_thoughts"),
    ("suddenly got the worst headache of my life about an hour ago", "sudden_headache"),
    ("기침하다가 가래에 피가 섞여 나왔어요 바로 병원 가야 돼요?", "bleeding"),
    ("할머니가 당뇨약 드시는데 지금 불러도 대답을 잘 못하시고 축 처져 계세요", "unresponsive"),
    ("당뇨 있는 할아버지가 저혈당으로 축 처져서 말도 못 하시는데", "severe_hypoglycaemia"),
    ("남편이 인슐린 맞는데 새벽에 경련을 해요 불러도 대답이 없어요", "unresponsive"),
    ("입이 한쪽으로 삐뚤어졌어요 말도 어눌하시고요", "stroke"),
    ("벌에 쏘였는데 두드러기 올라오고 목이 조이는 느낌에 숨쉬기가 힘들어요", "anaphylaxis"),
    ("6살 딸이 숨 쉴 때마다 갈비뼈 사이가 쑥쑥 들어가요 입술도 좀 퍼래 보여요", "breathing"),
    ("suddenly can't catch my breath and my left calf is swollen", "breathing"),
    ("high fever with a stiff neck and really bad headache", "meningitis"),
    # the fourth blind pairwise round (visitor_test3): a statin's muscle harm and a stomach bleed on naproxen
    ("I'm 67, on Lipitor. This week my thighs ache and feel weak and today my pee looks like cola", "rhabdomyolysis"),
    ("허벅지에 힘이 없고 소변이 콜라색이에요", "rhabdomyolysis"),
    ("on naproxen for my knee and this morning I threw up something that looked like coffee grounds", "bleeding"),
    ("I've had black tarry stools since yesterday", "bleeding"),
])
def test_an_emergency_described_in_everyday_words(text, kind):
    flag = triage(text, "ko" if any("가" <= c <= "힣" for c in text) else "en")
    assert flag is not None and flag.kind == kind


@pytest.mark.parametrize("text", [
    "What are the warning signs of a stroke?",                         # information, answered from the sources
    "failed the 1 hour glucose test at 26 weeks and now they want the 3 hour one",   # no glucose of 26
    "What are the symptoms of Dwarfism, low-birth-weight type with unresponsiveness to growth hormone ?",
    "가슴이 두근거려요. 커피를 줄여야 할까요?",
    "I had a bad headache yesterday after too little sleep",
    "What causes black tarry stools?",
    "my pee is dark yellow in the morning, am I dehydrated?",
])
def test_no_emergency_line_for_a_question_about_it_or_something_else(text):
    assert triage(text, "ko" if any("가" <= c <= "힣" for c in text) else "en") is None
