import json
import socket

import pytest

from medical_agent.llm import LLMConfigError, LLMError, LLMUnavailableError
from medical_agent.llm.openai_backend import OpenAIChatLLM
from tests.fakes.openai_server import FakeOpenAIServer

MSGS = [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "Say hello"}]


@pytest.fixture()
def server():
    with FakeOpenAIServer() as srv:
        yield srv


def make(server, **kw):
    opts = {"api_key": "test-key", "base_url": server.base_url, "timeout": 5, "max_retries": 2}
    opts.update(kw)
    return OpenAIChatLLM("test-model", **opts)


def test_plain_chat_returns_text_and_usage(server):
    result = make(server).chat(MSGS, temperature=0.0, max_tokens=20)
    assert result.text == "Hello from the fake server."
    assert (result.prompt_tokens, result.completion_tokens, result.cached_tokens) == (11, 7, 4)  # prompt cache
    sent = server.requests[-1]["body"]
    assert sent["temperature"] == 0.0 and sent["max_tokens"] == 20 and sent["messages"] == MSGS


def test_streaming_calls_back_each_chunk(server):
    chunks: list[str] = []
    result = make(server).chat(MSGS, on_token=chunks.append)
    assert len(chunks) == 5 and "".join(chunks) == result.text == "Hello from the fake server."
    assert server.requests[-1]["body"]["stream"] is True
    assert result.completion_tokens > 0  # estimated when the stream carries no usage


def test_logprobs_only_when_asked_streamed_or_not(server):
    assert make(server).chat(MSGS).logprobs is None
    assert "logprobs" not in server.requests[-1]["body"]
    llm = make(server, logprobs=True)
    assert llm.chat(MSGS).logprobs == [-0.5]
    assert server.requests[-1]["body"]["logprobs"] is True
    assert llm.chat(MSGS, on_token=lambda _: None).logprobs == [-0.5] * 5  # one per streamed chunk


def test_json_mode_sends_response_format(server):
    result = make(server).chat(MSGS, json_mode=True)
    assert server.requests[-1]["body"]["response_format"] == {"type": "json_object"}
    assert json.loads(result.text)["echo"] == "Say hello"


def test_a_schema_goes_out_as_structured_output_and_falls_back_to_json_mode(server):
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
    llm = make(server)
    assert json.loads(llm.chat(MSGS, json_schema=schema, tag="judge").text)["ok"] is True
    sent = server.requests[-1]["body"]["response_format"]
    assert sent == {"type": "json_schema", "json_schema": {"name": "judge", "schema": schema, "strict": True}}
    server.schemas = False                                   # a server without structured outputs
    assert json.loads(llm.chat(MSGS, json_schema=schema).text)["ok"] is True
    assert [r["body"]["response_format"]["type"] for r in server.requests[-2:]] == ["json_schema", "json_object"]
    llm.chat(MSGS, json_schema=schema)                       # remembered: no second refusal
    assert server.requests[-1]["body"]["response_format"] == {"type": "json_object"} and len(server.requests) == 4


def test_retries_a_500_then_succeeds(server):
    server.failures = [500]
    result = make(server).chat(MSGS)
    assert result.text.startswith("Hello") and len(server.requests) == 2


def test_gives_up_after_retries_with_a_clear_message(server):
    server.failures = [503, 503, 503]
    with pytest.raises(LLMError, match="HTTP 503"):
        make(server, max_retries=1).chat(MSGS)


def test_401_says_to_check_the_key(server):
    with pytest.raises(LLMError, match="rejected the API key.*OPENAI_API_KEY"):
        make(server, api_key="wrong").chat(MSGS)


def test_unknown_model_is_named(server):
    llm = OpenAIChatLLM("no-such-model", api_key="test-key", base_url=server.base_url, max_retries=0)
    with pytest.raises(LLMError, match="'no-such-model' was not found"):
        llm.chat(MSGS)


def test_unreachable_server():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    llm = OpenAIChatLLM("m", api_key="k", base_url=f"http://127.0.0.1:{port}/v1", timeout=2, max_retries=0)
    with pytest.raises(LLMUnavailableError, match="cannot reach"):
        llm.chat(MSGS)


def test_missing_key_without_base_url():
    with pytest.raises(LLMConfigError, match="OPENAI_API_KEY is not set"):
        OpenAIChatLLM("gpt-4o-mini", api_key=None)
