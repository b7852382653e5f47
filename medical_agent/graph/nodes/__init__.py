"""The ten nodes. Each is ``(state, turn, deps) -> partial update``: the checkpointed state, the turn's frozen
context (user, mode, flags) and the agent's components."""
