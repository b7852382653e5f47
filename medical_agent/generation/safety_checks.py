"""The answer's body never contradicts the profile's safety rules (issue 32).

A small model answered "Yes, you can take ibuprofen for back pain if it is prescribed" to a person on warfarin, and
the safety note under it said the opposite; it called a pulse of 48 in a dizzy person newly on metoprolol "within
the normal range". The rules (safety.py) know better in both cases, so their verdict wins in the text itself:
- a yes/no question about taking something, answered "yes" in its first sentence while an interaction rule fired,
  starts with "not without checking first" and the rule instead;
- a sentence that calls a reading normal while the rules found it outside its safe range is removed.
The offline answer is checked the same way (its sentences are quoted from passages written for everyone).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..text import split_sentences
from .citations import MARKER

# rules about a medicine the person takes or asks about (safety.RULES names)
INTERACTIONS = {"nsaid_anticoagulant", "nsaid_kidney", "nsaid_heart_failure", "pregnancy_drugs", "pregnancy_nsaid",
                "metformin_kidney", "acetaminophen_liver", "decongestant_blood_pressure", "aspirin_child",
                "sglt2_surgery", "sick_day", "grapefruit", "stop_medicine", "supplement_anticoagulant",
                "pregnancy_planning_drugs", "warfarin_natto", "sulfonylurea_raised", "skip_meal_insulin",
                "warfarin_antibiotic", "statin_macrolide", "same_medicine_twice", "double_dose"}
# rules that send the person to care: a first sentence that says there is no need ("No, you do not need to go in")
# starts with the rule instead (the blind pairwise review: a head injury on warfarin was told to stay home)
SEEK_CARE = {"head_injury_anticoagulant", "no_fluids", "blood_pressure_crisis"}   # (a reading of 192/124 was told
                                                                                  # "You can wait till Monday")
NO_NEED = re.compile(r"^\W*(?:no\b|nope\b|you\s+(?:do\s+not|don'?t)\s+need|there\s+is\s+no\s+need|(?:it'?s|it\s+is)\s+"
                     r"(?:probably\s+)?(?:fine|ok)|아니(?:요|오)|안\s*가도|가지\s*않아도|괜찮습니다|필요\s*없)", re.I)
GO_FIRST = {"ko": "지금 진료가 필요합니다: {note}", "en": "Please get checked: {note}"}
PERMISSION = re.compile(r"\b(?:can|could|may|should|is\s+it\s+(?:ok|okay|safe|fine|alright)|am\s+I\s+allowed)\b[^?]*"
                        r"\b(?:take|use|have|give|drink|eat|keep|continue|start|stop|quit)\b|"
                        r"\b(?:is\s+(?:it|that|this)|are\s+they|it'?s)\s+(?:ok|okay|safe|fine|alright)\s+(?:with|together|alongside|"
                        r"to\s+(?:mix|combine))\b|\b(?:is|are)\s+safe\s+for\s+me\b|"
                        r"\b(?:is|are)\s+(?:it|that|this|they)\s+(?:still\s+)?(?:ok|okay|safe|fine|alright)\b|"
                        r"\bis\s+there\s+(?:actually\s+|really\s+)?(?:a|any)\s+(?:problem|issue|interaction)|먹어도|복용해도|써도|드셔도|마셔도|"
                        r"\b(?:ok|okay|alright|safe|fine)\s+to\s+(?:give|take|use|have|mix|combine)\b|"     # "ok to give him pepto …?"
                        r"괜찮(?:나요|을까요|아요\?|은가요)|되나요|돼요\?|될까요|"
                        r"(?:다녀|해|가|받아)도\s*(?:괜찮|되|돼)|괜찮은\s*(?:거|건|것)", re.I)
AFFIRMATIVE = re.compile(r"^\W*(?:yes\b|yeah\b|sure\b|you\s+can\b|you\s+may\b|it\s+is\s+(?:generally\s+)?(?:safe|fine|ok)|"
                         r"(?:[\w-]+\s+){1,3}?(?:is|are)\s+(?:generally\s+|usually\s+)?safe\b|"      # "Tylenol is safe for you if"
                         r"it'?s\s+(?:generally\s+)?(?:safe|fine|ok)|generally,?\s+(?:yes|it\s+is\s+safe)|네[,.\s]|예[,.\s]|"
                         r"(?:드셔도|복용하셔도|드셔도\s*괜찮|먹어도|써도)\s*(?:됩니다|돼요|괜찮습니다)|괜찮습니다|가능합니다|물론)|"
                         # "로사르탄을 계속 먹어도 되지만, …" (not "먹어도 되는지는 의사와 상의하세요")
                         r"^[^.?!]{0,40}?(?<!안\s)(?<!안)(?:먹어도|드셔도|복용하셔도|복용해도|써도|맞아도)\s*"
                         r"(?:되(?!는\s*지|는가|나요|는\s*것|는\s*경우)|돼(?!요\?)|괜찮(?!은지|을지|은가)|(?:큰\s*)?문제\s*(?:가\s*)?없)|"
                         # "같이 드셔도 문제없습니다" (the fifth blind round, glimepiride with co-trimoxazole), "no problem"
                         r"^\W*(?:there'?s\s+|there\s+is\s+)?no\s+(?:problem|issue|interaction)\b|"
                         # "아기한테 괜찮을 수 있습니다" (the seventh blind round, enalapril at a positive pregnancy test)
                         r"^[^.?!]{0,20}?괜찮을\s*수\s*있|"
                         # "아니요, 집에 있는 타이레놀 두알 더 같이 먹는 것은 좋습니다" (the twelfth blind round, beside Ultracet)
                         r"^[^.?!]{0,60}?(?:먹는|드시는|복용하는|쓰는)\s*(?:것은|것도|건)\s*(?:좋습니다|괜찮습니다|문제\s*없)", re.I)
NOT_WITHOUT = {"ko": "먼저 확인이 필요합니다: {note}", "en": "Not without checking first: {note}"}
# rules whose medicines are often paused: a first sentence that says to keep taking them ("오늘도 드셔야 합니다" to a
# question about ramipril during diarrhoea, the fifth blind round) starts with the rule instead
PAUSED = {"sick_day", "skip_meal_insulin"}        # (and "still inject the lispro" before a skipped dinner)
KEEP_TAKING = re.compile(r"^[^.?!]{0,40}?(?:드셔야|먹어야|복용하셔야|복용해야|맞으셔야|맞아야|계속\s*(?:드|먹|복용|맞)|"
                         r"\bkeep\s+taking|\bcontinue\s+(?:taking|to\s+take)|\bshould\s+(?:still\s+)?(?:take|inject)|"
                         r"\bstill\s+inject)|^\W*(?:yes\b|네[,.\s])", re.I)
POTASSIUM_WORD = re.compile(r"potass?ium|칼륨", re.I)
SODIUM_WORD = re.compile(r"sodium|나트륨", re.I)
HAEMOGLOBIN_WORD = re.compile(r"ha?emoglobin|\bHg?b\b|헤모글로빈|혈색소", re.I)
RESULT_WORD = re.compile(r"\b(?:level|value|result|reading)s?\b|수치|결과", re.I)   # "The level of 18.4 is within …"
NOT_BAD = re.compile(r"\bnot\s+(?:necessarily\s+|that\s+|too\s+)?(?:bad|high|a\s+(?:problem|concern))\b|"
                     # "… but it does not indicate any health issues" (the seventh blind round, a haemoglobin of 18.4)
                     r"\b(?:does|do|did)\s+not\s+(?:indicate|mean|suggest)\s+(?:any\s+)?(?:health\s+)?(?:issues?|problems?|"
                     r"concerns?|disease)\b|\bno\s+cause\s+for\s+concern\b|"
                     r"(?:나쁘지|높지)\s*않|괜찮은\s*(?:편|수치)", re.I)
PULSE = re.compile(r"맥박|심박|pulse|heart\s*rate|bpm|beats", re.I)
# advice to take potassium (a supplement, a salt substitute, a potassium-sparing diuretic) while an ACE inhibitor
# or an ARB is named: the model wrote it for ramipril in the blind pairwise review; the rule says the opposite
POTASSIUM_ADVICE = re.compile(r"(?:potassium|칼륨)[^.]{0,40}(?:supplement|tablet|salt\s+substitute|sparing|보충제|대체\s*소금)|"
                              r"(?:supplement|salt\s+substitute|보충제|대체\s*소금)[^.]{0,30}(?:potassium|칼륨)", re.I)
# a sentence that tells the person they need no care, which a seek-care rule contradicts (the blind pairwise review:
# "The evidence does not support the need for immediate medical attention" after a head injury on warfarin)
NO_CARE = re.compile(r"\b(?:does|do|did|is|are)(?:\s+not|n'?t)\s+(?:\w+\s+){0,3}?(?:need|require|necessary|support\s+the\s+need)\w*"
                     r"\b[^.]{0,40}\b(?:attention|care|help|hospital|emergency|doctor|go(?:ing)?\s+in)\b|\bno\s+need\s+(?:for|to)\s+"
                     r"(?:\w+\s+){0,3}?(?:attention|care|hospital|emergency|doctor|go|see|visit)\b|(?:병원|응급실|진료)\S{0,3}\s*"
                     r"(?:\S+\s*){0,2}?(?:안\s*가도|가지\s*않아도|받지\s*않아도|갈\s*필요(?:는|가)?\s*없|필요(?:는|가)?\s*없)|"
                     r"\b(?:you\s+can|it'?s\s+(?:fine|ok(?:ay)?|safe)\s+to|just)\s+wait\s+(?:till|until|for)\b|"
                     r"기다려도\s*(?:됩니다|돼요|괜찮)|지켜봐도\s*(?:됩니다|돼요|괜찮)", re.I)
AVOID = re.compile(r"\b(?:avoid|not|don'?t|never|unless|caution|careful|risk)\b|피하|않|말고|주의|위험", re.I)
NORMAL = re.compile(r"정상|normal|within\s+(?:the\s+)?(?:usual|healthy)\s+range|nothing\s+to\s+worry|걱정\s*(?:할|하지)\s*않", re.I)


def _called_fine(s: str) -> bool:
    """The sentence calls a reading normal or "not bad"."""
    return bool(NORMAL.search(s) or NOT_BAD.search(s))


def _first_sentence(body: str) -> tuple[str, str]:
    parts = split_sentences(body)
    if not parts:
        return "", body
    first = parts[0]
    at = body.find(first)
    return first, body[at + len(first):] if at >= 0 else body


# sentences that must not stand while a rule fired: a reading called normal that is not, potassium advised with an
# ACE inhibitor or ARB
DROPPED: dict[str, Callable[[str], bool]] = {
    "heart_rate_abnormal": lambda s: bool(PULSE.search(s) and NORMAL.search(s)),
    "potassium_abnormal": lambda s: bool(POTASSIUM_WORD.search(s) and NORMAL.search(s)),
    "sodium_abnormal": lambda s: bool(SODIUM_WORD.search(s) and NORMAL.search(s)),
    "haemoglobin_abnormal": lambda s: bool((HAEMOGLOBIN_WORD.search(s) or RESULT_WORD.search(s)) and _called_fine(s)),
    "blood_pressure_high": _called_fine,
    "acei_potassium": lambda s: bool(POTASSIUM_ADVICE.search(s)) and not AVOID.search(s),
    "head_injury_anticoagulant": lambda s: bool(NO_CARE.search(s)),
    "no_fluids": lambda s: bool(NO_CARE.search(s)),
    "blood_pressure_crisis": lambda s: bool(NO_CARE.search(s)) or _called_fine(s),
}


# Under an emergency line, a sentence that plays the emergency down is left out (the fifth blind round, asked again:
# "물 마시면 내려갈 수 있습니다" under the line for food stuck so saliva cannot go down; "symptoms of food poisoning"
# under the line for belly pain through to the back)
REASSURANCE = re.compile(r"\b(?:you\s+can|it\s+can|it'?s\s+(?:ok|okay|fine)\s+to)\s+wait\b|\bno\s+need\s+to\s+(?:go|call|see|"
                         r"worry|rush)|\b(?:just|only|probably|likely)\s+(?:a\s+|an\s+)?(?:food\s+poisoning|heartburn|"
                         r"indigestion|hangover|muscle\s+strain|pulled\s+muscle|stomach\s+bug|cold|anxiety|nothing\s+serious)|"
                         r"\b(?:symptoms?|signs?)\s+of\s+food\s+poisoning|\bnothing\s+to\s+worry\s+about|\b(?:sleep|rest)\s+it\s+off|"
                         r"(?:기다려도|지켜봐도|지켜보셔도|집에서\s*쉬어도|참아도)\s*(?:됩니다|돼요|괜찮)|"
                         r"걱정(?:하지\s*않으셔도|할\s*필요(?:가|는)?\s*없)|단순한?\s*(?:식중독|체기|숙취|소화불량|과로)|"
                         r"물(?:을)?\s*마시면\s*(?:내려|나아|괜찮)|"
                         # "it may be normal and go away on its own" under the line for the waters breaking at 33 weeks
                         # (the seventh blind round, asked again)
                         r"\b(?:may|might|could)\s+be\s+(?:normal|nothing)\b|\bgo(?:es)?\s+away\s+on\s+(?:its|their)\s+own\b|"
                         r"저절로\s*(?:나아|좋아|사라|괜찮)|정상일\s*(?:수|가능성)|"
                         # going later is fine (the eighth blind round, a stroke on waking: "네, 동네 내과 9시에 문여는데
                         # 그때 모시고 가면 될 것 같습니다" under the line)
                         r"(?:가면|가도|모시고\s*가면|기다리면|기다려도|지켜보면|지켜봐도)\s*(?:될\s*것\s*같|됩니다|돼요|괜찮|좋을\s*것\s*같)", re.I)
# Under an emergency line too, an extra dose or home treatment offered instead of care, unless the sentence warns
# against it (the sixth blind round: "Yes, you should give him an extra BP pill" for 212/128 with confusion; "Tylenol
# can help with fever and headache" for purple spots that do not fade; "누워 있으면 괜찮습니다" for a thunderclap headache)
HOME_TREATMENT = re.compile(r"\b(?:an?\s+)?(?:extra|another|additional|double)\s+(?:\w+\s+){0,2}?(?:pill|dose|tablet|puff)s?\b|"
                         r"\b(?:tylenol|paracetamol|acetaminophen|ibuprofen|advil|painkillers?|pain\s+relievers?)\s+(?:can|will|should|"
                         r"may|might)\s+(?:help|ease|relieve|take\s+care)|"
                         r"\b(?:tylenol|paracetamol|acetaminophen|ibuprofen|advil|painkillers?)\s+(?:is|are)\s+(?:generally\s+|usually\s+)?"
                         r"(?:safe|fine|ok)\b|"
                         r"(?:하나|한\s*알|한\s*번)\s*더\s*(?:드시|드셔|먹|복용)|누워\s*(?:있으면|계시면|쉬면)\s*(?:\S+\s*)?(?:괜찮|나아|좋아)|"
                         r"진통제(?:를|만)?\s*(?:먹고|드시고|먹으면|드시면)", re.I)


WARNS_AGAINST = re.compile(r"\b(?:do\s+not|don'?t|never|should\s+not|shouldn'?t|must\s+not|avoid|instead\s+of\s+(?:calling|going))\b|"
                           r"(?:하지|드시지|먹지|주지|드리지)\s*마|말고|않도록|대신\s*(?:119|응급)", re.I)


def _home_treatment(sentence: str) -> bool:
    return bool(HOME_TREATMENT.search(sentence)) and not WARNS_AGAINST.search(sentence)


# Under an emergency line a "yes" answers the question the person asked (can we wait, can I treat it at home), and the
# line says no; only a yes that sends them to care stays ("Yes, call 911 now").
CARE_NOW = re.compile(r"119|911|999|112|응급|구급|즉시|바로\s*병원|emergency|ambulance|immediately|right\s+away|now\b", re.I)


def _yes_without_care(sentence: str) -> bool:
    return bool(SAYS_YES.search(sentence)) and not CARE_NOW.search(sentence)


# Once an interaction rule leads the answer, a later sentence that still calls the combination safe is left out (the
# sixth blind round, asked again: "Not without checking first: simvastatin … must not be taken with clarithromycin …"
# followed by the model's "The combination of these medications is safe and effective")
CALLED_SAFE = re.compile(r"\b(?:is|are)\s+(?:\w+\s+){0,2}?(?:safe|fine|ok(?:ay)?)\b|\bno\s+(?:problem|issue|interaction)s?\b|"
                         r"(?:문제\s*(?:가\s*)?없|괜찮습니다|안전합니다|드셔도\s*됩니다|먹어도\s*됩니다)", re.I)


def _called_safe(sentence: str) -> bool:
    return bool(CALLED_SAFE.search(sentence)) and not AVOID.search(sentence)


# A "yes" that only repeats the question: the small model opens most yes/no answers so, whatever the sources say, and
# over five blind pairwise rounds such a first sentence was wrong on the main point 17 times in 32 and unsafe 9 times
# ("Yes, you should give your mum a laxative" for a bowel obstruction, "Yes, this could be the stomach bug" for lactic
# acidosis on metformin, "Yes, it is still safe for your mum's eGFR of 38"). It carries nothing the sources gave, so it
# is left out and the answer opens with what follows. Where the question proposes a change to a treatment (stop it, an
# extra or a double dose, skip it, one thing instead of another, wait at home: "Yes, you should use extra puffs when
# you get tight instead of your blue one"), the answer opens with checking first instead.
CHANGE_PROPOSED = re.compile(r"\b(?:instead\s+of|extra|double|another\s+(?:dose|pill|tablet|puff)|skip|stop|quit|come\s+off|"
                             r"cut\s+(?:back|down|it\s+in\s+half)|wait\s+(?:it\s+out|till|until|for)|sleep\s+it\s+off|"
                             r"keep\s+(?:him|her|them|it)\s+(?:at\s+)?home|just\s+(?:wait|rest|give|take|let))\b|대신|하나\s*더|"
                             r"한\s*알\s*더|두\s*배|건너뛰|끊어도|끊을|중단|그만\s*먹|기다려도|참아도|지켜봐도|집에서\s*(?:쉬|지켜)", re.I)
CHECK_FIRST = {"ko": "직접 바꾸기 전에 의사나 약사와 먼저 상의하세요.",
               "en": "Please check with your doctor or pharmacist before you change this yourself."}
CITED = re.compile(r"^\s*(?:\[\d+\]\s*,?\s*)+")
NEWLINE = "\n"
SAYS_YES = re.compile(r"^\W*(?:yes\b|yeah\b|네[,.\s]|예[,.\s])", re.I)
ECHO, NEW_WORDS = 0.6, 2         # the share of the yes-sentence's words that are the question's; words it adds at most
_WORDS = re.compile(r"[a-z]{3,}|[가-힣]+")
_FUNCTION_WORDS = frozenset({"the", "and", "you", "your", "yes", "that", "this", "can", "could", "should", "would",
                             "will", "are", "is", "was", "were", "have", "has", "had", "for", "with", "not", "but",
                             "its", "it's", "about", "there", "their", "they", "them", "may", "might", "just",
                             "also"})


def _echoed_yes(first: str, question: str) -> bool:
    """``first`` says yes in the question's own words, adding at most :data:`NEW_WORDS` of its own."""
    if not SAYS_YES.search(first):
        return False
    said, new = _words_added(first, question)
    return len(new) <= NEW_WORDS and (not said or (len(said) - len(new)) / len(said) >= ECHO)


