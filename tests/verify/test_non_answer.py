"""An answer that does not answer (a restated question, a title, "the sources lack it" over passages that cover it)
is caught without a model (the graph's side: tests/graph/test_non_answer_loop.py)."""

from __future__ import annotations

from medical_agent.evidence import Evidence
from medical_agent.verify.non_answer import non_answer

FOLIC = Evidence("f#0", "f", "임신 전후의 엽산 복용", "임신을 계획하면 최소 한 달 전부터 하루 400 µg의 엽산을 먹습니다.")
BP = Evidence("b#0", "b", "Blood pressure medicines: an overview of the main classes",
              "The main classes are ACE inhibitors, ARBs, calcium channel blockers, diuretics and beta-blockers.")


def test_a_restated_question_a_title_and_a_false_lack_are_caught():
    asked = "저희 아빠가 혈압약을 바꾸고 나서 한달째 마른기침을 하세요. 기침약 먹어도 소용이 없대요"
    assert "restates" in non_answer(asked, "저희 아빠가 혈압약을 바꾸고 나서 한달째 마른기침을 하세요 [1]. 기침약 먹어도 "
                                           "소용이 없대요 [2]", [BP])
    assert "title" in non_answer("엽산은 언제부터 먹어요?", "임신 전후의 엽산 복용 [1]", [FOLIC])
    assert "lacks" in non_answer("혈압약 종류가 뭐예요?", "제공된 자료에는 혈압약 정보가 없습니다.", [BP])
    assert non_answer("혈압약 종류가 뭐예요?", "제공된 자료에는 혈압약 정보가 없습니다.", [BP], evidence_kept=False) == []


def test_an_empty_answer_or_a_fragment_is_caught():
    """Found by the blind pairwise review: '는' came back as the whole answer."""
    assert non_answer("조영제 CT 전에 메트포르민을 끊어야 하나요?", "는", [BP]) == ["empty"]
    assert non_answer("Should I stop metformin before a CT scan?", " [1] ", [BP]) == ["empty"]


def test_the_reply_to_a_statement_may_repeat_it_but_is_never_a_title_or_empty():
    from medical_agent.verify.verdict import Verdict
    ack = Verdict(judge="heuristic", quality=0.6, non_answer=["restates"])
    assert ack.action(0.5, can_regenerate=True, asked=False) == "accept"      # repeating the facts is the acknowledgement
    assert ack.action(0.5, can_regenerate=True, asked=True) == "improve"
    empty = Verdict(judge="heuristic", quality=0.6, non_answer=["empty"])
    assert empty.action(0.5, can_regenerate=True, asked=False) == "improve"


def test_a_real_answer_passes():
    assert non_answer("What kinds of blood pressure medicines are there?",
                      "The main kinds are ACE inhibitors, ARBs, calcium channel blockers, diuretics and beta-blockers "
                      "[1]. Your doctor picks one for you.", [BP]) == []
    assert non_answer("엽산은 언제부터 먹어요?", "임신 계획이 있다면 최소 한 달 전부터 하루 400 µg을 드세요 [1].", [FOLIC]) == []


def test_a_list_of_passage_titles_is_caught():
    """Round 7's asthma-triggers answer was the nine kept passages' titles, each with its marker."""
    triggers = Evidence("t#0", "t", "Asthma triggers and how to avoid them", "Cold air and pollen can set off asthma.")
    overview = Evidence("o#0", "o", "What is asthma?", "Asthma is a long-term condition of the airways.")
    answer = "Asthma triggers and how to avoid them: [1], What is asthma? [2]"
    assert "title" in non_answer("what sets off my asthma and what can i do", answer, [triggers, overview])
    assert non_answer("what sets off my asthma and what can i do",
                      "Cold air and pollen are common triggers [1]; a scarf over the mouth helps in winter [2].",
                      [triggers, overview]) == []
