"""The signs a red flag is made of: each pattern reads one thing a person may describe (a chest pain word, a companion
sign, a reading out of range), in Korean and English; :mod:`.triage` combines them into the emergencies. The reasons
for their forms are in the package's docstring and beside each pattern."""

from __future__ import annotations

import re

_I = re.I


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(patterns), _I)


CHEST = _any(r"가슴.{0,12}(?:아프|아파|통증|조이|조여|조인|답답|짓누|누르는|눌러|눌리|뻐근|쥐어짜|무겁|묵직)", r"흉통",
             # the pit of the stomach pressed, which a heart attack can be in older or diabetic people ("명치가 꽉 막힌것처럼
             # 답답하고 … 식은땀도 나고 숨도 좀 차하시는데": visitor_test8; a companion symptom is still needed)
             r"명치.{0,12}(?:답답|짓누|조이|조여|막힌|뻐근|불타|타는)",     # visitor_test22: "명치가 불타는것 같고 왼쪽 팔이 저리고"
             # the same in English, and a jaw and neck ache (visitor_test12: "an ache in his jaw and neck and a heavy
             # feeling in his upper belly …, he's pale, sweaty and feels sick"; a companion symptom is still needed)
             r"(?:heavy|heaviness|pressure|tight|squeez\w*)[\w\s,]{0,20}?(?:feeling|sensation|pressure|pain)?\s*in\s+"
             r"(?:my\s+|his\s+|her\s+|the\s+)?(?:upper\s+(?:belly|stomach|abdomen|tummy)|pit\s+of\s+(?:my|his|her|the)\s+stomach)",
             r"\bache\s+in\s+(?:my\s+|his\s+|her\s+|the\s+)?jaw\s+and\s+(?:neck|arm|shoulder)",
             r"chest\s+(?:pain|pressure|tightness|hurts)", r"pain\s+in\s+(?:my\s+|his\s+|her\s+)?chest",
             r"chest\s+(?:feels?\s+|is\s+)?(?:\w+\s+){0,2}?(?:heavy|tight|crushing|squeez\w*)",
             r"(?:pressure|tightness|burning\s+pressure)\s+in\s+(?:my\s+|his\s+|her\s+|the\s+)?chest",
             # "a heavy, squeezing feeling in the middle of his chest" (gate questions_test11)
             r"(?:heavy|heaviness|squeez\w*|crushing|tight)[\w\s,]{0,25}?(?:feeling|sensation|pressure|pain)\s+in\s+"
             r"(?:the\s+(?:middle|centre|center)\s+of\s+)?(?:my\s+|his\s+|her\s+|the\s+)?chest")
# A collapse with breathlessness or a cold sweat, chest pain or not (visitor_test15: "grandpa is 84 … suddenly went weak
# as a kitten, got really short of breath and clammy, and slid down onto the bathroom floor. no chest pain he says"): a
# heart attack in an older person can come without the pain.
COLLAPSE = _any(r"(?:slid|slumped|sank|fell)\s+(?:down\s+)?(?:on)?to\s+the\s+(?:\w+\s+)?(?:floor|ground)|collapsed|passed\s+out|fainted",
                r"쓰러(?:졌|지셨|져서|지더니)|주저앉(?:았|으셨|더니)|실신|기절")
COLLAPSE_COMPANION = _any(r"short(?:ness)?\s+of\s+breath|breathless|can'?t\s+(?:catch\s+(?:his|her|my)\s+)?breathe?|clammy|cold\s+sweat",
                          r"숨이\s*(?:차|막히|가쁘)|호흡\s*곤란|식은\s*땀")
# The jaw aching with the shoulder, arm, neck or upper back, "no real chest pain", with a cold sweat, sickness or
# exhaustion (visitor_test3: a diabetic mother "exhausted, nauseous … her jaw and upper back ache"; visitor_test14: "his
# left shoulder and jaw have been aching, he's in a cold sweat"): a heart attack without the chest pain.
JAW_SPREAD = _any(r"\bjaw\s+and\s+(?:\w+\s+){0,2}?(?:back|shoulders?|arms?|neck)\s+(?:have\s+been\s+|has\s+been\s+|are\s+|is\s+|been\s+)?"
                  r"(?:ach\w*|hurt\w*|sore|pain)",
                  r"\b(?:back|shoulders?|arms?|neck)\s+and\s+jaw\s+(?:have\s+been\s+|has\s+been\s+|are\s+|is\s+|been\s+)?"
                  r"(?:ach\w*|hurt\w*|sore|pain)", r"턱.{0,6}(?:어깨|팔|목|등).{0,8}(?:아프|아파|통증|뻐근|저리)",
                  r"(?:어깨|팔|목|등).{0,6}턱.{0,8}(?:아프|아파|통증|뻐근|저리)")
JAW_COMPANION = _any(r"sweat|clammy|nause|exhausted|short(?:ness)?\s+of\s+breath|breathless|(?:nearly|almost)\s+(?:fell|fainted)",
                     r"식은\s*땀|메스꺼|구역|숨이\s*(?:차|가쁘)|기운이\s*없")
# A chest pain described as crushing, squeezing or a weight on it needs no companion symptom.
CHEST_CRUSHING = _any(r"가슴.{0,12}(?:쥐어짜|짓누르|짓눌)", r"crushing\s+(?:chest|pain)",
                      r"(?:something|an?\s+(?:elephant|weight))\s+(?:is\s+)?sitting\s+on\s+(?:my|his|her)\s+chest",
                      r"like\s+(?:something|an?\s+(?:elephant|weight))\s+(?:is\s+)?(?:sitting|pressing)\s+on\s+it")
