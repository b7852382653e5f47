"""Load the extraction stack from the settings: the concept table and the linker (MedCAT when
``medcat2_enabled``, else the dictionary matcher over the same table).

Loading only: the MedCAT pack is built on first start by the composition root (``medical_agent.composition``,
through ``indexing.medcat_pack``). If MedCAT cannot be used, the dictionary linker takes over and the reason is
logged and reported in ``LinkerInfo`` for the UI: a real, labelled mode.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ...settings import Settings
from .concepts import ConceptTable, load_concepts
from .dictionary_linker import DictionaryLinker
from .mentions import ConceptLinker

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LinkerInfo:
    name: str                # medcat | dictionary
    detail: str = ""
    fallback: bool = False   # MedCAT was wanted and failed: the dictionary linker stands in (shown as a warning)


def concept_table(settings: Settings) -> ConceptTable:
    return load_concepts(str(settings.paths.assets_dir / "concepts.csv"))


def load_linker(settings: Settings, concepts: ConceptTable | None = None) -> tuple[ConceptLinker, LinkerInfo]:
    """The configured linker over an existing MedCAT pack, or the dictionary linker (labelled) when MedCAT is
    off or its pack cannot be loaded."""
    concepts = concepts or concept_table(settings)
    if not settings.flags.medcat2_enabled:
        return DictionaryLinker(concepts), LinkerInfo("dictionary", "medcat2_enabled is false")
    try:
        from .medcat_linker import MedCATLinker

        linker = MedCATLinker(settings.paths.medcat_dir, concepts)
        linker.load()
        return linker, LinkerInfo("medcat", str(settings.paths.medcat_dir))
    except Exception as exc:  # MedCAT failing must not take the agent down: the dictionary is the fallback
        return dictionary_fallback(concepts, exc)


def dictionary_fallback(concepts: ConceptTable, reason: Exception) -> tuple[ConceptLinker, LinkerInfo]:
    log.warning("MedCAT unavailable (%s); using the dictionary linker", reason)
    return DictionaryLinker(concepts), LinkerInfo("dictionary", f"MedCAT unavailable: {reason}", fallback=True)


def korean_namer(concepts: ConceptTable):
    """``(cui, english) -> Korean display name`` for profile summaries."""
    def name(cui: str | None, english: str) -> str:
        concept = concepts.by_cui.get(cui or "")
        return concept.korean_name if concept else english
    return name
