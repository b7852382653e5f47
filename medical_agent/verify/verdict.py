"""The verdict of one verification, and what it decides.

One record merges seed 002's CRAG judge and seed 004's hallucination check and answer grader: per-claim support,
the supported share of cited claims (seed 004's hallucination threshold 0.7, read as "at least 70 % of the cited
claims are supported"), four grades (completeness, relevance, clarity, accuracy: the answer passes with a mean
≥ 0.6 and no grade < 0.5), what is missing, safety concerns, a rewritten query, and whether the answer is in the
question's language. :meth:`Verdict.action` turns it into the next step.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .non_answer import feedback as non_answer_feedback

SUPPORTED_SHARE = 0.7       # seed 004's hallucination threshold
GRADE_MEAN, GRADE_FLOOR = 0.6, 0.5
GRADES = ("completeness", "relevance", "clarity", "accuracy")
ACTIONS = ("accept", "language", "corrective", "improve", "retrieve", "settle")   # settle: see refine.strategy


@dataclass
class Verdict:
    judge: str                                   # heuristic | llm | heuristic_fallback | ...
    quality: float                               # 0..1: the loop's quality score (stagnation guard, cache)
    claims: list[dict[str, Any]] = field(default_factory=list)   # {"text", "cites", "supported", "support"}
    grades: dict[str, float] = field(default_factory=dict)
    language_ok: bool = True
    missing_info: list[str] = field(default_factory=list)
    safety_concerns: list[str] = field(default_factory=list)
    rewritten_query: str = ""
    confident: bool = False                      # the cheap check alone may accept
    non_answer: list[str] = field(default_factory=list)          # why it does not answer (verify.non_answer)
    parts: dict[str, float] = field(default_factory=dict)        # heuristic components, for the refine log

    @property
    def supported_share(self) -> float | None:
        cited = [c for c in self.claims if c.get("cites")]
        return sum(bool(c.get("supported")) for c in cited) / len(cited) if cited else None

    @property
    def unsupported(self) -> list[str]:
        return [c["text"] for c in self.claims if c.get("cites") and not c.get("supported")]

    @property
    def table_conflict(self) -> bool:
        """A claim read a neighbouring row of a table (found without a model, and certain)."""
        return any(c.get("table_row") for c in self.claims)

    @property
    def grade_ok(self) -> bool:
        values = [self.grades[g] for g in GRADES if g in self.grades]
        return not values or (sum(values) / len(values) >= GRADE_MEAN and min(values) >= GRADE_FLOOR)

    def action(self, quality_threshold: float, can_regenerate: bool, asked: bool = True) -> str:
        """accept | language | corrective | improve | retrieve. Regenerations need a model (offline the
        extractive answer would come out the same); a weak answer that lacks information searches again. The reply
        to a statement of facts (``asked`` false) is an acknowledgement: only a wrong language is worth a call."""
        if can_regenerate and not self.language_ok:
            return "language"
        # a restated question, a title, a fragment: answer it, once. The reply to a statement may repeat its facts
        # (that is the acknowledgement), but it is never a title or empty.
        if can_regenerate and [r for r in self.non_answer if asked or r != "restates"]:
            return "improve"
        if not asked:
            return "accept"
        share = self.supported_share
        if can_regenerate and share is not None and share < SUPPORTED_SHARE:
            return "corrective"
        # an answer with nothing checkable in it ("는 아니요") is weak whatever its grades
        weak = ((not self.grade_ok if self.grades else self.quality < quality_threshold)
                or (can_regenerate and not self.claims))
        if not weak:
            return "accept"
        if self.missing_info or not can_regenerate:
            return "retrieve"
        return "improve"

    def feedback(self, kind: str) -> str:
        """What a regeneration is told (kept short: it is read by the model on top of the shared context)."""
        if kind == "improve" and self.non_answer:
            return non_answer_feedback(self.non_answer)
        if kind == "corrective":
            rows = [f"{c['text'][:120]} → ▶ {c['table_row']}" for c in self.claims if c.get("table_row")]
            return " / ".join(rows[:2] or [s[:120] for s in self.unsupported[:3]])
        weak = [g for g in GRADES if self.grades.get(g, 1.0) < GRADE_FLOOR]
        return "; ".join([*(f"{g} low" for g in weak), *self.missing_info[:2]]) or "be more complete"

    def to_log(self) -> dict[str, Any]:
        out = asdict(self)
        out["supported_share"] = self.supported_share
        return out
