"""The web-search protocol every provider implements, its result type and its error."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable


class WebError(RuntimeError):
    """The provider or a page could not be reached or answered with an error (said to the person, never raised
    into a turn)."""


@dataclass(frozen=True)
class WebResult:
    url: str
    title: str
    snippet: str = ""


@runtime_checkable
class WebSearch(Protocol):
    name: str

    def search(self, query: str, k: int) -> list[WebResult]:
        """Up to ``k`` results for ``query``; raises WebError."""
        ...


class UnavailableSearch:
    """A provider the settings ask for but that cannot work (no key, no URL, no client): the app starts, and each
    search says why in the turn's web note."""

    def __init__(self, name: str, reason: str):
        self.name, self.reason = name, reason

    def search(self, query: str, k: int) -> list[WebResult]:
        raise WebError(self.reason)


class ScriptedWebSearch:
    """A fake provider: fixed results per query substring (tests)."""

    name = "scripted"

    def __init__(self, results: dict[str, list[WebResult]]):
        self.results, self.queries = results, []

    def search(self, query: str, k: int) -> list[WebResult]:
        self.queries.append(query)
        found = next((r for key, r in self.results.items() if key.lower() in query.lower()), [])
        return found[:k]
