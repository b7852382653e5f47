"""Evidence compression keeps the question's sentences under the budget and never renumbers passages."""

from medical_agent.context.assembly import assemble, evidence_block
from medical_agent.context.compression import compress
from medical_agent.context.table_rows import MARK
from medical_agent.evidence import Evidence
from medical_agent.llm.tokens import estimate_tokens
from medical_agent.prompts import EVIDENCE_DELIMITERS, SECTION, datamark, unmark

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
    content = unmark("\n".join(line for line in block.splitlines() if line not in EVIDENCE_DELIMITERS))
    assert estimate_tokens(content) <= 52 + 6       # the budget, give or take the entries' line breaks


def test_selected_sentences_keep_their_order_and_zero_budget_keeps_whole_passages():
    out = compress(DOCS, "metformin meals kidney", 200, estimate_tokens, words)
    text = out[0].text
    assert text.index("lowers blood glucose") < text.index("taken with meals") < text.index("not used")
    assert compress(DOCS, "metformin", 0, estimate_tokens, words) == DOCS


def test_a_table_is_kept_as_rows_with_the_person_s_row_marked_and_the_prompt_says_so():
    table = Evidence("t#0", "t", "Glucagon", "Table 2. Glucagon dose\nWho | Dose\n25 kg or more | 1 mg\n"
                     "under 25 kg | 0.5 mg", metadata={"category": "table"})
    out = compress([DOCS[0], table], "glucagon dose child", 200, estimate_tokens, words,
                   question="Glucagon dose for a 20 kg child?")
    assert out[1].text.splitlines() == ["Table 2. Glucagon dose", "Who | Dose", "25 kg or more | 1 mg",
                                        f"{MARK}under 25 kg | 0.5 mg"]
    system, context, _ = assemble(lang="en", mode="agent", question="Glucagon dose for a 20 kg child?",
                                  profile_summary="", docs=out, history=[], context_window=4096,
                                  count=estimate_tokens, retrieval_expected=True)
    assert datamark(f"{MARK}under 25 kg | 0.5 mg") in context and SECTION["en"]["row_hint"] in context
    plain = compress([DOCS[0], table], "glucagon dose", 200, estimate_tokens, words, question="Glucagon dose?")
    assert MARK not in plain[1].text and "under 25 kg | 0.5 mg" in plain[1].text
