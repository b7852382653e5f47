"""How ``legacy_337c0eb.sqlite`` was made: a database written by the code before the storage layer existed
(commit 337c0eb, stores with inline schemas and no migrations), kept so the migration test opens a real file.

Run at that commit from the repository root (``git worktree add /tmp/old 337c0eb``, then in /tmp/old):
``python tests/storage/data/make_legacy_db.py OUT.sqlite && gzip -9 OUT.sqlite``. Two people talk to the
offline agent on the graph tests' tiny index with a scripted LLM: alice has a profile, two cached answers and a
thread; bob a profile, one cached answer and a thread. The file is then compacted with ``VACUUM INTO`` (no write-ahead log) and gzipped.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

from index_builder.build import build_index

from medical_agent.embeddings import create_embedder
from medical_agent.graph.agent import MedicalAgent
from medical_agent.graph.deps import build_deps
from medical_agent.llm import BackendInfo, ScriptedLLM
from medical_agent.settings import PROJECT_ROOT, load_settings
from tests.graph.conftest import PASSAGES

GOOD = json.dumps({"grounding_score": 0.9, "completeness_score": 0.9, "accuracy_score": 0.9})


def main(out: Path) -> None:
    work = out.parent / (out.stem + "-work")
    work.mkdir(parents=True, exist_ok=True)
    corpus = work / "kb.jsonl"
    corpus.write_text("\n".join(json.dumps({"id": i, "lang": lang, "title": t, "text": x}, ensure_ascii=False)
                                for i, lang, t, x in PASSAGES), encoding="utf-8")
    build_index(f"jsonl:{corpus}", work / "index", assets_dir=PROJECT_ROOT / "assets",
                embedder=create_embedder("use-multilingual"), embedder_spec="use-multilingual")
    db = work / "agent.sqlite"
    settings = load_settings(env={"MEDAGENT_DB_PATH": str(db), "MEDAGENT_MEDCAT2_ENABLED": "false",
                                  "MEDAGENT_INDEX_DIR": str(work / "index"), "MEDAGENT_LLM": "offline"})
    llm = ScriptedLLM({"generate": "Metformin may cause nausea [1]. See your doctor.", "judge": GOOD}, cycle=True)
    agent = MedicalAgent(build_deps(settings, llm=llm, llm_info=BackendInfo("fake", "scripted")))
    agent.run("alice", "저는 당뇨가 있어요. 메트포르민 부작용이 뭔가요?")
    agent.run("alice", "What are the side effects of metformin?")
    agent.run("bob", "저는 58세 여성이고 고혈압이 있어요")
    with sqlite3.connect(db) as conn:
        conn.execute("VACUUM INTO ?", (str(out),))


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve())
