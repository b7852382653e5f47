"""The team-written assets are well formed (what the index builder and the linkers rely on)."""

import collections
import json

from index_builder.check_concepts import validate
from medical_agent.context.extraction.concepts import ConceptTable
from medical_agent.settings import PROJECT_ROOT

ASSETS = PROJECT_ROOT / "assets"


def test_knowledge_base_is_bilingual_and_sized():
    rows = [json.loads(line) for f in sorted((ASSETS / "knowledge").glob("*.jsonl"))
            for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(rows) >= 300
    assert all(set(r) == {"id", "pair_id", "title", "text", "lang", "topic", "source_url"} for r in rows)
    assert len({r["id"] for r in rows}) == len(rows)
    pairs = collections.defaultdict(set)
    for r in rows:
        pairs[r["pair_id"]].add(r["lang"])
        assert 300 <= len(r["text"]) <= 1200, r["id"]
        assert r["source_url"].startswith("https://"), r["id"]
    assert all(langs == {"ko", "en"} for langs in pairs.values())


def test_concept_table_is_valid_and_covers_the_basics():
    rows, errors, _ = validate(str(ASSETS / "concepts.csv"))
    assert errors == []
    table = ConceptTable.load(ASSETS / "concepts.csv")
    assert len(table.concepts) >= 250
    slots = collections.Counter(c.slot for c in table.concepts)
    assert set(slots) == {"condition", "symptom", "medication", "vital", "lab"}
    names = {n for c in table.concepts for n in c.names_ko}
    for korean in ("당뇨", "당뇨병", "제2형 당뇨병", "고혈압", "메트포르민", "다이아벡스", "두통", "설사", "통풍"):
        assert korean in names, korean
    assert table.lookup_code("snomed", "44054006").name == "Type 2 diabetes mellitus"
    assert table.lookup_code("rxnorm", "860975").name == "Metformin"
