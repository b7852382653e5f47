"""Benchmarks and evaluation, by concern: ``retrieval`` (metrics, datasets, fusion and expansion tuning),
``profile`` (extraction + profile scored against Synthea FHIR patients), ``harness`` (multi-turn runs of the
agent vs LLM mode, judges, statistics, report) and ``benches`` (speed: BM25, query pipeline, turn, demo)."""
