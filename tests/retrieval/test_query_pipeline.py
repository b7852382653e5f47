"""The query pipeline on fixed Korean questions, and the guarantee that `eval retrieval` measures the exact
pipeline the agent's retrieve node runs (same expanded query, same hits)."""

from __future__ import annotations

import json

import pytest

from medical_agent.composition import create_agent, create_query_pipeline
from medical_agent.context.extraction.dictionary_linker import DictionaryLinker
from medical_agent.context.extraction.factory import concept_table, load_linker
from medical_agent.eval.retrieval.evaluate import pipeline_search
from medical_agent.graph.nodes.retrieve import retrieve
from medical_agent.graph.turn import TurnContext
from medical_agent.indexing.build import build_index
from medical_agent.retrieval.factory import open_query_pipeline, open_retriever
from medical_agent.retrieval.hybrid import FusionOverride, Query, fuse
from medical_agent.retrieval.intent_lexicon import english_terms, korean_intents
from medical_agent.retrieval.query_pipeline import QueryPipeline
from medical_agent.settings import PROJECT_ROOT, SettingsError, load_settings
from medical_agent.storage import open_storage
from medical_agent.text import detect_language

PASSAGES = [
    ("dm-sx", "Diabetes symptoms", "Symptoms of diabetes include thirst, frequent urination and tiredness."),
    ("met-se", "Metformin side effects", "Metformin can cause nausea and diarrhea; rarely lactic acidosis."),
    ("htn-tx", "High blood pressure treatment", "Treatment of hypertension includes less salt and medicines."),
    ("asthma", "Asthma inhalers", "Controller inhalers reduce airway inflammation in asthma."),
    ("zolmi", "Zolmitriptan tablets", "Zolmitriptan tablets contain no gluten."),
    ("hcg", "Hypochondrogenesis", "Hypochondrogenesis is a rare disorder of bone growth."),
]
# (Korean question, English terms the expansion must contain)
FIXED = [
    ("당뇨병 증상이 뭔가요?", {"Diabetes mellitus", "symptoms"}),
    ("메트포르민 부작용이 걱정돼요", {"Metformin", "side effects"}),
    ("고혈압은 어떻게 치료하나요?", {"Hypertension", "treatment"}),
]


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    root = tmp_path_factory.mktemp("pipeline")
    corpus = root / "kb.jsonl"
    corpus.write_text("\n".join(json.dumps({"id": i, "lang": "en", "title": t, "text": x}) for i, t, x in PASSAGES),
                      encoding="utf-8")
    from medical_agent.embeddings import create_embedder

    build_index(f"jsonl:{corpus}", root / "index", assets_dir=PROJECT_ROOT / "assets",
                embedder=create_embedder("hashing:64"), embedder_spec="hashing:64")
    env = {"MEDAGENT_DB_PATH": str(root / "a.sqlite"), "MEDAGENT_MEDCAT2_ENABLED": "false",
           "MEDAGENT_INDEX_DIR": str(root / "index"), "MEDAGENT_LLM": "offline", "MEDAGENT_EMBEDDER": "hashing:64"}
    return load_settings(env=env)


def turn(settings):
    return TurnContext(user_id="u", thread_id="u-default", mode="agent", flags=settings.flags)


def open_pipeline(settings, retriever, **options):
    """The agent's query pipeline over ``retriever`` with the settings' linker (the dictionary one here)."""
    concepts = concept_table(settings)
    return open_query_pipeline(settings, retriever, load_linker(settings, concepts)[0], concepts, **options)


@pytest.fixture(scope="module")
def concepts():
    return concept_table(load_settings(env={}))


@pytest.mark.parametrize(("question", "expected"), FIXED)
def test_korean_question_expands_to_english_terms(concepts, question, expected):
    pipeline = QueryPipeline(None, DictionaryLinker(concepts), concepts)  # expansion needs no index
    exp = pipeline.expansion(question)
    names = {t.lower() for t in exp.bm25_terms}
    assert exp.language == "ko" and {e.lower() for e in expected} <= names
    assert exp.dense_text  # the dense side embeds the English expansion next to the question


def test_intent_lexicon_and_no_expand(concepts):
    assert korean_intents("이 약을 임신 중에 먹어도 되나요?") == ["contraindications", "pregnancy"]
    assert "side effects" in english_terms(korean_intents("부작용이 있나요"))
    plain = QueryPipeline(None, DictionaryLinker(concepts), concepts, expand=False).expansion("당뇨병 증상")
    assert plain.bm25_terms == [] and plain.dense_text == "" and detect_language("당뇨병 증상") == "ko"


