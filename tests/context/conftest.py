"""Helpers of the extraction tests; the whole extraction recipe (``full_extractor``) is in tests/conftest.py, shared
with the safety-rule tests."""


def statuses(slots):
    """Name -> assertion of every condition, symptom and medication of ``slots``."""
    return {i["name"]: i["assertion"] for k in ("conditions", "symptoms", "medications") for i in slots[k]}
