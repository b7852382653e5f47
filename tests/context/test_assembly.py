"""Prompt assembly: numbered evidence without retrieval scores, lowest-ranked trimmed first, question last."""

from medical_agent.context.assembly import assemble, evidence_block
from medical_agent.evidence import Evidence

DOCS = [Evidence("a#0", "a", "Metformin", "Metformin lowers glucose.", score=0.912),
        Evidence("b#0", "b", "Insulin", "Insulin is injected. " * 50, score=0.204)]


def count(text: str) -> int:
    return len(text.split())


def test_evidence_is_numbered_without_scores():
    block, included = evidence_block(DOCS, budget=1000, count=count)
    assert block.startswith("[1] Metformin\nMetformin lowers glucose.") and "[2] Insulin" in block
    assert included == 2 and "0.912" not in block and "0.204" not in block   # small models copied score lines


def test_trimming_keeps_numbering_and_the_question_comes_last():
    block, included = evidence_block(DOCS, budget=60, count=count)
    assert included == 2 and block.endswith("…")       # the second passage cut, not renumbered
    _, user, plan = assemble(lang="en", mode="agent", question="Can I take metformin?", profile_summary="",
                             docs=DOCS, history=[], context_window=4000, count=count, retrieval_expected=True)
    assert user.rstrip().endswith("Can I take metformin?") and plan["docs_included"] == 2
