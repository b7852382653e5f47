"""Contract tests every storage backend passes, written once as mixins (one per capability). A backend's test
class only supplies the fixtures: ``storage`` (a fresh, empty database) and ``reopen`` (a callable that opens
a second, independent connection to the same database, as a second process or replica would)."""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from langgraph.checkpoint.base import empty_checkpoint

from medical_agent.storage import PassageReview, Storage, open_storage


def profile(version: int, **fields: Any) -> dict[str, Any]:
    return {"version": version, "medications": [], **fields}


def vector(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).normal(size=8).astype(np.float32)
    return v / np.linalg.norm(v)


def thread_config(thread: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}


def save_thread(storage: Storage, thread: str) -> None:
    storage.checkpointer.put(thread_config(thread), empty_checkpoint(), {"source": "input", "step": 0}, {})


class OpenedByURL:
    """Fixtures for a backend opened by a URL: the test class supplies ``database`` (the URL); ``reopen`` opens
    another, independent storage on it (as a second process or replica would), ``storage`` is the first one."""

    @pytest.fixture()
    def reopen(self, database: str):
        opened: list[Storage] = []

        def again() -> Storage:
            opened.append(open_storage(database))
            return opened[-1]

        yield again
        for s in opened:
            s.close()

    @pytest.fixture()
    def storage(self, reopen: Callable[[], Storage]) -> Storage:
        return reopen()


class ProfileRepositoryContract:
    def test_update_creates_reads_and_versions_a_profile(self, storage: Storage):
        repo = storage.profiles
        assert repo.get("alice") is None and repo.version("alice") == 0
        stored = repo.update("alice", lambda current: profile(1, age=40) if current is None else None)
        assert stored == profile(1, age=40) == repo.get("alice") and repo.version("alice") == 1
        assert repo.update("alice", lambda current: None) == profile(1, age=40)     # None keeps it as it is
        repo.update("alice", lambda current: {**current, "version": 2, "age": 41})
        assert repo.get("alice")["age"] == 41 and repo.version("alice") == 2

    def test_a_failing_change_writes_nothing(self, storage: Storage):
        storage.profiles.update("alice", lambda _: profile(1))

        def broken(current: dict[str, Any] | None) -> dict[str, Any]:
            raise RuntimeError("merge failed")

        with pytest.raises(RuntimeError, match="merge failed"):
            storage.profiles.update("alice", broken)
        assert storage.profiles.get("alice") == profile(1)
        storage.profiles.update("alice", lambda current: {**current, "version": 2})  # the database is usable

    def test_read_merge_write_loses_nothing_under_concurrency(self, storage: Storage,
                                                             reopen: Callable[[], Storage]):
        """Eight writers on two connections each add one medicine; a slow merge invites lost updates."""
        other = reopen()
        storage.profiles.update("carol", lambda _: profile(0))

        def add(repo_owner: Storage, name: str) -> None:
            def change(current: dict[str, Any] | None) -> dict[str, Any]:
                time.sleep(0.005)                       # read ... merge ... write: the window a race needs
                return {**current, "version": current["version"] + 1,
                        "medications": [*current["medications"], name]}
            repo_owner.profiles.update("carol", change)

        writers = [threading.Thread(target=add, args=(storage if i % 2 else other, f"drug-{i}")) for i in range(8)]
        for w in writers:
            w.start()
        for w in writers:
            w.join()
        final = reopen().profiles.get("carol")
        assert sorted(final["medications"]) == [f"drug-{i}" for i in range(8)] and final["version"] == 8

    def test_delete(self, storage: Storage):
        storage.profiles.update("alice", lambda _: profile(1))
        assert storage.profiles.delete("alice") and not storage.profiles.delete("alice")
        assert storage.profiles.get("alice") is None and storage.profiles.version("alice") == 0


