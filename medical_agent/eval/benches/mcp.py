"""`bench mcp`: the agent's MCP tools against the chat, on `python app.py` as a subprocess (offline LLM, a
throw-away database), the same questions one after the other: a chat turn through ``/chat`` (gradio_client, a
fresh session each, cache off) then ``ask_medical_question`` and ``search_medical_sources`` through the official
``mcp`` client over streamable HTTP. Target (issue 36): a tool call answers within the time of a chat turn
(p50s reported); and the metformin + kidney question's answer carries the eGFR safety note.

``--trace-file`` has the app write its spans there, for ``bench traces``.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from ...settings import Settings
from .ui import QUESTIONS, percentile, running_app, timed_turn

METFORMIN_KIDNEY = {"question": "I take metformin and my eGFR is 25. Is that OK?",
                    "conditions": ["chronic kidney disease"], "medications": ["metformin"]}
MCP_PATH = "gradio_api/mcp/"


async def _session(url: str, steps: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """One MCP session: list the tools, then each (tool, arguments), timed; the parsed JSON or the error text."""
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    out = []
    async with streamable_http_client(url + MCP_PATH) as (read, write, _), ClientSession(read, write) as session:
        await session.initialize()
        tools = sorted(t.name for t in (await session.list_tools()).tools)
        for name, arguments in steps:
            start = time.perf_counter()
            result = await session.call_tool(name, arguments)
            text = result.content[0].text if result.content else ""
            out.append({"tool": name, "s": time.perf_counter() - start, "error": text if result.isError else None,
                        "value": None if result.isError else json.loads(text), "tools": tools})
    return out


def tool_calls(url: str, steps: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    return asyncio.run(_session(url, steps))


def bench_mcp(settings: Settings, turns: int = 8, timeout: float = 900.0, trace_file: Path | None = None
              ) -> dict[str, Any]:
    from gradio_client import Client

    questions = [QUESTIONS[i % len(QUESTIONS)] for i in range(turns)]
    load_start = round(os.getloadavg()[0], 2)
    with tempfile.TemporaryDirectory(prefix="mcp-bench-") as tmp:
        env = {"MEDAGENT_DB_PATH": str(Path(tmp) / "agent.sqlite"), "MEDAGENT_MCP_SERVER": "true"}
        if trace_file:
            env["MEDAGENT_TRACE_FILE"] = str(Path(trace_file).resolve())
        with running_app(env, Path(tmp) / "app.log", timeout) as (url, _, ready_s):
            timed_turn(Client(url, verbose=False), questions[0])           # waits for the agent's start-up
            tool_calls(url, [("ask_medical_question", {"question": questions[0]})])     # the twin's first build
            chat, asked, searched = [], [], []
            for question in questions:
                chat.append(timed_turn(Client(url, verbose=False), question))
                ask, search = tool_calls(url, [("ask_medical_question", {"question": question}),
                                               ("search_medical_sources", {"query": question, "k": 5})])
                asked.append(ask)
                searched.append(search)
            (kidney,) = tool_calls(url, [("ask_medical_question", METFORMIN_KIDNEY)])
    notes = (kidney["value"] or {}).get("safety_notes") or []
    chat_p50 = percentile([c["total_s"] for c in chat], 0.5)
    ask_p50 = percentile([a["s"] for a in asked], 0.5)
    return {"command": "python app.py", "llm": "offline", "index": str(settings.paths.index_dir),
            "ready_http_s": round(ready_s, 3), "turns": turns, "tools": kidney["tools"],
            "chat_turn_s": {"p50": chat_p50, "p95": percentile([c["total_s"] for c in chat], 0.95),
                            "errors": sum(not c["ok"] for c in chat)},
            "ask_medical_question_s": {"p50": ask_p50, "p95": percentile([a["s"] for a in asked], 0.95),
                                       "errors": sum(a["error"] is not None for a in asked)},
            "search_medical_sources_s": {"p50": percentile([s["s"] for s in searched], 0.5),
                                         "p95": percentile([s["s"] for s in searched], 0.95),
                                         "errors": sum(s["error"] is not None for s in searched)},
            "tool_within_chat_turn": ask_p50 is not None and chat_p50 is not None and ask_p50 <= chat_p50,
            "metformin_kidney": {"arguments": METFORMIN_KIDNEY, "error": kidney["error"],
                                 "egfr_note": next((n for n in notes if "eGFR" in n), None),
                                 "safety_notes": notes},
            "trace_file": str(trace_file) if trace_file else None,
            "load_average_1min": {"start": load_start, "end": round(os.getloadavg()[0], 2)}, "cpus": os.cpu_count()}


def run_command(args: Any) -> int:
    from ...settings import get_settings

    report = bench_mcp(get_settings(), turns=args.turns, trace_file=args.trace_file)
    print(json.dumps(report, ensure_ascii=False))
    return 0 if report["metformin_kidney"]["egfr_note"] else 1


def add_parser(bench_subparsers: Any) -> None:
    p = bench_subparsers.add_parser("mcp", help="MCP tool calls vs chat turns on `python app.py` (offline): p50s, "
                                    "and the eGFR note of the metformin + kidney answer")
    p.add_argument("--turns", type=int, default=8, help="questions, each asked as a chat turn and as a tool call")
    p.add_argument("--trace-file", type=Path, help="the app writes its spans here (then: bench traces --file)")
    p.set_defaults(func=run_command)
