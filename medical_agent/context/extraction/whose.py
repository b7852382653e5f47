"""Whose is it: the person's own, or someone else's. A relative, friend, colleague or neighbour before the mention in
its clause or as the subject of its sentence ("아버지가 고혈압이 있으신데", "my friend takes …"), a child named only by
age ("my 6-year-old", 세 살배기가), a relative the mention describes ("아토피 있는 돌쟁이 아기한테"), a relative honoured by
the predicate (-시-, 드시고 계세요), a Korean sentence with no subject of its own that goes on about the relative before,
or a medicine given ("먹여야 되나요", "can I give …"), unless the words right before name it the person's own ("제 약",
"my amlodipine"). Split from :mod:`.assertion`, which asks this first (``family`` there means "not the person's")."""

from __future__ import annotations

import re

KO_OTHER = re.compile(r"(?:아버지|어머니|아빠|엄마|아부지|어무이|부모님|부모|할아버지|할머니|외할|친할|누나|언니|오빠|"
                      r"동생|남편|아내|와이프|아들|가족|친척|삼촌|고모|외삼촌|사촌|가족력|집안|시어머니|시아버지|"
                      # honoured in-laws and elders, and the people a carer looks after ("파킨슨병이 있으신 아버님이",
                      # "제가 맡은 여든셋 어르신이 당뇨에 심부전까지", utterances_test19)
                      r"아버님|어머님|시부모님|할머님|할아버님|어르신|환자분|"
                      # a pet ("우리 집 열네 살 강아지가 관절염이라", utterances_test20)
                      r"(?:강아지|고양이|반려견|반려묘|반려동물|애완견|댕댕이|냥이)(?=가|는|도|이가|이는)|"   # not 고양이 알러지
                      r"장모|장인|손자|손녀|조카|친구|동료|직장\s*동료|이웃|지인|남자\s*친구|여자\s*친구|애인|옆자리|선배|후배|팀장|"
                      r"상사|(?:회사|직장|학교)\s*사람|"
                      # a peer and an old husband: "같이 술 마신 동기는", "영감은 그날 배추를 나르다" (utterances_test24)
                      r"(?<![가-힣])(?:동기|영감)(?=는|은|도|들|랑|이랑|한테|네\s)|"
                      # a colleague by title: "같은 팀 과장님이 … 심정지가 왔는데" (utterances_test14)
                      r"(?<![가-힣])(?:과장|부장|차장|대리|사장|실장|본부장|주임|반장)(?:님)?(?=이|가|은|는|도|께서|\s)|"
                      # someone taken to the doctor: "남편 혈압이 … 병원에 데려갔더니 고혈압이래요" (utterances_test10)
                      r"(?:데려|데리고\s*|모시고\s*)갔더니|"
                      r"살배기|살짜리|개월\s*(?:된|짜리)|(?<![가-힣])(?:아이|아기)(?=\s)|"
                      r"(?<![가-힣])(?:형이|형은|형도|딸(?!꾹)|이모(?!티)|아이가|아이는|아이도|아기가|아기는|애가|애는|"
                      r"(?:첫째|둘째|셋째|막내|큰애|작은애|애기)(?=\s*(?:\([^)]{0,12}\)\s*)?(?:가|는|도|이|랑|한테))))"
                      # 친구네 고양이, 언니네 집에서: their home or pet, not them
                      # "친구 집에 다녀오면" (utterances_test20's round): their home is no one's illness
                      r"(?!네\s*(?:집|고양이|강아지|개|가게|동네|회사|식당|에서|에\b)|\s*(?:집|가게|회사|결혼식)(?:에|에서|으로|로)\b)")
# The mention describes a relative who follows it: "아토피 있는 돌쟁이 아기한테", "천식 앓는 우리 아들이" (utterances_test7)
KO_DESCRIBES_OTHER = re.compile(r"\s*(?:이|가)?\s*(?:있는|있으신|앓는|앓고\s*있는|걸린|걸리신|진단받은|먹는|드시는)\s+"
                                r"(?:[가-힣]+\s+){0,2}?(?:우리\s+)?(?:아기|아이|애기|돌쟁이|아들|딸|남편|아내|엄마|아빠|"
                                r"어머니|아버지|할머니|할아버지|친구|동료|동생|언니|오빠|누나|형|조카|손자|손녀|"
                                r"아버님|어머님|할머님|할아버님|시어머니|시아버지|어르신)")
