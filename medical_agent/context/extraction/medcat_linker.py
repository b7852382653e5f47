"""Concept linking with a MedCAT 2 model pack built offline from our concept table (index_builder medcat).

MedCAT 2 out of the box is English-only in three ways that matter here, each handled below or in the
builder (medical_agent/indexing/medcat_pack.py, which also provisions the pack on first start):

* its tagger marks every token that starts outside [a-z0-9] as punctuation and skips it, so Hangul names
  and Hangul text vanish. We register a Unicode-aware tagger under :data:`TAGGER_NAME`; a saved pack names
  its components, and MedCAT's component registry is process-global, so every process must register it
  before loading (:func:`register_medcat_components`, called by the builder and by the linker);
* its regex tokenizer splits on whitespace only, so Korean particles stay glued to nouns (당뇨병과). Names
  and input text both go through :class:`KoreanSegmenter`, and spans are mapped back to the original text;
* there is no training corpus, so the context-vector linker would reject every ambiguous name. The pack uses
  MedCAT's ``primary_name_only_linker``: a name of one concept links directly; a name shared by several
  concepts links to the one for which it is a primary name (English preferred name or first Korean name).

Mentions are reported with the English preferred name, slot and TUI from the concept table the app runs
with; CUIs missing from that table are dropped.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from pathlib import Path
from typing import Any

from ...text import has_hangul
from .concepts import Concept, ConceptTable
from .korean_segment import KoreanSegmenter
from .mentions import Mention

logger = logging.getLogger(__name__)

# `import medcat` asks PyPI for a newer version unless this is set; the app is offline (settings sets it too,
# this covers library use and tests that import us first).
os.environ.setdefault("MEDCAT_DISABLE_VERSION_CHECK", "true")

TAGGER_NAME = "unicode-tag-and-skip"
LINKER_NAME = "primary_name_only_linker"
PACK_INFO_FILE = "medcat_pack.json"      # written last by the builder: marks a complete pack
PACK_FILES = (".schema.json", ".serialised_by", "cdb", "model_card.json", PACK_INFO_FILE)
# A name of several concepts resolved by primary-name preference is less certain than a unique name.
AMBIGUOUS_CONFIDENCE = 0.8
# Abbreviations (Latin, at most this long, written in capitals in the table: DM, MI, ALL, COPD) match only as
# written, as in the dictionary linker: "all" is not leukaemia. MedCAT's own rule (ner.upper_case_limit_len)
# cannot exempt Hangul, which has no case, and its per-name is_upper flag is whichever spelling came last.
ABBREVIATION_MAX_LEN = 5

_UNICODE_PUNCT = re.compile(r"[\W_]+")   # used with .match(), like MedCAT's r"[^a-z0-9]+"
_register_lock = threading.Lock()


class MedCATPackError(ValueError):
    """The MedCAT model pack is missing, incomplete or unreadable (the message says how to rebuild it)."""


def rebuild_hint(pack_dir: Path) -> str:
    return f"build it with: python -m index_builder medcat --concepts assets/concepts.csv --out {pack_dir}"


def register_medcat_components() -> None:
    """Register the Unicode-aware tagger with MedCAT (idempotent, thread-safe).

    Defined lazily so importing this module does not import MedCAT (~0.6 s) when the dictionary linker is
    configured instead."""
    from medcat.components.tagging.tagger import TagAndSkipTagger
    from medcat.components.types import CoreComponentType, get_core_registry, register_core_component
    from medcat.utils.registry import MedCATRegistryException

    with _register_lock:
        try:
            get_core_registry(CoreComponentType.tagging).get_component(TAGGER_NAME)
            return
        except MedCATRegistryException:
            pass

        class UnicodeTagAndSkipTagger(TagAndSkipTagger):
            """MedCAT's tagger with a punctuation test that treats any Unicode letter or digit as text."""

            name = TAGGER_NAME

            def __init__(self, preprocessing: Any) -> None:
                super().__init__(preprocessing)
                self.punct_checker = _UNICODE_PUNCT

        register_core_component(CoreComponentType.tagging, TAGGER_NAME,
                                UnicodeTagAndSkipTagger.create_new_component)


def korean_variants(name: str) -> list[str]:
    """A Korean name and, if it has spaces, its spaceless spelling (people write 당뇨 환자 and 당뇨환자)."""
    name = " ".join(name.split())
    if not has_hangul(name):
        return [name] if name else []
    joined = name.replace(" ", "")
    return [name, joined] if joined != name else [name]


def protected_korean_names(concepts: ConceptTable) -> set[str]:
    """Every Korean name (and variant) the segmenter must keep whole."""
    return {v for c in concepts.concepts for n in c.names_ko for v in korean_variants(n) if has_hangul(v)}


def _is_abbreviation(name: str) -> bool:
    return (len(name) <= ABBREVIATION_MAX_LEN and name.upper() == name and any(c.isalpha() for c in name)
            and not has_hangul(name))


def _key(name: str) -> str:
    return " ".join(name.lower().split())


