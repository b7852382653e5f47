"""Issue 33, round 28 (from visitor_test25's first run, messages dictated by voice): a distance or a wait told as
"I'm twenty minutes from home" is no age (it contradicted the age said before, and neither was kept). Each case
failed before its change, with different words from the set's; the others guard."""

import pytest

from tests.context.conftest import statuses


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


@pytest.mark.parametrize("text, name", [
    # utterances_test29 (read after its blind run): people of a story who are not the speaker (other words here)
    ("the lady across the hall had a stroke last year, so I worry", "Stroke"),
    ("one of the other runners had an asthma attack at mile 20", "Asthma"),
    ("most of the office got norovirus after the party", "Norovirus infection"),
    ("my landlord has diabetes and lost a toe", "Diabetes mellitus"),
])
def test_a_stranger_placed_by_where_they_were_or_a_person_of_work_is_someone_else(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) in (None, "family")


@pytest.mark.parametrize("text, name", [("one of the tablets made me dizzy", "Dizziness"),
                                        ("I'm a man with high blood pressure", "Hypertension")])
def test_a_thing_or_the_speaker_described_stays_the_speakers(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) == "present"


@pytest.mark.parametrize("text, gender", [("the lady across the hall had a stroke last year", None),
                                          ("that old man at the bus stop coughed on me", None),
                                          ("I'm a woman, 45, with asthma", "female"),
                                          ("I'm the dad-to-be, 38, and on sertraline", "male")])
def test_a_stranger_named_by_sex_sets_no_sex_of_the_speaker(full_extractor, text, gender):
    assert full_extractor.extract(text)["demographics"]["gender"] == gender


@pytest.mark.parametrize("text, name, status", [
    # utterances_test29: an episode that passed, told in the same sentence or the next (other words here)
    ("On Sunday I got dizzy on the bike and had to sit on the curb until it passed.", "Dizziness", "historical"),
    ("Last night I had a pounding headache and threw up once. It's gone this morning.", "Vomiting", "historical"),
    ("처음엔 두드러기가 올라와서 고생했는데 며칠 지나니 싹 가라앉았어요.", "Urticaria", "historical"),
    ("처음 사흘은 이부프로펜을 먹었고 지금은 타이레놀만 먹어요.", "Ibuprofen", "historical"),
    ("Had gout in my big toe in the spring, the colchicine sorted it.", "Gout", "historical"),
    # guards: still there, or joined by another
    ("I've had a headache since Monday. It is still there.", "Headache", "present"),
    ("처음엔 기침만 났는데 지금은 가래도 나와요", "Cough", "present"),
    ("처음에는 무릎이 아팠는데 요즘은 허리도 아파요", "Knee pain", "present"),
    ("Rolled my ankle on Saturday. It's gone all swollen and stiff.", "Sprain of ankle", "present"),
])
def test_an_episode_that_passed_or_a_first_medicine_replaced_is_over(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, name, status", [
    # utterances_test30 (read after its blind run): the one stopped named in a correction, an event dated by its year,
    # an illness had last week (other words here)
    ("제가 잘못 말했는데 끊은 건 리피토고 크레스토는 계속 먹어요", "Atorvastatin", "historical"),
    ("제가 잘못 말했는데 끊은 건 리피토고 크레스토는 계속 먹어요", "Rosuvastatin", "present"),
    ("to be clear, my stroke was 2019, not last year", "Stroke", "historical"),
    ("got strep last week and finished the antibiotics yesterday", "Streptococcal pharyngitis", "historical"),
    ("I had a cough last week and it's still there", "Cough", "present"),
])
def test_a_correction_a_dated_event_and_last_weeks_illness(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status
