"""The agent's extraction recipe for tests that need it whole: the dictionary linker over the real concept table
and the lay rules (with names said in another form), as ``composition.slot_extractor`` builds it."""

import pytest

from medical_agent.context.extraction.concepts import ConceptTable
from medical_agent.context.extraction.dictionary_linker import DictionaryLinker
from medical_agent.context.extraction.rules_lay import LayConditions
from medical_agent.context.extraction.slot_extractor import SlotExtractor
from medical_agent.settings import PROJECT_ROOT


@pytest.fixture(scope="session")
def concept_table():
    return ConceptTable.load(PROJECT_ROOT / "assets" / "concepts.csv")


@pytest.fixture(scope="session")
def full_extractor(concept_table):
    return SlotExtractor(DictionaryLinker(concept_table), clock=lambda: "2026-01-01T00:00:00+00:00",
                         lay=LayConditions(concept_table))


def statuses(slots):
    """Name -> assertion of every condition, symptom and medication of ``slots``."""
    return {i["name"]: i["assertion"] for k in ("conditions", "symptoms", "medications") for i in slots[k]}
