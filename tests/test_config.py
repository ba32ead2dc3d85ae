"""[tool.ms-scan] / ms-scan.toml: found from the scan root upward, every key honoured, flags win,
bad values are exit 2 with a message (never a traceback)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ms_scan.config import ConfigError, find_config, load_config

GAP = "import torch\ni = torch.nonzero(t)\n"  # MS201 error (graph mode) + MS100 note
CLEAN = "import torch.nn as nn\nlayer = nn.Conv2d(1, 1, 1)\n"  # MS100 note only


def ms_scan(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ms_scan", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def codes_of(res) -> list[tuple[str, str]]:
    return [(f["path"], f["code"]) for f in json.loads(res.stdout)["findings"]]


def pyproject(body: str) -> str:
    return f"[project]\nname = \"x\"\n\n[tool.ms-scan]\n{body}\n"


def test_found_from_the_scan_root_upward(write_tree):
    root = write_tree({"pyproject.toml": pyproject('fail-on = "note"'), "src/pkg/a.py": CLEAN,
                       "src/pyproject.toml": "[project]\nname = \"inner\"\n"})  # no [tool.ms-scan]: skipped
    assert find_config(root / "src" / "pkg") == root / "pyproject.toml"
    assert ms_scan(root / "src" / "pkg", "--no-cache").returncode == 1  # fail-on note from the parent
    assert ms_scan(root / "src" / "pkg", "--no-cache", "--fail-on", "error").returncode == 0  # flag wins


def test_ms_scan_toml_wins_over_pyproject_in_the_same_folder(write_tree):
    root = write_tree({"pyproject.toml": pyproject('fail-on = "error"'), "ms-scan.toml": 'fail-on = "note"\n',
                       "a.py": CLEAN})
    assert find_config(root) == root / "ms-scan.toml"
    assert load_config(root / "ms-scan.toml").values == {"fail_on": "note"}
    assert ms_scan(root, "--no-cache").returncode == 1


def test_select_ignore_and_per_file_ignores(write_tree):
    files = {"a.py": GAP, "tests/test_a.py": GAP}
    root = write_tree({**files, "pyproject.toml": pyproject('ignore = ["MS100"]\n'
                                                             '[tool.ms-scan.per-file-ignores]\n"tests/**" = ["MS2"]')})
    res = ms_scan(root, "--format", "json", "--no-cache")
    assert codes_of(res) == [("a.py", "MS201")]
    res = ms_scan(root, "--format", "json", "--no-cache", "--select", "MS1")  # flag: select
    assert codes_of(res) == []  # only MS1xx selected, and the config still ignores MS100
    res = ms_scan(root, "--format", "json", "--no-cache", "--ignore", "MS9")  # flag replaces config ignore
    assert ("a.py", "MS100") in codes_of(res) and ("tests/test_a.py", "MS201") not in codes_of(res)
    res = ms_scan(root, "--format", "json", "--no-cache", "--per-file-ignores", "a.py:MS201")
    assert ("a.py", "MS201") not in codes_of(res) and ("tests/test_a.py", "MS201") in codes_of(res)


def test_mode_min_confidence_exclude_target_version(write_tree):
    medium = "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x.view(2, 3)\n"
    root = write_tree({"a.py": GAP, "skip/b.py": GAP, "m.py": medium,
                       "ms-scan.toml": 'mode = "pynative"\nexclude = ["skip/"]\nmin-confidence = "high"\n'
                                       'ms-version = "2.3"\ntarget = "cpu"\njobs = 1\n'})
    doc = json.loads(ms_scan(root, "--format", "json", "--no-cache").stdout)
    assert doc["target"] == {"mindspore": "2.3", "backend": "cpu", "mode": "pynative"}
    assert {f["path"] for f in doc["findings"]} == {"a.py", "m.py"}  # skip/ excluded
    assert all(f["confidence"] == "high" for f in doc["findings"])
    low = json.loads(ms_scan(root, "--format", "json", "--no-cache", "--min-confidence", "low").stdout)
    assert any(f["confidence"] == "medium" for f in low["findings"])
    ms201 = [f for f in doc["findings"] if f["code"] == "MS201"]
    assert ms201 and ms201[0]["severity"] != "error"  # pynative lowers it
    doc = json.loads(ms_scan(root, "--format", "json", "--no-cache", "--mode", "graph").stdout)
    assert doc["target"]["mode"] == "graph"


def test_baseline_and_cache_dir_paths_are_relative_to_the_config(write_tree):
    root = write_tree({"proj/a.py": GAP, "pyproject.toml": pyproject('baseline = "ci/base.json"\n'
                                                                      'cache-dir = "ci/cache"')})
    (root / "ci").mkdir()
    missing = ms_scan(root / "proj", "--no-cache")
    assert missing.returncode == 2 and "ci/base.json" in missing.stderr and "no such file" in missing.stderr
    assert ms_scan(root / "proj", "--write-baseline", root / "ci" / "base.json").returncode == 0
    assert (root / "ci" / "cache" / "last_scan.jsonl").is_file()
    assert not (root / "proj" / ".ms_scan_cache").exists()
    assert ms_scan(root / "proj").returncode == 0  # the baseline from the config applies


@pytest.mark.parametrize("body,needle", [
    ('fail-on = "fatal"', "`fail-on` must be one of error, warning, note"),
    ('min-confidence = 3', "`min-confidence` must be one of"),
    ('ms-version = 2.10', "must be a string such as \"2.10\""),
    ('ms-version = "9.9"', "no mapping table for MindSpore '9.9'"),
    ('select = ["XX1"]', "'XX1' is not a code or code prefix"),
    ('jobs = 0', "`jobs` must be a whole number >= 1"),
    ('fail_on = "note"', "unknown key `fail_on`; did you mean `fail-on`?"),
    ('colour = true', "unknown key `colour`"),
    ('per-file-ignores = ["x"]', "`per-file-ignores` must be a table"),
    ('exclude = [1]', "`exclude` must be a list of strings"),
    ('mode = "graph', "not valid TOML"),
])
def test_bad_values_are_usage_errors(write_tree, body, needle):
    root = write_tree({"a.py": CLEAN, "pyproject.toml": pyproject(body)})
    res = ms_scan(root, "--no-cache")
    assert res.returncode == 2, res.stderr
    assert needle in res.stderr and "Traceback" not in res.stderr
    assert res.stderr.startswith("ms-scan: error: ")


def test_bad_flag_values_are_usage_errors(write_tree):
    root = write_tree({"a.py": CLEAN})
    for args, needle in ((["--select", "M1"], "'M1' is not a code"),
                         (["--per-file-ignores", "nocolon"], "write GLOB:CODES"),
                         (["--ms-version", "0.1"], "no mapping table"),
                         (["--config", root / "nope.toml"], "no such file")):
        res = ms_scan(root, "--no-cache", *args)
        assert res.returncode == 2 and needle in res.stderr and "Traceback" not in res.stderr, args


def test_explicit_config_file(write_tree):
    root = write_tree({"a.py": CLEAN, "elsewhere/conf.toml": 'fail-on = "note"\n'})
    assert ms_scan(root, "--no-cache").returncode == 0
    assert ms_scan(root, "--no-cache", "--config", root / "elsewhere" / "conf.toml").returncode == 1


def test_load_config_unit(tmp_path):
    p = tmp_path / "ms-scan.toml"
    p.write_text('select = "MS1, ms2"\n[per-file-ignores]\n"b/*" = ["MS201"]\n"a/*" = "MS1"\n')
    values = load_config(p).values
    assert values["select"] == ("MS1", "MS2")
    assert values["per_file_ignores"] == (("a/*", ("MS1",)), ("b/*", ("MS201",)))
    p.write_text("[tool.ms-scan]\ntarget = \"npu\"\n")
    with pytest.raises(ConfigError, match="`target` must be one of ascend, gpu, cpu"):
        load_config(p)