# A tight, squeezing feeling with a sweat or light-headedness, in a message about the chest (visitor_test16: "his
# chest burns … tonight it came on while he was carrying laundry upstairs, it's more of a tight squeezing feeling,
# he's sweaty and a bit light-headed")
SQUEEZING = _any(r"\b(?:tight|squeezing|crushing|pressing|heavy)\s+(?:\w+\s+)?(?:feeling|sensation|pressure|pain)\b",
                 r"(?:조이는|조여오는|짓누르는|누르는|쥐어짜는)\s*(?:듯한\s*)?(?:느낌|통증)")
CHEST_WORD = _any(r"\bchest\b", r"가슴")
CHEST_COMPANION = _any(r"식은\s*땀", r"땀이", r"숨이\s*(?:차|막히|가쁘)", r"호흡\s*곤란", r"sweat", r"short(?:ness)?\s+of\s+breath",
                       r"breathless", r"can'?t\s+breathe", r"trouble\s+breathing", r"(?:left\s+)?arm\b", r"팔이\s*저리",
                       r"왼(?:쪽)?\s*팔", r"턱", r"\bjaw\b",
                       # a faint or nearly one (visitor_test15: "chest feels heavy and tight nonstop and she almost went
                       # down twice walking to the bathroom")
                       r"faint|passed\s+out|(?:almost|nearly)\s+(?:went\s+down|collapsed|fell|passed\s+out)",
                       r"쓰러(?:질\s*뻔|졌|져)|실신|기절", r"light-?headed|어지럽|어지러",
                       # a chest pain that goes through to the back (visitor_test25: "가슴이 조이고 등까지 아프다고")
                       r"등(?:까지|으로|쪽으로)\s*(?:\S+\s*)?(?:아프|아파|뻗|퍼지|통증)",
                       r"(?:through|into|to)\s+(?:his|her|my|the)\s+back\b")
STROKE = _any(r"(?:얼굴|입).{0,8}(?:처지|돌아가|비뚤|삐뚤|마비)",
              # visitor_test14: "입이 한쪽만 올라가구요", a hand that drops what it holds and cannot take it again
              r"입(?:이|꼬리가)?\s*한쪽(?:으로)?(?:만)?\s*(?:올라가|내려가|처지|쳐지|돌아가)",
              r"(?:떨어뜨리|떨어트리|놓치)\S*\s*(?:\S+\s*){0,2}?(?:다시\s*)?(?:못|안)\s*(?:잡|쥐|들)",
              r"(?:dropped|drops)\s+(?:the\s+|his\s+|her\s+|my\s+)?\w+.{0,30}(?:can'?t|cannot|couldn'?t)\s+(?:pick|grip|hold)", r"(?:한쪽|왼쪽|오른쪽)\s*(?:팔|다리|몸).{0,8}(?:힘이\s*없|마비|저리|안\s*움직)",
              r"말(?:이|도|을)?\s*(?:좀\s*|약간\s*|조금\s*|살짝\s*)?(?:어눌|안\s*나|꼬이)", r"발음이\s*(?:이상|어눌)", r"face\s+(?:is\s+)?droop", r"facial\s+droop",
              r"slurred\s+speech", r"slurr(?:ing|ed|s)\s+(?:his\s+|her\s+|my\s+|their\s+)?(?:words|speech)",
              # a probable TIA told after it passed: "right hand went weak and he drop his chopstick, mouth look crooked
              # maybe 10 min, then totally fine again" (visitor_test23)
              r"(?:mouth|face|smile)\s+(?:look(?:s|ed)?\s+|is\s+|was\s+|went\s+|got\s+)?(?:crooked|lopsided|twisted|droop\w*)",
              r"(?:right|left)\s+(?:hand|arm|leg)\s+(?:suddenly\s+)?(?:went|was|is|got|goes)\s+(?:all\s+)?(?:weak|numb|limp|dead)",
              r"(?:arm|leg)\s+(?:is\s+)?(?:weak|numb)\s+on\s+one\s+side",
              # visitor_test21: "her texts are gibberish … when i rang she sounded slurred"
              r"\bsound(?:s|ed|ing)?\s+(?:\w+\s+)?slurred\b",
              r"(?:texts?|messages?|words|speech|talk(?:ing)?)\s+(?:are\s+|is\s+|were\s+|was\s+|(?:have|has)\s+(?:gone|turned)\s+)?"
              r"(?:\w+\s+)?(?:gibberish|nonsense)",
              r"(?:문자|카톡|메시지)(?:가|이|를|도)?\s*(?:\S+\s*)?(?:횡설수설|뒤죽박죽|엉망)",
              # "now hes slurring a bit" (visitor_test11: not "was slurring his jokes" after a few beers)
              r"(?:'s|\b(?:is|hes|shes|im|started|starting|keeps?|now))\s+slurring\b(?!\s+(?:his|her|my)\s+(?!words|speech))",
              r"one\s+side\s+of\s+(?:my|his|her)\s+(?:body|face)",
              # visitor_test17: "her right hand and the right side of her face went numb and shes mixing up her words"
              r"(?:left|right)\s+side\s+of\s+(?:my|his|her|their)\s+(?:body|face)\s+(?:\w+\s+){0,2}?(?:numb|droop\w*|weak|dead)",
              r"mixing\s+up\s+(?:my|his|her|their)\s+words|(?:words|speech)\s+(?:are\s+|is\s+|came\s+out\s+|coming\s+out\s+)?"
              r"(?:all\s+)?jumbled", r"can'?t\s+(?:speak|talk)\s+(?:properly|clearly)",
              r"sudden(?:ly)?\s+(?:can'?t|cannot)\s+(?:speak|see)",
              # sight lost in one eye like a curtain, even if it came back (a TIA of the eye; visitor_test9)
              r"(?:curtain|shade|shadow|blind)\s+(?:came|coming|come|fell|falling|went)\s+down\s+over\s+(?:his|her|my|one)\s+"
              r"(?:\w+\s+)?eye", r"(?:커튼|블라인드|장막).{0,12}(?:내려|쳐진).{0,15}(?:안\s*보|보이지\s*않)|한쪽\s*눈이\s*갑자기\s*안\s*보",
              # balance and eyes together (BE FAST's B and E; visitor_test4: "suddenly cant walk straight, says she's
              # seeing double and the room is spinning")
              r"(?:can'?t|cannot)\s+walk\s+straight.{0,80}(?:seeing\s+double|double\s+vision|can'?t\s+see)",
              r"(?:seeing\s+double|double\s+vision).{0,80}(?:can'?t|cannot)\s+walk\s+straight",
              # gate test15: "he can't stand without tipping over to the left, and he says he's seeing double"
              r"(?:(?:can'?t|cannot)\s+(?:stand|walk)|tipping\s+over|falling\s+to\s+one\s+side|lost\s+(?:his|her|my)\s+balance)"
              r".{0,80}(?:seeing\s+double|double\s+vision)",
              r"(?:seeing\s+double|double\s+vision).{0,80}(?:(?:can'?t|cannot)\s+(?:stand|walk)|tipping\s+over|"
              r"falling\s+to\s+one\s+side|lost\s+(?:his|her|my)\s+balance)",
              r"(?:똑바로\s*못\s*걷|제대로\s*못\s*걷).{0,40}(?:두\s*개로\s*보|겹쳐\s*보)|(?:두\s*개로\s*보|겹쳐\s*보).{0,40}(?:똑바로|제대로)\s*못\s*걷",
              # sudden, with balance lost or sight gone in one eye (visitor_test19: "갑자기 술취한 사람처럼 휘청거리시고 한쪽
              # 눈이 잘 안보인대요 말은 똑바로 하세요")
              r"(?:휘청|비틀|중심을?\s*(?:못\s*잡|잃)).{0,40}한쪽\s*눈(?:이|은|도)?\s*(?:잘\s*)?(?:안\s*보|보이지\s*않|흐려)|"
              r"한쪽\s*눈(?:이|은|도)?\s*(?:잘\s*)?(?:안\s*보|보이지\s*않|흐려).{0,40}(?:휘청|비틀|중심을?\s*(?:못\s*잡|잃))",
              r"갑자기.{0,30}한쪽\s*눈(?:이|은|도)?\s*(?:잘\s*)?(?:안\s*보|보이지\s*않)",
              r"sudden(?:ly)?\s+(?:lost|losing|lose|no)\s+(?:the\s+|his\s+|her\s+|my\s+)?(?:sight|vision)\s+in\s+one\s+eye|"
              r"(?:staggering|stumbling|wobbling|lurching).{0,60}(?:can'?t|cannot|couldn'?t)\s+see\s+(?:out\s+of\s+|with\s+)?"
              r"(?:one|his|her|my)\s+(?:\w+\s+)?eye")
