import json

import pytest

from medical_agent.embeddings import create_embedder
from medical_agent.indexing.build import build_index
from medical_agent.indexing.chunking import chunk_text
from medical_agent.indexing.sources.medquad import liveqa_answer_to_doc_id
from medical_agent.retrieval import HybridRetriever, IndexLoadError, Query, load_index
from medical_agent.settings import PROJECT_ROOT

ASSETS = PROJECT_ROOT / "assets"
DOCS = [
    {"id": "met-en", "title": "Metformin side effects", "text": "Metformin can cause diarrhea, nausea and a metallic "
     "taste. Rarely it causes lactic acidosis, especially with kidney disease.", "lang": "en", "topic": "metformin"},
    {"id": "htn-ko", "title": "고혈압 관리", "text": "고혈압이 있으면 짠 음식을 줄이고 규칙적으로 운동하세요. 혈압약은 "
     "의사와 상의 없이 끊지 마세요.", "lang": "ko", "topic": "hypertension"},
    {"id": "asthma-en", "title": "Asthma inhalers", "text": "Asthma controller inhalers reduce airway inflammation; "
     "reliever inhalers open the airways quickly.", "topic": "asthma", "extra_field": 7},
]

MEDQUAD_XML = """<?xml version="1.0" encoding="UTF-8"?>
<Document id="{doc}" source="{src}" url="https://example.org/{doc}">
<Focus>{focus}</Focus>
<FocusAnnotations><UMLS><CUIs><CUI>C{doc}</CUI></CUIs><SemanticTypes><SemanticType>T047</SemanticType>
</SemanticTypes></UMLS></FocusAnnotations>
<QAPairs>
<QAPair pid="1"><Question qid="{doc}-1" qtype="information">What is (are) {focus} ?</Question>
<Answer>{focus} is a condition. It affects many people.</Answer></QAPair>
<QAPair pid="2"><Question qid="{doc}-2" qtype="treatment">What are the treatments for {focus} ?</Question>
<Answer>{treatment}</Answer></QAPair>
<QAPair pid="3"><Question qid="{doc}-3" qtype="symptoms">What are the symptoms of {focus} ?</Question>
<Answer></Answer></QAPair>
</QAPairs>
</Document>"""


def write_jsonl(path, docs):
    path.write_text("\n".join(json.dumps(d, ensure_ascii=False) for d in docs), encoding="utf-8")


def build(tmp_path, source, out="idx", **kw):
    emb = create_embedder("hashing:64")
    return build_index(source, tmp_path / out, assets_dir=ASSETS, embedder=emb, embedder_spec="hashing:64", **kw)


def test_jsonl_round_trip_and_retrieval(tmp_path):
    write_jsonl(tmp_path / "c.jsonl", DOCS)
    result = build(tmp_path, f"jsonl:{tmp_path / 'c.jsonl'}")
    assert result.built and result.manifest["counts"] == {"documents": 3, "chunks": 3, "vectors": 3}
    m = result.manifest
    assert m["embedder"] == {"name": "hashing-64", "dim": 64} and m["bm25"]["k1"] == 1.5
    assert set(m["files"]) >= {"docs.jsonl", "dense.faiss", "bm25_weights.npz", "tokenizer.json"}
    index = load_index(tmp_path / "idx", expected_embedder="hashing-64")
    chunk = index.chunks[2]
    assert chunk["chunk_id"] == "asthma-en#0" and chunk["lang"] == "en" and chunk["metadata"] == {"extra_field": 7}
    retriever = HybridRetriever(index, create_embedder("hashing:64"))
    assert retriever.search("metformin lactic acidosis", 2, method="bm25")[0].doc_id == "met-en"
    assert retriever.search("고혈압 운동", 2, method="bm25")[0].doc_id == "htn-ko"
    hits = retriever.search("inhalers", 3, method="hybrid", filters={"lang": "ko"})
    assert [h.doc_id for h in hits] == ["htn-ko"]
    expanded = retriever.search(Query("혈압약", bm25_terms=["metformin"]), 3, method="bm25")
    assert {h.doc_id for h in expanded} == {"htn-ko", "met-en"}


