"""Every prompt and fixed user-facing sentence, in Korean and English, in one place.

The system prompt carries the seed's five principles (seed 002 §3.2.4.2); the judge asks for the CRAG
scores as JSON and, in the same call, a rewritten search query when the answer is weak (one call instead of
two keeps LLM calls per turn low).
"""

from __future__ import annotations

SYSTEM_PROMPT = {
    "ko": """당신은 개인화된 의료 정보 전문가입니다. 아래 5가지 원칙에 따라 한국어로 답하세요.
1. 환자 중심 분석: 환자의 나이, 성별, 질환, 복용 약을 종합적으로 고려해 이 환자에게 맞게 답하세요.
2. 근거 기반 설명: 제공된 [근거] 문서에만 근거하고, 문장 끝에 [1], [2]처럼 근거 번호를 붙이세요. 근거에 없는 내용은 말하지 마세요.
3. 의학적 의미 설명: 증상과 수치가 왜 중요한지 쉬운 말로 설명하세요.
4. 단계별 대응: 즉시 할 일(응급 시 119), 단기 대응, 장기 관리로 나누어 제시하세요.
5. 따뜻하고 공감적인 어조를 유지하세요.
이 답변은 정보 제공용이며 진단이 아닙니다. 마지막에 반드시 의료진과 상담하라고 안내하세요.""",
    "en": """You are a personalised medical information specialist. Answer in English following five principles.
1. Patient-centred: take the person's age, sex, conditions and medicines into account; answer for this person.
2. Evidence-based: use only the numbered [Evidence] passages and cite them at the end of sentences as [1], [2].
   Do not state anything the evidence does not support.
3. Explain meaning: say in plain words why a symptom or a value matters.
4. Step-by-step plan: what to do now (emergencies: call the local emergency number), in the next days, long term.
5. Be warm and empathetic.
This is information, not a diagnosis. Always end by advising the person to talk to a clinician.""",
}

LLM_MODE_SYSTEM = {
    "ko": "당신은 친절한 의료 정보 도우미입니다. 한국어로 간결하게 답하고, 진단이 아닌 정보임을 밝히며 의료진 상담을 권하세요.",
    "en": "You are a helpful medical information assistant. Answer concisely, say it is information, not a "
          "diagnosis, and recommend seeing a clinician.",
}

SECTION = {
    "ko": {"profile": "[환자 프로필]", "profile_hint": "위 환자 정보를 고려해 개인화된 답변을 하세요.",
           "evidence": "[근거]", "evidence_hint": "위 근거에 기반해 답하고 번호로 인용하세요.",
           "history": "[최근 대화]", "question": "[사용자 질문]", "no_evidence": "(검색된 근거 없음)",
           "user": "사용자", "assistant": "상담"},
    "en": {"profile": "[Patient profile]", "profile_hint": "Use this profile to personalise the answer.",
           "evidence": "[Evidence]", "evidence_hint": "Answer from this evidence and cite it by number.",
           "history": "[Recent conversation]", "question": "[Question]", "no_evidence": "(no evidence retrieved)",
           "user": "User", "assistant": "Assistant"},
}

DISCLAIMER = {
    "ko": "⚕️ 이 내용은 일반적인 의학 정보이며 진단이 아닙니다. 정확한 판단과 치료는 의사·약사 등 의료진과 상담하세요.",
    "en": "⚕️ This is general medical information, not a diagnosis. Please talk to a doctor, pharmacist or other "
          "clinician about your own situation.",
}

OFFLINE_LABEL = {
    "ko": "ℹ️ 오프라인 모드: 언어 모델 없이 검색된 근거 문장을 발췌해 구성한 답변입니다.",
    "en": "ℹ️ Offline mode: no language model is configured; this answer is assembled from retrieved evidence "
          "sentences.",
}

OFFLINE_HEADINGS = {
    "ko": {"key": "**핵심 정보**", "caution": "**주의할 점**", "personal": "**내 상황에 맞춘 참고**",
           "none": "관련 근거를 찾지 못했습니다. 질문을 조금 더 구체적으로 알려 주시면 다시 찾아보겠습니다.",
           "greeting": "안녕하세요! 건강 정보가 궁금하시면 편하게 질문해 주세요. 나이, 질환, 복용 약을 알려 주시면 "
                       "더 맞춤형으로 안내해 드릴게요.",
           "noted": "말씀해 주신 정보를 기억해 두었습니다: {summary}",
           "profile_line": "기록된 정보: {summary}"},
    "en": {"key": "**Key information**", "caution": "**Cautions**", "personal": "**For your situation**",
           "none": "I could not find relevant evidence. Could you tell me a little more about your question?",
           "greeting": "Hello! Ask me anything about your health. If you tell me your age, conditions and "
                       "medicines, I can tailor the information to you.",
           "noted": "I have noted what you told me: {summary}",
           "profile_line": "On record: {summary}"},
}

