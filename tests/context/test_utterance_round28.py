"""Issue 33, round 28 (from visitor_test25's first run, messages dictated by voice): a distance or a wait told as
"I'm twenty minutes from home" is no age (it contradicted the age said before, and neither was kept). Each case
failed before its change, with different words from the set's; the others guard."""

import pytest


@pytest.mark.parametrize("text, age", [
    ("I'm 62 and I'm 30 minutes from the hospital", 62),
    ("I'm forty one, I'm twenty minutes away from my doctor", 41),
    ("I'm 70", 70),
])
def test_a_distance_or_a_wait_is_no_age(full_extractor, text, age):
    assert full_extractor.extract(text)["demographics"]["age"] == age


@pytest.mark.parametrize("text", ["I'm 15 minutes late for my appointment", "i'm 5 miles out"])
def test_only_a_distance_or_a_wait_sets_no_age(full_extractor, text):
    assert full_extractor.extract(text)["demographics"].get("age") is None