def test_unchanged_corpus_is_not_rebuilt_and_changes_are(tmp_path):
    write_jsonl(tmp_path / "c.jsonl", DOCS)
    first = build(tmp_path, f"jsonl:{tmp_path / 'c.jsonl'}")
    again = build(tmp_path, f"jsonl:{tmp_path / 'c.jsonl'}")
    assert not again.built and again.manifest["created_at"] == first.manifest["created_at"]
    write_jsonl(tmp_path / "c.jsonl", DOCS[:2])
    assert build(tmp_path, f"jsonl:{tmp_path / 'c.jsonl'}").built
    assert build(tmp_path, f"jsonl:{tmp_path / 'c.jsonl'}", chunk_chars=50).built  # settings are part of the key


def test_medquad_fixture(tmp_path):
    folder = tmp_path / "medquad" / "1_Test_QA"
    folder.mkdir(parents=True)
    for doc, src, focus, treat in [("0000001", "GARD", "Noonan syndrome", "Growth hormone may help."),
                                   ("0000002", "GHR", "Gout", "Medicines lower uric acid."),
                                   ("0000003", "NIDDK", "Diabetes", "Insulin and metformin are used.")]:
        (folder / f"{doc}.xml").write_text(MEDQUAD_XML.format(doc=doc, src=src, focus=focus, treatment=treat))
    (folder / "0000004.xml").write_text(MEDQUAD_XML.format(doc="0000001", src="GARD", focus="Duplicate",
                                                           treatment="dup"))
    result = build(tmp_path, f"medquad:{tmp_path / 'medquad'}")
    index = load_index(result.directory)
    ids = [c["doc_id"] for c in index.chunks]
    assert ids == ["GARD-0000001-1", "GARD-0000001-2", "GHR-0000002-1", "GHR-0000002-2", "NIDDK-0000003-1",
                   "NIDDK-0000003-2"]  # empty answers skipped, duplicate ids: first wins
    first = index.chunks[1]
    assert first["text"].startswith("What are the treatments for Noonan syndrome ?\nGrowth hormone")
    assert first["metadata"]["qtype"] == "treatment" and first["metadata"]["cui"] == ["C0000001"]
    assert liveqa_answer_to_doc_id("GARD_0000001_Sec2.txt") == "GARD-0000001-2"


def test_corrupted_or_mismatched_index_is_refused(tmp_path):
    write_jsonl(tmp_path / "c.jsonl", DOCS)
    out = build(tmp_path, f"jsonl:{tmp_path / 'c.jsonl'}").directory
    with pytest.raises(IndexLoadError, match="built with embedder 'hashing-64'.*python -m index_builder build"):
        load_index(out, expected_embedder="use-multilingual-v3")
    manifest = json.loads((out / "manifest.json").read_text())
    good = json.dumps(manifest)
    for key, bad in (("embedder", None), ("embedder", {"name": 3}), ("tokenizer", "kiwi"), ("files", [])):
        (out / "manifest.json").write_text(json.dumps({**manifest, key: bad}))
        with pytest.raises(IndexLoadError, match=f"(wrong fields: {key}|not a version).*python -m index_builder"):
            load_index(out)
    (out / "manifest.json").write_text(good)
    with (out / "docs.jsonl").open("a") as fh:
        fh.write("\n")
    with pytest.raises(IndexLoadError, match="checksum.*rebuild it with: python -m index_builder build"):
        load_index(out)
    (out / "manifest.json").write_text("{not json")
    with pytest.raises(IndexLoadError, match="corrupted"):
        load_index(out)
    with pytest.raises(IndexLoadError, match="manifest.json missing"):
        load_index(tmp_path / "nowhere")


def test_failed_build_keeps_the_old_index(tmp_path):
    write_jsonl(tmp_path / "c.jsonl", DOCS)
    out = build(tmp_path, f"jsonl:{tmp_path / 'c.jsonl'}").directory
    (tmp_path / "bad.jsonl").write_text('{"id": "x", "text": "ok"}\n{broken\n')
    with pytest.raises(ValueError, match="bad.jsonl:2"):
        build(tmp_path, f"jsonl:{tmp_path / 'bad.jsonl'}")
    assert len(load_index(out).chunks) == 3
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".idx")] == []


