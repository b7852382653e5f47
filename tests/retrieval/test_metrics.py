import math

import pytest

from medical_agent.eval.retrieval.metrics import (
    doc_ranking,
    mrr_at_k,
    ndcg_at_k,
    recall_at_k,
    success_at_k,
    summarize,
)


def test_hand_computed_toy_case():
    ranking = ["d3", "d1", "d9", "d2"]
    qrels = {"d1": 2.0, "d2": 1.0, "d5": 1.0}
    dcg = 2 / math.log2(3) + 1 / math.log2(5)
    ideal = 2 / math.log2(2) + 1 / math.log2(3) + 1 / math.log2(4)
    assert ndcg_at_k(ranking, qrels, 10) == pytest.approx(dcg / ideal)
    assert recall_at_k(ranking, qrels, 2) == pytest.approx(1 / 3)
    assert recall_at_k(ranking, qrels, 10) == pytest.approx(2 / 3)
    assert recall_at_k(ranking, qrels, 10, min_grade=2) == 1.0
    assert mrr_at_k(ranking, qrels, 10) == 0.5
    assert mrr_at_k(ranking, qrels, 1) == 0.0
    assert success_at_k(ranking, qrels, 1) == 0.0 and success_at_k(ranking, qrels, 2) == 1.0
    assert ndcg_at_k(ranking, {}, 10) == 0.0


def test_chunk_to_doc_aggregation_and_summary():
    assert doc_ranking(["a", "b", "a", "c", "b"]) == ["a", "b", "c"]
    assert summarize([{"m": 1.0}, {"m": 0.0}]) == {"m": 0.5}
