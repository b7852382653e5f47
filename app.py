"""Gradio demo of the medical knowledge agent (Hugging Face Spaces entry point: `python app.py`).

Host and port come from GRADIO_SERVER_NAME / GRADIO_SERVER_PORT (Spaces sets them); analytics and every hub
library are offline by default. The UI lives in medical_agent/ui; this file only wires and launches it.
"""

from __future__ import annotations

from medical_agent.settings import apply_offline_env

apply_offline_env()

import gradio as gr  # noqa: E402

from medical_agent.llm import create_llm  # noqa: E402
from medical_agent.logging_setup import setup_logging  # noqa: E402
from medical_agent.settings import Settings, get_settings  # noqa: E402


def build_demo(settings: Settings) -> gr.Blocks:
    _, info = create_llm(settings)
    with gr.Blocks(title="Medical Knowledge Agent") as demo:
        gr.Markdown("# Medical Knowledge Agent\n"
                    f"- LLM: **{info.label}**\n- Embedder: **{settings.embedder}**\n"
                    f"- Index: `{settings.index_dir}`\n\n"
                    "Information only, not a diagnosis: please see a clinician about your health.")
    return demo


def main(settings: Settings | None = None, *, block: bool = True) -> gr.Blocks:
    """Build and serve the demo; ``block=False`` returns at once (tests close it themselves)."""
    settings = settings or get_settings()
    setup_logging(log_health_data=settings.log_health_data)
    demo = build_demo(settings)
    demo.queue().launch(prevent_thread_lock=not block)
    return demo


if __name__ == "__main__":
    main()
