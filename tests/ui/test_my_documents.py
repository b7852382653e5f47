"""The "My documents" panel: upload → index → ask → the cited page shown; unreadable files explained; delete;
the profile erasure takes the documents along; and the same through gradio_client."""

from __future__ import annotations

from gradio_client import Client, handle_file

from medical_agent.settings import PROJECT_ROOT
from medical_agent.ui.app import new_session
from medical_agent.ui.formatting import message_text
from medical_agent.ui.runtime import AgentRuntime
from tests.ui.test_client import ask
from tests.ui.test_handlers import MY_CHOICE, MY_DOCS, MY_PAGES, RAW, built, turn

LEAFLETS = PROJECT_ROOT / "tests" / "data" / "leaflets"
QUESTION = "What INR target range is usual for warfarin?"


def test_upload_ask_see_the_cited_page_then_delete(ui_settings, ui_agent):
    ui = built(AgentRuntime(ui_settings, ui_agent))
    session = new_session()
    status, table, choice, session, cleared = ui.my_docs.add(
        [str(LEAFLETS / "warfarin_en.pdf"), str(LEAFLETS / "bad" / "scanned.pdf")], session, progress=lambda *a, **k: None)
    assert "✔ warfarin_en.pdf added" in status and "⚠️ scanned.pdf: no text layer" in status and cleared is None
    assert table["document"].tolist() == ["warfarin_en.pdf"] and table["pages"].tolist() == [4]
    assert table["title"].tolist() == ["Warfarin: Taking Your Blood Thinner Safely"]
    assert choice["choices"] == ["warfarin_en.pdf"]
    last = turn(ui, QUESTION, session)[-1]
    pages = [caption for _, caption in last[MY_PAGES]]
    assert any(c.endswith("warfarin_en.pdf, p. 2") for c in pages), pages
    assert last[MY_DOCS]["document"].tolist() == ["warfarin_en.pdf"] and last[MY_CHOICE]["value"] == "warfarin_en.pdf"
    assert any(c["source"] == "warfarin_en.pdf" and c["page"] == 2 for c in last[RAW]["citations"])

    status, table, choice, _, confirm = ui.my_docs.remove("warfarin_en.pdf", session)
    assert status == "🗑 warfarin_en.pdf deleted" and table.empty and choice["choices"] == []
    assert confirm["visible"] is False                                   # the question it answered goes away
    again = turn(ui, QUESTION, session)[-1]
    assert not any(c["source"] == "warfarin_en.pdf" for c in again[RAW]["citations"]) and again[MY_PAGES] == []
    ui_agent.forget(session["user_id"], [session["thread_id"]])


def test_deleting_the_profile_deletes_the_documents(ui_settings, ui_agent):
    ui = built(AgentRuntime(ui_settings, ui_agent))
    session = new_session()
    ui.my_docs.add([str(LEAFLETS / "inhaler_en.pdf")], session, progress=lambda *a, **k: None)
    folder = ui_agent.deps.collections.folder(session["user_id"])
    assert folder.is_dir()
    out = ui.delete(session)
    assert not folder.exists() and out[MY_DOCS].empty and out[MY_CHOICE]["choices"] == []


def test_upload_then_ask_through_gradio_client(served_app):
    client = Client(served_app["url"], verbose=False)
    status, table, choice = client.predict([handle_file(str(LEAFLETS / "warfarin_en.pdf"))],
                                           api_name="/upload_documents")[:3]
    assert "✔ warfarin_en.pdf added" in status and choice["value"] == "warfarin_en.pdf"
    assert table["data"] == [["warfarin_en.pdf", "Warfarin: Taking Your Blood Thinner Safely", 4, 13]]
    out = ask(client, QUESTION)
    answer = message_text(out[0][-1])
    assert "warfarin_en.pdf" in answer and "p. 2" in answer                # the sources table names file and page
    other = ask(Client(served_app["url"], verbose=False), QUESTION)
    assert "warfarin_en.pdf" not in message_text(other[0][-1])              # another browser: not its document


def test_a_clinician_corrects_a_passage_with_the_reviewer_code(ui_settings, ui_agent):
    off = built(AgentRuntime(ui_settings, ui_agent))
    session = new_session()
    last = turn(off, QUESTION, session)[-1][RAW]
    assert "Reviewing is off" in off.review.review("verify", 1, "dr kim", "x", "", last)
    ui = built(AgentRuntime(ui_settings.replace(reviewer_code="s3cret"), ui_agent))
    assert ui.review.review("verify", 1, "dr kim", "wrong", "", last) == "⚠️ Wrong reviewer code."
    assert "between 1 and" in ui.review.review("verify", 99, "dr kim", "s3cret", "", last)
    assert "Say who reviews" in ui.review.review("verify", 1, " ", "s3cret", "", last)
    assert "Write the corrected text" in ui.review.review("correct", 1, "dr kim", "s3cret", "", last)
    before = ui_agent.deps.reviews.revision()
    note = ui.review.review("correct", 1, "Dr Kim, pharmacist", "s3cret", "The usual INR target is 2 to 3 [checked].",
                            last)
    assert note.startswith("✔ [1]") and "corrected by Dr Kim, pharmacist" in note
    assert ui_agent.deps.reviews.revision() == before + 1
    after = turn(ui, QUESTION, session)[-1][RAW]
    first = after["retrieved_docs"][0]
    assert first["text"] == "The usual INR target is 2 to 3 [checked]." and first["review"]["by"] == "Dr Kim, pharmacist"
    assert first["content_key"] == last["retrieved_docs"][0]["content_key"]      # still the original's key
    assert ui.review.review("withdraw", 1, "Dr Kim", "s3cret", "", after) == "Review of [1] withdrawn."
    withdrawn = turn(ui, QUESTION, session)[-1][RAW]["retrieved_docs"]
    assert all(d["review"] is None for d in withdrawn) and first["content_key"] in {d["content_key"] for d in withdrawn}
    ui_agent.forget(session["user_id"], [session["thread_id"]])


def test_an_indexing_failure_is_said_plainly_and_adds_nothing(ui_settings, ui_agent, monkeypatch):
    ui = built(AgentRuntime(ui_settings, ui_agent))
    session = new_session()

    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ui_agent.deps.collections, "add", full_disk)
    status, table, choice, _, cleared = ui.my_docs.add([str(LEAFLETS / "warfarin_en.pdf")], session,
                                                       progress=lambda *a, **k: None)
    assert status.startswith("⚠️ The documents could not be indexed (OSError)") and table.empty and cleared is None
