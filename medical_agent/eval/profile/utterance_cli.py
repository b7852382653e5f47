"""`python -m medical_agent eval utterances --set FILE`: stored-fact precision and recall of single messages.

Each message goes the way a turn's does: the agent's extractor (built by the composition root), the conflicts the
profile would hold back, a merge into a fresh profile. What ends up stored as the person's is scored by
:mod:`.utterance_set`; the report (JSON on stdout) has per-language and overall numbers and every error.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .utterance_set import Stored, entity_matcher, evaluate, load_set, stored_facts


def turn_store(extractor: Any) -> Any:
    """``text -> Stored``: extraction, held-back conflicts and the merge into an empty profile, as a turn does."""
    from ...context.profile import ProfileStore
    from ...context.profile.conflicts import hold_back_conflicts
    from ...storage import open_storage

    store = ProfileStore(open_storage(":memory:").profiles)
    count = 0

    def run(text: str) -> Stored:
        nonlocal count
        count += 1
        user = f"utterance-{count}"
        slots, _ = hold_back_conflicts(store.get(user), extractor.extract(text))
        store.update(user, slots)
        return stored_facts(store.get(user))
    return run


def command(args: argparse.Namespace) -> int:
    from ...composition import create_extractor
    from ...context.extraction.factory import concept_table
    from ...settings import get_settings

    settings = get_settings()
    if args.linker:
        settings = settings.with_flags(medcat2_enabled=args.linker == "medcat")
    concepts = concept_table(settings)
    extractor, info = create_extractor(settings, concepts)
    by_name = {c.name.lower(): c.cui for c in concepts.concepts}
    records = load_set(args.set)[: args.limit]
    report = evaluate(records, turn_store(extractor), entity_matcher(lambda name: by_name.get(name.lower())))
    print(json.dumps({"set": str(args.set), "linker": info.name, **report}, ensure_ascii=False))
    return 0


def add_parser(eval_subparsers: Any) -> None:
    p = eval_subparsers.add_parser("utterances", help="facts stored from single messages vs a labelled set "
                                   "(questions stored as facts, values, demographics, contradictions)")
    p.add_argument("--set", type=Path, required=True, help="JSONL, see tests/data/utterances/README.md")
    p.add_argument("--linker", choices=["medcat", "dictionary"], help="default: the medcat2_enabled setting")
    p.add_argument("--limit", type=int, help="only the first N lines")
    p.set_defaults(func=command)
