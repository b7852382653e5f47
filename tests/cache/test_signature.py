"""The question signature the cache compares: facets people change in one word, matched as people say them."""

from medical_agent.cache import question_signature
from medical_agent.cache.signature import facets


def differ(a: str, b: str) -> bool:
    return question_signature(a, None) != question_signature(b, None)


def test_who_what_when_and_states_are_found_in_both_languages():
    assert facets("아이가 열이 나요. 타이레놀 줘도 되나요?")["who"] == ["child"]
    assert facets("My mother takes warfarin before meals")["who"] == ["mother"]
    assert facets("메트포르민을 끊어도 되나요?")["act"] == ["stop"]
    assert facets("Can I keep taking lisinopril?")["act"] == ["continue"]
    assert facets("레보티록신을 아침 공복에 먹어요")["when"] == ["morning", "before_meal"]     # in the order said
    assert facets("임신 준비 중인데 먹어도 되나요?")["state"] == ["planning_pregnancy"]
    assert facets("I'm breastfeeding, is ibuprofen okay?")["state"] == ["breastfeeding"]


def test_korean_words_are_not_found_inside_other_words():
    assert facets("시간이 없어서 기간을 놓쳤어요")["organ"] == []          # 간 inside 시간, 기간
    assert facets("수술 전에 먹어도 되나요?")["state"] == ["surgery"]         # 술 inside 수술 is not alcohol
    assert facets("간 수치가 높아요")["organ"] == ["liver"]


def test_one_changed_word_changes_the_signature_and_a_rewording_does_not():
    assert differ("혈당이 180이면 메트포르민을 먹어야 하나요?", "혈당이 80이면 메트포르민을 먹어야 하나요?")
    assert differ("Is metformin safe with kidney disease?", "Is metformin not safe with kidney disease?")
    assert differ("Can I take ibuprofen before meals?", "Can I take ibuprofen after meals?")
    assert differ("제가 먹어도 되나요?", "어머니가 드셔도 되나요?")
    assert not differ("메트포르민 부작용이 뭔가요?", "메트포르민 먹으면 어떤 부작용이 있어요?")
    assert not differ("신장이 안 좋은데 이부프로펜 먹어도 되나요?", "콩팥이 안 좋은데 이부프로펜 먹어도 돼요?")


def test_linked_entities_come_from_the_slot_extractor():
    metformin = {"medications": [{"name": "Metformin", "cui": "C0025598", "assertion": "present"}]}
    warfarin = {"medications": [{"name": "Warfarin", "cui": "C0043031", "assertion": "present"}]}
    assert question_signature("x", metformin)["entities"] == ["medications:C0025598:yes"]
    assert question_signature("x", metformin) != question_signature("x", warfarin)
    pregnant = {"demographics": {"is_pregnant": True, "pregnancy_weeks": 30}}
    assert question_signature("x", pregnant)["entities"] == ["demographics:is_pregnant:True",
                                                             "demographics:pregnancy_weeks:30"]


def test_counted_korean_numerals_and_english_number_words_are_numbers():
    assert question_signature("한 번에 두 알 먹어도 되나요?", None)["numbers"] == ["1", "2"]
    assert differ("타이레놀을 한 번에 두 알 먹어도 되나요?", "타이레놀을 한 번에 네 알 먹어도 되나요?")
    assert differ("I missed one dose of levothyroxine.", "I missed a whole week of levothyroxine.")


def test_a_negated_or_past_mention_is_not_the_same_as_an_affirmed_one():
    taking = {"medications": [{"cui": "C0043031", "assertion": "present"}]}
    asking = {"medications": [{"cui": "C0043031", "assertion": "hypothetical"}]}
    stopped = {"medications": [{"cui": "C0043031", "assertion": "historical"}]}
    assert question_signature("x", taking) == question_signature("x", asking)
    assert question_signature("x", taking) != question_signature("x", stopped)


def test_the_word_net_catches_what_no_lexicon_names():
    from medical_agent.retrieval.tokenizer import get_tokenizer

    tokenizer = get_tokenizer()

    def differ_by_words(a: str, b: str, slots_a=None, slots_b=None) -> bool:
        return question_signature(a, slots_a, tokenizer) != question_signature(b, slots_b, tokenizer)

    assert differ_by_words("리튬 복용 중인데 이부프로펜 먹어도 돼요?", "발프로산 복용 중인데 이부프로펜 먹어도 돼요?")
    assert differ_by_words("먹는 약에서 주사로 바꿔도 되나요?", "주사에서 먹는 약으로 바꿔도 되나요?")
    assert differ_by_words("Can I put the ear drops in my eye?", "Can I put the eye drops in my ear?")
    warfarin = {"cui": "C0043031", "assertion": "present"}
    apixaban = {"cui": "C1831808", "assertion": "present"}
    assert differ_by_words("switching from warfarin to apixaban, when do I start?",
                           "switching from apixaban to warfarin, when do I start?",
                           {"medications": [{**warfarin, "span": [15, 23]}, {**apixaban, "span": [27, 35]}]},
                           {"medications": [{**apixaban, "span": [15, 23]}, {**warfarin, "span": [27, 35]}]})
    assert not differ_by_words("What are the side effects of tamsulosin?", "What side effects does tamsulosin have?")
    assert differ_by_words("I use my steroid inhaler first and then albuterol", "I use albuterol first and then my "
                           "steroid inhaler")                               # the same words in another order
    diabetes = [{"cui": "C0011849", "assertion": "present", "span": [0, 2]}]
    disease = [{"cui": "C0011849", "assertion": "present", "span": [0, 3]}]
    assert not differ_by_words("당뇨 있으면 과일 먹어도 되나요?", "당뇨병 있으면 과일 먹어도 되나요?",
                               {"conditions": diabetes}, {"conditions": disease})   # one concept, two names


def test_no_trap_pair_of_the_team_sets_shares_a_signature():
    """Decision-level pin of `bench cache`: whatever the embedding similarity, a near-duplicate that changes
    what matters is never the same question (the benchmark plays them through the whole agent)."""
    import json

    from medical_agent.composition import slot_extractor
    from medical_agent.context.extraction.dictionary_linker import DictionaryLinker
    from medical_agent.context.extraction.factory import concept_table
    from medical_agent.retrieval.tokenizer import get_tokenizer
    from medical_agent.settings import PROJECT_ROOT, load_settings

    concepts = concept_table(load_settings(env={}))
    extract = slot_extractor(DictionaryLinker(concepts), concepts).extract
    tokenizer = get_tokenizer()
    for name in [*(f"cache_pairs_dev{n}.jsonl" for n in ("", "2", "3", "4", "5")), "cache_pairs_test.jsonl"]:
        rows = [json.loads(line) for line in (PROJECT_ROOT / "tests" / "data" / name).read_text().splitlines()]
        same = [r["id"] for r in rows if not r["same"] and question_signature(r["first"], extract(r["first"]), tokenizer)
                == question_signature(r["second"], extract(r["second"]), tokenizer)]
        assert len(rows) > 100 and same == [], name
