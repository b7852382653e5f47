"""The served app driven over HTTP with gradio_client (the README's "Use it from Python" path)."""

from __future__ import annotations

import re
import urllib.request

import gradio.networking
from gradio_client import Client

import app
from medical_agent.ui.formatting import message_text
from medical_agent.ui.runtime import AgentRuntime
from tests.ui.conftest import QUESTION_KO, free_port

CHAT, SLOTS, SUMMARY, PROFILE, ITEM, DOCS, ROUTE, REFINE, PLOT, RAW, MY_DOCS, MY_CHOICE, MY_PAGES, BOX = range(14)  # no State


def ask(client: Client, message: str, history: list | None = None, profile: str = "full_context_engineering"):
    return client.predict(message, history or [], "AI Agent", profile, True, True, True, api_name="/chat")


def column(table: dict, name: str) -> list:
    return [row[table["headers"].index(name)] for row in table["data"]]


def test_round_trip_korean_question(served_app):
    client = Client(served_app["url"], verbose=False)
    job = client.submit(QUESTION_KO, [], "AI Agent", "full_context_engineering", True, True, True,
                        api_name="/chat")
    out = job.result(timeout=120)
    assert len(job.outputs()) > 2, "the answer arrives as a stream of updates"
    answer = message_text(out[CHAT][-1])
    assert re.search(r"\[\d+\]", answer) and "**Sources**" in answer and "메트포르민" in answer
    items = {i.split(" (")[0] for i in column(out[SLOTS], "item")}
    assert {"Diabetes mellitus", "Metformin"} <= items
    assert "C0011849" in column(out[SLOTS], "value / code")             # dictionary linker CUI for diabetes
    assert out[DOCS]["data"] and any("✔ cited" in r for r in column(out[DOCS], "rank"))
    assert "당뇨" in out[SUMMARY] and column(out[REFINE], "quality") and out[ROUTE] == "**Route:** `rag_required`"
    assert out[RAW]["citations"] and out[BOX] == ""

    # The same client is the same browser session: a follow-up continues the thread and keeps the profile.
    follow = ask(client, "식사와 함께 먹어야 하나요?", out[CHAT])
    assert len(follow[CHAT]) == 4 and message_text(follow[CHAT][0]) == QUESTION_KO
    assert "당뇨" in follow[SUMMARY]


def test_two_clients_never_share_profile_or_history(served_app):
    a, b = Client(served_app["url"], verbose=False), Client(served_app["url"], verbose=False)
    ask(a, QUESTION_KO)
    out_b = ask(b, "I take warfarin. Can I take ibuprofen for back pain?")
    assert len(out_b[CHAT]) == 2                                          # only B's own turn
    assert "Diabetes mellitus" not in column(out_b[PROFILE], "item") and "당뇨" not in out_b[SUMMARY]
    assert "Warfarin" in {i.split(" (")[0] for i in column(out_b[SLOTS], "item")}


def test_share_link_failure_keeps_serving_locally(ui_settings, monkeypatch):
    """MEDAGENT_SHARE=true offline: the tunnel cannot be made, the app still answers on its local port."""

    def no_internet(**_):
        raise RuntimeError("Could not get share link from Gradio API Server.")

    monkeypatch.setattr(gradio.networking, "setup_tunnel", no_internet)
    port = free_port()
    monkeypatch.setenv("GRADIO_SERVER_NAME", "127.0.0.1")
    monkeypatch.setenv("GRADIO_SERVER_PORT", str(port))
    demo = app.main(ui_settings.replace(share=True), block=False, runtime=AgentRuntime(ui_settings))
    try:
        assert demo.share_url is None
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as response:
            assert response.status == 200
        assert demo.local_url.startswith(f"http://127.0.0.1:{port}")
    finally:
        demo.close()
