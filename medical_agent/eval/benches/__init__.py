"""Speed benchmarks: BM25 vs rank_bm25, the query pipeline, an agent turn (scripted LLM), the demo under load."""
