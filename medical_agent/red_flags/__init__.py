"""Red flags: what a person describes that needs an emergency line before anything else is said.

The line goes at the very top of the answer, whatever else happens (cache hit, offline mode, LLM failure). It fires
on an acute state described, not on a question about a condition ("What are the warning signs of a stroke?" is
answered from the sources without it).

Why these forms: the first patterns asked for textbook wording ("chest pain" and "sweating", "말이 어눌"), and the
team's question sets, written the way people type, showed them missing 20 of 25 emergencies, the demo's own
development examples among them: "가슴이 쥐어짜듯 아프고 식은땀이 나요" (the pain word seven characters after 가슴), "my
best friend keeps saying everyone would be better off without her", "the worst headache of my life", an insulin user
"불러도 대답이 없어요" with no word for low blood sugar, "입이 한쪽으로 삐뚤어졌어요 말도 어눌하시고요", blue lips, a bee
sting with "목이 조이는 느낌". And "the 1 hour glucose test at 26 weeks" read as a glucose of 26. The forms below are
what those taught, in general form; checked for false alarms on MedQuAD's 47,441 questions and every team set.

The signs (one pattern each) are in :mod:`.signs` and :mod:`.later_signs` (those the sixth to eighteenth blind
visitor sets taught), those of pregnancy in :mod:`.pregnancy` and those read off the visitor sets' carers' stories in
:mod:`.stories`; :mod:`.triage` combines them into the emergencies, and holds the
line, the crisis numbers and the first aid.
"""

from .triage import (
    CRISIS_HELP,
    EMERGENCY,
    FIRST_AID,
    SUICIDE_LINE,
    RedFlag,
    crisis_help,
    triage,
    with_emergency_line,
)

__all__ = ["CRISIS_HELP", "EMERGENCY", "FIRST_AID", "SUICIDE_LINE", "RedFlag", "crisis_help", "triage",
           "with_emergency_line"]
