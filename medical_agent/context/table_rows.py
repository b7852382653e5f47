"""The rows of a table passage that bear on a question, for evidence compression.

A table is evidence only as a whole row under its header: cut into "sentences" like prose, a dosage table kept
its header line and lost every row (the eGFR table reached the prompt as "eGFR | 복용 여부 | 1일 최대 용량 | …"
and the answer could not give the dose; docs/benchmarks.md, issue 17). So a table keeps its title and header
and then its rows: all of them when they fit the per-table cap, else the rows sharing most words with the
question — and a row whose band contains a number the person gave ("eGFR 35" → "30~44", "20 kg" → "25 kg 미만",
"5.5 to 7.9 kg") — in the table's own order.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from ..evidence import Evidence

TABLE_TOKENS = 220        # per table: a leaflet's dosage table fits whole
RANGE_BONUS = 2.0         # a row whose band holds one of the person's numbers outranks any word overlap

_NUM = r"(\d+(?:[.,]\d+)?)"
_UNIT = r"\s*(kg|mg|g|mL|ml|세|살|개월|years?|yrs?|months?|mmol/L|mg/dL|%)?"
_BETWEEN = re.compile(_NUM + r"\s*(?:~|–|—|-|to|부터)\s*" + _NUM + _UNIT)
_AT_LEAST = re.compile(_NUM + _UNIT + r"\s*(?:이상|or more|or over|and over|and above|\+)")
_BELOW = re.compile(_NUM + _UNIT + r"\s*(미만|이하)")
_BELOW_EN = re.compile(r"(?:under|less than|below|up to)\s*" + _NUM + _UNIT)
_ABOVE_EN = re.compile(r"(?:over|more than|above|at least)\s*" + _NUM + _UNIT)
_VALUE = re.compile(_NUM + _UNIT)
_UNITS = {"세": "age", "살": "age", "year": "age", "years": "age", "yr": "age", "yrs": "age",
          "month": "month", "months": "month", "개월": "month", "ml": "ml"}
MARK = "▶ "               # a row whose band holds one of the person's numbers

Value = tuple[float, str]


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _unit(text: str) -> str:
    text = text.strip()
    return _UNITS.get(text, _UNITS.get(text.lower(), text.lower()))


def numbers(text: str) -> set[Value]:
    """The numbers a question mentions, with their units ("eGFR이 35" → (35, ""), "20 kg" → (20, "kg"))."""
    return {(_number(n), _unit(u)) for n, u in _VALUE.findall(text)}


def bands(cell: str) -> list[tuple[float, float, str]]:
    """The value bands a table cell states: "45~59", "5.5 to 7.9 kg", "60 이상", "25 kg 미만", "under 6"."""
    out = [(_number(a), _number(b), _unit(u)) for a, b, u in _BETWEEN.findall(cell)]
    out += [(_number(a), math.inf, _unit(u)) for a, u in _AT_LEAST.findall(cell)]
    out += [(-math.inf, _number(a) - (1e-9 if word == "미만" else 0), _unit(u)) for a, u, word in _BELOW.findall(cell)]
    out += [(-math.inf, _number(a) - 1e-9, _unit(u)) for a, u in _BELOW_EN.findall(cell)]
    out += [(_number(a), math.inf, _unit(u)) for a, u in _ABOVE_EN.findall(cell)]
    return out


def in_band(row: str, values: set[Value]) -> bool:
    """Whether the row's first cell (its condition) holds one of ``values`` in the same unit ("eGFR 35" and
    "30~44" both have none; "20 kg" is not "4세 이상")."""
    first = row.split("|", 1)[0]
    return any(lo <= v <= hi and unit == u for lo, hi, unit in bands(first) for v, u in values)


def is_table(text: str) -> bool:
    lines = [line for line in text.splitlines() if line.strip()]
    return sum("|" in line for line in lines) >= 2


def is_table_passage(doc: Evidence) -> bool:
    """A passage that is a table: so categorised by the document parser, or shaped like one (rows of cells)."""
    return doc.metadata.get("category") == "table" or is_table(doc.text)


def _split(text: str) -> tuple[list[str], list[str]]:
    """(the lead: title lines and the header row; the rows under the header), without marks; a text with no
    header row is all lead."""
    lines = [line.strip().removeprefix(MARK) for line in text.splitlines() if line.strip()]
    at = next((i for i, line in enumerate(lines) if "|" in line), len(lines))
    return lines[:at + 1], lines[at + 1:]


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.split("|")]


def select_rows(text: str, query: set[str], values: set[Value], cap: int, count: Callable[[str], int],
                tokenize: Callable[[str], list[str]]) -> str:
    """The table's lead (title lines and header row) and its most relevant rows, under ``cap`` tokens."""
    lead, rows = _split(text)
    rows = [MARK + row if in_band(row, values) else row for row in rows]
    if count("\n".join([*lead, *rows])) <= cap:
        return "\n".join([*lead, *rows])
    used = count("\n".join(lead))
    scored = sorted(range(len(rows)), key=lambda i: (-_row_score(rows[i], query, values, tokenize), i))
    keep: list[int] = []
    for i in scored:
        cost = count(rows[i]) + 1
        if used + cost > cap:
            continue
        keep.append(i)
        used += cost
    return "\n".join([*lead, *(rows[i] for i in sorted(keep))])


def _row_score(row: str, query: set[str], values: set[Value], tokenize: Callable[[str], list[str]]) -> float:
    words = set(tokenize(row))
    overlap = len(words & query) / (len(words) ** 0.5 + 1.0) if words else 0.0
    return overlap + (RANGE_BONUS if in_band(row, values) else 0.0)


def score_table(text: str, query: set[str], values: set[Value], tokenize: Callable[[str], list[str]]) -> float:
    """How much a table bears on the question: its best row, or its lead when no row matches."""
    lines = [line for line in text.splitlines() if line.strip()]
    return max((_row_score(line, query, values, tokenize) for line in lines), default=0.0)


def matched_rows(text: str, values: set[Value]) -> list[str]:
    """The rows whose band holds one of ``values``, each read out under its header ("대상: 체중 25 kg 미만 어린이 ·
    제형: 주사용 글루카곤 · 1회 용량: 0.5 mg"), for the answer's "from the table" line."""
    lead, rows = _split(text)
    if not rows or not values:
        return []
    header = _cells(lead[-1])
    return [" · ".join(f"{h}: {c}" if h else c for h, c in zip(header, _cells(row), strict=False))
            for row in rows if "|" in row and in_band(row, values)]


def title(text: str) -> str:
    """The table's title line ("표 1. eGFR에 따른 메트포르민 용량 기준"), or "" when it starts with its header."""
    first = _split(text)[0][0] if text.strip() else ""
    return "" if "|" in first else first


def quantities(text: str) -> set[Value]:
    """The amounts with a unit a text states ("0.5 mg", "20 kg"; a bare number is no amount)."""
    return {(_number(n), _unit(u)) for n, u in _VALUE.findall(text) if u}


def row_conflict(claim: str, text: str, values: set[Value]) -> str:
    """The table's row for the question's numbers, when ``claim`` states an amount ("1 mg") that only other rows
    of this table give and none that the row gives — a neighbouring row read by mistake; else ""."""
    rows = [row for row in _split(text)[1] if "|" in row]
    if not values:
        return ""
    matched = [row for row in rows if in_band(row, values)]
    if not matched:
        return ""
    said = quantities(claim) - values
    right = set().union(*(quantities(row) for row in matched))
    others = set().union(set(), *(quantities(row) for row in rows if row not in matched)) - right
    return " / ".join(matched) if said & others and not said & right else ""