def test_chunking_keeps_sentences_and_limits():
    text = "First sentence here. Second one is longer than the first. Third."
    chunks = chunk_text(text, 40)
    assert all(len(c) <= 40 for c in chunks) and " ".join(chunks).replace("  ", " ") == text
    assert chunk_text("x" * 100, 30) == ["x" * 30] * 3 + ["x" * 10]


def test_an_unwritable_index_folder_is_one_clear_error(tmp_path):
    from medical_agent.indexing.build import ensure_index
    from medical_agent.settings import load_settings

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    settings = load_settings(env={"MEDAGENT_INDEX_DIR": str(blocker / "kb"), "MEDAGENT_EMBEDDER": "hashing"})
    with pytest.raises(IndexLoadError, match="cannot build the knowledge-base index in .*MEDAGENT_INDEX_DIR"):
        ensure_index(settings)


def test_the_knowledge_base_index_follows_the_settings_and_other_indexes_are_left_alone(tmp_path):
    """An upgrade that changes the embedder or the views rebuilds the knowledge base's own index on start; an index
    of another source at the same setting is never overwritten (loading it refuses the mismatch)."""
    from medical_agent.indexing.build import ensure_index
    from medical_agent.retrieval.index_store import read_manifest
    from medical_agent.settings import PROJECT_ROOT, load_settings

    kb = tmp_path / "kb"
    first = load_settings(env={"MEDAGENT_INDEX_DIR": str(kb), "MEDAGENT_EMBEDDER": "hashing:64",
                               "MEDAGENT_INDEX_VIEWS": "full"})
    ensure_index(first)
    assert read_manifest(kb)["embedder"]["name"] == "hashing-64" and read_manifest(kb)["views"] == ["full"]
    ensure_index(load_settings(env={"MEDAGENT_INDEX_DIR": str(kb), "MEDAGENT_EMBEDDER": "hashing:32",
                                    "MEDAGENT_INDEX_VIEWS": "full,head"}))
    assert read_manifest(kb)["embedder"]["name"] == "hashing-32" and read_manifest(kb)["views"] == ["full", "head"]
    other = tmp_path / "other"
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"id": "a", "text": "Metformin lowers blood sugar."}', encoding="utf-8")
    build_index(f"jsonl:{corpus}", other, assets_dir=PROJECT_ROOT / "assets",
                embedder=create_embedder("hashing:64"), embedder_spec="hashing:64")
    ensure_index(load_settings(env={"MEDAGENT_INDEX_DIR": str(other), "MEDAGENT_EMBEDDER": "hashing:32"}))
    assert read_manifest(other)["embedder"]["name"] == "hashing-64"


def test_the_asked_view_embeds_the_questions_a_passage_answers_and_falls_back_to_its_head():
    from medical_agent.indexing.chunking import view_text

    chunk = {"title": "Stroke: BE FAST", "text": "Sudden face drooping, arm weakness or slurred speech. Call 911.",
             "metadata": {"questions": ["my dad's face looks droopy, what do I do?", "signs of a stroke?"]}}
    assert view_text(chunk, "asked") == "Stroke: BE FAST my dad's face looks droopy, what do I do? signs of a stroke?"
    plain = {"title": "Stroke: BE FAST", "text": chunk["text"]}
    assert view_text(plain, "asked") == view_text(plain, "head")


