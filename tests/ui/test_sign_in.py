"""Sign in with Hugging Face without a browser (issue 36, item 1): the key a signed-in person's data is stored under
(a salted hash, never the id), when the button exists (a Space granting OAuth and a salt; the offline mock), the
page's first frame for a signed-in and an anonymous visitor, the account's profile and conversation opened on
another device and on a replica sharing the database, erasure, the resume code unchanged, and the button in both
languages. The ``gr.OAuthProfile`` is what Gradio injects from its session cookie; here it is built from the same
fake identity the offline mock hands out (``sign_in.mock_oauth_info``)."""

from __future__ import annotations

import gradio as gr
import pytest

from medical_agent.composition import create_agent
from medical_agent.settings import SettingsError, load_settings
from medical_agent.storage import open_storage
from medical_agent.ui.app import MedicalAgentApp
from medical_agent.ui.profile_actions import RESUME_CODE
from medical_agent.ui.runtime import AgentRuntime
from medical_agent.ui.sign_in import SIGN_IN_JS, SignIn, account_key, mock_oauth_info, sign_in_mode
from tests.ui.conftest import QUESTION_KO
from tests.ui.test_handlers import CHAT, PROFILE, SESSION, built, turn
from tests.ui.test_korean import component_words, foreign_words

SALT = "test-salt-0123456789abcdef"
HEADER, TECH, MODE, START_SESSION, KEEP, LANG, LOGIN = range(7)


def signed_settings(ui_settings, user: str = "alice", **changes):
    return ui_settings.replace(sign_in="mock", sign_in_salt=SALT, sign_in_mock_user=user, **changes)


def profile_of(user: str) -> gr.OAuthProfile:
    """What Gradio injects for a person the offline mock signed in."""
    return gr.OAuthProfile(mock_oauth_info(user)["userinfo"])


@pytest.fixture()
def signed(ui_settings, ui_agent) -> MedicalAgentApp:
    ui = MedicalAgentApp(AgentRuntime(signed_settings(ui_settings), ui_agent))
    ui.demo = ui.build()
    return ui


def test_the_key_is_a_salted_hash_of_the_hugging_face_id():
    key = account_key("6389a1b2c3d4e5f6a7b8c9d0", SALT)
    assert key.startswith("hf-") and len(key) == 35 and "6389a1b2" not in key
    assert key == account_key("6389a1b2c3d4e5f6a7b8c9d0", SALT)                       # any replica, any device
    assert key != account_key("6389a1b2c3d4e5f6a7b8c9d0", SALT + "x")                # the salt matters
    assert key != account_key("6389a1b2c3d4e5f6a7b8c9d1", SALT)
    assert not RESUME_CODE.fullmatch(key)                                            # never a resume code


def test_the_button_exists_only_with_a_salt_on_a_space_granting_oauth_or_the_mock(ui_settings, monkeypatch):
    for name in ("SYSTEM", "SPACE_ID", "OAUTH_CLIENT_ID"):
        monkeypatch.delenv(name, raising=False)
    assert sign_in_mode(ui_settings) is None                                         # auto, locally: off
    assert sign_in_mode(ui_settings.replace(sign_in_salt=SALT)) is None
    assert sign_in_mode(signed_settings(ui_settings)) == "mock"
    assert sign_in_mode(ui_settings.replace(sign_in="mock")) is None                 # no salt, no sign-in
    monkeypatch.setenv("SYSTEM", "spaces")
    monkeypatch.setenv("SPACE_ID", "someone/medical-agent")
    assert sign_in_mode(ui_settings.replace(sign_in_salt=SALT)) is None              # a Space without hf_oauth
    monkeypatch.setenv("OAUTH_CLIENT_ID", "client")
    assert sign_in_mode(ui_settings.replace(sign_in_salt=SALT)) == "space"
    assert sign_in_mode(ui_settings.replace(sign_in_salt=SALT, sign_in="off")) is None
    assert sign_in_mode(ui_settings) is None                                         # hf_oauth but no salt
    with pytest.raises(SettingsError, match="sign_in_salt"):
        load_settings(env={"MEDAGENT_SIGN_IN_SALT": "short"})
    with pytest.raises(SettingsError, match="sign_in"):
        load_settings(env={"MEDAGENT_SIGN_IN": "yes"})


def test_without_sign_in_there_is_no_button_and_a_profile_is_ignored(ui_settings, ui_agent):
    ui = built(AgentRuntime(ui_settings, ui_agent))
    assert ui.login is None and not ui.sign_in.enabled
    header, tech, mode, session, keep, lang = ui.start("en", profile_of("alice"))
    assert session["user_id"].startswith("web-") and "account" not in session


