"""Bad input gets a clear finding or message and the scan goes on; nothing is modified or executed."""
from __future__ import annotations

import hashlib
import os

import pytest

from ms_scan.discover import DiscoveryError

GOOD = "import torch\nx = torch.ones(2)\n"


def codes(result, path):
    return sorted(f.code for f in result.findings if f.path == path)


def test_syntax_error_reported_and_scan_continues(run_scan, write_tree):
    root = write_tree({"bad.py": "import torch\ndef f(:\n    pass\n", "good.py": GOOD})
    result = run_scan(root)
    [err] = [f for f in result.findings if f.path == "bad.py"]
    assert err.code == "MS001" and err.line == 2 and err.severity == "error"
    assert "MS100" in codes(result, "good.py")


def test_python2_file_named(run_scan, write_tree):
    root = write_tree({"old.py": "import torch\nprint 'hello'\n"})
    [err] = run_scan(root).findings
    assert err.code == "MS001" and "Python 2" in err.message


def test_non_utf8_file(run_scan, write_tree):
    root = write_tree({"latin.py": b"import torch\nname = '\xe9t\xe9'\n", "good.py": GOOD})
    result = run_scan(root)
    [err] = [f for f in result.findings if f.path == "latin.py"]
    assert err.code == "MS002" and "utf-8" in err.message.lower()
    assert codes(result, "good.py")


def test_declared_latin1_encoding_is_honoured(run_scan, write_tree):
    root = write_tree({"l1.py": b"# -*- coding: latin-1 -*-\nimport torch\ns = '\xe9'\nx = torch.ones(1)\n"})
    result = run_scan(root)
    assert [f.torch_api for f in result.findings] == ["torch.ones"]


def test_empty_and_binary_files(run_scan, write_tree):
    root = write_tree({"empty.py": "", "blob.py": b"torch\x00\x01\x02\xff" * 50, "good.py": GOOD})
    result = run_scan(root)
    assert codes(result, "empty.py") == []
    [blob] = [f for f in result.findings if f.path == "blob.py"]
    assert blob.code == "MS003" and "binary" in blob.message
    assert result.files == 3


def test_huge_file_skipped_with_note(run_scan, write_tree):
    root = write_tree({"big.py": GOOD + "# pad\n" * 2000})
    [f] = run_scan(root, max_file_size=1000).findings
    assert f.code == "MS003" and "limit" in f.message


def test_symlink_loop_and_broken_link(run_scan, write_tree, tmp_path):
    root = write_tree({"pkg/a.py": GOOD})
    os.symlink(tmp_path / "pkg", tmp_path / "pkg" / "loop")
    os.symlink(tmp_path / "missing.py", tmp_path / "dangling.py")
    result = run_scan(root)
    assert [f.path for f in result.findings] == ["pkg/a.py"]
    assert any("symlink loop" in why for _, why in result.notes)
    assert any("broken symlink" in why for _, why in result.notes)


def test_missing_path_raises(run_scan, tmp_path):
    with pytest.raises(DiscoveryError):
        run_scan(tmp_path / "nope")


def test_pathological_files_do_not_hang_or_crash(run_scan, write_tree):
    deep = "import torch\nx = " + "(" * 5000 + "torch.ones(1)" + ")" * 5000 + "\n"
    root = write_tree({"deep.py": deep, "good.py": GOOD})
    result = run_scan(root, file_timeout=20)
    [f] = [f for f in result.findings if f.path == "deep.py"]
    assert f.code == "MS004"
    assert codes(result, "good.py") == ["MS100"]


def test_slow_file_is_stopped(run_scan, write_tree):
    long = "import torch\nx = torch.ones(1)" + " + torch.ones(1)" * 20000 + "\n"
    root = write_tree({"long.py": long, "good.py": GOOD})
    result = run_scan(root, file_timeout=2)
    [f] = [f for f in result.findings if f.path == "long.py"]
    assert f.code == "MS004" and "longer than 2s" in f.message
    assert codes(result, "good.py") == ["MS100"]


def test_skips_vcs_venv_pycache_and_gitignored(run_scan, write_tree):
    root = write_tree({
        "keep.py": GOOD, ".git/hooks/x.py": GOOD, "__pycache__/c.py": GOOD,
        "env/pyvenv.cfg": "home = /usr", "env/lib/site.py": GOOD,
        ".gitignore": "generated/\n", "generated/gen.py": GOOD, "gen2/x.py": GOOD,
    })
    result = run_scan(root, exclude=("gen2/",))
    assert {f.path for f in result.findings} == {"keep.py"}


def test_scan_never_modifies_or_executes(run_scan, write_tree, tmp_path):
    marker = tmp_path / "executed"
    root = write_tree({"evil.py": f"import torch\nopen({str(marker)!r}, 'w').write('x')\n"})
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in root.rglob("*") if p.is_file()}
    run_scan(root)
    after = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in root.rglob("*") if p.is_file()}
    assert before == after and not marker.exists()