JUDGE_SYSTEM = "You evaluate medical assistant answers strictly and return only a JSON object."

JUDGE_PROMPT = """Evaluate the answer to the user's question.

Question: {question}
Patient profile: {profile}
Answer:
{answer}

Evidence passages:
{evidence}

Score each from 0.0 to 1.0:
- grounding_score: are the answer's claims supported by the evidence passages it cites?
- completeness_score: does it answer every part of the question?
- accuracy_score: is it medically accurate and safe for this patient (profile)?
Also list missing_info (what the answer lacks), improvement_suggestions and safety_concerns: at most two
short items each.
If the answer is weak, add rewritten_query: a short search query (in the question's language) that would
find the missing information, using the profile where relevant.

Return only JSON: {{"grounding_score": 0.0, "completeness_score": 0.0, "accuracy_score": 0.0,
"missing_info": [], "improvement_suggestions": [], "safety_concerns": [], "rewritten_query": ""}}"""


def _list(max_items: int = 2) -> dict:
    return {"type": "array", "items": {"type": "string", "maxLength": 100}, "maxItems": max_items}


# The judge's reply as a JSON schema (structured outputs; keys in the order of JUDGE_PROMPT's example: the scores
# come first, so a reply cut off by the token limit still carries them).
JUDGE_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "required": ["grounding_score", "completeness_score", "accuracy_score", "missing_info", "improvement_suggestions",
                 "safety_concerns", "rewritten_query"],
    "properties": {"grounding_score": {"type": "number"}, "completeness_score": {"type": "number"},
                   "accuracy_score": {"type": "number"}, "missing_info": _list(), "improvement_suggestions": _list(),
                   "safety_concerns": _list(), "rewritten_query": {"type": "string", "maxLength": 200}},
}

JSON_REPAIR = ("Your previous reply was not a valid JSON object with the required keys ({problem}). Reply again "
               "with only the JSON object.")

REWRITE_SYSTEM = "You rewrite medical search queries. Reply with the query only."

REWRITE_PROMPT = """Rewrite the search query so that it finds the missing information.
Original question: {question}
Missing information: {missing}
Patient profile: {profile}
Write one or two short sentences in the language of the original question, with precise medical keywords."""

TRANSLATE_SYSTEM = ("You translate Korean medical questions into English search queries. Reply with the English "
                    "query only: precise medical terms, drug and disease names in their English spelling.")

# Evaluation judges (`eval run` with a language model): faithfulness per cited sentence, and RAGAS-style answer
# relevance (the questions an answer answers).
FAITHFULNESS_SYSTEM = ("You check medical answers against evidence. For each numbered CLAIM decide whether its "
                       "EVIDENCE states or directly implies it. Reply with JSON only: {\"supported\": [true|false, ...]} "
                       "in claim order.")


def faithfulness_schema(claims: int) -> dict:
    """Exactly one verdict per claim (a grammar-constrained model cannot give more or fewer)."""
    verdicts = {"type": "array", "items": {"type": "boolean"}, "minItems": claims, "maxItems": claims}
    return {"type": "object", "additionalProperties": False, "required": ["supported"],
            "properties": {"supported": verdicts}}


RELEVANCE_SYSTEM = ("You read an answer from a medical assistant and write the questions it answers. Reply with JSON "
                    'only: {"questions": ["..."], "noncommittal": false}. noncommittal is true when the answer evades '
                    "or says it cannot answer.")

RELEVANCE_PROMPT = "Write {n} different questions, in {language}, that this answer answers.\n\nANSWER:\n{answer}"


def relevance_schema(questions: int) -> dict:
    return {"type": "object", "additionalProperties": False, "required": ["questions", "noncommittal"],
            "properties": {"questions": {"type": "array", "items": {"type": "string", "maxLength": 300},
                                         "minItems": 1, "maxItems": questions},
                           "noncommittal": {"type": "boolean"}}}
