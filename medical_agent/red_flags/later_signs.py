"""Signs read off the blind visitor sets from the sixth on (visitor_test6 to visitor_test18: an insulin user who cannot
swallow, a child with no urine and no tears, chest pain a nitroglycerin dose did not ease, a rash that does not fade, a
pressure of 180/120 with a sign of harm, ketones with vomiting, low oxygen with confusion, …). Split from :mod:`.signs`
to keep each file short; :mod:`.triage` combines them all."""

from __future__ import annotations

import re

from .signs import _I, _MUDDLED_EN, _MUDDLED_KO, _any

# The sixth blind visitor set (visitor_test6) told eight emergencies; these forms fired on one. What they taught:
# an insulin user who talks nonsense or cannot swallow is severe hypoglycaemia with no word for low sugar ("인슐린 맞는
# 남편이 … 횡설수설하더니 … 주스를 줘도 삼키질 못해요");
INSULIN_USER = _any(r"인슐린", r"\binsulin\b")
# Type 1 diabetes or insulin, vomiting, and deep fast breathing or drowsiness: ketoacidosis (visitor_test14: "1형당뇨
# 동생이 … 인슐린을 안맞았대요 … 계속 토하고 … 숨을 깊고 빠르게 몰아쉬고 자꾸 졸려해요")
TYPE1_OR_INSULIN = _any(r"1형\s*당뇨|인슐린", r"type\s*1\b|\bT1D\b|\binsulin\b")
DKA_BREATH_OR_DROWSY = _any(r"숨(?:을)?\s*(?:깊|가쁘|빠르|몰아|크게\s*헐떡|헐떡)|졸려|졸린|축\s*(?:처|쳐)",
                            r"breathing\s+(?:really\s+|very\s+|so\s+)?(?:fast|deep|hard)|drowsy|\bsleepy\b|confused",
                            # a sweet, fruity breath (visitor_test26: "입냄새가 과일 썩은 것처럼 달큰해요")
                            r"(?:입\s*냄새|숨\s*냄새).{0,15}(?:과일|아세톤|달큰|달콤|시큼)",
                            r"breath\s+(?:\w+\s+){0,2}?(?:smells?|smelling)\s+(?:\w+\s+){0,2}?(?:fruity|sweet|like\s+(?:nail\s+polish|"
                            r"acetone|pear\s+drops|rotten\s+fruit))|fruity\s+breath")
INSULIN_SEVERE = _any(r"횡설수설", r"삼키(?:질|지)\s*못", r"(?:can'?t|cannot|unable\s+to)\s+swallow", r"눈(?:을|도)?\s*(?:제대로\s*|잘\s*)?못\s*뜨",
                      r"unconscious", r"won'?t\s+wake", r"passed\s+out", r"seizure", r"경련", r"발작", r"쓰러", r"not\s+making\s+sense",
                      # visitor_test17: "mumbling nonsense and when we give him juice it dribbles out of his mouth"
                      r"mumbl\w*\s+(?:nonsense|gibberish)|talking\s+(?:nonsense|gibberish)|dribbl\w*\s+(?:back\s+)?out")
# no urine for many hours with no tears or a listless child (severe dehydration: "어제저녁부터 소변을 한번도 안봤고 울어도
# 눈물이 안나와요 계속 축 쳐져서");
NO_URINE = _any(r"소변(?:을|도)?\s*(?:한\s*번도|하루\s*종일|종일|\d+\s*시간\s*(?:넘게|이상|째)?\s*)?\s*(?:안\s*(?:봤|봐|보|나)|못\s*(?:봤|봐|보))",
                r"(?:hasn'?t|has\s+not|hadn'?t|haven'?t|not)\s+(?:peed|wee'?d|urinated|had\s+a\s+wet\s+(?:nappy|diaper))",
                r"no\s+(?:wet\s+(?:nappies|nappy|diapers?)|pee|urine)\s+(?:for|since|in)")
