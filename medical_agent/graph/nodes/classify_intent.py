"""Node 2 — active retrieval (seed 002 §3.4.2) and red-flag triage.

Stage 1 rules: greetings and acknowledgements need no retrieval. Stage 2: the number of medical concepts and
values in the message and its length give simple / moderate / complex → k = 3 / 8 / 15. Stage 3 (no concepts):
question-like messages retrieve by length, chit-chat does not. A message that carries profile facts (65세
남성) goes through extraction and memory even when nothing is retrieved. Triage runs first, always.
"""

from __future__ import annotations

import re

from ...context.extraction.morphology import morphemes
from ...context.extraction.rules_demographics import find_demographics
from ...context.extraction.rules_measurements import find_measurements
from ...context.followup import Resolution, resolve
from ...red_flags import triage
from ...retrieval.llm_planning import LlmPlan, ask_plan
from ...retrieval.planning import split_parts
from ...text import has_hangul
from ..deps import Deps
from ..state import AgentState
from ..turn import TurnContext
from .common import language

GREETING = re.compile(r"^\s*(?:안녕|반갑|처음\s*뵙|hello\b|hi\b|hey\b|good\s+(?:morning|afternoon|evening))", re.I)
ACK = re.compile(r"^\s*(?:네|예|응|알겠|알았|감사|고마|고맙|좋아요|ok(?:ay)?\b|thanks?\b|thank\s+you|got\s+it|yes\b|sure\b)",
                 re.I)
FACTUAL = re.compile(r"\?|뭐|(?<![가-힣])머(?![가-힣])|(?<![가-힣])머(?:에요|예요|야|지|죠|임|여)|차이|무엇|어떻|어떤|왜|어디|언제|누구|까요|나요|는지|ㄹ까|할까|되나|인가|궁금|알려|설명|"
                     r"\b(?:what|how|why|where|when|who|which|can|could|should|is|are|does|do|will|tell|explain|"
                     r"whats|hows|wats|difference|differences|versus|vs)\b|"     # typed without an apostrophe
                     # a sentence left for the reader to finish ("Ectoderm gives rise to", "Fast-twitch fibres
                     # contain:", "… all of the following EXCEPT"), or an instruction to name or list: the MMLU-Med
                     # run at daf4124 answered eight such with the greeting or "I have noted what you told me"; the
                     # options of a multiple-choice question may follow the stem (the run at 05cc6bc still greeted
                     # all eight)
                     r"(?::|\b(?:to|of|by|from|into|as|contains?|includes?|requires?|than|EXCEPT))\s*(?:$|\n\s*[A-E][.)]\s)|"
                     r"^\s*(?:name|list)\s+(?:\d+|one|two|three|four|five|six|the|all|some)\b|^\s*(?:describe|define)\b",
                     re.I)
K_FIXED = 8
# A query typed as keywords, the way people type into a search box: "키크고 마른 20대 기흉 재발률", "bp 185/120 no
# symptoms take extra pill", "blood orange margarita recipe" (gate questions_test23, blind first run): a few words,
# none about the speaker, no greeting or chit-chat, and words left once readings and demographics are taken out. They
# got the greeting and no search at all; now they are searched, and the gate says whether the sources cover them.
SPEAKER = re.compile(r"\b(?:I|I'm|I've|im|ive|my|me|we|our)\b|저는|제가|나는|내가|저도|저희|(?<![가-힣])제\s", re.I)
CHITCHAT = re.compile(r"\b(?:bye|good\s*night|see\s+you|lol|haha)\b|ㅋㅋ|ㅎㅎ|수고|좋은\s*(?:하루|아침|밤|주말)|잘\s*(?:자|가)",
                      re.I)
WORD = re.compile(r"[^\W\d_]{2,}")
# a report, not a query: when it happened ("BP 130/80 this morning", "어제 혈당 250"), or a past tense ("walked 5 km")
REPORTED = re.compile(r"\b(?:today|yesterday|tonight|this\s+(?:morning|evening|afternoon|week)|last\s+(?:night|week)|"
                      r"\w{3,}ed)\b|오늘|어제|아침에|저녁에|방금", re.I)


def keyword_query(text: str, facts: list[tuple[int, int]]) -> bool:
    """``text`` reads as a keyword query (see :data:`SPEAKER`); ``facts``: the spans of its readings and
    demographics, which alone make a statement ("65세 남성", "BP 130/80"). Korean that ends in a predicate ("좋은 하루
    되세요", "운동 시작했어요") says something; a query ends in a noun."""
    if not 2 <= len(text.split()) <= 8 or SPEAKER.search(text) or CHITCHAT.search(text) or REPORTED.search(text):
        return False
    if has_hangul(text):
        tags = [m.tag for m in morphemes(text) if not m.tag.startswith(("SF", "SP", "SS", "SE", "SO", "SW"))]
        if tags and tags[-1].startswith(("E", "V", "J")) and tags[-1] != "ETN":      # "실내묘 구충제 주기": -기 names it
            return False
    rest = "".join(" " if any(s <= i < e for s, e in facts) else c for i, c in enumerate(text))
    return len(WORD.findall(rest)) >= 2


def complexity(concepts: int, length: int, lang: str) -> tuple[str, int]:
    """The seed's thresholds (Korean characters); English text is about twice as long for the same content."""
    n = length if lang == "ko" else length // 2
    if concepts == 0 and n <= 15 or concepts <= 1 and n <= 30:
        return "simple", 3
    if concepts <= 3 and n <= 60:
        return "moderate", 8
    return "complex", 15