def _words_added(text: str, question: str) -> tuple[list[str], list[str]]:
    """(the content words of ``text``, those of them the question does not have)."""
    asked = set(_WORDS.findall(question.lower()))
    said = [w for w in _WORDS.findall(MARKER.sub("", text).lower()) if w not in _FUNCTION_WORDS]
    return said, [w for w in said if w not in asked]


# Advice to stop medicines, of the model's own ("따라서, 두 약 모두를 중단하는 것이 좋습니다" for diltiazem with
# metoprolol, both prescribed by the cardiologist: the seventh blind round): the sentence gives way to asking first,
# unless it already sends the person to their clinician.
STOP_ADVICE = re.compile(r"(?:중단|끊|그만\s*드시|그만\s*드|복용을\s*멈추)(?:하는\s*(?:것이|게)\s*좋|하세요|으세요|어야|해야|는\s*것이\s*좋)|"
                         # a change of medicine, too ("물은 잘 못드므로 약을 바꾸는 것이 좋습니다" for rivaroxaban: the
                         # eighth blind round)
                         r"(?:약을?|복용량을?|용량을?)\s*(?:바꾸|변경하|줄이|늘리)(?:는\s*(?:것이|게)\s*좋|세요|셔야|어야|아야)|"
                         r"\b(?:you\s+should|it'?s\s+best\s+to|it\s+is\s+best\s+to|better\s+to|you\s+need\s+to|must)\s+"
                         r"(?:stop|discontinue|quit|switch\s+(?:your|the)\s+(?:medicine|medication|drug)s?)\b", re.I)