DRIED_OUT = _any(r"눈물이?\s*(?:안|잘\s*안)\s*(?:나|나와|나오)", r"축\s*(?:처|쳐)", r"(?:처|쳐)져", r"no\s+tears", r"floppy", r"listless",
                 r"hard\s+to\s+wake", r"lethargic",
                 # an older person muddled or nearly fainting, who keeps nothing down (visitor_test15: "cant keep even
                 # water down, no pee since last night, nearly fainted … a bit muddled")
                 r"muddled|confus|(?:nearly|almost)\s+(?:fainted|passed\s+out|collapsed)|keep\s+(?:even\s+)?(?:water|fluids?|"
                 r"anything)\s+down", r"쓰러질\s*뻔|정신이\s*(?:없|오락가락)|헛소리|물(?:도|조차)\s*(?:\S+\s*)?(?:토|못\s*(?:마시|넘기))")
# chest pain that a nitroglycerin dose has not eased ("니트로글리세린을 … 10분이 지나도 안 풀린대요"): a heart attack until
# shown otherwise;
NITRO = _any(r"니트로", r"nitro(?:glycerin|glycerine)?|\bGTN\b")
NOT_EASED = _any(r"안\s*(?:풀|나아|가라앉|멈)", r"그대로", r"소용\s*(?:없|이\s*없)", r"더\s*아프",
                 r"(?:didn'?t|doesn'?t|hasn'?t|isn'?t|not|no)\s+(?:help|helping|helped|work|working|worked|eas\w*|better|go\s+away)",
                 r"still\s+(?:there|hurts|has|having|going)", r"worse\s+than\s+usual")
# fever with a rash that does not fade under pressure or purple spots (meningitis or sepsis);
NON_BLANCHING = _any(r"(?:purple|purplish|dark\s+red)\s+(?:\w+\s+)?(?:spots|rash|blotches|marks|dots)",
                     r"(?:don'?t|dont|doesn'?t|does\s+not|won'?t|do\s+not)\s+fade\s+(?:when|under|with)",
                     # "small purple dots on his legs, i pressed my glass cup on them" (visitor_test23)
                     r"(?:rash|spots|dots).{0,50}(?:glass|tumbler)", r"보라색\s*(?:반점|점|발진)|자줏빛\s*(?:반점|점)",
                     r"(?:눌러도|유리컵.{0,15})\s*(?:안\s*없어|사라지지\s*않|그대로)")
FEVER = _any(r"fever|temperature|\b(?:3[89]|4[01])(?:\.\d)?\s*°?\s*C\b|\b10[1-5](?:\.\d)?\s*°?\s*F?\b", r"열이|고열|열나|3[89](?:\.\d)?\s*도")
# a pressure of 180/120 or more with confusion, vision or speech changes, chest pain or breathlessness (a hypertensive
# emergency: "212/128 … seems kinda confused and says his vision is blurry");
PRESSURE = re.compile(r"(?<!\d)(\d{3})\s*(?:/|over|에)\s*(\d{2,3})(?!\d)", _I)
ORGAN_SIGNS = _any(r"confus|disoriented|not\s+making\s+sense|vision|blurr|can'?t\s+see|chest\s+pain|short(?:ness)?\s+of\s+breath|"
                   r"chest\s+(?:feels\s+|is\s+)?(?:tight|heavy)|"
                   r"slurr|numb|weak(?:ness)?\s+on\s+one", r"횡설수설|말(?:이|도)?\s*(?:이상|어눌)|시야|눈이\s*(?:흐릿|침침|안\s*보)|"
                   r"흐릿하게\s*보|가슴.{0,6}(?:아프|통증|조이|조여|답답)|숨이\s*차|한쪽.{0,6}(?:저리|마비|힘)|"
                   # visitor_test21: "오른쪽 눈이 갑자기 뿌옇게 흐려서 잘 안보이고 … 198/124"
                   r"눈이\s*(?:\S+\s*){0,2}?(?:뿌옇|흐려|흐리게|안\s*보|잘\s*안\s*보)")
# ketones with vomiting or fast breathing (ketoacidosis: "the ketone strip went dark purple, she's throwing up and
# breathing really fast");
KETONES = _any(r"ketone", r"케톤")
KETOACIDOSIS_SIGNS = _any(r"vomit|throwing\s+up|threw\s+up|breathing\s+(?:really\s+|very\s+|so\s+|kind\s+of\s+|kinda\s+|a\s+bit\s+)?(?:fast|quick|hard|deep)|"
                          r"fast\s+breathing|stomach\s+pain|belly\s+pain", r"토하|토해|토했|구토|숨(?:을)?\s*(?:가쁘|빠르|몰아|깊고)|배가\s*아프|배\s*아프")
