"""The parts every answer gets whatever produced it: emergency line first, profile-aware safety notes,
the offline-mode label when extractive, and the information-not-diagnosis disclaimer last."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..prompts import DISCLAIMER, OFFLINE_HEADINGS, OFFLINE_LABEL
from ..red_flags import EMERGENCY, SUICIDE_LINE, with_emergency_line
from ..text import detect_language, split_sentences

SAFETY_HEADING = {"ko": "**안전 참고 (내 정보 기준)**", "en": "**Safety notes for you**"}


_PIECE = re.compile(r"[^.!?。\n]+(?:[.!?。]+(?:\s*\[[\d,\s]+\])*|\n|$)")
_MARKERS = re.compile(r"\[[\d,\s]+\]")
MIN_LOOP_CHARS = 15


def tail(lang: str, notes: Sequence[str], offline: bool, answer_so_far: str = "") -> str:
    """Text appended after the generated body."""
    lang = "ko" if lang == "ko" else "en"
    parts = []
    fresh = [n for n in notes if n not in answer_so_far]
    if fresh:
        parts.append("\n".join([SAFETY_HEADING[lang], *[f"- {n}" for n in fresh]]))
    if offline:
        parts.append(OFFLINE_LABEL[lang])
    if DISCLAIMER[lang] not in answer_so_far:
        parts.append(DISCLAIMER[lang])
    return ("\n\n" + "\n\n".join(parts)) if parts else ""


# A model's answer is followed by what its sources add (generation.extractive.source_points) under this heading.
SOURCES_HEADING = {"ko": "**자료에서 더 알아둘 점**", "en": "**More from my sources**"}
REVIEW_HEADING = {"ko": "**검토에서 확인된 주의점**", "en": "**Points to check, from the review of this answer**"}


# What makes a verifier's note a safety concern worth showing: harm words, in either language (the small model's
# "concerns" were mostly remarks on the answer: "The answer does not mention the specific medication…").
SAFETY_WORDS = re.compile(r"bleed|overdose|emergenc|pregnan|interact|danger|harm|toxic|allerg|kidney|liver|dose|"
                          r"contraindicat|do not|don't|stop|avoid|risk|출혈|과다|응급|임신|상호\s*작용|위험|독성|알레르기|"
                          r"신장|콩팥|간\s|용량|금기|중단|피해|주의", re.I)


# A small model's note that drifts into another script mid-sentence ("… consult a healthcare professional if您") is
# not shown: Han, kana, Cyrillic or Arabic letters never belong in a Korean or English note.
FOREIGN_SCRIPT = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u0400-\u04ff\u0600-\u06ff]")


def real_concerns(concerns: Sequence[str], lang: str) -> list[str]:
    """The verifier's concerns a person should read: about harm, and written in the person's language (the rest
    stay in the refine log)."""
    key = "ko" if lang == "ko" else "en"
    return [c for c in dict.fromkeys(concerns) if c and SAFETY_WORDS.search(c) and detect_language(c) == key and
            not FOREIGN_SCRIPT.search(c)]


def with_review_concerns(answer: str, concerns: Sequence[str], lang: str) -> str:
    """The verifier's real safety concerns (:func:`real_concerns`), shown to the person before the disclaimer."""
    lang = "ko" if lang == "ko" else "en"
    fresh = [c for c in real_concerns(concerns, lang) if c not in answer]
    if not fresh:
        return answer
    block = "\n".join([REVIEW_HEADING[lang], *[f"- {c}" for c in fresh]])
    if DISCLAIMER[lang] in answer:
        head, _, _ = answer.rpartition(DISCLAIMER[lang])
        return f"{head.rstrip()}\n\n{block}\n\n{DISCLAIMER[lang]}"
    return f"{answer.rstrip()}\n\n{block}"


