"""Citations: [n] in an answer refers to the n-th retrieved document. Markers that point nowhere are removed
(a citation must never be invented), and the state keeps the citation → document map."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

MARKER = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")


def clean_and_map(answer: str, docs: Sequence[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    used: dict[int, dict[str, Any]] = {}

    def keep(match: re.Match[str]) -> str:
        numbers = [int(n) for n in re.findall(r"\d+", match.group(1)) if 0 < int(n) <= len(docs)]
        for n in numbers:
            d = docs[n - 1]
            used.setdefault(n, {"n": n, "doc_id": d.get("doc_id"), "chunk_id": d.get("chunk_id"),
                                "title": d.get("title", ""), "url": d.get("url", "")})
        return "".join(f"[{n}]" for n in numbers)

    cleaned = MARKER.sub(keep, answer)
    return cleaned, [used[n] for n in sorted(used)]
