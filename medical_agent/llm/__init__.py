"""LLM protocol and backends (openai-compatible, llama.cpp, scripted fake) plus backend selection."""

from .base import LLM, BackendInfo, ChatResult, LLMConfigError, LLMError, LLMUnavailableError, Message
from .factory import create_llm
from .fake import ScriptedLLM
from .tokens import estimate_tokens

__all__ = ["LLM", "BackendInfo", "ChatResult", "LLMConfigError", "LLMError", "LLMUnavailableError", "Message",
           "ScriptedLLM", "create_llm", "estimate_tokens"]
