"""Evidence compression keeps the question's sentences under the budget and never renumbers passages."""

from medical_agent.context.assembly import evidence_block
from medical_agent.context.compression import compress
from medical_agent.evidence import Evidence
from medical_agent.llm.tokens import estimate_tokens

DOCS = [Evidence("a#0", "a", "Metformin", "Metformin lowers blood glucose. It is taken with meals. Metformin is not "
                 "used when kidney function (eGFR) is below 30. Vitamin B12 may fall over years."),
        Evidence("b#0", "b", "Gout", "Gout is a painful arthritis. Uric acid crystals form in joints."),
        Evidence("c#0", "c", "Kidneys", "Doctors check kidney function before metformin. eGFR is a kidney test.")]


def words(text: str) -> list[str]:
    return [w.strip(".,()").lower() for w in text.split() if w.strip(".,()")]


def test_the_question_s_sentences_come_first_within_the_budget():
    out = compress(DOCS, "metformin kidney function eGFR", 52, estimate_tokens, words)
    assert [d.chunk_id for d in out] == ["a#0", "b#0", "c#0"] and out[1].text == ""     # gout shares nothing
    assert "eGFR) is below 30" in out[0].text and "Doctors check kidney function" in out[2].text
    assert "Vitamin B12" not in out[0].text
    block, included = evidence_block(out, 1000, estimate_tokens)
    assert included == 2 and "[1] Metformin" in block and "[3] Kidneys" in block and "[2]" not in block
    assert estimate_tokens(block) <= 52 + 6         # the budget, give or take the entries' line breaks


def test_selected_sentences_keep_their_order_and_zero_budget_keeps_whole_passages():
    out = compress(DOCS, "metformin meals kidney", 200, estimate_tokens, words)
    text = out[0].text
    assert text.index("lowers blood glucose") < text.index("taken with meals") < text.index("not used")
    assert compress(DOCS, "metformin", 0, estimate_tokens, words) == DOCS
