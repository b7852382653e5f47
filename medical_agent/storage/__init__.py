"""Storage: profiles, cached answers, ratings of answers and conversation checkpoints in one database, behind narrow protocols.

SQLite is the default (a file, or ``:memory:`` for tests and benchmarks); :func:`open_storage` picks the
backend from a database URL or path and returns it with the matching LangGraph checkpointer.
"""

from .base import (
           ActivityRepository,
           CacheEntry,
           CacheRepository,
           FeedbackRepository,
           PassageReview,
           Profile,
           ProfileRepository,
           ReviewRepository,
           Storage,
           StorageError,
)
from .factory import open_storage

__all__ = ["ActivityRepository", "CacheEntry", "CacheRepository", "FeedbackRepository", "PassageReview", "Profile",
           "ProfileRepository", "ReviewRepository", "Storage", "StorageError", "open_storage"]
