"""The per-user response cache: what may be reused (``signature``) and where entries live (``store``)."""

from .signature import question_signature
from .store import CacheHit, ResponseCache, vary_style

__all__ = ["CacheHit", "ResponseCache", "question_signature", "vary_style"]
