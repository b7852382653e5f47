"""The tracing contract: a tracer opens spans as context managers, a span takes attributes and events.

One protocol, two backends: OpenTelemetry (``otel``) and the no-op here, which is what the graph holds when
nothing is configured or the SDK is absent, so the graph never checks which one it has and pays nothing for
tracing that goes nowhere.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol

AttributeValue = str | bool | int | float | Sequence[str] | Sequence[int] | Sequence[float] | None
Attributes = Mapping[str, AttributeValue]


class Span(Protocol):
    def set(self, attributes: Attributes) -> None:
        """Add attributes (``None`` values are left out)."""

    def event(self, name: str, attributes: Attributes) -> None:
        """Add a timestamped event (an LLM call of the node, say)."""


class Tracer(Protocol):
    enabled: bool

    def span(self, name: str, attributes: Attributes | None = None) -> AbstractContextManager[Span]:
        """A span around the ``with`` block, the child of the span current in this context; an exception leaving
        the block marks it failed (by the exception's type only, unless health data may be recorded)."""

    def flush(self) -> None:
        """Hand every finished span to the exporters now (tests, benchmarks, before exit)."""


class _NoSpan:
    def set(self, attributes: Attributes) -> None:
        pass

    def event(self, name: str, attributes: Attributes) -> None:
        pass


class NoTracer:
    """Tracing off: spans that record nothing."""

    enabled = False
    _span = _NoSpan()

    @contextmanager
    def span(self, name: str, attributes: Attributes | None = None) -> Iterator[Span]:
        yield self._span

    def flush(self) -> None:
        pass


NO_TRACER = NoTracer()


def clean(attributes: Attributes | None) -> dict[str, str | bool | int | float | list]:
    """What OpenTelemetry accepts: scalars and homogeneous lists, no ``None`` (a missing value is left out)."""
    out: dict[str, str | bool | int | float | list] = {}
    for key, value in (attributes or {}).items():
        if value is None:
            continue
        if isinstance(value, (str, bool, int, float)):
            out[key] = value
        else:
            items = list(value)
            out[key] = items if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in items) \
                else [str(v) for v in items]
    return out
