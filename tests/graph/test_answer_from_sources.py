"""``answer_from``: with "sources" (the default for a local GGUF model) an answer the sources cover is their own
sentences, with the emergency line, the safety rules and the verifier as for any answer; the model writes no answer
body, still writes the labelled answer to a question the sources do not cover, and LLM mode is the model's own."""

import json

import pytest

from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply
from medical_agent.prompts import NOT_COVERED_EMERGENCY, NOT_COVERED_LABEL, OFFLINE_LABEL
from medical_agent.settings import SettingsError

QUESTION = "What are the side effects of metformin?"
NONE_CLOSE = {"gate_low": 1.5, "gate_high": 1.6, "gate_unknown": 1.6, "gate_margin": 0.0}


def scripted():
    return ScriptedLLM({"generate": lambda m, o: json.dumps({"answer": "MODEL WROTE THIS [1].", "key_points": [],
                                                             "confidence": 0.8}),
                        "verify": lambda m, o: verify_reply(m, 0.9)}, cycle=True)


def test_a_covered_answer_is_the_sources_own_sentences(make_agent):
    llm = scripted()
    result = make_agent(llm, answer_from="sources").run("u", QUESTION)
    assert result["generator"] == "extractive_draft" and "MODEL WROTE THIS" not in result["answer"]
    assert result["citations"] and "[1]" in result["answer"]
    assert not llm.calls_with("generate")                       # no answer was written by the model
    assert OFFLINE_LABEL["en"] not in result["answer"]          # a model is configured: this is no offline mode


def test_with_model_the_model_writes_it(make_agent):
    result = make_agent(scripted(), answer_from="model").run("u", QUESTION)
    assert result["generator"] == "llm" and result["answer"].startswith("MODEL WROTE THIS")


def test_an_uncovered_question_still_gets_the_model_s_labelled_answer(make_agent):
    result = make_agent(scripted(), answer_from="sources", **NONE_CLOSE).run("u", QUESTION)
    assert result["generator"] == "llm_not_covered" and result["answer"].startswith(NOT_COVERED_LABEL["en"])


def test_llm_mode_is_the_model_s_own(make_agent):
    result = make_agent(scripted(), answer_from="sources").run("u", QUESTION, mode="llm")
    assert "MODEL WROTE THIS" in result["answer"]


def test_auto_means_sources_for_a_local_model_only(make_agent):
    fake = scripted()                                            # a scripted backend is no local GGUF model
    assert make_agent(fake).run("u", QUESTION)["generator"] == "llm"
    local = scripted()
    local.name = "llamacpp"
    assert make_agent(local).run("u", QUESTION)["generator"] == "extractive_draft"


def test_an_unknown_choice_is_refused(make_agent):
    with pytest.raises(SettingsError, match="answer_from"):
        make_agent(scripted(), answer_from="poetry")


def test_the_start_log_says_who_writes_the_answers(make_agent, caplog):
    caplog.set_level("INFO", logger="medical_agent.composition")
    make_agent(scripted(), answer_from="sources")
    make_agent(scripted(), answer_from="model")
    ready = [r.getMessage() for r in caplog.records if r.getMessage().startswith("agent ready")]
    assert "answers in the sources' own sentences" in ready[0] and "answers written by the model" in ready[1]


@pytest.mark.parametrize("answer_from", ["sources", "model"])
def test_an_uncovered_emergency_gets_the_emergency_line_and_no_improvised_first_aid(make_agent, answer_from):
    llm = scripted()
    message = "ambulance is coming, my grandpa suddenly can't breathe and his lips are blue, should I lay him flat?"
    result = make_agent(llm, answer_from=answer_from, **NONE_CLOSE).run("u", message)
    assert result["red_flag"] and result["answer"].startswith(result["red_flag"]["line"])
    assert result["generator"] == "not_covered" and "MODEL WROTE THIS" not in result["answer"]
    assert not llm.calls_with("generate")
    assert NOT_COVERED_EMERGENCY["en"] in result["answer"]