# A retina coming away: a shower of new floaters with flashes or a shadow over part of the sight (gate test15: "날파리
# 같은 게 갑자기 수십 개로 늘었고, 어두운 데서는 번쩍번쩍 빛이 보여요 … 커튼을 친 것처럼"); floaters alone are common
FLOATERS = _any(r"날파리|비문증|(?:점|먼지|벌레|실)\s*같은\s*(?:게|것)", r"floaters?")
FLASHES_OR_SHADOW = _any(r"번쩍|섬광|커튼|그림자가?\s*(?:져|드리|가려)", r"flash(?:es|ing)?\b|curtain|shadow\s+(?:over|across)")
SUDDEN_MANY = _any(r"갑자기|늘었|많아졌|수십", r"sudden|shower|lots\s+of\s+new|a\s+bunch\s+of\s+new|dozens")
HYPO = _any(r"저혈당", r"혈당이?\s*(?:너무\s*)?(?:낮|떨어)", r"low\s+blood\s+sugar", r"hypoglyc", r"sugar\s+(?:is\s+)?(?:very\s+)?low")
HYPO_SEVERE = _any(r"의식", r"쓰러", r"경련", r"발작", r"혼미", r"정신이\s*없", r"깨어나지", r"축\s*처", r"말(?:도|을)?\s*못\s*하",
                   r"confus", r"unconscious", r"passed\s+out",
                   r"faint", r"seizure", r"won'?t\s+wake", r"not\s+responding", r"can'?t\s+swallow")
# a glucose reading, not "the glucose test at 26 weeks" or "혈당 검사 2시간"
LOW_GLUCOSE = re.compile(r"(?:혈당|blood\s+sugar|glucose)\D{0,10}(\d{2})(?!\d|\s*(?:weeks?|wks?|주|세|살|years?|시간|분|hours?|"
                         r"min))"
                         # nor a difference: "평소보다 50씩은 높게", "30 points higher" (visitor_test15)
                         r"(?!\s*(?:씩|(?:mg/dl\s*)?(?:정도|가량|이상)?\s*(?:더\s*)?(?:높|올라|오르)|(?:points?\s+)?(?:higher|more|up)\b))", _I)