EN_OTHER = re.compile(r"\b(?:both|the|all\s+(?:my|our|the|three|four))\s+(?:kids|children|boys|girls|twins)\b|"
                      # "my older brother", "both my sisters" (utterances_test9)
                      r"(?<!\bas\s)\b(?:my|his|her|our|their|a)\s+(?:(?:older|younger|elder|eldest|oldest|youngest|little|big|baby|twin|"
                      r"middle|late|teenage|adult)\s+)?(?:mother|father|mom|mum|dad|parents?|brothers?|sisters?|siblings?|"
                      r"grand(?:mother|father|ma|pa|parents?|son|daughter|child(?:ren)?)|nan|nana|nanna|gran|granny|aunt|"
                      r"uncle|son|daughter|wife|husband|cousin|kids?|child(?:ren)?|baby|nephew|niece|friends?|colleagues?|co-?workers?|"
                      r"neighbou?rs?|boss|roommates?|partner|boyfriend|girlfriend|toddler|infant|newborn|"
                      r"little\s+one|twins?|buddy|buddies|pals?|mates?|classmates?|teammates?|fianc[eé]e?|spouse|"
                      r"relatives?|in-laws|step(?:son|daughter|mother|father|mom|dad|kids?)|"
                      r"clients?|patients?|residents?|"       # "One of my clients, a 79-year-old man …" (test19)
                      # people of work and life told in a story (utterances_test29: "My chef had a nasty burn", "My ex
                      # dropped our 8 yo off … forgot his inhaler bag")
                      r"ex|chef|manager|supervisor|landlord|landlady|coach|trainer|teacher|students?|employees?|tenants?|"
                      r"dogs?|cats?|puppy|kitten|pets?|"      # "Our cat just got diagnosed with hyperthyroidism" (test20)
                      r"(?:mother|father|sister|brother|son|daughter)-in-law)(?:'s)?\b|\bfriend\s+of\s+mine\b|"
                      # someone else's doctor or treatment: "her OB started her on baby aspirin", "put him on"
                      # a parent by name: "Meanwhile Mum's been admitted with a chest infection" (utterances_test24)
                      r"\b(?:Mum|Mom|Dad|Nan|Gran|Grandma|Grandpa)(?:'s|\s+(?:has|had|is|was|takes|took|got|gets|"
                      r"needs|needed))\b|"
                      r"\b(?:his|her|their)\s+(?:doctor|doc|OB|OB-?GYN|GP|physician|p(?:a)?ediatrician|midwife|"
                      r"surgeon|cardiologist|specialist|dentist|nurse)\b|"
                      # someone else's body: "His legs have been swelling" (utterances_test7)
                      r"\b(?:his|her|their)\s+(?:legs?|feet|foot|ankles?|arms?|hands?|chest|heart|stomach|belly|tummy|"
                      r"head|skin|knees?|hips?|back|eyes?|ears?|throat|breathing|blood\s+pressure|bp|sugars?|"
                      r"temperature|temp|"
                      # "His right side is still weak and his speech is slurred" (utterances_test24)
                      r"speech|(?:right|left)\s+side|face|memory|vision|mood|appetite|kidneys?|liver|lungs?)\b|"
                      r"\b(?:started|put|switched|prescribed|gave|given|giving)\s+(?:him|her)\b|"
                      # a person met somewhere: "a guy at work has the flu", "someone I know takes …"
                      r"\b(?:a|this|that|some|one)\s+(?:guy|man|woman|lady|girl|boy|person|kid|student|patient)\s+"
                      r"(?:at|from|in|on|I)\b|\b(?:someone|somebody)\s+(?:at|from|I\s+know|in\s+my)\b|"
                      # a stranger placed by where they were: "the guy two doors down had a heart attack", "the man next
                      # to me had a nosebleed", "one of the other jurors had a seizure", "half the wedding party got food
                      # poisoning" (utterances_test29)
                      r"\bthe\s+(?:guy|man|woman|lady|gentleman|girl|boy|kid|person|passenger)\s+(?:\w+\s+){0,2}?(?:next\s+to|"
                      r"doors?\s+(?:down|up)|down\s+the|across\s+the|behind|in\s+front\s+of|beside|upstairs|downstairs|"
                      r"in\s+the\s+(?:next|other)|on\s+the\s+(?:next|other))\b|"
                      r"\bone\s+of\s+the\s+(?:other\s+)?(?:jurors|guys|players|runners|kids|passengers|guests|nurses|drivers|"
                      r"workers|people|ladies|men|women|girls|boys|parents|moms|mums|dads|members|riders|climbers|hikers)\b|"
                      r"\b(?:half|most|some|all|several|a\s+few)\s+(?:of\s+)?the\s+(?:\w+\s+)?(?:party|team|class|office|"
                      r"group|guests|crew|squad)\b|"
                      # a child named only by age: "my 6-year-old has a fever", "our 3 month old"
                      r"\b(?:my|our|his|her|their|the)\s+\d{1,2}[\s-]*(?:(?:years?|yrs?|months?|weeks?)[\s-]*old\b|"
                      r"(?:yo|y/o|y\.o\.)(?![\w/]))"      # "my 17 yo just started sertraline" (round 9)
                      r"(?!\s+(?:man|woman|male|female|person|guy|lady|gentleman|adult|self)\b)|"
                      r"\bfamily\s+history\b|\bruns\s+in\s+(?:my|the|our)\s+family\b|"
                      r"\b(?:he|she)(?:\s+(?:has|had|takes|took|is|was|uses|used|gets|got)|'s)\b|\bfor\s+(?:him|her)\b", re.I)
