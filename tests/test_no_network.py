"""Importing the package, launching the app and starting the agent behind it (index build, MedCAT pack,
embedder, a warm-up turn in each language) must not open any non-loopback connection."""

import json
import os
import subprocess
import sys
import textwrap

from medical_agent.settings import PROJECT_ROOT

PROBE = textwrap.dedent("""
    import ipaddress, json, socket, sys, urllib.request
    seen = []
    def loopback(host):
        try:
            return ipaddress.ip_address(host).is_loopback or host in ("0.0.0.0", "::")
        except ValueError:
            return host in ("localhost",)
    def hook(event, args):
        if event == "socket.connect" and isinstance(args[1], tuple) and not loopback(args[1][0]):
            seen.append(f"connect {args[1]}")
        elif event == "socket.getaddrinfo" and args[0] and not loopback(str(args[0])):
            seen.append(f"resolve {args[0]}")
    sys.addaudithook(hook)
    import medical_agent, medical_agent.llm, medical_agent.embeddings  # noqa: F401
    import app
    from medical_agent.settings import get_settings
    from medical_agent.ui.runtime import AgentRuntime
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
    import os; os.environ["GRADIO_SERVER_PORT"] = str(port)
    runtime = AgentRuntime(get_settings())
    demo = app.main(block=False, runtime=runtime)
    status = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30).status
    runtime.wait(timeout=900)          # the whole start-up, warm-up turns included
    demo.close()
    print(json.dumps({"status": status, "ready": runtime.agent is not None, "seen": seen}))
""")


def test_import_and_launch_stay_on_loopback(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GRADIO_", "HF_", "MEDAGENT_"))}
    env.update({"MEDAGENT_DB_PATH": str(tmp_path / "db.sqlite"), "MEDAGENT_DOCUMENTS_DIR": str(tmp_path / "documents"), "MEDAGENT_INDEX_DIR": str(tmp_path / "index"),
                "MEDAGENT_MEDCAT_DIR": str(tmp_path / "medcat"), "GRADIO_SERVER_NAME": "127.0.0.1",
                "MEDAGENT_LLM": "offline"})   # a local GGUF on the developer's machine must not be picked up
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=PROJECT_ROOT, env=env, capture_output=True,
                          text=True, timeout=1200)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["status"] == 200
    assert report["ready"] is True
    assert report["seen"] == [], report["seen"]
