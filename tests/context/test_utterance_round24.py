"""Issue 33, round 24 (read off utterances_test25 after its blind run: P 0.89, R 0.79, 3 of 48 asked items stored): a
question about an item, then the person's own word that they take it or have it ("… ? i take it most days", "been
on it two years", "Mine's controlled"), and "i take it too" after a relative's; a medicine prescribed and not started
is asked about; a course finished or a medicine that cleared something up is over; "X 앓고 나서" dates X; a medicine
left over from an earlier illness; a history label with a word before it; "since 2021" is no date of the past; table
names. Each case failed before its change (with different words from the test set's); the others guard."""

import pytest

from tests.context.conftest import statuses


@pytest.mark.parametrize("text, name, status", [
    ("does naproxen raise blood sugar? i take it every morning for my back", "Naproxen", "present"),
    ("what if i forget a dose of warfarin? been on it since my valve surgery", "Warfarin", "present"),
    ("Is it ok to fly if you have asthma? Mine's well controlled.", "Asthma", "present"),
    ("my husband is on atorvastatin, does it hurt the liver? i take it too", "Atorvastatin", "present"),
    ("My husband takes metformin. Can I take it?", "Metformin", "family"),
    ("Can I take melatonin? My son takes it.", "Melatonin", "hypothetical"),
    ("My son has scabies and I put permethrin on him. Should I use it on myself too?", "Permethrin", "family"),
])
def test_the_persons_own_word_after_a_question(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, name, status", [
    ("알레르기 때문에 몬테루카스트 처방받았는데 아직 한 번도 안 먹었어요. 부작용 많나요?", "Montelukast", "hypothetical"),
    ("picked up the metformin yesterday but haven't started it yet.", "Metformin", "hypothetical"),
    ("메트포르민 먹고 있는데 아직 부작용은 없어요", "Metformin", "present"),
])
def test_a_medicine_not_started_is_asked_about(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, name, status", [
    ("Had bronchitis in January and amoxicillin cleared it up.", "Amoxicillin", "historical"),
    ("Had bronchitis in January and amoxicillin cleared it up.", "Bronchitis", "historical"),
    ("finished the amoxicillin on Monday, the cough is mostly gone", "Amoxicillin", "historical"),
    ("finished the amoxicillin on Monday, the cough is mostly gone", "Cough", "present"),
    ("작년 여름에 코로나 걸리고 나서 아직도 냄새를 잘 못 맡아요", "COVID-19", "historical"),
    ("치과 치료 때 먹던 트라마돌이 반 통 남았어요.", "Tramadol", "historical"),
    ("Brief history: asthma as a kid, hypertension since 2018 on lisinopril.", "Hypertension", "present"),
    ("Brief history: asthma as a kid, hypertension since 2018 on lisinopril.", "Asthma", "historical"),
])
def test_over_or_still_there(full_extractor, text, name, status):
    assert statuses(full_extractor.extract(text)).get(name) == status


@pytest.mark.parametrize("text, name", [
    ("since last week i get nosebleeds every morning", "Epistaxis"),
    ("on methotrexate for my RA", "Rheumatoid arthritis"),
    ("I'm postmenopausal and otherwise well", "Menopause"),
    ("using an estradiol patch since spring", "Menopausal hormone therapy"),
    ("밥 먹고 나면 속이 뒤집어지는 것 같아요", "Nausea"),
    ("요즘 속이 자꾸 뒤집혀요", "Nausea"),
    ("저녁에 불빛 주위로 무지개 같은 게 보여요", "Halos around lights"),
    ("어제부터 입안이 계속 헐어요", "Aphthous ulcer"),
])
def test_round24_names(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) == "present"
