"""The served app driven over HTTP with gradio_client (the README's "Use it from Python" path)."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import gradio.networking
from gradio_client import Client

import app
from medical_agent.ui.formatting import message_text
from medical_agent.ui.runtime import AgentRuntime
from tests.ui.conftest import QUESTION_KO, free_port

CHAT, SLOTS, SUMMARY, PROFILE, ITEM, DOCS, REFINE, PLOT, MY_DOCS, MY_CHOICE, RAW, MY_PAGES, BOX = range(13)  # no State


def ask(client: Client, message: str, history: list | None = None, profile: str = "full_context_engineering"):
    return client.predict(message, history or [], "AI Agent", profile, True, True, True, api_name="/chat")


def test_round_trip_korean_question(served_app):
    client = Client(served_app["url"], verbose=False)
    job = client.submit(QUESTION_KO, [], "AI Agent", "full_context_engineering", True, True, True,
                        api_name="/chat")
    out = job.result(timeout=120)
    assert len(job.outputs()) > 2, "the answer arrives as a stream of updates"
    answer = message_text(out[CHAT][-1])
    assert re.search(r"\[\d+\]", answer) and "**출처**" in answer and "메트포르민" in answer  # headings: the answer's language
    steps = out[CHAT][-2]
    assert steps["metadata"]["title"].startswith("🔎") and steps["metadata"]["status"] == "done"
    assert "Searched" not in answer and "Searched" in message_text(steps)        # the steps are not the answer
    assert "Diabetes mellitus" in out[SLOTS] and "Metformin" in out[SLOTS] and "C0011849" in out[SLOTS]
    assert "✔ cited" in out[DOCS] and "Check 1" in out[REFINE] and "search the sources" in out[REFINE]
    assert "Diabetes mellitus" in out[SUMMARY] and "Diabetes mellitus" in out[PROFILE]   # the interface: English
    assert out[RAW]["citations"] and out[BOX] == "" and "Searched" not in out[RAW]["answer"]

    # The same client is the same browser session: a follow-up continues the thread and keeps the profile.
    follow = ask(client, "식사와 함께 먹어야 하나요?", out[CHAT])
    assert len(follow[CHAT]) == 6 and message_text(follow[CHAT][0]) == QUESTION_KO
    assert "Diabetes mellitus" in follow[SUMMARY]


def test_two_clients_never_share_profile_or_history(served_app):
    a, b = Client(served_app["url"], verbose=False), Client(served_app["url"], verbose=False)
    ask(a, QUESTION_KO)
    out_b = ask(b, "I take warfarin. Can I take ibuprofen for back pain?")
    assert len(out_b[CHAT]) == 3                                          # only B's own turn (question, steps, answer)
    assert "Diabetes mellitus" not in out_b[PROFILE] and "Diabetes" not in out_b[SUMMARY]
    assert "Warfarin" in out_b[SLOTS]


def test_feedback_round_trip_like_stored_exported_then_erased(served_app):
    """👍 on an answer through the API: stored with the turn's trace, exported with the profile, erased with it."""
    client = Client(served_app["url"], verbose=False)
    out = ask(client, QUESTION_KO)
    answer_index = len(out[CHAT]) - 1
    store = served_app["agent"].storage.feedback
    assert "Only the agent's answers" in client.predict(0, "up", "", api_name="/feedback")   # a question is not rated
    assert "Thank you" in client.predict(answer_index, "up", "", api_name="/feedback")
    user = next(u for u in users_with_feedback(store) if store.for_user(u))
    rows = store.for_user(user)
    assert [r["rating"] for r in rows] == ["up"]
    trace = rows[0]["trace"]
    assert trace["question"] == QUESTION_KO and trace["route"] == "rag_required" and trace["language"] == "ko"
    assert trace["evidence"] and trace["verdict"] and trace["model"]
    assert "Comment saved" in client.predict(answer_index, "down", "용량이 틀렸어요", api_name="/feedback")
    assert [(r["rating"], r["comment"]) for r in store.for_user(user)] == [("down", "용량이 틀렸어요")]
    exported = client.predict(api_name="/export_profile")
    path = exported["value"] if isinstance(exported, dict) else exported
    assert "용량이 틀렸어요" in Path(path).read_text(encoding="utf-8")
    client.predict(api_name="/delete_profile")
    assert store.for_user(user) == []


def users_with_feedback(store) -> list[str]:
    """Who has ratings (the summary rows carry no person: read the table the contract names)."""
    return [u for (u,) in store.db.rows("SELECT DISTINCT user_id FROM answer_feedback")]


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
