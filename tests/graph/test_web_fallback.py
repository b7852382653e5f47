"""The web fallback through the graph, against the local fake search server: a medicine the knowledge base lacks is
searched on the web (allow-listed pages only), cited with its URL and labelled web; off, the answer says so."""

from tests.web.conftest import fake_web  # noqa: F401  (the fixture)

QUESTION = "What are the side effects of alendronate?"


def test_off_by_default_the_gap_is_said(make_agent):
    result = make_agent().run("w0", QUESTION)
    assert result["evidence_gap"] == ["alendronate"] and result["web_note"] == ""
    assert "(Web search is not configured.)" in result["answer"]


def test_on_the_missing_medicine_is_read_from_an_allowed_page(make_agent, fake_web):  # noqa: F811
    base = f"http://127.0.0.1:{fake_web.server_port}"
    agent = make_agent(web_provider="searxng", web_searxng_url=base, web_allow_domains="127.0.0.1")
    result = agent.run("w1", QUESTION)
    web = [d for d in result["retrieved_docs"] if d["source"] == "web"]
    assert [d["url"] for d in web] == [f"{base}/drugs/alendronate"] and web[0]["category"] == "web"
    assert result["evidence_gap"] == [] and result["web_note"].endswith("1 read")
    assert "My sources have nothing" not in result["answer"]
    assert not any("ads.example.com" in r for r in fake_web.requests)
    profile = agent.deps.profiles.get("w1")
    assert profile is None or "once a week" not in str(profile)             # web text never enters the profile
    assert agent.run("w1", "What are the side effects of metformin?")["web_note"] == ""   # covered: no web search
