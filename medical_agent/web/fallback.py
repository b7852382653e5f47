"""Web results as evidence: only pages of allow-listed medical sites, their main text extracted with trafilatura,
each cited with its URL and labelled "web". Nothing from the web is stored in the profile or the index."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from urllib.parse import urlparse

import httpx

from ..evidence import Evidence
from .base import WebError, WebResult, WebSearch

log = logging.getLogger(__name__)
MAX_CHARS = 1500
Fetch = Callable[[str], str]


def allowed(url: str, domains: Sequence[str]) -> bool:
    """Whether ``url`` is on an allow-listed site: the host is a listed domain or one of its subdomains."""
    host = (urlparse(url).hostname or "").lower()
    return bool(host) and any(host == d or host.endswith("." + d) for d in (d.lower().strip(".") for d in domains))


def fetch_page(url: str, timeout: float = 8.0) -> str:
    """The page's main text (trafilatura), without menus and footers; "" when there is none."""
    import trafilatura

    try:
        reply = httpx.get(url, timeout=timeout, follow_redirects=False)
        reply.raise_for_status()
    except httpx.HTTPError as exc:
        raise WebError(f"page not fetched ({type(exc).__name__})") from exc
    return trafilatura.extract(reply.text, include_comments=False, include_tables=True) or ""


class WebFallback:
    """Search, keep allow-listed results, read their pages: the evidence of a question the local sources miss."""

    def __init__(self, provider: WebSearch, domains: Sequence[str], *, k: int = 3, fetch: Fetch = fetch_page):
        self.provider, self.domains, self.k, self.fetch = provider, tuple(domains), k, fetch

    def evidence(self, query: str) -> tuple[list[Evidence], str]:
        """(passages, a note for the trace: what was searched, kept and skipped, or why nothing came)."""
        try:
            results = self.provider.search(query, self.k * 3)
        except WebError as exc:
            log.warning("web search: %s", exc)
            return [], str(exc)
        kept = [r for r in results if allowed(r.url, self.domains)][: self.k]
        docs = [doc for r in kept if (doc := self._read(r)) is not None]
        note = (f"web ({self.provider.name}): {len(results)} results, {len(kept)} on allow-listed sites, "
                f"{len(docs)} read")
        return docs, note

    def _read(self, result: WebResult) -> Evidence | None:
        try:
            text = self.fetch(result.url)
        except WebError as exc:
            log.warning("web page %s: %s", urlparse(result.url).hostname, exc)
            return None
        text = (text or result.snippet).strip()
        if not text:
            return None
        return Evidence(chunk_id=f"web:{result.url}", doc_id=f"web:{result.url}", title=result.title or result.url,
                        text=text[:MAX_CHARS], source="web", url=result.url, metadata={"category": "web"})
