from pathlib import Path

import pytest

from medical_agent.settings import PROJECT_ROOT, SettingsError, load_settings

PROFILES = ["baseline", "self_refine_heuristic", "self_refine_llm_quality", "self_refine_dynamic_query",
            "self_refine_full_safety", "full_context_engineering"]


def test_defaults_match_the_seed():
    s = load_settings(env={})
    f = s.flags
    assert s.profile == "full_context_engineering"
    assert (f.self_refine_enabled, f.max_refine_iterations, f.quality_threshold) == (True, 2, 0.5)
    assert (f.refine_strategy, f.memory_mode, s.retrieval.rrf_k, f.cache_similarity_threshold) == \
        ("corrective_rag", "structured", 60, 0.85)
    assert all([f.llm_based_quality_check, f.dynamic_query_rewrite, f.quality_check_enabled, f.duplicate_detection,
                f.progress_monitoring, f.active_retrieval_enabled, f.medcat2_enabled, f.response_cache_enabled])
    assert s.paths.shared_data_dir == (PROJECT_ROOT / "../shared/data").resolve()
    assert s.paths.db_path.is_absolute() and s.paths.index_dir.is_absolute()


def test_settings_are_grouped_in_the_yaml_s_sections_and_keys_stay_flat():
    s = load_settings(env={"MEDAGENT_RRF_K": "30", "MEDAGENT_SHARE": "true"})
    assert (s.retrieval.rrf_k, s.ui.share, s.limits.max_message_chars, s.backends.embedder) == \
        (30, True, 4000, "e5")
    changed = s.replace(rrf_k=20, llm="offline", max_message_chars=10)
    assert (changed.retrieval.rrf_k, changed.backends.llm, changed.limits.max_message_chars) == (20, "offline", 10)
    assert changed.paths == s.paths and s.retrieval.rrf_k == 30                  # frozen: a new object
    with pytest.raises(SettingsError, match="rrf_k"):
        s.replace(rrf_k=0)
    for gone in ("MEDAGENT_DYNAMIC_RAG_ROUTING", "MEDAGENT_NO_SUCH"):          # removed settings are refused
        with pytest.raises(SettingsError, match="unknown environment variable"):
            load_settings(env={gone: "true"})


def test_all_six_profiles_exist_and_differ_as_documented():
    s = load_settings(env={})
    assert sorted(s.profiles) == sorted(PROFILES)
    base = s.with_profile("baseline").flags
    assert base.refine_strategy == "basic_rag" and not base.self_refine_enabled
    heur = s.with_profile("self_refine_heuristic").flags
    assert heur.self_refine_enabled and not heur.llm_based_quality_check
    llmq = s.with_profile("self_refine_llm_quality").flags
    assert llmq.llm_based_quality_check and not llmq.dynamic_query_rewrite
    dyn = s.with_profile("self_refine_dynamic_query").flags
    assert dyn.dynamic_query_rewrite and not dyn.duplicate_detection
    safe = s.with_profile("self_refine_full_safety").flags
    assert safe.duplicate_detection and safe.progress_monitoring and safe.quality_check_enabled
    assert s.with_profile("full_context_engineering").flags == s.flags


def test_env_overrides_fields_flags_and_profile():
    s = load_settings(env={"MEDAGENT_PROFILE": "baseline", "MEDAGENT_MAX_REFINE_ITERATIONS": "4",
                           "MEDAGENT_LLM": "offline", "MEDAGENT_SHARED_DATA": "/tmp/x",
                           "MEDAGENT_QUALITY_THRESHOLD": "0.7", "MEDAGENT_CACHE": "/ignored/tool/var"})
    assert s.profile == "baseline" and s.flags.refine_strategy == "basic_rag"
    assert s.flags.max_refine_iterations == 4 and s.flags.quality_threshold == 0.7
    assert s.backends.llm == "offline" and s.paths.shared_data_dir == Path("/tmp/x")


def test_env_flag_beats_profile_and_overrides_beat_env():
    s = load_settings(env={"MEDAGENT_PROFILE": "baseline", "MEDAGENT_SELF_REFINE_ENABLED": "true"},
                      overrides={"rrf_k": 10, "max_message_chars": 99})
    assert s.flags.self_refine_enabled and s.retrieval.rrf_k == 10 and s.limits.max_message_chars == 99


