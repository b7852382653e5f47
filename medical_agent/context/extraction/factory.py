"""Build the extraction stack from the settings: the concept table, the linker (MedCAT when
``medcat2_enabled``, else the dictionary matcher over the same table) and the slot extractor.

The MedCAT pack is built on first use when missing (like the index). If MedCAT cannot be used, the dictionary
linker takes over and the reason is logged and reported in ``LinkerInfo`` for the UI: a real, labelled mode.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ...settings import Settings
from .concepts import ConceptTable, load_concepts
from .dictionary_linker import DictionaryLinker
from .mentions import ConceptLinker
from .slot_extractor import SlotExtractor

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LinkerInfo:
    name: str                # medcat | dictionary
    detail: str = ""


def concept_table(settings: Settings) -> ConceptTable:
    return load_concepts(str(settings.assets_dir / "concepts.csv"))


def create_linker(settings: Settings, concepts: ConceptTable | None = None) -> tuple[ConceptLinker, LinkerInfo]:
    concepts = concepts or concept_table(settings)
    if not settings.flags.medcat2_enabled:
        return DictionaryLinker(concepts), LinkerInfo("dictionary", "medcat2_enabled is false")
    try:
        from .medcat_linker import MedCATLinker, ensure_medcat_pack

        ensure_medcat_pack(settings.assets_dir / "concepts.csv", settings.medcat_dir)
        linker = MedCATLinker(settings.medcat_dir, concepts)
        linker.load()
        return linker, LinkerInfo("medcat", str(settings.medcat_dir))
    except Exception as exc:  # MedCAT failing must not take the agent down: the dictionary is the fallback
        log.warning("MedCAT unavailable (%s); using the dictionary linker", exc)
        return DictionaryLinker(concepts), LinkerInfo("dictionary", f"MedCAT unavailable: {exc}")


def create_extractor(settings: Settings, concepts: ConceptTable | None = None) -> tuple[SlotExtractor, LinkerInfo]:
    linker, info = create_linker(settings, concepts)
    return SlotExtractor(linker), info


def korean_namer(concepts: ConceptTable):
    """``(cui, english) -> Korean display name`` for profile summaries."""
    def name(cui: str | None, english: str) -> str:
        concept = concepts.by_cui.get(cui or "")
        return concept.korean_name if concept else english
    return name
