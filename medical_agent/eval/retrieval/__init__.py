"""Retrieval evaluation: BioASQ / LiveQA-Med data, IR metrics, the seed-style baseline, fusion and expansion tuning."""
