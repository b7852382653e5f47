"""One composition root: the CLI, the UI's start-up and the test fixtures all build the agent through
``composition.create_agent`` and get the same graph, settings and components."""

from __future__ import annotations

import json
import os

import medical_agent.composition as composition
from medical_agent import cli
from medical_agent.settings import get_settings
from medical_agent.ui.runtime import AgentRuntime
from tests.graph.conftest import embedder, make_agent, tiny_index  # noqa: F401  (shared fixtures)


def test_cli_ui_and_fixtures_build_the_same_agent(tmp_path, tiny_index, make_agent, monkeypatch,  # noqa: F811
                                                  capsys):
    for name in [n for n in os.environ if n.startswith("MEDAGENT_")]:
        monkeypatch.delenv(name)
    env = {"MEDAGENT_DB_PATH": str(tmp_path / "agent.sqlite"), "MEDAGENT_DOCUMENTS_DIR": str(tmp_path / "documents"), "MEDAGENT_MEDCAT2_ENABLED": "false",
           "MEDAGENT_INDEX_DIR": str(tiny_index), "MEDAGENT_LLM": "offline",
           "MEDAGENT_EMBEDDER": "use-multilingual"}   # what make_agent uses
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    built = []
    real = composition.create_agent
    monkeypatch.setattr(composition, "create_agent", lambda *a, **k: built.append(real(*a, **k)) or built[-1])
    try:
        assert cli.main(["chat", "--user", "u", "당뇨병이 뭔가요?"]) == 0
        ui_agent = AgentRuntime(get_settings()).start().wait(timeout=300)
    finally:
        get_settings.cache_clear()
    assert json.loads(capsys.readouterr().out)["answer"]
    fixture_agent = make_agent(persistent=True)
    assert len(built) == 2 and built[1] is ui_agent           # the CLI's agent, then the UI's
    for agent in (*built, fixture_agent):
        assert set(agent.graph.get_graph().nodes) == set(fixture_agent.graph.get_graph().nodes)
        assert agent.deps.settings == fixture_agent.deps.settings
        assert {k: type(v) for k, v in vars(agent.deps).items() if k != "settings"} == \
               {k: type(v) for k, v in vars(fixture_agent.deps).items() if k != "settings"}
    assert "check_similarity" in fixture_agent.graph.get_graph().nodes
