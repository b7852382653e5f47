"""The demo on the tiny graph-test index: one in-memory agent per test session, launched once through
app.main on 127.0.0.1 and a free port (taken from GRADIO_SERVER_NAME / GRADIO_SERVER_PORT, like Spaces)."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from medical_agent.composition import create_agent
from medical_agent.graph.agent import MedicalAgent
from medical_agent.settings import Settings, load_settings
from medical_agent.storage import open_storage
from medical_agent.ui.runtime import AgentRuntime
from tests.graph.conftest import embedder, tiny_index  # noqa: F401  (fixtures shared with the graph tests)

QUESTION_KO = "당뇨가 있어요. 메트포르민 부작용이 뭔가요?"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def ui_settings(tmp_path_factory, tiny_index) -> Settings:  # noqa: F811
    db = tmp_path_factory.mktemp("ui") / "agent.sqlite"
    return load_settings(env={"MEDAGENT_DB_PATH": str(db), "MEDAGENT_DOCUMENTS_DIR": str(db.parent / "documents"), "MEDAGENT_MEDCAT2_ENABLED": "false",
                              "MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_LLM": "offline",
                              "MEDAGENT_EMBEDDER": "use-multilingual",
                              "MEDAGENT_TEMP_DIR": str(db.parent / "tmp")})


@pytest.fixture(scope="session")
def ui_agent(ui_settings) -> MedicalAgent:
    """Offline (extractive) agent with the dictionary linker and in-memory stores, warmed up once."""
    agent = create_agent(ui_settings, storage=open_storage(":memory:"))
    agent.run("warm-up", QUESTION_KO)
    agent.forget("warm-up")
    return agent


@pytest.fixture(scope="session")
def served_app(ui_settings, ui_agent) -> Iterator[dict[str, Any]]:
    """The real entry point (app.main) serving the tiny agent; yields its URL and the agent."""
    import app

    port = free_port()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRADIO_SERVER_NAME", "127.0.0.1")
        mp.setenv("GRADIO_SERVER_PORT", str(port))
        demo = app.main(ui_settings, block=False, runtime=AgentRuntime(ui_settings, ui_agent))
    try:
        yield {"url": f"http://127.0.0.1:{port}/", "agent": ui_agent, "demo": demo}
    finally:
        demo.close()


def os_has_chromium() -> bool:
    return os.access("/usr/bin/chromium", os.X_OK)


# Debian's chromium headless, offline and quiet (the browser tests and tests/ui/screenshots.py)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium through Playwright, one per test module (skipped where Playwright is not installed)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
