"""A person's documents with the storage's registry: a collection uploaded before the registry existed is
registered, not emptied; one erased through another replica is not brought back from a stale copy; the working
copy follows the registry's generation."""

from __future__ import annotations

from tests.collections.conftest import note


def test_documents_from_before_the_registry_are_registered_not_lost(make, tmp_path):
    collections, storage = make
    legacy = collections(registry=False)
    legacy.add("ann", [note(tmp_path, "spacer.md", "Rinse your mouth after using the inhaler.")])
    assert legacy.generation("ann") == 1
    now = collections()
    assert [d["name"] for d in now.list("ann")] == ["spacer.md"]
    assert storage.documents.names(now.key("ann")) == ["spacer.md"] and now.generation("ann") == 1


def test_a_stale_copy_of_an_erased_collection_is_emptied_not_brought_back(make, tmp_path):
    collections, storage = make
    replica_a, replica_b = collections(), collections()      # here they share the folder; the marker decides
    replica_a.add("bo", [note(tmp_path, "inr.md", "The usual INR target for warfarin is 2 to 3.")])
    storage.documents.delete_collection(replica_a.key("bo"))  # erased through another replica
    assert replica_b.list("bo") == [] and replica_b.retriever("bo") is None
    assert storage.documents.names(replica_a.key("bo")) == [] and replica_a.generation("bo") == 0
    assert not (replica_a.folder("bo") / "files" / "inr.md").exists()


def test_the_working_copy_follows_the_registry_generation(make, tmp_path):
    collections, storage = make
    docs = collections()
    docs.add("cy", [note(tmp_path, "a.md", "Take metformin with food.")])
    storage.documents.put(docs.key("cy"), "b.md", b"# b.md\n\nCheck kidney function every year.\n")
    assert [d["name"] for d in docs.list("cy")] == ["a.md", "b.md"] and docs.generation("cy") == 2
    assert docs.delete("cy", "a.md") and storage.documents.names(docs.key("cy")) == ["b.md"]
    assert (docs.folder("cy") / "generation").read_text() == "3"
