"""Build the MedCAT 2 model pack offline from the concept table (``python -m index_builder medcat``).

No UMLS download and no training corpus: the CDB is made from assets/concepts.csv alone and the pack links
by name (see medical_agent/context/extraction/medcat_linker.py for why each setting below is needed).
Name statuses: the English preferred name and the first Korean name are primary ('P', preferred when a
name is shared by several concepts); every other name is 'A'. Korean names are segmented like input text.

The pack is built in a temporary sibling directory, loaded back as a check, and renamed into place, so a
crash never leaves a half-written pack; ``medcat_pack.json`` inside it records the CSV's sha256 and a
rebuild from an identical CSV (same recipe, same MedCAT version) is skipped.
"""

from __future__ import annotations

import fcntl
import importlib.metadata
import json
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..context.extraction.concepts import Concept, ConceptTable
from ..context.extraction.korean_segment import KoreanSegmenter
from ..context.extraction.medcat_linker import (
    LINKER_NAME,
    PACK_FILES,
    PACK_INFO_FILE,
    TAGGER_NAME,
    MedCATPackError,
    korean_variants,
    protected_korean_names,
    read_pack_info,
    register_medcat_components,
)
from ..retrieval.index_store import sha256_file

logger = logging.getLogger(__name__)

PACK_FORMAT = 1   # bump when the recipe below changes, so packs built by the old recipe are rebuilt


def _medcat_version() -> str:
    return importlib.metadata.version("medcat")   # without importing medcat (~0.6 s) on the skip path


def medcat_config() -> Any:
    """MedCAT config for a name-only, bilingual pack (saved inside the pack and reused at load)."""
    from medcat.config import Config

    config = Config()
    config.general.log_level = logging.WARNING      # CDBMaker logs every 1% of rows at INFO
    config.general.spell_check = False               # no vocab: spelling fixes would need word frequencies
    config.general.nlp.provider = "regex"            # no spaCy model to download
    config.cdb_maker.min_letters_required = 0        # it counts only A-Z, so Hangul names were dropped
    config.components.tagging.comp_name = TAGGER_NAME
    config.components.linking.comp_name = LINKER_NAME
    config.components.ner.min_name_len = 2           # 두통, 설사, 빈혈
    config.components.ner.upper_case_limit_len = 2   # Hangul has no case; the linker re-checks Latin names
    config.components.linking.disamb_length_limit = 2
    return config


def _rows(concept: Concept, segmenter: KoreanSegmenter) -> list[dict[str, str]]:
    """CDB CSV rows of one concept: primary names first (the CDB keeps the first 'P' as preferred name)."""
    primary = [concept.name]
    korean = [segmenter.segment_name(v) for n in concept.names_ko for v in korean_variants(n)]
    if korean:
        primary.append(korean[0])
    other = [n for n in dict.fromkeys([*concept.synonyms_en, *korean]) if n not in primary]
    rows = [{"cui": concept.cui, "name": name, "name_status": "P", "type_ids": concept.tui} for name in primary]
    if other:
        rows.append({"cui": concept.cui, "name": "|".join(other), "name_status": "A", "type_ids": concept.tui})
    return rows


def _ambiguous_names(cdb: Any) -> int:
    """Names of several concepts with no single primary one: MedCAT's primary-name linker drops them."""
    return sum(1 for info in cdb.name2info.values()
               if len(info["per_cui_status"]) > 1
               and sum(s in ("P", "PD") for s in info["per_cui_status"].values()) != 1)


def _build_into(table: ConceptTable, korean_names: set[str], target: Path) -> dict[str, Any]:
    import pandas as pd
    from medcat.cat import CAT
    from medcat.model_creation.cdb_maker import CDBMaker

    register_medcat_components()
    segmenter = KoreanSegmenter(korean_names)
    rows = [row for concept in table.concepts for row in _rows(concept, segmenter)]
    config = medcat_config()
    cdb = CDBMaker(config).prepare_csvs([pd.DataFrame(rows, dtype=str)])
    cat = CAT(cdb, vocab=None, config=config)
    # json, not dill: loading the pack then never unpickles anything.
    cat.save_model_pack(str(target.parent), pack_name=target.name, serialiser_type="json",
                        make_archive=False, add_hash_to_pack_name=False)
    CAT.load_model_pack(str(target))   # fail here, not in the app, if the pack does not load
    return {"concepts": len(cdb.cui2info), "names": len(cdb.name2info),
            "ambiguous_names": _ambiguous_names(cdb)}


