"""Signs read off the carers' and visitors' stories of the blind sets (visitor_test20 and visitor_test21's first runs:
emergencies told in everyday words that no sign of :mod:`.signs` read): a racing heart with confusion, a head knock on a
blood thinner, a neck that hurts to bend, much blood lost on a thinner, leaking waters told as clear fluid, a fever with
rigors, an allergy that reaches the circulation. Split from :mod:`.signs` to keep each file short; :mod:`.triage`
combines both."""

from __future__ import annotations

import re

from .signs import _any

# visitor_test20's first run: four emergencies told by carers got no line.
# A heart racing or irregular with new confusion ("she's muddled, keeps asking where she is, and says her heart is
# racing and all over the place"): a dangerous rhythm starving the brain.
RACING = _any(r"heart\s+(?:is\s+|was\s+|'s\s+|keeps\s+)?(?:racing|pounding|going\s+(?:really\s+|so\s+)?fast|"
              r"all\s+over\s+the\s+place|beating\s+(?:really\s+|so\s+)?(?:fast|irregular\w*))",
              r"심장이?\s*(?:너무\s*|엄청\s*)?(?:빨리|미친\s*듯이?|불규칙하게|제멋대로)\s*뛰|맥박이\s*(?:엄청\s*|너무\s*)?(?:빠르|불규칙)")
# A knock to the head on a blood thinner, then a headache getting worse (bleeding inside the head)
BLOOD_THINNER = _any(r"warfarin|coumadin|eliquis|apixaban|xarelto|rivaroxaban|pradaxa|dabigatran|edoxaban|blood\s+thinner",
                     r"와파린|엘리퀴스|아픽사반|자렐토|리바록사반|프라닥사|다비가트란|릭시아나|에독사반|항응고")
HEADACHE_WORSE = _any(r"headache.{0,30}(?:getting\s+worse|gets?\s+worse|worse\s+and\s+worse|keeps\s+getting\s+worse)",
                      r"(?:두통|머리가?\s*아픈\s*게).{0,10}(?:점점|계속)\s*(?:더\s*)?심해|머리가\s*(?:점점|갈수록)\s*(?:더\s*)?아파")
# Fever with a neck that hurts to bend and light that hurts or vomiting ("39.4 fever, wont open her eyes bc the light
# hurts, been throwing up and says her neck hurts when she looks down"): meningitis without the words "stiff neck"
NECK_BEND = _any(r"neck\s+(?:hurts|is\s+sore|pains?|aches)\s+(?:when|if)\s+(?:she|he|i|they)\s+(?:looks?|bends?|tilts?|puts?|"
                 r"moves?)|(?:can'?t|cannot)\s+(?:touch|put)\s+(?:her|his|my|their)\s+chin\s+(?:to|on)",
                 r"고개를?\s*(?:숙이|숙일|아래로).{0,10}(?:목이|목덜미가)?\s*(?:아프|아파|당기)")
PHOTOPHOBIA = _any(r"light\s+hurts|(?:the\s+)?light\s+(?:bothers|hurts)|can'?t\s+(?:stand|bear)\s+(?:the\s+)?light|"
                   r"sensitive\s+to\s+light|photophobia", r"빛이?\s*(?:너무\s*)?눈부|불빛.{0,6}(?:못\s*보|싫|아프)")

# visitor_test21's first run: six emergencies told in lay words got no line.
# Much blood lost on a blood thinner with dizziness or near-fainting ("와파린 드시는 아빠가 … 변기가 새빨갛게 될정도로 피가
# 나왔대요 … 일어나다가 핑 돌아서 주저앉으셨어요")
BLOOD_LOSS = _any(r"(?:bowl|toilet|pan)\s+(?:was\s+|is\s+|went\s+|turned\s+)?(?:full\s+of\s+|all\s+)?(?:bright\s+)?(?:red|blood)|"
                  r"(?:a\s+lot\s+of|lots\s+of|loads\s+of|so\s+much|heaps\s+of)\s+(?:bright\s+red\s+|fresh\s+|dark\s+)?blood|"
                  r"(?:passing|passed|pooping|peeing)\s+(?:\w+\s+)?blood",
                  r"변기.{0,12}(?:빨갛|새빨갛|벌겋|피)|피가?\s*(?:\S+\s*){0,2}?(?:엄청|많이|왈칵|쏟아|한가득|줄줄)|(?:하혈|혈변).{0,10}(?:많|엄청|계속)")
