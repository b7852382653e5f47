"""Web search as the fallback when the local sources do not cover a question (seed 004; issue 18): one provider
protocol, a SearxNG backend and a scripted fake, an allow-list of medical sites, page text by trafilatura."""

from .base import WebError, WebResult, WebSearch
from .fallback import WebFallback

__all__ = ["WebError", "WebFallback", "WebResult", "WebSearch"]