def test_openai_key_is_read_but_not_shown():
    s = load_settings(env={"OPENAI_API_KEY": "sk-secret"})
    assert s.backends.openai_api_key == "sk-secret" and "sk-secret" not in repr(s)


@pytest.mark.parametrize("env, needle", [
    ({"MEDAGENT_PROFILE": "fastest"}, "baseline"),
    ({"MEDAGENT_SELF_REFINE": "true"}, "MEDAGENT_SELF_REFINE_ENABLED"),
    ({"MEDAGENT_MAX_REFINE_ITERATIONS": "two"}, "max_refine_iterations"),
    ({"MEDAGENT_SELF_REFINE_ENABLED": "maybe"}, "self_refine_enabled"),
    ({"MEDAGENT_REFINE_STRATEGY": "magic"}, "corrective_rag"),
    ({"MEDAGENT_QUALITY_THRESHOLD": "1.5"}, "quality_threshold"),
    ({"MEDAGENT_MAX_MESSAGE_CHARS": "2.5"}, "max_message_chars"),
])
def test_bad_values_are_errors_that_name_the_field(env, needle):
    with pytest.raises(SettingsError, match=needle):
        load_settings(env=env)


def test_with_flags_validates():
    s = load_settings(env={})
    assert s.with_flags(response_cache_enabled=False).flags.response_cache_enabled is False
    with pytest.raises(SettingsError, match="valid names"):
        s.with_flags(no_such_flag=True)
    with pytest.raises(SettingsError, match="memory_mode"):
        s.with_flags(memory_mode="sometimes")


def test_yaml_errors(tmp_path):
    bad = tmp_path / "c.yaml"
    bad.write_text("paths: {index_dir: a, assets_dir: b, shared_data_dir: c, db_path: d, medcat_dir: e}\n"
                   "features: {self_refine: true}\n")
    with pytest.raises(SettingsError, match="self_refine_enabled"):
        load_settings(bad, env={})
    bad.write_text("paths: {index_dir: a}\nnonsense: {}\n")
    with pytest.raises(SettingsError, match="unknown section"):
        load_settings(bad, env={})
    bad.write_text("paths: {index_dir: a, assets_dir: b, shared_data_dir: c, db_path: d, medcat_dir: e}\n"
                   "retrieval: {rrf_k: [1, 2]}\n")
    with pytest.raises(SettingsError, match="rrf_k"):
        load_settings(bad, env={})


def test_answer_token_cap_is_a_validated_setting():
    from medical_agent.settings import SettingsError, load_settings

    assert load_settings(env={"MEDAGENT_LLM_MAX_ANSWER_TOKENS": "400"}).backends.llm_max_answer_tokens == 400
    with pytest.raises(SettingsError, match="llm_max_answer_tokens"):
        load_settings(env={"MEDAGENT_LLM_MAX_ANSWER_TOKENS": "3"})


def test_repeat_penalty_is_a_validated_setting():
    from medical_agent.settings import SettingsError, load_settings

    assert load_settings(env={}).backends.llm_repeat_penalty == 1.1
    assert load_settings(env={"MEDAGENT_LLM_REPEAT_PENALTY": "1.0"}).backends.llm_repeat_penalty == 1.0
    with pytest.raises(SettingsError, match="llm_repeat_penalty"):
        load_settings(env={"MEDAGENT_LLM_REPEAT_PENALTY": "0.5"})


def test_mcp_and_tracing_settings():
    s = load_settings(env={})
    assert s.ui.mcp_server is True and s.tracing.trace_file is None and s.tracing.otlp_endpoint is None
    s = load_settings(env={"MEDAGENT_MCP_SERVER": "false", "MEDAGENT_TRACE_FILE": "spans.jsonl",
                           "OTEL_EXPORTER_OTLP_ENDPOINT": "http://localhost:4318"})
    assert s.ui.mcp_server is False and s.tracing.trace_file == PROJECT_ROOT / "spans.jsonl"
    assert s.tracing.otlp_endpoint == "http://localhost:4318"
    assert load_settings(env={"OTEL_EXPORTER_OTLP_ENDPOINT": "http://a:4318", "MEDAGENT_OTLP_ENDPOINT": "http://b:4318"}
                         ).tracing.otlp_endpoint == "http://b:4318"                # ours wins over the standard name
