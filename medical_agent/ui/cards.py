"""The four panels as HTML a person can read in a 320-pixel column: the slots as chips, the profile as a card
grouped by slot (time decay as a bar), the retrieved passages as cards with a kept / dropped mark, and the refine
log as a timeline (route → search → relevance → checks → stop). A 5-to-9-column table in that width broke its
headers and words one letter per line (issue 34). Every word comes from the label table in the interface's
language; what people and documents wrote is escaped (``formatting.esc``). Pure functions of a turn result."""

from __future__ import annotations

from typing import Any

from .formatting import Namer, day, esc, reading_name, reading_value, shown_name
from .labels import term, text

ENTITY_SLOTS = ("conditions", "symptoms", "medications")
READING_SLOTS = ("vitals", "labs")
SNIPPET_CHARS = 220
UNGATED = ("", "ungated", None)


def empty(key: str, lang: str) -> str:
    return f'<p class="ma-empty">{esc(text(key, lang))}</p>'


def _badge(assertion: str, lang: str) -> str:
    return f'<span class="ma-badge ma-{esc(assertion)}">{esc(term("badge", assertion, lang))}</span>'


def _demographic(key: str, value: Any, lang: str) -> str:
    if key == "age_group":
        return text("age_group", lang, g=str(value).rstrip("s"))
    return term("value", value, lang) if f"value.{value}" in _VALUE_KEYS else str(value)


_VALUE_KEYS = {"value.male", "value.female", "value.True", "value.False"}


# ----- slots: what this message held ---------------------------------------------------------------------
def slot_chips(slot_out: dict[str, Any] | None, lang: str, namer: Namer | None = None) -> str:
    """One chip per fact: the slot's word, the name (the words as said beside it), the assertion badge; the
    concept code and the linker's confidence on hover."""
    if not slot_out:
        return empty("slots_empty", lang)
    chips = []
    for key, value in (slot_out.get("demographics") or {}).items():
        if value is not None:
            chips.append(f'<span class="ma-chip"><b>{esc(term("demo", key, lang))}</b> '
                         f'{esc(_demographic(key, value, lang))}</span>')
    for slot in ENTITY_SLOTS:
        for item in slot_out.get(slot) or []:
            hover = " · ".join(str(x) for x in (item.get("name"), item.get("cui"), item.get("confidence")) if x)
            detail = " ".join(str(item[k]) for k in ("dose", "duration") if item.get(k))
            said = item.get("text") or ""
            name = shown_name(item, lang, namer)
            chips.append(f'<span class="ma-chip" title="{esc(hover)}"><b>{esc(term("slot", slot, lang))}</b> '
                         f'{esc(name)}' + (f' <small>“{esc(said)}”</small>' if said and said != name else "")
                         + (f" <small>{esc(detail)}</small>" if detail else "")
                         + f" {_badge(item.get('assertion', ''), lang)}</span>")
    for slot in READING_SLOTS:
        for r in slot_out.get(slot) or []:
            chips.append(f'<span class="ma-chip"><b>{esc(reading_name(r["type"], lang))}</b> '
                         f'{esc(reading_value(r))}</span>')
    return f'<div class="ma-chips">{"".join(chips)}</div>' if chips else empty("slots_empty", lang)


# ----- profile: what is stored, grouped by slot ----------------------------------------------------------
def _decay(weight: float, lang: str) -> str:
    share = max(0.0, min(1.0, weight))
    label = esc(text("weight", lang, w=f"{share:.2f}"))
    return (f'<span class="ma-decay" title="{label}" aria-label="{label}" role="img">'
            f'<span style="width:{round(share * 100)}%"></span></span>')


def _row(name: str, badges: str, meta: list[str], weight: float) -> str:
    return (f'<div class="ma-row"><span class="ma-name">{name}</span>{badges}'
            f'<span class="ma-meta">{" · ".join(meta)}</span>{weight}</div>')


def _entity_row(item: dict[str, Any], lang: str, namer: Namer | None) -> str:
    meta = []
    if item.get("text") and item["text"] != shown_name(item, lang, namer):
        meta.append(esc(text("said_as", lang, text=item["text"])))
    if item.get("source") == "record":
        meta.append(esc(text("from_record", lang)))
    if item.get("timestamp"):
        meta.append(esc(text("said_on", lang, date=day(item["timestamp"]))))
    if item.get("conflict"):
        meta.append("⚠️ " + esc(text("later", lang, text=item["conflict"].get("text", ""))))
    return _row(esc(shown_name(item, lang, namer)), _badge(item.get("assertion", ""), lang), meta,
                _decay(float(item.get("temporal_weight", 1.0)), lang))


