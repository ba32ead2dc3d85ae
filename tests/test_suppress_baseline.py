"""Suppression comments (statement-aware, tokenize-based, file-wide, unused ones reported on request)
and baselines (fingerprints that survive line shifts; only new findings fail the run)."""
from __future__ import annotations

import json
import subprocess
import sys

from ms_scan import baseline
from ms_scan.findings import Finding
from ms_scan.suppress import parse, statement_ranges


def ms_scan(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ms_scan", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def flagged(result, code="MS201"):
    """{line: suppressed} for one code."""
    return {f.line: f.suppressed for f in result.findings if f.code == code}


# --------------------------------------------------------------------------- suppressions
def test_same_line_codes_and_bare(write_tree, run_scan):
    src = ("import torch\n"
           "a = torch.nonzero(t)  # ms-scan: ignore[MS201]\n"
           "b = torch.nonzero(t)  # ms-scan: ignore[MS104]\n"
           "c = torch.nonzero(t)  # ms-scan: ignore\n"
           "d = torch.nonzero(t)  # ms-scan: ignore[MS2]\n"
           "e = torch.nonzero(t)\n")
    res = run_scan(write_tree({"a.py": src}))
    assert flagged(res) == {2: True, 3: False, 4: True, 5: True, 6: False}
    assert flagged(res, "MS100") == {2: False, 3: False, 4: True, 5: False, 6: False}


def test_a_comment_on_any_line_covers_the_whole_statement(write_tree, run_scan):
    src = ("import torch\n"
           "x = torch.cat([\n"
           "    torch.nonzero(a),\n"
           "    torch.nonzero(b),  # ms-scan: ignore[MS201]\n"
           "])\n"
           "y = torch.nonzero(\n"
           "    c)\n"
           "z = (torch.nonzero(d)  # ms-scan: ignore[MS201]\n"
           "     + 1)\n")
    assert flagged(run_scan(write_tree({"a.py": src}))) == {3: True, 4: True, 6: False, 8: True}


def test_compound_statement_header_does_not_cover_its_body(write_tree, run_scan):
    src = ("import torch\n"
           "def f(t):  # ms-scan: ignore\n"
           "    return torch.nonzero(t)\n"
           "for i in torch.nonzero(t):  # ms-scan: ignore[MS201]\n"
           "    j = torch.nonzero(i)\n"
           "if cond:\n"
           "    # ms-scan: ignore[MS201]\n"
           "    k = torch.nonzero(t)\n")
    assert flagged(run_scan(write_tree({"a.py": src}))) == {3: False, 4: True, 5: False, 8: False}


def test_comments_inside_strings_do_not_count(write_tree, run_scan):
    src = ("import torch\n"
           "s = '# ms-scan: ignore'; a = torch.nonzero(t)\n"
           "doc = '''\n# ms-scan: file-ignore\n'''\n"
           "b = torch.nonzero(t)\n")
    assert flagged(run_scan(write_tree({"a.py": src}))) == {2: False, 6: False}


def test_file_ignore_by_prefix(write_tree, run_scan):
    src = ("# ms-scan: file-ignore[MS2]\n"
           "import torch\n"
           "a = torch.nonzero(t)\n"
           "b = torch.nonzero(t)\n")
    res = run_scan(write_tree({"a.py": src}))
    assert flagged(res) == {3: True, 4: True}
    assert flagged(res, "MS100") == {3: False, 4: False}


def test_statement_ranges_unit():
    src = ("@dec(\n    1)\nclass A(\n    B):\n    x = [\n        1,\n    ]\n"
           "    if (a and\n        b):\n        pass\n")
    ranges = set(statement_ranges(src))
    assert {(1, 2), (3, 4), (5, 7), (8, 9), (10, 10)} <= ranges
    assert (3, 10) not in ranges  # a class is its header, never its body


def test_parse_unit():
    ds = parse("x = 1  # ms-scan: ignore[ms201, MS104]\n# ms-scan: file-ignore\n# ms-scan: ignroe\n")
    assert [(d.kind, d.codes, d.line) for d in ds] == [("ignore", ("MS201", "MS104"), 1),
                                                       ("file-ignore", (), 2)]
    assert ds[0].column == 8


def test_suppressed_findings_do_not_fail_the_run(write_tree):
    root = write_tree({"a.py": "import torch\na = torch.nonzero(t)  # ms-scan: ignore[MS201]\n"})
    res = ms_scan(root, "--format", "json", "--no-cache")
    assert res.returncode == 0
    doc = json.loads(res.stdout)
    assert [(f["code"], f["suppressed"]) for f in doc["findings"] if f["code"] == "MS201"] == [("MS201", True)]
    assert doc["summary"]["suppressed"] == 1 and doc["summary"]["by_severity"]["error"] == 0
    (root / "a.py").write_text("import torch\na = torch.nonzero(t)\n")
    assert ms_scan(root, "--no-cache").returncode == 1


def test_unused_suppressions_only_on_request(write_tree):
    root = write_tree({"a.py": "import torch\n"
                               "a = torch.nonzero(t)  # ms-scan: ignore[MS201,MS301]\n"
                               "b = 1  # ms-scan: ignore\n",
                       "clean.py": "x = 1  # ms-scan: ignore[MS1]\n"})
    plain = json.loads(ms_scan(root, "--format", "json", "--no-cache").stdout)
    assert not [f for f in plain["findings"] if f["code"] == "MS901"]
    res = ms_scan(root, "--format", "json", "--no-cache", "--report-unused-suppressions")
    found = [(f["path"], f["line"], f["message"]) for f in json.loads(res.stdout)["findings"]
             if f["code"] == "MS901"]
    assert [(p, ln) for p, ln, _ in found] == [("a.py", 2), ("a.py", 3), ("clean.py", 1)]
    assert "MS301 matched no finding" in found[0][2] and "covers no finding" in found[1][2]
    assert res.returncode == 0  # MS901 is a warning: below the default fail-on


# --------------------------------------------------------------------------- baseline
def _f(line, snippet="a = torch.nonzero(t)", code="MS201"):
    return Finding(code=code, name="n", severity="error", confidence="high", message="m", path="a.py",
                   line=line, column=5, end_line=line, end_column=9, torch_api="torch.nonzero",
                   snippet=snippet)


def test_fingerprints_ignore_line_numbers_and_whitespace_but_count_repeats():
    a, b = [_f(3)], [_f(30, snippet="a  =  torch.nonzero(t)")]
    baseline.assign_fingerprints(a)
    baseline.assign_fingerprints(b)
    assert a[0].fingerprint == b[0].fingerprint
    twins = [_f(3), _f(9)]
    baseline.assign_fingerprints(twins)
    assert twins[0].fingerprint != twins[1].fingerprint
    other = [_f(3, code="MS100")]
    baseline.assign_fingerprints(other)
    assert other[0].fingerprint != a[0].fingerprint


def test_baseline_accepts_old_findings_and_fails_on_new_ones(write_tree):
    src = "import torch\n\ndef f(t):\n    return torch.nonzero(t)\n"
    root = write_tree({"a.py": src})
    base = root / "baseline.json"
    assert ms_scan(root, "--no-cache").returncode == 1
    wrote = ms_scan(root, "--no-cache", "--write-baseline", base)
    assert wrote.returncode == 0 and "recorded" in wrote.stderr
    recorded = json.loads(base.read_text())
    assert {e["code"] for e in recorded["findings"]} == {"MS100", "MS201"}
    # an unrelated edit moves the finding down five lines: still the same finding
    (root / "a.py").write_text("import torch\n" + "\n" * 5 + "# notes\n" + src.split("\n", 1)[1])
    moved = ms_scan(root, "--no-cache", "--baseline", base, "--format", "json")
    assert moved.returncode == 0, moved.stdout
    doc = json.loads(moved.stdout)
    assert all(f["baseline"] for f in doc["findings"]) and doc["summary"]["baselined"] == 2
    # a new gap fails the run; only it is new
    (root / "a.py").write_text((root / "a.py").read_text() + "\ndef g(u):\n    return torch.unique(u)\n")
    new = ms_scan(root, "--no-cache", "--baseline", base, "--format", "json")
    assert new.returncode == 1
    fresh = [(f["code"], f["torch_api"]) for f in json.loads(new.stdout)["findings"] if not f["baseline"]]
    assert ("MS201", "torch.unique") in fresh and ("MS201", "torch.nonzero") not in fresh
    # without the baseline everything counts again
    assert ms_scan(root, "--no-cache").returncode == 1
    # the terminal report lists only the new one
    term = ms_scan(root, "--no-cache", "--baseline", base).stdout
    assert "torch.unique" in term and "torch.nonzero" not in term and "in the baseline" in term


def test_fixed_baseline_findings_are_mentioned(write_tree):
    root = write_tree({"a.py": "import torch\ni = torch.nonzero(t)\n"})
    base = root / "b.json"
    ms_scan(root, "--no-cache", "--write-baseline", base)
    (root / "a.py").write_text("import torch\n")
    res = ms_scan(root, "--no-cache", "--baseline", base)
    assert res.returncode == 0 and "2 baseline findings no longer occur" in res.stderr


def test_bad_baseline_files_are_usage_errors(write_tree):
    root = write_tree({"a.py": "import torch\n", "junk.json": "[1, 2]", "text.json": "nope"})
    for name, needle in (("missing.json", "no such file"), ("junk.json", "not an ms-scan baseline"),
                         ("text.json", "not JSON")):
        res = ms_scan(root, "--no-cache", "--baseline", root / name)
        assert res.returncode == 2 and needle in res.stderr and "Traceback" not in res.stderr, name


def test_exit_codes_with_fail_on_and_exit_zero(write_tree):
    root = write_tree({"a.py": "import torch.nn as nn\nimport torch\nlayer = nn.Conv2d(1, 1, 1)\n"
                               "y = torch.not_a_real_api(x)\n"})  # MS100 note, MS103 warning
    assert ms_scan(root, "--no-cache").returncode == 0
    assert ms_scan(root, "--no-cache", "--fail-on", "warning").returncode == 1
    assert ms_scan(root, "--no-cache", "--fail-on", "warning", "--exit-zero").returncode == 0
    base = root / "b.json"
    ms_scan(root, "--no-cache", "--write-baseline", base)
    assert ms_scan(root, "--no-cache", "--fail-on", "note", "--baseline", base).returncode == 0