DIZZY_OR_FAINT = _any(r"(?:nearly|almost)\s+(?:fainted|passed\s+out|blacked\s+out|collapsed|fell)|faint|dizzy|light-?headed|"
                      r"blacked\s+out|passed\s+out", r"핑\s*(?:돌|도)|어지러|주저앉|쓰러|실신|기절|정신을?\s*잃")
# Waters leaking told as what the person sees ("팬티가 계속 물에 젖은것처럼 축축해요 냄새 없는 맑은 물 같은게 찔끔찔끔
# 흘러요" at 33 weeks)
WATERS_TOLD = _any(r"(?:clear|watery)\s+(?:fluid|liquid|water|discharge)\s+(?:keeps\s+|is\s+|has\s+been\s+)?"
                   r"(?:leaking|trickling|dribbling|running|coming)|(?:knickers|underwear|pants|pad)\s+(?:\w+\s+){0,3}?"
                   r"(?:soaked|wet)\s+(?:through|with\s+(?:clear|water))",
                   r"맑은\s*물.{0,12}(?:흘러|흐르|새|나와|나오|찔끔|줄줄)|(?:팬티|속옷).{0,15}(?:젖|축축).{0,30}물")
# An infection with a high fever, shaking chills and fainting or nothing kept down (visitor_test21: a kidney
# infection, "39.8, teeth chattering shakes, pain in her side …, thrown up every sip of water and both antibiotic
# doses. she nearly fainted getting up"): sepsis until shown otherwise
TEMPERATURE_NUMBER = re.compile(r"(?<![\d.])(?:39|40|41)\.\d(?![\d.])|(?<![\d.])10[2-5]\.\d(?![\d.])")   # "shes 39.8"
RIGORS = _any(r"teeth\s+chatter\w*|shaking\s+chills|\brigors?\b|(?:uncontrollabl[ey]|violently)\s+shak\w*|shivering\s+uncontrollabl\w*",
              r"이가\s*딱딱|오한.{0,6}(?:심하|덜덜)|덜덜\s*떨")
NOTHING_KEPT_DOWN = _any(r"(?:thrown|threw|throwing)\s+up\s+(?:every|each|all|any)\b|(?:can'?t|cannot|couldn'?t|isn'?t)\s+(?:\w+\s+)?"
                         r"(?:keep|keeping|holding)\s+(?:anything|any\s+\w+|fluids|water|it|them|the\s+\w+)\s+down",
                         r"(?:물|약)(?:만|도|까지)?\s*(?:\S+\s*){0,2}?(?:먹어도|마셔도|먹으면|마시면)\s*(?:다\s*)?토")
# An allergy that reaches the circulation without the throat (visitor_test21: "ate a prawn curry 20 min ago, now hes itchy
# and blotchy red from head to toe, threw up once, his pulse is racing but feels weak and he nearly blacked out"):
# anaphylaxis although the lips and breathing are fine
ALLERGIC_SKIN = _any(r"hives|welts|blotchy|itchy\s+(?:all\s+over|from\s+head)|(?:red|itchy)\s+(?:\w+\s+)?from\s+head\s+to\s+toe",
                     r"두드러기|온몸.{0,8}(?:가려|빨갛|붉|울긋불긋)")
SHOCK = _any(r"(?:pulse|heartbeat)\s+(?:\w+\s+){0,4}?(?:weak|faint|thready)|weak\s+pulse|"
             r"(?:nearly|almost)\s+(?:blacked|passed|fainted|collapsed)|blacked\s+out|passed\s+out|fainted|collapsed",
             r"맥박.{0,10}(?:약하|희미)|쓰러|정신을?\s*잃|기절|실신|핑\s*돌.{0,10}(?:주저앉|쓰러)")

