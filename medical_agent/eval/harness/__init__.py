"""`eval run`: multi-turn scenarios, per-turn metrics and judges, statistics and the report."""