def test_an_english_question_s_intent_words_reach_bm25_only_and_with_is_no_interaction(concepts):
    """English questions over Korean leaflets (issue 31): "with" made every such question an interactions question,
    and the Korean intent words embedded alone ("상호작용 함께 복용", "도움") drew the search to whichever Korean page
    was most about them; the linked names still reach the dense side."""
    pipeline = QueryPipeline(None, DictionaryLinker(concepts), concepts)
    cuff = pipeline.expansion("I'm all set up with the cuff on and need the loo. Is it better to go first?")
    assert "interactions" not in cuff.intents and "상호작용" not in cuff.bm25_terms
    helped = pipeline.expansion("Where should my arm be, and does metformin help?")
    assert "도움" in helped.bm25_terms and "도움" not in helped.dense_text and "메트포르민" in helped.dense_text
    korean = pipeline.expansion("메트포르민 부작용이 걱정돼요")
    assert "side effects" in korean.dense_text           # a Korean question's bag keeps its intent words


def test_eval_and_retrieve_node_share_the_pipeline(settings):
    deps = create_agent(settings, storage=open_storage(":memory:")).deps
    evaluated = create_query_pipeline(settings, settings.paths.index_dir)
    search = pipeline_search(evaluated, ["hybrid"])
    for question, _ in FIXED:
        agent_query, agent_exp = deps.query_pipeline.query(question)
        eval_query, eval_exp = evaluated.query(question)
        assert eval_query == agent_query and eval_exp == agent_exp
        node = retrieve({"user_text": question, "conversation_history": []}, turn(settings), deps)
        assert node["expanded_query"] == eval_exp.to_dict()
        assert [d["chunk_id"] for d in node["retrieved_docs"]] == [h.chunk_id for h in search(question, 8, "hybrid")]
    assert create_query_pipeline(settings, settings.paths.index_dir, expand=False).expansion(FIXED[0][0]).bm25_terms == []


def test_eval_s_planner_method_searches_as_the_retrieve_node_plans(settings):
    deps = create_agent(settings, storage=open_storage(":memory:")).deps
    search = pipeline_search(create_query_pipeline(settings, settings.paths.index_dir), ["planner", "hybrid"])
    two_parts = "메트포르민 부작용이 뭔가요? 그리고 고혈압은 어떻게 치료하나요?"
    node = retrieve({"user_text": two_parts, "conversation_history": [], "dynamic_k": 8}, turn(settings), deps)
    assert len(node["plan"]["subtasks"]) == 2
    assert [h.chunk_id for h in search(two_parts, 8, "planner")] == [d["chunk_id"] for d in node["retrieved_docs"]]
    one = FIXED[0][0]                                      # one part: the planner is the hybrid search
    assert [h.chunk_id for h in search(one, 8, "planner")] == [h.chunk_id for h in search(one, 8, "hybrid")]


def test_korean_loanwords_reach_english_passages(settings):
    pipeline = open_pipeline(settings, open_retriever(settings))
    hits, exp = pipeline.search("졸미트립탄 정제에 글루텐이 들어 있나요?", 3, method="bm25")
    assert {"zolmitriptan", "gluten"} <= set(exp.loanwords) and hits[0].doc_id == "zolmi"


def test_korean_compound_names_reach_english_compounds(settings):
    question = "연골발생저하증은 유전되나요?"
    pipeline = open_pipeline(settings, open_retriever(settings))
    hits, exp = pipeline.search(question, 3, method="bm25")
    assert exp.compounds == ["hypochondrogenesis"] and hits[0].doc_id == "hcg"
    off = open_pipeline(settings.replace(query_compounds_enabled=False), pipeline.retriever)
    assert off.roots is None and off.expansion(question).compounds == []


def test_a_korean_name_bridges_to_english_passages_only_through_words_the_index_holds(settings):
    pipeline = open_pipeline(settings, open_retriever(settings))
    assert pipeline.bridges("메트포르민")          # the linker's Metformin, an index word
    assert pipeline.bridges("졸미트립탄")          # a loanword of an index word
    assert pipeline.bridges("연골발생저하증")      # a compound of the index's roots
    assert pipeline.glossary.english("팍스로비드", pipeline.tokenizer.morphemes("팍스로비드")) == ["Paxlovid"]
    assert not pipeline.bridges("팍스로비드")      # the glossary knows Paxlovid; these passages never name it
    assert not pipeline.bridges("냉방병")


