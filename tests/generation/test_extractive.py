"""The offline answer quotes pieces that read on their own: a list or procedure whole, a sentence with what it
refers to, a table as a table; a statement of facts gets what was noted and at most two cautions."""

from __future__ import annotations

from medical_agent.evidence import Evidence
from medical_agent.generation.extractive import (
    ADDED_CAUTIONS,
    ADDED_KEY,
    extractive_answer,
    source_points,
    units,
)
from medical_agent.retrieval.tokenizer import get_tokenizer

TOKENIZE = get_tokenizer().tokenize


def doc(n, text, title="t", lang="en"):
    return Evidence(f"d{n}#0", f"d{n}", title, text, lang=lang)


def test_a_numbered_procedure_is_quoted_whole():
    steps = ("If your blood sugar is low, follow these steps.\n1. Eat 15 g of fast sugar.\n2. Wait 15 minutes.\n"
             "3. Check your blood sugar again.\n4. Repeat if it is still below 70.")
    answer = extractive_answer("what do I do when my blood sugar is low", [doc(1, steps)], "en", TOKENIZE)
    for step in ("Eat 15 g of fast sugar.", "Wait 15 minutes.", "Check your blood sugar again.", "Repeat if it"):
        assert step in answer
    assert answer.index("Eat 15 g") < answer.index("Wait 15") < answer.index("Repeat if")


def test_a_sentence_that_announces_what_follows_brings_it():
    text = ("당뇨병은 혈액검사로 진단합니다. 표준 진단 기준은 다음과 같습니다.\n- 공복 혈당 126 mg/dL 이상\n- 당화혈색소 6.5% 이상\n"
            "증상이 없으면 검사를 반복합니다.")
    answer = extractive_answer("당뇨병 진단 기준이 뭔가요?", [doc(1, text, lang="ko")], "ko", TOKENIZE)
    assert "다음과 같습니다" in answer and "공복 혈당 126 mg/dL 이상" in answer and "당화혈색소 6.5% 이상" in answer


def test_a_sentence_that_points_back_brings_its_referent_or_stays_out():
    text = ("Stroke signs are a drooping face, a weak arm and slurred speech. These signs need an ambulance at once, "
            "even when they go away.")
    answer = extractive_answer("what should I do about these signs", [doc(1, text)], "en", TOKENIZE)
    assert "These signs need an ambulance" in answer and "drooping face" in answer
    alone = extractive_answer("these signs ambulance", [doc(1, "These signs need an ambulance at once, always.")],
                              "en", TOKENIZE)
    assert "These signs need" not in alone


def test_table_rows_become_a_small_table():
    table = "Table 2. Glucagon dose\nWho | Dose\n25 kg or more | 1 mg\nunder 25 kg | 0.5 mg"
    assert [(u.kind, u.caption) for u in units(table, 1)] == [("table", "Table 2. Glucagon dose")]
    answer = extractive_answer("glucagon dose for a child", [doc(1, table)], "en", TOKENIZE)
    assert "**Table 2. Glucagon dose**" in answer and "| Who | Dose |" in answer and "|---|---|" in answer
    assert "| under 25 kg | 0.5 mg |" in answer
    assert "Who | Dose" not in answer.replace("| Who | Dose |", "")          # no raw row pasted


def test_a_statement_of_facts_gets_what_was_noted_and_two_cautions_at_most():
    docs = [doc(1, "Warfarin thins the blood. Avoid ibuprofen because it increases the risk of bleeding. Do not "
                   "double a missed dose. Call your doctor if you see blood in your urine. Warfarin interacts with "
                   "many foods."),
            doc(2, "High blood pressure often has no symptoms. Do not stop your medicine on your own.")]
    answer = extractive_answer("I am 72 and take warfarin. My blood pressure is 150/90.", docs, "en", TOKENIZE,
                               profile_summary="72-year-old | Medications: Warfarin", statement=True)
    assert answer.startswith("I have noted what you told me: 72-year-old | Medications: Warfarin")
    assert answer.count("- ") <= 2 and "Key information" not in answer and "Warfarin thins the blood" not in answer


def test_what_the_sources_add_to_a_short_answer():
    """issue 32: the local model answers "No, you should not take two tomorrow [1]." and stops; the person also
    needs what the passage says to do instead, and its caution."""
    text = ("Missing a dose now and then is common. Take the missed dose as soon as you remember, unless it is almost "
            "time for the next one. Do not take two doses at once to make up for a missed one. Store tablets in a dry "
            "place.")
    said = "No, you should not take two doses tomorrow [1]."
    points = source_points("forgot my bp pill, should I take two tomorrow?", [doc(1, text)], "en", TOKENIZE,
                           said=said)
    assert points and all(p.startswith("- ") and p.endswith("[1]") for p in points)
    assert any("as soon as you remember" in p for p in points)
    assert len(points) <= ADDED_KEY + ADDED_CAUTIONS


