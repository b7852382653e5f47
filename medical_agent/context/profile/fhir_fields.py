"""Reading one field of a FHIR resource from a person's file, which may be anything JSON can hold.

A record from a patient portal is untrusted: a birthDate may be a number, a coding may be missing, a value may
be "abc" or NaN, an array may nest a thousand deep. Each accessor here returns the field as its type or raises
:class:`Malformed` with what is wrong in words for the person ("a blood pressure component has no code"), so the
import says that in one line and stores nothing, instead of failing with a KeyError whose traceback quotes the
record. What the values may be (a systolic pressure of 9999) is not judged here but where every entry point's
facts are (``validation``).
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Any


class Malformed(ValueError):
    """A field of the record is not what FHIR says it is; the message completes "<file> ..."."""


def mapping(value: Any, what: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise Malformed(f"has {what} that is not a JSON object")
    return value


def items(value: Any, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise Malformed(f"has {what} that is not a list")
    return value


def text(value: Any, what: str, default: str = "") -> str:
    if value is None:
        return default
    if not isinstance(value, str):
        raise Malformed(f"has {what} that is not text")
    return value


def codes(concept: Any, what: str) -> list[dict[str, str]]:
    """The codings of a CodeableConcept, each with text ``system``, ``code`` and ``display``."""
    out = []
    for c in items(mapping(concept, what).get("coding"), f"{what} coding"):
        c = mapping(c, f"{what} coding")
        out.append({k: text(c.get(k), f"{what} {k}") for k in ("system", "code", "display")})
    return out


def coding(concept: Any, system_hint: str, what: str) -> tuple[str, str] | None:
    """(code, display) of the first coding whose system names ``system_hint`` (snomed, rxnorm, ...)."""
    for c in codes(concept, what):
        if system_hint in c["system"]:
            return c["code"], c["display"]
    return None


def quantity(resource: Any, what: str) -> float | None:
    """The finite number of a resource's ``valueQuantity``; None when it has none (a reading without a value)."""
    value = mapping(mapping(resource, what).get("valueQuantity"), f"{what} value").get("value")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise Malformed(f"has {what} value that is not a number")
    return float(value)


def day(value: Any, what: str) -> dt.date:
    """A FHIR date (YYYY, YYYY-MM or YYYY-MM-DD, or the date of a dateTime)."""
    raw = text(value, what)
    parts = raw[:10].split("-")
    try:
        return dt.date(int(parts[0]), int(parts[1]) if len(parts) > 1 else 1, int(parts[2]) if len(parts) > 2 else 1)
    except (ValueError, IndexError):
        raise Malformed(f"has {what} that is not a date ({raw[:32]!r})") from None


def moment(value: Any, what: str) -> dt.datetime:
    """A FHIR dateTime (or date) as an aware UTC datetime."""
    raw = text(value, what)
    if len(raw) <= 10:
        return dt.datetime.combine(day(raw, what), dt.time(), dt.UTC)
    try:
        when = dt.datetime.fromisoformat(raw)
    except ValueError:
        raise Malformed(f"has {what} that is not a date and time ({raw[:32]!r})") from None
    return (when if when.tzinfo else when.replace(tzinfo=dt.UTC)).astimezone(dt.UTC)


def deeper_than(data: Any, depth: int) -> bool:
    """Whether ``data`` nests more than ``depth`` arrays and objects deep (walked without recursion)."""
    stack = [(data, 1)] if isinstance(data, (dict, list)) else []
    while stack:
        value, level = stack.pop()
        if level > depth:
            return True
        stack.extend((v, level + 1) for v in (value.values() if isinstance(value, dict) else value)
                     if isinstance(v, (dict, list)))
    return False