# Someone who does not respond, or is having a seizure now: an emergency whatever the cause (an insulin user "불러도
# 대답이 없어요" is severe hypoglycaemia until shown otherwise).
UNRESPONSIVE = _any(r"불러도\s*(?:대답|반응)\S{0,2}\s*(?:별로\s*|거의\s*|잘\s*)?(?:없|안|못|잘\s*못)", r"의식(?:이|을)?\s*(?:없|잃)", r"깨워도\s*(?:잘\s*)?(?:안|못)",
                    # a collapse and no waking (visitor_test13: "쓰러져서 … 글루카곤 주사를 놨는데 15분이 지나도 안깨요")
                    r"쓰러(?:졌|져).{0,60}(?:안\s*깨|못\s*깨|깨어나지\s*(?:않|못)|안\s*일어나)",
                    r"(?:passed\s+out|collapsed).{0,60}(?:won'?t|will\s+not|not|hasn'?t)\s+(?:wake|woken|waking|come\s+round)",
                    r"\bunresponsive\b", r"won'?t\s+wake\s+up", r"(?:can'?t|cannot)\s+wake\s+(?:him|her|them)",
                    # "i could barely wake him from a nap" (the eleventh blind round: flu, confused, no urine)
                    r"(?:could|can)\s+(?:barely|hardly)\s+wake\s+(?:him|her|them|up)",
                    # "she's really hard to wake" (visitor_test16: wine and two sleeping pills, 7 breaths a minute)
                    r"(?:really|very|so|super)\s+hard\s+to\s+(?:wake|rouse)",
                    # "now hes on the floor jerking and not answering us" (visitor_test14)
                    r"(?:on\s+the\s+(?:floor|ground)|collapsed|fell\s+down).{0,60}\bnot\s+(?:answering|responding)",
                    r"\b(?:jerking|shaking|twitching|convulsing)\s+(?:all\s+over|uncontrollably).{0,40}\bnot\s+(?:answering|responding)",
                    r"경련을?\s*(?:해요|하고\s*있|일으키)", r"발작을?\s*(?:해요|하고\s*있)", r"(?:is|are)\s+(?:having\s+a\s+seizure|"
                    r"seizing|convulsing)",
                    # a collapse told as it happens (the fifth blind round: "my husband just collapsed at the dinner
                    # table, hes not responding and making weird gasping noises")
                    r"\b(?:he|she|hes|shes|he's|she's|they're)\s+(?:is\s+)?(?:not|isn'?t)\s+(?:responding|breathing)",
                    r"collapsed.{0,60}(?:not\s+responding|unresponsive|gasping|not\s+breathing)",
                    r"쓰러(?:졌|져).{0,30}(?:반응이\s*없|숨을?\s*(?:헐떡|안\s*쉬|못\s*쉬)|대답(?:이|을)?\s*(?:없|안|못))")
SUICIDE = _any(r"죽고\s*싶", r"자살", r"극단적\s*선택", r"살고\s*싶지\s*않", r"목숨을\s*끊", r"suicid", r"kill\s+(?:myself|herself|"
               r"himself)", r"end\s+(?:my|her|his)\s+life", r"want\s+to\s+die", r"don'?t\s+want\s+to\s+live",
               r"(?:다|모두|전부|그냥|이제)\s*끝내고\s*싶", r"사라지고\s*싶", r"없어지면\s*(?:다들|모두|가족들?이?)?\s*편",
               r"(?:수면제|약)\S{0,2}\s*(?:\S+\s*)?(?:모아\s*두|모으고|모아\s*놓)", r"better\s+off\s+without\s+(?:me|him|her|them)",
               r"end\s+it\s+all", r"no\s+reason\s+to\s+(?:live|go\s+on)",
               # the means laid out (visitor_test13: "ive decided tonight is the night. the pills are already lined up")
               r"(?:pills|tablets|meds)\s+(?:are\s+)?(?:all\s+)?(?:already\s+)?(?:lined\s+up|counted\s+out|laid\s+out|saved\s+up|stockpiled)",
               r"tonight\s+is\s+the\s+night.{0,80}(?:pills|tablets|alone|goodbye|note)",
               # a voice telling them they are a burden (visitor_test11: severe depression with psychotic features)
               r"(?:hears?|hearing)\s+(?:a\s+)?voices?\b.{0,60}\bburden", r"\b(?:i'?m|she'?s|he'?s|i\s+am|(?:she|he)\s+is)\s+(?:such\s+)?a\s+burden\b",
               r"\bfeel(?:s|ing)?\s+like\s+(?:such\s+)?a\s+burden\b",
               r"짐이\s*(?:된다|돼|되는|될)\S{0,6}\s*(?:\S+\s*){0,3}(?:목소리|소리가\s*들)|(?:목소리|환청).{0,30}짐이\s*(?:된|돼)",
               # a farewell message (the fifth blind round: "he texted me 'sorry for everything, take care of mom'")
               r"sorry\s+for\s+everything", r"take\s+care\s+of\s+(?:mom|mum|dad|the\s+kids|my\s+kids|everyone)\s+for\s+me",
               r"(?:그동안|전부|다)\s*미안했(?:다|어)[^?]{0,30}(?:문자|카톡|메시지|연락)",
               # visitor_test17: a goodbye in a chat status, prized things given away, "내가 없어지면 엄마도 편하겠지",
               # "keeps thinking about dying"
               r"(?:상태\s*메[시세]지|프사|카톡|문자|메[시세]지).{0,25}(?:그동안|이제)\s*(?:고마웠|미안했|안녕)",
               r"아끼던.{0,25}(?:나눠\s*줬|나눠\s*주|다\s*줬|줘\s*버렸)", r"(?:내가|제가)\s*없어지면\s*(?:\S+\s*){0,2}?편",
               r"think(?:s|ing)?\s+(?:a\s+lot\s+)?about\s+(?:dying|death|ending\s+it)|thoughts?\s+(?:of|about)\s+(?:dying|death)",
               # belongings given away (visitor_test8: "he's been sorting out his will and giving away his tools")
               r"giv(?:ing|en|e)\s+(?:away\s+(?:her|his|my|all\s+(?:her|his|my))\s+(?:stuff|things|belongings|possessions|tools|"
               r"clothes|books|collection)|(?:her|his|my)\s+(?:stuff|things|belongings|possessions|tools)\s+away)")
