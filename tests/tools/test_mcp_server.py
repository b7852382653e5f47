"""The agent as an MCP server, driven by the official ``mcp`` client over streamable HTTP against the launched
app (``app.main``, as tests/ui does): exactly the two tools are listed with the descriptions and typed parameters
of their docstrings, both answer, a bad argument is a clear error, and the UI's own API endpoints are unchanged."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest

import app
from medical_agent.tools.gradio_mcp import TOOL_NAMES
from medical_agent.ui.runtime import AgentRuntime
from tests.tools.test_service import EGFR_NOTE, METFORMIN_KIDNEY, stored
from tests.ui.conftest import free_port, served_app, ui_agent, ui_settings  # noqa: F401

pytest.importorskip("mcp", reason="gradio[mcp] is not installed")


def mcp(url: str, *steps: tuple[str, dict[str, Any] | None]) -> list[Any]:
    """Open one MCP session at the app's endpoint and run ``steps``: ("list", None) or (tool, arguments)."""
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    async def run() -> list[Any]:
        async with streamable_http_client(f"{url}gradio_api/mcp/") as (read, write, _), \
                ClientSession(read, write) as session:
            await session.initialize()
            out = []
            for name, arguments in steps:
                out.append(await session.list_tools() if name == "list" else
                           await session.call_tool(name, arguments or {}))
            return out

    return asyncio.run(run())


def test_exactly_the_agents_tools_are_listed_with_their_docstrings(served_app):  # noqa: F811
    (listing,) = mcp(served_app["url"], ("list", None))
    tools = {t.name: t for t in listing.tools}
    assert sorted(tools) == sorted(TOOL_NAMES)                       # not the UI's chat, export or delete
    search, ask = tools["search_medical_sources"], tools["ask_medical_question"]
    assert "never anyone's uploaded documents" in search.description and "Stateless" in ask.description
    props = search.inputSchema["properties"]
    assert props["query"]["type"] == "string" and search.inputSchema["required"] == ["query"]
    assert props["k"] == {"type": "integer", "description": "How many passages to return, 1 to 20.", "default": 5}
    assert props["language"]["enum"] == ["auto", "ko", "en"]
    props = ask.inputSchema["properties"]
    assert ask.inputSchema["required"] == ["question"]
    assert {"type": "array", "items": {"type": "string"}} in props["medications"]["oneOf"]
    assert "metformin" in props["medications"]["description"] and {"type": "integer"} in props["age"]["oneOf"]


def test_both_tools_answer_and_the_app_keeps_nothing(served_app):  # noqa: F811
    agent = served_app["agent"]
    before = stored(agent.storage)
    found, answered = mcp(served_app["url"],
                          ("search_medical_sources", {"query": "metformin kidney", "k": 3}),
                          ("ask_medical_question", {"question": METFORMIN_KIDNEY, "medications": ["metformin"],
                                                    "conditions": ["chronic kidney disease"]}))
    assert not found.isError and not answered.isError
    passages = json.loads(found.content[0].text)["passages"]
    assert len(passages) == 3 and passages[0]["title"] == "Metformin and kidneys" and passages[0]["score"] > 0
    out = json.loads(answered.content[0].text)
    assert any(EGFR_NOTE in note for note in out["safety_notes"]) and "[1]" in out["answer"]
    assert out["answer"].endswith(out["disclaimer"]) and out["references"]
    assert stored(agent.storage) == before


@pytest.mark.parametrize(("tool", "arguments", "message"), [
    ("search_medical_sources", {"query": "metformin", "k": "three"}, "'three' is not of type 'integer'"),
    ("search_medical_sources", {"k": 3}, "'query' is a required property"),
    ("search_medical_sources", {"query": "metformin", "k": 50}, "k must be a whole number from 1 to 20"),
    ("ask_medical_question", {"question": "Is metformin safe?", "age": -5}, "outside the possible range"),
    ("ask_medical_question", {"question": "  "}, "question must be a non-empty text"),
    ("ask_medical_question", {"question": "Is it safe?", "language": "fr"}, "'fr' is not one of"),
])
def test_a_bad_argument_is_a_clear_tool_error(served_app, tool, arguments, message):  # noqa: F811
    (result,) = mcp(served_app["url"], (tool, arguments))
    assert result.isError and message in result.content[0].text, result.content[0].text


def test_the_ui_api_endpoints_stay_as_they_are(ui_settings, ui_agent):  # noqa: F811
    def endpoints(settings) -> dict[str, Any]:
        """Each endpoint as JSON, with the labels Gradio makes of component ids ("value_127", "parameter_110") made equal."""
        demo = app.build_demo(settings, AgentRuntime(settings, ui_agent))
        return {name: re.sub(r"(value|parameter)_\d+", r"\1_N", json.dumps(info, sort_keys=True))
                for name, info in demo.get_api_info()["named_endpoints"].items()}

    with_tools, without = endpoints(ui_settings), endpoints(ui_settings.replace(mcp_server=False))
    assert {name: with_tools[name] for name in without} == without
    assert sorted(set(with_tools) - set(without)) == sorted(f"/{name}" for name in TOOL_NAMES)


def test_the_benchmarks_tool_calls_are_timed_and_parsed(served_app):  # noqa: F811
    from medical_agent.eval.benches.mcp import METFORMIN_KIDNEY, tool_calls

    ok, bad = tool_calls(served_app["url"], [("ask_medical_question", METFORMIN_KIDNEY),
                                             ("search_medical_sources", {"query": "metformin", "k": 0})])
    assert ok["tools"] == sorted(TOOL_NAMES) and ok["s"] > 0 and ok["error"] is None
    assert any(EGFR_NOTE in note for note in ok["value"]["safety_notes"])
    assert bad["value"] is None and "k must be" in bad["error"]


def test_the_setting_turns_the_mcp_server_off(ui_settings, ui_agent, monkeypatch):  # noqa: F811
    port = free_port()
    monkeypatch.setenv("GRADIO_SERVER_NAME", "127.0.0.1")
    monkeypatch.setenv("GRADIO_SERVER_PORT", str(port))
    demo = app.main(ui_settings.replace(mcp_server=False), block=False, runtime=AgentRuntime(ui_settings, ui_agent))
    try:
        assert demo.mcp_server_obj is None
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/gradio_api/mcp/", timeout=30)
        assert refused.value.code == 404
    finally:
        demo.close()
