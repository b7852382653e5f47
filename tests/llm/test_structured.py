"""The structured-call helper on scripted replies: valid, repairable, hopeless (fallback, never a second
repair), a failing backend, and the schema handed to the backend."""

from __future__ import annotations

import pytest

from medical_agent.llm import LLMUnavailableError, ScriptedLLM
from medical_agent.llm.structured import StructuredFormatError, json_object, structured_call

SCHEMA = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
ASK = [{"role": "user", "content": "Give me n."}]


def parse_n(text: str) -> int:
    value = json_object(text).get("n")
    if not isinstance(value, int):
        raise StructuredFormatError('"n" must be an integer')
    return value


def call(llm):
    return structured_call(llm, ASK, tag="probe", parse=parse_n, schema=SCHEMA, max_tokens=50)


def test_a_valid_reply_is_one_call_with_the_schema():
    llm = ScriptedLLM({"probe": 'Here you are: {"n": 3}'})
    reply = call(llm)
    assert reply.ok and reply.value == 3 and reply.error is None
    assert [(r["tag"], r["repair"]) for r in reply.records] == [("probe", False)]
    assert llm.calls[0].json_schema == SCHEMA and llm.calls[0].json_mode and llm.calls[0].max_tokens == 50


def test_a_repairable_reply_gets_one_repair_that_says_what_was_wrong():
    llm = ScriptedLLM({"probe": ['{"n": "three"}', '{"n": 3}']})
    reply = call(llm)
    assert reply.value == 3 and [r["repair"] for r in reply.records] == [False, True]
    repair = llm.calls[1].messages
    assert repair[-2] == {"role": "assistant", "content": '{"n": "three"}'}
    assert '"n" must be an integer' in repair[-1]["content"] and "only the JSON object" in repair[-1]["content"]


def test_a_hopeless_reply_falls_back_after_exactly_one_repair():
    llm = ScriptedLLM({"probe": ["no", "still no", '{"n": 1}']})
    reply = call(llm)
    assert not reply.ok and reply.value is None and "no JSON object" in reply.error
    assert len(llm.calls) == 2 and len(reply.records) == 2          # the third reply is never asked for


def test_a_failing_backend_ends_without_a_value():
    def down(messages, options):
        raise LLMUnavailableError("cannot reach the LLM server")

    reply = call(ScriptedLLM({"probe": down}))
    assert reply.value is None and reply.records == [] and "LLMUnavailableError" in reply.error


@pytest.mark.parametrize(("text", "problem"), [("[1, 2]", "no JSON object"), ('{"n": }', "invalid JSON")])
def test_json_object_says_what_is_wrong(text, problem):
    with pytest.raises(StructuredFormatError, match=problem):
        json_object(text)
