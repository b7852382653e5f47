"""Test-wide setup: every hub library offline, no MEDAGENT_* leakage from the developer's shell."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from medical_agent.settings import apply_offline_env
from tests.postgres_server import fresh_database, start_server

apply_offline_env()
for _name in [n for n in os.environ if n.startswith("MEDAGENT_") and n != "MEDAGENT_SHARED_DATA"]:
    del os.environ[_name]
os.environ.pop("OPENAI_API_KEY", None)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """One embedded PostgreSQL for the whole session (about a second to start); skips where it cannot start."""
    base, handle = start_server()
    yield base
    if handle is not None:
        handle.cleanup()


@pytest.fixture()
def postgres_url(postgres_server: str) -> Iterator[str]:
    """The URL of an empty database of its own for one test."""
    yield from fresh_database(postgres_server)
