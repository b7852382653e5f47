"""Document folders rebuild incrementally: unchanged files are not parsed or embedded again, ``--add`` appends,
unreadable files are reported with their reason and the build goes on."""

import json

import pytest

from medical_agent.embeddings import create_embedder
from medical_agent.indexing.build import build_index
from medical_agent.retrieval import HybridRetriever, Query, load_index
from medical_agent.settings import PROJECT_ROOT

ASSETS = PROJECT_ROOT / "assets"


class CountingEmbedder:
    """The hashing embedder, counting the texts it is asked to embed."""

    def __init__(self):
        self.inner = create_embedder("hashing:64")
        self.name, self.dim, self.texts = self.inner.name, self.inner.dim, []

    def encode_documents(self, texts, progress=None):
        self.texts += list(texts)
        return self.inner.encode_documents(texts, progress=progress)

    def encode_queries(self, texts):
        return self.inner.encode_queries(texts)


def build(folder, out, embedder, **kw):
    return build_index(f"docs:{folder}", out, assets_dir=ASSETS, embedder=embedder, embedder_spec="hashing:64",
                       chunk_chars=1200, **kw)


@pytest.fixture
def folder(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "inhaler.md").write_text("# Inhalers\n\nShake the reliever inhaler before each puff.\n", encoding="utf-8")
    (docs / "warfarin.md").write_text("# Warfarin\n\nWarfarin needs regular INR blood tests.\n", encoding="utf-8")
    (docs / "broken.pdf").write_bytes(b"%PDF-1.4\n1 0 obj")
    (docs / ".hidden.md").write_text("# secret\n\nnot indexed\n", encoding="utf-8")
    return docs


def test_a_rebuild_embeds_only_what_changed_and_reports_bad_files(folder, tmp_path):
    out, emb = tmp_path / "idx", CountingEmbedder()
    first = build(folder, out, emb)
    assert first.embedded == 2 and len(emb.texts) == 2
    assert [s["file"] for s in first.skipped] == ["broken.pdf"] and "not a readable PDF" in first.skipped[0]["reason"]
    assert sorted(first.manifest["documents"]) == ["inhaler.md", "warfarin.md"]
    assert first.manifest["skipped"] == first.skipped

    assert not build(folder, out, emb).built and len(emb.texts) == 2          # nothing changed: nothing done
    (folder / "warfarin.md").write_text("# Warfarin\n\nVitamin K foods change the INR.\n", encoding="utf-8")
    second = build(folder, out, emb)
    assert second.built and second.embedded == 1 and "Vitamin K" in emb.texts[-1]
    chunks = load_index(out).chunks
    assert any("Vitamin K" in c["text"] for c in chunks) and not any("regular INR" in c["text"] for c in chunks)

    (folder / "inhaler.md").unlink()
    third = build(folder, out, emb)
    assert sorted(third.manifest["documents"]) == ["warfarin.md"] and third.embedded == 0


def test_add_appends_a_new_folder_and_keeps_the_rest(folder, tmp_path):
    out, emb = tmp_path / "idx", CountingEmbedder()
    build(folder, out, emb)
    more = tmp_path / "more"
    more.mkdir()
    (more / "bp.txt").write_text("Home blood pressure\n\nMeasure twice each morning.\n", encoding="utf-8")
    added = build(more, out, emb, add=True)
    assert added.embedded == 1 and emb.texts[-1].endswith("Measure twice each morning.")
    assert sorted(added.manifest["documents"]) == ["bp.txt", "inhaler.md", "warfarin.md"]
    assert added.manifest["sources"] == [f"docs:{folder}", f"docs:{more}"]
    hits = HybridRetriever(load_index(out), emb.inner).search(Query("reliever inhaler puff"), k=1)
    assert hits[0].source == "inhaler.md" and hits[0].metadata["page"] == 1
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["counts"]["documents"] == 3


def test_add_refuses_an_index_that_is_not_of_documents(tmp_path, folder):
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"id": "a", "text": "Metformin lowers glucose."}), encoding="utf-8")
    emb = CountingEmbedder()
    build_index(f"jsonl:{corpus}", tmp_path / "idx", assets_dir=ASSETS, embedder=emb, embedder_spec="hashing:64",
                chunk_chars=1200)
    with pytest.raises(ValueError, match="--add appends to an index of documents"):
        build(folder, tmp_path / "idx", emb, add=True)
    with pytest.raises(ValueError, match="--add works with document sources"):
        build_index(f"jsonl:{corpus}", tmp_path / "idx", assets_dir=ASSETS, embedder=emb,
                    embedder_spec="hashing:64", add=True)


def test_a_folder_of_only_bad_files_fails_with_the_reasons(tmp_path):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "empty.pdf").write_bytes(b"")
    with pytest.raises(ValueError, match="empty.pdf: the file is empty"):
        build(bad, tmp_path / "idx", CountingEmbedder())
