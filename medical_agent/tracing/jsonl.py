"""An OpenTelemetry SDK exporter that appends each finished span to a JSON-lines file (``records`` format).

For an operator without a collector: ``MEDAGENT_TRACE_FILE=spans.jsonl python app.py``, then
``python -m medical_agent bench traces --file spans.jsonl`` prints p50/p95 per node. Appends under a lock, one
write per batch, so replicas may not share one file (give each its own).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult

from .records import span_record


class JsonLinesExporter(SpanExporter):
    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def export(self, spans: Sequence[Any]) -> SpanExportResult:
        lines = "".join(json.dumps(span_record(s), ensure_ascii=False, default=str) + "\n" for s in spans)
        try:
            with self._lock, self.path.open("a", encoding="utf-8") as fh:
                fh.write(lines)
        except OSError:
            return SpanExportResult.FAILURE
        return SpanExportResult.SUCCESS

    def shutdown(self) -> None:
        pass

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True
