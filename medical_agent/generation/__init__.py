"""Answer generation helpers: citation mapping, the offline extractive generator, final answer assembly."""
