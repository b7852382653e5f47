"""The tools run over the graph tests' tiny world (the same index, embedder and offline agent factory)."""

from tests.graph.conftest import embedder, make_agent, tiny_index  # noqa: F401