class CacheRepositoryContract:
    def add(self, storage: Storage, user: str, version: int | None, seed: int, max_entries: int = 100) -> None:
        storage.cache.add(user, version, f"q{seed}", vector(seed), f"a{seed}", {"citations": [seed]},
                          max_entries=max_entries)

    def test_entries_are_scoped_to_the_profile_version(self, storage: Storage):
        self.add(storage, "alice", None, 1)     # stored by an older release without a version: never offered
        self.add(storage, "alice", 3, 2)        # answered under profile version 3
        self.add(storage, "alice", 2, 3)        # answered under an older profile
        self.add(storage, "alice", 0, 4)        # answered while the profile was empty
        seen = {e.question: e for e in storage.cache.entries("alice", 3)}
        assert set(seen) == {"q2"} and seen["q2"].profile_version == 3
        assert np.allclose(seen["q2"].vector, vector(2)) and seen["q2"].payload == {"citations": [2]}
        assert [e.question for e in storage.cache.entries("alice", 0)] == ["q4"]
        assert storage.cache.entries("alice", 4) == []

    def test_hits_stats_and_least_recently_used_eviction(self, storage: Storage):
        for seed in range(3):
            self.add(storage, "alice", 0, seed, max_entries=3)
        first = storage.cache.entries("alice", 0)[0]
        storage.cache.record_hit(first.entry_id)               # q0 is now the most recently used
        assert storage.cache.stats("alice") == {"entries": 3, "hits": 1}
        self.add(storage, "alice", 0, 9, max_entries=3)        # over the cap: the least recently used goes
        assert sorted(e.question for e in storage.cache.entries("alice", 0)) == ["q0", "q2", "q9"]
        assert storage.cache.stats() == {"entries": 3, "hits": 1}

    def test_delete_user(self, storage: Storage):
        self.add(storage, "alice", 0, 1)
        self.add(storage, "bob", 0, 1)
        assert storage.cache.delete_user("alice") == 1 and storage.cache.entries("alice", 0) == []
        assert storage.cache.stats("bob")["entries"] == 1


class ActivityContract:
    def test_threads_are_remembered_and_erased_with_their_person(self, storage: Storage):
        for thread in ("alice-t1", "alice-t2"):
            save_thread(storage, thread)
            storage.activity.touch("alice", thread)
        storage.activity.touch("alice", "alice-t1")                     # touched again: still one row
        save_thread(storage, "bob-t1")
        storage.activity.touch("bob", "bob-t1")
        assert storage.activity.threads("alice") == ["alice-t1", "alice-t2"]
        counts = storage.delete_user("alice")                           # no thread named: the table knows them
        assert counts["threads"] == 2 and storage.activity.threads("alice") == []
        assert storage.checkpointer.get_tuple(thread_config("alice-t2")) is None
        assert storage.checkpointer.get_tuple(thread_config("bob-t1")) is not None

    def test_the_last_thread_is_the_one_used_most_recently(self, storage: Storage):
        assert storage.activity.last_thread("alice") is None
        for thread in ("alice-b", "alice-a", "alice-c"):
            storage.activity.touch("alice", thread)
            time.sleep(0.002)
        storage.activity.touch("alice", "alice-a")                      # used again: the latest now
        storage.activity.touch("bob", "bob-1")
        assert storage.activity.last_thread("alice") == "alice-a" and storage.activity.last_thread("bob") == "bob-1"

    def test_people_idle_too_long_expire_with_everything_they_left(self, storage: Storage):
        storage.profiles.update("alice", lambda _: profile(1, conditions=["diabetes"]))
        storage.cache.add("alice", 1, "q", vector(1), "a", {}, max_entries=10)
        save_thread(storage, "alice-t1")
        storage.activity.touch("alice", "alice-t1")
        storage.cache.add("carol", 0, "q", vector(2), "a", {}, max_entries=10)   # a cache entry, nothing else
        assert storage.expire_idle(30) == []                             # all of them were here just now
        time.sleep(0.02)
        cutoff = dt.datetime.now(dt.UTC)                                 # alice and carol: before it; bob: after
        time.sleep(0.02)
        storage.activity.touch("bob", "bob-t1")
        assert storage.expire_idle(0, now=cutoff) == ["alice", "carol"]
        assert storage.profiles.get("alice") is None and storage.cache.stats("alice")["entries"] == 0
        assert storage.checkpointer.get_tuple(thread_config("alice-t1")) is None
        assert storage.cache.stats("carol")["entries"] == 0 and storage.activity.threads("bob") == ["bob-t1"]


