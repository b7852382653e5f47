"""LlamaCppLLM against a stand-in `llama_cpp` module (the real package is optional), plus one real-model check
that runs only where ../shared/tools/fetch-local-llm has installed the GGUF and llama-cpp-python."""

import json
import math
import sys
import types
from pathlib import Path

import numpy as np
import pytest

from medical_agent.llm.llamacpp_backend import LlamaCppLLM, SampledLogprobs, llama_cpp_available

GGUF = Path("~/.cache/medagent/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf").expanduser()
LOGITS = np.log(np.array([[0.5, 0.25, 0.25], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6]]))  # three sampling steps
SAMPLED = [0, 1, 2]                                                                # token chosen at each step


class StandInLlama:
    """Samples SAMPLED from LOGITS, calling the logits processors as llama-cpp-python does: before each step,
    with the context so far (ending with the token sampled last) and the next token's logits."""

    instances: list["StandInLlama"] = []

    def __init__(self, **kwargs):
        self.init, self.calls = kwargs, []
        StandInLlama.instances.append(self)

    def _sample(self, processors):
        context = [7, 7]  # prompt tokens
        for logits, token in zip(LOGITS, SAMPLED, strict=True):
            for fn in processors or []:
                logits = fn(np.array(context), logits)
            context.append(token)

    n_tokens = 0
    _input_ids: list[int] = []

    def generate(self, tokens, *args, **kwargs):   # llama-cpp-python's generate keeps the evaluated tokens
        self._input_ids, self.n_tokens = list(tokens) + [99], len(tokens) + 1
        return iter(())

    def create_chat_completion(self, stream=False, **kwargs):
        self.calls.append(kwargs)
        list(self.generate([ord(c) for m in kwargs["messages"] for c in m["content"]]))
        self._sample(kwargs.get("logits_processor"))
        if not stream:
            return {"choices": [{"message": {"content": "Hi there"}}],
                    "usage": {"prompt_tokens": 9, "completion_tokens": 3}}
        return iter({"choices": [{"delta": d}]} for d in ({"content": "Hi"}, {"content": " there"}, {}))

    def tokenize(self, data, add_bos=False, special=False):
        return data.split()


@pytest.fixture()
def stand_in(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "llama_cpp", types.SimpleNamespace(Llama=StandInLlama, LogitsProcessorList=list))
    StandInLlama.instances.clear()
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF")
    return gguf


def test_no_logprobs_unless_asked(stand_in):
    llm = LlamaCppLLM(stand_in)
    result = llm.chat([{"role": "user", "content": "hi"}])
    model = StandInLlama.instances[-1]
    assert result.text == "Hi there" and result.logprobs is None
    assert "logits_processor" not in model.calls[-1] and "logits_all" not in model.init  # no 2.5 GB logit store


def test_repeat_penalty_reaches_the_sampler(stand_in):
    LlamaCppLLM(stand_in).chat([{"role": "user", "content": "hi"}])
    LlamaCppLLM(stand_in, repeat_penalty=1.0).chat([{"role": "user", "content": "hi"}])
    assert [m.calls[-1]["repeat_penalty"] for m in StandInLlama.instances] == [1.1, 1.0]


def test_a_schema_becomes_llama_cpp_s_grammar_constrained_json(stand_in):
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
    llm = LlamaCppLLM(stand_in)
    llm.chat([{"role": "user", "content": "hi"}], json_schema=schema)
    llm.chat([{"role": "user", "content": "hi"}], json_mode=True)
    sent = [c["response_format"] for c in StandInLlama.instances[-1].calls]
    assert sent == [{"type": "json_object", "schema": schema}, {"type": "json_object"}]


def test_reused_prompt_prefix_is_reported(stand_in):
    llm = LlamaCppLLM(stand_in)
    assert llm.chat([{"role": "user", "content": "facts: answer"}]).cached_tokens == 0
    # the same 7-character prefix ("facts: ", one stand-in token per character) then another task
    assert llm.chat([{"role": "user", "content": "facts: verify"}]).cached_tokens == 7
    assert llm.chat([{"role": "user", "content": "other"}]).cached_tokens == 0


def test_logprobs_of_sampled_tokens_whole_and_streamed(stand_in):
    llm = LlamaCppLLM(stand_in, logprobs=True)
    expected = [math.log(0.5), math.log(0.8)]    # the last token has no successor step and is not scored
    whole = llm.chat([{"role": "user", "content": "hi"}])
    assert whole.logprobs == pytest.approx(expected) and (whole.prompt_tokens, whole.completion_tokens) == (9, 3)
    pieces: list[str] = []
    streamed = llm.chat([{"role": "user", "content": "hi"}], on_token=pieces.append)
    assert pieces == ["Hi", " there"] and streamed.logprobs == pytest.approx(expected)


def test_recorder_matches_a_log_softmax_and_leaves_logits_unchanged():
    recorder = SampledLogprobs()
    logits = np.array([2.0, 1.0, -1.0])
    assert recorder(np.array([1]), logits) is logits and recorder.values == []
    recorder(np.array([1, 0]), logits)
    assert recorder.values == pytest.approx([2.0 - np.log(np.exp(logits).sum())])


@pytest.mark.skipif(not (GGUF.is_file() and llama_cpp_available()), reason="local GGUF model not installed "
                    "(../shared/tools/fetch-local-llm --install)")
def test_real_gguf_streams_with_logprobs():
    llm = LlamaCppLLM(GGUF, n_ctx=512, logprobs=True)
    pieces: list[str] = []
    result = llm.chat([{"role": "user", "content": "Reply with the single word: yes"}], max_tokens=8,
                      temperature=0.0, on_token=pieces.append)
    assert "".join(pieces) == result.text and result.text.strip()
    assert result.logprobs and all(v <= 0 and math.isfinite(v) for v in result.logprobs)
    schema = {"type": "object", "properties": {"supported": {"type": "boolean"}}, "required": ["supported"],
              "additionalProperties": False}
    reply = llm.chat([{"role": "user", "content": "Is water wet? Answer in JSON."}], json_schema=schema,
                     max_tokens=16, temperature=0.0)
    assert isinstance(json.loads(reply.text)["supported"], bool)     # the grammar admits nothing else
    facts = "Facts: water boils at 100 degrees at sea level. " * 8
    llm.chat([{"role": "user", "content": facts + "Does water boil at 100 degrees?"}], max_tokens=4)
    second = llm.chat([{"role": "user", "content": facts + "Is that at sea level?"}], max_tokens=4)
    assert second.cached_tokens > 80 and second.cached_tokens < second.prompt_tokens   # the shared prefix
