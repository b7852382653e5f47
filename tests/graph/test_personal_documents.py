"""A person's uploaded documents: searched beside the knowledge base, cited with their page, private to that
person, scoped into the answer cache, and erased with the profile."""

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
