"""The tools as Gradio API endpoints, served by Gradio as MCP tools (``launch(mcp_server=True)``; streamable HTTP
at ``/gradio_api/mcp/``). ``gr.api`` turns each function's type hints into the tool's input schema and its
docstring (summary, ``Args:``) into the descriptions an assistant reads, so the docstrings below are the tools'
documentation: they say what the tool is for, what it never does, and what comes back.

Gradio would also offer every named endpoint of the UI (the chat, profile export and deletion...) as a tool; those
need a browser session and are not for other assistants, so :func:`expose_only_agent_tools` keeps the MCP server
to the two below. The UI's endpoints themselves stay as they are, for ``gradio_client``.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from typing import Any, Literal

import gradio as gr

from .service import MedicalTools, ToolError

TOOL_NAMES = ("search_medical_sources", "ask_medical_question")
# Gradio warns about the UI's endpoints with a session state input when it lists every endpoint as a tool; they are
# removed from the MCP server right after (expose_only_agent_tools)
STATE_WARNING = "This MCP server includes a tool that has a gr.State input"


def add_tools(tools: MedicalTools) -> None:
    """Register the two tools in the Blocks being built (call inside ``with demo:``)."""

    def search_medical_sources(query: str, k: int = 5, language: Literal["auto", "ko", "en"] = "auto") -> str:
        """Search a bilingual (Korean/English) medical knowledge base and public medical corpora for passages that
        answer a health question, ranked by hybrid (keyword + meaning) search. Korean questions also find English
        passages. Only curated and public sources are searched, never anyone's uploaded documents. Cite the
        passages you use by their title and source.

        Args:
            query: The health question or search words, in Korean or English.
            k: How many passages to return, 1 to 20.
            language: "auto": the query's own language where the knowledge base has both, all languages otherwise; "ko" or "en": passages in that language only.

        Returns:
            JSON {"query_language", "passages": [{"rank", "title", "text", "source", "url", "page", "section", "score", "language", "doc_id", "chunk_id", "review"}], "instructions_removed"}
        """
        return _json(tools.search, query, k=k, language=language)

    def ask_medical_question(question: str, age: int | None = None, sex: Literal["male", "female"] | None = None,
                             conditions: list[str] | None = None, medications: list[str] | None = None,
                             language: Literal["auto", "ko", "en"] = "auto") -> str:
        """Answer a health question from a cited medical knowledge base, with safety checks for the person's
        situation: emergency warning signs put an emergency line first, and the person's medicines, conditions
        and lab values (given in the question or as arguments) bring safety notes, for example metformin with low
        kidney function. When the sources do not cover the question, the answer says so (not_from_my_sources).
        Information only, not a diagnosis. Stateless: nothing is stored and no saved profile is read, so pass what
        matters about the person as arguments.

        Args:
            question: The question, in Korean or English; numbers in it ("my eGFR is 25") are read too.
            age: The person's age in years, if known.
            sex: "male" or "female", if known.
            conditions: The person's conditions, e.g. ["chronic kidney disease", "type 2 diabetes"].
            medications: The medicines the person takes, e.g. ["metformin"].
            language: The answer's language: "auto" (the question's), "ko" or "en".

        Returns:
            JSON {"answer" (text with [n] markers, any emergency line first, the disclaimer last), "language", "references": [{"n", "title", "source", "section", "page", "url", "review"}], "warnings", "key_points", "safety_notes", "emergency", "emergency_line", "not_from_my_sources", "sources_note", "evidence_verdict", "disclaimer"}
        """
        return _json(tools.ask, question, age=age, sex=sex, conditions=conditions, medications=medications,
                     language=language)

    for fn in (search_medical_sources, ask_medical_question):
        # one queue with the chat: a tool call waits its turn like a person does (the same model and CPUs)
        gr.api(fn, api_name=fn.__name__, concurrency_limit="default", concurrency_id="chat")


def _json(method: Callable[..., dict[str, Any]], *args: Any, **kwargs: Any) -> str:
    try:
        return json.dumps(method(*args, **kwargs), ensure_ascii=False)
    except ToolError as exc:           # shown to the calling assistant as the tool's error
        raise gr.Error(str(exc), print_exception=False) from None


def expose_only_agent_tools(demo: gr.Blocks) -> list[str]:
    """Keep the launched app's MCP server to the agent's tools; returns the tool names left (none without MCP)."""
    server = getattr(demo, "mcp_server_obj", None)
    if server is None:
        return []
    server.tool_to_endpoint = {name: endpoint for name, endpoint in server.tool_to_endpoint.items()
                               if endpoint.lstrip("/") in TOOL_NAMES}
    return sorted(server.tool_to_endpoint)


def quiet_state_warning() -> None:
    warnings.filterwarnings("ignore", message=STATE_WARNING)