def test_crosslingual_fusion_weights_apply_to_korean_questions_over_english_only(settings):
    korean = "메트포르민 부작용이 걱정돼요"
    tuned = settings.replace(fusion_method="weighted_rrf", crosslingual_fusion_method=None,
                             crosslingual_dense_weight=0.0, crosslingual_prf_weight=0.0)
    pipeline = open_pipeline(tuned, open_retriever(tuned))
    assert pipeline.query(korean)[0].fusion == FusionOverride(0.0, 0.0)
    assert pipeline.query("metformin side effects")[0].fusion is None
    assert open_pipeline(tuned, pipeline.retriever, expand=False).query(korean)[0].fusion is None
    unset = settings.replace(crosslingual_dense_weight=None)
    assert open_pipeline(unset, pipeline.retriever).query(korean)[0].fusion is None   # the retriever's own
    shipped = open_pipeline(settings, pipeline.retriever).query(korean)[0].fusion
    r = settings.retrieval
    assert shipped == FusionOverride(r.crosslingual_dense_weight, r.crosslingual_prf_weight, r.crosslingual_fusion_method)
    bm25 = [h.chunk_id for h in pipeline.search(korean, 5, method="bm25")[0]]
    hybrid = [h.chunk_id for h in pipeline.search(korean, 5, method="hybrid")[0]]
    assert bm25 and hybrid[: len(bm25)] == bm25         # dense weight 0: the dense side only fills in after BM25
    retriever = pipeline.retriever
    retriever.prf_weight = 4.0
    plain = retriever.dense_candidates(Query(korean), 5, None)
    assert retriever.dense_candidates(Query(korean, fusion=FusionOverride(1.0, 0.0)), 5, None, [0, 1]) == plain
    assert retriever.dense_candidates(Query(korean), 5, None, [0, 1]) != plain     # the default feedback acts


def test_crosslingual_fusion_method_overrides_the_retrievers_for_that_query_only(settings):
    korean = "메트포르민 부작용이 걱정돼요"
    retriever = open_retriever(settings.replace(fusion_method="weighted_rrf"))
    query, _ = open_pipeline(settings.replace(crosslingual_fusion_method="zscore", crosslingual_dense_weight=1.0),
                                   retriever).query(korean)
    assert query.fusion.method == "zscore"
    bm25 = retriever.bm25_candidates(query, 50, None)
    dense = retriever.dense_candidates(query, 50, None, [i for i, _ in bm25[: retriever.prf_docs]])
    expected = fuse(bm25, dense, method="hybrid", fusion="zscore", weights=(1.0, 1.0), rrf_k=retriever.rrf_k, k=5)
    as_rrf = fuse(bm25, dense, method="hybrid", fusion="weighted_rrf", weights=(1.0, 1.0), rrf_k=retriever.rrf_k, k=5)
    got = retriever.search(query, 5)
    assert [(h.chunk_id, round(h.score, 6)) for h in got] == [
        (retriever.index.chunks[i]["chunk_id"], round(s, 6)) for i, s, *_ in expected]
    assert [round(h.score, 6) for h in got] != [round(s, 6) for _, s, *_ in as_rrf]   # not the retriever's RRF
    unset = load_settings(env={"MEDAGENT_CROSSLINGUAL_FUSION_METHOD": "null"})
    assert unset.retrieval.crosslingual_fusion_method is None
    with pytest.raises(SettingsError, match="zscore"):
        load_settings(env={"MEDAGENT_CROSSLINGUAL_FUSION_METHOD": "z"})


def test_factory_wires_glossary_and_translation_from_settings(settings):
    from medical_agent.llm.fake import ScriptedLLM

    retriever = open_retriever(settings)
    shipped = open_pipeline(settings, retriever)
    assert shipped.glossary is not None and shipped.translate is None        # translation is opt-in
    assert open_pipeline(settings.replace(query_glossary_enabled=False), retriever).glossary is None
    on = settings.replace(query_translation_enabled=True)
    assert open_pipeline(on, retriever).translate is None               # no LLM: never required
    llm = ScriptedLLM({"translate": ["hip surgery recovery"]})
    deps = create_agent(on, llm=llm, storage=open_storage(":memory:")).deps
    node = retrieve({"user_text": "고관절 수술 후 회복", "conversation_history": []}, turn(on), deps)
    assert node["expanded_query"]["translation"] == "hip surgery recovery"
    assert [c["tag"] for c in node["llm_calls"]] == ["translate"]            # counted as the turn's LLM call


