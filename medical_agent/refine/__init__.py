"""Verification stage: judges (LLM CRAG and heuristic), query rewriting, loop guards and the strategies."""
