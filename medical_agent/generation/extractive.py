"""Offline mode's answer generator: no LLM, so it extracts. It ranks the evidence by overlap with the question (and
its concept/intent expansion), prefers the question's language and higher-ranked documents, and lays the pieces out
under short headings with [n] citations; caution sentences get their own heading.

What it quotes must read on its own (issue 32: offline answers read as fragments):
- a passage is cut into units: sentences, a list (bullet or numbered lines: a procedure is quoted whole, never
  one step of it) and a table (rendered as a small table, not "a | b | c" pasted raw);
- a sentence that points back ("이런 증상이 있으면…", "These signs…", or only gives the reason: "…기 때문입니다") brings
  the sentence it points to, and one that announces what follows ("…기준은 다음과 같습니다", "…as follows:") brings
  what follows;
- a statement of facts gets what was noted and at most the two most relevant cautions, not a dump of passages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..evidence import Evidence
from ..prompts import OFFLINE_HEADINGS
from ..text import split_sentences

CAUTION = re.compile(r"주의|경고|금기|피하|피해야|응급|119|하면 안|되지 않|상의하|사용하지 않|쓰지 않|중단하|위험이 (?:커|높)|"
                     r"should not|do not|don't|avoid|warning|emergency|call (?:your|911)|seek (?:medical|care|help)|"
                     r"contraindicat|talk to your|not (?:be )?used|stop taking|increases? the risk", re.I)
BULLET = re.compile(r"^\s*(?:[-•*·▪◦]|\d{1,2}[.)]|[①-⑳])\s+")
TABLE_ROW = re.compile(r"\S\s\|\s\S")
TABLE_TITLE = re.compile(r"^(?:Table|표)\s*\d+[.:]?\s", re.I)
BACK = re.compile(r"^(?:이런|이러한|이와\s*같은|그런|그러한|이\s*경우|이때|이럴\s*때|이들|이것|그래서|따라서|또한|하지만|그러나|"
                  r"(?:these|this|those|such|they|it|both|either|that|however|also|so|therefore)\b)", re.I)
# A Korean sentence that only gives the reason for the one before: "빠르게 탈수되어 신장이 손상될 수 있기 때문입니다" (the
# eleventh blind round quoted it alone, after a sentence about warfarin); one with its own topic ("당뇨는 …") reads alone
EXPLAINS = re.compile(r"때문(?:입니다|이에요|이다|이죠|이랍니다)[.!。]?\s*$")
OWN_TOPIC = re.compile(r"[가-힣](?:은|는)\s")
AHEAD = re.compile(r"(?:다음과\s*같|아래와\s*같|다음\s*(?:을|를|의)|as\s+follows|the\s+following|include:?$|:\s*$|"
                   # "Some signs of depression need urgent help." / "우울증의 어떤 신호는 즉시 도움이 필요합니다." opening a
                   # passage: which signs is the next sentence (the thirteenth blind round quoted it alone)
                   r"^(?:some|certain)\s+(?:signs?|symptoms?|kinds?|types?|cases?)\b|(?:^|의\s)(?:어떤|일부|몇몇)\s*(?:신호|증상|경우))",
                   re.I)
# A question about taking two things together ("is that combo risky?", "같이 먹어도 돼요?", a drink with a medicine):
# the sentence that speaks of combining them answers it. The thirteenth blind round quoted the sleeping-pill passage's
# falls and dependence under "ambien … a glass or two of wine … is that combo risky?", not its "Combining any sleep
# medicine with alcohol or opioids is dangerous", which shares no word with the question.
COMBINED_Q = re.compile(r"\bcombo\b|\bcombin\w*|\btogether\b|\bmix\w*|\bwith\s+(?:my|his|her|the|a|an)\b|\bon\s+top\s+of\b|"
                        r"\binteract\w*|같이|함께|병용|섞|상호작용", re.I)
COMBINING_S = re.compile(r"combin\w*|together|interact\w*|(?:taken|used|mixed)\s+with|\bwith\s+alcohol|병용|함께|같이|상호작용|섞",
                         re.I)
DRINK_Q = re.compile(r"\b(?:wine|beers?|pints?|drinks?|drinking|booze|alcohol|liquor|vodka|whiske?y|spirits|cocktails?)\b|"
                     r"술|소주|맥주|와인|막걸리|음주|폭음", re.I)
DRINK_WORDS = "alcohol 술 음주"          # what the passages call it
COMBINED_BONUS = 0.3       # (0.5 put "ACE 억제제와 ARB는 보통 함께 쓰지 않고" over the ARB's potassium caution under a
                           # question on a potassium supplement with valsartan)
KEY_UNITS, CAUTION_UNITS, DOCS_USED, LIST_ITEMS = 4, 2, 5, 8
# A unit's score: its overlap with the question (each word weighed by its rarity ** WEIGHT_POWER, when the caller
# knows the rarity), + RANK_PULL / its passage's rank. Chosen over the team's visitor notes (what a good answer says;
# visitor_dev..test12, English): the note's words the quoted lines hold 0.439 with plain overlap, 0.4 / rank and
# 0.02 per position; 0.463 with these; visitor_test13..17 0.438 → 0.452. No pull towards a passage's first sentences:
# a detail the question asks ("gallbladder problems", a frail person's looser target) sits in its middle.
RANK_PULL, POS_PULL, WEIGHT_POWER = 0.8, 0.0, 1.5
STATEMENT_CAUTIONS = 2
ADDED_KEY, ADDED_CAUTIONS, SAID_SHARE = 2, 1, 0.6      # source_points: what a model's answer gets from its sources


@dataclass
class Unit:
    rank: int          # the passage's number (its [n])
    pos: int           # position in the passage
    kind: str          # sentence | list | table
    lines: list[str]
    caption: str = ""  # a table's "Table 1." / "표 1." line

    @property
    def text(self) -> str:
        return " ".join(self.lines)


def units(text: str, rank: int) -> list[Unit]:
    """A passage as sentences, lists (consecutive bullet or numbered lines) and tables (consecutive "a | b" rows)."""
    out: list[Unit] = []
    caption = ""
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        kind = "list" if BULLET.match(line) else "table" if TABLE_ROW.search(line) else "sentence"
        if kind == "sentence" and TABLE_TITLE.match(line):
            caption = line                               # the title of the table that follows
            continue
        if kind != "sentence" and out and out[-1].kind == kind:
            out[-1].lines.append(line)
        elif kind != "sentence":
            out.append(Unit(rank, len(out), kind, [line], caption if kind == "table" else ""))
        else:
            out += [Unit(rank, len(out) + k, "sentence", [s]) for k, s in enumerate(split_sentences(line))
                    if len(s) > 15]
        caption = "" if kind != "sentence" else caption
    for n, unit in enumerate(out):
        unit.pos = n
    return out


def _with_referents(chosen: Unit, passage: list[Unit]) -> list[Unit]:
    """The unit with what it refers to: the sentence before a backward reference, what follows an announcement.
    A backward reference at the start of a passage has nothing to bring: it is left out."""
    if chosen.kind != "sentence":
        return [chosen]
    if AHEAD.search(chosen.text) and chosen.pos + 1 < len(passage):
        return [chosen, passage[chosen.pos + 1]]
    if BACK.match(chosen.text) or (EXPLAINS.search(chosen.text) and not OWN_TOPIC.search(chosen.text)):
        return [passage[chosen.pos - 1], chosen] if chosen.pos > 0 else []
    return [chosen]


def render(unit: Unit) -> list[str]:
    """Markdown lines of a unit, its [n] at the end."""
    cite = f"[{unit.rank}]"
    if unit.kind == "list":
        items = [BULLET.sub("", line) for line in unit.lines[:LIST_ITEMS]]
        return [f"- {item}" for item in items[:-1]] + [f"- {items[-1]} {cite}"]
    if unit.kind == "table":
        rows = [[c.strip() for c in line.strip("|").split("|")] for line in unit.lines]
        width = max(len(r) for r in rows)
        rows = [r + [""] * (width - len(r)) for r in rows]
        table = [f"| {' | '.join(rows[0])} |", "|" + "---|" * width, *[f"| {' | '.join(r)} |" for r in rows[1:]]]
        return ["", *([f"**{unit.caption}**"] if unit.caption else []), *table, cite, ""]
    return [f"- {unit.text} {cite}"]


def extractive_answer(question: str, docs: Sequence[Evidence], lang: str, tokenize: Callable[[str], list[str]],
                      expansion_terms: Sequence[str] = (), profile_summary: str = "", statement: bool = False,
                      weigh: Callable[[str], float] | None = None) -> str:
    """The extractive answer; ``statement`` (the message told facts and asked nothing): what was noted and at most
    the two most relevant cautions."""
    heads = OFFLINE_HEADINGS["ko" if lang == "ko" else "en"]
    if not docs:
        return heads["noted"].format(summary=profile_summary) if statement and profile_summary else heads["none"]
    scored, passages = _ranked(question, docs, lang, tokenize, expansion_terms, weigh)
    cautions = [u for u in scored if CAUTION.search(u.text)]
    if statement:
        parts = [heads["noted"].format(summary=profile_summary)] if profile_summary else []
        picked = _pick(cautions, passages, STATEMENT_CAUTIONS)
        return "\n".join([*parts, *(["", heads["caution"], *_lines(picked)] if picked else [])]).strip()
    key = _pick([u for u in scored if not CAUTION.search(u.text)], passages, KEY_UNITS)
    if len(key) < 2:
        key = _pick(scored, passages, KEY_UNITS)
    caution = _pick(cautions, passages, CAUTION_UNITS, taken=key)
    lines = [heads["key"], *_lines(key)]
    if caution:
        lines += ["", heads["caution"], *_lines(caution)]
    if profile_summary:
        lines += ["", heads["personal"], "- " + heads["profile_line"].format(summary=profile_summary)]
    return "\n".join(lines)


def _ranked(question: str, docs: Sequence[Evidence], lang: str, tokenize: Callable[[str], list[str]],
            expansion_terms: Sequence[str], weigh: Callable[[str], float] | None = None
            ) -> tuple[list[Unit], dict[int, list[Unit]]]:
    """The units of the first passages, best first (overlap with the question and its expansion, each word weighed by
    ``weigh``; the question's language; the passage's rank), and the passages as units."""
    query = set(tokenize(question))
    for term in expansion_terms:
        query.update(tokenize(term))
    if drink := bool(DRINK_Q.search(question)):
        query.update(tokenize(DRINK_WORDS))
    combined = bool(COMBINED_Q.search(question))
    weights = _weights(query, weigh)
    passages = {rank: units(doc.text, rank) for rank, doc in enumerate(docs[:DOCS_USED], start=1)}
    scored = []
    for rank, passage in passages.items():
        same_lang = (docs[rank - 1].lang or lang) == lang
        for unit in passage:
            tokens = set(tokenize(unit.text))
            shared = query & tokens
            overlap = sum(weights.get(t, 1.0) for t in shared) / (len(tokens) ** 0.5 + 1.0)
            bonus = COMBINED_BONUS if combined and COMBINING_S.search(unit.text) and (
                len(shared) >= 2 or (drink and DRINK_Q.search(unit.text))) else 0.0
            scored.append((overlap + bonus + RANK_PULL / rank + (0.5 if same_lang else 0.0) - POS_PULL * unit.pos,
                           unit))
    scored.sort(key=lambda x: -x[0])
    same = [s for s in scored if (docs[s[1].rank - 1].lang or lang) == lang]
    if len(same) >= 3:  # enough in the question's language: do not mix languages
        scored = same
    return [u for _, u in scored], passages


def _weights(query: set[str], weigh: Callable[[str], float] | None) -> dict[str, float]:
    """Each query word's weight, the query's mean being 1: a rare word (the drug, "frail", "runs") counts more than
    a common one ("take", "blood"). Without ``weigh`` every word weighs 1; one ``weigh`` does not know (0: a
    passage from an upload or another index) weighs as the mean."""
    if weigh is None:
        return {}
    raw = {t: w ** WEIGHT_POWER for t in query if (w := weigh(t)) > 0}
    mean = sum(raw.values()) / len(raw) if raw else 0.0
    return {t: w / mean for t, w in raw.items()} if mean > 0 else {}


def source_points(question: str, docs: Sequence[Evidence], lang: str, tokenize: Callable[[str], list[str]],
                  expansion_terms: Sequence[str] = (), said: str = "",
                  weigh: Callable[[str], float] | None = None) -> list[str]:
    """What the sources add to a model's short answer (issue 32: the small model answers in one sentence, without
    the practical detail its passages hold): up to :data:`ADDED_KEY` units and :data:`ADDED_CAUTIONS` caution units,
    ranked as the extractive answer ranks them, none the answer ``said`` already (most of its words in the answer).
    Rendered lines, each cited; empty when nothing is left."""
    if not docs or not any(d.text for d in docs):
        return []
    ranked, passages = _ranked(question, docs, lang, tokenize, expansion_terms, weigh)
    answer = set(tokenize(said))
    fresh = [u for u in ranked if len((words := set(tokenize(u.text))) & answer) < SAID_SHARE * max(1, len(words))]
    caution = _pick([u for u in fresh if CAUTION.search(u.text)], passages, ADDED_CAUTIONS)
    key = _pick([u for u in fresh if not CAUTION.search(u.text)], passages, ADDED_KEY, taken=caution)
    return _lines(key + caution)


def _pick(candidates: list[Unit], passages: dict[int, list[Unit]], n: int, taken: Sequence[Unit] = ()) -> list[Unit]:
    """Up to ``n`` units, best first, each with its referents (counted as one); no unit twice."""
    out: list[Unit] = []
    seen, heads = {id(u) for u in taken}, 0
    for unit in candidates:
        if heads >= n:
            break
        group = [u for u in _with_referents(unit, passages[unit.rank]) if id(u) not in seen]
        if id(unit) in seen or not any(u is unit for u in group):
            continue
        out += group
        seen.update(id(u) for u in group)
        heads += 1
    return out


def _lines(chosen: list[Unit]) -> list[str]:
    """The units in reading order (passage, then position), rendered."""
    return [line for unit in sorted(chosen, key=lambda u: (u.rank, u.pos)) for line in render(unit)]