# Back pain with numbness around the groin or new trouble passing urine (cauda equina syndrome: an emergency).
BACK = _any(r"허리|등\s*아래|요통", r"(?:lower\s+)?back\s*(?:pain|ache|hurts)|backache|sciatica")
SADDLE = _any(r"사타구니|항문\s*주변|회음|엉덩이\s*사이.{0,6}(?:감각|저리|먹먹)", r"소변.{0,6}(?:안\s*나|못\s*보|보기\s*(?:힘|어려))|"
              r"대소변.{0,6}(?:조절|실수)", r"numb\w*\s+(?:in\s+|around\s+)?(?:my\s+)?(?:groin|saddle|genitals|bottom|buttocks)",
              r"(?:groin|saddle)\s+(?:area\s+)?(?:is\s+)?numb", r"(?:trouble|can'?t|difficulty|problems?)\s+(?:peeing|urinating|"
              r"passing\s+urine)", r"(?:lost|losing|no)\s+(?:bladder|bowel)\s+control", r"wet\s+myself")
# Swelling of the lips or tongue, or the throat closing, is anaphylaxis until shown otherwise ("my lips and throat are
# swelling up after eating shrimp": the blind pairwise review, issue 32, got "contact your doctor"); a sore throat
# that is "swollen" alone is not. A tight throat or hard breathing after a sting, hives or an allergen is too.
_MOUTH = r"(?:lips?|tongue|throat|mouth|face)"
ANAPHYLAXIS = _any(r"아나필락시스", r"(?:목|혀|입술|얼굴).{0,4}(?:붓|부어|부었).{0,20}(?:숨|호흡)",
                   # visitor_test24: "입술이랑 눈두덩이가 부어오르고 목이 조이는 느낌이래요" after a flu shot
                   r"(?:혀|입술|얼굴)(?:이랑|하고|과|와|랑)\s*\S{1,5}\s*(?:붓|부어|부었).{0,15}목(?:이|이\s*좀)?\s*(?:조이|조여|막히|막혀)", r"(?:숨|호흡).{0,20}(?:목|혀|입술).{0,4}(?:붓|부어)",
                   r"(?:혀|입술)(?:이랑|이|가|랑|하고|와|과)?\s*(?:(?:목|혀|입술|얼굴)(?:이|가|까지)?\s*)?(?:퉁퉁\s*)?(?:붓|부어|부었|부풀)",
                   r"anaphyla", r"throat\s+(?:is\s+|feels\s+|felt\s+|was\s+|got\s+)?(?:really\s+|so\s+|very\s+)?(?:swelling|closing|tight)",
                   rf"(?:lips?|tongue)(?:\s+and\s+(?:my\s+)?{_MOUTH})?\s+(?:is\s+|are\s+)?(?:swell|swollen|puff)",
                   r"swollen\s+(?:lips|tongue)|swelling\s+(?:of|in)\s+(?:my\s+|the\s+)?(?:lips?|tongue|throat)",
                   # visitor_test18: "her tongue has swelled up huge" on enalapril (angioedema)
                   r"(?:lips?|tongue)\s+(?:has|have|had)\s+(?:swelled|swollen|puffed)\s+up")
ALLERGEN = _any(r"벌에|쏘였|쏘여|두드러기|알레르기|땅콩|새우|갑각류", r"\bstung\b|\bsting\b|hives|allerg|peanut|shellfish")
# An adrenaline pen used: hospital care still, as the reaction can come back (gate questions_test18: "the coach gave her
# her EpiPen … she feels totally fine … no ER")
PEN_USED = _any(r"(?:에피펜|아드레날린\s*(?:주사|펜)|에피네프린).{0,10}(?:놨|놓았|놔|맞|썼|찔렀)",
                r"(?:gave|used|give|using|injected|jabbed)\s+(?:her|him|me|them|my|his|their)?\s*(?:\w+\s+)?"
                r"(?:epi-?pens?|auvi-?q|adrenaline\s+pen|epinephrine)\b|(?:epi-?pen|epinephrine)\s+(?:was\s+)?"
                r"(?:given|used|injected)")
AIRWAY = _any(r"목.{0,3}(?:조이|조여|막히|막혀)", r"숨(?:쉬기|을\s*쉬기)?\S{0,2}\s*(?:\S+\s*)?(?:힘들|어렵|막혀|막히)",
              r"(?:can'?t|cannot|trouble|hard\s+to)\s+breath", r"wheez",
              # the throat swelling, told by what it does (visitor_test4: hives after amoxicillin, "my voice sounds weird
              # and it's getting hard to swallow")
              r"(?:hard|difficult|trouble|harder)\s+(?:to\s+)?swallow|(?:can|could)\s+(?:barely|hardly)\s+swallow",
              r"voice\s+(?:sounds?\s+|is\s+)?(?:weird|hoarse|funny|different|strange|thick|muffled)", r"삼키기\s*(?:가\s*)?(?:힘들|어렵)", r"목소리가?\s*(?:이상|변했|쉬)")
