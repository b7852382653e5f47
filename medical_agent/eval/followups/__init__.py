"""Follow-up turns measured against the turns that name their topic (issue 18)."""
