"""Two app replicas on one PostgreSQL database (``MEDAGENT_DATABASE_URL``): what a person told replica A is known
to replica B, and a conversation begun on A continues on B."""

from __future__ import annotations


def test_a_profile_and_a_thread_continue_on_another_replica(make_agent, postgres_url):
    replica_a = make_agent(persistent=True, database_url=postgres_url)
    replica_b = make_agent(persistent=True, database_url=postgres_url)
    try:
        replica_a.run("ann", "I take warfarin every evening.", thread_id="ann-1")
        replica_a.run("ann", "메트포르민 부작용이 뭔가요?", thread_id="ann-1")
        assert [m["name"] for m in replica_b.deps.profiles.get("ann")["medications"]] == ["Warfarin"]
        follow = replica_b.run("ann", "그 약을 계속 먹어도 되나요?", thread_id="ann-1")
        assert follow["followup"]["source"] == "conversation" and follow["followup"]["referent"] == "메트포르민"
        assert replica_a.run("bob", "그 약을 계속 먹어도 되나요?", thread_id="bob-1")["followup"] is None
    finally:
        replica_a.storage.close()
        replica_b.storage.close()


def test_documents_uploaded_through_one_replica_are_searched_and_deleted_through_the_other(make_agent, postgres_url,
                                                                                          tmp_path):
    from medical_agent.settings import PROJECT_ROOT

    leaflets = PROJECT_ROOT / "tests" / "data" / "leaflets"
    replica_a = make_agent(persistent=True, database_url=postgres_url, documents_dir=str(tmp_path / "docs-a"))
    replica_b = make_agent(persistent=True, database_url=postgres_url, documents_dir=str(tmp_path / "docs-b"))
    docs_a, docs_b = replica_a.deps.collections, replica_b.deps.collections
    try:
        assert docs_a.add("ann", [leaflets / "warfarin_en.pdf"]).added == ["warfarin_en.pdf"]
        assert docs_b.generation("ann") == docs_a.generation("ann") == 1       # the answer cache's scope, shared
        assert [d["name"] for d in docs_b.list("ann")] == ["warfarin_en.pdf"]  # B built its copy from the registry
        answer = replica_b.run("ann", "What INR target range is usual for warfarin?")
        assert any(c["source"] == "warfarin_en.pdf" for c in answer["citations"])
        assert docs_b.list("bob") == [] and docs_b.retriever("bob") is None
        # a file another replica adds while this one holds an old copy is picked up, not lost
        replica_b.storage.documents.put(docs_b.key("ann"), "note.md", b"# Spacer\n\nRinse your mouth after the inhaler.")
        assert [d["name"] for d in docs_a.list("ann")] == ["note.md", "warfarin_en.pdf"]
        assert docs_b.delete("ann", "warfarin_en.pdf") and [d["name"] for d in docs_a.list("ann")] == ["note.md"]
        replica_b.forget("ann")
        assert docs_a.list("ann") == [] and docs_a.retriever("ann") is None
    finally:
        replica_a.storage.close()
        replica_b.storage.close()
