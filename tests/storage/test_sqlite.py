"""The SQLite backend: the storage contract, its migrations, and a database written before they existed."""

from __future__ import annotations

import gzip
import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from medical_agent.storage import StorageError, open_storage
from medical_agent.storage.sqlite import MIGRATIONS, SQLiteStorage
from tests.storage.contract import OpenedByURL, StorageContract, save_thread

LEGACY = Path(__file__).parent / "data" / "legacy_337c0eb.sqlite.gz"


class TestSQLiteFile(OpenedByURL, StorageContract):
    @pytest.fixture()
    def database(self, tmp_path):
        return f"sqlite:///{tmp_path / 'agent.sqlite'}"


class TestSQLiteInMemory(StorageContract):
    """``:memory:`` (tests, benchmarks, `eval run`): one connection, so "reopening" returns the same storage."""

    @pytest.fixture()
    def storage(self):
        with open_storage(":memory:") as storage:
            yield storage

    @pytest.fixture()
    def reopen(self, storage):
        return lambda: storage


def table_rows(path: Path) -> dict[str, list[tuple]]:
    with sqlite3.connect(path) as conn:
        tables = [t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: conn.execute(f"SELECT * FROM {t}").fetchall() for t in tables}


def test_delete_user_leaves_no_row_naming_the_user_anywhere(tmp_path):
    path = tmp_path / "agent.sqlite"
    with open_storage(path) as storage:
        for user in ("alice-7f3", "bob-2c9"):
            storage.profiles.update(user, lambda _: {"version": 1})
            storage.cache.add(user, 1, "q", np.ones(4), "a", {}, max_entries=10)
            save_thread(storage, f"{user}-thread")
        storage.delete_user("alice-7f3", ["alice-7f3-thread"])
    dump = repr(table_rows(path))
    assert "alice-7f3" not in dump and "bob-2c9-thread" in dump and "'bob-2c9'" in dump


def disk_bytes(path: Path) -> bytes:
    """Every byte the database keeps on disk: the file, its write-ahead log and shared memory index."""
    return b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists())


def test_erased_text_is_gone_from_the_database_file_and_its_log(tmp_path):
    path = tmp_path / "agent.sqlite"
    secret = "WARFARIN-SECRET-4711 임신 30주"
    with open_storage(path) as storage:
        storage.profiles.update("alice", lambda _: {"version": 1, "note": secret * 50})
        storage.cache.add("alice", 1, secret, np.ones(4), secret * 20, {"q": secret}, max_entries=10)
        storage.profiles.update("bob", lambda _: {"version": 1, "note": "bob"})
        save_thread(storage, "alice-thread")
        assert secret.encode() in disk_bytes(path)            # the text is on disk (in the log, at least)
        storage.delete_user("alice", ["alice-thread"])
        assert secret.encode() not in disk_bytes(path)        # checked while the storage is still open
        assert storage.profiles.get("bob")["note"] == "bob"


def test_a_database_written_before_migrations_opens_with_every_row(tmp_path):
    path = tmp_path / "legacy.sqlite"
    with gzip.open(LEGACY) as src, path.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    before = table_rows(path)
    assert "schema_migrations" not in before and len(before["profiles"]) == 2 and len(before["response_cache"]) == 3
    with open_storage(path) as storage:
        assert storage.schema_version == len(MIGRATIONS)
        assert {u: storage.profiles.version(u) for u in ("alice", "bob")} == {"alice": 1, "bob": 1}
        assert "Diabetes" in str(storage.profiles.get("alice")["conditions"])
        assert storage.cache.stats() == {"entries": 3, "hits": 0}
        assert {e.question for e in storage.cache.entries("alice", 1)} == {
            "저는 당뇨가 있어요. 메트포르민 부작용이 뭔가요?", "What are the side effects of metformin?"}
        assert storage.checkpointer.get_tuple({"configurable": {"thread_id": "bob-default"}}) is not None
    after = table_rows(path)
    assert {t: after[t] for t in before} == before                                       # not a row lost
    assert [v for v, _ in after["schema_migrations"]] == list(range(1, len(MIGRATIONS) + 1))


def test_migrations_apply_in_order_once_and_refuse_a_newer_schema(tmp_path):
    path = tmp_path / "m.sqlite"
    SQLiteStorage(path).close()
    step2 = (*MIGRATIONS, ("ALTER TABLE profiles ADD COLUMN note TEXT",))
    with SQLiteStorage(path, migrations=step2) as storage:
        storage.profiles.update("u", lambda _: {"version": 1})
        assert storage.schema_version == len(step2)
    with SQLiteStorage(path, migrations=step2) as again:       # idempotent: the ALTER does not run twice
        assert again.profiles.get("u") == {"version": 1}
    with pytest.raises(StorageError, match="newer than this program knows"):
        SQLiteStorage(path)
    assert [v for v, _ in table_rows(path)["schema_migrations"]] == list(range(1, len(step2) + 1))


def test_open_storage_urls(tmp_path):
    assert open_storage(":memory:").in_memory and open_storage("sqlite:///:memory:").in_memory
    assert open_storage(tmp_path / "a.sqlite").path == str(tmp_path / "a.sqlite")
    assert open_storage(f"sqlite:///{tmp_path}/b.sqlite").path == f"{tmp_path}/b.sqlite"
    with pytest.raises(StorageError, match="unsupported database URL scheme 'mysql'"):
        open_storage("mysql://host/db")
    (tmp_path / "a-file").write_text("not a folder")
    with pytest.raises(StorageError, match="cannot open the SQLite database"):
        open_storage(tmp_path / "a-file" / "x.sqlite")


def test_a_damaged_database_file_is_one_error_naming_the_fix(tmp_path):
    damaged = tmp_path / "agent.sqlite"
    damaged.write_text("these bytes are not a database " * 200)
    with pytest.raises(StorageError, match=f"{damaged}.*not a database.*MEDAGENT_DB_PATH"):
        open_storage(damaged)


def test_reviews_written_before_reviewer_identities_read_as_the_shared_code(tmp_path):
    path = tmp_path / "reviews.sqlite"
    with SQLiteStorage(path, migrations=MIGRATIONS[:4]) as old:                # the schema before migration 5
        old.execute("INSERT INTO passage_reviews VALUES ('k', 'verified', NULL, 'dr kim', '2026-01-01T00:00:00', 1)")
    with SQLiteStorage(path) as storage:
        review = storage.reviews.get_many(["k"])["k"]
        assert (review.reviewer, review.identity) == ("dr kim", "shared") and storage.reviews.revision() == 1
