"""A request-size limit in front of Gradio: a body over the limit is answered 413 before anything parses it.

The message-length check of the chat handler runs after Gradio has read and parsed the whole request (a 50 MB
POST to /gradio_api/call/chat was accepted and its history echoed back). This ASGI middleware sits below
Gradio: it refuses by the declared Content-Length at once, and otherwise counts the body as it streams in and
stops reading at the limit. There it answers 413 itself and tells the app the client has gone: an exception
raised into the app instead was caught by FastAPI's body parsing and answered 400 (issue 33), and whatever the
app still sends for the cut-off body is dropped.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


UPLOAD_PATH = "/gradio_api/upload"
MULTIPART_SLACK = 64 * 1024      # form boundaries and headers around an uploaded file


class BodyLimit:
    """``max_bytes`` for every request; ``upload_bytes`` for Gradio's file-upload route (documents are larger than
    messages; Gradio's own ``max_file_size`` then checks each file)."""

    def __init__(self, app: ASGIApp, max_bytes: int, upload_bytes: int | None = None) -> None:
        self.app, self.max_bytes = app, max_bytes
        self.upload_bytes = upload_bytes or max_bytes

    async def refuse(self, send: Send, limit: int) -> None:
        size = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"
        body = f"Request body too large: the limit is {size}.".encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.upload_bytes + MULTIPART_SLACK if str(scope.get("path", "")).endswith(UPLOAD_PATH) \
            else self.max_bytes
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await self.refuse(send, limit)
            return
        received, started, refused = 0, False, False

        async def counted_receive() -> Message:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body") or b"")
                if received > limit:
                    refused = True
                    if not started:
                        await self.refuse(send, limit)
                    return {"type": "http.disconnect"}
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if refused:
                return                                  # the 413 went out; the app's answer goes nowhere
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except Exception:
            if not refused:
                raise                                   # a cut-off body may make the app fail: already answered
