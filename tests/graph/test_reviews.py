"""A clinician's correction of a passage changes the next answer, and survives a rebuild of the index."""

from medical_agent.embeddings import create_embedder
from medical_agent.indexing.build import build_index
from medical_agent.retrieval.trust import content_key
from medical_agent.settings import PROJECT_ROOT
from medical_agent.storage import PassageReview

QUESTION = "What INR range should warfarin keep?"
ORIGINAL = "Warfarin keeps the INR range between 1 and 2 for most people."
CORRECTED = "Warfarin keeps the INR range between 2 and 3 for most people."


def build(folder, out, **kw):
    return build_index(f"docs:{folder}", out, assets_dir=PROJECT_ROOT / "assets",
                       embedder=create_embedder("use-multilingual"), embedder_spec="use-multilingual", **kw)


def test_a_correction_changes_the_next_answer_and_survives_a_rebuild(make_agent, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "warfarin.md").write_text(f"# Warfarin\n\n{ORIGINAL}\n", encoding="utf-8")
    build(folder, tmp_path / "idx")
    agent = make_agent(persistent=True, index_dir=str(tmp_path / "idx"))
    first = agent.run("ann", QUESTION)
    assert "between 1 and 2" in first["answer"] and not first["cache_hit"]
    cited = next(d for d in first["retrieved_docs"] if d["source"] == "warfarin.md")
    agent.deps.reviews.put(PassageReview(content_key(cited["text"]), "corrected", CORRECTED, "dr kim"))

    second = agent.run("ann", QUESTION)              # the cached first answer is no longer served
    assert not second["cache_hit"] and "between 2 and 3" in second["answer"]
    assert "between 1 and 2" not in second["answer"]
    reference = second["synthesis"]["references"][0]
    assert reference["review"] == "corrected by a clinician" and reference["source"] == "warfarin.md"

    result = build(folder, tmp_path / "idx", force=True)             # rebuilt from scratch, nothing reused
    assert result.built and result.embedded == 1
    again = make_agent(persistent=True, index_dir=str(tmp_path / "idx")).run("bob", QUESTION)
    assert "between 2 and 3" in again["answer"] and "between 1 and 2" not in again["answer"]
