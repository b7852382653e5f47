"""A person who talked to the agent before the storage layer and the turn contract (database written by
commit 337c0eb: per-turn flags inside the checkpoints, no migrations) comes back: their thread, profile and
cached answers are kept but not served: they were stored without the question's signature and profile version
that a hit now needs, so the first repeat is answered afresh and cached again."""

from __future__ import annotations

import gzip
import shutil

from medical_agent.composition import create_agent
from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply
from medical_agent.settings import load_settings
from tests.storage.test_sqlite import LEGACY


def good(messages, options):
    return verify_reply(messages, 0.9)


def test_an_old_conversation_continues_after_the_upgrade(tmp_path, tiny_index):
    db = tmp_path / "agent.sqlite"
    with gzip.open(LEGACY) as src, db.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    settings = load_settings(env={"MEDAGENT_DB_PATH": str(db), "MEDAGENT_MEDCAT2_ENABLED": "false",
                                  "MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_EMBEDDER": "use-multilingual", "MEDAGENT_LLM": "offline"})
    agent = create_agent(settings, llm=ScriptedLLM({"generate": "Metformin may cause nausea [1].", "verify": good}))
    old = agent.thread_state("alice-default")
    assert len(old["conversation_history"]) == 4 and "feature_flags" not in old   # old channels are ignored
    kept = agent.deps.cache.stats("alice")["entries"]
    fresh = agent.run("alice", "What are the side effects of metformin?")
    assert not fresh["cache_hit"] and fresh["stop_reason"] == "quality_ok"       # the old entry has no signature
    assert kept and agent.deps.cache.stats("alice")["entries"] == kept + 1          # kept, and the new one beside it
    again = agent.run("alice", "What are the side effects of metformin?")
    assert again["cache_hit"] and again["llm_calls"] == []
    new = agent.run("alice", "메트포르민은 식사와 함께 먹어야 하나요?")
    assert not new["cache_hit"] and "당뇨" in new["profile_summary"]              # her profile, from before
    history = agent.thread_state("alice-default")["conversation_history"]
    assert len(history) == 10 and history[0]["content"] == "저는 당뇨가 있어요. 메트포르민 부작용이 뭔가요?"
    assert agent.run("bob", "혈압약 부작용이 뭔가요?")["profile_summary"].startswith("58세 여성")
