"""Evidence by trust: reviewed passages first (a correction replaces the text), then tables and figures, then text."""

from medical_agent.evidence import Evidence
from medical_agent.retrieval.trust import apply_reviews, content_key
from medical_agent.storage import PassageReview, open_storage


def ev(cid, text, category=None):
    return Evidence(cid, cid.split("#")[0], f"title {cid}", text, rank=0,
                    metadata={"category": category} if category else {})


def test_order_is_reviewed_then_tables_and_figures_then_text_and_corrections_replace_the_text():
    storage = open_storage(":memory:")
    hits = [ev("a#1", "Plain first."), ev("b#1", "Row | 1", "table"), ev("c#1", "Old   advice.", "paragraph"),
            ev("d#1", "Figure 1. A chart.", "figure"), ev("e#1", "Good as it is.")]
    storage.reviews.put(PassageReview(content_key("Old advice."), "corrected", "New advice.", "dr kim"))
    storage.reviews.put(PassageReview(content_key("Good as it is."), "verified", None, "dr lee"))
    out = apply_reviews(hits, storage.reviews)
    assert [h.chunk_id for h in out] == ["c#1", "e#1", "b#1", "d#1", "a#1"] and [h.rank for h in out] == [1, 2, 3, 4, 5]
    assert out[0].text == "New advice." and out[0].metadata["review"]["by"] == "dr kim"
    assert out[0].review_label == "corrected by a clinician" and out[1].review_label == "clinician-verified"
    assert out[0].heading(1) == "[1] (corrected by a clinician) title c#1" and out[4].heading(5) == "[5] title a#1"
    assert out[0].metadata["review"]["content_key"] == content_key("Old advice.")   # the original's key


def test_without_reviews_only_tables_and_figures_move_up():
    hits = [ev("a#1", "x"), ev("b#1", "y", "figure")]
    assert [h.chunk_id for h in apply_reviews(hits, None)] == ["b#1", "a#1"]
    assert apply_reviews([], None) == []