ASKS_CLINICIAN = re.compile(r"의사|약사|의료진|주치의|doctor|pharmacist|clinician|prescriber|GP\b", re.I)
ASK_BEFORE_STOPPING = {"ko": "처방받은 약은 임의로 중단하거나 바꾸지 말고 먼저 의사나 약사와 상의하세요.",
                       "en": "Do not stop or change a prescribed medicine on your own; ask your doctor or pharmacist "
                             "first."}
QUOTED = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s")          # a bullet quotes a passage, written for everyone: it stays
_SENTENCE_WITH_END = re.compile(r"[^.!?。\n]+(?:[.!?。]+(?:\s*\[\d+\]\.?)?|$)\s*")


def _ask_before_stopping(body: str, lang: str) -> str:
    """``body`` with each sentence of its prose that tells the person to stop a medicine, without sending them to
    their clinician, replaced by asking first (once); the other sentences keep their words and punctuation."""
    said = False

    def swap(m: re.Match[str]) -> str:
        nonlocal said
        sentence = m.group()
        if not STOP_ADVICE.search(sentence) or ASKS_CLINICIAN.search(sentence):
            return sentence
        first, said = not said, True
        return f"{ASK_BEFORE_STOPPING[lang]} " if first else ""
    return "\n".join(_SENTENCE_WITH_END.sub(swap, line).rstrip()
                     if STOP_ADVICE.search(line) and not QUOTED.match(line) else line for line in body.split("\n"))