# New diabetes told by its signs (thirst, peeing, a child wetting the bed again) with vomiting or deep, fast breathing is
# ketoacidosis until shown otherwise, ketones measured or not (visitor_test8: "drinking tons and wetting the bed again
# … threw up twice … breathing kind of deep and fast. is this a bug?" got a stomach bug)
THIRST_AND_PEEING = _any(r"drinking\s+(?:tons|loads|heaps|so\s+much|a\s+lot|like\s+crazy)|(?:always|so|really|very|constantly)\s+"
                         r"thirsty|wetting\s+the\s+bed|peeing\s+(?:a\s+lot|all\s+the\s+time|constantly|non-?stop)",
                         r"물을?\s*(?:엄청|계속|너무|많이|자꾸)\s*(?:마시|찾|들이)|목이\s*(?:계속|자꾸|너무)\s*마르|이불에\s*(?:오줌|실수)|"
                         r"소변을?\s*(?:너무\s*)?자주\s*보")
# oxygen below 90 % on a finger meter with new confusion ("the finger oxygen thing reads 88 … he's confused about where
# he is"); a reading of 88-90 alone is many a COPD patient's usual.
LOW_OXYGEN = re.compile(r"(?:oxygen|\bo2\b|spo2|sats?\b|saturation|pulse\s*ox\w*|산소\s*포화도|산소)\D{0,25}?(?<!\d)([5-8]\d)"
                        r"(?!\d|\s*(?:years?|살|세|kg|bpm))", _I)
# a belly that cannot pass wind, with vomiting (a bowel obstruction: the seventh blind round's "hasnt opened her bowels
# in 5 days, her belly is swollen up hard, shes been vomiting … cant even pass wind" was answered "give her a laxative");
NO_WIND = _any(r"(?:can'?t|cannot|unable\s+to|not\s+able\s+to)\s+(?:even\s+)?pass\s+(?:wind|gas)|(?:no|not\s+passing)\s+(?:wind|gas)\b",
               r"방귀(?:가|도|를)?\s*(?:안|못)\s*(?:나오|나와|뀌|껴)|가스(?:가|도)?\s*(?:안|못)\s*(?:나오|나와|빠지)")
# metformin with fast breathing and vomiting or weakness (lactic acidosis: "on metformin and has had a stomach bug for 3
# days … breathing really fast … so weak he cant stand up");
METFORMIN = _any(r"metformin|glucophage", r"메트포르민|다이아벡스|글루코파지|메트포민")
FAST_BREATHING = _any(r"breathing\s+(?:really\s+|very\s+|so\s+|super\s+|extremely\s+|way\s+too\s+)?(?:fast|quick|hard|deep)|"
                      r"fast\s+breathing|rapid\s+breathing",
                      r"숨(?:을|이)?\s*(?:가쁘|가빠|빠르|빨라|몰아)")
ACIDOSIS_COMPANION = _any(r"vomit|throwing\s+up|keep\s+(?:water|fluids?|anything)\s+down|so\s+weak|too\s+weak|can'?t\s+stand|"
                          r"drowsy|confus|freezing|stomach\s+bug", r"토하|토해|구토|기운이\s*없|못\s*일어|축\s*처|설사")
# Angina that now comes at rest or wakes the person, more often or for longer (unstable angina; visitor_test17: "원래는
# 언덕 오를때만 가슴이 조이다가 … 가만히 티비보실때도 조이고 … 자다가 가슴이 답답해서 깨셨대요 점점 자주 오고 오래가는데")
AT_REST = _any(r"가만히|쉬는\s*(?:중|동안|데도)|쉴\s*때도?|자다가|자는\s*중|잠결에",
               r"at\s+rest|while\s+(?:resting|sitting|watching|lying)|(?:woke|wakes|waking)\s+(?:him|her|me|them)\s+up|"
               r"in\s+(?:his|her|my)\s+sleep")
WORSENING = _any(r"점점\s*(?:더\s*)?(?:자주|심해|오래|길어|세)|(?:더|훨씬)\s*자주|오래\s*가",
                 r"more\s+(?:often|frequent)|lasting\s+longer|longer\s+each\s+time|getting\s+(?:worse|more\s+frequent)")
