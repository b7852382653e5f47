"""Demo benchmark: `python app.py` as a real subprocess, driven over HTTP with gradio_client.

Measures (a) seconds from process start until the page answers HTTP 200, (b) seconds from submitting a
message until the first assistant text is visible (the first streamed frame that is not the "…"
placeholder), on the default index in offline mode, and (c) N concurrent sessions, each its own
gradio_client (so its own browser session, user and thread): error count and latency percentiles.
Targets (issue 6): ready ≤ 15 s, first token ≤ 1 s, 20 concurrent sessions without error.
"""

from __future__ import annotations

import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ...settings import PROJECT_ROOT, Settings
from ...ui.app import EXAMPLES, SORRY
from ...ui.formatting import message_text

PLACEHOLDER = "…"
QUESTIONS = [*EXAMPLES, "고혈압약을 먹고 있는데 두통이 있어요. 괜찮을까요?", "What is a normal HbA1c for diabetes?",
             "메트포르민은 언제 먹어야 하나요?", "Can I drink alcohol while taking metformin?"]
READY_LINE = re.compile(r"agent ready after ([0-9.]+) s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))], 3)


def index_exists(directory: Path) -> bool:
    """Whether the start will load the index rather than build it (a build takes minutes, not seconds)."""
    from ...retrieval.index_store import IndexLoadError, read_manifest

    try:
        read_manifest(directory)
    except IndexLoadError:
        return False
    return True


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system, all threads) a process has used so far: on a busy machine the wall-clock
    ready time mostly measures the other load, this measures the app (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return round((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), 2)


def wait_http_ok(url: str, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"app.py exited with code {proc.returncode} before serving")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.05)
    raise TimeoutError(f"no HTTP 200 from {url} within {timeout:.0f} s")


def chat_args(message: str) -> tuple[Any, ...]:
    """The /chat API inputs: message, history, mode, ablation profile, self-refine, active retrieval, cache.
    The cache is off so every turn does the real work (a repeated question would otherwise be a cache hit)."""
    return message, [], "AI Agent", "full_context_engineering", True, True, False


def timed_turn(client: Any, message: str) -> dict[str, Any]:
    """Submit one message; time the first visible assistant text and the complete answer."""
    start = time.perf_counter()
    job = client.submit(*chat_args(message), api_name="/chat")
    first: float | None = None
    for update in job:
        text = message_text(update[0][-1]) if update and update[0] else ""
        if first is None and text and text != PLACEHOLDER:
            first = time.perf_counter() - start
    final = job.result()
    answer = message_text(final[0][-1])
    return {"first_token_s": first, "total_s": time.perf_counter() - start,
            "ok": bool(answer) and not answer.startswith("⚠️") and answer != SORRY}


def concurrent_sessions(url: str, n: int) -> dict[str, Any]:
    from gradio_client import Client

    clients = [Client(url, verbose=False) for _ in range(n)]

    def one(i: int) -> dict[str, Any]:
        try:
            return timed_turn(clients[i], QUESTIONS[i % len(QUESTIONS)])
        except Exception as exc:  # counted, reported by type
            return {"ok": False, "error": type(exc).__name__}

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=n) as pool:
        results = list(pool.map(one, range(n)))
    latencies = [r["total_s"] for r in results if r.get("ok")]
    return {"sessions": n, "errors": sum(not r.get("ok") for r in results), "wall_s": round(time.perf_counter()
            - start, 3), "latency_p50_s": percentile(latencies, 0.5), "latency_p95_s": percentile(latencies, 0.95),
            "latency_max_s": percentile(latencies, 1.0),
            "error_types": sorted({r["error"] for r in results if r.get("error")})}


@contextmanager
def running_app(env: dict[str, str], log_path: Path, timeout: float) -> Iterator[tuple[str, subprocess.Popen, float]]:
    """`python app.py` on a free port with ``env`` over the environment (offline LLM, no share link); yields its
    URL, the process and the seconds until it answered HTTP 200; stops it afterwards."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    env = {**os.environ, "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port),
           "MEDAGENT_LLM": "offline", "MEDAGENT_SHARE": "false", **env}
    with log_path.open("w", encoding="utf-8") as log:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "app.py"], cwd=PROJECT_ROOT, env=env, stdout=log,
                                stderr=subprocess.STDOUT)
        try:
            wait_http_ok(url, proc, timeout)
            yield url, proc, time.perf_counter() - start
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:     # stuck in a C call (a bomb being inflated): no clean stop
                proc.kill()
                proc.wait()


def bench_ui(settings: Settings, sessions: int = 20, turns: int = 5, timeout: float = 600.0) -> dict[str, Any]:
    """Start `python app.py` (offline LLM, a throw-away database), measure, stop it."""
    from gradio_client import Client

    load_start = round(os.getloadavg()[0], 2)   # other work on the machine slows every number here
    index_present = index_exists(settings.paths.index_dir)
    with tempfile.TemporaryDirectory(prefix="ui-bench-") as tmp:
        log_path = Path(tmp) / "app.log"
        with running_app({"MEDAGENT_DB_PATH": str(Path(tmp) / "agent.sqlite")}, log_path, timeout) as (url, proc,
                                                                                                        ready_s):
            start = time.perf_counter() - ready_s
            ready_cpu = cpu_seconds(proc.pid)
            client = Client(url, verbose=False)
            cold = timed_turn(client, QUESTIONS[0])          # waits for the background agent start-up
            cold_from_start = time.perf_counter() - start
            warm = [timed_turn(Client(url, verbose=False), QUESTIONS[i % len(QUESTIONS)])
                    for i in range(1, turns + 1)]
            load = concurrent_sessions(url, sessions)
        agent_ready = READY_LINE.search(log_path.read_text(encoding="utf-8", errors="replace"))
    firsts = [t["first_token_s"] for t in warm if t["first_token_s"] is not None]
    return {"command": "python app.py", "index": str(settings.paths.index_dir), "index_present_at_start": index_present,
            "llm": "offline", "ready_http_s": round(ready_s, 3),
            "ready_cpu_s": ready_cpu,
            "agent_ready_s": float(agent_ready.group(1)) if agent_ready else None,
            "first_answer_after_start_s": round(cold_from_start, 3),
            "first_token_s": {"turns": len(warm), "each": [round(f, 3) for f in firsts],
                              "p50": percentile(firsts, 0.5),
                              "max": percentile(firsts, 1.0),
                              "mean": round(statistics.fmean(firsts), 3) if firsts else None},
            "turn_total_s_p50": percentile([t["total_s"] for t in warm], 0.5),
            "warm_errors": sum(not t["ok"] for t in [cold, *warm]),
            "concurrent": load, "cpus": os.cpu_count(),
            "load_average_1min": {"start": load_start, "end": round(os.getloadavg()[0], 2)},
            "targets": {"ready_http_s": 15.0, "first_token_s": 1.0, "concurrent_errors": 0}}
