"""The web fallback against a local fake search server: allow-list enforced before any page is fetched, the page's
main text extracted, cited with its URL and labelled web; a failing provider is a note, not a crash."""

from medical_agent.web.base import WebResult
from medical_agent.web.fallback import WebFallback, allowed
from medical_agent.web.searxng import SearxngSearch


def test_the_allow_list_matches_sites_and_their_subdomains_only():
    domains = ["nih.gov", "medlineplus.gov"]
    assert allowed("https://www.nih.gov/health", domains) and allowed("https://medlineplus.gov/x", domains)
    assert not allowed("https://nih.gov.evil.com/x", domains) and not allowed("https://notnih.gov/x", domains)
    assert not allowed("not a url", domains)


def test_search_keep_allowed_read_the_page(fake_web):
    base = f"http://127.0.0.1:{fake_web.server_port}"
    fallback = WebFallback(SearxngSearch(base), ["127.0.0.1"], k=3)
    docs, note = fallback.evidence("alendronate side effects")
    assert [d.url for d in docs] == [f"{base}/drugs/alendronate"]
    doc = docs[0]
    assert doc.source == "web" and doc.metadata["category"] == "web" and doc.title.startswith("Alendronate")
    assert "once a week" in doc.text and "Copyright" not in doc.text and "Home | Drugs" not in doc.text
    assert note == "web (searxng): 2 results, 1 on allow-listed sites, 1 read"
    assert not any("miracle" in r for r in fake_web.requests)          # the other site was never fetched


def test_a_failing_provider_or_page_is_a_note(fake_web):
    fake_web.fail_search = True
    docs, note = WebFallback(SearxngSearch(f"http://127.0.0.1:{fake_web.server_port}"), ["127.0.0.1"]).evidence("x")
    assert docs == [] and note.startswith("web search failed (HTTPStatusError")

    class OnePage:
        name = "one"

        def search(self, query, k):
            return [WebResult(f"http://127.0.0.1:{fake_web.server_port}/missing", "gone")]

    docs, note = WebFallback(OnePage(), ["127.0.0.1"]).evidence("x")
    assert docs == [] and note.endswith("1 on allow-listed sites, 0 read")