# Fever during chemotherapy (neutropenic sepsis; visitor_test17: "항암치료 중 … 열이 38.5도까지 올라갔고"): care now
CHEMO = _any(r"항암", r"\bchemo(?:therapy)?\b")
# Sugar given to someone muddled or not answering (visitor_test17: "멍하셔서 주스 드렸더니 … 또 멍하고 대답을 잘
# 못하세요"): low blood sugar that comes back, with no word for it
SUGAR_GIVEN = _any(r"(?:주스|사탕|설탕물?|단\s*거|포도당|초콜릿)(?:를|을|도|라도)?\s*(?:\S+\s*)?(?:드렸|드리|줬|주고|먹였|먹이)",
                   r"(?:gave|give|giving|got)\s+(?:him|her|them)\s+(?:some\s+)?(?:juice|sugar|candy|sweets|glucose)")
MUDDLED = _any(_MUDDLED_KO, r"대답(?:을|도)?\s*(?:잘\s*)?못", _MUDDLED_EN, r"mumbl|(?:not|isn'?t)\s+answering")

# A body temperature below 35 °C or 95 °F, all the pattern reads (visitor_test18: an 86-year-old after a night in an unheated room, drowsy, slow speech,
# "34.6도"): hypothermia
LOW_TEMPERATURE = re.compile(r"(?:체온|temp(?:erature)?|thermometer|몸이)\D{0,15}?(?<![\d.])(3[0-4](?:\.\d)?|9[0-4](?:\.\d)?)\s*"
                             r"(?:도|℃|°\s*[CF]?|degrees|F\b|C\b)", _I)
# Aspirin given in flu or chickenpox, then vomiting with drowsiness or confusion (Reye's syndrome; visitor_test18)
ASPIRIN = _any(r"아스피린", r"\baspirin\b")
VIRAL = _any(r"독감|수두|인플루엔자", r"\bflu\b|influenza|chicken\s*pox|varicella")
# Calf or leg pain too bad to walk with no urine, in a flu (myositis or a muscle breakdown; visitor_test18)
CANNOT_WALK_FOR_PAIN = _any(r"(?:종아리|다리|허벅지).{0,15}(?:아파서|아프다고|통증).{0,10}(?:못\s*걷|걷지\s*못)",
                            r"(?:calves|calf|legs?|thighs?|muscles)\s+(?:\w+\s+){0,2}?(?:hurt|hurts|ache|aching|sore)\w*\s+"
                            r"(?:so\s+(?:bad|much)\s+)?(?:that\s+)?(?:\w+\s+){0,2}?(?:can'?t|cannot|could\s*n'?t|unable\s+to)\s+walk")
# Litres of water in a day, then vomiting, confusion or a fit (low sodium; visitor_test18: a "water detox challenge")
WATER_LOAD = _any(r"물(?:을|만|로)?\s*(?:\S+\s*)?(?:[4-9]|1\d)\s*(?:리터|ℓ|l\b)",
                  r"(?:drank|drinking|drunk|drink)\s+(?:like\s+|about\s+|over\s+|nearly\s+|around\s+)?(?:[4-9]|1\d)\s*"
                  r"(?:litres?|liters?|l\b)")
# A sudden tearing pain in the back, belly or chest, with a pale face or a near-faint (an aortic dissection; visitor_test27:
# "절인배추 통을 들어서 옮기다가 갑자기 등이랑 배가 찢어지는것처럼 아프다고 주저앉으셨어요 얼굴이 하얗게 질렸고")
TEARING_PAIN = _any(r"(?:등|배|가슴|허리|명치)(?:이|가|랑|이랑|하고|과|와|도)?\s*(?:\S+\s*){0,3}?(?:찢어지|찢기|뜯기)(?:는|듯|게|고)",
                    r"(?:tearing|ripping)\s+(?:\w+\s+){0,3}?(?:pain|in\s+(?:his|her|my|the)\s+(?:back|chest|belly|stomach|abdomen))|"
                    r"(?:back|chest|belly|stomach|abdomen)\s+(?:\w+\s+){0,4}?(?:like\s+(?:something|it)\s+(?:is|was)\s+)?(?:tearing|ripping)")
SUDDEN_PALE = _any(r"갑자기|하얗게\s*질|창백|식은땀", r"\bsudden(?:ly)?\b|out\s+of\s+nowhere|\bpale\b|white\s+as|cold\s+sweat")
