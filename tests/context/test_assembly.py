"""Prompt assembly: numbered evidence without retrieval scores, lowest-ranked trimmed first, question last; the
evidence is data (between delimiters, its words datamarked, and the system prompt says what that means)."""

from medical_agent.context.assembly import assemble, evidence_block
from medical_agent.evidence import Evidence
from medical_agent.prompts import DATAMARK, EVIDENCE_DELIMITERS, SYSTEM_PROMPT, datamark, unmark

DOCS = [Evidence("a#0", "a", "Metformin", "Metformin lowers glucose.", score=0.912),
        Evidence("b#0", "b", "Insulin", "Insulin is injected. " * 50, score=0.204)]


def count(text: str) -> int:
    return len(text) // 4 + 1


def test_evidence_is_numbered_without_scores():
    block, included = evidence_block(DOCS, budget=1000, count=count)
    assert block.startswith(f"{EVIDENCE_DELIMITERS[0]}\n\n[1] Metformin\nMetformin^lowers^glucose.")
    assert "[2] Insulin" in block and block.endswith(EVIDENCE_DELIMITERS[1])
    assert included == 2 and "0.912" not in block and "0.204" not in block   # small models copied score lines


def test_every_passage_is_datamarked_and_the_model_is_told_what_the_marks_mean():
    block, _ = evidence_block([Evidence("t#0", "t", "Table", "Dose | eGFR\n500 mg | over 45\tdaily")], 1000, count)
    body = block.split("[1] Table\n", 1)[1]
    assert " " not in body.replace(EVIDENCE_DELIMITERS[1], "") and "500^mg^|^over^45^daily" in body
    assert "\n" in body                                # a table's rows stay rows
    assert all(DATAMARK in SYSTEM_PROMPT[lang] for lang in ("ko", "en"))
    assert unmark("Take it with food^[1].") == "Take it with food [1]." and datamark("a  b") == "a^b"


def test_trimming_keeps_numbering_and_the_question_comes_last():
    block, included = evidence_block(DOCS, budget=60, count=count)
    assert included == 2 and block.endswith(f"…\n\n{EVIDENCE_DELIMITERS[1]}")   # the second passage cut, not renumbered
    _, user, plan = assemble(lang="en", mode="agent", question="Can I take metformin?", profile_summary="",
                             docs=DOCS, history=[], context_window=4000, count=count, retrieval_expected=True)
    assert user.rstrip().endswith("Can I take metformin?") and plan["docs_included"] == 2