class ReviewContract:
    def test_reviews_replace_withdraw_and_raise_the_revision(self, storage: Storage):
        repo = storage.reviews
        assert repo.revision() == 0 and repo.get_many(["a", "b"]) == {}
        assert repo.put(PassageReview("a", "verified", None, "dr kim")) == 1
        assert repo.put(PassageReview("b", "corrected", "INR 2-3", "dr lee")) == 2
        got = repo.get_many(["a", "b", "c"])
        assert got["a"].status == "verified" and got["a"].reviewer == "dr kim" and got["a"].reviewed_at
        assert got["b"].corrected_text == "INR 2-3" and set(got) == {"a", "b"}
        assert repo.put(PassageReview("a", "corrected", "new text", "dr park")) == 3
        assert repo.get_many(["a"])["a"].corrected_text == "new text"
        assert repo.withdraw("a", "dr park") == 4 and repo.get_many(["a"]) == {}
        assert repo.withdraw("never", "dr park") == 4 and repo.revision() == 4

    def test_a_review_keeps_how_its_reviewer_was_known(self, storage: Storage):
        repo = storage.reviews
        repo.put(PassageReview("a", "verified", None, "Dr Kim, cardiology", identity="listed"))
        repo.put(PassageReview("b", "verified", None, "someone"))                  # the shared demo code
        got = repo.get_many(["a", "b"])
        assert (got["a"].reviewer, got["a"].identity) == ("Dr Kim, cardiology", "listed")
        assert got["b"].identity == "shared"
        repo.put(PassageReview("b", "corrected", "fixed", "Dr Lee", identity="listed"))
        assert repo.get_many(["b"])["b"].identity == "listed"

    def test_reviews_are_not_erased_with_a_person(self, storage: Storage):
        storage.reviews.put(PassageReview("a", "verified", None, "alice"))
        storage.delete_user("alice")
        assert "a" in storage.reviews.get_many(["a"])


class DocumentContract:
    def test_files_and_generations_per_collection(self, storage: Storage):
        repo = storage.documents
        assert repo.generation("c1") == 0 and repo.names("c1") == [] and repo.content("c1", "a.pdf") is None
        assert repo.put("c1", "a.pdf", b"%PDF-1 \x00\xff") == 1 and repo.put("c1", "b.md", b"# B") == 2
        assert repo.put("c1", "a.pdf", b"%PDF-2") == 3                     # replaced, not doubled
        assert repo.names("c1") == ["a.pdf", "b.md"] and repo.content("c1", "a.pdf") == b"%PDF-2"
        assert repo.names("c2") == [] and repo.generation("c2") == 0         # another person's collection
        assert repo.remove("c1", "missing.md") is None and repo.generation("c1") == 3
        assert repo.remove("c1", "b.md") == 4 and repo.names("c1") == ["a.pdf"]
        repo.put("c2", "x.txt", b"x")
        assert repo.delete_collection("c1") == 1 and repo.names("c1") == [] and repo.generation("c1") == 0
        assert repo.names("c2") == ["x.txt"]

    def test_a_second_connection_sees_the_files_and_moves_the_generation(self, storage: Storage,
                                                                         reopen: Callable[[], Storage]):
        storage.documents.put("c", "a.txt", b"a")
        other = reopen().documents
        assert other.names("c") == ["a.txt"] and other.content("c", "a.txt") == b"a" and other.generation("c") == 1
        assert other.put("c", "b.txt", b"b") == 2 and storage.documents.generation("c") == 2


class FeedbackContract:
    TRACE = {"question": "메트포르민 부작용?", "route": "rag_required", "evidence": ["kb-1"], "verdict": "correct",
             "model": "offline", "language": "ko"}

    def test_a_rating_is_stored_replaced_commented_and_removed_per_person(self, storage: Storage):
        repo = storage.feedback
        assert repo.for_user("alice") == [] and repo.comment("alice", "t1", "late") is False
        repo.put("alice", "t1", "up", self.TRACE)
        repo.put("alice", "t1", "down", {**self.TRACE, "verdict": "ambiguous"})       # changed their mind
        assert repo.comment("alice", "t1", "틀린 용량") is True
        repo.put("alice", "t1", "down", self.TRACE)                                   # the comment stays
        repo.put("alice", "t2", "up", self.TRACE)
        rows = repo.for_user("alice")
        assert [(r["turn_id"], r["rating"], r["comment"]) for r in rows] == [("t1", "down", "틀린 용량"), ("t2", "up", "")]
        assert rows[0]["trace"] == self.TRACE and rows[0]["created_at"] and rows[0]["updated_at"]
        assert repo.for_user("bob") == [] and repo.remove("bob", "t1") is False        # another person's: untouched
        assert repo.remove("alice", "t2") is True and [r["turn_id"] for r in repo.for_user("alice")] == ["t1"]

    def test_everyone_s_ratings_for_the_summary_carry_no_person(self, storage: Storage):
        storage.feedback.put("alice", "t1", "down", self.TRACE)
        storage.feedback.put("bob", "t9", "up", {**self.TRACE, "language": "en"})
        rows = storage.feedback.all()
        assert {r["rating"] for r in rows} == {"up", "down"} and all("user_id" not in r for r in rows)

    def test_ratings_are_erased_with_their_person_only(self, storage: Storage):
        storage.feedback.put("alice", "t1", "down", self.TRACE)
        storage.feedback.put("bob", "t1", "up", self.TRACE)
        assert storage.delete_user("alice")["feedback"] == 1
        assert storage.feedback.for_user("alice") == [] and len(storage.feedback.for_user("bob")) == 1


