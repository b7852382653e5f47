"""The command line: option parsing (malformed pairs name the option and the expected form), and `chat`
going on after a bad message."""

import json

import pytest

from medical_agent.eval.retrieval.cli import number_pairs
from tests.graph.conftest import embedder, tiny_index  # noqa: F401  (shared fixtures)


def test_number_pairs_parse_and_reject():
    assert number_pairs("0:0,3:4", "--prf", "DOCS:WEIGHT") == [(0.0, 0.0), (3.0, 4.0)]
    for bad in ("3", "3:4:5", "a:1", ""):
        with pytest.raises(ValueError, match="--prf: expected DOCS:WEIGHT"):
            number_pairs(bad, "--prf", "DOCS:WEIGHT")


def test_chat_reports_a_bad_message_and_answers_the_next_ones(tmp_path, tiny_index, monkeypatch, capsys):  # noqa: F811
    from medical_agent import cli
    from medical_agent.settings import get_settings

    for name, value in {"MEDAGENT_DB_PATH": str(tmp_path / "agent.sqlite"), "MEDAGENT_DOCUMENTS_DIR": str(tmp_path / "documents"), "MEDAGENT_MEDCAT2_ENABLED": "false",
                        "MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_EMBEDDER": "use-multilingual", "MEDAGENT_LLM": "offline"}.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    bad = b"\xff\xfe metformin".decode("utf-8", "surrogateescape")        # how Python hands over bad-UTF-8 argv
    try:
        assert cli.main(["chat", "--user", "u", "당뇨병이 뭔가요?", bad, "\x00\x07메트포르민 부작용?"]) == 0
    finally:
        get_settings.cache_clear()
    first, second, third = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["answer"] and third["answer"] and "not valid text" in second["error"]
