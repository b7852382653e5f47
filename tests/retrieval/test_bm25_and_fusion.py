import random

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from medical_agent.retrieval.bm25 import BM25Index
from medical_agent.retrieval.fusion import convex, rrf


def random_corpus(seed: int, docs: int = 300, vocab: int = 60):
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(vocab)]
    # a few very common words get negative IDF, which rank_bm25 replaces by epsilon * mean idf
    return [[rng.choice(words[:3]) if rng.random() < 0.5 else rng.choice(words) for _ in range(rng.randint(1, 40))]
            for _ in range(docs)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_scores_equal_rank_bm25(seed):
    corpus = random_corpus(seed)
    ours, ref = BM25Index.build(corpus), BM25Okapi(corpus)
    rng = random.Random(seed + 100)
    for _ in range(20):
        query = [rng.choice(corpus[rng.randrange(len(corpus))]) for _ in range(rng.randint(1, 6))] + ["unknown"]
        np.testing.assert_allclose(ours.scores(query), ref.get_scores(query), atol=1e-6, rtol=0)


def test_top_k_order_mask_and_save(tmp_path):
    corpus = [["a", "b"], ["a"], ["c"], ["a", "a", "b"]]
    index = BM25Index.build(corpus)
    top = index.top_k(["a", "b"], 3)
    scores = index.scores(["a", "b"])
    assert [i for i, _ in top] == sorted((i for i in range(4) if scores[i] > 0), key=lambda i: -scores[i])[:3]
    assert all(i != 0 for i, _ in index.top_k(["a", "b"], 3, mask=np.array([False, True, True, True])))
    assert index.top_k(["zzz"], 3) == []
    index.save(tmp_path)
    again = BM25Index.load(tmp_path)
    np.testing.assert_allclose(again.scores(["a", "b"]), scores)


def test_expansion_terms_add_weight():
    index = BM25Index.build([["metformin", "nausea"], ["diabetes", "diet"], ["other"]])
    plain = index.scores(["diet"])
    expanded = index.scores(["diet"], extra={"metformin": 0.5})
    assert expanded[0] > plain[0] == 0 and expanded[1] == plain[1]


def test_rrf_seed_worked_example():
    bm25 = ["A", "x1", "B", "x2", "C"]   # A rank 1, B rank 3, C rank 5
    dense = ["B", "A", "D"]              # B rank 1, A rank 2, D rank 3
    fused = rrf([bm25, dense], k=60)
    assert round(fused["A"], 4) == 0.0325 and round(fused["B"], 4) == 0.0323
    assert round(fused["D"], 4) == 0.0159 and round(fused["C"], 4) == 0.0154
    order = [d for d in sorted(fused, key=fused.get, reverse=True) if d in "ABCD"]
    assert order == ["A", "B", "D", "C"]


def test_weighted_rrf_and_convex_arithmetic():
    fused = rrf([["A", "B"], ["B"]], k=10, weights=[1.0, 0.5])
    assert fused["A"] == pytest.approx(1 / 11) and fused["B"] == pytest.approx(1 / 12 + 0.5 / 11)
    with pytest.raises(ValueError):
        rrf([["A"]], weights=[1, 2])
    mixed = convex([{"A": 10.0, "B": 0.0}, {"B": 0.9, "C": 0.5}], weights=[1.0, 1.0])
    assert mixed == pytest.approx({"A": 0.5, "B": 0.5, "C": 0.0})
