"""`python -m medical_agent bench bombs`: the hostile files of issue 33 sent to a real `python app.py` over
gradio_client, as a careless or hostile visitor would, and what each costs the server.

For every file (bomb_files.BOMBS): the app's peak RSS above its resting RSS while the file is handled — the app
process alone (its VmHWM, reset before each file) and the app with its child processes (sampled every 10 ms; the
document and record readers run in a child) — the seconds until the answer, the answer's first line, and the RSS
a few seconds later (what the file left behind). A file still being handled after ``--timeout`` seconds is
reported as such and the app restarted. Then the concurrency check: another person's turn while the 5,000-entry
bundle is imported again and again, against the same person's turns on an idle app.
Targets (issue 33): peak RSS ≤ +300 MB for each file; the 5,000-entry bundle refused or imported in ≤ 2 s;
the other person's turn ≤ 2 × its idle time meanwhile. The same is measured while someone uploads an ordinary
100-page PDF (indexing: parsing in the child, embedding in the app).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any

from .bomb_files import BOMBS, MB, bundle_conditions, pdf_pages, write_all
from .replicas import wait_agent_ready
from .ui import QUESTIONS, chat_args, running_app

SAMPLE_S = 0.01


def _status(pid: int, key: str) -> int:
    """A /proc/<pid>/status value in bytes (VmRSS, VmHWM); 0 for a process that has gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                children = [int(c) for c in Path(f"/proc/{parent}/task/{task}/children").read_text().split()]
            except (OSError, ValueError):
                continue
            found += children
            todo += children
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def tree_rss(pid: int) -> int:
    """The app's RSS plus its children's. A child between fork and exec still shows the app's pages as its own
    (shared, not new memory): it is recognised by the app's command line and not counted."""
    app = _cmdline(pid)
    return _status(pid, "VmRSS") + sum(_status(c, "VmRSS") for c in descendants(pid) if _cmdline(c) != app)


class PeakSampler(threading.Thread):
    """The largest RSS of the app and its children while it runs, sampled every 10 ms."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak, self.stopped = pid, 0, threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            self.peak = max(self.peak, tree_rss(self.pid))
            time.sleep(SAMPLE_S)

    def stop(self) -> int:
        self.stopped.set()
        self.join()
        return max(self.peak, tree_rss(self.pid))


def reset_peak(pid: int) -> bool:
    """Reset the process's VmHWM to its current RSS (Linux ≥ 4.0: write 5 to clear_refs)."""
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def send(client: Any, bomb_entry: str, path: Path) -> str:
    from gradio_client import handle_file

    if bomb_entry == "documents":
        out = client.predict([handle_file(str(path))], api_name="/upload_documents")
    else:
        out = client.predict(handle_file(str(path)), api_name="/import_record")
    notes = [o for o in out if isinstance(o, str) and o.strip().startswith(("✔", "⚠️"))]
    return (notes[0] if notes else str(out[0])).strip().splitlines()[0][:200]


def measure(url: str, pid: int, entry: str, path: Path, timeout: float) -> dict[str, Any]:
    from gradio_client import Client

    client = Client(url, verbose=False)
    time.sleep(1.0)
    rest, exact = tree_rss(pid), reset_peak(pid)
    sampler = PeakSampler(pid)
    sampler.start()
    result: dict[str, Any] = {}

    def call() -> None:
        try:
            result["answer"] = send(client, entry, path)
        except Exception as exc:  # reported: a refusal the client cannot parse is still a result
            result["answer"] = f"client error {type(exc).__name__}: {str(exc)[:120]}"

    start = time.perf_counter()
    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    worker.join(timeout)
    seconds = time.perf_counter() - start
    peak = sampler.stop()
    app_peak = _status(pid, "VmHWM") if exact else 0
    time.sleep(3.0)
    return {"file_kb": path.stat().st_size // 1024, "seconds": round(seconds, 2), "finished": not worker.is_alive(),
            "answer": result.get("answer", f"still running after {timeout:.0f} s"),
            "rest_mb": round(rest / MB), "peak_tree_delta_mb": round((peak - rest) / MB),
            "peak_app_delta_mb": round((app_peak - rest) / MB) if exact else None,
            "after_delta_mb": round((tree_rss(pid) - rest) / MB)}


def turns(client: Any, n: int, timeout: float = 600.0) -> list[float]:
    """Seconds of each of ``n`` turns (a turn still running after ``timeout`` counts as ``timeout``)."""
    times = []
    for i in range(n):
        start = time.perf_counter()
        with suppress(TimeoutError):
            client.submit(*chat_args(QUESTIONS[i % len(QUESTIONS)]), api_name="/chat").result(timeout=timeout)
        times.append(time.perf_counter() - start)
    return times


