"""A fake local-model runtime: the real worker loop (medical_agent/llm/worker.py) serving a scripted model, run as
its own process (`python -m tests.fakes.llm_runtime`) so a test can kill it mid-call or make it hang.

The model answers like ``ScriptedLLM`` (routed by tag, so the agent's nodes get replies they accept), streams its
reply a word at a time ``--delay`` seconds apart (a beat per word, as llama.cpp decodes a token), and reports the
prompt it shares with the previous call as cached. A message containing ``HANG`` stops without a beat (a hung
runtime); ``CRASH`` aborts the process (what ``GGML_ASSERT`` does). ``--fail-load`` exits before it is ready.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from medical_agent.llm.base import ChatResult, Message
from medical_agent.llm.fake import ScriptedLLM
from medical_agent.llm.worker import protocol_stream, serve_stdio


def command(*args: str) -> list[str]:
    """The argv that starts this fake runtime (for ``LocalModelProcess``)."""
    return [sys.executable, "-m", "tests.fakes.llm_runtime", *args]


class SlowScriptedModel:
    def __init__(self, delay: float):
        self.fake, self.delay = ScriptedLLM(cycle=True), delay
        self.model, self.context_window = "fake-runtime", 8192
        self._beat: Callable[[], None] = lambda: None

    def on_progress(self, callback: Callable[[], None]) -> None:
        self._beat = callback

    def chat(self, messages: Sequence[Message], **options: Any) -> ChatResult:
        text = " ".join(m.get("content", "") for m in messages)
        if "CRASH" in text:
            os.abort()
        if "HANG" in text:
            while True:
                time.sleep(1)
        on_token = options.pop("on_token", None)
        result = self.fake.chat(messages, **options)
        for i, word in enumerate(result.text.split(" ")):
            self._beat()
            time.sleep(self.delay)
            if on_token is not None:
                on_token(word if i == 0 else " " + word)
        return result

    def count_tokens(self, text: str) -> int:
        return self.fake.count_tokens(text)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--fail-load", action="store_true")
    args = parser.parse_args()
    out = protocol_stream()
    if args.fail_load:
        print("error: the model file is not a GGUF file", file=sys.stderr)
        sys.exit(3)
    serve_stdio(SlowScriptedModel(args.delay), out)


if __name__ == "__main__":
    main()
