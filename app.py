"""Gradio demo of the medical knowledge agent (Hugging Face Spaces entry point: `python app.py`).

Host and port come from GRADIO_SERVER_NAME / GRADIO_SERVER_PORT (Spaces sets them); analytics and every hub
library are offline by default. The server answers at once; the agent (index, MedCAT pack, models) starts
in the background. `MEDAGENT_SHARE=true` asks Gradio for a public link (offline it fails and the app keeps
serving locally). Other assistants reach the agent's tools over MCP at /gradio_api/mcp/ (`MEDAGENT_MCP_SERVER=false`
turns it off). Gradio's working folder is this process's own (ui/served_files.py): what a stopped process left
there is removed at start, and on SIGTERM the server closes and removes it. The UI lives in medical_agent/ui;
this file only wires and launches it.
"""

from __future__ import annotations

from medical_agent.settings import apply_offline_env

apply_offline_env()

import logging  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
from typing import Any  # noqa: E402

import gradio as gr  # noqa: E402
from starlette.middleware import Middleware  # noqa: E402

from medical_agent.logging_setup import setup_logging  # noqa: E402
from medical_agent.settings import Settings, get_settings  # noqa: E402
from medical_agent.tools import MedicalTools  # noqa: E402
from medical_agent.tools.gradio_mcp import add_tools, expose_only_agent_tools, quiet_state_warning  # noqa: E402
from medical_agent.ui import style  # noqa: E402
from medical_agent.ui.app import MedicalAgentApp  # noqa: E402
from medical_agent.ui.body_limit import BodyLimit  # noqa: E402
from medical_agent.ui.runtime import AgentRuntime  # noqa: E402
from medical_agent.ui.served_files import claim_temp_dir  # noqa: E402

log = logging.getLogger("app")
CONCURRENCY = 4     # turns run at once (2-core target machine; more only queue inside the CPU anyway)
QUEUE_SIZE = 64     # waiting requests beyond this are refused with "queue full" instead of piling up


def server_address() -> dict[str, Any]:
    """Host and port from GRADIO_SERVER_NAME / GRADIO_SERVER_PORT, read now: Gradio reads the port variable
    once when gradio.http_server is first imported, which is too early for tests and benchmarks."""
    port = os.environ.get("GRADIO_SERVER_PORT")
    return {"server_name": os.environ.get("GRADIO_SERVER_NAME") or None,
            "server_port": int(port) if port else None}


def stop(*_: Any) -> None:
    """SIGTERM as Ctrl-C: Gradio's block_thread then closes the server, which deletes the files it made."""
    raise KeyboardInterrupt


def build_demo(settings: Settings, runtime: AgentRuntime | None = None) -> gr.Blocks:
    """The Blocks app; a runtime made here is not started yet (main starts it once the server is up). With
    ``mcp_server`` on, the agent's tools for other assistants are API endpoints of it too (medical_agent.tools)."""
    runtime = runtime or AgentRuntime(settings)
    demo = MedicalAgentApp(runtime).build()
    if settings.ui.mcp_server:
        with demo:
            add_tools(MedicalTools(runtime.wait))
    return demo


def main(settings: Settings | None = None, *, block: bool = True, runtime: AgentRuntime | None = None) -> gr.Blocks:
    """Build and serve the demo; ``block=False`` returns at once (tests close it themselves), ``runtime``
    injects an agent (tests, benchmarks). The agent is built only after the server answers: on two cores
    the build would otherwise slow the first page. Gradio itself turns a failed share tunnel into a printed
    warning; any other share failure is retried once without sharing so the app always serves locally."""
    settings = settings or get_settings()
    setup_logging(log_health_data=settings.limits.log_health_data)
    temp = claim_temp_dir(settings)
    os.environ["GRADIO_TEMP_DIR"] = str(temp)     # read when the Blocks and the server are made, below
    runtime = runtime or AgentRuntime(settings)
    demo = build_demo(settings, runtime).queue(default_concurrency_limit=CONCURRENCY, max_size=QUEUE_SIZE)
    where = server_address()
    where["app_kwargs"] = {"middleware": [Middleware(BodyLimit, max_bytes=settings.limits.max_request_kb * 1024,
                                                     upload_bytes=settings.ui.max_upload_mb * 1024 * 1024)]}
    where["max_file_size"] = f"{settings.ui.max_upload_mb}mb"
    where.update(css=style.CSS, theme=style.theme(), mcp_server=settings.ui.mcp_server)
    quiet_state_warning()
    try:
        demo.launch(prevent_thread_lock=True, share=settings.ui.share or None, **where)
    except Exception as exc:  # a share link needs internet; keep serving locally without it
        if not settings.ui.share:
            raise
        log.warning("could not create a share link (%s); serving locally only", type(exc).__name__)
        demo.close()
        demo.launch(prevent_thread_lock=True, share=False, **where)
    if settings.ui.mcp_server and not expose_only_agent_tools(demo):
        log.warning("the MCP server is not running (%s)", demo.mcp_error or "gradio[mcp] not installed?")
    if settings.ui.share and not demo.share_url:
        log.warning("no share link (offline?); serving locally at %s", demo.local_url)
    runtime.start()
    if block:
        signal.signal(signal.SIGTERM, stop)
        try:
            demo.block_thread()
        finally:
            shutil.rmtree(temp, ignore_errors=True)
    return demo


if __name__ == "__main__":
    main()
