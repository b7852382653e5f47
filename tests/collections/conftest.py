"""A person's document collections over an in-memory storage and a tiny hashing embedder, shared by the registry
and the crash-hygiene tests: ``make(registry=True)`` gives a PersonalCollections (with or without the storage's
registry) and the storage; :func:`note` writes a small Markdown upload."""

from __future__ import annotations

import pytest

from medical_agent.collections.personal import PersonalCollections
from medical_agent.embeddings import create_embedder
from medical_agent.settings import PROJECT_ROOT
from medical_agent.storage import open_storage


@pytest.fixture()
def make(tmp_path):
    storage = open_storage(":memory:")
    embedder = create_embedder("hashing:64")

    def collections(registry: bool = True) -> PersonalCollections:
        return PersonalCollections(tmp_path / "docs", embedder=embedder, embedder_spec="hashing:64",
                                   assets_dir=PROJECT_ROOT / "assets", registry=storage.documents if registry else None)

    yield collections, storage
    storage.close()


def note(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(f"# {name}\n\n{text}\n", encoding="utf-8")
    return path