def test_a_signed_in_page_is_the_account_s_and_a_signed_out_one_is_anonymous(signed, ui_agent):
    assert isinstance(signed.login, gr.LoginButton) and signed.demo.expects_oauth      # Gradio's OAuth routes
    clicks = [f for f in signed.demo.fns.values() if any(t[0] == signed.login._id for t in f.targets)]
    assert [f.js for f in clicks] == [SIGN_IN_JS]                         # ours only: not Gradio's English check
    assert not any(getattr(f.fn, "__name__", "") == "_check_login_status" for f in signed.demo.fns.values())
    first = signed.start("en", profile_of("alice"))
    session = first[START_SESSION]
    assert session["user_id"] == SignIn.session(signed.sign_in.account(profile_of("alice")))["user_id"]
    assert session["user_id"].startswith("hf-") and session["account"] == "alice"
    assert first[LOGIN] == "Sign out (alice)" and "Signed in as **alice**" in first[KEEP]
    assert session["user_id"] not in first[KEEP]                                     # the key is not shown
    anonymous = signed.start("ko", None)
    assert anonymous[START_SESSION]["user_id"].startswith("web-") and anonymous[LOGIN] == "허깅페이스로 로그인"
    assert "이어하기 코드" in anonymous[KEEP]
    skipped = signed.open_account(anonymous[START_SESSION], "ko")
    assert all(v == gr.skip() for v in skipped)                                      # anonymous: nothing changes


def test_a_second_device_and_a_replica_open_the_same_profile_and_erasure_reaches_both(ui_settings, tmp_path):
    """Two apps on two agents sharing one SQLite file are two replicas; Alice signs in on each, Bob on one."""
    settings = signed_settings(ui_settings, db_path=str(tmp_path / "shared.sqlite"))
    replicas = [built(AgentRuntime(settings, create_agent(settings, storage=open_storage(settings.paths.db_path))))
                for _ in range(2)]
    phone = replicas[0].start("ko", profile_of("alice"))[START_SESSION]
    turn(replicas[0], QUESTION_KO, phone, lang="ko")
    laptop = replicas[1].start("en", profile_of("alice"))[START_SESSION]
    chat, *panels, opened, traces = replicas[1].open_account(laptop, "en")
    assert opened["user_id"] == phone["user_id"] and opened["thread_id"] == phone["thread_id"]
    assert [m["role"] for m in chat] == ["user", "assistant"] and chat[0]["content"] == QUESTION_KO
    assert "Diabetes mellitus" in panels[PROFILE - 1] and traces == {}
    bob = replicas[1].start("en", profile_of("bob"))[START_SESSION]
    chat, *panels, bob, _ = replicas[1].open_account(bob, "en")
    assert bob["user_id"] != phone["user_id"] and chat == [] and "No profile yet" in panels[PROFILE - 1]
    *_, after, _, _, _, deleted = replicas[1].delete(opened, "en")                  # erased on the laptop
    assert deleted.startswith("🗑") and after["account"] == "alice"                  # still signed in, nothing kept
    for replica in replicas:
        assert replica.runtime.agent.deps.profiles.get(phone["user_id"]) is None
        assert replica.runtime.agent.storage.activity.last_thread(phone["user_id"]) is None
    chat, *panels, again, _ = replicas[0].open_account(replicas[0].start("ko", profile_of("alice"))[START_SESSION],
                                                       "ko")
    assert chat == [] and again["thread_id"] != phone["thread_id"]                   # the phone sees it gone
    last = turn(replicas[0], "What are the warning signs of a stroke?", again)[-1]
    assert "Diabetes" not in last[PROFILE] and last[SESSION]["user_id"] == phone["user_id"]
    assert [m["role"] for m in last[CHAT] if not m.get("metadata")] == ["user", "assistant"]
    for replica in replicas:
        replica.runtime.agent.storage.close()


def test_the_resume_code_still_works_with_sign_in_on(signed, ui_agent):
    first = signed.start("en", None)[START_SESSION]
    turn(signed, QUESTION_KO, first)
    *_, session, _, _, keep, code = signed.resume(first["user_id"], signed.start("en", None)[START_SESSION])
    assert session == first and first["user_id"] in keep
    ui_agent.forget(first["user_id"])


def test_the_button_speaks_both_languages_and_its_click_knows_either_label(signed):
    korean = dict(zip(map(id, signed.relabel_outputs), signed.relabel("ko", None, None)[2:], strict=True))
    assert korean[id(signed.login)]["value"] == "허깅페이스로 로그인"
    session = signed.start("en", profile_of("alice"))[START_SESSION]
    english = dict(zip(map(id, signed.relabel_outputs), signed.relabel("en", session, None)[2:], strict=True))
    assert english[id(signed.login)]["value"] == "Sign out (alice)"
    assert "Sign in with Hugging Face" in SIGN_IN_JS and "허깅페이스로 로그인" in SIGN_IN_JS


def test_korean_mode_has_no_english_with_the_button(ui_settings, ui_agent):
    ui = MedicalAgentApp(AgentRuntime(signed_settings(ui_settings), ui_agent))
    ui.demo = ui.build()
    assert component_words(ui) == {}
    assert foreign_words(ui.keep({"user_id": "hf-x", "thread_id": "t", "account": "alice"}, "ko"), ["alice"]) == []
