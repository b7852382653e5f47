"""The clause reader: where clauses end and whether each one states, asks or supposes (Korean by morphemes)."""

import threading

import pytest

from medical_agent.context.extraction import morphology
from medical_agent.context.extraction.clauses import analyse, clause_at, past_tense


def kinds(text):
    return [(text[c.start:c.end].strip(" ,"), c.kind) for c in analyse(text)]


@pytest.mark.parametrize("text, expected", [
    ("뇌졸중의 경고 증상은 뭔가요?", [("뇌졸중의 경고 증상은 뭔가요?", "question")]),
    ("식은땀이 나요", [("식은땀이 나요", "statement")]),
    ("괜찮나요", [("괜찮나요", "question")]),
    ("메트포르민을 먹고 있는데 이부프로펜 먹어도 돼요?",
     [("메트포르민을 먹고 있는데", "statement"), ("이부프로펜 먹어도 돼요?", "question")]),
    ("천식 있으면 운동해도 되나요?", [("천식 있으면", "condition"), ("운동해도 되나요?", "question")]),
    ("약을 먹어도 열이 안 내려요", [("약을 먹어도", "statement"), ("열이 안 내려요", "statement")]),
    ("저혈당이 오면 어떻게 해요", [("저혈당이 오면", "condition"), ("어떻게 해요", "question")]),
    ("두통이 있어요. 뇌졸중일까요", [("두통이 있어요.", "statement"), ("뇌졸중일까요", "question")]),
])
def test_korean_clauses(text, expected):
    assert kinds(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("I have type 2 diabetes, can I take Ozempic?",
     [("I have type 2 diabetes", "statement"), ("can I take Ozempic?", "question")]),
    ("Is ibuprofen safe if you have kidney disease?",
     [("Is ibuprofen safe", "question"), ("if you have kidney disease?", "condition")]),
    ("My blood pressure is 130/85 — is that high?",
     [("My blood pressure is 130/85", "statement"), ("— is that high?", "question")]),
    ("I'm sweating a lot", [("I'm sweating a lot", "statement")]),
])
def test_english_clauses(text, expected):
    assert kinds(text) == expected


def test_clause_at_and_past_tense():
    text = "예전에 결핵 앓았어요"
    assert clause_at(text, text.index("결핵")).kind == "statement"
    assert past_tense(text, text.index("앓"), len(text)) and not past_tense("결핵이 있어요", 0, 7)
    assert clause_at("", 0).kind == "statement"


def test_one_analyser_shared_by_threads():
    seen = []
    workers = [threading.Thread(target=lambda: seen.append(morphology.get_kiwi())) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert len({id(k) for k in seen}) == 1
    assert [m.tag for m in morphology.morphemes("열이 나요")][-1] == "EF"