class AccountContract:
    """A signed-in person (issue 36) is stored under one key, ``hf-`` + a salted hash, on every replica: what one
    connection wrote under it another reads, and an erasure on either leaves nothing on both. No new table: the
    key is the user id every repository already has."""

    KEY = "hf-" + "5e" * 16

    def test_a_signed_in_person_s_rows_follow_them_across_replicas_and_go_together(
            self, storage: Storage, reopen: Callable[[], Storage]):
        storage.profiles.update(self.KEY, lambda _: profile(1, conditions=["diabetes"]))
        save_thread(storage, "phone-thread")
        storage.activity.touch(self.KEY, "phone-thread")
        storage.feedback.put(self.KEY, "t1", "up", FeedbackContract.TRACE)
        replica = reopen()
        assert replica.profiles.get(self.KEY)["conditions"] == ["diabetes"]
        assert replica.activity.last_thread(self.KEY) == "phone-thread"
        assert [r["turn_id"] for r in replica.feedback.for_user(self.KEY)] == ["t1"]
        save_thread(replica, "laptop-thread")
        replica.activity.touch(self.KEY, "laptop-thread")
        counts = replica.delete_user(self.KEY, ["laptop-thread"])
        assert counts == {"profiles": 1, "cache_entries": 0, "feedback": 1, "threads": 2}
        assert storage.profiles.get(self.KEY) is None and storage.activity.last_thread(self.KEY) is None
        assert storage.feedback.for_user(self.KEY) == []
        assert storage.checkpointer.get_tuple(thread_config("phone-thread")) is None


class StorageContract(ProfileRepositoryContract, CacheRepositoryContract, ActivityContract, ReviewContract,
                      DocumentContract, FeedbackContract, AccountContract):
    def test_a_second_user_sees_nothing_of_the_first(self, storage: Storage):
        storage.profiles.update("alice", lambda _: profile(1, conditions=["diabetes"]))
        self.add(storage, "alice", 0, 1)
        self.add(storage, "alice", 1, 2)
        save_thread(storage, "alice-default")
        assert storage.profiles.get("bob") is None and storage.profiles.version("bob") == 0
        assert storage.cache.entries("bob", 0) == [] and storage.cache.entries("bob", 1) == []
        assert storage.cache.stats("bob") == {"entries": 0, "hits": 0}
        assert storage.checkpointer.get_tuple(thread_config("bob-default")) is None

    def test_delete_user_removes_profile_cache_and_threads_only_of_that_user(self, storage: Storage):
        for user in ("alice", "bob"):
            storage.profiles.update(user, lambda _: profile(1))
            self.add(storage, user, 1, 1)
            save_thread(storage, f"{user}-default")
        counts = storage.delete_user("alice", ["alice-default"])
        assert counts == {"profiles": 1, "cache_entries": 1, "feedback": 0, "threads": 1}
        assert storage.profiles.get("alice") is None and storage.cache.stats("alice")["entries"] == 0
        assert storage.checkpointer.get_tuple(thread_config("alice-default")) is None
        assert storage.profiles.get("bob") is not None and storage.cache.stats("bob")["entries"] == 1
        assert storage.checkpointer.get_tuple(thread_config("bob-default")) is not None

    def test_records_survive_reopening(self, storage: Storage, reopen: Callable[[], Storage]):
        storage.profiles.update("alice", lambda _: profile(1, age=40))
        self.add(storage, "alice", None, 1)
        save_thread(storage, "alice-default")
        storage.reviews.put(PassageReview("k", "corrected", "fixed", "dr kim"))
        again = reopen()
        assert again.profiles.get("alice")["age"] == 40 and again.cache.stats("alice")["entries"] == 1
        assert again.reviews.get_many(["k"])["k"].corrected_text == "fixed" and again.reviews.revision() == 1
        assert again.checkpointer.get_tuple(thread_config("alice-default")) is not None
