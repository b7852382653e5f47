"""The LLM protocol every backend implements, its result type and its errors.

Nodes only see this protocol: they never build clients or read keys. ``tag`` says what a call is for
("generate", "judge", "rewrite", ...): backends use it for logs and accounting, the scripted fake for routing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Message = dict[str, str]  # {"role": "system" | "user" | "assistant", "content": str}
JsonSchema = Mapping[str, Any]
TokenCallback = Callable[[str], None]


class LLMError(RuntimeError):
    """The backend answered with an error the user can act on (bad key, unknown model, server error)."""


class LLMConfigError(LLMError):
    """The backend cannot be built from the settings (missing key, missing package or model file)."""


class LLMUnavailableError(LLMError):
    """The server could not be reached or kept failing after the retries."""


@dataclass
class ChatResult:
    text: str
    model: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    logprobs: list[float] | None = None  # per generated token, when the backend gives them
    cached_tokens: int = 0               # prompt tokens not computed again: a prefix shared with an earlier call
                                         # (llama.cpp's KV cache, a server's prompt cache)


@runtime_checkable
class LLM(Protocol):
    name: str            # backend kind: openai | llamacpp | fake
    model: str
    context_window: int
    concurrency: int | None   # calls it serves at once (None: as many as asked); the app never exceeds it
    lease_per_turn: bool      # one turn keeps the model for all its calls (one KV cache: its prefix survives)

    def chat(self, messages: Sequence[Message], *, temperature: float = 0.2, max_tokens: int | None = None,
             json_mode: bool = False, json_schema: JsonSchema | None = None, on_token: TokenCallback | None = None,
             tag: str = "") -> ChatResult:
        """One completion. ``json_mode`` asks for a JSON object; ``json_schema`` for one of that schema, through
        the backend's structured output where it has one (a grammar in llama.cpp, ``json_schema`` response
        format on OpenAI-compatible servers); ``on_token`` streams text chunks."""
        ...

    def count_tokens(self, text: str) -> int:
        ...


@dataclass(frozen=True)
class BackendInfo:
    """What is active, for logs, the CLI and the UI header."""

    kind: str                  # openai | llamacpp | fake | offline
    model: str = ""
    detail: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def offline(self) -> bool:
        return self.kind == "offline"

    @property
    def label(self) -> str:
        if self.offline:   # with the reason when a model was configured but is not usable
            return "offline mode (no LLM: extractive answers, heuristic judge)" + \
                "".join(f" — {note}" for note in self.notes)
        return f"{self.kind}: {self.model}" + (f" @ {self.detail}" if self.detail else "")
