"""The ten nodes. Each is ``(state, deps) -> partial update``."""
