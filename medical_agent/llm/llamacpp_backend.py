"""Local GGUF model through llama-cpp-python (an optional extra, imported lazily). The app runs it in a worker
process of its own (llm/worker.py, supervised by llm/local_process.py), never in the web process.

``../shared/tools/fetch-local-llm --install`` assembles Qwen2.5-Coder-1.5B-Instruct Q4_K_M and builds the
package; ``pip install llama-cpp-python`` works too. Token counts use the model's own tokenizer.

Log-probabilities (for the evaluation's perplexity) come from a logits processor, not from llama.cpp's own
``logprobs`` option: that one needs ``logits_all`` (logits kept for every prompt token, ~2.5 GB at 4k context,
slower prompt processing) and sorts the whole 152k vocabulary in Python for every generated token. The
processor sees each next-token distribution once, while sampling, and scores the token that was sampled from it.

Calls that start with the prompt of the previous call reuse its KV cache (llama-cpp-python matches the longest
common token prefix); :class:`PrefixReuse` records how many prompt tokens each call reused, so a turn's
evaluated prompt tokens are known (the agent puts one shared prefix in front of every call of a turn).

``repeat_penalty`` (llama.cpp's, default 1.1 here, 1.0 = off) is on because the 1.5B model, asked in Korean,
otherwise repeats one sentence until the token cap (measured in the issue-7 GGUF run: perplexity 1.02, judge
scores low, every round a stagnation).
"""

from __future__ import annotations

import importlib.util
import logging
import math
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .base import ChatResult, JsonSchema, LLMConfigError, LLMError, Message, TokenCallback

log = logging.getLogger(__name__)
INSTALL_HINT = ("llama-cpp-python is not installed. Install it with `pip install llama-cpp-python` "
                "(or run ../shared/tools/fetch-local-llm --install), or choose another LLM backend.")


class SampledLogprobs:
    """llama.cpp logits processor that records log p(token) of every sampled token but the last.

    Called before each sampling step with the context so far (ending with the token sampled last) and the next
    token's logits; it scores that last token under the distribution remembered from the previous step and
    returns the logits unchanged. The final token (usually end-of-turn) has no successor call and is not scored.
    """

    def __init__(self) -> None:
        self.values: list[float] = []
        self._previous: np.ndarray | None = None

    def __call__(self, input_ids: np.ndarray, scores: np.ndarray) -> np.ndarray:
        if self._previous is not None and len(input_ids):
            value = float(self._previous[int(input_ids[-1])])
            if math.isfinite(value):
                self.values.append(value)
        logits = np.asarray(scores, dtype=np.float64)
        shifted = logits - logits.max()
        self._previous = shifted - np.log(np.exp(shifted).sum())
        return scores


class PrefixReuse:
    """Wraps ``Llama.generate`` to note, before each call, how many prompt tokens match the tokens already in the
    KV cache — the count llama-cpp-python itself skips (one fewer when the whole prompt matches: it replays the
    last token to refresh the logits)."""

    def __init__(self, llama: Any) -> None:
        self.llama, self.reused = llama, 0
        self._generate = llama.generate
        llama.generate = self

    def __call__(self, tokens: Sequence[int], *args: Any, **kwargs: Any) -> Any:
        cached = [int(t) for t in self.llama._input_ids[: self.llama.n_tokens]] if self.llama.n_tokens else []
        common = len(os.path.commonprefix([cached, [int(t) for t in tokens]]))
        self.reused = common - 1 if common and common == len(tokens) else common
        return self._generate(tokens, *args, **kwargs)


def llama_cpp_available() -> bool:
    """Whether llama-cpp-python is installed, without loading its native library (the app process never does:
    the model runs in llm/worker.py's process)."""
    return importlib.util.find_spec("llama_cpp") is not None


class LlamaCppLLM:
    name = "llamacpp"
    # One llama.cpp context is not thread-safe (two calls at once abort the process) and has one KV cache: one
    # call at a time, and a turn keeps the model so the next call reuses its prompt prefix (llm/lease.py).
    concurrency: int | None = 1
    lease_per_turn = True

    def __init__(self, model_path: Path | str, *, n_ctx: int = 4096, n_threads: int = 2, logprobs: bool = False,
                 repeat_penalty: float = 1.1):
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
        self._repeat_penalty = repeat_penalty
        self._llm = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, verbose=False)
        self._reuse = PrefixReuse(self._llm)

    def chat(self, messages: Sequence[Message], *, temperature: float = 0.2, max_tokens: int | None = None,
             json_mode: bool = False, json_schema: JsonSchema | None = None, on_token: TokenCallback | None = None,
             tag: str = "") -> ChatResult:
        kwargs: dict[str, Any] = {"messages": list(messages), "temperature": temperature,
                                  "max_tokens": max_tokens or 512, "repeat_penalty": self._repeat_penalty}
        if json_schema is not None:   # llama.cpp turns the schema into a grammar: only valid replies can be sampled
            kwargs["response_format"] = {"type": "json_object", "schema": dict(json_schema)}
        elif json_mode:
            kwargs["response_format"] = {"type": "json_object"}
        recorder = SampledLogprobs() if self._want_logprobs else None
        if recorder is not None:
            from llama_cpp import LogitsProcessorList

            kwargs["logits_processor"] = LogitsProcessorList([recorder])
        start = time.perf_counter()
        self._reuse.reused = 0
        try:
            if on_token is None:
                resp = self._llm.create_chat_completion(**kwargs)
                choice = resp["choices"][0]
                text = choice["message"]["content"] or ""
                usage = resp.get("usage") or {}
            else:
                parts: list[str] = []
                for chunk in self._llm.create_chat_completion(stream=True, **kwargs):
                    delta = chunk["choices"][0].get("delta", {}).get("content")
                    if delta:
                        parts.append(delta)
                        on_token(delta)
                text, usage = "".join(parts), {}
        except Exception as exc:  # llama.cpp raises plain exceptions (e.g. context overflow)
            raise LLMError(f"local model failed: {exc}") from exc
        prompt_t = usage.get("prompt_tokens") or sum(self.count_tokens(m["content"]) for m in messages)
        completion_t = usage.get("completion_tokens") or self.count_tokens(text)
        cached = min(self._reuse.reused, prompt_t)
        log.info("local model call (%s): %d prompt (%d reused) + %d completion tokens in %.1f s", tag or "-",
                 prompt_t, cached, completion_t, time.perf_counter() - start)  # seconds to minutes on a CPU
        return ChatResult(text=text, model=self.model, prompt_tokens=prompt_t, completion_tokens=completion_t,
                          latency_ms=(time.perf_counter() - start) * 1000, cached_tokens=cached,
                          logprobs=(recorder.values or None) if recorder else None)

    def count_tokens(self, text: str) -> int:
        return len(self._llm.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def on_progress(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` before every batch llama.cpp decodes: each prompt batch (``n_batch`` tokens) and each
        generated token. The worker process's sign of life (llm/worker.py): a call that makes no progress hangs."""
        context = self._llm._ctx
        decode = context.decode

        def decode_with_beat(*args: Any, **kwargs: Any) -> Any:
            callback()
            return decode(*args, **kwargs)

        context.decode = decode_with_beat
