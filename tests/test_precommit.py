"""The pre-commit hooks for real: `pre-commit try-repo` builds an isolated environment from a git copy
of this working tree (so ms-scan installs as a user gets it, data files included) and runs the hook
on a file with a gap (fails) and a clean one (passes)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ["ms_scan", "mappings", "pyproject.toml", "README.md", ".pre-commit-hooks.yaml"]


def git(*args, cwd):
    return subprocess.run(["git", "-c", "user.email=ci@example.invalid", "-c", "user.name=ci", *args],
                          cwd=cwd, check=True, capture_output=True, text=True)


def test_hook_definitions():
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    scan = hooks["ms-scan"]
    assert scan["entry"] == "ms-scan" and scan["types"] == ["python"] and scan["require_serial"] is True
    assert scan["language"] == "python" and "--no-cache" in scan["args"]
    report = hooks["ms-scan-report"]
    assert report["pass_filenames"] is False and report["stages"] == ["manual"]
    assert report["entry"].startswith("ms-scan report")


def test_wheel_package_list_covers_every_package():
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "ms_scan").rglob("__init__.py")
               if "__pycache__" not in p.parts}
    assert on_disk | {"ms_scan._mappings"} == listed


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory):
    """A committed copy of this working tree (try-repo reads commits, and new files may be unstaged)."""
    src = tmp_path_factory.mktemp("hook_src")
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", *SHIPPED],
                           cwd=ROOT, check=True, capture_output=True, text=True).stdout.split("\n")
    for rel in filter(None, files):
        if (ROOT / rel).is_file():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            (src / rel).write_bytes((ROOT / rel).read_bytes())
    git("init", "-q", cwd=src)
    git("add", "-A", cwd=src)
    git("commit", "-qm", "snapshot", cwd=src)
    return src


def test_try_repo_fails_on_a_gap_and_passes_on_clean_code(hook_repo, tmp_path_factory):
    work = tmp_path_factory.mktemp("user_repo")
    (work / "gap.py").write_text("import torch\ni = torch.nonzero(t)\n")
    (work / "clean.py").write_text("import torch.nn as nn\nlayer = nn.Conv2d(1, 1, 1)\n")
    git("init", "-q", cwd=work)
    git("add", "-A", cwd=work)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path_factory.mktemp("pre_commit_home"))}

    def run(*files):
        return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "ms-scan",
                               "--files", *files], cwd=work, env=env, capture_output=True, text=True,
                              timeout=900)

    gap = run("gap.py")
    assert gap.returncode == 1, gap.stdout + gap.stderr
    assert "Failed" in gap.stdout and "MS201" in gap.stdout
    clean = run("clean.py")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "Passed" in clean.stdout
    assert not (work / ".ms_scan_cache").exists()  # the hook's partial scans never replace the full one