def test_the_sources_repeat_nothing_the_answer_said_and_need_kept_passages():
    text = "Normal blood pressure for adults is below 120/80 mmHg. Measure it twice, a minute apart."
    said = "Normal blood pressure for adults is below 120/80 mmHg [1]."
    points = source_points("normal blood pressure for adults?", [doc(1, text)], "en", TOKENIZE, said=said)
    assert points == ["- Measure it twice, a minute apart. [1]"]
    assert source_points("normal blood pressure?", [], "en", TOKENIZE, said=said) == []
    assert source_points("normal blood pressure?", [doc(1, "")], "en", TOKENIZE, said=said) == []   # gate blanked it


def test_a_korean_sentence_that_only_gives_a_reason_brings_the_one_before():
    """The eleventh blind round quoted "빠르게 탈수되어 신장이 손상될 수 있기 때문입니다" alone."""
    text = ("구토나 설사가 심한 날에는 이뇨제를 잠시 쉬기도 합니다. 빠르게 탈수되어 신장이 손상될 수 있기 때문입니다. "
            "당뇨병은 인슐린이 부족하거나 잘 듣지 않기 때문입니다.")
    answer = extractive_answer("탈수되면 신장이 손상되나요", [doc(1, text, lang="ko")], "ko", TOKENIZE)
    assert "신장이 손상될 수 있기 때문입니다" in answer and "이뇨제를 잠시 쉬기도 합니다" in answer
    assert "- 빠르게 탈수되어" not in answer.split("이뇨제를 잠시 쉬기도 합니다")[0]       # never before its referent
    alone = extractive_answer("탈수 신장 손상", [doc(1, "빠르게 탈수되어 신장이 손상될 수 있기 때문입니다. 물을 자주 드세요.",
                                                   lang="ko")], "ko", TOKENIZE)
    assert "때문입니다" not in alone


def test_a_question_about_a_combination_gets_the_sentence_on_combining():
    """The thirteenth blind pairwise round: "ambien … a glass or two of wine … is that combo risky?" was answered with
    the sleeping-pill passage's falls and dependence, not its sentence on combining (no word of it is the question's);
    a drink asked about reads as the passages' "alcohol"."""
    passage = ("Z-drugs such as zolpidem can cause next-day drowsiness and unsteadiness, which raise the risk of falls "
               "in people over 65. They can also lead to tolerance and dependence. Over-the-counter sleep aids "
               "with antihistamines are not recommended for older adults. Sleep problems often improve with regular "
               "hours and less caffeine. Combining any sleep medicine with alcohol or opioids is dangerous.")
    asked = "my mom takes ambien (zolpidem) every night and likes a glass or two of wine at bedtime. is that combo risky?"
    assert "Combining any sleep medicine with alcohol" in extractive_answer(asked, [doc(1, passage)], "en", TOKENIZE)
    alone = "my mom takes zolpidem every night. what side effects should we watch for?"
    assert "Combining any sleep medicine" not in extractive_answer(alone, [doc(1, passage)], "en", TOKENIZE)


def test_a_passage_that_opens_with_some_signs_brings_which_signs():
    """"우울증의 어떤 신호는 즉시 도움이 필요합니다" was quoted alone under a carer's question on warning signs (the
    thirteenth blind pairwise round); which signs is the next sentence, which shares no word with the question and
    would not be quoted for itself."""
    urgent = ("우울증의 어떤 신호는 즉시 도움이 필요합니다. 작별 인사를 하거나 소지품을 나눠 주는 것이 그런 예입니다. "
              "우울증 신호는 기분 저하와 흥미 상실입니다. 우울증 치료는 상담과 약물로 합니다. 우울증 약은 효과가 나타나기까지 "
              "몇 주가 걸립니다. 우울증 신호가 2주 이상 계속되면 진료를 받으세요.")
    answer = extractive_answer("남편이 우울증인데 어떤 신호가 위험해요?", [doc(1, urgent, lang="ko")], "ko", TOKENIZE)
    assert "어떤 신호는 즉시 도움이 필요합니다" in answer and "소지품을 나눠 주는 것이 그런 예입니다" in answer


def test_the_sentence_with_the_questions_rare_word_is_quoted():
    """The fifteenth blind pairwise round: "my gran is 88, frail and on insulin … an extra unit to get her into the
    booklet range?" was answered with the meter passage's general sentences, which share the question's common words;
    the one on frail people's looser targets shares its rare one. With the index's word weights it is quoted."""
    common = ["People with diabetes check their blood sugar with a meter.", "A meter shows how food changes blood sugar.",
              "Write each blood sugar reading down for the meter visit.", "Insulin users check blood sugar more often.",
              "Keep the meter strips dry so the blood sugar is right."]
    frail = "Looser targets are safer for frail people."
    passage = " ".join(common[:2] + [frail] + common[2:])
    asked = "my gran is frail and on insulin. her meter says her blood sugar is high, is that ok?"
    plain = extractive_answer(asked, [doc(1, passage)], "en", TOKENIZE)
    rare = {"frail": 6.0}
    weighed = extractive_answer(asked, [doc(1, passage)], "en", TOKENIZE, weigh=lambda word: rare.get(word, 0.5))
    assert "frail" not in plain and "Looser targets are safer for frail people." in weighed
