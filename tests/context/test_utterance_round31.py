"""Issue 33, round 31 (from utterances_test31's first run: denials beside admissions): a negation inside a Korean
description ("다리는 하나도 안 붓고"), a denial in the conjectural form ("아닐 거예요"), a guessed pregnancy that sets
nothing, and "50mg 하나요" (one tablet), which is no question. Each case failed before its change, with different words
from the set's; the others guard."""

import pytest

from tests.context.conftest import statuses


@pytest.mark.parametrize("text, name", [
    ("발목은 전혀 안 붓는데 숨이 좀 차요", "Oedema"),
    ("얼굴은 하나도 안 붓는데 손이 저려요", "Oedema"),
])
def test_a_negation_inside_a_korean_description_denies_it(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) == "negated"


@pytest.mark.parametrize("text, name", [("발목이 퉁퉁 부어서 신발이 안 맞아요", "Oedema"),
                                        ("안쪽 무릎이 부었어요", "Joint swelling")])
def test_a_korean_description_without_a_negation_stays(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) in ("present", "reported")


@pytest.mark.parametrize("text, name", [("검사는 안 했지만 당뇨는 아닐 거예요", "Diabetes mellitus"),
                                        ("빈혈은 아닐 것 같아요", "Anaemia")])
def test_a_conjectural_denial_is_a_denial(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) != "present"


@pytest.mark.parametrize("text", ["생리가 이틀 늦었는데 아마 임신은 아닐 거예요", "maybe not pregnant, we were careful"])
def test_a_guessed_pregnancy_sets_nothing(full_extractor, text):
    assert full_extractor.extract(text)["demographics"]["is_pregnant"] is None


def test_a_pregnancy_denied_outright_is_still_a_denial(full_extractor):
    assert full_extractor.extract("임신은 아니에요, 테스트기 한 줄이었어요")["demographics"]["is_pregnant"] is False


@pytest.mark.parametrize("text, name", [("혈압약은 노바스크 5mg 하나요", "Amlodipine"),
                                        ("아침에 메트포르민 500mg 하나요", "Metformin")])
def test_one_tablet_said_as_hana_yo_is_a_statement(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) == "present"


def test_how_do_i_do_it_stays_a_question(full_extractor):
    assert statuses(full_extractor.extract("메트포르민은 하루에 몇 번 먹어야 하나요?")).get("Metformin") != "present"


@pytest.mark.parametrize("text, name", [("피임약 종류는 아무것도 안 먹어요", "Oral contraceptive"),
                                        ("혈압약 계열은 전혀 안 먹어요", "Antihypertensive agent")])
def test_a_kind_of_medicine_denied_is_a_denial(full_extractor, text, name):
    assert statuses(full_extractor.extract(text)).get(name) == "negated"
