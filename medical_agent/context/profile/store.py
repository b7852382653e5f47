"""ProfileStore: the person's profile as the agent uses it — merged turn by turn, weighted by age on read and
summarised for the prompt — over a :class:`~medical_agent.storage.ProfileRepository` that keeps it.

Every read and write is keyed by ``user_id``; the repository has no query that returns another person's data,
and it runs each read-merge-write as one transaction, so concurrent turns of one person lose nothing. Whatever
arrives — a turn's slots, an imported record, an edit — passes :mod:`.validation` inside that transaction, against
the profile as it is then: what no person can have is never written.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from typing import Any

from ...settings import Limits
from ...storage import ProfileRepository
from .edits import EditError, apply_edit
from .merge import merge_slots, with_weights
from .schema import PatientProfile, new_profile
from .summary import generate_summary
from .validation import Doubt, InvalidFacts, describe, new_problems, screen


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class ProfileStore:
    def __init__(self, repository: ProfileRepository, clock: Callable[[], dt.datetime] = utc_now,
                 korean_name: Callable[[str | None, str], str] | None = None, limits: Limits | None = None):
        self.repository, self.clock, self.korean_name = repository, clock, korean_name
        self.limits = limits or Limits()

    def screen(self, user_id: str, slot_out: dict[str, Any]) -> tuple[dict[str, Any], list[Doubt]]:
        """(the slots that may be stored, the doubts about the rest) against the person's stored profile: what the
        chat asks about instead of storing (``validation.screen``)."""
        _require(user_id)
        return screen(self.repository.get(user_id), slot_out, max_name_chars=self.limits.max_name_chars,
                      now=self.clock())

    def update(self, user_id: str, slot_out: dict[str, Any], timestamp: dt.datetime | None = None, *,
               whole: bool = False) -> PatientProfile:
        """Merge this turn's slots; returns the stored profile (with temporal weights). A new profile is
        stored even when the turn added nothing; an existing one only when its version moved. Facts no person can
        have are left out; with ``whole`` (an imported record) any such fact refuses all of them:
        :class:`InvalidFacts`, nothing written."""
        _require(user_id)
        when = timestamp or self.clock()
        now = when.isoformat(timespec="seconds")

        def change(current: dict[str, Any] | None) -> dict[str, Any] | None:
            slots, doubts = screen(current, slot_out, max_name_chars=self.limits.max_name_chars, now=when)
            if doubts and whole:
                raise InvalidFacts(doubts)
            merged = merge_slots(current or new_profile(user_id, now), slots, now)
            changed = current is None or merged["version"] != current["version"] or current["version"] == 0
            return merged if changed else None

        return with_weights(self.repository.update(user_id, change), self.clock())

    def edit(self, user_id: str, key: str, action: str, value: str = "",
             linked: dict[str, Any] | None = None) -> PatientProfile:
        """The person's own correction of one item (see ``edits``), made and recorded as one transaction; an
        ``EditError`` writes nothing."""
        _require(user_id)
        now = self.clock().isoformat(timespec="seconds")

        def change(current: dict[str, Any] | None) -> dict[str, Any]:
            if current is None:
                raise EditError("there is no profile to edit yet")
            edited = apply_edit(current, key, action, value, now, linked, max_chars=self.limits.max_name_chars)
            if problems := new_problems(current, edited, self.limits.max_name_chars):
                raise EditError(f"{describe(problems[0])}; nothing was changed")
            return edited

        return with_weights(self.repository.update(user_id, change), self.clock())

    def get(self, user_id: str) -> PatientProfile | None:
        _require(user_id)
        profile = self.repository.get(user_id)
        return with_weights(profile, self.clock()) if profile else None

    def version(self, user_id: str) -> int:
        return self.repository.version(user_id)

    def content_version(self, user_id: str) -> int:
        """Moves only when the person's facts change (not on a re-mention): cached answers are scoped to it."""
        _require(user_id)
        profile = self.repository.get(user_id)
        return int(profile.get("content_version", 0)) if profile else 0

    def summary(self, user_id: str, lang: str = "ko") -> str:
        return generate_summary(self.get(user_id), lang, self.korean_name)

    def export(self, user_id: str) -> str:
        """The person's whole profile as JSON text (for download)."""
        return json.dumps(self.get(user_id) or {}, ensure_ascii=False, indent=2)

    def delete(self, user_id: str) -> bool:
        _require(user_id)
        return self.repository.delete(user_id)


def _require(user_id: str) -> None:
    if not isinstance(user_id, str) or not user_id.strip():
        raise ValueError("a non-empty user_id is required")
