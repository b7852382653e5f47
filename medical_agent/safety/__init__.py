"""Safety beyond the seed: profile-aware contraindication notes.

Red-flag triage (the emergency line at the very top of an answer) lives in the red_flags package. The notes here
come from a small rules table over drug classes (concept-table topics), the person's conditions, pregnancy and labs,
and what the message asks (stopping a medicine, a child, an operation, a sick day: read by
:mod:`medical_agent.safety_words`); they are added whatever the backend.

The facts a turn gives are gathered in :mod:`.facts`; the rules and their notes are in :mod:`.rules` (those from the
fifteenth blind round on in :mod:`.rounds`), and the kinds of medicine and condition they name in :mod:`.kinds`.
"""

from .facts import DrugClasses, Facts, collect_facts, drug_class_map
from .rules import RULES, rule_names, rule_notes, safety_notes

__all__ = ["RULES", "DrugClasses", "Facts", "collect_facts", "drug_class_map", "rule_names", "rule_notes",
           "safety_notes"]