# A relative opening an English sentence is its subject: "Mum's 84 and on warfarin", "My nan is 91 and on nine
# different tablets, including digoxin", "My 3 year old woke up with a barking cough …, temp 38.4", after a label
# too ("Quick rundown: dad had a TIA last year and is on Plavix now", utterances_test9)
EN_OPENING_RELATIVE = re.compile(r"^(?:[^:.!?]{0,30}:)?\W*(?:one\s+of\s+(?:my|our)\s+(?:clients|patients|residents|kids|"
                                 r"children|friends|coworkers|co-workers|colleagues|neighbou?rs)\b|"
                                 r"(?:(?:my|our)\s+)?(?:mum|mom|mother|dad|father|nan|nana|nanna|gran|granny|grandma|"
                                 r"grandpa|grandmother|grandfather|son|daughter|husband|wife|partner|brother|sister|"
                                 r"toddler|baby|little\s+one|\d{1,2}[\s-]*(?:years?|yrs?|months?|weeks?)[\s-]*old"
                                 r"(?!\s+(?:man|woman|male|female|person|guy|gal|lady|gentleman|adult|self|here)\b)(?!\s*$))"
                                 r"(?:'s)?\b)"
                                 # "Mom of three under five, 34" (utterances_test19): the speaker, a parent of children
                                 r"(?!\s+(?:of|to)\s+(?:two|three|four|five|six|seven|eight|\d+|twins|triplets)\b)", re.I)
# Giving a medicine is for someone else: "해열제 먹여야 되나요" (Korean: the whole sentence, unless it says 저는/제가),
# "can I give ibuprofen" (English: what follows the verb in its clause).
KO_GIVING = re.compile(r"(?<!젖)(?<!젖\s)(?<!젖을\s)(?<!모유)(?<!모유\s)(?<!모유를\s)(?<!분유)(?<!분유\s)(?<!분유를\s)"
                       r"먹(?:여|이|일|였)")          # not a mother feeding her baby ("젖 먹이는 중인데 …")
EN_GIVING = re.compile(r"\b(?:give|giving|gave)\s+(?!(?:me|myself|up|birth)\b)", re.I)
# ... or put on them: "I put permethrin on him" (utterances_test25's round)
EN_APPLIED_BEFORE = re.compile(r"\b(?:put|putting|rubbed|rubbing|applied|applying|sprayed|spraying|dabbed)\s+(?:some\s+|the\s+)?$",
                               re.I)
EN_ON_SOMEONE_AFTER = re.compile(r"\s*(?:cream\s+|lotion\s+|shampoo\s+)?(?:on|onto|in)\s+(?:him|her|them|(?:my|our)\s+"
                                 r"(?:son|daughter|kids?|baby|child|children|husband|wife|mum|mom|dad))\b", re.I)
