"""A degenerate loop of a small model is cut where a sentence first comes back; short repeats are kept."""

from medical_agent.generation.finalize import cut_loop

LOOP = ("Metformin leaves the body through the kidneys [1]. A low eGFR means weak kidneys [1]. So, may I take it? "
        "In this case, metformin leaves the body through the kidneys [1]. A low eGFR means weak kidneys [1]. So, may I")


def test_the_loop_is_cut_at_the_first_verbatim_repeat():
    assert cut_loop(LOOP) == ("Metformin leaves the body through the kidneys [1]. A low eGFR means weak kidneys [1]. "
                              "So, may I take it? In this case, metformin leaves the body through the kidneys [1].")
    assert cut_loop("A low eGFR means weak kidneys [1]. A low eGFR means weak kidneys [2].") == \
        "A low eGFR means weak kidneys [1]."                                   # markers aside, the same sentence


def test_short_repeats_and_ordinary_answers_are_kept():
    text = "- 예 [1]\n- 예 [2]\nMetformin is cleared by the kidneys [1]. Ask your doctor."
    assert cut_loop(text) == text and cut_loop("") == ""


def test_only_real_safety_concerns_in_the_person_s_language_reach_the_answer():
    from medical_agent.generation.finalize import real_concerns

    concerns = ["The answer does not mention the specific medication the user is taking.",
                "Ibuprofen with warfarin raises the risk of bleeding.", "이부프로펜과 와파린을 함께 먹으면 출혈 위험이 큽니다."]
    assert real_concerns(concerns, "en") == ["Ibuprofen with warfarin raises the risk of bleeding."]
    assert real_concerns(concerns, "ko") == ["이부프로펜과 와파린을 함께 먹으면 출혈 위험이 큽니다."]


def test_an_orphaned_particle_opening_the_answer_is_cut():
    from medical_agent.generation.finalize import tidy_opening

    assert tidy_opening("은, 혈압약을 안 먹어도 혈압이 떨어질 수 있습니다.") == "혈압약을 안 먹어도 혈압이 떨어질 수 있습니다."
    assert tidy_opening("은 물론요, 계속 드셔도 됩니다.") == "물론요, 계속 드셔도 됩니다."
    for kept in ("이 약은 신장으로 배출됩니다.", "네, 드셔도 됩니다.", "Yes, you can.", ""):
        assert tidy_opening(kept) == kept


def test_a_review_note_that_drifts_into_another_script_is_not_shown():
    from medical_agent.generation.finalize import real_concerns

    notes = ["Warfarin raises the risk of bleeding, so consult a healthcare professional if您",
             "Warfarin raises the risk of bleeding after a fall."]
    assert real_concerns(notes, "en") == ["Warfarin raises the risk of bleeding after a fall."]
