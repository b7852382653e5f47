"""Text shown in the page that people or documents wrote: never markup, never a server path.

The chat, the profile summary and the status lines are Markdown, and Gradio renders Markdown with HTML allowed
after sanitising it: event handlers are stripped, but ``<img src=…>`` (and other raw HTML) still render, so a
message, a document's text or a name in an imported record could place an image or a layout in the page (issue
33), and Markdown's own image syntax ``![](url)`` loads one the same way. :func:`plain` escapes ``&``, ``<`` and
``>`` (shown as written, never parsed) and breaks ``![`` — and leaves the rest of Markdown (bold, lists, tables,
links) working, which the answers use. Table cells (``gr.Dataframe`` "str" columns) are not Markdown and need none;
every text bound for the page loses its lone surrogates (:func:`valid`).

:func:`no_paths` keeps the app's folders out of what a person reads: a refusal once said
``docs:/…/.medagent/documents/<hash>/files``; any absolute path becomes its last part.
"""

from __future__ import annotations

import html
import re
from typing import TypeVar

ABSOLUTE_PATH = re.compile(r"(?:\b[a-z]+:)?(?<![\w./])(?:/[^\s/'\"`|()<>]+)+/?|\b[A-Za-z]:\\[^\s'\"`|()<>]+")
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
Value = TypeVar("Value")


def valid(value: Value) -> Value:
    """``value`` (a text, or lists and dicts of texts) with every lone surrogate replaced by U+FFFD: a browser
    string may hold one, JSON carries it, and the page's event stream (orjson) cannot encode it — the stream used
    to end with neither the answer nor the error."""
    if isinstance(value, str):
        return LONE_SURROGATE.sub("\ufffd", value)  # type: ignore[return-value]
    if isinstance(value, list):
        return [valid(v) for v in value]  # type: ignore[return-value]
    if isinstance(value, dict):
        return {k: valid(v) for k, v in value.items()}  # type: ignore[return-value]
    return value


def plain(text: str) -> str:
    """``text`` shown as written in Markdown: no HTML element, no image, no lone surrogate."""
    return html.escape(valid(text or ""), quote=False).replace("![", "!\\[")


def no_paths(text: str) -> str:
    """``text`` with every absolute file path (and a ``docs:``/``pdf:`` source naming one) cut to its last part."""
    def last(match: re.Match[str]) -> str:
        parts = [p for p in re.split(r"[/\\]", match.group()) if p]
        return parts[-1] if parts and ":" not in parts[-1] else "…"
    return ABSOLUTE_PATH.sub(last, text or "")


def for_person(text: str) -> str:
    """A status or refusal line for the page: no server path, no markup."""
    return plain(no_paths(text))