# A relative as the object of the person's verb, then the person's own: "I'm breastfeeding my 3-month-old and
# taking sertraline", "I look after my dad and I'm on sertraline"
EN_I_THEN_RELATIVE = re.compile(r"\bI(?:'m|\s+am|'ve\s+been|\s+have\s+been)?\s+\w+\s+(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?"
                                r"\s*,?\s+and\s+(?:I(?:'m|\s+am)?\s+)?(?:also\s+)?(?:taking|take|on|using|have|got|"
                                r"been\s+(?:on|taking))\s+(?:(?!(?:he|she|they|his|her|their|him|them)\b)[\w-]+\s+){0,6}$",
                                re.I)
# The person's own beside someone else's: "my toddler swallowed one of my amlodipine pills", "아이가 제 약을 먹었어요"
MINE_BEFORE = re.compile(r"(?:\bmy|(?<![가-힣])(?:제|내))\s+(?:[\w-]+\s+)?$", re.I)


# An honorific predicate (-시-, -세요, -셨-): said of someone the speaker honours, never of the speaker (not a
# request, "알려주세요", nor the stems of 마시다, 다시, 모시다)
KO_HONORIFIC = re.compile(r"(?<![마다모가주])(?:으)?시(?=고|는|다|며|면|니|네|대|더|지|었|죠|잖|는데|거든)|(?<!주)(?:으)?세요|"
                          r"(?<![마다모가주])셔(?:서|요|도)|(?<![마다모가주])셨")
FIRST_PERSON = re.compile(r"저는|제가|저도|나는|내가|본인은|\bI\b|\bI'm\b|\bme\b")


KO_SUBJECT = re.compile(r"(?:이|가|께서|는|은)(?![가-힣])")
HANGUL = re.compile(r"[가-힣]")
KO_SPEAKER = re.compile(r"(?<![가-힣])(?:(?:저|나|전|난)(?:는|도|은)?\s|제\s|내\s)")      # the speaker, in forms FIRST_PERSON lacks


# A clinician acting on the person: "she's keeping me on Ozempic" (utterances_test24), "he put me on statins"
EN_ON_ME = re.compile(r"\W*(?:[\w-]+\s+){0,2}?me\s+(?:on|off)\b", re.I)
# An English sentence about a third person and no one else: "They found AFib on the monitor in hospital, so the
# neurologist started him on Eliquis" after "My dad (81) is in rehab …" (utterances_test24)
EN_THIRD_PERSON = re.compile(r"\b(?:he|she|him|his|her|he's|she's)\b", re.I)
EN_FIRST_PERSON_ANY = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|our|us)\b", re.I)


def _en_carried_relative(text: str, s_left: int, s_right: int) -> bool:
    """An English sentence that speaks of him or her and never of the speaker, after a sentence that named a
    relative."""
    words = text[s_left:s_right]
    return not HANGUL.search(words) and bool(EN_THIRD_PERSON.search(words)) and \
        not EN_FIRST_PERSON_ANY.search(words) and bool(EN_OTHER.search(text, 0, s_left))


def _family_subject(before: str) -> bool:
    """A relative is the subject of this part of the sentence (no "I/저는" after the last family word): "아버지가
    고혈압이 있으신데", "My son, who is 5, has asthma", or opens an English sentence that says nothing of "I"."""
    for pattern, window in ((KO_OTHER, before[-25:]), (EN_OTHER, before[-40:])):
        ends = [m.end() for m in pattern.finditer(window)]
        if ends and not FIRST_PERSON.search(window, ends[-1]):
            return True
    # further back, a relative as the sentence's subject (a subject particle): "고1 딸이 요즘 밥을 허겁지겁 많이 먹고
    # 나서 꼭 화장실에 들어가서 토하는 소리가 나요" (utterances_test11)
    window = before[-70:]
    subjects = [m.end() for m in KO_OTHER.finditer(window) if KO_SUBJECT.match(window, m.end())]
    if subjects and not FIRST_PERSON.search(window, subjects[-1]) and not KO_SPEAKER.search(window, subjects[-1]):
        return True
    opening = EN_OPENING_RELATIVE.match(before)             # "Mum's 84 and on warfarin, …", "My 3 year old woke up …"
    return bool(opening) and not FIRST_PERSON.search(before, opening.end())


