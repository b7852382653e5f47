"""Each verdict of the relevance gate through the graph, offline and with the scripted model: correct answers from the
kept passages, ambiguous asks the model once which passages help, incorrect keeps every passage out of the answer
(labelled as not from the sources with a model; said plainly offline), and the verdict reaches the chat JSON and
the refine log. Thresholds are set per test (the tiny world's embedder has no preset)."""

from __future__ import annotations

import json

from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply
from medical_agent.prompts import (
    EVIDENCE_DELIMITERS,
    LLM_MODE_SYSTEM,
    NOT_COVERED_LABEL,
    NOT_COVERED_TASK,
    SYSTEM_PROMPT,
    USE_ONLY,
)

QUESTION = "What are the side effects of metformin?"
ALL_CLOSE = {"gate_low": -1.0, "gate_high": -1.0, "gate_unknown": -1.0, "gate_margin": 2.0}
NONE_CLOSE = {"gate_low": 1.5, "gate_high": 1.6, "gate_unknown": 1.6, "gate_margin": 0.0}
UNSURE = {"gate_low": -1.0, "gate_high": 1.5, "gate_unknown": -1.0, "gate_margin": 2.0}


def model(relevant=(1,), **more):
    return ScriptedLLM({"generate": lambda m, o: json.dumps({"answer": "Metformin can upset the stomach [1]. "
                                                                       "Ask your doctor [2].",
                                                             "key_points": [], "confidence": 0.8}),
                        "verify": lambda m, o: verify_reply(m, 0.9),
                        "relevance": json.dumps({"relevant": list(relevant)}), **more}, cycle=True)


def test_correct_answers_from_the_kept_passages_and_records_the_verdict(make_agent):
    result = make_agent(**ALL_CLOSE).run("u", QUESTION)
    assert result["evidence_verdict"] == "correct" and result["citations"] and result["generator"] == "extractive"
    assert result["gate"]["best"] is not None and result["dropped_docs"] == []
    assert any(e.get("evidence_verdict") == "correct" for e in result["refine_iteration_logs"])


def test_incorrect_offline_says_the_sources_do_not_cover_it_and_cites_nothing(make_agent):
    result = make_agent(**NONE_CLOSE).run("u", QUESTION)
    assert result["evidence_verdict"] == "incorrect" and result["retrieved_docs"] == []
    assert result["dropped_docs"] and result["citations"] == [] and "[1]" not in result["answer"]
    assert result["generator"] == "not_covered" and result["stop_reason"] == "not_covered"
    assert "My sources" in result["answer"] and "clinician" in result["answer"]   # the disclaimer still follows


def test_a_question_about_an_animal_s_health_is_not_answered_from_people_s_sources(make_agent):
    agent = make_agent(**ALL_CLOSE)              # however close the passages read
    dog = agent.run("u1", "Can I give my dog some of my metformin? He was just diagnosed with diabetes.")
    assert dog["evidence_verdict"] == "incorrect" and dog["gate"]["topic"] == "animal" and dog["citations"] == []
    assert "veterinarian" in dog["answer"]
    cat = agent.run("u2", "고양이가 열이 나는데 타이레놀을 먹여도 되나요?")
    assert cat["evidence_verdict"] == "incorrect" and "수의사" in cat["answer"]
    bitten = agent.run("u3", "My dog bit my hand yesterday and it is red and swollen. What should I do?")
    assert bitten["evidence_verdict"] == "correct"        # a person bitten is a person's question


def test_incorrect_with_a_model_answers_from_its_knowledge_under_a_label(make_agent):
    llm = model()
    result = make_agent(llm, **NONE_CLOSE).run("u", QUESTION)
    assert result["answer"].startswith(NOT_COVERED_LABEL["en"]) and result["generator"] == "llm_not_covered"
    assert result["citations"] == [] and "[1]" not in result["answer"]
    tasks = [c.messages[-1]["content"] for c in llm.calls if c.tag == "generate"]
    assert len(tasks) == 1 and NOT_COVERED_TASK["en"] in tasks[0]
    assert [c.tag for c in llm.calls] == ["generate"]               # no verification of an uncovered answer


def test_an_uncovered_answer_loses_its_copy_of_the_label_and_one_that_is_only_that_says_so_offline(make_agent):
    """The label says the sources lack it; the model's "the evidence does not cover this" sentence is left out, and a
    reply that is only that sentence gets the offline text for an uncovered question, not an empty answer."""
    def reply(answer):
        return ScriptedLLM({"generate": json.dumps({"answer": answer, "key_points": [], "confidence": 0.5})},
                           cycle=True)
    told = make_agent(reply("The evidence does not cover this question. Metformin can upset the stomach; ask a "
                            "doctor."), **NONE_CLOSE).run("u", QUESTION)
    assert told["generator"] == "llm_not_covered" and "does not cover this question" not in told["answer"]
    assert "Metformin can upset the stomach" in told["answer"]
    bare = make_agent(reply("The evidence does not cover this question."), **NONE_CLOSE).run("u", QUESTION)
    assert bare["generator"] == "not_covered" and "will not answer it from unrelated material" in bare["answer"]
    assert "The evidence does not cover" not in bare["answer"]


