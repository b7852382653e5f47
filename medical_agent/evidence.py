"""Evidence: one record for a passage the agent retrieved, shows, cites and judges its answer against.

Retrieval returns it, the prompt, the extractive generator, the judges and the loop guards read it, and a
citation is one of it with a number. Document pages (a PDF's page and element category) and web results will
fill the same fields (``source``, ``url``, ``metadata``) rather than add a shape of their own. In the
checkpointed graph state and in JSON output it travels as :meth:`Evidence.to_dict` (plain JSON).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

CITATION_KEYS = ("doc_id", "chunk_id", "title", "url")


@dataclass(frozen=True)
class Evidence:
    chunk_id: str
    doc_id: str
    title: str
    text: str
    score: float = 0.0
    rank: int = 0
    lang: str = ""
    url: str = ""
    topic: str = ""
    source: str = ""
    bm25_rank: int | None = None
    dense_rank: int | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Evidence:
        """From :meth:`to_dict`'s form (unknown keys are ignored, missing optional ones take defaults)."""
        return cls(**{k: record[k] for k in _FIELDS if k in record})

    @classmethod
    def many(cls, records: Iterable[Mapping[str, Any] | Evidence] | None) -> list[Evidence]:
        return [r if isinstance(r, Evidence) else cls.from_dict(r) for r in records or ()]

    def citation(self, n: int) -> dict[str, Any]:
        """What an answer's ``[n]`` refers to, as the chat JSON's ``citations`` entries carry it (a document's
        passage adds its page and element category; other passages carry ``None`` there)."""
        return {"n": n, **{k: getattr(self, k) for k in CITATION_KEYS}, "source": self.source, **self.location()}

    def location(self) -> dict[str, Any]:
        """Where in its document the passage is: ``{"page": int | None, "category": str | None}``."""
        page = self.metadata.get("page")
        return {"page": page if isinstance(page, int) else None, "category": self.metadata.get("category") or None}

    @property
    def review_label(self) -> str:
        """"clinician-verified" / "corrected by a clinician" for a reviewed passage (retrieval.trust), else ""."""
        status = (self.metadata.get("review") or {}).get("status")
        return {"verified": "clinician-verified", "corrected": "corrected by a clinician"}.get(status, "")

    def heading(self, n: int) -> str:
        """How the prompt introduces passage ``n``: its number, a reviewed passage's label, its title."""
        label = self.review_label
        return f"[{n}] " + (f"({label}) " if label else "") + self.title

    @property
    def passage(self) -> str:
        """Title and text, as a reader (or a lexical check) sees the passage."""
        return f"{self.title} {self.text}"


_FIELDS = tuple(f.name for f in fields(Evidence))
