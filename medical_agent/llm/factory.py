"""Choose the LLM backend from the settings.

Order for ``llm: auto``: OPENAI_API_KEY or MEDAGENT_LLM_BASE_URL → openai; a GGUF file at
``llamacpp_model_path`` with llama-cpp-python installed → llamacpp; otherwise offline mode (no LLM: the graph
answers extractively and judges heuristically). An explicit spec (``openai:<model>``, ``llamacpp:<path>``,
``offline``, ``fake``) always wins. The choice is logged and returned for the UI.
"""

from __future__ import annotations

import logging
from pathlib import Path

from ..settings import Settings, SettingsError
from .base import LLM, BackendInfo
from .fake import ScriptedLLM
from .llamacpp_backend import LlamaCppLLM, llama_cpp_available
from .openai_backend import OpenAIChatLLM

log = logging.getLogger(__name__)
SPECS = "auto | offline | fake | openai | openai:<model> | llamacpp | llamacpp:<path.gguf>"


def _openai(settings: Settings, model: str | None) -> tuple[LLM, BackendInfo]:
    b = settings.backends
    model = model or b.llm_model
    llm = OpenAIChatLLM(model, api_key=b.openai_api_key, base_url=b.llm_base_url, timeout=b.llm_timeout_s,
                        max_retries=b.llm_max_retries, context_window=b.llm_context_window, logprobs=b.llm_logprobs,
                        concurrency=b.llm_concurrency)
    return llm, BackendInfo("openai", model, b.llm_base_url or "api.openai.com")


def _llamacpp(settings: Settings, path: str | None) -> tuple[LLM, BackendInfo]:
    model_path = Path(path).expanduser() if path else settings.backends.llamacpp_model_path
    if model_path is None:
        raise SettingsError("llamacpp backend needs a model path: llamacpp:<path.gguf>")
    b = settings.backends
    llm = LlamaCppLLM(model_path, n_ctx=b.llm_context_window or 4096, logprobs=b.llm_logprobs,
                      repeat_penalty=b.llm_repeat_penalty)
    return llm, BackendInfo("llamacpp", llm.model, str(model_path))


def create_llm(settings: Settings, spec: str | None = None) -> tuple[LLM | None, BackendInfo]:
    """Build the configured backend; ``None`` means offline mode. Raises LLMConfigError with a fix."""
    spec = (spec or settings.backends.llm).strip()
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    if kind == "offline":
        llm, info = None, BackendInfo("offline")
    elif kind == "fake":
        llm = ScriptedLLM(cycle=True)
        info = BackendInfo("fake", llm.model, "scripted test double")
    elif kind == "openai":
        llm, info = _openai(settings, arg or None)
    elif kind == "llamacpp":
        llm, info = _llamacpp(settings, arg or None)
    elif kind == "auto":
        llm, info = _auto(settings)
    else:
        raise SettingsError(f"unknown LLM spec {spec!r}; valid: {SPECS}")
    log.info("LLM backend: %s", info.label)
    return llm, info


def _auto(settings: Settings) -> tuple[LLM | None, BackendInfo]:
    if settings.backends.openai_api_key or settings.backends.llm_base_url:
        return _openai(settings, None)
    path = settings.backends.llamacpp_model_path
    if path is not None and path.is_file():
        if llama_cpp_available():
            return _llamacpp(settings, None)
        note = f"found {path.name} but llama-cpp-python is not installed"
        return None, BackendInfo("offline", notes=(note,))
    return None, BackendInfo("offline", notes=("no OPENAI_API_KEY, MEDAGENT_LLM_BASE_URL or local GGUF model",))