def _one_question_benchmark(tmp_path, monkeypatch) -> None:
    """q.jsonl + r.qrels with one Korean question whose answer is the zolmitriptan passage; settings env."""
    (tmp_path / "q.jsonl").write_text(json.dumps({"id": "1", "text": "졸미트립탄 정제에 글루텐이 있나요?"},
                                                 ensure_ascii=False) + "\n", encoding="utf-8")
    (tmp_path / "r.qrels").write_text("1 0 zolmi 1\n", encoding="utf-8")
    for key, value in {"MEDAGENT_DB_PATH": str(tmp_path / "a.sqlite"), "MEDAGENT_MEDCAT2_ENABLED": "false",
                       "MEDAGENT_EMBEDDER": "hashing:64"}.items():
        monkeypatch.setenv(key, value)


def test_eval_retrieval_cli_measures_the_optional_translation(settings, tmp_path, monkeypatch, capsys):
    from medical_agent.cli import main
    from medical_agent.settings import get_settings

    _one_question_benchmark(tmp_path, monkeypatch)
    get_settings.cache_clear()
    try:
        args = ["eval", "retrieval", "--index", str(settings.paths.index_dir), "--queries", str(tmp_path / "q.jsonl"),
                "--qrels", str(tmp_path / "r.qrels"), "--methods", "bm25"]
        assert main([*args, "--translate-with", "fake"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["translation"].startswith("fake") and report["bm25"]["success@10"] == 1.0
        assert main([*args, "--translate-with", "offline"]) == 2      # a clear error, not a silent "off"
        assert "needs a language model" in capsys.readouterr().err
    finally:
        get_settings.cache_clear()


def test_pipeline_bench_reports_per_query_cost():
    from medical_agent.eval.benches.pipeline import bench_pipeline

    pipeline = QueryPipeline(None, None, None)
    report = bench_pipeline(pipeline, ["당뇨병 증상", "metformin dose"], repeats=2)
    assert report["queries"] == 2 and report["repeats"] == 2
    assert 0 < report["pipeline_ms_p50"] <= report["pipeline_ms_p95"]


def test_expansion_tuning_tries_the_grid_and_restores_the_shipped_constants(settings, tmp_path, monkeypatch,
                                                                            capsys):
    from medical_agent.eval.retrieval import expansion_tuning
    from medical_agent.retrieval import glossary, query_pipeline
    from medical_agent.settings import get_settings

    _one_question_benchmark(tmp_path, monkeypatch)
    shipped = (glossary.MAX_TERMS, query_pipeline.MAX_SYNONYMS, query_pipeline.EXPANSION_WEIGHT)
    get_settings.cache_clear()
    try:
        assert expansion_tuning.main(["--index", str(settings.paths.index_dir), "--queries", str(tmp_path / "q.jsonl"),
                                      "--qrels", str(tmp_path / "r.qrels"), "--method", "bm25"]) == 0
    finally:
        get_settings.cache_clear()
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 19 and lines[-1]["best"]["success@10"] == max(r["success@10"] for r in lines[:-1])
    assert shipped == (glossary.MAX_TERMS, query_pipeline.MAX_SYNONYMS, query_pipeline.EXPANSION_WEIGHT)
    assert lines[-1]["shipped"] == dict(zip(expansion_tuning.GRID, shipped, strict=True))


def test_a_folder_of_documents_is_searched_across_languages(settings, tmp_path):
    """The knowledge base says everything in both languages, so a Korean question searches Korean passages; a
    folder of leaflets does not, and a Korean question about an English leaflet must still find it."""
    from medical_agent.embeddings import create_embedder

    folder = tmp_path / "docs"
    folder.mkdir()
    for n in range(22):
        (folder / f"ko{n:02d}.md").write_text(f"# 안내문 {n}\n\n규칙적인 운동과 식사 조절이 건강에 도움이 됩니다 {n}.\n",
                                              encoding="utf-8")
    (folder / "warfarin.md").write_text("# Warfarin\n\nThe INR target range for warfarin is usually 2 to 3.\n",
                                        encoding="utf-8")
    records = [{"id": p.stem, "text": p.read_text(encoding="utf-8")} for p in sorted(folder.iterdir())]
    (tmp_path / "same.jsonl").write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records),
                                         encoding="utf-8")
    emb = create_embedder("hashing:64")
    question = "와파린 먹을 때 INR 목표 범위는요?"
    found = {}
    for name, source in (("docs", f"docs:{folder}"), ("jsonl", f"jsonl:{tmp_path / 'same.jsonl'}")):
        build_index(source, tmp_path / name, assets_dir=PROJECT_ROOT / "assets", embedder=emb,
                    embedder_spec="hashing:64")
        pipeline = open_pipeline(settings, open_retriever(settings, tmp_path / name))
        assert pipeline.retriever.index.paired_languages is (name == "jsonl")
        found[name] = [h.doc_id for h in pipeline.search(question, 5)[0]]
    assert found["docs"][0] == "doc:warfarin.md"
    assert "warfarin" not in found["jsonl"]          # a paired corpus: the Korean passages only