def concurrent_import(url: str, entry: str, bundle: Path, n_turns: int, timeout: float) -> dict[str, Any]:
    """Another person's turns, idle and while the file is imported or uploaded again and again by someone else."""
    from gradio_client import Client

    other, importer = Client(url, verbose=False), Client(url, verbose=False)
    turns(other, 2)                                      # warm: the first turns load lazy parts
    idle = turns(other, n_turns)
    stop, imports = threading.Event(), []

    def keep_importing() -> None:
        while not stop.is_set():
            client = Client(url, verbose=False) if entry == "documents" else importer   # a new collection each time
            start = time.perf_counter()
            answer = send(client, entry, bundle)
            imports.append((time.perf_counter() - start, answer))

    thread = threading.Thread(target=keep_importing, daemon=True)
    thread.start()
    time.sleep(0.2)
    busy = turns(other, n_turns, timeout)
    stop.set()
    thread.join(timeout)
    return {"file_kb": bundle.stat().st_size // 1024, "idle_turn_s_median": round(statistics.median(idle), 3),
            "idle_turn_s_max": round(max(idle), 3), "turn_during_import_s_median": round(statistics.median(busy), 3),
            "turn_during_import_s_max": round(max(busy), 3),
            "ratio_median": round(statistics.median(busy) / statistics.median(idle), 2),
            "imports_finished": len(imports), "still_importing": thread.is_alive(),
            "import_s_each": [round(s, 2) for s, _ in imports][:10],
            "import_answer": imports[0][1] if imports else None}


def bench_bombs(scale: float = 1.0, names: list[str] | None = None, timeout: float = 120.0,
                turns_each: int = 5, bundle_size: int = 5000, app_timeout: float = 600.0) -> dict[str, Any]:
    report: dict[str, Any] = {"command": "python -m medical_agent bench bombs", "scale": scale, "files": {},
                              "cpus": os.cpu_count(), "targets": {"peak_delta_mb": 300, "bundle_import_s": 2.0,
                                                                 "turn_ratio": 2.0}}
    with tempfile.TemporaryDirectory(prefix="bombs-") as tmp:
        folder = Path(tmp)
        files = write_all(folder / "files", scale, names)
        bombs = [b for b in BOMBS if b.name in files]
        with ExitStack() as stack:
            app = None
            for bomb in bombs:
                if app is None:
                    app = stack.enter_context(ExitStack())
                    url, proc = start_app(app, folder, app_timeout)
                row = measure(url, proc.pid, bomb.entry, files[bomb.name], timeout)
                report["files"][bomb.name] = {"entry": bomb.entry, "issue": bomb.issue, **row}
                print(json.dumps({bomb.name: row}, ensure_ascii=False), flush=True)
                if not row["finished"]:          # the app is still busy with it: the next file gets a fresh one
                    app.close()
                    app = None
            if names is None or "bundle-5000-conditions" in names:
                if app is None:
                    app = stack.enter_context(ExitStack())
                    url, proc = start_app(app, folder, app_timeout)
                bundle = bundle_conditions(folder / "files", count=bundle_size)
                report["other_person_turn"] = concurrent_import(url, "record", bundle, turns_each, timeout)
                print(json.dumps({"other_person_turn": report["other_person_turn"]}), flush=True)
            if names is None:                   # an ordinary upload (100 text pages) is indexed meanwhile
                leaflet = pdf_pages(folder / "files", 0.2)
                report["other_person_turn_upload"] = concurrent_import(url, "documents", leaflet, turns_each, timeout)
    return report


def start_app(stack: ExitStack, folder: Path, timeout: float) -> tuple[str, Any]:
    """A fresh `python app.py` on a throw-away data folder, its agent ready and one turn answered."""
    from gradio_client import Client

    run = Path(tempfile.mkdtemp(dir=folder, prefix="app-"))
    env = {"MEDAGENT_DB_PATH": str(run / "agent.sqlite"), "MEDAGENT_DOCUMENTS_DIR": str(run / "documents"),
           "MEDAGENT_TEMP_DIR": str(run / "tmp")}
    log_path = run / "app.log"
    url, proc, _ = stack.enter_context(running_app(env, log_path, timeout))
    wait_agent_ready(log_path, proc, timeout)
    turns(Client(url, verbose=False), 1)
    return url, proc


def run_command(args: argparse.Namespace) -> int:
    if args.write:
        for name, path in write_all(args.write, args.scale, args.only).items():
            print(f"{name}\t{path}\t{path.stat().st_size} bytes")
        return 0
    report = bench_bombs(args.scale, args.only, args.timeout, args.turns, args.bundle_size)
    print(json.dumps(report, ensure_ascii=False))
    return 0


def add_parser(bench_subparsers: Any) -> None:
    p = bench_subparsers.add_parser("bombs", help="hostile files (PDF, gz, zip, JSON bombs) against the demo: "
                                                  "peak RSS, seconds, another person's turn meanwhile")
    p.add_argument("--scale", type=float, default=1.0, help="1.0: the sizes of issue 33 (1 GB inflated, 500 pages…)")
    p.add_argument("--only", nargs="+", choices=[b.name for b in BOMBS], help="these files only")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds a file may take before the app is restarted")
    p.add_argument("--turns", type=int, default=5, help="another person's turns, idle and during the imports")
    p.add_argument("--bundle-size", type=int, default=5000, help="conditions in the bundle imported meanwhile")
    p.add_argument("--write", type=Path, help="only write the files into this folder (to try them by hand)")
    p.set_defaults(func=run_command)
