"""The cheap check: claim support (lexical, then semantic for paraphrases and other languages), language,
coverage, and when it is confident enough to skip the LLM verifier."""

import numpy as np

from medical_agent.evidence import Evidence
from medical_agent.verify.cheap import SEMANTIC_SUPPORT, cheap_verdict, claim_support
from medical_agent.verify.verdict import Verdict

DOCS = [Evidence("k#0", "k", "Metformin and kidneys", "Metformin is not used when eGFR is below 30. Doctors check "
                 "kidney function before and during treatment.")]


def fake_encode(texts):
    """Sentences about kidneys point one way, everything else another (a stand-in for the multilingual embedder)."""
    vectors = np.array([[1.0, 0.0] if any(k in t for k in ("eGFR", "kidney", "신장")) else [0.0, 1.0] for t in texts])
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def test_lexical_then_semantic_support():
    claims = ["Metformin is not used when eGFR is below 30 [1].", "신장 기능이 30 미만이면 쓰지 않습니다 [1].",
              "It cures gout completely [1].", "Uncited sentence here."]
    out = claim_support(claims, DOCS, fake_encode)
    assert [c["supported"] for c in out] == [True, True, False, False] and out[3]["cites"] == []
    assert out[1]["support"] >= SEMANTIC_SUPPORT and claim_support(claims[1:2], DOCS)[0]["supported"] is False


def test_confident_only_when_grounded_in_the_right_language_and_complete():
    good = "Metformin is not used when eGFR is below 30 [1]. Doctors check kidney function during treatment [1]. " * 3
    verdict = cheap_verdict("Is metformin used when eGFR is low?", good, DOCS, "", "en", fake_encode)
    assert verdict.confident and verdict.supported_share == 1.0 and verdict.language_ok
    korean_question = cheap_verdict("eGFR이 낮으면 메트포르민을 먹어도 되나요?", good, DOCS, "", "ko", fake_encode)
    assert not korean_question.language_ok and not korean_question.confident
    assert korean_question.action(0.5, can_regenerate=True) == "language"
    once = good[: len(good) // 3]
    made_up = cheap_verdict("Is metformin used when eGFR is low?", once + " It cures gout completely [1].", DOCS, "",
                            "en", fake_encode)
    assert made_up.supported_share == 2 / 3 and not made_up.confident        # below seed 004's 0.7
    assert made_up.action(0.5, can_regenerate=True) == "corrective" and made_up.unsupported == [
        "It cures gout completely [1]."]


def test_grades_decide_between_improving_and_searching_again():
    weak = Verdict(judge="llm", quality=0.4, grades={"completeness": 0.4, "relevance": 0.9, "clarity": 0.9,
                                                    "accuracy": 0.9})
    assert weak.action(0.5, can_regenerate=True) == "improve"         # mean 0.775 but completeness < 0.5
    weak.missing_info = ["dose in kidney disease"]
    assert weak.action(0.5, can_regenerate=True) == "retrieve"
    assert Verdict(judge="heuristic", quality=0.3).action(0.5, can_regenerate=False) == "retrieve"   # offline
    assert Verdict(judge="heuristic", quality=0.7).action(0.5, can_regenerate=False) == "accept"


def test_a_neighbouring_table_row_is_unsupported_and_corrected_with_the_right_row():
    table = Evidence("g#0", "g", "Glucagon", "Table 2. Glucagon dose\nWho | Dose\n25 kg or more | 1 mg\n"
                     "under 25 kg | 0.5 mg", metadata={"category": "table"})
    question = "How much glucagon for my 20 kg child?"
    wrong = cheap_verdict(question, "Give your 20 kg child 1 mg of glucagon [1].", [table], "", "en", fake_encode)
    assert wrong.table_conflict and wrong.supported_share == 0.0 and not wrong.confident
    assert wrong.action(0.5, can_regenerate=True) == "corrective"
    assert wrong.feedback("corrective") == "Give your 20 kg child 1 mg of glucagon [1]. → ▶ [1] under 25 kg | 0.5 mg"
    uncited = cheap_verdict(question, "Give your 20 kg child 1 mg of glucagon.", [table], "", "en", fake_encode)
    assert uncited.table_conflict and uncited.claims[0]["cites"] == [1]
    right = cheap_verdict(question, "Give your 20 kg child 0.5 mg of glucagon [1].", [table], "", "en", fake_encode)
    assert not right.table_conflict and right.supported_share == 1.0


def test_an_answer_with_nothing_checkable_is_answered_again_whatever_its_grades():
    grades = {"completeness": 1.0, "relevance": 1.0, "clarity": 1.0, "accuracy": 1.0}
    empty = Verdict(judge="llm", quality=1.0, grades=grades)                 # e.g. the reply "는 아니요"
    assert empty.action(0.5, can_regenerate=True) == "improve"
    assert empty.action(0.5, can_regenerate=False) == "accept"               # offline: the same text would come back
    assert empty.action(0.5, can_regenerate=True, asked=False) == "accept"   # a statement's acknowledgement
