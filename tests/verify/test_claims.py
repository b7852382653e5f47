"""Claims and their support: the lexical proxy (no model) and the LLM's per-claim verdict."""

from __future__ import annotations

import pytest

from medical_agent.llm import ScriptedLLM
from medical_agent.verify.claims import faithfulness_proxy, sentences
from medical_agent.verify.faithfulness import judge_faithfulness

PASSAGE = "Metformin often causes nausea and diarrhoea at first. Taking it with food helps."


def test_sentences_keep_markers_and_drop_boilerplate():
    answer = ("**Key information**\n- Metformin often causes nausea. [1]\n- Unrelated claim about the moon landing. [2]\n"
              "⚕️ This is general medical information, not a diagnosis. Please talk to a doctor, pharmacist or other "
              "clinician about your own situation.")
    assert sentences(answer) == ["Metformin often causes nausea. [1]", "Unrelated claim about the moon landing. [2]"]


def test_faithfulness_proxy_counts_supported_cited_sentences():
    answer = ("Metformin often causes nausea and diarrhoea. [1]\nThe moon landing happened in 1969 in July. [2]\n"
              "A sentence without any citation at all.")
    out = faithfulness_proxy(answer, {1: PASSAGE, 2: PASSAGE})
    assert out["faithfulness"] == 0.5 and out["cited_sentences"] == 2
    assert out["citation_rate"] == pytest.approx(2 / 3)
    assert out["method"].startswith("proxy")
    assert faithfulness_proxy("No citations in this answer here.", {})["faithfulness"] is None


def test_faithfulness_proxy_korean_particles():
    passage = "메트포르민은 처음에 메스꺼움과 설사를 흔히 일으킵니다."
    assert faithfulness_proxy("메트포르민이 메스꺼움과 설사를 흔히 일으킵니다. [1]", {1: passage})["faithfulness"] == 1.0


def test_llm_judge_faithfulness_and_fallback():
    answer = "Metformin often causes nausea and diarrhoea. [1]\nThe moon landing happened in 1969 in July. [1]"
    llm = ScriptedLLM('{"supported": [true, true]}')
    out, records = judge_faithfulness(llm, answer, {1: PASSAGE})
    assert out["faithfulness"] == 1.0 and out["method"] == "llm_judge" and [r["tag"] for r in records] == \
        ["eval_faithfulness"]
    assert "CLAIM 2: The moon landing" in llm.calls[0].messages[-1]["content"]
    schema = llm.calls[0].json_schema["properties"]["supported"]             # one verdict per claim, enforced
    assert llm.calls[0].json_mode and schema["minItems"] == schema["maxItems"] == 2
    wrong_count = ScriptedLLM(['{"supported": [true]}', '{"supported": [true, false]}'])
    out, records = judge_faithfulness(wrong_count, answer, {1: PASSAGE})
    assert out["faithfulness"] == 0.5 and [r["repair"] for r in records] == [False, True]
    assert "list of 2" in wrong_count.calls[1].messages[-1]["content"]   # the repair says what was wrong
    out, records = judge_faithfulness(ScriptedLLM("not json"), answer, {1: PASSAGE})
    assert out["faithfulness"] == 0.5 and "judge failed" in out["method"] and len(records) == 2   # proxy stands