# visitor_test22's first run: three emergencies told in lay words got no line.
# Blood coughed up told as what it looked like ("기침하시다가 선지같은 새빨간 덩어리를 소주잔으로 두잔은 뱉으셨어요")
COUGHED_BLOOD = _any(r"(?:cough\w*)\s+up\s+(?:\w+\s+){0,3}?(?:bright\s+red|blood|clots?)",
                     r"기침.{0,20}(?:새빨간|시뻘건|선홍색|빨간|선지).{0,20}(?:뱉|토|나왔|나와)")
# Black, tarry stools with fainting or dizziness ("his poo has been black and sticky like tar … he fainted in the
# shower"): bleeding in the gut, whatever bismuth does to the colour
BLACK_STOOL = _any(r"(?:poo|poop|stools?|bowel\s+movements?|motions)\s+(?:\w+\s+){0,4}?(?:black|tarry|like\s+tar)|"
                   r"black,?\s+(?:and\s+)?(?:sticky|tarry)|tar-?like\s+(?:stools?|poo)",
                   r"흑변|짜장\s*같은\s*(?:변|똥)|(?:변|똥|대변)(?:이|을|도)?\s*(?:\S+\s*){0,2}?(?:새까맣|까맣|시커멓|검)")
BREATHLESS_OR_RACING = _any(r"short(?:ness)?\s+of\s+breath|breathless|can'?t\s+(?:catch\s+(?:his|her|my)\s+)?breath|"
                            r"(?:pulse|heart)\s+(?:is\s+)?(?:racing|pounding|really\s+fast)",
                            r"숨(?:이|도)?\s*(?:\S+\s*)?(?:차|가쁘|가빠)|맥(?:이|박이)?\s*(?:\S+\s*)?(?:빨리|빠르)|심장이\s*(?:빨리|쿵쾅)")

# visitor_test23's first run: three emergencies told in lay words got no line, and a probable TIA an unsafe answer.
# A meter that reads only "HI" in someone drowsy or talking oddly ("혈당기 재니까 숫자 대신 HI 라고만 떠요 … 계속 졸고 말도
# 엉뚱하게 하시는데"): glucose above what it can show, a hyperglycaemic emergency, not a broken meter
METER_HI = _any(r"(?:meter|monitor|sensor|glucometer|libre|dexcom|cgm)\W{0,3}(?:\w+\W+){0,5}?(?:says|said|reads?|shows?|showed|"
                r"displays?)?\W{0,3}[\"'“]?HI(?![A-Za-z])|\bHI\b[\"'”]?\s+on\s+(?:the|his|her|my|their)\s+(?:meter|monitor|glucometer)",
                r"(?:혈당기|혈당계|측정기|센서|리브레)\S{0,3}\s*(?:\S+\s*){0,5}?[\"'“]?HI(?![A-Za-z])|(?<![A-Za-z])HI[\"'”]?\s*(?:라고|이라고|만|가|로)")
DROWSY_OR_ODD = _any(r"drowsy|keeps?\s+(?:falling\s+asleep|dozing)|hard\s+to\s+wake|confus\w*|not\s+making\s+sense|talking\s+nonsense",
                     r"(?:계속|자꾸)\s*(?:졸|주무시|자려)|말(?:도|을)?\s*(?:이상|엉뚱|횡설수설)|엉뚱한\s*(?:소리|말)|헛소리|정신이\s*없")
# a fever told as had, not denied ("no fever" is none)
FEVERISH = _any(r"(?<!no\s)(?<!not\s)(?<!without\s)(?<!without\s\sa\s)\bfever\b(?!\s*(?:free|-free))|\b(?:has|have|had|running|with)\s+a\s+"
                r"temperature\b|\btemp(?:erature)?\s+(?:of\s+|is\s+|was\s+)?(?:3[89]|4[01]|10[0-5])",
                r"열(?:이|도)\s*(?:나|있|올라|3[89]|4[01])|고열|(?<![\d.])3[89](?:\.\d)?\s*도")