# Breathing that fails: blue lips, the chest pulling in between the ribs, breath that suddenly cannot be caught.
BREATHING = _any(r"입술.{0,6}(?:파래|퍼래|파랗|퍼렇|새파)", r"(?:lips|face)(?:\s+and\s+(?:his\s+|her\s+)?(?:finger)?nails?)?\s+"
                 r"(?:are\s+|is\s+|look(?:s|ing)?\s+|turn(?:ing|ed)\s+)?"
                 r"(?:a\s+(?:bit|little)\s+|kind\s+of\s+|kinda\s+|slightly\s+|sort\s+of\s+)?(?:blue|bluish|blueish|grey|greyish|gray|grayish|purple|purplish)", r"blue\s+lips", r"갈비뼈.{0,8}(?:들어가|쑥)", r"숨을\s*(?:못|안)\s*쉬",
                 r"sudden(?:ly)?.{0,20}(?:can'?t|cannot)\s+(?:catch\s+(?:my|his|her)\s+)?breath",
                 # too breathless to speak (visitor_test13: "now he cant finish a sentence without stopping for air")
                 r"(?:can'?t|cannot|unable\s+to|not\s+able\s+to)\s+(?:even\s+)?(?:finish|complete|get\s+through)\s+"
                 r"(?:a|one|his|her|my)\s+(?:full\s+|whole\s+)?sentence\s+without\s+(?:stopping|gasping|pausing|taking\s+a\s+breath|"
                 r"catching|running\s+out)", r"stopping\s+(?:for|to\s+catch)\s+(?:air|(?:his|her|my)?\s*breath)",
                 r"말을?\s*(?:한\s*문장도|끝까지|다)\s*(?:못|잇지\s*못)",
                 # speech broken by breathlessness, grey lips (visitor_test19: "갑자기 숨이 가빠서 말을 한두마디씩 끊어서
                 # 하시고 입술이 잿빛이에요")
                 r"숨.{0,20}말(?:을|도)?\s*(?:몇\s*마디씩?\s*)?(?:한두\s*마디|한\s*마디|띄엄띄엄|끊어|끊기)",
                 r"입술.{0,6}(?:잿빛|회색|시퍼|거무)",
                 r"(?:can|could)\s+only\s+(?:say|get\s+out|speak)\s+(?:a\s+few|one\s+or\s+two|two\s+or\s+three)\s+words",
                 # "today he breathe hard even sitting in chair, talk only few word" (visitor_test23)
                 r"(?:talk|talks|speak|speaks|say|says)\s+only\s+(?:a\s+)?few\s+words?",
                 # "can only get a few words out between breaths" (visitor_test24)
                 r"(?:can|could)\s+only\s+get\s+(?:a\s+few|one\s+or\s+two|two\s+or\s+three)\s+words\s+out",
                 # fluid in the lungs in heart failure (the fifth blind round: "cant catch her breath even sitting up …
                 # coughing up pinkish foamy spit")
                 r"pink(?:ish)?\s*,?\s*(?:and\s+)?(?:foamy|frothy)|(?:foamy|frothy)\s*,?\s*(?:and\s+)?pink(?:ish)?",
                 r"분홍.{0,8}거품|거품.{0,8}분홍",
                 r"(?:can'?t|cannot)\s+catch\s+(?:my|his|her)\s+breath\s+even\s+(?:when\s+)?(?:sitting|lying|resting|at\s+rest)",
                 # food stuck so that saliva cannot go down (the fifth blind round: "침도 못 삼켜서 계속 뱉어내고 있어요")
                 r"침(?:도|을|조차)?\s*(?:못|안)\s*삼(?:키|켜)", r"(?:can'?t|cannot)\s+(?:even\s+)?swallow\s+(?:my\s+)?(?:own\s+)?"
                 r"(?:saliva|spit)")
# A seizure told after it stopped, with a fever or a mind still clouded (visitor_test15: "열이 39도 넘고 … 방금 갑자기 눈이
# 돌아가고 팔다리를 1분 정도 떨었어요 지금은 멈췄는데 멍하고 말을 잘 못알아들어요"): meningitis, encephalitis or sepsis
# until shown otherwise. Shivering with a fever (온몸을 덜덜) is no seizure: the limbs or the eyes are named.
SEIZURE_TOLD = _any(r"눈(?:이|을)?\s*(?:뒤로\s*)?(?:돌아가|뒤집|까뒤집)", r"팔다리(?:를|가)?\s*(?:\S+\s*){0,3}?(?:떨었|떨더|떨면서|버둥|뻣뻣)",
                    r"(?:경련|발작)(?:을|이)?\s*(?:했|하셨|하더니|일으켰|왔|일어났)",
                    r"(?:had|having)\s+(?:a\s+|another\s+)?(?:short\s+|brief\s+|little\s+|small\s+)?(?:seizure|fit|convulsion)", r"eyes\s+(?:rolled|rolling)\s+(?:back|up)",
                    r"(?:arms\s+and\s+legs|limbs)\s+(?:were\s+|was\s+|started\s+|went\s+)?(?:jerking|shaking|twitching|stiff)")
_MUDDLED_KO, _MUDDLED_EN = r"멍하|못\s*알아듣|헛소리|횡설수설", r"confus|muddled|not\s+making\s+sense"
CLOUDED = _any(_MUDDLED_KO, r"정신이\s*(?:없|오락가락)", _MUDDLED_EN, r"drowsy|dazed|out\s+of\s+it")
# A sudden headache like no other (a bleed in the brain until shown otherwise); fever with a stiff neck (meningitis).
HEADACHE = _any(r"worst\s+headache\s+of\s+(?:my|his|her|their)\s+life", r"thunderclap",
                r"(?:갑자기|난생|평생).{0,25}(?:머리|두통|뒤통수).{0,25}(?:깨질|망치|세게\s*맞은|처음|최악)",
                r"(?:머리|뒤통수).{0,10}(?:세게\s*맞은\s*것\s*처럼|망치로)",
                # struck by lightning, at its worst at once (visitor_test15: "갑자기 머리에 벼락맞은 것처럼 통증이 와서
                # 순식간에 최고로 아팠대요", during sex)
                r"(?:머리|두통|뒤통수).{0,10}(?:벼락|번개|천둥)\s*(?:을|이)?\s*맞은\s*(?:것\s*)?(?:처럼|같이|듯)",
                r"(?:순식간에|갑자기).{0,25}(?:최고로|최악으로|제일|엄청)\s*(?:심하게\s*)?아팠",
                r"(?:head|headache).{0,40}(?:like\s+(?:being\s+|getting\s+)?(?:hit|struck)\s+(?:by\s+(?:lightning|a\s+bat)|with\s+a\s+"
                r"(?:bat|hammer))|came\s+on\s+(?:all\s+at\s+once|in\s+seconds))")
