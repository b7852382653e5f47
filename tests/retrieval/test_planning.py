"""The offline planner: parts of a message, carried concepts, query variants, parallel searches fused per part
and merged with a quota, and no plan for a simple question."""

import threading
import time

from medical_agent.context.extraction.mentions import Mention
from medical_agent.evidence import Evidence
from medical_agent.retrieval.planning import MAX_SUBTASKS, make_plan, planned_search, quota_merge, split_parts

WORDS = {"메트포르민": "medication", "신장": "condition", "metformin": "medication", "stroke": "condition",
         "high blood pressure": "condition", "천식": "condition"}


def link(text):
    return [Mention("C", w, "T", s, w, text.find(w), text.find(w) + len(w), 1.0) for w, s in WORDS.items() if w in text]


def test_parts_split_at_question_marks_and_joining_words_only_where_both_sides_stand():
    assert split_parts("메트포르민 부작용이 뭔가요? 그리고 신장이 안 좋을 때 용량은 어떻게 하나요?") == [
        "메트포르민 부작용이 뭔가요?", "신장이 안 좋을 때 용량은 어떻게 하나요?"]
    assert split_parts("What are the warning signs of a stroke, and how is high blood pressure linked to it?") == [
        "What are the warning signs of a stroke", "how is high blood pressure linked to it?"]
    assert split_parts("Can I also take ibuprofen with warfarin?") == ["Can I also take ibuprofen with warfarin?"]
    assert split_parts("천식이요? 네") == ["천식이요? 네"]                       # a short tail joins its part
    many = " ".join(f"Question number {n} is here?" for n in range(7))
    assert len(split_parts(many)) == MAX_SUBTASKS


def test_a_part_without_its_own_concept_carries_the_earlier_one_and_variants_differ():
    plan = make_plan("메트포르민 부작용이 뭔가요? 그리고 임신 중에도 먹어도 되나요?", link)
    first, second = plan.subtasks
    assert plan.multi and second.carried == "메트포르민" and first.carried == ""
    assert second.queries[0] == "메트포르민 임신 중에도 먹어도 되나요?"
    assert 1 <= len(second.queries) <= 3 and len(set(second.queries)) == len(second.queries)
    assert "금기" in second.queries[1] and second.queries[1].startswith("메트포르민")       # intent words
    simple = make_plan("What is metformin?", link)
    assert not simple.multi and simple.searches == 1
    follow = make_plan("Can I keep taking it?", link, referent="metformin")
    assert follow.searches == 2 and follow.subtasks[0].queries[1].startswith("metformin")


def test_a_story_before_the_question_is_part_of_it_not_a_subtask_of_its_own():
    told = ("Since my diagnosis I've swapped white rice for brown, and my uncle says brown rice is a free food. "
            "Is brown rice really unlimited?")
    assert len(split_parts(told)) >= 2 and not make_plan(told, link).multi
    assert not make_plan("엄마가 천식이 있으시고 메트포르민도 드세요. 그리고 요즘 기침을 많이 하세요.", link).multi
    two = make_plan("I take metformin and my kidneys are weak. Is metformin safe? Also, what causes a stroke?", link)
    assert [s.text for s in two.subtasks] == ["I take metformin and my kidneys are weak. Is metformin safe?",
                                             "what causes a stroke?"]
    tail = make_plan("메트포르민 부작용이 뭔가요? 그리고 신장이 안 좋을 때 용량은 어떻게 하나요? 저는 예순이에요", link)
    assert len(tail.subtasks) == 2 and tail.subtasks[1].text.endswith("저는 예순이에요")


def ev(cid):
    return Evidence(cid, cid, cid, f"text of {cid}")


def test_every_part_gets_places_and_parallel_equals_sequential():
    plan = make_plan("What are the warning signs of a stroke, and how is high blood pressure linked to it?", link)
    corpus = {"stroke": ["s1", "s2", "s3", "s4"], "pressure": ["p1", "p2", "s1"]}
    calls, lock = [], threading.Lock()

    def search(query):
        with lock:
            calls.append(query)
        time.sleep(0.01)
        topic = "stroke" if "stroke" in query and "pressure" not in query else "pressure"
        return [ev(c) for c in corpus[topic]]

    hits, per_part = planned_search(plan, search, 4, workers=4)
    assert len(calls) == plan.searches
    assert [h.chunk_id for h in hits] == ["s1", "s2", "p1", "p2"]        # two places each, grouped by part
    assert [h.metadata["subtask"] for h in hits] == [1, 1, 2, 2] and [h.rank for h in hits] == [1, 2, 3, 4]
    assert hits[2].metadata["subtask_text"] == "how is high blood pressure linked to it?"
    prepared = []
    sequential, _ = planned_search(plan, search, 4, workers=1, prepare=prepared.extend)
    assert prepared == [q for st in plan.subtasks for q in st.queries]       # every query, before the searches
    assert [h.chunk_id for h in sequential] == [h.chunk_id for h in hits] and per_part[0][0] == "s1"


def test_the_whole_message_is_searched_too_and_its_passages_come_first():
    text = "What are the warning signs of a stroke, and how is high blood pressure linked to it?"
    plan = make_plan(text, link)
    found = {text: ["w1", "s1"], "stroke": ["s1", "s2"], "pressure": ["p1", "p2"]}

    def search(query):
        key = query if query == text else "stroke" if "pressure" not in query else "pressure"
        return [ev(c) for c in found[key]]

    hits, per_part = planned_search(plan, search, 5, whole=text)
    assert [h.chunk_id for h in hits][:2] == ["w1", "s1"] and hits[0].rank == 1
    assert hits[0].metadata["subtask"] == 0 and "subtask_text" not in hits[0].metadata
    assert {"s2", "p1"} <= {h.chunk_id for h in hits} and len(per_part) == len(plan.subtasks)
    assert next(h for h in hits if h.chunk_id == "p1").metadata["subtask"] == 2


def test_quota_merge_skips_taken_passages_and_fills_from_the_longer_ranking():
    merged = quota_merge([[ev("a"), ev("b")], [ev("a"), ev("c"), ev("d"), ev("e")]], 4)
    assert [h.chunk_id for h in merged] == ["a", "b", "c", "d"]
