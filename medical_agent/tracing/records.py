"""The trace file's format: one JSON object per finished span, one a line (``jsonl.JsonLinesExporter`` writes
it, ``bench traces`` reads it). Kept apart from the exporter so reading a file needs no OpenTelemetry SDK."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def span_record(span: Any) -> dict[str, Any]:
    """A finished SDK span (``ReadableSpan``) as plain JSON: ids in hex, times in ns, duration in ms."""
    context, parent = span.context, span.parent
    start, end = span.start_time or 0, span.end_time or 0
    return {"name": span.name, "trace_id": f"{context.trace_id:032x}", "span_id": f"{context.span_id:016x}",
            "parent_id": f"{parent.span_id:016x}" if parent is not None else None,
            "start_ns": start, "end_ns": end, "duration_ms": round((end - start) / 1e6, 3),
            "status": span.status.status_code.name, "attributes": dict(span.attributes or {}),
            "events": [{"name": e.name, "attributes": dict(e.attributes or {})} for e in span.events]}


def read_spans(path: Path) -> Iterator[dict[str, Any]]:
    """The spans of a trace file; a line that is not a span (a crash mid-write) is an error naming the line."""
    with Path(path).open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                if not isinstance(record, dict) or not {"name", "trace_id", "duration_ms"} <= set(record):
                    raise ValueError("not a span")
            except ValueError as exc:
                raise ValueError(f"{path}:{n}: expected one span as JSON ({exc})") from None
            yield record
