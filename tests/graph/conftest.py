"""A small world for graph tests: a tiny bilingual index, in-memory stores, a scripted LLM per test."""

from __future__ import annotations

import json

import pytest

from medical_agent.composition import create_agent
from medical_agent.embeddings import create_embedder
from medical_agent.indexing.build import build_index
from medical_agent.settings import PROJECT_ROOT, load_settings
from medical_agent.storage import open_storage

PASSAGES = [
    ("met-se-en", "en", "Metformin side effects", "Metformin often causes nausea, diarrhoea and stomach upset at first. "
     "Taking it with food helps. Rarely it causes lactic acidosis, mainly when kidney function is very low."),
    ("met-se-ko", "ko", "메트포르민 부작용", "메트포르민은 처음에 메스꺼움, 설사, 복통을 흔히 일으킵니다. 식사와 함께 먹으면 도움이 됩니다. "
     "드물게 신장 기능이 매우 낮을 때 젖산산증이 생길 수 있습니다."),
    ("met-kid-en", "en", "Metformin and kidneys", "Metformin is not used when eGFR is below 30. Doctors check kidney "
     "function before and during treatment with metformin."),
    ("met-kid-ko", "ko", "메트포르민과 신장", "eGFR이 30 미만이면 메트포르민을 사용하지 않습니다. 의사는 메트포르민 치료 전과 "
     "치료 중에 신장 기능을 확인합니다."),
    ("dm-en", "en", "Type 2 diabetes", "Type 2 diabetes is a condition in which blood glucose is too high because the body "
     "does not use insulin well. Diet, exercise and medicines such as metformin help control it."),
    ("dm-ko", "ko", "제2형 당뇨병", "제2형 당뇨병은 몸이 인슐린을 잘 쓰지 못해 혈당이 높아지는 질환입니다. 식사 조절, 운동, 메트포르민 "
     "같은 약이 혈당 조절에 도움이 됩니다."),
    ("mi-en", "en", "Heart attack signs", "Chest pain with sweating or shortness of breath can be a heart attack. Call "
     "your local emergency number at once."),
    ("mi-ko", "ko", "심근경색 증상", "식은땀이나 숨참을 동반한 가슴 통증은 심근경색일 수 있습니다. 즉시 119에 전화하세요."),
    ("nsaid-en", "en", "NSAIDs and warfarin", "Ibuprofen and other NSAIDs raise the risk of bleeding when taken with "
     "warfarin. Ask a pharmacist before combining them."),
    ("nsaid-ko", "ko", "소염진통제와 와파린", "이부프로펜 같은 소염진통제를 와파린과 함께 먹으면 출혈 위험이 높아집니다. 함께 먹기 전에 "
     "약사와 상의하세요."),
]


@pytest.fixture(scope="session")
def embedder():
    return create_embedder("use-multilingual")


@pytest.fixture(scope="session")
def tiny_index(tmp_path_factory, embedder):
    root = tmp_path_factory.mktemp("graph-world")
    corpus = root / "kb.jsonl"
    corpus.write_text("\n".join(json.dumps({"id": i, "lang": lang, "title": t, "text": x}, ensure_ascii=False)
                                for i, lang, t, x in PASSAGES), encoding="utf-8")
    out = root / "index"
    build_index(f"jsonl:{corpus}", out, assets_dir=PROJECT_ROOT / "assets", embedder=embedder,
                embedder_spec="use-multilingual")
    return out


@pytest.fixture()
def make_agent(tmp_path, tiny_index):
    """``make_agent(llm, **flag_overrides)`` → MedicalAgent on the tiny index with in-memory stores (or the
    settings' SQLite file with ``persistent=True``), built by the composition root like the app's."""

    def make(llm=None, persistent: bool = False, **overrides):
        env = {"MEDAGENT_DB_PATH": str(tmp_path / "agent.sqlite"), "MEDAGENT_DOCUMENTS_DIR": str(tmp_path / "documents"), "MEDAGENT_MEDCAT2_ENABLED": "false",
               "MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_LLM": "offline",
               "MEDAGENT_EMBEDDER": "use-multilingual"}   # the tiny world's (fast; e5: tests/e5_world)
        return create_agent(load_settings(env=env, overrides=overrides), llm=llm,
                            storage=None if persistent else open_storage(":memory:"))

    return make
