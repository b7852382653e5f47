"""Who may review passages, and under which name a review is stored.

A review changes what every person is answered from, so it needs a code. Two ways, both in the settings:

- the reviewer list (``reviewers_file``): one reviewer a line, ``name<TAB>sha256 of their own code`` (``#``
  comments allowed). The code names the reviewer: the review is stored under the listed name, ``identity``
  "listed", whatever is typed in the name box. The file holds hashes, never codes; a code is long and random
  (``python -c "import secrets; print(secrets.token_urlsafe(16))"``), so one SHA-256 is enough. The file is read at
  each review, so a reviewer added or removed counts at once.
- the shared code (``reviewer_code``, MEDAGENT_REVIEWER_CODE), a demo mode: one code for everyone, who types a
  name that nothing checks; the review is stored with that name and ``identity`` "shared".

Every comparison is constant-time (``hmac.compare_digest``) and runs over the whole list, so the time taken does
not tell a guesser how close a code came or which line it matched.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from pathlib import Path

LISTED, SHARED = "listed", "shared"


class ReviewerListError(ValueError):
    """The reviewer list cannot be read; the message names the line, never a code."""


@dataclass(frozen=True)
class Reviewer:
    name: str
    identity: str            # listed | shared


def code_hash(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()


def read_list(path: Path) -> list[tuple[str, str]]:
    """(name, sha256 hex) per reviewer of the file at ``path``."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ReviewerListError(f"the reviewer list cannot be read ({type(exc).__name__})") from None
    reviewers = []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, _, digest = line.rpartition("\t")
        digest = digest.strip().lower()
        if not name.strip() or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise ReviewerListError(f"line {number} of the reviewer list is not 'name<TAB>sha256 of the code'")
        reviewers.append((name.strip(), digest))
    return reviewers


def identify(code: str, typed_name: str, reviewers_file: Path | None, shared_code: str | None) -> Reviewer | None:
    """The reviewer ``code`` belongs to, or None for a wrong code. A listed reviewer's own code wins; the shared code
    gives the name as typed."""
    code = code or ""
    found = None
    if reviewers_file is not None:
        given = code_hash(code)
        for name, digest in read_list(reviewers_file):        # every line compared: no early exit to time
            if hmac.compare_digest(given, digest) and found is None:
                found = Reviewer(name, LISTED)
    if shared_code and hmac.compare_digest(code_hash(code), code_hash(shared_code)) and found is None:
        found = Reviewer(typed_name.strip()[:120], SHARED)
    return found