def classify_intent(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    """The retrieval decision (:func:`decide`) and seed 004's route: simple (nothing to retrieve), rag_required, or
    history_required — a follow-up ("그 약을 계속 먹어도 되나요?") resolved into a standalone question that retrieval and
    the answer cache read instead of the message."""
    out = decide(state, turn, deps)
    if not out.get("needs_retrieval"):
        return {**out, "route": "simple", "followup": None, "llm_plan": None}
    text, history = state["user_text"], state.get("conversation_history") or []
    found = resolve(text, history, deps.linker.link,
                    (lambda: deps.profiles.get(turn.user_id)) if turn.structured_memory else None)
    if wants_llm_plan(state, turn, deps, out, found):
        lang = out["language"]
        profile = deps.profiles.summary(turn.user_id, lang) if turn.structured_memory else ""
        asked = ask_plan(deps.llm, text, history, profile, lang)
        if asked.value is not None:
            return {**route_from_plan(state, turn, deps, out, asked.value, bool(history or profile)),
                    "llm_calls": asked.records, "llm_plan": asked.value.to_dict()}
        out = {**out, "llm_calls": asked.records}    # the failed call still counts; the rules decide
    if found is None:
        return {**out, "route": "rag_required", "followup": None, "llm_plan": None}
    return {**as_followup(state, turn, deps, out, found.to_dict()), "llm_plan": None}


def as_followup(state: AgentState, turn: TurnContext, deps: Deps, out: AgentState, followup: dict[str, str]
                ) -> AgentState:
    """The history_required route: retrieval and the cache read the standalone question, and how deep to search is
    judged on it ("그 약을 먹는 동안 이부프로펜을…" asks about two medicines)."""
    standalone = followup["standalone"]
    depth = decide({**state, "user_text": standalone}, turn, deps)
    return {**out, "dynamic_k": max(out["dynamic_k"], depth["dynamic_k"]),
            "query_complexity": depth["query_complexity"], "route": "history_required", "followup": followup,
            "query_for_retrieval": standalone, "standalone_question": standalone}


def wants_llm_plan(state: AgentState, turn: TurnContext, deps: Deps, out: AgentState,
                   found: Resolution | None) -> bool:
    """``planner: llm`` with a model: a turn that may be a follow-up (a conversation or a pointing phrase) or has
    more than a simple question is planned by the model; a simple first question costs no call."""
    if deps.settings.retrieval.planner != "llm" or deps.llm is None or not turn.flags.planning_enabled:
        return False
    return bool(state.get("conversation_history")) or found is not None or out["query_complexity"] != "simple" \
        or len(split_parts(state["user_text"])) > 1


def route_from_plan(state: AgentState, turn: TurnContext, deps: Deps, out: AgentState, plan: LlmPlan,
                    earlier: bool) -> AgentState:
    """The model's route (retrieval.llm_planning). "simple" stands only for a message without a medical concept;
    history_required only where there is something ``earlier`` to point back to (a conversation or a profile)."""
    if plan.route == "simple" and not deps.linker.link(state["user_text"]) and out["red_flag"] is None:
        return {**out, "route": "simple", "followup": None, "needs_retrieval": False, "dynamic_k": 0,
                "query_complexity": "llm_simple"}
    if plan.route != "history_required" or not earlier:
        return {**out, "route": "rag_required", "followup": None}
    followup = {"phrase": "", "kind": "", "referent": "", "source": "llm", "standalone": plan.standalone}
    return as_followup(state, turn, deps, out, followup)


def decide(state: AgentState, turn: TurnContext, deps: Deps) -> AgentState:
    text, lang = state["user_text"], language(state)
    flag = triage(text, lang)
    out: AgentState = {"language": lang, "red_flag": flag.__dict__ if flag else None, "query_for_retrieval": text,
                       # an emergency told as a story asks what to do: not a statement to acknowledge
                       "question_asked": bool(FACTUAL.search(text)) or flag is not None}
    if turn.llm_mode:
        return {**out, "needs_retrieval": False, "update_profile": False, "dynamic_k": 0, "query_complexity": "llm_mode"}
    mentions = deps.extractor.mentions(text)
    said = [(m.start, m.end) for m in find_measurements(text)] + [(h.start, h.end) for h in find_demographics(text)]
    facts = len(mentions) + len(said)
    out["update_profile"] = facts > 0
    keywords = not mentions and not out["question_asked"] and keyword_query(text, said)
    if not turn.flags.active_retrieval_enabled:
        return {**out, "needs_retrieval": True, "dynamic_k": K_FIXED, "query_complexity": "fixed"}
    short = len(text.strip()) <= (20 if lang == "ko" else 40)
    if (GREETING.search(text) or ACK.search(text) and short) and not FACTUAL.search(text) and flag is None:
        return {**out, "needs_retrieval": False, "dynamic_k": 0, "query_complexity": "greeting"}
    if mentions:
        label, k = complexity(len(mentions) + len(find_measurements(text)), len(text), lang)
        if flag is not None:
            label, k = "complex", max(k, 8)
        return {**out, "needs_retrieval": True, "dynamic_k": k, "query_complexity": label}
    if FACTUAL.search(text) or flag is not None or keywords:
        n = len(text) if lang == "ko" else len(text) // 2
        k = 3 if n < 20 else 8 if n < 50 else 15
        return {**out, "needs_retrieval": True, "dynamic_k": k, "query_complexity": "content",
                "question_asked": out["question_asked"] or keywords}
    return {**out, "needs_retrieval": False, "dynamic_k": 0, "query_complexity": "non_factual"}
