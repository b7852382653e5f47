"""Choose the LLM backend from the settings.

Order for ``llm: auto``: OPENAI_API_KEY or MEDAGENT_LLM_BASE_URL → openai; a GGUF file at
``llamacpp_model_path`` with llama-cpp-python installed → llamacpp; otherwise offline mode (no LLM: the graph
answers extractively and judges heuristically). An explicit spec (``openai:<model>``, ``llamacpp:<path>``,
``llamacpp:hf:<owner>/<repo>/<file.gguf>``, ``offline``, ``fake``) always wins. The choice is logged and returned
for the UI.

A local model runs in a supervised worker process (llm/local_process.py) and must answer a one-token completion
before it is used: a model that cannot (a broken build, a file that is not a model) leaves the app in offline mode
with the reason in the header, instead of failing every turn. Hugging Face's router (``router.huggingface.co``)
takes the ``HF_TOKEN`` secret as its API key when no OPENAI_API_KEY is set.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from urllib.parse import urlparse

from ..settings import Settings, SettingsError
from .base import LLM, BackendInfo, LLMConfigError, LLMError
from .fake import ScriptedLLM
from .hub import PREFIX as HUB_PREFIX
from .hub import hub_model_path
from .llamacpp_backend import INSTALL_HINT, llama_cpp_available
from .local_process import LocalModelProcess
from .openai_backend import OpenAIChatLLM

log = logging.getLogger(__name__)
SPECS = ("auto | offline | fake | openai | openai:<model> | llamacpp | llamacpp:<path.gguf> "
         "| llamacpp:hf:<owner>/<repo>/<file.gguf>")
HF_ROUTER_HOSTS = ("router.huggingface.co",)      # takes the HF_TOKEN secret as its API key


def _openai(settings: Settings, model: str | None) -> tuple[LLM, BackendInfo]:
    b = settings.backends
    model = model or b.llm_model
    llm = OpenAIChatLLM(model, api_key=api_key(settings), base_url=b.llm_base_url, timeout=b.llm_timeout_s,
                        max_retries=b.llm_max_retries, context_window=b.llm_context_window, logprobs=b.llm_logprobs,
                        concurrency=b.llm_concurrency)
    return llm, BackendInfo("openai", model, b.llm_base_url or "api.openai.com")


def api_key(settings: Settings) -> str | None:
    """OPENAI_API_KEY; for Hugging Face's router without one, the HF_TOKEN secret (never sent to another server)."""
    b = settings.backends
    if b.openai_api_key or not b.llm_base_url:
        return b.openai_api_key
    return b.hf_token if urlparse(b.llm_base_url).hostname in HF_ROUTER_HOSTS else None


def worker_command(settings: Settings, model_path: Path) -> list[str]:
    """The argv of the local model's worker process (llm/worker.py)."""
    b = settings.backends
    return [sys.executable, "-m", "medical_agent.llm.worker", str(model_path), "--n-ctx",
            str(b.llm_context_window or 4096), "--repeat-penalty", str(b.llm_repeat_penalty),
            *(["--logprobs"] if b.llm_logprobs else [])]


def worker_env() -> dict[str, str]:
    """The app's environment, with this package importable wherever the app was started from."""
    root = str(Path(__file__).resolve().parents[2])
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)}


def model_file(settings: Settings, path: str | None) -> Path:
    """The GGUF file ``path`` names (a hub model is fetched into the hub cache once), or the configured one."""
    if path and path.startswith(HUB_PREFIX):
        return hub_model_path(path, token=settings.backends.hf_token)
    model_path = Path(path).expanduser() if path else settings.backends.llamacpp_model_path
    if model_path is None:
        raise SettingsError("llamacpp backend needs a model path: llamacpp:<path.gguf>")
    if not model_path.is_file():
        raise LLMConfigError(f"GGUF model file not found: {model_path}. Run ../shared/tools/fetch-local-llm "
                             "to assemble one, or set MEDAGENT_LLAMACPP_MODEL_PATH.")
    return model_path


def local_llm(settings: Settings, path: str | None, *, command: list[str] | None = None
              ) -> tuple[LLM | None, BackendInfo]:
    """The local model in its worker process, checked with a one-token completion; offline with the reason if it
    fails. ``command`` replaces the worker's argv (tests start a fake runtime)."""
    model_path = model_file(settings, path)
    if command is None and not llama_cpp_available():
        raise LLMConfigError(INSTALL_HINT)
    b = settings.backends
    llm = LocalModelProcess(command or worker_command(settings, model_path), model=model_path.name,
                            context_window=b.llm_context_window or 4096, stall_timeout_s=b.llm_timeout_s,
                            env=worker_env())
    try:
        llm.verify()
    except LLMError as exc:
        llm.close()
        reason = f"the local model {model_path.name} failed its start-up check: {exc}"
        log.error("%s; offline mode", reason)
        return None, BackendInfo("offline", notes=(reason,))
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
        llm, info = local_llm(settings, arg or None)
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
            return local_llm(settings, None)
        note = f"found {path.name} but llama-cpp-python is not installed"
        return None, BackendInfo("offline", notes=(note,))
    return None, BackendInfo("offline", notes=("no OPENAI_API_KEY, MEDAGENT_LLM_BASE_URL or local GGUF model",))
