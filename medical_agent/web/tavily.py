"""Tavily's search API through its own client (``tavily-python``, an optional extra): a key (``TAVILY_API_KEY``),
no server to run. The allow-list goes with the query (``include_domains``) and is enforced again by
:class:`WebFallback` on what comes back, so a provider that ignores it cannot widen it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import WebError, WebResult

INSTALL = "pip install tavily-python==0.8.5"


class TavilySearch:
    name = "tavily"

    def __init__(self, api_key: str | None, *, domains: Sequence[str] = (), base_url: str | None = None,
                 timeout: float = 8.0, client: Any = None):
        if client is None:
            if not api_key:
                raise WebError("web search: Tavily needs an API key (TAVILY_API_KEY)")
            try:
                from tavily import TavilyClient
            except ImportError:
                raise WebError(f"web search: Tavily's client is not installed ({INSTALL})") from None
            client = TavilyClient(api_key=api_key, api_base_url=base_url)
        self.client, self.domains, self.timeout = client, list(domains), timeout

    def search(self, query: str, k: int) -> list[WebResult]:
        try:
            reply = self.client.search(query, max_results=k, include_domains=self.domains or None,
                                       timeout=self.timeout)
        except Exception as exc:        # the client raises its own errors, requests' and TimeoutError
            raise WebError(f"web search failed ({type(exc).__name__}: {exc})") from exc
        rows = reply.get("results") or [] if isinstance(reply, dict) else []
        return [WebResult(url=str(r.get("url") or ""), title=str(r.get("title") or ""),
                          snippet=str(r.get("content") or "")) for r in rows if r.get("url")][:k]
