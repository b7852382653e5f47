"""The agent's real path with the real MedCAT 2 pack (built from assets/concepts.csv, as the app builds it on
first start): every other graph test runs the dictionary linker, so without this one a broken MedCAT would only
change the header's linker name."""

from __future__ import annotations

import pytest

from medical_agent.composition import create_agent
from medical_agent.indexing.medcat_pack import ensure_medcat_pack
from medical_agent.llm import ScriptedLLM
from medical_agent.llm.fake import verify_reply
from medical_agent.settings import PROJECT_ROOT, load_settings
from medical_agent.storage import open_storage


@pytest.fixture(scope="module")
def medcat_dir(tmp_path_factory):
    pytest.importorskip("medcat")
    pack = tmp_path_factory.mktemp("medcat") / "pack"
    ensure_medcat_pack(PROJECT_ROOT / "assets" / "concepts.csv", pack)
    return pack


def test_a_korean_turn_links_its_concepts_with_medcat(medcat_dir, tiny_index):
    env = {"MEDAGENT_MEDCAT2_ENABLED": "true", "MEDAGENT_MEDCAT_DIR": str(medcat_dir),
           "MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_EMBEDDER": "use-multilingual", "MEDAGENT_LLM": "offline"}
    llm = ScriptedLLM({"generate": "Metformin may cause nausea [1].", "verify": lambda m, o: verify_reply(m, 0.9)})
    agent = create_agent(load_settings(env=env), llm=llm, storage=open_storage(":memory:"))
    assert agent.deps.linker_info.name == "medcat" and not agent.deps.linker_info.fallback
    result = agent.run("u", "저는 당뇨가 있고 메트포르민을 먹고 있어요. 부작용이 뭔가요?")
    linked = {(i["name"], i["source"]) for k in ("conditions", "medications") for i in result["slot_out"][k]}
    assert {("Diabetes mellitus", "medcat"), ("Metformin", "medcat")} <= linked
    assert "당뇨" in result["profile_summary"] and "메트포르민" in result["profile_summary"]


def test_a_broken_pack_is_a_visible_fallback(tmp_path, tiny_index):
    (tmp_path / "pack").mkdir()
    (tmp_path / "pack" / "model_pack.zip").write_text("not a pack")
    env = {"MEDAGENT_MEDCAT2_ENABLED": "true", "MEDAGENT_MEDCAT_DIR": str(tmp_path / "pack"),
           "MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_EMBEDDER": "use-multilingual", "MEDAGENT_LLM": "offline"}
    from medical_agent.context.extraction.factory import load_linker

    linker, info = load_linker(load_settings(env=env))
    assert info.name == "dictionary" and info.fallback and info.detail.startswith("MedCAT unavailable")