def _carried_relative(text: str, s_left: int, start: int) -> bool:
    """A Korean sentence with no subject of its own goes on about the relative an earlier sentence was about:
    "남편이 … 심장 혈관이 두 군데나 막혔대요. 스텐트 넣고 나서 지금은 플라빅스랑 아스피린을 먹고 있어요", "여동생이 임신
    32주인데 … 입원했어요. 의사 말로는 임신중독증이래요" (utterances_test12), unless the person has spoken of
    themselves since."""
    window = text[max(0, s_left - 200):s_left]
    subjects = [m.end() for m in KO_OTHER.finditer(window) if KO_SUBJECT.match(window, m.end())]
    if not subjects or not HANGUL.search(text, s_left, start + 1):
        return False
    since = window[subjects[-1]:] + text[s_left:start]
    # "저는 … 넥시움 먹고 있고 남편은 … 양압기 써요. 밤에 누우면 속쓰림이 심한데 …" (utterances_test27): a sentence that set
    # the speaker beside the relative carries neither
    opened = max(window.rfind(p, 0, subjects[-1]) for p in ".?!\n") + 1
    beside = FIRST_PERSON.search(window, opened, subjects[-1])
    return not beside and not FIRST_PERSON.search(since) and not KO_SPEAKER.search(since) and \
        not KO_OTHER.search(text, s_left, start)


def _honoured_relative(sentence_before: str, after: str) -> bool:
    """A relative is the subject of the sentence and the mention's predicate honours them (-시-, -세요), which no
    one says of themselves: "할아버지가 중풍으로 쓰러지신 뒤로 … 오른쪽 팔다리에 힘이 없으세요"."""
    subjects = [m for m in KO_OTHER.finditer(sentence_before) if re.match(r"(?:께서|가|이|는|은|도)", sentence_before[m.end():])
                or m.group().endswith(("가", "는", "도", "이"))]
    return bool(subjects) and not FIRST_PERSON.search(sentence_before, subjects[-1].end()) and \
        bool(KO_HONORIFIC.search(after))


# Taken or had, said with honour (드시고 계세요, 복용하세요): never of oneself; of a relative the message named earlier
# ("시어머니가 작년에 뇌경색 오셔서 … 지금 플라빅스랑 리피토 드시고 계세요")
KO_HONOURED_TAKING = re.compile(r"[^.?!]{0,12}?(?:드시|드셔|드셨|잡수|복용하시|복용하셔|복용하셨|맞으시|맞으셔|앓으시|앓고\s*계시)")


def someone_elses(text: str, start: int, before: str, sentence: tuple[int, int], after: str = "") -> bool:
    """A relative before the mention in its clause or as the sentence's subject (or honoured by its predicate), a
    relative the mention describes ("아토피 있는 돌쟁이 아기한테"), or a medicine given, unless the words right
    before name it the person's own ("my" after the relative)."""
    s_left, s_right = sentence
    if EN_I_THEN_RELATIVE.search(text[s_left:start]):
        return False
    # a relative the speaker then turns from ("와이프가 … 먹는 수마트립탄을 제가 두통이 심할 때 …", utterances_test14)
    other = [m.end() for p in (KO_OTHER, EN_OTHER) for m in p.finditer(before)
             if not re.search(r"저는|제가|나는|내가", before[m.end():]) and not EN_ON_ME.match(before, m.end())]
    if KO_DESCRIBES_OTHER.match(after) or (KO_HONOURED_TAKING.match(after) and KO_OTHER.search(text, 0, start) and
                                           not FIRST_PERSON.search(text, s_left, s_right)):
        return True
    if (other or _family_subject(text[s_left:start]) or _honoured_relative(text[s_left:start], after) or
            _carried_relative(text, s_left, start) or _en_carried_relative(text, s_left, s_right)) and not \
            ((mine := MINE_BEFORE.search(before)) and (not other or max(other) <= mine.start())):
        return True
    words = text[s_left:s_right]
    return bool(EN_GIVING.search(before) or (KO_GIVING.search(words) and not FIRST_PERSON.search(words)) or
                (EN_APPLIED_BEFORE.search(before) and EN_ON_SOMEONE_AFTER.match(after)))
