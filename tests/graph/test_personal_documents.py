"""A person's uploaded documents: searched beside the knowledge base, cited with their page, private to that
person, scoped into the answer cache, and erased with the profile."""

from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply
from medical_agent.prompts import datamark
from medical_agent.settings import PROJECT_ROOT

LEAFLETS = PROJECT_ROOT / "tests" / "data" / "leaflets"
QUESTION = "What INR target range is usual for warfarin?"


def cited(result):
    return [(c["source"], c["page"], c["category"]) for c in result["citations"]]


def test_an_uploaded_leaflet_is_cited_by_page_and_only_for_its_owner(make_agent):
    agent = make_agent()
    report = agent.deps.collections.add("ann", [LEAFLETS / "warfarin_en.pdf", LEAFLETS / "bad" / "encrypted.pdf"])
    assert report.added == ["warfarin_en.pdf"]
    assert report.skipped == [{"file": "encrypted.pdf", "reason": "the PDF is encrypted (password protected); save "
                                                                 "an unprotected copy and add that"}]
    assert [d["name"] for d in agent.deps.collections.list("ann")] == ["warfarin_en.pdf"]
    ann = agent.run("ann", QUESTION)
    assert ("warfarin_en.pdf", 2, "paragraph") in cited(ann), cited(ann)
    page_row = next(d for d in ann["retrieved_docs"] if d["source"] == "warfarin_en.pdf")
    assert page_row["page"] in (1, 2, 3, 4) and page_row["category"]
    bob = agent.run("bob", QUESTION)
    assert not any(d["source"] == "warfarin_en.pdf" for d in bob["retrieved_docs"])   # Ann's, not Bob's
    assert agent.deps.collections.list("bob") == []


def test_a_cached_answer_is_not_served_after_the_documents_change(make_agent):
    agent = make_agent()
    first = agent.run("cy", QUESTION)
    assert not first["cache_hit"] and agent.run("cy", QUESTION)["cache_hit"]
    agent.deps.collections.add("cy", [LEAFLETS / "warfarin_en.pdf"])
    after = agent.run("cy", QUESTION)
    assert not after["cache_hit"] and any(c["source"] == "warfarin_en.pdf" for c in after["citations"])
    assert agent.deps.collections.delete("cy", "warfarin_en.pdf")
    assert not agent.run("cy", QUESTION)["cache_hit"]
    assert agent.deps.collections.list("cy") == []


def test_erasing_the_profile_erases_the_documents_files_vectors_and_page_images(make_agent):
    agent = make_agent()
    agent.deps.collections.add("dee", [LEAFLETS / "inhaler_en.pdf"])
    folder = agent.deps.collections.folder("dee")
    assert (folder / "files" / "inhaler_en.pdf").is_file() and any((folder / "index" / "pages").rglob("*.png"))
    assert "dee" not in str(folder)                       # the folder is named by a hash of the id
    agent.forget("dee")
    assert not folder.exists() and agent.deps.collections.retriever("dee") is None
    assert not any(d["source"] == "inhaler_en.pdf" for d in agent.run("dee", "How do I use a spacer?")["retrieved_docs"])


def test_a_table_question_is_answered_from_the_row_for_the_person_s_number(make_agent):
    """The glucagon table of an uploaded leaflet: its rows reach the prompt with the 20 kg row marked; an answer
    that reads the neighbouring row (1 mg) is caught without the LLM verifier and answered again with the right
    row named; the answer's table line reads that row out with its page."""
    def generate(messages, options):
        return ("체중 20 kg인 아이에게는 글루카곤 0.5 mg을 주사합니다." if "→ ▶" in messages[-1]["content"]
                else "체중 20 kg인 아이에게는 글루카곤 1 mg을 주사합니다.")

    llm = ScriptedLLM({"generate": generate, "verify": lambda m, o: verify_reply(m, score=0.9)}, cycle=True)
    agent = make_agent(llm)
    agent.deps.collections.add("kim", [LEAFLETS / "insulin_hypo_ko.pdf"])
    result = agent.run("kim", "체중 20 kg인 아이에게 글루카곤을 얼마나 주사하나요?")
    tags = [c["tag"] for c in result["llm_calls"]]
    assert tags[:2] == ["generate", "generate"], tags
    first, second = llm.calls[0], llm.calls[1]
    assert datamark("▶ 체중 25 kg 미만 어린이 | 주사용 글루카곤 | 0.5 mg") in first.messages[-1]["content"]
    assert "→ ▶ [" in second.messages[-1]["content"] and second.temperature < first.temperature
    assert "0.5 mg" in result["answer"] and "1 mg을" not in result["answer"]
    assert any(row.startswith("표 2. 글루카곤 응급 용량 (p. 4) [") and row.endswith("1회 용량: 0.5 mg")
               for row in result["synthesis"]["table_rows"]), result["synthesis"]["table_rows"]
