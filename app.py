"""Gradio demo of the medical knowledge agent (Hugging Face Spaces entry point: `python app.py`).

Host and port come from GRADIO_SERVER_NAME / GRADIO_SERVER_PORT (Spaces sets them); analytics and every hub
library are offline by default. The server answers at once; the agent (index, MedCAT pack, models) starts
in the background. `MEDAGENT_SHARE=true` asks Gradio for a public link (offline it fails and the app keeps
serving locally). The UI lives in medical_agent/ui; this file only wires and launches it.
"""

from __future__ import annotations

from medical_agent.settings import apply_offline_env

apply_offline_env()

import logging  # noqa: E402

import gradio as gr  # noqa: E402

from medical_agent.logging_setup import setup_logging  # noqa: E402
from medical_agent.settings import Settings, get_settings  # noqa: E402
from medical_agent.ui.app import MedicalAgentApp  # noqa: E402
from medical_agent.ui.runtime import AgentRuntime  # noqa: E402

log = logging.getLogger("app")


def build_demo(settings: Settings, runtime: AgentRuntime | None = None) -> gr.Blocks:
    runtime = runtime or AgentRuntime(settings).start()
    return MedicalAgentApp(runtime).build()


def main(settings: Settings | None = None, *, block: bool = True) -> gr.Blocks:
    """Build and serve the demo; ``block=False`` returns at once (tests close it themselves)."""
    settings = settings or get_settings()
    setup_logging(log_health_data=settings.log_health_data)
    demo = build_demo(settings).queue(default_concurrency_limit=4, max_size=64)
    try:
        demo.launch(prevent_thread_lock=not block, share=settings.share or None)
    except Exception as exc:  # a share link needs internet; keep serving locally without it
        if not settings.share:
            raise
        log.warning("could not create a share link (%s); serving locally only", exc)
        demo.launch(prevent_thread_lock=not block, share=False)
    return demo


if __name__ == "__main__":
    main()
