"""A tiny sentence-transformers model folder made on the spot: the hub route's real loading code runs on local
files, and no test reaches the hub."""

from __future__ import annotations

import pytest

WORDS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "blood", "sugar", "high", "diabetes", "paris", "tower",
         "query", "passage", ":"]


@pytest.fixture()
def tiny_model_dir(tmp_path):
    from transformers import BertConfig, BertModel, BertTokenizerFast

    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(WORDS))
    model_dir = tmp_path / "tiny-bert"
    BertTokenizerFast(vocab_file=str(vocab)).save_pretrained(model_dir)
    config = BertConfig(vocab_size=len(WORDS), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=32, max_position_embeddings=32)
    BertModel(config).save_pretrained(model_dir)
    return model_dir
