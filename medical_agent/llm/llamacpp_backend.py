"""Local GGUF model through llama-cpp-python (an optional extra, imported lazily).

``../shared/tools/fetch-local-llm --install`` assembles Qwen2.5-Coder-1.5B-Instruct Q4_K_M and builds the
package; ``pip install llama-cpp-python`` works too. Token counts use the model's own tokenizer, and the
per-token log-probabilities it returns give the evaluation its perplexity.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .base import ChatResult, LLMConfigError, LLMError, Message, TokenCallback

INSTALL_HINT = ("llama-cpp-python is not installed. Install it with `pip install llama-cpp-python` "
                "(or run ../shared/tools/fetch-local-llm --install), or choose another LLM backend.")


def token_logprobs(choice: dict[str, Any]) -> list[float]:
    """The finite per-token log-probabilities of one (streamed or whole) chat choice, in the OpenAI shape."""
    content = (choice.get("logprobs") or {}).get("content") or []
    return [t["logprob"] for t in content if math.isfinite(t.get("logprob", float("nan")))]


def llama_cpp_available() -> bool:
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        return False
    return True


class LlamaCppLLM:
    name = "llamacpp"

    def __init__(self, model_path: Path | str, *, n_ctx: int = 4096, n_threads: int = 2, logprobs: bool = False):
        path = Path(model_path).expanduser()
        if not path.is_file():
            raise LLMConfigError(f"GGUF model file not found: {path}. Run ../shared/tools/fetch-local-llm "
                                 "to assemble one, or set MEDAGENT_LLAMACPP_MODEL_PATH.")
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise LLMConfigError(INSTALL_HINT) from exc
        self.model = path.name
        self.context_window = n_ctx
        self._want_logprobs = logprobs
        self._llm = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, verbose=False,
                          logits_all=logprobs)

    def chat(self, messages: Sequence[Message], *, temperature: float = 0.2, max_tokens: int | None = None,
             json_mode: bool = False, on_token: TokenCallback | None = None, tag: str = "") -> ChatResult:
        kwargs: dict[str, Any] = {"messages": list(messages), "temperature": temperature,
                                  "max_tokens": max_tokens or 512}
        if json_mode:
            kwargs["response_format"] = {"type": "json_object"}
        if self._want_logprobs:  # top_logprobs=0: the chosen token's log-prob only (None would disable them)
            kwargs.update(logprobs=True, top_logprobs=0)
        start = time.perf_counter()
        logprobs: list[float] = []
        try:
            if on_token is None:
                resp = self._llm.create_chat_completion(**kwargs)
                choice = resp["choices"][0]
                text = choice["message"]["content"] or ""
                usage = resp.get("usage") or {}
                logprobs = token_logprobs(choice)
            else:
                parts: list[str] = []
                for chunk in self._llm.create_chat_completion(stream=True, **kwargs):
                    choice = chunk["choices"][0]
                    logprobs += token_logprobs(choice)
                    delta = choice.get("delta", {}).get("content")
                    if delta:
                        parts.append(delta)
                        on_token(delta)
                text, usage = "".join(parts), {}
        except Exception as exc:  # llama.cpp raises plain exceptions (e.g. context overflow)
            raise LLMError(f"local model failed: {exc}") from exc
        prompt_t = usage.get("prompt_tokens") or sum(self.count_tokens(m["content"]) for m in messages)
        completion_t = usage.get("completion_tokens") or self.count_tokens(text)
        return ChatResult(text=text, model=self.model, prompt_tokens=prompt_t, completion_tokens=completion_t,
                          latency_ms=(time.perf_counter() - start) * 1000, logprobs=logprobs or None)

    def count_tokens(self, text: str) -> int:
        return len(self._llm.tokenize(text.encode("utf-8"), add_bos=False, special=False))
