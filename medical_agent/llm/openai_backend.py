"""OpenAI chat backend: api.openai.com or any OpenAI-compatible server through ``base_url``
(vLLM, Ollama, llama.cpp server, LM Studio). Retries with exponential backoff on 429/5xx and connection
errors are the client's own (``max_retries``); errors become messages that say what to fix.

A JSON schema goes out as the ``json_schema`` response format (structured outputs); a server that refuses it
(HTTP 400) is asked again in plain JSON mode, and from then on only in JSON mode (logged once)."""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Sequence
from typing import Any

from .base import (
    ChatResult,
    JsonSchema,
    LLMConfigError,
    LLMError,
    LLMUnavailableError,
    Message,
    TokenCallback,
)
from .tokens import estimate_tokens

log = logging.getLogger(__name__)
KNOWN_WINDOWS = {"gpt-4o": 128_000, "gpt-4o-mini": 128_000, "gpt-4.1": 1_000_000, "gpt-4.1-mini": 1_000_000,
                 "gpt-3.5-turbo": 16_385}


def build_openai_client(api_key: str | None, base_url: str | None, timeout: float, max_retries: int) -> Any:
    """One place that turns settings into an ``openai.OpenAI`` client (chat and embeddings share it)."""
    if not api_key and not base_url:
        raise LLMConfigError("OPENAI_API_KEY is not set. Set it (or MEDAGENT_LLM_BASE_URL for a local "
                             "OpenAI-compatible server), or use MEDAGENT_LLM=offline.")
    import openai

    return openai.OpenAI(api_key=api_key or "not-needed", base_url=base_url, timeout=timeout,
                         max_retries=max_retries)


def translate_error(exc: Exception, model: str, base_url: str | None) -> LLMError:
    """Map an ``openai`` exception to a message a user can act on."""
    import openai

    where = base_url or "api.openai.com"
    if isinstance(exc, openai.AuthenticationError):
        return LLMError(f"the LLM server at {where} rejected the API key (401): check OPENAI_API_KEY")
    if isinstance(exc, openai.NotFoundError):
        return LLMError(f"model {model!r} was not found at {where} (404): check MEDAGENT_LLM_MODEL")
    if isinstance(exc, openai.APITimeoutError):
        return LLMUnavailableError(f"the LLM server at {where} did not answer in time")
    if isinstance(exc, openai.APIConnectionError):
        return LLMUnavailableError(f"cannot reach the LLM server at {where}: is it running?")
    if isinstance(exc, openai.RateLimitError):
        return LLMUnavailableError(f"the LLM server at {where} kept rate-limiting (429) after retries")
    if isinstance(exc, openai.APIStatusError):
        return LLMError(f"the LLM server at {where} returned HTTP {exc.status_code}: {exc.message}")
    return LLMError(f"LLM call failed: {exc}")


def choice_logprobs(choice: Any) -> list[float]:
    """Per-token log-probabilities of a (streamed) choice; empty when the server sent none."""
    content = getattr(getattr(choice, "logprobs", None), "content", None) or []
    return [float(t.logprob) for t in content if t.logprob is not None and math.isfinite(t.logprob)]


class OpenAIChatLLM:
    name = "openai"
    lease_per_turn = False      # the server keeps its own prompt cache: a place per call is enough

    def __init__(self, model: str, *, api_key: str | None, base_url: str | None = None, timeout: float = 60.0,
                 max_retries: int = 3, context_window: int | None = None, logprobs: bool = False,
                 concurrency: int | None = None):
        """``concurrency``: calls sent at once (``llm_concurrency``; None: as many as the app makes, the
        server queues them)."""
        self.model = model
        self.concurrency = concurrency
        self._want_logprobs = logprobs
        self._schemas = True          # until the server refuses the json_schema response format
        self.base_url = base_url
        self.context_window = context_window or KNOWN_WINDOWS.get(model, 8192)
        self._client = build_openai_client(api_key, base_url, timeout, max_retries)

    def chat(self, messages: Sequence[Message], *, temperature: float = 0.2, max_tokens: int | None = None,
             json_mode: bool = False, json_schema: JsonSchema | None = None, on_token: TokenCallback | None = None,
             tag: str = "") -> ChatResult:
        import openai

        kwargs: dict[str, Any] = {"model": self.model, "messages": list(messages), "temperature": temperature}
        if max_tokens:
            kwargs["max_tokens"] = max_tokens
        if json_schema is not None and self._schemas:
            kwargs["response_format"] = {"type": "json_schema", "json_schema": {
                "name": (tag or "reply").replace("-", "_"), "schema": dict(json_schema), "strict": True}}
        elif json_mode or json_schema is not None:
            kwargs["response_format"] = {"type": "json_object"}
        if self._want_logprobs:
            kwargs["logprobs"] = True
        start = time.perf_counter()
        logprobs: list[float] = []
        try:
            if on_token is None:
                resp = self._client.chat.completions.create(**kwargs)
                text = resp.choices[0].message.content or ""
                logprobs = choice_logprobs(resp.choices[0])
                usage = resp.usage
                prompt_t = usage.prompt_tokens if usage else 0
                completion_t = usage.completion_tokens if usage else 0
                details = getattr(usage, "prompt_tokens_details", None)
                cached = int(getattr(details, "cached_tokens", 0) or 0)
            else:
                parts: list[str] = []
                for chunk in self._client.chat.completions.create(stream=True, **kwargs):
                    delta = chunk.choices[0].delta.content if chunk.choices else None
                    logprobs += choice_logprobs(chunk.choices[0]) if chunk.choices else []
                    if delta:
                        parts.append(delta)
                        on_token(delta)
                text, prompt_t, completion_t, cached = "".join(parts), 0, 0, 0
        except openai.BadRequestError as exc:
            if kwargs.get("response_format", {}).get("type") != "json_schema":
                raise translate_error(exc, self.model, self.base_url) from exc
            log.warning("the LLM server refused a JSON schema (%s); using plain JSON mode from now on", exc.message)
            self._schemas = False
            return self.chat(messages, temperature=temperature, max_tokens=max_tokens, json_schema=json_schema,
                             on_token=on_token, tag=tag)
        except openai.OpenAIError as exc:
            raise translate_error(exc, self.model, self.base_url) from exc
        if not prompt_t:
            prompt_t = sum(self.count_tokens(m.get("content", "")) for m in messages)
            completion_t = self.count_tokens(text)
        latency = (time.perf_counter() - start) * 1000
        log.debug("openai %s call (%s): %d+%d tokens in %.0f ms", self.model, tag, prompt_t, completion_t, latency)
        return ChatResult(text=text, model=self.model, prompt_tokens=prompt_t, completion_tokens=completion_t,
                          latency_ms=latency, logprobs=logprobs or None, cached_tokens=cached)

    def count_tokens(self, text: str) -> int:
        """No tokenizer files offline (tiktoken cannot download them): the documented estimate."""
        return estimate_tokens(text)
