"""The two tools in plain Python over the offline agent on the tiny index: search returns cited passages from the
knowledge base only; ask runs the chat's graph statelessly (the caller's facts bring the safety notes, red flags
and the disclaimer apply, an uncovered question says so) and leaves nothing behind in any store."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from medical_agent.tools import MedicalTools, ToolError
from tests.graph.test_personal_documents import LEAFLETS
from tests.graph.test_personal_documents import QUESTION as WARFARIN
from tests.graph.test_relevance_gate import NONE_CLOSE

EGFR_NOTE = "eGFR below 30"
METFORMIN_KIDNEY = "I take metformin and my eGFR is 25. Is that OK?"


def stored(storage) -> dict[str, int]:
    """Everything a store keeps about people: profiles, activity, cached answers, conversation checkpoints."""
    return {"profiles": storage.rows("SELECT count(*) FROM profiles")[0][0],
            "people": len(storage.activity.idle_users("9999-12-31T00:00:00")),
            "cached": storage.cache.stats()["entries"],
            "checkpoints": len(list(storage.checkpointer.list(None)))}


@pytest.fixture()
def tools(make_agent):
    agent = make_agent()
    return MedicalTools(lambda: agent), agent


def test_search_returns_passages_with_their_source_and_score(tools):
    service, _ = tools
    out = service.search("metformin and kidney function", k=3)
    assert out["query_language"] == "en" and len(out["passages"]) == 3
    top = out["passages"][0]
    assert top["title"] == "Metformin and kidneys" and top["rank"] == 1 and top["score"] > 0
    assert {"title", "text", "source", "url", "page", "score", "language"} <= set(top)
    korean = service.search("메트포르민 부작용", k=2, language="ko")["passages"]
    assert korean and all(p["language"] == "ko" for p in korean)


def test_neither_tool_reads_uploaded_documents_not_even_a_shared_collection(make_agent):
    agent = make_agent(shared_documents=True)
    agent.deps.collections.add("clinic", [LEAFLETS / "warfarin_en.pdf"])
    assert any(d["source"] == "warfarin_en.pdf" for d in agent.run("bob", WARFARIN)["retrieved_docs"])  # the chat's
    service = MedicalTools(lambda: agent)
    assert not any(p["source"] == "warfarin_en.pdf" for p in service.search(WARFARIN, k=10)["passages"])
    assert not any(r["source"] == "warfarin_en.pdf" for r in service.ask(WARFARIN)["references"])


def test_ask_carries_the_egfr_safety_note_and_keeps_nothing(tools):
    service, agent = tools
    before = stored(agent.storage)
    out = service.ask(METFORMIN_KIDNEY, age=70, sex="male", conditions=["chronic kidney disease"],
                      medications=["metformin"])
    assert any(EGFR_NOTE in note for note in out["safety_notes"]) and EGFR_NOTE in out["answer"]
    assert out["references"] and "[1]" in out["answer"] and out["answer"].endswith(out["disclaimer"])
    assert out["emergency"] is False and out["not_from_my_sources"] is False and out["language"] == "en"
    assert stored(agent.storage) == before                         # the app's stores never saw the call
    assert stored(service._stateless().storage) == {"profiles": 0, "people": 0, "cached": 0, "checkpoints": 0}


def test_the_callers_facts_alone_bring_the_safety_note(tools):
    service, _ = tools
    plain = service.ask("Can I keep taking metformin?")
    given = service.ask("Can I keep taking metformin?", conditions=["chronic kidney disease"],
                        medications=["metformin"])
    assert not any(EGFR_NOTE in n for n in plain["safety_notes"])
    assert any(EGFR_NOTE in n for n in given["safety_notes"])


def test_ask_reads_no_saved_profile(tools):
    service, agent = tools
    agent.run("someone", "I take metformin and I have chronic kidney disease.")
    out = service.ask("Can I keep taking metformin?")
    assert not any(EGFR_NOTE in n for n in out["safety_notes"])


def test_a_red_flag_puts_the_emergency_line_first(tools):
    service, _ = tools
    out = service.ask("가슴이 아프고 식은땀이 나요", language="ko")
    assert out["emergency"] is True and out["answer"].startswith(out["emergency_line"]) and "119" in out["answer"]
    assert out["language"] == "ko"


def test_the_answer_language_can_be_chosen(tools):
    service, _ = tools
    assert service.ask("What are the side effects of metformin?", language="ko")["language"] == "ko"


def test_an_uncovered_question_is_not_from_my_sources(make_agent):
    agent = make_agent(**NONE_CLOSE)
    out = MedicalTools(lambda: agent).ask("What are the side effects of metformin?")
    assert out["not_from_my_sources"] is True and out["sources_note"].startswith("Not from my sources")
    assert out["references"] == [] and out["evidence_verdict"] == "incorrect"


@pytest.mark.parametrize(("call", "message"), [
    (lambda t: t.search("", k=3), "query must be a non-empty text"),
    (lambda t: t.search("metformin", k=0), "k must be a whole number from 1 to 20"),
    (lambda t: t.search("metformin", k=True), "k must be a whole number"),
    (lambda t: t.search("metformin", language="fr"), "language must be one of auto, ko, en"),
    (lambda t: t.ask("x" * 5000), "the limit is 4,000"),
    (lambda t: t.ask("Is metformin safe?", age=-5), "age -5 is outside the possible range"),
    (lambda t: t.ask("Is metformin safe?", age="old"), "age must be a whole number"),
    (lambda t: t.ask("Is metformin safe?", sex="x"), "sex must be 'male' or 'female'"),
    (lambda t: t.ask("Is metformin safe?", medications="metformin"), "medications must be a list of names"),
    (lambda t: t.ask("Is metformin safe?", sex="female", conditions=["prostate cancer"]), "contradict each other"),
])
def test_bad_arguments_are_refused_with_a_message_that_says_what_is_valid(tools, call, message):
    service, agent = tools
    with pytest.raises(ToolError, match=message):
        call(service)
    assert stored(service._stateless().storage)["profiles"] == 0


def test_an_agent_that_is_not_ready_is_a_tool_error():
    def starting():
        raise TimeoutError("the agent is still starting")

    with pytest.raises(ToolError, match="still starting"):
        MedicalTools(starting).search("metformin")


def test_callers_at_once_each_get_only_their_own_facts(tools):
    service, _ = tools
    kidney = {"question": "Can I keep taking metformin?", "conditions": ["chronic kidney disease"],
              "medications": ["metformin"]}
    bleeding = {"question": "Can I take ibuprofen for back pain?", "medications": ["warfarin"]}
    with ThreadPoolExecutor(max_workers=4) as pool:
        outs = list(pool.map(lambda kwargs: service.ask(**kwargs), [kidney, bleeding] * 3))
    for out, asked in zip(outs, [kidney, bleeding] * 3, strict=True):
        notes = " ".join(out["safety_notes"])
        assert ("eGFR" in notes) is (asked is kidney) and ("bleeding" in notes) is (asked is bleeding), notes
    assert stored(service._stateless().storage)["profiles"] == 0
