"""Verification: whether an answer's claims are supported by the evidence they cite. The lexical check runs
without a model; the LLM check asks one per claim, through the structured-call helper. The evaluation
harness imports these; the self-refine loop and seed 004's verifier build on them."""
