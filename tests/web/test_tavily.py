"""The Tavily provider through its own client against a local fake of Tavily's API: the key is sent, the allow-list
goes with the query and is enforced again on what comes back; a missing key or client is a note, not a crash."""

from __future__ import annotations

import pytest

from medical_agent.composition import create_web_fallback
from medical_agent.settings import load_settings
from medical_agent.web.fallback import WebFallback
from medical_agent.web.tavily import TavilySearch

pytest.importorskip("tavily", reason="Tavily's client is an optional extra: pip install -r requirements-dev.txt")


def test_tavily_results_are_kept_only_on_allow_listed_sites(fake_web):
    base = f"http://127.0.0.1:{fake_web.server_port}"
    provider = TavilySearch(fake_web.api_key, domains=["127.0.0.1"], base_url=base)
    docs, note = WebFallback(provider, ["127.0.0.1"], k=3).evidence("alendronate side effects")
    assert [d.url for d in docs] == [f"{base}/drugs/alendronate"] and "once a week" in docs[0].text
    assert note == "web (tavily): 2 results, 1 on allow-listed sites, 1 read"
    sent = fake_web.posted[0]
    assert sent["query"] == "alendronate side effects" and sent["include_domains"] == ["127.0.0.1"]
    assert sent["authorization"] == f"Bearer {fake_web.api_key}" and sent["max_results"] == 9
    assert not any("miracle" in r for r in fake_web.requests)


def test_a_wrong_key_or_a_missing_one_is_a_note(fake_web, tmp_path):
    base = f"http://127.0.0.1:{fake_web.server_port}"
    docs, note = WebFallback(TavilySearch("tvly-wrong", base_url=base), ["127.0.0.1"]).evidence("alendronate")
    assert docs == [] and note.startswith("web search failed (")
    env = {"MEDAGENT_DB_PATH": str(tmp_path / "db.sqlite"), "MEDAGENT_WEB_PROVIDER": "tavily"}
    fallback = create_web_fallback(load_settings(env=env))
    assert fallback is not None                                  # the app starts; each search says why it cannot
    docs, note = fallback.evidence("alendronate")
    assert docs == [] and note == "web search: Tavily needs an API key (TAVILY_API_KEY)"
    keyed = create_web_fallback(load_settings(env={**env, "TAVILY_API_KEY": fake_web.api_key,
                                                   "MEDAGENT_WEB_TAVILY_URL": base,
                                                   "MEDAGENT_WEB_ALLOW_DOMAINS": "127.0.0.1"}))
    assert [d.url for d in keyed.evidence("alendronate")[0]] == [f"{base}/drugs/alendronate"]