def _reading_row(r: dict[str, Any], lang: str) -> str:
    state = "current" if r.get("current") else "past" if r.get("past") else ""
    badge = f'<span class="ma-badge ma-{state}">{esc(text(state, lang))}</span>' if state else ""
    meta = [esc(text("measured", lang, date=day(r.get("timestamp"))))] if r.get("timestamp") else []
    if r.get("source") == "record":
        meta.append(esc(text("from_record", lang)))
    return _row(f"{esc(reading_name(r['type'], lang))} <b>{esc(reading_value(r))}</b>", badge, meta,
                _decay(float(r.get("temporal_weight", 1.0)), lang))


def profile_card(profile: dict[str, Any] | None, lang: str, namer: Namer | None = None) -> str:
    """The stored profile grouped by slot; each item with its badge, when it was said or measured, and a bar for
    its time-decayed weight (a full bar: just said; an empty one: about to fade)."""
    if not profile:
        return empty("profile_empty", lang)
    groups = []
    about = [f'<span class="ma-chip"><b>{esc(term("demo", k, lang))}</b> {esc(_demographic(k, v, lang))}</span>'
             for k, v in (profile.get("demographics") or {}).items() if v is not None]
    if about:
        groups.append((term("slot", "demographics", lang), f'<div class="ma-chips">{"".join(about)}</div>'))
    for slot in ENTITY_SLOTS:
        rows = [_entity_row(item, lang, namer) for item in profile.get(slot) or []]
        if rows:
            groups.append((term("slot", slot, lang), "".join(rows)))
    for slot in READING_SLOTS:
        rows = [_reading_row(r, lang) for r in profile.get(slot) or []]
        if rows:
            groups.append((term("slot", slot, lang), "".join(rows)))
    if not groups:
        return empty("profile_empty", lang)
    return '<div class="ma-card">' + "".join(f'<section><h4>{esc(title)}</h4>{body}</section>'
                                             for title, body in groups) + "</div>"


# ----- documents: the passages the answer could use -------------------------------------------------------
def _doc_card(n: int | None, doc: dict[str, Any], lang: str, marks: list[tuple[str, str]]) -> str:
    page = doc.get("page") or (doc.get("metadata") or {}).get("page")     # a summary's, or a dropped passage's
    where = [esc(doc.get("source") or "")] if doc.get("source") and doc.get("source") not in ("jsonl", "assets") \
        else []
    if page:
        where.append(esc(text("page", lang, page=page)))
    if doc.get("url"):
        where.append(f'<a href="{esc(doc["url"])}" target="_blank" rel="noopener noreferrer">'
                     f'{esc(str(doc["url"]).split("/")[2] if str(doc["url"]).count("/") >= 2 else doc["url"])}</a>')
    where.append(esc(text("score", lang, s=f"{float(doc.get('score') or 0.0):.3f}")))
    snippet = " ".join((doc.get("text") or "").split())[:SNIPPET_CHARS]
    badges = "".join(f'<span class="ma-badge ma-{cls}">{esc(label)}</span>' for cls, label in marks)
    number = f'<span class="ma-n">[{n}]</span> ' if n is not None else ""
    return (f'<article class="ma-doc"><div class="ma-doc-head">{number}<b>{esc(doc.get("title") or doc.get("doc_id"))}'
            f'</b>{badges}</div><div class="ma-meta">{" · ".join(where)}</div>'
            f'<p class="ma-snippet">{esc(snippet)}</p></article>')


def document_cards(result: dict[str, Any] | None, lang: str) -> str:
    """The passages in the order the answer numbers them: title, where from, score, two lines of text, "cited",
    and once the relevance gate has judged them "kept" (or "dropped" for those the model marked unhelpful); the
    passages the gate dropped follow, folded."""
    result = result or {}
    docs, dropped = result.get("retrieved_docs") or [], result.get("dropped_docs") or []
    if not docs and not dropped:
        return empty("documents_empty", lang)
    cited = {c.get("n") for c in result.get("citations") or []}
    gated = result.get("evidence_verdict") not in UNGATED
    used = (result.get("gate") or {}).get("llm_relevant")
    cards = []
    for n, doc in enumerate(docs, start=1):
        marks = [("cited", "✔ " + text("cited", lang))] if n in cited else []
        if gated:
            kept = used is None or n in used
            marks.append(("kept", text("kept", lang)) if kept else ("dropped", text("dropped", lang)))
        cards.append(_doc_card(n, doc, lang, marks))
    if dropped:
        folded = "".join(_doc_card(None, d, lang, [("dropped", text("dropped", lang))]) for d in dropped)
        cards.append(f'<details class="ma-dropped"><summary>{esc(text("dropped_fold", lang, n=len(dropped)))}'
                     f"</summary>{folded}</details>")
    return "".join(cards)


