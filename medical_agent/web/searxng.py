"""A SearxNG instance's JSON API (`/search?q=…&format=json`): self-hosted, no key; the URL is a setting."""

from __future__ import annotations

import httpx

from .base import WebError, WebResult


class SearxngSearch:
    name = "searxng"

    def __init__(self, base_url: str, *, timeout: float = 8.0, client: httpx.Client | None = None):
        if not base_url:
            raise WebError("web search: a SearxNG URL is needed (MEDAGENT_WEB_SEARXNG_URL)")
        self.base_url, self.client = base_url.rstrip("/"), client or httpx.Client(timeout=timeout)

    def search(self, query: str, k: int) -> list[WebResult]:
        try:
            reply = self.client.get(f"{self.base_url}/search", params={"q": query, "format": "json"})
            reply.raise_for_status()
            rows = reply.json().get("results") or []
        except (httpx.HTTPError, ValueError) as exc:
            raise WebError(f"web search failed ({type(exc).__name__}: {exc})") from exc
        return [WebResult(url=str(r.get("url") or ""), title=str(r.get("title") or ""),
                          snippet=str(r.get("content") or "")) for r in rows if r.get("url")][:k]
