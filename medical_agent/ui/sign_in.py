"""Sign in with Hugging Face (issue 36, item 1), so a profile follows its owner to any device and replica with
nothing to copy. Gradio does the OAuth: on a Space whose README metadata says ``hf_oauth: true`` it adds the login,
callback and logout routes and keeps the person's OAuth info in a signed session cookie; a handler with a
``gr.OAuthProfile | None`` parameter receives who is signed in (None: nobody).

What this project keeps of that identity is one string: ``hf-`` + HMAC-SHA256(salt, Hugging Face user id), the
salt a secret setting (``sign_in_salt``, MEDAGENT_SIGN_IN_SALT). It becomes the session's user id, so the profile,
documents, ratings and threads already keyed by user id follow the person, and the erasure that works for a resume
code works for them too. No token is read or stored; the user id and name are never logged (the name is shown only
on the sign-out button). A database that leaks does not say which Hugging Face accounts used the demo unless the
salt leaks too. Without a salt sign-in stays off (a warning says why).

Off a Space Gradio mocks the routes with the local machine's Hugging Face account, which needs a token and a call to
the hub. ``sign_in: mock`` keeps Gradio's mocked routes and session cookie but replaces only the identity they hand
out (``sign_in_mock_user``, no token, no network): local development and the tests sign in through the real button
and cookie. The button's label is in the interface's language, so it decides login or logout by the label's key
rather than by Gradio's English default (:func:`login_button`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import time
import uuid
import warnings
from dataclasses import dataclass
from typing import Any

import gradio as gr
import gradio.oauth
from gradio.context import get_blocks_context
from gradio.utils import get_space

from ..settings import Settings
from .labels import TEXTS, text

log = logging.getLogger(__name__)

ACCOUNT_PREFIX = "hf-"
MOCK_WARNING = "Gradio does not support OAuth features outside of a Space environment"


@dataclass(frozen=True)
class Account:
    """A signed-in person as this app knows them: the salted hash as user id, the name for the button."""

    user_id: str
    name: str


def account_key(hf_user_id: str, salt: str) -> str:
    """The user id a Hugging Face account's data is stored under: 128 bits of HMAC-SHA256(salt, id)."""
    digest = hmac.new(salt.encode(), hf_user_id.encode(), hashlib.sha256).hexdigest()
    return ACCOUNT_PREFIX + digest[:32]


def sign_in_mode(settings: Settings) -> str | None:
    """``space`` (Gradio's real OAuth), ``mock`` (offline stand-in) or None (no button). Auto is on only on a Space
    that grants OAuth (``OAUTH_CLIENT_ID`` is set by ``hf_oauth: true``); a missing salt keeps it off."""
    choice = settings.ui.sign_in
    on_space = get_space() is not None
    if choice == "off" or (choice == "auto" and not (on_space and os.environ.get("OAUTH_CLIENT_ID"))):
        return None
    if not settings.ui.sign_in_salt:
        log.warning("sign-in is off: set MEDAGENT_SIGN_IN_SALT (a secret of 16+ characters) to turn it on")
        return None
    return "space" if on_space else "mock"


def mock_oauth_info(username: str) -> dict[str, Any]:
    """What Gradio's mocked callback puts in the session, for ``username``, without a token or the hub: the same
    shape as its own mock (``gradio.oauth._get_mocked_oauth_info``), a stable fake user id per name."""
    sub = hashlib.sha256(f"local:{username}".encode()).hexdigest()[:24]
    return {"access_token": "mock-oauth-token-for-local-dev", "token_type": "bearer", "expires_in": 3600,
            "scope": "openid profile", "expires_at": int(time.time()) + 8 * 3600,
            "userinfo": {"sub": sub, "name": username, "preferred_username": username,
                         "profile": f"https://huggingface.co/{username}", "picture": ""}}


def use_mock_identity(username: str) -> None:
    """Make Gradio's mocked OAuth sign in as ``username`` offline. Gradio reads the identity once, when the server
    starts (``attach_oauth``); a server started later may use another name (the tests run several)."""
    gradio.oauth._get_mocked_oauth_info = lambda: mock_oauth_info(username)
    warnings.filterwarnings("ignore", message=MOCK_WARNING)


class SignIn:
    """The sign-in policy of one app: whether the button exists, who a ``gr.OAuthProfile`` is, the session and the
    button label for them."""

    def __init__(self, settings: Settings) -> None:
        self.mode = sign_in_mode(settings)
        self.salt = settings.ui.sign_in_salt or ""
        if self.mode == "mock":
            use_mock_identity(settings.ui.sign_in_mock_user)
            log.info("sign-in: offline mock identity (no token, no network)")

    @property
    def enabled(self) -> bool:
        return self.mode is not None

    def account(self, profile: gr.OAuthProfile | dict[str, Any] | None) -> Account | None:
        """The signed-in person, or None (sign-in off, nobody signed in, or a profile without a user id)."""
        hf_id = str((profile or {}).get("sub") or "") if self.enabled else ""
        if not hf_id:
            return None
        name = str(profile.get("preferred_username") or profile.get("name") or "")      # type: ignore[union-attr]
        return Account(account_key(hf_id, self.salt), name)

    @staticmethod
    def session(account: Account) -> dict[str, str]:
        """A session of ``account``: its key as user id (the resume code format never matches it), a new thread."""
        return {"user_id": account.user_id, "thread_id": uuid.uuid4().hex, "account": account.name}

    @staticmethod
    def label(session: dict[str, str] | None, lang: str) -> str:
        """The button: sign in, or sign out naming who is signed in in this tab."""
        name = (session or {}).get("account")
        return text("sign_out", lang, name=name) if name else text("sign_in", lang)


# The click: to Gradio's login route when the button reads "sign in" (in either language), else to its logout
# route; both come back to this page, whose load event then opens the account's profile or an anonymous one.
SIGN_IN_JS = """
(label) => {
    const signIn = SIGN_IN_LABELS.includes(label);
    window.parent?.postMessage({ type: "SET_SCROLLING", enabled: true }, "*");
    window.location.assign((signIn ? '/login/huggingface' : '/logout') + '?_target_url=/' + window.location.search);
}
""".replace("SIGN_IN_LABELS", json.dumps(list(TEXTS["sign_in"]), ensure_ascii=False))


def login_button() -> gr.LoginButton:
    """Gradio's LoginButton (its presence makes Gradio add the OAuth routes and the session cookie), made outside
    the Blocks: inside, it would attach Gradio's own click, which tells login from logout by the English label,
    and a load event that writes that label. The app renders it in the header (``.render()``), sets its label in
    the interface's language from its own load and language events, and wires :func:`wire_button`. (Not a
    subclass: Gradio writes a ``.pyi`` beside the module of every component class.)"""
    if get_blocks_context() is not None:
        raise RuntimeError("make the login button before entering gr.Blocks, then render it")
    return gr.LoginButton(text("sign_in"), size="sm", scale=0, min_width=200, elem_id="sign-in", render=False)


def wire_button(button: gr.LoginButton) -> None:
    """The click: to Gradio's login route or its logout route, by the label (either language)."""
    button.click(fn=None, inputs=[button], outputs=None, js=SIGN_IN_JS, api_name=False)
