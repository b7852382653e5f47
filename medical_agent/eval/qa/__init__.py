"""`eval qa`: objective answer correctness (MIRAGE-style) for LLM mode and the agent on the same questions."""
