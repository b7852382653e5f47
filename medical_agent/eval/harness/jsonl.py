"""The JSONL files of the benchmarks: question sets read strictly (an error names file and line), per-item results
written for later reading."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any


def read_jsonl(path: Path, problem: Callable[[dict[str, Any]], str]) -> list[dict[str, Any]]:
    """The records of ``path`` (blank lines skipped). ``problem`` says what is wrong with one ("" when nothing);
    a problem or an empty file raises ValueError."""
    records = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            record = json.loads(line)
            wrong = problem(record)
            if wrong:
                raise ValueError(f"{path}:{n}: {wrong}")
            records.append(record)
    if not records:
        raise ValueError(f"{path}: empty")
    return records


def missing_keys(*keys: str) -> Callable[[dict[str, Any]], str]:
    return lambda record: ("missing " + ", ".join(k for k in keys if k not in record)
                           if any(k not in record for k in keys) else "")


def write_results(out: Path | None, rows: Iterable[dict[str, Any]]) -> None:
    """``out/results.jsonl``, one row per item (nothing when ``out`` is None)."""
    if out is None:
        return
    out.mkdir(parents=True, exist_ok=True)
    with (out / "results.jsonl").open("w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