@contextmanager
def _build_lock(out_dir: Path) -> Iterator[None]:
    """One builder per pack across processes (two app workers starting at once)."""
    lock_path = out_dir.parent / f".{out_dir.name}.lock"
    with lock_path.open("w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _is_current(out_dir: Path, digest: str) -> dict[str, Any] | None:
    info = read_pack_info(out_dir)
    if (info is None or info.get("sha256") != digest or info.get("format") != PACK_FORMAT
            or info.get("medcat_version") != _medcat_version()):
        return None
    return info if all((out_dir / f).exists() for f in PACK_FILES) else None


def _check_replaceable(out_dir: Path) -> None:
    """Never delete a directory we did not build (a mistyped --out)."""
    if out_dir.is_dir() and read_pack_info(out_dir) is None and any(out_dir.iterdir()):
        raise MedCATPackError(f"refusing to replace {out_dir}: it exists and is not a MedCAT pack built by "
                              f"index_builder (no readable {PACK_INFO_FILE})")
    if out_dir.exists() and not out_dir.is_dir():
        raise MedCATPackError(f"refusing to replace {out_dir}: it is a file")


def _swap_into_place(new: Path, out_dir: Path, scratch: Path) -> None:
    """Rename the finished pack to out_dir; an older pack is moved aside first (renames are atomic)."""
    if out_dir.exists():
        os.replace(out_dir, scratch / "previous")
    os.replace(new, out_dir)


def build_medcat_pack(concepts_csv: Path, out_dir: Path, *, force: bool = False) -> dict[str, Any]:
    """Build (or keep, if built from an identical CSV) the pack at ``out_dir``; return a JSON-able summary."""
    started = time.perf_counter()
    concepts_csv, out_dir = Path(concepts_csv), Path(out_dir)
    if not concepts_csv.is_file():
        raise MedCATPackError(f"concept table not found: {concepts_csv}")
    digest = sha256_file(concepts_csv)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with _build_lock(out_dir):
        info = None if force else _is_current(out_dir, digest)
        if info is not None:
            return {"out": str(out_dir), "built": False, "concepts": info["concepts"], "names": info["names"],
                    "ambiguous_names": info.get("ambiguous_names"), "sha256": digest,
                    "seconds": round(time.perf_counter() - started, 3)}
        _check_replaceable(out_dir)
        table = ConceptTable.load(concepts_csv)
        if not table.concepts:
            raise MedCATPackError(f"{concepts_csv}: no concepts")
        korean_names = protected_korean_names(table)
        scratch = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.tmp-", dir=out_dir.parent))
        try:
            new = scratch / "pack"
            counts = _build_into(table, korean_names, new)
            info = {"format": PACK_FORMAT, "sha256": digest, "source": str(concepts_csv),
                    "medcat_version": _medcat_version(), "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
                    **counts, "korean_names": sorted(korean_names)}
            (new / PACK_INFO_FILE).write_text(json.dumps(info, ensure_ascii=False, indent=1), encoding="utf-8")
            _swap_into_place(new, out_dir, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    seconds = round(time.perf_counter() - started, 3)
    logger.info("MedCAT pack built at %s: %d concepts, %d names in %.1f s", out_dir, counts["concepts"],
                counts["names"], seconds)
    return {"out": str(out_dir), "built": True, **counts, "sha256": digest, "seconds": seconds}


def ensure_medcat_pack(concepts_csv: Path, pack_dir: Path) -> dict[str, Any]:
    """Build the pack on first start (or when the concept table changed); cheap when it is up to date.

    If the pack exists but the CSV does not (a deployment shipping only the pack), the pack is kept."""
    concepts_csv, pack_dir = Path(concepts_csv), Path(pack_dir)
    info = read_pack_info(pack_dir)
    if info is not None and not concepts_csv.is_file():
        return {"out": str(pack_dir), "built": False, "concepts": info.get("concepts"),
                "names": info.get("names"), "seconds": 0.0}
    return build_medcat_pack(concepts_csv, pack_dir)