def test_an_uncovered_answer_may_not_grant_leave_wave_off_care_restate_the_question_or_call_a_medicine_safe(make_agent):
    """The thirteenth blind pairwise round: with no passage behind it the small model said yes to ibuprofen on
    methotrexate and "not worth phoning" for worsening heart failure, and wrote the question out again; such a reply
    gives way to the offline text for an uncovered question, and a "generally safe" sentence is left out."""
    def ask(answer, question):
        llm = ScriptedLLM({"generate": json.dumps({"answer": answer, "key_points": [], "confidence": 0.5})}, cycle=True)
        return make_agent(llm, **NONE_CLOSE).run("u", question)
    permission = "I take methotrexate every week. Can I take ibuprofen for my sore wrist?"
    leave = ask("Yes, you can take ibuprofen with methotrexate.", permission)
    care = ask("It's not worth phoning the nurse. Wait for your clinic in 3 weeks.",
               "My ankles are puffier this week. Is it worth phoning the nurse?")
    echo = ask("I take methotrexate every week. Can I take ibuprofen for my sore wrist?", permission)
    for result in (leave, care, echo):
        assert result["generator"] == "not_covered" and "will not answer it from unrelated material" in result["answer"]
        assert not result["answer"].startswith(NOT_COVERED_LABEL["en"])
    safe = ask("Diclofenac is generally safe for most people. It can upset the stomach, so take it with food.",
               "My doctor gave me diclofenac. Anything to watch for?")
    assert safe["generator"] == "llm_not_covered" and "generally safe" not in safe["answer"]
    assert "take it with food" in safe["answer"]


def test_ambiguous_with_a_model_marks_the_passages_once_and_cites_only_those(make_agent):
    llm = model(relevant=(1,))
    result = make_agent(llm, **UNSURE).run("u", QUESTION)
    assert result["evidence_verdict"] == "ambiguous" and result["gate"]["llm_relevant"] == [1]
    assert [c.tag for c in llm.calls].count("relevance") == 1
    answer_task = next(c.messages[-1]["content"] for c in llm.calls if c.tag == "generate")
    assert USE_ONLY["en"].format(numbers="[1]") in answer_task
    assert [c["n"] for c in result["citations"]] == [1]            # [2] was ruled out: its marker is gone
    relevance = next(c for c in llm.calls if c.tag == "relevance")
    generate = next(c for c in llm.calls if c.tag == "generate")
    assert relevance.messages[0] == generate.messages[0]            # the shared prefix: same system prompt
    assert relevance.messages[1]["content"].split("[Task]")[0] == generate.messages[1]["content"].split("[Task]")[0]


def test_ambiguous_with_nothing_marked_is_answered_as_not_covered(make_agent):
    result = make_agent(model(relevant=()), **UNSURE).run("u", QUESTION)
    assert result["evidence_verdict"] == "incorrect" and result["generator"] == "llm_not_covered"
    assert result["citations"] == []


def test_passages_ruled_out_never_reach_the_answer_or_a_later_call(make_agent):
    """An uncovered question is answered from the plain assistant's prompt, the profile and question kept, the
    passages and the five principles ("only what the evidence supports") left out; a benchmark's choice call after
    it reads the same prompt. Before, the ruled-out passages stayed in both."""
    llm = model(relevant=(), choose=json.dumps({"answer": "B"}))
    agent = make_agent(llm, **UNSURE)
    agent.run("u", "I am 70 and I take warfarin.")
    result = agent.run("u", QUESTION, answer_options=("A", "B"))
    assert result["generator"] == "llm_not_covered" and result["answer_choice"] == "B"
    relevance, generate, choose = (next(c for c in llm.calls if c.tag == tag and "metformin" in str(c.messages))
                                   for tag in ("relevance", "generate", "choose"))
    assert relevance.messages[0]["content"] == SYSTEM_PROMPT["en"] and EVIDENCE_DELIMITERS[0] in str(relevance.messages)
    for call in (generate, choose):
        assert call.messages[0]["content"] == LLM_MODE_SYSTEM["en"]
        assert EVIDENCE_DELIMITERS[0] not in str(call.messages) and "warfarin" in call.messages[1]["content"]
    assert generate.messages[1]["content"].split("[Task]")[0] == choose.messages[1]["content"].split("[Task]")[0]