# A hot, red, swollen joint with a fever ("무릎이 … 벌겋게 부어서 이불만 스쳐도 소리를 질러요 … 열도 38.4도"): a joint
# infection must be ruled out today, whatever gout runs in the family
SWOLLEN_JOINT = _any(r"(?:knee|ankle|hip|shoulder|elbow|wrist|joint)\w*\s+(?:\w+\s+){0,6}?(?:hot|red|swollen|puffy)|"
                     r"(?:hot|red|swollen)\s+(?:\w+\s+){0,2}?(?:knee|ankle|hip|shoulder|elbow|wrist|joint)",
                     r"(?:무릎|발목|고관절|어깨|팔꿈치|손목|관절).{0,25}(?:벌겋|빨갛|붉|뜨겁|후끈).{0,10}(?:붓|부어|부었)|"
                     r"(?:무릎|발목|고관절|어깨|팔꿈치|손목|관절).{0,25}(?:붓|부어|부었).{0,10}(?:벌겋|빨갛|붉|뜨겁|후끈)")

# visitor_test24's first run: a heart racing at 150 or more with a tight chest or a near-faint ("its showing 174 right
# now and ive just been sitting on the couch. chest feels tight and when i stood up the room went grey"): an
# arrhythmia until shown otherwise, whatever the energy drinks
HEART_RATE_HIGH = re.compile(r"(?:heart\s*rate|pulse|\bHR\b|\bBPM\b|심박\w*|맥박|(?:watch|워치)\S*\s+(?:\S+\s+){0,6}?)\D{0,40}?"
                             r"(?<!\d)(1[5-9]\d|2[0-4]\d)(?!\d)", re.I)
NEAR_FAINT = _any(r"(?:room|everything|vision)\s+(?:went|goes|turned)\s+(?:grey|gray|black|dark)|grab(?:bed)?\s+(?:onto\s+)?the\s+"
                  r"(?:wall|counter|table)|(?:nearly|almost)\s+(?:fainted|passed\s+out|blacked\s+out|collapsed|fell)|"
                  r"light-?headed|dizzy|\bchest\s+(?:feels\s+|is\s+|was\s+|got\s+)?(?:tight|heavy|pain)|chest\s+pain",
                  r"가슴.{0,6}(?:조이|답답|아프|통증)|눈앞이\s*(?:캄캄|하얘|노래)|핑\s*(?:돌|도)|쓰러질\s*뻔|어지러")


# visitor_test25's first run (messages dictated by voice): five emergencies got no line. Their numbers came as words
# (:func:`.triage.triage` reads them as digits first) and their signs in these forms.
# Breathless while still, with the sentence cut short or the fingertips blue ("가만히 누워 있어도 숨이 차서 말을 길게 못
# 하겠어요 손가락 끝이 좀 파랗고"): breathing that is failing. Blue fingers alone are often Raynaud's or the cold.
BREATHLESS_AT_REST = _any(r"(?:short\s+of\s+breath|breathless|can'?t\s+(?:catch\s+(?:my|his|her)\s+)?breathe?|out\s+of\s+breath)\s+"
                          r"(?:\w+\s+){0,2}?(?:at\s+rest|(?:even\s+)?(?:when\s+|while\s+)?(?:sitting|lying|resting))",
                          r"(?:가만히|누워|앉아|쉬어도|쉬는데도).{0,15}숨이\s*(?:차|가빠|가쁘|막히)")
BLUE_FINGERS = _any(r"(?:finger\s*tips?|fingers|(?:finger)?nails)\s+(?:are\s+|look(?:s|ing)?\s+|turn(?:ing|ed)\s+|going\s+)?"
                    r"(?:a\s+(?:bit|little)\s+|kind\s+of\s+|kinda\s+|slightly\s+)?(?:blue|bluish|purple|grey|gray)",
                    r"(?:손가락|손끝|손톱|손가락\s*끝).{0,8}(?:파랗|파래|퍼렇|퍼래|새파|보랏빛|보라색)")