def agree_with_rules(body: str, question: str, fired: Sequence[str], notes: dict[str, str], lang: str,
                     emergency: bool = False) -> str:
    """``body`` with a "yes" that an interaction rule contradicts, or a "no need" that a seek-care rule contradicts,
    replaced by the rule, a yes that only repeats the question left out (replaced by checking first where the
    question proposes a change of treatment), and the sentences a fired rule forbids (:data:`DROPPED`) left out; under an emergency line
    (``emergency``), a sentence that plays it down (:data:`REASSURANCE`) or offers home treatment instead of care
    (:data:`HOME_TREATMENT`) too. ``fired``: the rule names; ``notes``:
    rule name → its note."""
    key = "ko" if lang == "ko" else "en"
    asked_leave = bool(PERMISSION.search(question))
    if asked_leave:
        body = _lead_with(body, fired, INTERACTIONS, AFFIRMATIVE, NOT_WITHOUT[key], notes)
    body = _lead_with(body, fired, SEEK_CARE, NO_NEED, GO_FIRST[key], notes)
    body = _lead_with(body, fired, PAUSED, KEEP_TAKING, NOT_WITHOUT[key], notes)
    first, rest = _first_sentence(body)
    rest = CITED.sub("", rest).lstrip(" .。")                  # the left-out sentence's citations go with it
    change = bool(CHANGE_PROPOSED.search(question))
    if _echoed_yes(first, question) and (rest.strip() or change):
        lead = CHECK_FIRST[key] if change else ""
        body = f"{lead}{' ' if lead and not rest.startswith(NEWLINE) else ''}{rest}".strip()
    body = _ask_before_stopping(body, key)
    drops = [DROPPED[name] for name in fired if name in DROPPED] + \
        ([REASSURANCE.search, _home_treatment, _yes_without_care] if emergency else []) + \
        ([lambda s: _called_safe(s) and not any(s.strip(" .") in note for note in notes.values())]
         if asked_leave and any(name in INTERACTIONS for name in fired) else [])
    if drops:
        body = "\n".join(line for line in (_without(line, lambda s: any(d(s) for d in drops))
                                            for line in body.split("\n")) if line is not None).lstrip("\n")
    return body


