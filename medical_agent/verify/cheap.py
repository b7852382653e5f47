"""The cheap check: a verdict without a model, in milliseconds. It runs first on every answer; the LLM verifier
runs only when this one is not confident.

A cited claim is supported when its words stand in the passages it cites (the lexical proxy) or, for a
paraphrase or a Korean answer from English passages, when one sentence of those passages is close in the
multilingual embedding space (cosine ≥ :data:`SEMANTIC_SUPPORT`, chosen where different-topic sentences never
reached it; docs/benchmarks.md). The seed's heuristic score (length, evidence, personalisation) gives the quality;
missing question intents, the answer's language and the share of cited sentences complete the picture.
Confident means: the answer is in the question's language, cites, every cited claim is supported, at least half
of its sentences cite, nothing asked is missing, it is not a stub (length score ≥ 0.5), it answers (it does not
restate the question, give a title or deny what the evidence covers: verify.non_answer) and it uses the profile
where there is one. A claim that gives an amount only a neighbouring row of a table states — the question's
number ("20 kg") falls in another row's band — is unsupported whatever its words, and the feedback names the
right row (context.table_rows). (The seed score's evidence breadth — three passages cited — is not required: a short answer
from one passage can be fully grounded.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..context.table_rows import is_table_passage, numbers, row_conflict
from ..evidence import Evidence
from ..generation.finalize import body_of
from ..text import detect_language, split_sentences
from .claims import PROXY_THRESHOLD, cited_numbers, sentences, tokens
from .heuristic import heuristic_judge
from .non_answer import non_answer
from .verdict import Verdict

SEMANTIC_SUPPORT = 0.6
MIN_COVERAGE = 0.5
MIN_LENGTH = 0.5
Encode = Callable[[list[str]], np.ndarray]     # texts → L2-normalised vectors (the embedder's query side)


def claim_support(claims: Sequence[str], docs: Sequence[Evidence], encode: Encode | None = None
                  ) -> list[dict[str, object]]:
    """Per claim: the passages it cites, its lexical and semantic support, supported or not."""
    out: list[dict[str, object]] = []
    pending: list[tuple[int, list[str]]] = []
    for claim in claims:
        cites = [n for n in cited_numbers(claim) if 0 < n <= len(docs)]
        own = tokens(claim)
        evidence = set().union(*(tokens(docs[n - 1].passage) for n in cites)) if cites else set()
        lexical = len(own & evidence) / len(own) if own and cites else 0.0
        out.append({"text": claim, "cites": cites, "support": round(lexical, 3),
                    "supported": bool(cites) and lexical >= PROXY_THRESHOLD})
        if cites and not out[-1]["supported"]:
            pending.append((len(out) - 1, [s for n in cites for s in split_sentences(docs[n - 1].text)]))
    if encode is not None and pending:
        texts = [out[i]["text"] for i, _ in pending]
        flat = [s for _, sents in pending for s in sents]
        if flat:
            vectors = encode([*texts, *flat])
            claim_vecs, sent_vecs = vectors[: len(texts)], vectors[len(texts):]
            start = 0
            for row, (i, sents) in enumerate(pending):
                if sents:
                    best = float((sent_vecs[start:start + len(sents)] @ claim_vecs[row]).max())
                    out[i]["support"] = round(max(float(out[i]["support"]), best), 3)
                    out[i]["supported"] = best >= SEMANTIC_SUPPORT
                start += len(sents)
    return out


def check_table_rows(claims: list[dict[str, object]], docs: Sequence[Evidence], question: str) -> None:
    """Mark the claims that read the wrong row of a table (the tables they cite; every table of the evidence when
    they cite nothing) unsupported, with the right row in ``claim["table_row"]``."""
    values = numbers(question)
    tables = [n for n, doc in enumerate(docs, start=1) if is_table_passage(doc)]
    if not values or not tables:
        return
    for claim in claims:
        cites = [int(n) for n in claim["cites"]]            # type: ignore[attr-defined]
        for n in [n for n in cites if n in tables] if cites else tables:
            row = row_conflict(str(claim["text"]), docs[n - 1].text, values)
            if row:
                claim.update(cites=cites or [n], supported=False, table_row=f"[{n}] {row}")
                break


def cheap_verdict(question: str, answer: str, docs: Sequence[Evidence], profile_summary: str, lang: str,
                  encode: Encode | None = None, evidence_kept: bool = True) -> Verdict:
    body = body_of(answer)
    heuristic = heuristic_judge(question, answer, docs, profile_summary, lang)
    claims = claim_support(sentences(body), docs, encode)
    check_table_rows(claims, docs, question)
    cited = [c for c in claims if c["cites"]]
    language_ok = detect_language(body) == ("ko" if lang == "ko" else "en") if body.strip() else True
    verdict = Verdict(judge="heuristic", quality=float(heuristic["overall_score"]), claims=claims,
                      language_ok=language_ok, missing_info=list(heuristic["missing_info"]),
                      parts={k: heuristic[k] for k in ("length_score", "evidence_score", "personalization_score")})
    verdict.non_answer = non_answer(question, body, docs, evidence_kept)
    coverage = len(cited) / len(claims) if claims else 0.0
    verdict.confident = (language_ok and bool(cited) and verdict.supported_share == 1.0 and coverage >= MIN_COVERAGE
                         and not verdict.missing_info and heuristic["length_score"] >= MIN_LENGTH
                         and not verdict.non_answer
                         and heuristic["personalization_score"] == 1.0)
    return verdict
