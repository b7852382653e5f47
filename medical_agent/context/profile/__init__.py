"""The patient profile: schema, merge rules (dedup, supersession, conflicts, temporal weights), the SQLite
store and the one-line summary injected into prompts."""

from .store import ProfileStore
from .summary import generate_summary

__all__ = ["ProfileStore", "generate_summary"]
