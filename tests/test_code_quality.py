"""The code stays ruff-clean (part of the README test command, so CI enforces it)."""

import shutil
import subprocess

import pytest

from medical_agent.settings import PROJECT_ROOT


def test_ruff_clean():
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (pip install -r requirements-dev.txt)")
    proc = subprocess.run([ruff, "check", "."], cwd=PROJECT_ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-4000:]