def test_ambiguous_offline_answers_from_the_kept_passages_that_name_the_question_s_concept(make_agent):
    agent = make_agent(**UNSURE)
    result = agent.run("u", QUESTION)
    assert result["evidence_verdict"] == "ambiguous" and result["citations"] and result["generator"] == "extractive"
    assert result["gate"]["named"] is True
    weather = agent.run("w", "Will it rain in Seoul tomorrow, should I take an umbrella?")
    assert weather["gate"]["named"] is None and weather["generator"] == "not_covered"
    assert weather["evidence_verdict"] == "incorrect" and weather["citations"] == []


def test_the_gate_can_be_switched_off(make_agent):
    result = make_agent(relevance_gate_enabled=False, **NONE_CLOSE).run("u", QUESTION)
    assert result["evidence_verdict"] == "ungated" and result["citations"]


def test_with_gate_model_checks_all_the_model_judges_a_correct_set_too(make_agent):
    """CRAG's evaluator judges every retrieval; the cosine's 'correct' is a topic match, not an answer (MMLU-Med)."""
    llm = model(relevant=())
    result = make_agent(llm, gate_model_checks="all", **ALL_CLOSE).run("u", QUESTION)
    assert [c.tag for c in llm.calls].count("relevance") == 1
    assert result["evidence_verdict"] == "incorrect" and result["generator"] == "llm_not_covered"
    default = model(relevant=())
    assert make_agent(default, **ALL_CLOSE).run("u", QUESTION)["evidence_verdict"] == "correct"
    assert "relevance" not in [c.tag for c in default.calls]


def test_an_emergency_told_as_a_story_is_not_ruled_out_by_lexical_support(make_agent):
    """The fourth blind pairwise round: a passing TIA and a thunderclap headache, told in Korean, held 0.18-0.20 of
    their words in the best passages (the bar 0.2) and were answered "my sources do not cover this"."""
    words_decide = {"gate_low": -1.0, "gate_high": -1.0, "gate_unknown": 1.6, "gate_margin": 2.0, "gate_lexical": 1.01}
    agent = make_agent(**words_decide)
    assert agent.run("a", "당뇨가 있는데 요즘 발이 저려요 어떻게 관리하나요?")["evidence_verdict"] == "incorrect"
    emergency = agent.run("b", "가슴이 쥐어짜듯 아프고 식은땀이 나요 어떻게 해야돼요")
    assert emergency["red_flag"] and emergency["evidence_verdict"] == "correct"


def test_a_yes_under_the_not_covered_label_still_gives_way_to_a_rule(make_agent):
    """The fifth blind round, asked again with the model: "물론요, … 같이 드셔도 문제없습니다" under the label was left
    as it was, because the rules read the label as the answer's first sentence."""
    llm = model(generate=lambda m, o: json.dumps({"answer": "Yes, you can eat natto with warfarin.", "key_points": [],
                                                  "confidence": 0.8}))
    result = make_agent(llm, **NONE_CLOSE).run("u", "I'm on warfarin, can I eat natto?")
    assert result["generator"] == "llm_not_covered" and result["answer"].startswith(NOT_COVERED_LABEL["en"])
    after_label = result["answer"][len(NOT_COVERED_LABEL["en"]):].lstrip()
    assert after_label.startswith("Not without checking first") and "natto" in after_label.split(".")[0]


def test_under_the_emergency_line_the_model_s_reassurance_is_left_out(make_agent):
    """Round 5 asked again: "symptoms of food poisoning" stayed under the emergency line for belly pain through to the
    back with vomiting on sitagliptin."""
    llm = model(generate=lambda m, o: json.dumps({"answer": "These are probably just food poisoning. Pain going through "
                                                            "to the back needs a doctor today [1].",
                                                  "key_points": [], "confidence": 0.8}))
    result = make_agent(llm, **ALL_CLOSE).run("u", "on januvia, awful pain in the top of my stomach that goes straight "
                                                  "through to my back and i keep throwing up")
    assert result["red_flag"] and "food poisoning" not in result["answer"] and "back needs a doctor" in result["answer"]


def test_a_declined_question_does_not_say_the_sources_lack_what_they_name(make_agent):
    """The eighth blind round: a heart-failure question the gate declined got "제 자료(지식 베이스)에는 '심부전'에 대한
    내용이 없습니다", though the sources have heart failure, only not the answer. The gap is read over every passage
    searched."""
    result = make_agent(**NONE_CLOSE).run("u", QUESTION)
    assert result["evidence_verdict"] == "incorrect" and result["evidence_gap"] == []
    assert "nothing on 'metformin'" not in result["answer"].lower()
