"""A medicine's class by its topic in the concept table (the ninth blind pairwise round: the depression passage's
"antidepressants such as SSRIs" did not count for "my 17 yo just started sertraline", so the gate declined it)."""

from types import SimpleNamespace

from medical_agent.context.extraction.concepts import load_concepts
from medical_agent.context.extraction.mentions import Mention
from medical_agent.evidence import Evidence
from medical_agent.graph.nodes.retrieve import concept_names
from medical_agent.retrieval.coverage import uncovered
from medical_agent.settings import PROJECT_ROOT

TABLE = load_concepts(str(PROJECT_ROOT / "assets" / "concepts.csv"))


def _cui(name: str) -> str:
    return next(c.cui for c in TABLE.concepts if c.name == name)


def test_a_medicine_s_class_is_the_concept_that_names_its_topic():
    classes = {name: (k.name if (k := TABLE.class_of(_cui(name))) else None) for name in (
        "Sertraline", "Empagliflozin", "Rosuvastatin", "Amlodipine / atorvastatin", "Naproxen", "Metoprolol",
        "Antidepressant", "Statin", "Diabetes mellitus")}
    assert classes == {"Sertraline": "Antidepressant", "Empagliflozin": "SGLT2 inhibitor", "Rosuvastatin": "Statin",
                       "Amlodipine / atorvastatin": "Statin", "Naproxen": "NSAID", "Metoprolol": "Beta blocker",
                       "Antidepressant": None, "Statin": None, "Diabetes mellitus": None}


def test_a_passage_on_the_class_covers_its_member():
    names = concept_names(SimpleNamespace(concepts=TABLE))
    c = TABLE.by_cui[_cui("Sertraline")]
    mention = Mention(c.cui, c.name, c.tui, c.slot, "sertraline", 0, 10, 1.0, "test", c.topic)
    on_class = Evidence(chunk_id="d", doc_id="d", text="Young people starting antidepressants should be watched closely.", title="")
    elsewhere = Evidence(chunk_id="e", doc_id="e", text="Warfarin and vitamin K.", title="")
    assert uncovered([mention], [on_class], names) == []
    assert uncovered([mention], [elsewhere], names) == ["sertraline"]
