"""`bench traces`: where a turn's time goes, read from a trace file (``MEDAGENT_TRACE_FILE``, one span a line:
``tracing.records``) — p50/p95 per node and per turn, and how often each route, verdict and stop reason fired.
The table a Grafana or Jaeger user would otherwise build by hand from the same spans.

Only what the spans carry by default is read (no message text), so a file from a public demo can be shared.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ...graph.spans import TURN_SPAN
from ...tracing.records import read_spans
from ..retrieval.metrics import percentile_ms

COUNTED = {"routes": "route", "evidence_verdicts": "evidence_verdict", "stop_reasons": "stop_reason",
           "generators": "generator", "entries": "entry"}     # report key -> turn span attribute (medagent.*)


def timing(durations_ms: list[float]) -> dict[str, Any]:
    seconds = [d / 1000 for d in durations_ms]
    return {"runs": len(seconds), "p50_ms": percentile_ms(seconds, 50), "p95_ms": percentile_ms(seconds, 95),
            "max_ms": round(max(durations_ms), 2) if durations_ms else 0.0}


def summarize_spans(spans: Iterable[dict[str, Any]]) -> dict[str, Any]:
    durations: dict[str, list[float]] = defaultdict(list)
    errors: Counter[str] = Counter()
    turns, traces = [], set()
    for span in spans:
        traces.add(span["trace_id"])
        durations[span["name"]].append(float(span["duration_ms"]))
        errors[span["name"]] += span.get("status") == "ERROR"
        if span["name"] == TURN_SPAN:
            turns.append(span.get("attributes") or {})
    turn_ms = durations.pop(TURN_SPAN, [])
    by_share = sorted(durations, key=lambda n: -sum(durations[n]))
    total = sum(turn_ms) or 1.0
    return {
        "traces": len(traces), "turns": len(turns), "turn": timing(turn_ms),
        "nodes": {name: {**timing(durations[name]), "share_of_turn_time": round(sum(durations[name]) / total, 3),
                         "errors": errors[name]} for name in by_share},
        "turn_errors": errors[TURN_SPAN],
        "llm_calls_per_turn": round(sum(t.get("medagent.llm.calls", 0) for t in turns) / len(turns), 2) if turns else 0,
        "evaluated_tokens_per_turn": round(sum(t.get("medagent.llm.evaluated_tokens", 0) for t in turns) / len(turns),
                                           1) if turns else 0,
        **{key: dict(Counter(str(t[f"medagent.{field}"]) for t in turns if f"medagent.{field}" in t))
           for key, field in COUNTED.items()},
        "emergencies": sum(bool(t.get("medagent.emergency")) for t in turns),
    }


def run_command(args: Any) -> int:
    report = summarize_spans(read_spans(args.file))
    print(json.dumps({"file": str(args.file), **report}, ensure_ascii=False))
    return 0 if report["turns"] else 1


def add_parser(bench_subparsers: Any) -> None:
    p = bench_subparsers.add_parser("traces", help="p50/p95 per graph node and per turn from a trace file "
                                    "(MEDAGENT_TRACE_FILE)")
    p.add_argument("--file", type=Path, required=True, help="JSON-lines spans written by the app or the CLI")
    p.set_defaults(func=run_command)