MENINGITIS = _any(r"(?:stiff\s+neck|neck\s+(?:is\s+)?(?:so\s+|really\s+)?stiff).{0,80}(?:fever|headache|\d{3}\s*(?:°?\s*F)?)",
                  r"(?:fever|headache).{0,80}(?:stiff\s+neck|neck\s+(?:is\s+)?(?:so\s+|really\s+)?stiff)",
                  r"목(?:이|덜미)?\s*(?:가\s*)?뻣뻣.{0,30}(?:열|두통)", r"(?:열|두통).{0,30}목(?:이|덜미)?\s*(?:가\s*)?뻣뻣")
BLEEDING = _any(r"(?:coughing|coughed|vomiting|vomited|throwing|threw)\s+up\s+(?:bright\s+red\s+|fresh\s+|red\s+|dark\s+)?blood",
                # "새빨간 피를 한바가지나 토하셨어요" (visitor_test9: an amount between)
                r"피를?\s*(?:\S+\s*){0,2}?(?:토했|토해|토하)",
                # "방금 토할때 새빨간 피가 종이컵 반정도 나왔어요" (visitor_test13: blood told as what came out)
                r"토(?:할|하는|했을)\s*때.{0,20}피(?:가|를|도)?\s*(?:\S+\s*){0,4}?(?:나왔|나와|나오|섞)",
                r"blood\s+in\s+(?:my|his|her|their|the)\s+(?:vomit|puke|sick)",
                r"(?:가래|기침).{0,8}피(?:가|를)?\s*(?:섞|나|났)",
                # a bleed in the stomach: coffee-ground vomit, black tarry stools (the fourth blind round, on naproxen)
                r"coffee[\s-]*grounds?", r"커피\s*(?:찌꺼기|가루)",
                r"(?:have|having|had|got|passing|passed|noticed|been)\s+(?:\w+\s+){0,2}?(?:black|tarry)\s+"
                r"(?:and\s+tarry\s+|tarry\s+)?(?:stools?|poops?|poo)",
                r"(?:짜장|자장)\s*(?:면)?\s*(?:같은|처럼|같이)\s*(?:\S+\s+)?(?:변|대변)|"
                r"(?:검은|까만|새까만|시커먼)\s*(?:색\s*)?(?:변|대변)",
                # a bleed on a blood thinner that does not stop (the fifth blind round: "와파린 드시는 엄마가 … 코피가
                # 20분째 안 멈춰요"): pressure for 10-20 minutes is the home remedy, past it is care now
                r"코피.{0,25}(?:안\s*멈|멈추지\s*않|안\s*멎|멎지\s*않|\d+\s*분\s*(?:째|넘게|이상))",
                r"nose\s*bleed.{0,50}(?:won'?t|will\s+not|doesn'?t|does\s+not|not|hasn'?t|isn'?t)\s+(?:stop|stopp)",
                r"(?:bleeding|bleed)\s+(?:that\s+)?(?:won'?t|will\s+not|doesn'?t|does\s+not)\s+stop")
# Dark, cola-coloured urine with aching or weak muscles (rhabdomyolysis, a statin's rare harm; the fourth blind round
# answered it with mild statin aches): an emergency.
DARK_URINE = _any(r"(?:cola|coke|tea|brown|dark\s+brown)[\s-]*(?:colou?red\s+)?(?:urine|pee)",
                  r"(?:urine|pee)\s+(?:is\s+|looks?\s+|was\s+|turned\s+)?(?:\w+\s+){0,2}?(?:cola|coke|dark\s+brown|brown)",
                  r"(?:소변|오줌).{0,10}(?:콜라|갈색|검붉|간장)")
MUSCLE = _any(r"muscle|thighs?|legs?\s+(?:are\s+|feel\s+)?(?:weak|aching|sore)|weak(?:ness)?",
              r"근육|허벅지|다리.{0,6}(?:힘|아프|아파|쑤)")

# Many tablets taken at once (visitor_test4: "took about 20 tylenol after a fight with her boyfriend"): an overdose.
OVERDOSE = _any(r"(?:took|swallowed|ate|taken)\s+(?:about\s+|like\s+|around\s+|maybe\s+|over\s+|nearly\s+)?(?:[2-9]\d|1\d|\d{3})\s+"
                r"(?:of\s+(?:her|his|my|the)\s+)?(?:tylenol|paracetamol|acetaminophen|pills|tablets|advil|ibuprofen|aspirin|"
                r"sleeping\s+pills|panadol)",
                r"(?:타이레놀|진통제|수면제|알약|약)(?:을|를)?\s*(?:한\s*번에\s*)?(?:[2-9]\d|1\d|\d{3})\s*(?:알|개|정)\S{0,3}\s*"
                r"(?:이나\s*|넘게\s*|정도\s*|씩\s*)?(?:먹었|삼켰|털어)")
# Severe upper belly pain going through to the back with vomiting (pancreatitis until shown otherwise; the fifth blind
# round: "constant pain in the top of my stomach that goes straight through to my back, and i keep throwing up").
BELLY_TO_BACK = _any(r"(?:stomach|abdomen|abdominal|belly|tummy|upper\s+stomach).{0,50}(?:through|into|to|round)\s+(?:to\s+)?"
                     r"(?:my|the|his|her)\s+back", r"(?:명치|윗배|배).{0,20}등(?:까지|으로|쪽으로)?\s*(?:\S+\s*)?(?:뚫|관통|뻗|퍼지)")
