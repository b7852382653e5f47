import builtins

import pytest

from medical_agent.llm import LLMConfigError, ScriptedLLM, create_llm
from medical_agent.llm.llamacpp_backend import LlamaCppLLM, llama_cpp_available
from medical_agent.settings import SettingsError, load_settings
from tests.fakes.openai_server import FakeOpenAIServer


def settings(tmp_path, **env):
    base = {"MEDAGENT_LLAMACPP_MODEL_PATH": str(tmp_path / "absent.gguf")}
    base.update(env)
    return load_settings(env=base)


def test_auto_without_anything_is_offline(tmp_path):
    llm, info = create_llm(settings(tmp_path))
    assert llm is None and info.offline and "offline mode" in info.label


def test_auto_with_base_url_uses_openai(tmp_path):
    with FakeOpenAIServer(api_key="not-needed") as srv:
        llm, info = create_llm(settings(tmp_path, MEDAGENT_LLM_BASE_URL=srv.base_url, MEDAGENT_LLM_MODEL="test-model"))
        assert info.kind == "openai" and llm.chat([{"role": "user", "content": "hi"}]).text.startswith("Hello")


def test_auto_with_key_uses_openai(tmp_path):
    _, info = create_llm(settings(tmp_path, OPENAI_API_KEY="sk-x"))
    assert info.kind == "openai" and info.model == "gpt-4o-mini"


def test_auto_with_gguf_but_no_llama_cpp_is_offline_with_a_note(tmp_path, monkeypatch):
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF")
    monkeypatch.setattr("medical_agent.llm.factory.llama_cpp_available", lambda: False)
    llm, info = create_llm(settings(tmp_path, MEDAGENT_LLAMACPP_MODEL_PATH=str(gguf)))
    assert llm is None and "llama-cpp-python is not installed" in info.notes[0]


def test_explicit_specs(tmp_path):
    s = settings(tmp_path)
    assert isinstance(create_llm(s, "fake")[0], ScriptedLLM)
    assert create_llm(s, "offline")[0] is None
    with pytest.raises(SettingsError, match="valid: auto"):
        create_llm(s, "gpt5")
    with pytest.raises(LLMConfigError, match="not found"):
        create_llm(s, f"llamacpp:{tmp_path / 'nope.gguf'}")


def test_llamacpp_missing_package_message(tmp_path, monkeypatch):
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF")
    real_import = builtins.__import__

    def no_llama(name, *args, **kwargs):
        if name.startswith("llama_cpp"):
            raise ImportError("No module named 'llama_cpp'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_llama)
    with pytest.raises(LLMConfigError, match="pip install llama-cpp-python"):
        LlamaCppLLM(gguf)


@pytest.mark.skipif(not llama_cpp_available(), reason="llama-cpp-python is not installed (an optional extra)")
def test_a_file_that_is_no_model_fails_the_real_worker_s_start_up_check(tmp_path):
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF not really")
    llm, info = create_llm(settings(tmp_path, MEDAGENT_LLAMACPP_MODEL_PATH=str(gguf)))   # auto finds the file
    assert llm is None and info.offline and "m.gguf failed its start-up check" in info.label
