"""Open storage from a database URL: ``postgresql://user:password@host:port/database`` (replicas share it),
``sqlite:///path/to/file.sqlite``, a plain path, or ``:memory:``."""

from __future__ import annotations

from pathlib import Path

from .base import Storage, StorageError

SCHEMES = "postgresql://USER:PASSWORD@HOST:PORT/DATABASE | sqlite:///PATH | PATH | :memory:"


def open_storage(url: str | Path) -> Storage:
    """The storage backend for ``url``; a path (the settings' ``db_path``) means SQLite. A SQLite database is
    created when missing; either is migrated to the current schema (a PostgreSQL database must exist)."""
    from .sqlite import SQLiteStorage

    text = str(url).strip()
    if text in (":memory:", "sqlite://", "sqlite:///:memory:"):
        return SQLiteStorage(":memory:")
    if text.startswith("sqlite:///"):
        return SQLiteStorage(Path(text[len("sqlite:///"):]).expanduser())
    scheme = text.partition("://")[0] if "://" in text else ""
    if scheme in ("postgresql", "postgres"):
        from .postgres import PostgresStorage

        return PostgresStorage(text)
    if scheme:
        raise StorageError(f"unsupported database URL scheme {scheme!r} in {text!r}; supported: {SCHEMES}")
    if not text:
        raise StorageError(f"empty database location; supported: {SCHEMES}")
    return SQLiteStorage(Path(text).expanduser())