DOUBT_LINES = {
    "ko": {"implausible": "확인이 필요해요: '{text}'은(는) 가능한 범위({range})를 벗어난 값이라 저장하지 않았어요. 값을 다시 "
                          "알려 주시겠어요?",
           "impossible": "확인이 필요해요: '{text}'은(는) 가능한 값이 아니라서 저장하지 않았어요. 다시 알려 주시겠어요?",
           "contradiction": "확인이 필요해요: '{text}'이(가) 서로 맞지 않아 어느 쪽도 저장하지 않았어요. 어느 쪽이 맞는지 "
                            "알려 주시겠어요?",
           "conflict": "확인이 필요해요: 전에 '{stored}'(이)라고 하셨는데 이번에는 '{text}'(이)라고 하셔서 저장하지 "
                       "않았어요. 어느 쪽이 맞나요?"},
    "en": {"implausible": "Please check: '{text}' is outside the possible range ({range}), so I did not save it. "
                          "Could you check the value?",
           "impossible": "Please check: '{text}' is not a possible value, so I did not save it. Could you check it?",
           "contradiction": "Please check: '{text}' contradict each other, so I saved neither. Which one is right?",
           "conflict": "Please check: you told me '{stored}' before and '{text}' now, so I did not save it. "
                       "Which one is right?"},
}
STORED_WORDS = {"ko": {"male": "남성", "pregnancy": "임신 중", "female": "여성"},
                "en": {"male": "male", "pregnancy": "pregnant", "female": "female"}}


def doubt_line(doubt: dict[str, Any], lang: str) -> str:
    lang = "ko" if lang == "ko" else "en"
    kind = doubt.get("kind", "implausible")
    if kind == "implausible" and not doubt.get("range"):
        kind = "impossible"
    words = STORED_WORDS[lang]
    low, high = (doubt.get("range") or [None, None])[:2]
    fmt = {"text": words.get(str(doubt.get("text")), doubt.get("text", "")),
           "stored": words.get(str(doubt.get("stored")), doubt.get("stored", "")),
           "range": f"{low:g}–{high:g} {doubt.get('unit', '')}".strip() if low is not None else ""}
    return DOUBT_LINES[lang][kind].format(**fmt)


def with_doubts(answer: str, doubts: Sequence[dict[str, Any]], lang: str) -> str:
    """One line per value or fact that was not stored because it cannot be true, first in the reply (after an
    emergency line, which the caller puts back in front)."""
    lines = list(dict.fromkeys(doubt_line(d, lang) for d in doubts))
    return "\n".join([*lines, "", answer]) if lines else answer


# A Korean particle or ending left alone at the start, cut from the words the model meant to go before it: "은, 혈압약을
# 안 먹어도 혈압이 떨어질 수 있습니다" (the local model, blind pairwise review), "은 물론요, …". A particle that can
# also open a sentence (이 약은 …, 가 …) only with a comma or stop after it.
ORPHAN_OPENING = re.compile(r"^\s*(?:(?:은|는|이|가|을|를|도|요|면|고|의|에|로|으로|와|과|이나|나|에는|에서)\s*[,，.]|"
                            r"(?:은|는|을|를|의|으로|에는|에서)\s)\s*")


def tidy_opening(text: str) -> str:
    """``text`` without an orphaned particle opening it."""
    return ORPHAN_OPENING.sub("", text, count=1)


def cut_loop(text: str) -> str:
    """A small model's degenerate loop — the same sentences again and again until the token cap — cut where a
    sentence first comes back verbatim (citation markers and spacing aside). Short pieces (list labels, "예.")
    may repeat and are kept."""
    seen: set[str] = set()
    for piece in _PIECE.finditer(text):
        key = " ".join(_MARKERS.sub("", piece.group()).split())
        if len(key) < MIN_LOOP_CHARS:
            continue
        if key in seen:
            return text[: piece.start()].rstrip()
        seen.add(key)
    return text


