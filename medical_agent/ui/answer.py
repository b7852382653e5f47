"""The chat's messages for one turn, pure: the answer (an emergency banner first when the turn raised a red flag,
the text shown as written, then its sources, the table rows for the question's numbers and the sources' warnings)
and the agent's steps as one collapsible message (Gradio's ``metadata`` "thought": searched, passages kept,
checks, decision, stop, time).

The answer's headings follow the answer's language (one block, one language, whatever the interface shows); the
steps follow the interface's language. The steps are a message of their own, placed before the answer they
explain, so the answer's text (and ``chat[-1]`` for API clients) never holds them.
"""

from __future__ import annotations

import re
from typing import Any

from ..red_flags import EMERGENCY, SUICIDE_LINE
from .cards import checks_text
from .formatting import Namer, esc, shown_name
from .labels import lang_of, term, text
from .text_safety import plain

EMERGENCY_LINES = {line: lang for table in (EMERGENCY, SUICIDE_LINE) for lang, line in table.items()}
PHONE = re.compile(r"(?<![\d/])(119|109|911|988)(?![\d/])")


def emergency_split(answer: str) -> tuple[str | None, str, str]:
    """(the red-flag line, its language, the rest) when ``answer`` opens with one, else (None, "", answer)."""
    for line, lang in EMERGENCY_LINES.items():
        if answer.startswith(line):
            return line, lang, answer[len(line):].lstrip("\n")
    return None, "", answer


def emergency_banner(line: str, lang: str) -> str:
    """The red-flag line as an alert block: its own colour and icon, the numbers to call as ``tel:`` links."""
    words = PHONE.sub(lambda m: f'<a href="tel:{m.group(1)}">{m.group(1)}</a>', esc(line.removeprefix("🚨").strip()))
    return (f'<div class="ma-emergency" role="alert"><span class="ma-emergency-icon" aria-hidden="true">🚨</span>'
            f"<div><strong>{esc(text('emergency', lang))}</strong><br>{words}</div></div>")


def sources_footer(result: dict[str, Any], lang: str) -> str:
    """After the answer: one line per cited passage ([n] document — section or page · reviewed · source), the
    table rows that hold the question's numbers and the warnings of the cited passages (the structured answer's,
    the same the CLI and the /chat API return). A list, not a table: a table's columns broke words in a narrow
    chat."""
    synthesis = result.get("synthesis") or {}
    rows = synthesis.get("references") or [{"n": c["n"], "title": c.get("title") or c.get("doc_id"), "section": "",
                                            "source": "", "url": c.get("url", "")} for c in result.get("citations") or []]
    if not rows:
        return ""
    lines = ["", "", f"**{text('sources', lang)}**", ""]
    for r in rows:
        title = plain(str(r.get("title") or "")).replace("[", "(").replace("]", ")")
        doc = f"[{title}]({r['url']})" if r.get("url") else title
        section = text("page", lang, page=r["page"]) if r.get("page") else plain(str(r.get("section") or ""))
        where = [w for w in (section, term("review", r.get("review"), lang) if r.get("review") else "",
                             plain(str(r.get("source") or ""))) if w and w not in ("jsonl", "assets")]
        lines.append(f"- [{r['n']}] {doc}" + (f" — {' · '.join(where)}" if where else ""))
    table_rows = synthesis.get("table_rows") or []
    if table_rows:
        lines += ["", f"**{text('table_row', lang)}**", *[f"- {plain(str(r))}" for r in table_rows]]
    warnings = synthesis.get("warnings") or []
    if warnings:
        lines += ["", f"**{text('warnings', lang)}**", *[f"- {plain(str(w))}" for w in warnings]]
    return "\n".join(lines)


def answer_content(answer: str, result: dict[str, Any] | None = None) -> str:
    """The answer as the chat shows it: the banner, the text (escaped), then the sources once ``result`` is in."""
    line, line_lang, rest = emergency_split(answer)
    banner = emergency_banner(line, line_lang) + "\n\n" if line else ""
    lang = lang_of((result or {}).get("language") or line_lang or "en")
    return banner + plain(rest) + (sources_footer(result, lang) if result else "")


# ----- the agent's steps ---------------------------------------------------------------------------------
def _facts(slot_out: dict[str, Any] | None, lang: str, namer: Namer | None) -> list[str]:
    found = []
    for slot in ("conditions", "symptoms", "medications"):
        for item in (slot_out or {}).get(slot) or []:
            if item.get("assertion") not in ("negated", "hypothetical"):
                found.append(f"{term('slot', slot, lang)} {shown_name(item, lang, namer)}")
    return found


def step_lines(result: dict[str, Any], lang: str, namer: Namer | None = None) -> list[str]:
    """What the agent did so far, one line per step (a partial result while the turn runs)."""
    lines = []
    if "slot_out" in result:
        facts = _facts(result.get("slot_out"), lang, namer)
        lines.append(text("step_read", lang, items=", ".join(facts)) if facts else text("step_read_none", lang))
    if result.get("cache_hit"):
        lines.append(text("step_cache", lang, s=f"{float(result.get('cache_similarity_score') or 0):.2f}"))
    searches = [e for e in result.get("refine_iteration_logs") or [] if e.get("doc_ids") is not None]
    queries = list(dict.fromkeys(e.get("query") or "" for e in searches))
    docs, dropped = result.get("retrieved_docs"), result.get("dropped_docs") or []
    for query in queries or ([result.get("query_for_retrieval") or ""] if docs is not None else []):
        lines.append(text("step_search", lang, query=query, n=len(docs or []) + len(dropped)))
    verdict = result.get("evidence_verdict")
    if docs is not None and verdict not in ("", "ungated", None):
        lines.append(text("step_kept", lang, kept=len(docs), n=len(docs) + len(dropped),
                          verdict=term("verdict", verdict, lang)))
    checked = [e for e in result.get("refine_iteration_logs") or [] if e.get("quality_score") is not None]
    if checked:
        last = checked[-1]
        found = checks_text(last, lang)
        lines.append(text("step_checks", lang, checks=", ".join(
            [text("quality", lang, q=f"{float(last['quality_score']):.2f}"), *([found] if found else [])])))
        if last.get("action"):
            lines.append(text("step_decision", lang, action=term("action", last["action"], lang)))
    if result.get("stop_reason"):
        lines.append(text("step_stop", lang, reason=term("stop", result["stop_reason"], lang)))
    return lines


def steps_message(result: dict[str, Any], lang: str, seconds: float | None = None,
                  namer: Namer | None = None) -> dict[str, Any]:
    """The steps as one collapsed "thought" message; its title says "working" until ``seconds`` is known."""
    title = text("steps_title", lang, s=f"{seconds:.1f}") if seconds is not None else text("steps_working", lang)
    lines = step_lines(result, lang, namer) or [text("steps_working", lang)]
    return {"role": "assistant", "content": "\n".join(f"- {plain(line)}" for line in lines),
            "metadata": {"title": title, "status": "done"}}
