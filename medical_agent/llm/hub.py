"""A GGUF model from the Hugging Face Hub in one setting: ``MEDAGENT_LLM=llamacpp:hf:<owner>/<repo>/<file.gguf>``.

Why: a Space has no model file, and its owner should not have to write download code. The file is fetched once
with huggingface_hub into its cache (``HF_HOME`` / ``HF_HUB_CACHE``: on a Space, persistent storage when one is
attached) and found there on every later start without a request.

The app runs with ``HF_HUB_OFFLINE=1`` so that nothing else reaches a hub (settings.apply_offline_env), and
huggingface_hub reads that once, at import. So the cache is looked up here, offline (``try_to_load_from_cache``
reads the cache folder's ``refs/`` and ``snapshots/``), and a file that is not there yet is downloaded by a child
process (``python -m medical_agent.llm.hub``) whose environment turns offline mode off for that one file. The
``HF_TOKEN`` secret (``settings.backends.hf_token``) goes with it, for gated repositories.
"""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from ..settings import SettingsError
from .base import LLMConfigError

log = logging.getLogger(__name__)
PREFIX = "hf:"
DOWNLOAD_TIMEOUT_S = 3600.0          # a 1-5 GB file on a Space's network
Downloader = Callable[[str, str, Path, str | None], Path]


def parse_hub_spec(spec: str) -> tuple[str, str]:
    """``<owner>/<repo>/<path in the repo>.gguf`` (the ``hf:`` prefix optional) → (repository id, file name)."""
    parts = spec.removeprefix(PREFIX).split("/")
    if len(parts) < 3 or not all(parts) or not parts[-1].endswith(".gguf"):
        raise SettingsError(f"a hub model is hf:<owner>/<repo>/<file.gguf>, not {spec!r}")
    return "/".join(parts[:2]), "/".join(parts[2:])


def hub_cache_dir() -> Path:
    from huggingface_hub import constants

    return Path(constants.HF_HUB_CACHE)


def cached_model(repo: str, filename: str, cache_dir: Path) -> Path | None:
    """The file's path in the hub cache, found without a request; None when it is not there."""
    from huggingface_hub import try_to_load_from_cache

    found = try_to_load_from_cache(repo, filename, cache_dir=cache_dir)
    return Path(found) if isinstance(found, str) and Path(found).is_file() else None


def download_in_child(repo: str, filename: str, cache_dir: Path, token: str | None) -> Path:
    """Download into ``cache_dir`` in a child process with offline mode off (this process stays offline)."""
    env = {**os.environ, "HF_HUB_OFFLINE": "0", "TRANSFORMERS_OFFLINE": "0"}
    if token:
        env["HF_TOKEN"] = token
    command = [sys.executable, "-m", "medical_agent.llm.hub", repo, filename, "--cache-dir", str(cache_dir)]
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=DOWNLOAD_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        raise LLMConfigError(f"downloading {filename} from {repo} took over {DOWNLOAD_TIMEOUT_S:.0f} s") from exc
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        why = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise LLMConfigError(f"could not download {filename} from the Hugging Face repository {repo}: {why[:300]}")
    return Path(lines[-1])


def hub_model_path(spec: str, *, token: str | None = None, cache_dir: Path | None = None,
                   download: Downloader = download_in_child) -> Path:
    """The local path of the hub model ``spec``: from the cache, or downloaded once into it."""
    repo, filename = parse_hub_spec(spec)
    cache = cache_dir or hub_cache_dir()
    found = cached_model(repo, filename, cache)
    if found is not None:
        log.info("hub model %s/%s from the cache: %s", repo, filename, found)
        return found
    log.info("downloading %s from %s into %s (once: later starts read the cache)", filename, repo, cache)
    path = download(repo, filename, cache, token)
    if not path.is_file():
        raise LLMConfigError(f"the download of {filename} from {repo} left no file at {path}")
    return path


def main(argv: list[str] | None = None) -> None:
    """The download child: fetch one file into the cache and print its path."""
    parser = argparse.ArgumentParser(description="download one file of a Hugging Face repository into the cache")
    parser.add_argument("repo")
    parser.add_argument("filename")
    parser.add_argument("--cache-dir", default=None)
    args = parser.parse_args(argv)
    from huggingface_hub import hf_hub_download

    print(hf_hub_download(args.repo, args.filename, cache_dir=args.cache_dir))


if __name__ == "__main__":
    main()