def body_of(answer: str) -> str:
    """The generated part of an answer: after the emergency line and before what the sources add and the parts
    :func:`tail` appends (the safety notes, the disclaimer). The verifier judges this part only."""
    for line in (*EMERGENCY.values(), *SUICIDE_LINE.values()):
        if answer.startswith(line):
            answer = answer[len(line):].lstrip("\n")
    cut = len(answer)
    for mark in (*SOURCES_HEADING.values(), *SAFETY_HEADING.values(), *DISCLAIMER.values()):
        if (at := answer.find(mark)) >= 0:
            cut = min(cut, at)
    return answer[:cut]


def finalize(body: str, lang: str, notes: Sequence[str], offline: bool, red_flag: dict | None) -> str:
    return with_emergency_line(body.strip() + tail(lang, notes, offline, body), red_flag)


# A reply that says the sources lack something ("제공된 자료에는 해당 정보가 없습니다"): the verifier's non-answer check
# (verify.non_answer) and :func:`only_says_sources_lack` read it.
LACKS = re.compile(r"(?:제공된|주어진|위의?)\s*(?:자료|근거|문서)(?:에는|에서는|에)\s*[^.]{0,40}?(?:없습니다|없어요|나와\s*있지\s*않|"
                   r"찾을\s*수\s*없)|(?:the\s+)?(?:provided\s+)?(?:documents?|evidence|sources?|passages?)\s+(?:do(?:es)?\s+not|don'?t)"
                   r"\s+(?:contain|cover|mention|include|say|provide)|no\s+information\s+(?:about|on)\b", re.I)


def only_says_sources_lack(body: str) -> bool:
    """The whole reply is "the sources do not have it": with no passage searched (a statement of facts, a red flag
    told as a story) the answer task's fallback sentence is all a small model wrote (a third blind visitor set:
    "요즘 … 다 끝내고 싶다는 생각만 들어요" got "제공된 자료에는 해당 정보가 없습니다")."""
    sentences = [s for s in split_sentences(_MARKERS.sub(" ", body)) if s.strip(" .")]
    return bool(sentences) and all(LACKS.search(s) for s in sentences)


def without_lack_sentences(body: str) -> str:
    """A labelled general answer (no passage kept) without its "the evidence does not cover this" sentences: the label
    above it says so already, and a small model's copy of it is not an answer (the fifth blind round: "The evidence
    does not cover this question." was the first of two sentences). Empty when nothing else is left."""
    sentences = split_sentences(body)
    kept = [s for s in sentences if not LACKS.search(_MARKERS.sub(" ", s))]
    return body if len(kept) == len(sentences) else " ".join(kept)


def greeting(lang: str, summary: str, profile_updated: bool) -> str:
    heads = OFFLINE_HEADINGS["ko" if lang == "ko" else "en"]
    text = heads["greeting"]
    if profile_updated and summary:
        text += "\n\n" + heads["noted"].format(summary=summary)
    return text


GAP_NOTE = {"ko": "제 자료(지식 베이스)에는 '{name}'에 대한 내용이 없습니다. 위 답은 관련된 일반 정보일 뿐이니 {name}에 대해서는 "
                  "약사나 의사에게 확인하세요. ({web})",
            "en": "My sources have nothing on '{name}'. The answer above is general information only: please check "
                  "{name} with a pharmacist or doctor. ({web})"}
WEB_STATE = {"ko": {False: "웹 검색은 설정되어 있지 않습니다.", True: "허용된 의료 사이트의 웹 검색에서도 찾지 못했습니다."},
             "en": {False: "Web search is not configured.", True: "Web search of the allowed medical sites found nothing either."}}


def gap_notes(names: Sequence[str], lang: str, web_searched: bool = False) -> list[str]:
    """One line per medicine or condition the question names and no passage covers (retrieval.coverage), saying
    whether the web fallback ran."""
    key = "ko" if lang == "ko" else "en"
    return [GAP_NOTE[key].format(name=n, web=WEB_STATE[key][web_searched]) for n in names]