# Vomiting after a knock to the head (the fifth blind round: "계단에서 넘어져서 머리를 찧었는데 … 계속 토해요").
HEAD_KNOCK = _any(r"(?:머리|뒤통수|이마|정수리)(?:를|가|도)?\s*(?:\S+\s*)?(?:찧|부딪|박았|박고|다쳤)",   # 뒤통수: visitor_test17
                  r"(?:hit|banged|bumped|knocked|smacked|cracked)\s+(?:my|his|her|their)\s+head|fell\s+(?:and|on)\s+"
                  r"(?:hit\s+)?(?:my|his|her)\s+head")
VOMITING = _any(r"토해|토하|토했|구토", r"vomit|throwing\s+up|threw\s+up|being\s+sick|"
                # "she's been sick twice" (visitor_test20), not "I've been sick with the flu"
                r"(?:been|was|were)\s+sick\s+(?:twice|again|\w+\s+times|a\s+few\s+times)")
# A very slow pulse with a faint (the fifth blind round: carvedilol, "went grey and slumped over … his pulse is only 38").
SLOW_PULSE = re.compile(r"(?:pulse|heart\s*rate|맥박|심박\w*)\D{0,15}?(?<!\d)([1-3]\d)(?!\d|\s*(?:%|years?|살|세))", _I)
FAINT = _any(r"faint|passed\s+out|slumped|collapsed|came\s+(?:round|to)|blacked\s+out", r"쓰러|실신|기절|정신을?\s*잃")
# A very high sugar with drowsiness or confusion (the fifth blind round: a grandmother at 580 who "불러도 눈을 잘 못
# 뜨시고 말도 이상하게" — a hyperosmolar state or ketoacidosis).
HIGH_GLUCOSE = re.compile(r"(?:혈당|blood\s+sugar|glucose|\bsugar|\bbs\b)\D{0,15}?(?<!\d)(\d{3})(?!\d)", _I)
CONFUSED = _any(r"말(?:도|을)?\s*이상", r"눈을?\s*(?:잘\s*)?못\s*뜨", r"헛소리", r"정신이\s*없", r"의식", r"횡설수설",
                # visitor_test20: "말걸어도 엉뚱한 소리하시고 자꾸 주무시려고만 해요"
                r"엉뚱한\s*소리|딴\s*소리|자꾸\s*(?:주무시|자려|졸려)",
                r"confus|drowsy|hard\s+to\s+wake|won'?t\s+wake|not\s+making\s+(?:much\s+|any\s+)?sense|disoriented")

NOT_BEFORE = re.compile(r"\b(?:no|not|without|denies|any)\s+(?:\w+\s+){0,2}$", _I)
NOT_AFTER = re.compile(r"^\S{0,3}\s*(?:은|는|도)?\s*(?:없|안\s*(?:나|아프|보이))")


def said(pattern: re.Pattern[str], text: str) -> bool:
    """A sign the text says is there, not one it denies ("no chest pain or anything", "가슴 통증은 없어요")."""
    return any(not NOT_BEFORE.search(text[max(0, m.start() - 30):m.start()]) and not NOT_AFTER.match(text[m.end():m.end() + 12])
               for m in pattern.finditer(text))


# Potassium of 6.0 or more with palpitations or weakness, or 6.5 or more said at all (visitor_test9: "칼륨이 6.4 … 가슴이
# 두근거리고 다리에 힘이 없다고 … 내일 가도 괜찮을까요"): a heart rhythm at risk, care today. safety_words.POTASSIUM
# reads the same value for the profile rules but sits in this module's layer (tests/test_architecture.py), and its
# K takes either case, which would read "vitamin k 6 days" as an emergency here.
HIGH_POTASSIUM = re.compile(r"(?:칼륨|포타슘|potassium|(?-i:\bK\b))\D{0,12}?(\d(?:\.\d)?)(?!\d)", _I)
POTASSIUM_SIGNS = _any(r"두근|부정맥|힘이\s*(?:없|빠지)|기운이\s*없|마비", r"palpitat|irregular|flutter|weak|numb")
# Breathing counted below 10 a minute (visitor_test8: a grandfather on an opioid patch, sleepy, "1분에 8번밖에
# 안쉬세요" asked what is normal and got 12-20 with no line): too slow to be safe, whatever the cause.
BREATHS_PER_MINUTE = re.compile(r"(?:숨|호흡)[^.?!]{0,20}?(?:1\s*분에|분당|한\s*분에)\s*(\d{1,2})\s*(?:번|회)|"
                                r"(?:1\s*분에|분당)\s*(\d{1,2})\s*(?:번|회)[^.?!]{0,6}(?:숨|호흡)|"
                                r"\b(?:breath(?:e|es|ing)|respiratory\s+rate|resp\s+rate)[^.?!]{0,30}?\b(\d{1,2})\s*"
                                r"(?:times\s+(?:a|per)\s+minute|breaths?\s*(?:a|per|/)\s*min(?:ute)?|/\s*min)|"
                                # "i counted only about 7 breaths in a minute" (visitor_test16)
                                r"(?<!\d)(\d{1,2})\s+breaths?\s+(?:in|a|per|each)\s+(?:a\s+|one\s+)?minute", re.I)
# Suicide spoken of without a red flag (a carer asking what to watch for, a passage on depression's urgent signs): the
# crisis numbers go with the answer as safe-messaging guidance asks (the thirteenth blind pairwise round: "어떤 말이나
# 행동을 하면 위험한 신호예요? 그럴땐 어디로 연락해야돼요?" got no number)
SUICIDE_TOPIC = _any(SUICIDE.pattern, r"자해|self[-\s]?harm|kill\s+themselves")
