"""``sentence-transformers:pkg:NAME`` resolves a model folder shipped inside an installed package, offline."""

from __future__ import annotations

import sys

import pytest

from medical_agent.embeddings.st_backend import resolve_model


def test_package_spec_resolves_to_its_model_folder(tmp_path, monkeypatch):
    pkg = tmp_path / "tiny_st_pkg"
    (pkg / "model").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "model" / "modules.json").write_text("[]")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert resolve_model("pkg:tiny_st_pkg") == str(pkg / "model")
    assert resolve_model("/some/local/dir") == "/some/local/dir"
    sys.modules.pop("tiny_st_pkg", None)


def test_missing_package_or_folder_is_a_clear_error(tmp_path, monkeypatch):
    with pytest.raises(ValueError, match="not installed"):
        resolve_model("pkg:no_such_package_xyz")
    (tmp_path / "empty_pkg").mkdir()
    (tmp_path / "empty_pkg" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match="no sentence-transformers model folder"):
        resolve_model("pkg:empty_pkg")
