"""LlamaCppLLM against a stand-in `llama_cpp` module (the real package is optional), plus one real-model check
that runs only where ../shared/tools/fetch-local-llm has installed the GGUF and llama-cpp-python."""

import math
import sys
import types
from pathlib import Path

import pytest

from medical_agent.llm.llamacpp_backend import LlamaCppLLM, llama_cpp_available, token_logprobs

GGUF = Path("~/.cache/medagent/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf").expanduser()


def _lp(*values):
    return {"content": [{"token": "t", "logprob": v, "bytes": None, "top_logprobs": []} for v in values]}


class StandInLlama:
    """Answers 'Hi there' in llama-cpp-python's chat shapes; log-probs only when asked, like the real one."""

    instances: list["StandInLlama"] = []

    def __init__(self, **kwargs):
        self.init, self.calls = kwargs, []
        StandInLlama.instances.append(self)

    def create_chat_completion(self, stream=False, **kwargs):
        self.calls.append(kwargs)
        want = kwargs.get("logprobs") and kwargs.get("top_logprobs") is not None
        if not stream:
            return {"choices": [{"message": {"content": "Hi there"}, "logprobs": _lp(-0.1, -0.3) if want else None}],
                    "usage": {"prompt_tokens": 9, "completion_tokens": 2}}
        chunks = [({"content": "Hi"}, -0.1), ({"content": " there"}, -0.3), ({}, None)]
        return iter({"choices": [{"delta": d, "logprobs": _lp(v) if want and v is not None else None}]}
                    for d, v in chunks)

    def tokenize(self, data, add_bos=False, special=False):
        return data.split()


@pytest.fixture()
def stand_in(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "llama_cpp", types.SimpleNamespace(Llama=StandInLlama))
    StandInLlama.instances.clear()
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF")
    return gguf


def test_token_logprobs_keeps_finite_values_only():
    assert token_logprobs({"logprobs": _lp(-0.2, float("-inf"), -1.0)}) == [-0.2, -1.0]
    assert token_logprobs({"logprobs": None}) == [] and token_logprobs({}) == []


def test_no_logprobs_unless_asked(stand_in):
    llm = LlamaCppLLM(stand_in)
    result = llm.chat([{"role": "user", "content": "hi"}])
    model = StandInLlama.instances[-1]
    assert result.text == "Hi there" and result.logprobs is None
    assert model.init["logits_all"] is False and "logprobs" not in model.calls[-1]


def test_logprobs_collected_whole_and_streamed(stand_in):
    llm = LlamaCppLLM(stand_in, logprobs=True)
    model = StandInLlama.instances[-1]
    assert model.init["logits_all"] is True  # llama.cpp refuses log-probs otherwise
    whole = llm.chat([{"role": "user", "content": "hi"}])
    assert whole.logprobs == [-0.1, -0.3] and (whole.prompt_tokens, whole.completion_tokens) == (9, 2)
    assert model.calls[-1]["logprobs"] is True and model.calls[-1]["top_logprobs"] == 0
    pieces: list[str] = []
    streamed = llm.chat([{"role": "user", "content": "hi"}], on_token=pieces.append)
    assert pieces == ["Hi", " there"] and streamed.logprobs == [-0.1, -0.3]


@pytest.mark.skipif(not (GGUF.is_file() and llama_cpp_available()), reason="local GGUF model not installed "
                    "(../shared/tools/fetch-local-llm --install)")
def test_real_gguf_streams_with_logprobs():
    llm = LlamaCppLLM(GGUF, n_ctx=512, logprobs=True)
    pieces: list[str] = []
    result = llm.chat([{"role": "user", "content": "Reply with the single word: yes"}], max_tokens=8,
                      temperature=0.0, on_token=pieces.append)
    assert "".join(pieces) == result.text and result.text.strip()
    assert result.logprobs and all(v <= 0 and math.isfinite(v) for v in result.logprobs)