def abbreviation_rules(concepts: ConceptTable) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Per CUI: (lower-cased abbreviations that are not also ordinary names, their exact spellings)."""
    rules: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    for c in concepts.concepts:
        names = (*c.english_names, *c.names_ko)
        exact = {" ".join(n.split()) for n in names if _is_abbreviation(n)}
        strict = {_key(n) for n in exact} - {_key(n) for n in names if not _is_abbreviation(n)}
        if strict:
            rules[c.cui] = (frozenset(strict), frozenset(exact))
    return rules


def read_pack_info(pack_dir: Path) -> dict[str, Any] | None:
    """The builder's summary beside the pack, or None when absent or unreadable."""
    try:
        info = json.loads((Path(pack_dir) / PACK_INFO_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


class MedCATLinker:
    """:class:`~.mentions.ConceptLinker` over a MedCAT 2 pack; loads it on first use (or :meth:`load`)."""

    name = "medcat"

    def __init__(self, pack_dir: Path, concepts: ConceptTable) -> None:
        self.pack_dir = Path(pack_dir)
        self.concepts = concepts
        self._load_lock = threading.Lock()
        # MedCAT documents no thread-safety for its pipeline; inference is a few ms, so serialise it.
        self._infer_lock = threading.Lock()
        self._cat: Any = None
        self._segmenter: KoreanSegmenter | None = None
        self._abbreviations = abbreviation_rules(concepts)

    def load(self) -> tuple[KoreanSegmenter, Any]:
        """Load the pack and warm up kiwi once (thread-safe); raises :class:`MedCATPackError`."""
        if self._segmenter is None or self._cat is None:
            with self._load_lock:
                if self._segmenter is None or self._cat is None:
                    self._segmenter, self._cat = self._load()
        return self._segmenter, self._cat

    def _load(self) -> tuple[KoreanSegmenter, Any]:
        pack = self.pack_dir
        if not pack.is_dir():
            raise MedCATPackError(f"MedCAT model pack not found at {pack}; {rebuild_hint(pack)}")
        missing = [f for f in PACK_FILES if not (pack / f).exists()]
        info = read_pack_info(pack)
        if missing or info is None:
            raise MedCATPackError(f"MedCAT model pack at {pack} is incomplete or corrupted (missing or "
                                  f"unreadable: {', '.join(missing) or PACK_INFO_FILE}); {rebuild_hint(pack)}")
        register_medcat_components()
        from medcat.cat import CAT

        try:
            cat = CAT.load_model_pack(str(pack))
        except Exception as exc:  # MedCAT raises anything from KeyError to pydantic errors on bad files
            raise MedCATPackError(f"MedCAT model pack at {pack} is corrupted ({type(exc).__name__}: {exc}); "
                                  f"{rebuild_hint(pack)}") from exc
        comps = cat.config.components
        if comps.tagging.comp_name != TAGGER_NAME or comps.linking.comp_name != LINKER_NAME:
            raise MedCATPackError(f"MedCAT model pack at {pack} was not built by index_builder (tagger "
                                  f"{comps.tagging.comp_name!r}, linker {comps.linking.comp_name!r}); "
                                  f"{rebuild_hint(pack)}")
        unknown = set(cat.cdb.cui2info) - set(self.concepts.by_cui)
        if unknown:
            logger.warning("MedCAT pack %s has %d CUIs not in the concept table (ignored), e.g. %s; rebuild it",
                           pack, len(unknown), sorted(unknown)[:3])
        # Segment exactly as at build time (names stored with the pack) plus the current table's names.
        names = protected_korean_names(self.concepts) | set(info.get("korean_names", ()))
        segmenter = KoreanSegmenter(names)
        segmenter.warm_up()
        logger.info("MedCAT pack loaded from %s: %d concepts, %d names", pack, len(cat.cdb.cui2info),
                    len(cat.cdb.name2info))
        return segmenter, cat

    def link(self, text: str) -> list[Mention]:
        """Non-overlapping mentions sorted by start; spans index ``text`` exactly."""
        if not text or not text.strip():
            return []
        segmenter, cat = self.load()
        seg = segmenter.segment(text)
        with self._infer_lock:
            doc = cat(seg.text)
            ents = list(doc.linked_ents) if doc is not None else []
        found: list[Mention] = []
        for ent in ents:
            concept = self.concepts.by_cui.get(ent.cui)
            if concept is None:
                continue
            start, end = seg.to_original(ent.base.start_char_index, ent.base.end_char_index)
            surface = text[start:end]
            # a name is never split over two lines: "- 고지혈증\n- 약은 없음" holds no 고지혈증 약 (utterances_test27)
            if surface.strip() and "\n" not in surface.strip() and not self._case_mismatch(concept.cui, surface):
                found.append(_mention(concept, surface, start, end, ent))
        return _non_overlapping(found)

    def _case_mismatch(self, cui: str, surface: str) -> bool:
        """An abbreviation written otherwise than in the table ('mi', 'dm', 'All'): not a mention."""
        rule = self._abbreviations.get(cui)
        return rule is not None and _key(surface) in rule[0] and " ".join(surface.split()) not in rule[1]


def _mention(concept: Concept, surface: str, start: int, end: int, ent: Any) -> Mention:
    confidence = min(1.0, max(0.0, float(ent.context_similarity)))
    if len(ent.link_candidates) > 1:
        confidence *= AMBIGUOUS_CONFIDENCE
    return Mention(cui=concept.cui, name=concept.name, tui=concept.tui, slot=concept.slot, text=surface,
                   start=start, end=end, confidence=round(confidence, 4), source="medcat", topic=concept.topic)


def _non_overlapping(mentions: list[Mention]) -> list[Mention]:
    """Longest span wins, then confidence (MedCAT 2.9's own overlap filter misses one-token entities with
    the regex tokenizer, so 'type 2 diabetes' and 'diabetes' both come back)."""
    kept: list[Mention] = []
    for m in sorted(mentions, key=lambda m: (-(m.end - m.start), -m.confidence, m.start)):
        if all(m.end <= k.start or m.start >= k.end for k in kept):
            kept.append(m)
    return sorted(kept, key=lambda m: m.start)

