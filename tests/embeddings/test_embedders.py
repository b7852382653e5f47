import numpy as np
import pytest

from medical_agent.embeddings import Embedder, create_embedder
from medical_agent.settings import SettingsError, load_settings
from tests.fakes.openai_server import FakeOpenAIServer


def assert_unit_rows(vectors, dim, n):
    assert vectors.shape == (n, dim) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


@pytest.fixture(scope="module")
def use():
    return create_embedder("use-multilingual")


def test_use_shapes_and_norms(use):
    assert isinstance(use, Embedder) and use.dim == 512
    assert_unit_rows(use.encode_queries(["혈당", "blood sugar"]), 512, 2)
    assert_unit_rows(use.encode_documents(["a"] * 70, progress=False), 512, 70)
    assert use.encode_documents([]).shape == (0, 512)


def test_use_korean_english_sanity(use):
    query = use.encode_queries(["혈당이 높아서 걱정입니다"])[0]
    docs = use.encode_documents([
        "Diabetes is a disease in which your blood glucose is too high.",
        "당뇨병은 혈액 속 포도당 수치가 높은 질환입니다.",
        "The Eiffel Tower was completed in 1889 in Paris.",
        "에펠탑은 1889년 파리에 완공되었습니다.",
    ])
    sims = docs @ query
    assert min(sims[0], sims[1]) > max(sims[2], sims[3])


def test_hashing_is_deterministic_and_normalised():
    emb = create_embedder("hashing:64")
    a, b = emb.encode_documents(["metformin side effects", "metformin side effects"])
    assert_unit_rows(np.vstack([a, b]), 64, 2)
    np.testing.assert_array_equal(a, b)


def test_unknown_spec_lists_valid_ones():
    with pytest.raises(SettingsError, match="use-multilingual"):
        create_embedder("word2vec")


def test_sentence_transformers_backend_with_a_local_tiny_model(tiny_model_dir):
    model_dir = tiny_model_dir
    emb = create_embedder(f"sentence-transformers:{model_dir}")
    assert emb.dim == 16 and emb.name == f"sentence-transformers:{model_dir}"
    assert_unit_rows(emb.encode_queries(["high blood sugar"]), 16, 1)
    assert_unit_rows(emb.encode_documents(["diabetes", "paris tower", "sugar"]), 16, 3)


def test_sentence_transformers_missing_model_is_a_clear_error(tmp_path):
    with pytest.raises((ValueError, OSError)):
        create_embedder(f"sentence-transformers:{tmp_path / 'missing'}")


def test_openai_embedder_against_local_server():
    with FakeOpenAIServer() as srv:
        s = load_settings(env={"OPENAI_API_KEY": "test-key", "MEDAGENT_LLM_BASE_URL": srv.base_url})
        emb = create_embedder("openai:text-embedding-test", s)
        assert emb.dim == 8
        assert_unit_rows(emb.encode_documents(["a", "bb", "ccc"]), 8, 3)
        assert srv.requests[-1]["body"]["input"] == ["a", "bb", "ccc"]


def test_query_vectors_are_remembered_not_recomputed():
    """One turn embeds its question in the cache lookup, retrieval and the cache store: once is enough."""
    from medical_agent.embeddings.base import QUERY_MEMO
    from medical_agent.embeddings.hashing import HashingEmbedder

    class Counting(HashingEmbedder):
        def __init__(self) -> None:
            super().__init__(32)
            self.embedded: list[str] = []

        def _embed(self, texts, is_query):
            self.embedded += texts
            return super()._embed(texts, is_query)

    emb = Counting()
    first = emb.encode_queries(["metformin", "warfarin"])
    again = emb.encode_queries(["warfarin", "metformin", "metformin"])
    assert emb.embedded == ["metformin", "warfarin"]
    np.testing.assert_array_equal(again, first[[1, 0, 0]])
    again[0] += 1.0                                   # callers get copies, the memo stays intact
    np.testing.assert_array_equal(emb.encode_queries(["warfarin"])[0], first[1])
    for n in range(QUERY_MEMO + 1):                   # the oldest entry is evicted beyond the bound
        emb.encode_queries([f"q{n}"])
    emb.encode_queries(["metformin"])
    assert emb.embedded.count("metformin") == 2
    assert emb.encode_queries([]).shape == (0, 32)
