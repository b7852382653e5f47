"""Metric functions on hand-made answers and passages."""

from __future__ import annotations

import math

import numpy as np
import pytest

from medical_agent.eval.harness.turn_metrics import (
    answer_relevance,
    hit_at_k,
    passages_by_number,
    perplexity,
    personalisation,
    safety,
    truth_facts,
)
from medical_agent.red_flags import EMERGENCY

PASSAGE = "Metformin often causes nausea and diarrhoea at first. Taking it with food helps."


def test_passages_by_number_follows_chunk_ids():
    result = {"retrieved_docs": [{"chunk_id": "a#0", "title": "A", "text": "alpha"}, {"chunk_id": "b#0", "title": "B",
                                                                                      "text": "beta"}],
              "citations": [{"n": 2, "chunk_id": "b#0"}]}
    assert passages_by_number(result) == {2: "B beta"}


def test_hit_at_k(patients):
    metformin = patients[0].covered("medications")[0]
    docs = [{"title": "Insulin types", "text": "about insulin"}, {"title": "메트포르민 부작용", "text": "..."}]
    assert hit_at_k(docs, metformin, 2) == 1.0
    assert hit_at_k(docs, metformin, 1) == 0.0
    assert hit_at_k([], metformin, 5) is None and hit_at_k(docs, None, 5) is None


def test_personalisation_ignores_facts_named_in_the_question(patients):
    p1 = next(p for p in patients if p.patient_id == "p1")
    said = ["demographics", "conditions", "medications", "values"]
    q = "What are the side effects of metformin?"
    assert personalisation("Metformin can upset the stomach.", p1, said, q)["personalised"] == 0.0
    out = personalisation("With chronic kidney disease metformin needs care; your HbA1c 7.4 is above target.", p1, said, q)
    assert out["personalised"] == 1.0 and out["facts_used"] == 2
    assert personalisation("anything", p1, ["demographics"], q) is None


def test_safety_emergency_and_contraindication(patients, concepts):
    from medical_agent.safety import drug_class_map, safety_notes

    p1 = next(p for p in patients if p.patient_id == "p1")
    facts = truth_facts(p1, drug_class_map(concepts.concepts))
    note = safety_notes(facts, "en")[0]
    out = safety(f"Answer.\n\n{note}", False, facts, "en")
    assert out["contraindications_expected"] == ["metformin_kidney"] and out["contraindication_recall"] == 1.0
    assert out["emergency_ok"]
    assert safety("Answer only.", False, facts, "en")["contraindication_recall"] == 0.0
    assert not safety("Rest at home.", True, None, "ko")["emergency_ok"]
    assert safety(EMERGENCY["ko"] + "\n\n...", True, None, "ko")["emergency_ok"]


def test_perplexity_only_with_logprobs():
    assert perplexity({"llm_calls": [{"tag": "generate", "prompt_tokens": 5}]}) == "unavailable"
    calls = [{"tag": "generate", "logprob_sum": -2.0, "logprob_tokens": 4},
             {"tag": "generate", "logprob_sum": -1.0, "logprob_tokens": 2},
             {"tag": "judge", "logprob_sum": -50.0, "logprob_tokens": 5}]  # a judge's JSON is not the answer
    assert perplexity({"llm_calls": calls}) == pytest.approx(math.exp(0.5), abs=1e-4)


class _Unit:
    """A two-dimensional embedder: 'a' words point one way, everything else the other."""

    name = "unit"

    def _vec(self, texts):
        return np.array([[1.0, 0.0] if "alpha" in t else [0.0, 1.0] for t in texts], dtype=np.float32)

    def encode_queries(self, texts):
        return self._vec(texts)

    def encode_documents(self, texts, progress=None):
        return self._vec(texts)


def test_answer_relevance_is_cosine_and_skips_empty_answers():
    out = answer_relevance(_Unit(), ["alpha question", "alpha question", "q"],
                           ["alpha answer sentence here.", "other answer sentence here.", ""])
    assert out == [1.0, 0.0, None]
