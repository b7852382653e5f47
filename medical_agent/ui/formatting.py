"""Turn results into panel rows (pure functions, so the panels are testable without a browser)."""

from __future__ import annotations

from typing import Any

from .text_safety import plain

BADGES = {"present": "✅ present", "negated": "🚫 negated", "family": "👪 family", "historical": "🕘 history",
          "hypothetical": "❓ asked about", "reported": "🗣 reported"}
ENTITY_SLOTS = ("conditions", "symptoms", "medications")


def _reading_value(r: dict[str, Any]) -> str:
    if r.get("type") == "blood_pressure":
        return f"{r.get('systolic')}/{r.get('diastolic')} {r.get('unit', '')}"
    return f"{r.get('value')} {r.get('unit', '')}".strip()


def slot_rows(slot_out: dict[str, Any] | None) -> list[list[Any]]:
    if not slot_out:
        return []
    rows: list[list[Any]] = []
    for key, value in (slot_out.get("demographics") or {}).items():
        if value is not None:
            rows.append(["demographics", key, str(value), "", ""])
    for slot in ENTITY_SLOTS:
        for item in slot_out.get(slot) or []:
            detail = " ".join(f"{k}: {item[k]}" for k in ("dose", "duration") if item.get(k))
            rows.append([slot, f"{item['name']} ({item['text']})", f"{item.get('cui', '')} {detail}".strip(),
                         BADGES.get(item.get("assertion", ""), item.get("assertion", "")),
                         f"{item.get('confidence', '')}"])
    for slot in ("vitals", "labs"):
        for r in slot_out.get(slot) or []:
            rows.append([slot, r["type"], _reading_value(r), BADGES["present"], ""])
    return rows


def _from_record(item: dict[str, Any]) -> str:
    return " · from your record" if item.get("source") == "record" else ""


def profile_rows(profile: dict[str, Any] | None) -> list[list[Any]]:
    if not profile:
        return []
    rows: list[list[Any]] = []
    for key, value in profile["demographics"].items():
        if value is not None:
            rows.append(["demographics", key, str(value), "", ""])
    for slot in ENTITY_SLOTS:
        for item in profile[slot]:
            status = BADGES.get(item["assertion"], item["assertion"])
            if item.get("conflict"):
                status += f" ⚠️ later: “{item['conflict']['text']}”"
            if item.get("timestamp"):                       # when it was last said (or imported)
                status += " · " + item["timestamp"][:16].replace("T", " ")
            rows.append([slot, item["name"], item.get("text", "") + _from_record(item), status,
                         f"{item.get('temporal_weight', 1.0):.2f}"])
    for slot in ("vitals", "labs"):
        for r in profile[slot]:
            when = " (current)" if r.get("current") else " (past)" if r.get("past") else ""
            rows.append([slot, r["type"] + when, _reading_value(r) + _from_record(r),
                         r["timestamp"][:16].replace("T", " "), f"{r.get('temporal_weight', 1.0):.2f}"])
    return rows


def document_rows(docs: list[dict[str, Any]] | None, citations: list[dict[str, Any]] | None) -> list[list[Any]]:
    cited = {c["n"] for c in citations or []}
    rows = []
    for n, d in enumerate(docs or [], start=1):
        link = f"[{d.get('url')}]({d.get('url')})" if d.get("url") else ""
        if d.get("page"):        # a passage of a document: the file, its page and what kind of element it is (a
            # Markdown cell: shown as text)
            link = plain(f"{d.get('source')}, p. {d['page']}" + (f" ({d['category']})" if d.get("category") else ""))
        snippet = " ".join((d.get("text") or "").split())[:220]
        rows.append([f"[{n}]" + (" ✔ cited" if n in cited else ""), d.get("title") or d.get("doc_id"),
                     round(float(d.get("score") or 0.0), 4), link, snippet])
    return rows


