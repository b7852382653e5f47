import pytest

from medical_agent.llm import LLM, LLMError, ScriptedLLM, estimate_tokens


def test_fixed_list_then_exhausted():
    llm = ScriptedLLM(["a", "b"])
    assert isinstance(llm, LLM)
    assert [llm.chat([{"role": "user", "content": "x"}]).text for _ in range(2)] == ["a", "b"]
    with pytest.raises(LLMError, match="exhausted"):
        llm.chat([{"role": "user", "content": "x"}])


def test_cycling_and_function_and_tag_routing():
    assert [ScriptedLLM(["a", "b"], cycle=True).chat([]).text for _ in range(1)] == ["a"]
    cyc = ScriptedLLM(["a", "b"], cycle=True)
    assert [cyc.chat([]).text for _ in range(3)] == ["a", "b", "a"]
    echo = ScriptedLLM(lambda msgs, opts: msgs[-1]["content"].upper())
    assert echo.chat([{"role": "user", "content": "hi"}]).text == "HI"
    routed = ScriptedLLM({"judge": ['{"x": 1}'], "*": "answer"})
    assert routed.chat([], tag="judge", json_mode=True).text == '{"x": 1}'
    assert routed.chat([], tag="generate").text == "answer"
    assert [c.tag for c in routed.calls] == ["judge", "generate"] and routed.calls[0].json_mode


def test_records_calls_and_streams():
    llm = ScriptedLLM("one two three")
    got: list[str] = []
    llm.chat([{"role": "user", "content": "q"}], temperature=0.0, max_tokens=5, on_token=got.append, tag="t")
    assert "".join(got) == "one two three" and len(got) == 3
    call = llm.calls[0]
    assert call.messages == [{"role": "user", "content": "q"}] and call.max_tokens == 5 and call.tag == "t"


def test_token_estimate_treats_hangul_and_latin_differently():
    assert estimate_tokens("") == 0
    assert estimate_tokens("당뇨병") == 3
    assert estimate_tokens("diabetes") == 2
    mixed = estimate_tokens("메트포르민 metformin 500 mg!")
    assert mixed == 5 + 3 + 2 + 1 + 1
    ko, en = "혈당이 높아요", "blood sugar is high"
    assert estimate_tokens(ko) / len(ko) > 2 * estimate_tokens(en) / len(en)


def test_the_fake_reports_the_prompt_it_shares_with_the_previous_call_as_cached():
    llm = ScriptedLLM("ok", cycle=True)
    prefix = [{"role": "system", "content": "principles"}, {"role": "user", "content": "evidence evidence evidence"}]
    first = llm.chat(prefix)
    again = llm.chat([prefix[0], {"role": "user", "content": "evidence evidence evidence + verify this"}])
    assert first.cached_tokens == 0 and 0 < again.cached_tokens < again.prompt_tokens
    assert llm.chat([{"role": "user", "content": "unrelated"}]).cached_tokens == 0
