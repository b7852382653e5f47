"""Follow-up resolution: the pointing phrase, what it points at (conversation first, then the profile), and the
messages that are not follow-ups."""

from medical_agent.context.extraction.mentions import Mention
from medical_agent.context.followup import pointer, resolve

WORDS = {"메트포르민": "medication", "metformin": "medication", "warfarin": "medication", "와파린": "medication",
         "당뇨": "condition", "asthma": "condition", "두통": "symptom", "headache": "symptom"}


def link(text):
    """A stand-in linker: the words above, where they occur."""
    return [Mention(w, w, "T", slot, w, text.find(w), text.find(w) + len(w), 1.0)
            for w, slot in WORDS.items() if w in text]


HISTORY = [{"role": "user", "content": "메트포르민 부작용이 뭔가요?"}, {"role": "assistant", "content": "warfarin과 달리 …"},
           {"role": "user", "content": "두통도 있어요"}, {"role": "assistant", "content": "..."}]


def test_pointing_phrases_in_both_languages_and_not_inside_words():
    assert pointer("그 약을 계속 먹어도 되나요?")[:2] == ("그 약", "medication")
    assert pointer("아까 말한 증상이 심해졌어요")[:2] == ("아까 말한 증상", "symptom")
    assert pointer("Can I keep taking That Medicine?")[:2] == ("That Medicine", "medication")
    assert pointer("Is it contagious?")[:2] == ("it", "any")
    assert pointer("두통이거나 어지러우면 어떡하죠?") is None           # "이거" inside a word is no pointer
    assert pointer("같이 약을 먹어도 되나요?") is None                   # nor "이 약" inside "같이 약"
    assert pointer("What is metformin?") is None


def test_the_newest_concept_of_the_pointed_kind_from_the_person_s_turns_first():
    found = resolve("그 약을 계속 먹어도 되나요?", HISTORY, link)
    assert (found.referent, found.source, found.standalone) == ("메트포르민", "conversation", "메트포르민을 계속 먹어도 되나요?")
    symptom = resolve("아까 말한 증상이 심해졌어요", HISTORY, link)
    assert symptom.referent == "두통" and symptom.standalone == "두통이 심해졌어요"
    anything = resolve("Is it serious?", HISTORY, link)
    assert anything.referent == "두통"                                   # the newest concept of any kind


def test_the_profile_when_the_conversation_has_nothing_and_no_rewrite_when_not_a_follow_up():
    profile = {"medications": [{"text": "와파린", "name": "warfarin", "timestamp": "2026-01-02", "assertion": "present"},
                               {"text": "아스피린", "name": "aspirin", "timestamp": "2026-01-01", "assertion": "present"},
                               {"text": "이부프로펜", "timestamp": "2026-01-03", "assertion": "negated"}]}
    found = resolve("그 약을 계속 먹어도 되나요?", [], link, lambda: profile)
    assert (found.referent, found.source) == ("와파린", "profile")          # the newest not negated
    assert resolve("그 약을 계속 먹어도 되나요?", [], link, lambda: None) is None     # nothing to point at
    assert resolve("그 약, 와파린 말이에요, 계속 먹어도 되나요?", HISTORY, link) is None  # names its own medicine
    assert resolve("메트포르민 부작용이 뭔가요?", HISTORY, link) is None
    asked = []
    resolve("그 약을 계속 먹어도 되나요?", HISTORY, link, lambda: asked.append(1))
    assert asked == []                                                  # the profile is read only when needed


def test_another_concept_of_the_same_kind_is_not_what_the_phrase_points_at():
    history = [{"role": "user", "content": "와파린을 먹고 있어요. 주의할 점이 뭔가요?"}, {"role": "assistant", "content": "..."}]
    found = resolve("그 약을 먹는 동안 메트포르민을 먹어도 되나요?", history, link)
    assert found.referent == "와파린" and found.standalone == "와파린을 먹는 동안 메트포르민을 먹어도 되나요?"
    assert resolve("그 약, 메트포르민 말이에요, 계속 먹어도 되나요?", history, link) is None   # named beside it
    profile = {"medications": [{"text": "메트포르민", "cui": "메트포르민", "timestamp": "2026-02", "assertion": "present"},
                               {"text": "아스피린", "cui": "A", "timestamp": "2026-01", "assertion": "present"}]}
    alone = resolve("그 약이랑 메트포르민을 같이 먹어도 되나요?", [], link, lambda: profile)
    assert alone.referent == "아스피린"           # the profile's newest medicine that is not the one named
