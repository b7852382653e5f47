"""RAGAS-style answer relevance: question generation from the answer (scripted LLM) and the cosine average."""

import json

import pytest

from medical_agent.eval.harness.relevance_judge import generate_questions, generated_relevance
from medical_agent.llm.fake import ScriptedLLM

from .test_turn_metrics import _Unit

ANSWER = "Metformin lowers blood glucose. [1]\n\nThis is general information, not a diagnosis."


def test_questions_come_from_the_answer_in_the_turn_language():
    llm = ScriptedLLM({"eval_relevance": json.dumps({"questions": ["메트포르민은 무엇인가요?", " "],
                                                     "noncommittal": False})})
    generated, records = generate_questions(llm, ANSWER, "ko")
    assert generated == {"questions": ["메트포르민은 무엇인가요?"], "noncommittal": False}
    assert [r["tag"] for r in records] == ["eval_relevance"] and llm.calls[-1].json_schema["required"] == \
        ["questions", "noncommittal"]
    prompt = llm.calls[-1].messages[-1]["content"]
    assert "Korean" in prompt and "Metformin lowers blood glucose" in prompt and llm.calls[-1].json_mode


@pytest.mark.parametrize("reply", ["not json", json.dumps({"questions": []}), json.dumps({"q": ["x"]})])
def test_unusable_replies_leave_the_metric_empty(reply):
    generated, _ = generate_questions(ScriptedLLM({"eval_relevance": reply}), ANSWER, "en")
    assert generated is None


def test_an_empty_answer_costs_no_call():
    llm = ScriptedLLM({"eval_relevance": "{}"})
    assert generate_questions(llm, "", "en") == (None, []) and not llm.calls


def test_mean_cosine_noncommittal_zero_and_missing_none():
    questions = ["alpha question", "alpha again", "alpha third"]
    generated = [{"questions": ["alpha one", "beta two"], "noncommittal": False},
                 {"questions": ["alpha one"], "noncommittal": True}, None]
    assert generated_relevance(_Unit(), questions, generated) == [0.5, 0.0, None]
    assert generated_relevance(_Unit(), ["q"], [None]) == [None]