def checks_text(entry: dict[str, Any]) -> str:
    """What the verification found: claims supported, the grades (or the heuristic's parts), the language."""
    claims = entry.get("claims") or []
    cited = [c for c in claims if c.get("supported") is not None]
    scores = entry.get("grades") or {k.replace("_score", ""): v for k, v in (entry.get("parts") or {}).items()}
    out = [f"supported {sum(bool(c['supported']) for c in cited)}/{len(cited)}"] if cited else []
    out += [f"{k} {v:.2f}" for k, v in scores.items()]
    if entry.get("language_ok") is False:
        out.append("wrong language")
    return ", ".join(out)


def refine_rows(logs: list[dict[str, Any]] | None, stop_reason: str | None) -> list[list[Any]]:
    """One row per verification: step, quality, the query its evidence came from, documents added and removed
    since the step before, the checks (per dimension), judge, action, missing info, stop reason."""
    rows, previous = [], None
    for entry in logs or []:
        quality = entry.get("quality_score")
        step = entry.get("step", entry.get("iteration"))
        docs = entry.get("doc_ids")
        rows.append([step, None if quality is None else round(float(quality), 3), entry.get("query") or "",
                     _doc_changes(previous, docs), checks_text(entry), entry.get("judge", ""),
                     entry.get("action") or "", ", ".join(entry.get("missing_info") or []),
                     entry.get("stop_reason") or ""])
        previous = docs if docs is not None else previous
    if rows and not rows[-1][-1] and stop_reason:
        rows[-1][-1] = stop_reason
    return rows


def _doc_changes(before: list[str] | None, now: list[str] | None) -> str:
    if now is None:
        return ""
    if before is None:
        return f"{len(now)} docs"
    added, removed = len(set(now) - set(before)), len(set(before) - set(now))
    return f"+{added} −{removed}" if added or removed else "same"


def quality_points(logs: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    return [{"iteration": e.get("step", e.get("iteration", i)), "quality_score": float(e.get("quality_score") or 0.0)}
            for i, e in enumerate(logs or []) if e.get("quality_score") is not None]


def message_text(message: dict[str, Any] | str | None) -> str:
    """The text of a chat message. Gradio 6 returns ``content`` as a list of parts ({"type": "text", "text"}),
    older code and our own handler use a plain string; callers reading history (tests, gradio_client users,
    the benchmark) must accept both."""
    content = message.get("content") if isinstance(message, dict) else message
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        return str(content.get("text") or "")
    return "".join(str(p.get("text") or "") if isinstance(p, dict) else str(p) for p in content or [])


def route_text(result: dict[str, Any]) -> str:
    """The router's decision in a line or three: the route, a follow-up read as what it pointed at, the plan's parts
    with their passage counts, and the medicines or conditions no passage covered."""
    route = result.get("route")
    if not route:
        return ""
    lines = [f"**Route:** `{route}`"]
    follow = result.get("followup") or {}
    if follow.get("source") == "llm":
        lines.append(f"**Follow-up (read by the model):** searched as: {follow.get('standalone')}")
    elif follow:
        lines.append(f"**Follow-up:** \"{follow.get('phrase')}\" → **{follow.get('referent')}** "
                     f"(from the {follow.get('source')}) — searched as: {follow.get('standalone')}")
    plan = result.get("plan") or {}
    parts = plan.get("subtasks") or []
    hits = plan.get("hits") or []
    if len(parts) > 1 or plan.get("source") == "llm":
        lines.append(("**Plan (by the model):** " if plan.get("source") == "llm" else "**Plan:** ") + " · ".join(
            f"({n}) {p.get('text')} — {len(p.get('queries') or [])} queries, "
            f"{len(hits[n - 1]) if n <= len(hits) else 0} passages"
            for n, p in enumerate(parts, start=1)))
    gap = result.get("evidence_gap") or []
    if gap:
        lines.append("**Not in the sources:** " + ", ".join(gap))
    web = [d for d in result.get("retrieved_docs") or [] if d.get("source") == "web"]
    if web:
        hosts = sorted({(d.get("url") or "").split("/")[2] for d in web if (d.get("url") or "").count("/") >= 2})
        lines.append(f"**Web fallback:** {len(web)} page(s)" + (f" from {', '.join(hosts)}" if hosts else ""))
    return "  \n".join(lines)
