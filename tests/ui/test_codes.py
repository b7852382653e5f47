"""Resume and reviewer codes (issue 33, item 7): wrong ones are limited per client (then a growing wait, during
which not even a right code is checked), failures are logged without the code, and reviewers are known by their own
codes from a reviewer list — each review stored under the listed name — with the shared code kept as a demo mode."""

from __future__ import annotations

import hashlib
import logging
from types import SimpleNamespace

import gradio as gr
import pytest

from medical_agent.ui.app import new_session
from medical_agent.ui.attempts import FIRST_WAIT_S, Attempts
from medical_agent.ui.reviewers import ReviewerListError, identify, read_list
from medical_agent.ui.runtime import AgentRuntime
from tests.ui.test_handlers import RAW, built, turn
from tests.ui.test_my_documents import QUESTION

HERE, THERE = SimpleNamespace(client=SimpleNamespace(host="203.0.113.7")), \
    SimpleNamespace(client=SimpleNamespace(host="198.51.100.2"))


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_five_wrong_codes_a_minute_then_a_wait_that_doubles_and_a_right_code_forgets():
    clock = Clock()
    attempts = Attempts("resume", 5, clock)
    assert [attempts.failed("a") for _ in range(4)] == [0.0] * 4 and attempts.wait("a") == 0
    assert attempts.failed("a") == FIRST_WAIT_S and attempts.wait("a") == FIRST_WAIT_S and attempts.wait("b") == 0
    clock.now += FIRST_WAIT_S
    assert attempts.wait("a") == 0
    assert [attempts.failed("a") for _ in range(5)][-1] == 2 * FIRST_WAIT_S                # the next wait doubles
    clock.now += 2 * FIRST_WAIT_S
    attempts.succeeded("a")
    assert attempts.failed("a") == 0.0                                                 # forgotten
    clock.now += 61
    assert [attempts.failed("c") for _ in range(4)] == [0.0] * 4                       # spread over time: fine
    clock.now += 61
    assert attempts.failed("c") == 0.0


def test_resume_codes_are_limited_per_client_and_never_logged(ui_settings, ui_agent, caplog):
    ui = built(AgentRuntime(ui_settings, ui_agent))
    owner = new_session()
    turn(ui, "당뇨가 있어요", owner)
    code = owner["user_id"]
    wrong = [f"web-{n:020x}" for n in range(5)]
    with caplog.at_level(logging.WARNING):
        for guess in wrong:
            *_, note, _ = ui.resume(guess, new_session(), HERE)
        assert "Too many wrong codes" in note
        *skipped, note, _ = ui.resume(code, new_session(), HERE)             # right, but the client waits
        assert "Too many wrong codes" in note and all(s is not None for s in skipped)
        chat, *_ = ui.resume(code, new_session(), THERE)                     # another client is not held up
        assert chat and chat[0]["role"] == "user"
    logged = caplog.text
    assert "resume code: a wrong one from client" in logged and not any(g in logged for g in [*wrong, code])
    assert "203.0.113.7" not in logged
    ui_agent.forget(code, [owner["thread_id"]])


@pytest.fixture()
def reviewers_file(tmp_path):
    path = tmp_path / "reviewers.tsv"
    path.write_text("# name<TAB>sha256 of the code\n"
                    f"Dr Kim, cardiology\t{hashlib.sha256(b'kim-own-code-4f9a').hexdigest()}\n"
                    f"Dr Lee, pharmacy\t{hashlib.sha256(b'lee-own-code-77b1').hexdigest()}\n", encoding="utf-8")
    return path


def test_the_reviewer_list_names_the_reviewer_and_the_shared_code_is_a_demo_mode(reviewers_file, tmp_path):
    assert [name for name, _ in read_list(reviewers_file)] == ["Dr Kim, cardiology", "Dr Lee, pharmacy"]
    lee = identify("lee-own-code-77b1", "someone else", reviewers_file, "shared")
    assert (lee.name, lee.identity) == ("Dr Lee, pharmacy", "listed")
    shared = identify("shared", "Nurse Park", reviewers_file, "shared")
    assert (shared.name, shared.identity) == ("Nurse Park", "shared")
    assert identify("kim-own-code-4f9", "x", reviewers_file, "shared") is None
    assert identify("anything", "x", None, None) is None
    broken = tmp_path / "broken.tsv"
    broken.write_text("Dr Kim kim-own-code\n", encoding="utf-8")
    with pytest.raises(ReviewerListError, match="line 1") as info:
        read_list(broken)
    assert "kim-own-code" not in str(info.value)


def test_a_listed_reviewer_s_review_is_stored_under_the_listed_name(ui_settings, ui_agent, reviewers_file, caplog):
    ui = built(AgentRuntime(ui_settings.replace(reviewers_file=str(reviewers_file), reviewer_code="demo"), ui_agent))
    session = new_session()
    last = turn(ui, QUESTION, session)[-1][RAW]
    note = ui.review.review("verify", 1, "I am the chief", "kim-own-code-4f9a", "", last, HERE)
    assert note.startswith("✔ [1]") and "by Dr Kim, cardiology;" in note
    stored = ui_agent.deps.reviews.get_many([last["retrieved_docs"][0]["content_key"]])
    review = next(iter(stored.values()))
    assert (review.reviewer, review.identity) == ("Dr Kim, cardiology", "listed")
    note = ui.review.review("verify", 1, "Nurse Park", "demo", "", last, HERE)
    assert "by Nurse Park (shared code)" in note
    with caplog.at_level(logging.WARNING):
        notes = [ui.review.review("verify", 1, "x", f"guess-{n}", "", last, HERE) for n in range(5)]
        assert notes[0] == "⚠️ Wrong reviewer code." and "Too many wrong codes" in notes[-1]
        assert "Too many wrong codes" in ui.review.review("verify", 1, "x", "kim-own-code-4f9a", "", last, HERE)
    assert "guess-" not in caplog.text and "reviewer code: a wrong one" in caplog.text
    ui.review.review("withdraw", 1, "x", "lee-own-code-77b1", "", last, THERE)
    assert not ui_agent.deps.reviews.get_many([last["retrieved_docs"][0]["content_key"]])
    ui_agent.forget(session["user_id"], [session["thread_id"]])


def test_the_served_app_counts_wrong_codes_by_the_client_s_address(served_app):
    from gradio import utils
    from gradio_client import Client

    Client(served_app["url"], verbose=False).predict("web-00000000000000000000ff", api_name="/resume")
    fns = list(served_app["demo"].fns.values())
    app = next(f.fn.__self__ for f in fns if getattr(f.fn, "__name__", "") == "resume")
    assert "127.0.0.1" in app.resume_attempts._clients                     # Gradio passed the request
    reviews = [f.fn for f in fns if getattr(f.fn, "__name__", "") == "review"]
    assert len(reviews) == 3 and all(utils.get_type_hints(fn)["request"] is gr.Request for fn in reviews)
