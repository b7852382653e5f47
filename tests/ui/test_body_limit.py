"""The request-size limit in front of Gradio: an oversized body gets 413 before anything parses it, whether it
declares its length or streams it in chunks; normal requests pass."""

from __future__ import annotations

import asyncio

import httpx

from medical_agent.ui.body_limit import BodyLimit


async def echo_length(scope, receive, send):
    """A stand-in app that reads the whole body, as Gradio does, and says how long it was."""
    size, more = 0, True
    while more:
        message = await receive()
        size += len(message.get("body", b""))
        more = message.get("more_body", False)
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": str(size).encode()})


def post(body, headers=None) -> httpx.Response:
    async def go():
        transport = httpx.ASGITransport(app=BodyLimit(echo_length, max_bytes=1024))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.post("/gradio_api/call/chat", content=body, headers=headers)
    return asyncio.run(go())


def test_declared_and_streamed_bodies_over_the_limit_are_refused():
    assert post(b"x" * 1000).text == "1000"
    refused = post(b"x" * 5000)
    assert refused.status_code == 413 and "1 KB" in refused.text

    async def chunks():
        for _ in range(10):
            yield b"y" * 500
    assert post(chunks()).status_code == 413                          # no Content-Length: counted as it comes


def test_the_served_app_refuses_a_huge_post(served_app):
    url = served_app["url"].rstrip("/") + "/gradio_api/call/chat"
    big = b'{"data": ["' + b"a" * (600 * 1024) + b'"]}'
    response = httpx.post(url, content=big, headers={"content-type": "application/json"}, timeout=30)
    assert response.status_code == 413
    assert httpx.get(served_app["url"], timeout=30).status_code == 200      # and keeps serving
