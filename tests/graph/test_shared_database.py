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