def _lead_with(body: str, fired: Sequence[str], rules: set[str], opening: re.Pattern[str], template: str,
               notes: dict[str, str]) -> str:
    """``body`` starting with the first fired rule of ``rules`` instead of a first sentence ``opening`` matches."""
    rule = next((name for name in fired if name in rules), None)
    first, rest = _first_sentence(body) if rule else ("", body)
    if not first or not opening.search(first):
        return body
    return f"{template.format(note=notes[rule])} {rest.lstrip(' .。')}".strip()


def _without(line: str, drop: Callable[[str], bool]) -> str | None:
    """The line without the sentences ``drop`` picks (None: nothing of it left)."""
    sentences = split_sentences(line)
    kept = [s for s in sentences if not drop(s)]
    if len(kept) == len(sentences):
        return line
    text = " ".join(kept)
    return text if text.strip(" -*") else None


# A model's own answer to a question the sources do not cover (the thirteenth blind pairwise round: 4 of the 12 such
# answers unsafe). The 1.5B model said yes to ibuprofen on methotrexate and to itraconazole with esomeprazole, told a
# person whose heart failure was worsening that phoning was "not worth" it, called diclofenac "generally safe" beside
# heavy drinking, and twice only wrote the question out again. With no passage to rest on, it may not grant leave to
# take or combine something, wave off care, or call a medicine safe; what is left is said by the not-covered text.
NOT_WORTH = re.compile(r"(?:it'?s|it\s+is)\s+not\s+(?:really\s+)?(?:worth|necessary|needed|urgent)|no\s+need\s+to|"
                       r"\bwait\s+(?:for|until|till)\s+(?:your|the)\s+(?:clinic|appointment|next|visit)|가지\s*않아도|"
                       r"연락하지\s*않아도|기다리셔도|기다려도\s*(?:됩니다|괜찮)", re.I)
