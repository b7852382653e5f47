"""A Space in one setting: a GGUF model named on the Hugging Face Hub is found in the hub cache (a fake cache
folder here) or downloaded once into it, and Hugging Face's OpenAI-compatible router takes the HF_TOKEN secret
(the fake OpenAI server stands in for it: no test reaches the hub)."""

from __future__ import annotations

import pytest

from medical_agent.llm import LLMError, create_llm, factory
from medical_agent.llm.hub import hub_model_path, parse_hub_spec
from medical_agent.settings import SettingsError, load_settings
from tests.fakes.hub_server import FakeHubServer
from tests.fakes.llm_runtime import command
from tests.fakes.openai_server import FakeOpenAIServer

REPO, FILE, COMMIT = "someone/tiny-model-GGUF", "tiny-q4_k_m.gguf", "0123456789abcdef0123456789abcdef01234567"
ROUTER_MODEL = "meta-llama/Llama-3.1-8B-Instruct:novita"     # the router's <model>:<provider> form


def hub_cache(root, files=(FILE,)):
    """The folder layout huggingface_hub writes: models--owner--name/refs/main and snapshots/<commit>/<file>."""
    repo = root / f"models--{REPO.replace('/', '--')}"
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text(COMMIT)
    for name in files:
        path = repo / "snapshots" / COMMIT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"GGUF")
    return root


def no_download(*args):
    raise AssertionError(f"a cached model was downloaded again: {args}")


def test_the_spec_names_a_repository_and_a_file():
    assert parse_hub_spec("hf:someone/tiny-model-GGUF/tiny-q4_k_m.gguf") == (REPO, FILE)
    assert parse_hub_spec("hf:org/repo/sub/dir/m.gguf") == ("org/repo", "sub/dir/m.gguf")
    for bad in ("hf:org/m.gguf", "hf:org/repo/readme.md", "hf://repo/m.gguf"):
        with pytest.raises(SettingsError, match="hf:<owner>/<repo>/<file.gguf>"):
            parse_hub_spec(bad)


def test_a_cached_model_is_found_without_a_request(tmp_path):
    cache = hub_cache(tmp_path / "hub")
    path = hub_model_path(f"hf:{REPO}/{FILE}", cache_dir=cache, download=no_download)
    assert path == cache / f"models--someone--tiny-model-GGUF/snapshots/{COMMIT}/{FILE}"


def test_a_missing_model_is_downloaded_once_into_the_cache(tmp_path):
    cache, calls = tmp_path / "hub", []

    def download(repo, filename, cache_dir, token):    # stands in for the download child: writes what it would
        calls.append((repo, filename, cache_dir, token))
        hub_cache(cache_dir)
        return cache_dir / f"models--someone--tiny-model-GGUF/snapshots/{COMMIT}/{filename}"

    first = hub_model_path(f"hf:{REPO}/{FILE}", cache_dir=cache, token="hf_secret", download=download)
    second = hub_model_path(f"hf:{REPO}/{FILE}", cache_dir=cache, download=no_download)
    assert first == second and first.is_file() and calls == [(REPO, FILE, cache, "hf_secret")]


def test_llamacpp_hf_spec_starts_the_cached_model(tmp_path, monkeypatch):
    cache = hub_cache(tmp_path / "hub")
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(cache))
    llm, info = factory.local_llm(load_settings(env={}), f"hf:{REPO}/{FILE}", command=command())
    try:
        assert info.kind == "llamacpp" and info.model == FILE and info.detail.endswith(f"{COMMIT}/{FILE}")
        assert llm.chat([{"role": "user", "content": "hi"}]).text
    finally:
        llm.close()


def test_a_model_that_fails_its_start_up_check_leaves_the_app_offline_with_the_reason(tmp_path):
    gguf = tmp_path / "broken.gguf"
    gguf.write_bytes(b"GGUF")
    llm, info = factory.local_llm(load_settings(env={}), str(gguf), command=command("--fail-load"))
    assert llm is None and info.offline
    assert "broken.gguf failed its start-up check" in info.label and "not a GGUF file" in info.label


def router_settings(base_url, **env):
    return load_settings(env={"MEDAGENT_LLM_BASE_URL": base_url, "MEDAGENT_LLM_MODEL": ROUTER_MODEL, **env})


def test_hugging_face_s_router_takes_the_hf_token(monkeypatch):
    with FakeOpenAIServer(api_key="hf_test_token", models=(ROUTER_MODEL,)) as router:
        monkeypatch.setattr(factory, "HF_ROUTER_HOSTS", ("127.0.0.1",))    # the fake stands in for the router
        llm, info = create_llm(router_settings(router.base_url, HF_TOKEN="hf_test_token"))
        reply = llm.chat([{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}],
                         max_tokens=32, json_schema={"type": "object"}, tag="verify")
    assert info.kind == "openai" and info.model == ROUTER_MODEL and reply.text
    request = router.requests[-1]
    assert request["path"] == "/v1/chat/completions" and request["body"]["model"] == ROUTER_MODEL
    assert request["body"]["response_format"]["type"] == "json_schema"


def test_the_hf_token_goes_to_no_other_server():
    with FakeOpenAIServer(api_key="hf_test_token", models=(ROUTER_MODEL,)) as server:
        llm, _ = create_llm(router_settings(server.base_url, HF_TOKEN="hf_test_token"))
        with pytest.raises(LLMError, match="rejected the API key"):
            llm.chat([{"role": "user", "content": "hi"}])


def test_the_download_child_fetches_once_from_the_hub_and_later_starts_read_the_cache(tmp_path, monkeypatch):
    content = b"GGUF" + bytes(range(256)) * 64
    with FakeHubServer({(REPO, FILE): content}) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)        # the child process asks the fake hub, on 127.0.0.1
        cache = tmp_path / "hub"
        first = hub_model_path(f"hf:{REPO}/{FILE}", cache_dir=cache)
        fetched = list(hub.requests)
        second = hub_model_path(f"hf:{REPO}/{FILE}", cache_dir=cache)
    assert first == second and first.read_bytes() == content and str(first).startswith(str(cache))
    assert ("GET", f"/{REPO}/resolve/main/{FILE}") in fetched and hub.requests == fetched   # no request the 2nd time


def test_a_file_the_hub_does_not_have_is_a_clear_error(tmp_path, monkeypatch):
    with FakeHubServer({}) as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        with pytest.raises(LLMError, match=f"could not download {FILE} from the Hugging Face repository {REPO}"):
            hub_model_path(f"hf:{REPO}/{FILE}", cache_dir=tmp_path / "hub")