SHORT_OF_BREATH = _any(r"short(?:ness)?\s+of\s+breath|breathless|can'?t\s+(?:catch\s+(?:my|his|her)\s+)?breathe?|out\s+of\s+breath",
                       r"숨이\s*(?:차|가빠|가쁘|막히)|호흡\s*곤란")
# A flu with falls: someone who cannot stand without falling, dizzy or weak all over ("he can't stand up without falling
# over he fell twice … the room's spinning … weak all over"): the flu's own emergency signs in an older adult
FALLING = _any(r"(?:can'?t|cannot|couldn'?t)\s+(?:even\s+)?(?:stand|get\s+up|walk)\s+(?:\w+\s+){0,2}?without\s+(?:falling|"
               r"toppling|tipping|collapsing)|fell\s+(?:down\s+)?(?:twice|again|\w+\s+times)|keeps?\s+falling",
               r"(?:혼자|제대로)\s*(?:못\s*서|서지\s*못|못\s*일어나)|(?:두\s*번|몇\s*번|자꾸|계속)\s*(?:넘어지|넘어졌|쓰러지|쓰러졌)")
DIZZY_OR_WEAK = _any(r"dizz|spinning|light-?headed|weak\s+all\s+over|so\s+weak|too\s+weak|barely\s+(?:lift|move)",
                     r"어지러|빙빙|핑\s*돌|기운이\s*(?:하나도\s*)?없|힘이\s*(?:하나도\s*)?없")
# Upper-back pressure with a sweat and breathlessness or light-headedness, no chest pain ("there's this pressure in my
# upper back … all sweaty and lightheaded … short of breath no chest pain"): a heart attack as women often have it
UPPER_BACK = _any(r"(?:pressure|ache|aching|pain|tightness|heaviness)\s+(?:in|between)\s+(?:my|his|her|the)\s+(?:upper\s+back|"
                  r"shoulder\s+blades)", r"(?:등\s*위쪽|윗등|등\s*윗부분|날개뼈\s*사이|견갑골\s*사이).{0,10}(?:눌리|누르|뻐근|조이|아프|아파|통증)")
SWEATING = _any(r"sweat|clammy", r"식은\s*땀|땀이\s*(?:비\s*오듯|쏟아|줄줄|흥건)")
HEART_COMPANION = _any(r"short(?:ness)?\s+of\s+breath|breathless|light-?headed|threw\s+up|throwing\s+up|vomit|nause|"
                       r"(?:suddenly|so|really)\s+(?:tired|exhausted)", r"숨이\s*(?:차|가빠)|어지러|토했|토하|메스꺼|구역")

# visitor_test26's first run (a claim heard or read, checked): five emergencies got no line.
# An antidepressant with St John's wort or another serotonin drug, then fever with agitation, a sweat, shaking or a
# racing pulse ("에스시탈로프람 … 세인트존스워트 … 안절부절 못하시고 땀을 비오듯 흘리고 손이 덜덜 떨리고 맥박이 130 … 열도
# 38.6도"): serotonin syndrome
SEROTONERGIC = _any(r"escitalopram|citalopram|sertraline|fluoxetine|paroxetine|fluvoxamine|venlafaxine|duloxetine|"
                    r"lexapro|zoloft|prozac|paxil|effexor|cymbalta|st\.?\s*john'?s\s*wort|tramadol|linezolid|\bMAOI\b|"
                    r"phenelzine|tranylcypromine|selegiline|moclobemide|ssri|snri",
                    r"에스시탈로프람|렉사프로|시탈로프람|설트랄린|졸로푸트|플루옥세틴|프로작|파록세틴|팍실|벤라팍신|둘록세틴|"
                    r"심발타|세인트\s*존스?\s*워트|트라마돌|항우울제")
