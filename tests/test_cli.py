"""The command line as a user runs it: exit codes, formats, -o, python -m, colour rules."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((Path(__file__).parent / "report_schema.json").read_text())


def ms_scan(*args, cwd=None, env=None):
    return subprocess.run([sys.executable, "-m", "ms_scan", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=300)


@pytest.fixture
def project(write_tree):
    return write_tree({
        "model.py": "import torch.nn as nn\nclass M(nn.Module):\n    pass\n",
        "bad.py": "import torch\ndef f(:\n",
    })


def test_exit_codes(project, tmp_path):
    clean = tmp_path / "clean"
    clean.mkdir()
    (clean / "a.py").write_text("import torch.nn as nn\nlayer = nn.Conv2d(1, 1, 1)\n")
    assert ms_scan(clean).returncode == 0
    assert ms_scan(project).returncode == 1  # MS001 is an error
    assert ms_scan(project, "--exit-zero").returncode == 0
    assert ms_scan(clean, "--fail-on", "note").returncode == 1
    missing = ms_scan(tmp_path / "nope")
    assert missing.returncode == 2 and "no such file" in missing.stderr
    assert ms_scan(project, "--ms-version", "9.9").returncode == 2


def test_empty_folder_says_so(tmp_path):
    res = ms_scan(tmp_path)
    assert res.returncode == 0 and "no Python files" in res.stderr


def test_json_output_matches_schema_and_is_deterministic(project, tmp_path):
    out1, out2 = tmp_path / "a.json", tmp_path / "b.json"
    assert ms_scan(project, "--format", "json", "-o", out1).returncode == 1
    ms_scan(project, "--format", "json", "-o", out2)
    assert out1.read_bytes() == out2.read_bytes()
    doc = json.loads(out1.read_text())
    jsonschema.validate(doc, SCHEMA)
    assert [f["path"] for f in doc["findings"]] == ["bad.py", "model.py"]
    assert doc["findings"][1]["torch_api"] == "torch.nn.Module"
    assert doc["findings"][1]["ms_api"] == "mindspore.nn.Cell"


def test_mixed_files_and_folders_relative_to_cwd(project):
    res = ms_scan("model.py", ".", "--format", "json", cwd=project)
    paths = {f["path"] for f in json.loads(res.stdout)["findings"]}
    assert paths == {"model.py", "bad.py"}


def test_terminal_has_no_colour_when_piped(project):
    res = ms_scan(project)
    assert "\x1b[" not in res.stdout
    assert "Migration readiness" in res.stdout and "MS001" in res.stdout


def test_console_script_installed():
    res = subprocess.run([str(Path(sys.executable).parent / "ms-scan"), "--version"],
                         capture_output=True, text=True)
    assert res.returncode == 0 and "ms-scan" in res.stdout