# ----- refine log: what was checked, as a timeline --------------------------------------------------------
def checks_text(entry: dict[str, Any], lang: str) -> str:
    """What one verification found: claims supported, the grades (or the heuristic's parts), the language."""
    claims = [c for c in entry.get("claims") or [] if c.get("supported") is not None]
    scores = entry.get("grades") or {k.replace("_score", ""): v for k, v in (entry.get("parts") or {}).items()}
    out = [text("supported", lang, a=sum(bool(c["supported"]) for c in claims), b=len(claims))] if claims else []
    out += [f"{term('part', k, lang)} {float(v):.2f}" for k, v in scores.items()]
    if entry.get("language_ok") is False:
        out.append(text("wrong_language", lang))
    return ", ".join(out)


def _item(label: str, body: str, cls: str = "") -> str:
    return f'<li class="{cls}"><b>{esc(label)}</b> {body}</li>'


def route_items(result: dict[str, Any], lang: str) -> list[str]:
    """The router's decision: the route, a follow-up read as what it pointed at, the plan's parts with their
    passage counts, what no passage covered, a web fallback."""
    route = result.get("route")
    if not route:
        return []
    items = [_item(text("route", lang), esc(term("route", route, lang)))]
    follow = result.get("followup") or {}
    if follow.get("source") == "llm":
        items.append(_item("↪", esc(text("followup_llm", lang, standalone=follow.get("standalone")))))
    elif follow:
        items.append(_item("↪", esc(text("followup", lang, phrase=follow.get("phrase"),
                                         referent=follow.get("referent"), standalone=follow.get("standalone")))))
    plan = result.get("plan") or {}
    parts, hits = plan.get("subtasks") or [], plan.get("hits") or []
    if len(parts) > 1 or plan.get("source") == "llm":
        body = " · ".join(text("plan_part", lang, n=n, text=p.get("text"), q=len(p.get("queries") or []),
                               p=len(hits[n - 1]) if n <= len(hits) else 0) for n, p in enumerate(parts, start=1))
        items.append(_item(text("plan_llm" if plan.get("source") == "llm" else "plan", lang), esc(body)))
    if result.get("evidence_gap"):
        items.append(_item(text("not_in_sources", lang), esc(", ".join(result["evidence_gap"]))))
    web = [d for d in result.get("retrieved_docs") or [] if d.get("source") == "web"]
    if web:
        hosts = sorted({(d.get("url") or "").split("/")[2] for d in web if (d.get("url") or "").count("/") >= 2})
        items.append(_item(text("web_fallback", lang, n=len(web)), esc(", ".join(hosts))))
    return items


def _doc_change(before: list[str] | None, now: list[str], lang: str) -> str:
    if before is None:
        return ""
    added, removed = len(set(now) - set(before)), len(set(before) - set(now))
    return text("docs_change", lang, added=added, removed=removed) if added or removed else text("docs_same", lang)


def refine_timeline(result: dict[str, Any] | None, lang: str) -> str:
    """route → search → relevance → each check (quality, what it found, the decision) → why it stopped."""
    result = result or {}
    logs = result.get("refine_iteration_logs") or []
    items = route_items(result, lang)
    searched: list[str] | None = None
    for entry in logs:
        docs = entry.get("doc_ids")
        if docs is not None and docs != searched:
            change = _doc_change(searched, docs, lang)
            items.append(_item("🔎", esc(text("step_search", lang, query=entry.get("query") or "", n=len(docs))
                                          + (f" ({change})" if change else ""))))
            verdict = entry.get("evidence_verdict")
            if verdict not in UNGATED:
                n = len(docs) + len((entry.get("gate") or {}).get("dropped") or [])
                items.append(_item("⚖", esc(text("step_kept", lang, kept=len(docs), n=n,
                                                 verdict=term("verdict", verdict, lang)))))
            searched = docs
        if entry.get("quality_score") is None:
            continue
        found = checks_text(entry, lang)
        body = [text("quality", lang, q=f"{float(entry['quality_score']):.2f}"), *([found] if found else []),
                term("judge", entry.get("judge", ""), lang)]
        if entry.get("missing_info"):
            body.append(text("missing", lang, items=", ".join(entry["missing_info"])))
        decision = f" → {esc(term('action', entry['action'], lang))}" if entry.get("action") else ""
        items.append(_item(text("verification", lang, n=entry.get("step", entry.get("iteration", 0))),
                           esc(" · ".join(body)) + decision))
    stop = next((e.get("stop_reason") for e in reversed(logs) if e.get("stop_reason")), None) \
        or result.get("stop_reason")
    if stop:
        items.append(_item("⏹", esc(text("step_stop", lang, reason=term("stop", stop, lang))), "ma-stop"))
    return f'<ol class="ma-timeline">{"".join(items)}</ol>' if items else empty("refine_empty", lang)


def quality_points(logs: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    return [{"iteration": e.get("step", e.get("iteration", i)), "quality_score": float(e.get("quality_score") or 0.0)}
            for i, e in enumerate(logs or []) if e.get("quality_score") is not None]