SEROTONIN_SIGNS = (_any(r"restless|agitated|can'?t\s+sit\s+still", r"안절부절|초조해|가만히\s*(?:못|있지\s*못)"),
                   _any(r"sweat\w*\s+(?:buckets|heavily|profusely|through)|drenched|pouring\s+sweat",
                        r"땀을?\s*(?:비\s*오듯|줄줄|흠뻑|쏟)|땀이\s*(?:비\s*오듯|줄줄|쏟)"),
                   _any(r"shak(?:ing|y)|trembl\w*|tremor|twitch\w*|jerk\w*", r"덜덜|떨리|떨려|떨림|움찔|경련하듯"),
                   re.compile(r"(?:pulse|heart\s*rate|맥박|심박\w*)\D{0,12}?(?<!\d)(?:1[2-9]\d|2\d\d)(?!\d)", re.I))
# Salt swapped for a potassium salt on a kidney or ACE/ARB medicine, then weak legs, a skipping or slow heart or a
# near-faint ("potassium 'lite' salt … kidney disease, on lisinopril … legs feel like jelly, … heart keeps skipping and
# slowing, and he nearly passed out"): high potassium until shown otherwise
POTASSIUM_SALT = _any(r"potassium\s+(?:'?lite'?\s+|based\s+)?salt|lite\s+salt|lo-?salt|salt\s+substitute|no-?salt\b|nu-?salt",
                      r"(?:저염|칼륨|대체|저나트륨)\s*소금|소금\s*대용")
KIDNEY_OR_RAAS = _any(r"kidney\s+(?:disease|failure|problems?)|\bCKD\b|dialysis|lisinopril|enalapril|ramipril|perindopril|"
                      r"losartan|valsartan|olmesartan|telmisartan|candesartan|irbesartan|spironolactone|\bACE\s+inhibitor|\bARB\b",
                      r"신장|콩팥|투석|사구체|에날라프릴|라미프릴|로사르탄|코자|발사르탄|디오반|올메사르탄|텔미사르탄|"
                      r"칸데사르탄|스피로노락톤|알닥톤")
POTASSIUM_STORY = (_any(r"skipping|slowing|irregular|flutter\w*|palpitat\w*", r"두근|부정맥|불규칙|건너뛰"),
                   _any(r"jelly|weak|floppy|heavy\s+legs", r"힘이\s*(?:없|빠지)|흐물|후들"),
                   _any(r"(?:nearly|almost)\s+(?:passed\s+out|fainted|blacked\s+out|collapsed)|faint", r"쓰러질\s*뻔|실신|핑\s*돌"))
# Fewer movements told as a quiet baby ("baby's been really quiet since lunch, maybe 2 little flutters all afternoon")
QUIET_BABY = _any(r"\bbaby(?:'s|\s+(?:has|is))?\s+(?:been\s+)?(?:really\s+|very\s+|so\s+|super\s+|unusually\s+)?(?:quiet|still)\b",
                  r"\b(?:only|maybe|just)\s+(?:\d+|one|two|three|a\s+couple\s+of)\s+(?:little\s+|tiny\s+|small\s+|weak\s+)?"
                  r"(?:flutters|kicks|movements|wiggles)\b",
                  r"(?:아기|애기|뱃속\s*아기)(?:가|는)?\s*(?:\S+\s*)?(?:너무\s*|거의\s*)?(?:조용|잠잠|안\s*움직|꼼짝)")
# A wound infection spreading, with fever and chills or confusion ("the whole foot is red, hot and swollen up to the
# ankle, theres pus, a red streak going up his shin, he had shaking chills and 39.2 tonight and seems a bit confused"):
# sepsis until shown otherwise
SPREADING_INFECTION = _any(r"\bpus\b|red\s+(?:streak|line)s?|streak\w*\s+(?:up|going\s+up)|spreading\s+(?:redness|red)",
                           r"고름|(?:빨간|붉은)\s*(?:줄|선)|빨갛게\s*번지")