def test_an_unpaired_mixed_index_is_searched_per_language_and_the_rankings_interleaved():
    """Documents: the question's own words would fill every place with its language; the other language gets a
    ranking of its own (the Korean leaflet an English question needs is reached through a few expansion words)."""
    from types import SimpleNamespace

    from medical_agent.evidence import Evidence
    from medical_agent.retrieval.query_pipeline import QueryPipeline

    def hit(cid):
        return Evidence(cid, cid, cid, "text")

    calls = []

    class Stub:
        def __init__(self, paired):
            self.index = SimpleNamespace(languages=lambda: {"en": 30, "ko": 25}, paired_languages=paired)

        def search(self, q, k, method="hybrid", filters=None):
            calls.append(filters)
            ko = filters == {"lang": "ko"}
            return [hit(f"{'ko' if ko else 'en'}{n}") for n in range(1, k + 1)]

    out = QueryPipeline.search_index(Stub(paired=False), Query("metformin pill"), "en", 5)
    assert [h.chunk_id for h in out] == ["en1", "ko1", "en2", "ko2", "en3"] and [h.rank for h in out] == [1, 2, 3, 4, 5]
    assert calls == [None, {"lang": "ko"}]
    calls.clear()
    paired = QueryPipeline.search_index(Stub(paired=True), Query("metformin pill"), "en", 5)
    assert [h.chunk_id for h in paired] == ["en1", "en2", "en3", "en4", "en5"] and calls == [{"lang": "en"}]


def test_an_interaction_question_puts_the_interactions_passage_of_a_named_medicine_second():
    from medical_agent.context.extraction.concepts import load_concepts
    from medical_agent.evidence import Evidence
    from medical_agent.retrieval.query_pipeline import Expansion, interactions_first
    from medical_agent.settings import PROJECT_ROOT

    table = load_concepts(str(PROJECT_ROOT / "assets" / "concepts.csv"))
    apixaban = next(c.cui for c in table.concepts if c.name == "Apixaban")

    def hit(doc: str, title: str, text: str) -> Evidence:
        return Evidence(chunk_id=doc, doc_id=doc, title=title, text=text)
    hits = [hit("af", "Atrial fibrillation and stroke", "Anticoagulants such as apixaban prevent strokes."),
            hit("miss", "DOACs: missed doses", "If you miss a dose of apixaban ..."),
            hit("warf", "Warfarin interactions", "Many antibiotics change the INR."),
            hit("doac", "DOACs: bleeding signs and drug interactions", "Rifampicin lowers apixaban levels.")]
    exp = Expansion("en", concepts=[apixaban], intents=["interactions"])
    assert [h.doc_id for h in interactions_first(hits, exp, table)] == ["af", "doac", "miss", "warf"]
    assert [h.rank for h in interactions_first(hits, exp, table)] == [1, 2, 3, 4]
    no_drug = Expansion("en", concepts=[], intents=["interactions"])
    assert interactions_first(hits, no_drug, table) == hits          # nothing named: nothing to lift


def test_a_long_messages_last_words_are_embedded_beside_it(concepts):
    """People tell the story first and ask at the end; the ask is embedded beside the whole (issue 32)."""
    pipeline = QueryPipeline(None, DictionaryLinker(concepts), concepts, expand=False, focus=(6, 12))
    story = "so my dad is seventy and he has had a cough for weeks now and then what should he take for it"
    assert pipeline.focus(story) == "what should he take for it"
    assert pipeline.focus("what should he take for his cough") == ""          # short: the whole is the ask
    assert QueryPipeline(None, None, None, expand=False).focus(story) == ""     # off by default