def test_the_knowledge_base_carries_its_asked_questions_and_bad_question_files_are_refused(tmp_path):
    from medical_agent.indexing.sources.simple import assets_passages

    kb = tmp_path / "knowledge"
    (kb / "asked").mkdir(parents=True)
    write_jsonl(kb / "kb.jsonl", DOCS[:2])
    write_jsonl(kb / "asked" / "kb.jsonl", [{"id": "met-en", "questions": ["does metformin upset your stomach?"]}])
    passages = {p["doc_id"]: p for p in assets_passages(kb)}
    assert passages["met-en"]["metadata"]["questions"] == ["does metformin upset your stomach?"]
    assert "questions" not in passages["htn-ko"]["metadata"]
    write_jsonl(kb / "asked" / "kb.jsonl", [{"id": "met-en", "questions": "not a list"}])
    with pytest.raises(ValueError, match=r"kb.jsonl:1: every line needs an 'id' and a list"):
        list(assets_passages(kb))


def test_bm25_reads_a_passages_questions_so_lay_words_find_it():
    """A visitor's word that only the passage's questions carry ("upset") finds it by BM25 alone; a passage without
    questions reads as before."""
    from medical_agent.indexing.chunking import bm25_text, indexed_text

    chunk = {"title": "Metformin side effects", "text": "Nausea and diarrhoea are common at first.",
             "metadata": {"questions": ["does metformin upset your stomach?"]}}
    assert bm25_text(chunk) == "Metformin side effects\nNausea and diarrhoea are common at first.\n" \
                               "does metformin upset your stomach?"
    assert bm25_text({"title": "", "text": "plain"}) == indexed_text({"title": "", "text": "plain"}) == "plain"


def test_a_knowledge_base_index_whose_bm25_lacks_the_questions_is_rebuilt(tmp_path):
    from medical_agent.indexing.build import ensure_index
    from medical_agent.retrieval.index_store import MANIFEST, read_manifest
    from medical_agent.settings import load_settings

    kb = tmp_path / "kb"
    settings = load_settings(env={"MEDAGENT_INDEX_DIR": str(kb), "MEDAGENT_EMBEDDER": "hashing:32"})
    ensure_index(settings)
    manifest = read_manifest(kb)
    assert manifest["bm25"]["text"] == "title,text,questions"
    first = manifest["created_at"], manifest["build_key"]
    del manifest["bm25"]["text"]          # an index of an earlier release
    manifest["build_key"] = "an earlier build"
    (kb / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    ensure_index(settings)
    again = read_manifest(kb)
    assert again["bm25"]["text"] == "title,text,questions" and again["build_key"] == first[1]
    hits = HybridRetriever(load_index(kb), create_embedder("hashing:32")).search("does metformin upset your stomach", 3, method="bm25")
    assert hits and "metformin" in hits[0].title.lower()


def test_the_default_knowledge_base_has_questions_for_every_passage():
    from medical_agent.indexing.sources.simple import asked_questions, assets_passages

    asked = asked_questions(ASSETS / "knowledge" / "asked")
    ids = [p["doc_id"] for p in assets_passages(ASSETS / "knowledge")]
    assert set(asked) == set(ids) and all(len(q) >= 3 for q in asked.values())


def test_the_asked_view_embeds_the_first_questions_and_bm25_reads_them_all(tmp_path):
    from medical_agent.indexing.build import ensure_index
    from medical_agent.indexing.chunking import ASKED_EMBEDDED, bm25_text, view_text
    from medical_agent.retrieval.index_store import MANIFEST, read_manifest
    from medical_agent.settings import load_settings

    chunk = {"title": "T", "text": "passage", "metadata": {"questions": [f"q{n}" for n in range(7)]}}
    assert view_text(chunk, "asked") == " ".join(["T", *[f"q{n}" for n in range(ASKED_EMBEDDED)]])
    assert all(f"q{n}" in bm25_text(chunk) for n in range(7))
    kb = tmp_path / "kb"
    settings = load_settings(env={"MEDAGENT_INDEX_DIR": str(kb), "MEDAGENT_EMBEDDER": "hashing:32"})
    ensure_index(settings)
    manifest = read_manifest(kb)
    assert manifest["asked_embedded"] == ASKED_EMBEDDED
    del manifest["asked_embedded"]        # an index that embedded every question
    manifest["build_key"] = "an earlier build"
    (kb / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    ensure_index(settings)
    assert read_manifest(kb)["asked_embedded"] == ASKED_EMBEDDED