# (and in the question's own informal words: "일반적으로 알려진 의학 지식으로는 찜질방 다녀도 괜찮은거에요", the fourteenth
# blind round, for near-faints on two blood pressure medicines)
AFFIRMS = re.compile(r"좋습니다|됩니다|괜찮습니다|수\s*있습니다|문제\s*(?:가\s*)?없|괜찮아요|괜찮은\s*(?:거|것)(?:에|예|이에|입니)|"
                     r"(?:해|다녀|드셔|먹어|써|가)도\s*(?:돼요|됩니다|괜찮)|\b(?:you\s+can|it'?s\s+fine|go\s+ahead)\b", re.I)
ECHOED_SHARE = 0.8          # an answer whose words are this much the question's, with few of its own, only restates it
ECHO_MIN_WORDS = 6          # (a short "Yes, you can eat natto with warfarin" is a yes, read by the rules)


def unsupported_leave(body: str, question: str) -> bool:
    """The model's answer (no passage behind it) opens by granting what the question asks leave for ("네, 같이 먹을 수
    있습니다", "사다 먹은 것이 좋습니다"), or by waving off care ("It's not worth phoning …")."""
    first, _ = _first_sentence(MARKER.sub("", body).strip())
    granted = SAYS_YES.search(first) or _called_safe(first) or (AFFIRMS.search(first) and not AVOID.search(first))
    return bool(PERMISSION.search(question) and granted) or bool(NO_NEED.search(first) or NOT_WORTH.search(first))


def restates_question(body: str, question: str) -> bool:
    """The answer is the question written out again, adding at most :data:`NEW_WORDS` words of its own."""
    said, new = _words_added(body, question)
    return len(said) >= ECHO_MIN_WORDS and len(new) <= NEW_WORDS and (len(said) - len(new)) / len(said) >= ECHOED_SHARE


def without_safety_claims(body: str) -> str:
    """``body`` without the sentences that call something safe (:func:`_called_safe`)."""
    return " ".join(s for s in split_sentences(body) if not _called_safe(s)).strip()

