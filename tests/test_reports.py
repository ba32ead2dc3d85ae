"""Every report format, rendered from one ScanResult: SARIF against the official 2.1.0 schema,
Markdown/CSV/GitHub escaping, HTML escaping (no browser here: see test_html_browser.py), the
terminal's compact/verbose/quiet modes and `ms-scan report` with the last-scan cache."""
from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from ms_scan.findings import Finding
from ms_scan.report import FORMATS, renderer
from ms_scan.report.summary import summarize
from ms_scan.rules import all_rules
from ms_scan.scan import LAST_SCAN, ScanResult, load_last_scan, save_last_scan
from ms_scan.settings import CACHE_DIR, Settings

HERE = Path(__file__).parent
SARIF_SCHEMA = json.loads((HERE / "sarif-schema-2.1.0.json").read_text())
JSON_SCHEMA = json.loads((HERE / "report_schema.json").read_text())

GAPS = {
    "model.py": "import torch.nn as nn\nclass M(nn.Module):\n    def forward(self, x):\n"
                "        return nn.functional.interpolate(x, scale_factor=2, antialias=True)\n",
    "ops.py": "import torch\n\ndef pick(t):\n    idx = torch.nonzero(t)\n"
              "    keep = torch.nonzero(t)  # ms-scan: ignore[MS201]\n    return idx, keep\n",
    "bad.py": "import torch\ndef f(:\n",
}


def ms_scan(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ms_scan", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


@pytest.fixture
def result(write_tree, run_scan):
    root = write_tree(GAPS)
    return run_scan(root, ms_version="2.10")


def render(fmt, result, **options) -> str:
    buf = io.StringIO()
    renderer(fmt)(result, summarize(result), buf, options)
    return buf.getvalue()


def test_every_format_renders_from_the_result_without_scanning_again(result, monkeypatch):
    import ms_scan.scan as scan_module

    def no_scan(*a, **k):
        raise AssertionError("a report format scanned again")
    monkeypatch.setattr(scan_module, "scan", no_scan)
    monkeypatch.setattr(scan_module, "collect", no_scan)
    assert set(FORMATS) == {"terminal", "json", "jsonl", "html", "sarif", "markdown", "csv", "github"}
    for fmt in FORMATS:
        assert render(fmt, result).strip(), fmt


def test_fixture_has_each_kind_of_finding(result):
    codes = {f.code for f in result.findings}
    assert {"MS001", "MS201", "MS100"} <= codes
    assert any(f.suppressed for f in result.findings)
    assert all(re.fullmatch(r"[0-9a-f]{32}", f.fingerprint) for f in result.findings)


# --------------------------------------------------------------------------- SARIF
def test_sarif_validates_against_the_official_schema(result):
    doc = json.loads(render("sarif", result))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(doc)
    assert doc["version"] == "2.1.0"


def test_sarif_schema_is_the_official_one():
    assert SARIF_SCHEMA["id"].endswith("/sarif-2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json") or \
        SARIF_SCHEMA["id"].endswith("sarif-schema-2.1.0.json")
    with pytest.raises(jsonschema.ValidationError):  # the schema really constrains: a bad level fails
        jsonschema.validate({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                             "results": [{"message": {"text": "m"}, "level": "fatal"}]}]}, SARIF_SCHEMA)


def test_sarif_rules_results_fingerprints_and_suppressions(result):
    run = json.loads(render("sarif", result))["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [r.code for r in all_rules()]
    for r, info in zip(rules, all_rules()):
        assert r["name"] == info.name and r["fullDescription"]["text"] == info.summary
        assert r["defaultConfiguration"]["level"] == info.severity
        assert r["helpUri"].startswith("https://")
    by_fp = {f.fingerprint: f for f in result.findings}
    assert len(run["results"]) == len(result.findings)
    for res in run["results"]:
        f = by_fp[res["partialFingerprints"]["msScanFingerprint/v1"]]
        assert res["ruleId"] == f.code and rules[res["ruleIndex"]]["id"] == f.code
        assert res["level"] == {"error": "error", "warning": "warning", "note": "note"}[f.severity]
        region = res["locations"][0]["physicalLocation"]["region"]
        assert (region["startLine"], region["startColumn"]) == (f.line, f.column)
        assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == f.path
        assert ("suppressions" in res) == f.suppressed
    nonzero = [r for r in run["results"] if r["ruleId"] == "MS201"]
    assert sorted(r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in nonzero) == [4, 5]
    assert [("suppressions" in r) for r in sorted(nonzero, key=lambda r: r["locations"][0][
        "physicalLocation"]["region"]["startLine"])] == [False, True]


def test_sarif_uri_is_percent_encoded(write_tree, run_scan):
    root = write_tree({"my dir/a b.py": "import torch\ni = torch.nonzero(t)\n"})
    run = json.loads(render("sarif", run_scan(root)))["runs"][0]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
    assert uris == {"my%20dir/a%20b.py"}


# --------------------------------------------------------------------------- Markdown
def test_markdown_escapes_pipes_and_backticks(write_tree, run_scan):
    root = write_tree({"we|ird`name.py": "import torch\ni = torch.nonzero(t)\n"})
    md = render("markdown", run_scan(root))
    rows = [ln for ln in md.splitlines() if ln.startswith("| :")]
    assert rows, md
    for row in rows:  # every cell boundary is an unescaped pipe: 7 of them for 6 columns
        assert len(re.findall(r"(?<!\\)\|", row)) == 7, row
    assert "we\\|ird\\`name.py:2" in md
    assert "Migration readiness" in md


def test_markdown_counts_suppressed_and_lists_only_what_counts(result):
    md = render("markdown", result)
    assert "| errors | warnings | notes | suppressed | baselined |" in md
    assert "ops.py:4" in md and "ops.py:5" not in md  # the suppressed one is counted, not listed
    assert "MS100" not in md and "MS100" in render("markdown", result, verbose=True)


# --------------------------------------------------------------------------- CSV
def test_csv_one_row_per_finding(result):
    import pandas as pd

    frame = pd.read_csv(io.StringIO(render("csv", result)), keep_default_na=False)
    assert len(frame) == len(result.findings)
    assert list(frame["code"]) == [f.code for f in result.findings]
    assert list(frame["line"]) == [f.line for f in result.findings]
    assert set(frame.columns) >= {"path", "code", "severity", "ms_api", "shim", "suppressed", "fingerprint"}


def test_csv_defuses_formulas():
    from ms_scan.report.csv import _safe

    assert _safe("=HYPERLINK(\"x\")") == "'=HYPERLINK(\"x\")"
    assert _safe("@cmd") == "'@cmd" and _safe("x = 1") == "x = 1" and _safe(3) == 3


# --------------------------------------------------------------------------- GitHub
def test_github_annotation_escaping():
    from ms_scan.report.github import annotation

    f = Finding(code="MS101", name="api-missing", severity="error", confidence="high",
                message="100% sure\r\nline two: a, b", path="dir,1/a:b.py", line=3, column=5,
                end_line=3, end_column=9)
    assert annotation(f) == ("::error file=dir%2C1/a%3Ab.py,line=3,col=5,endLine=3,endColumn=9,"
                             "title=MS101 api-missing::100%25 sure%0D%0Aline two: a, b")
    f.severity = "note"
    assert annotation(f).startswith("::notice ")


def test_github_lists_what_counts(result):
    lines = render("github", result).splitlines()
    assert all(ln.startswith(("::error ", "::warning ")) for ln in lines)
    assert any("file=ops.py,line=4," in ln for ln in lines)
    assert not any("file=ops.py,line=5," in ln for ln in lines)  # suppressed
    assert any("title=MS001 syntax-error" in ln for ln in lines)


# --------------------------------------------------------------------------- JSON / HTML text
def test_json_carries_fingerprint_and_baseline(result):
    doc = json.loads(render("json", result))
    jsonschema.validate(doc, JSON_SCHEMA)
    assert doc["summary"]["suppressed"] == 1
    assert all(f["baseline"] is False and len(f["fingerprint"]) == 32 for f in doc["findings"])


XSS_NAME = 'x"><img src=x onerror=alert(1)>.py'


def test_html_is_self_contained_and_escapes_repo_content(write_tree, run_scan):
    root = write_tree({XSS_NAME: "import torch\ni = torch.nonzero(t); s = '</script><script>alert(2)</script>'\n"})
    page = render("html", run_scan(root))
    assert "<img src=x" not in page and "</script><script>alert(2)" not in page
    assert "x&#34;&gt;&lt;img src=x onerror=alert(1)&gt;.py" in page  # the top-files chart, as text
    assert page.count("</script>") == 2  # the data block and the code: nothing from the repo closes one
    data = re.search(r'<script type="application/json" id="ms-scan-data">(.*?)</script>', page, re.S).group(1)
    assert "<" not in data and ">" not in data
    assert json.loads(data)["findings"][0]["path"] == XSS_NAME
    # nothing loads from the network: no external src/href, no stylesheet links
    assert not re.search(r"""\b(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page


def test_html_shows_the_header_and_charts(result):
    page = render("html", result)
    for text in ("MindSpore <b id=\"release\">2.10</b>", "chart-status", "chart-families", "chart-files",
                 "graph</b> mode", 'id="suppressed-count">1<'):
        assert text in page, text
    assert "ops.py" in page.split('id="chart-files"')[1].split("</section>")[0]


# --------------------------------------------------------------------------- terminal
def test_terminal_compact_verbose_quiet(write_tree):
    root = write_tree(GAPS)
    compact = ms_scan(root, "--no-cache")
    verbose = ms_scan(root, "--no-cache", "--verbose")
    quiet = ms_scan(root, "--no-cache", "--quiet")
    assert compact.returncode == verbose.returncode == quiet.returncode == 1
    assert "ops.py" in compact.stdout and "MS201" in compact.stdout
    assert "idx = torch.nonzero(t)" not in compact.stdout and "MS100" not in compact.stdout
    assert "idx = torch.nonzero(t)" in verbose.stdout and "MS100" in verbose.stdout
    assert "MindSpore: mindspore" in verbose.stdout  # the advice line
    assert quiet.stdout == "" and quiet.stderr == ""


# --------------------------------------------------------------------------- report command / cache
def test_last_scan_cache_is_plain_json_lines_and_round_trips(result):
    path = save_last_scan(result)
    assert path == result.root / CACHE_DIR / LAST_SCAN
    header, *rows = [json.loads(line) for line in path.read_text().splitlines()]  # JSON, not a pickle
    assert header["findings"] == len(rows) == len(result.findings)
    assert dict(zip(header["finding_fields"], rows[0]))["code"] == result.findings[0].code
    again = load_last_scan(result.root, Settings())
    assert isinstance(again, ScanResult)
    assert [f.to_dict() for f in again.findings] == [f.to_dict() for f in result.findings]
    assert again.settings == result.settings and again.release == result.release
    assert (result.root / CACHE_DIR / ".gitignore").read_text().strip().endswith("*")


def test_last_scan_that_is_truncated_or_tampered_is_ignored(result):
    path = save_last_scan(result)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n")  # a finding short: an interrupted write
    assert load_last_scan(result.root, Settings()) is None
    path.write_text("\n".join(lines[:1] + ['["MS100", 1, 2]'] + lines[2:]) + "\n")
    assert load_last_scan(result.root, Settings()) is None
    path.write_text("\n".join(lines) + "\n")
    assert load_last_scan(result.root, Settings(), memo_key="not-this-one") is None
    assert load_last_scan(result.root, Settings(), memo_key=result.memo_key) is not None


def test_report_command_scans_first_then_reuses_the_last_scan(write_tree):
    root = write_tree(GAPS)
    first = ms_scan("--format", "html", "report", cwd=root)
    assert first.returncode == 0, first.stderr
    assert "scanning it now" in first.stderr
    assert (root / CACHE_DIR / LAST_SCAN).is_file()
    page = (root / "report.html").read_text()
    assert "ops.py" in page
    # a later edit is not in the report until the project is scanned again
    (root / "late.py").write_text("import torch\nj = torch.nonzero(t)\n")
    (root / "report").mkdir()
    second = ms_scan("--format", "html", "report", cwd=root)
    assert second.returncode == 0 and "scanning" not in second.stderr
    assert "late.py" not in (root / "report" / "report.html").read_text()
    assert ms_scan(root, "--no-progress", cwd=root).returncode == 1  # a scan refreshes the cache
    ms_scan("report", "-o", "out.md", "--format", "markdown", cwd=root)
    assert "late.py:2" in (root / "out.md").read_text()


def test_report_with_options_before_the_command_does_not_scan_a_folder_named_report(write_tree):
    root = write_tree({**GAPS, "report/keep.txt": "not python"})
    res = ms_scan("--format", "sarif", "-o", "r.sarif", "report", cwd=root)
    assert res.returncode == 0, res.stderr
    doc = json.loads((root / "r.sarif").read_text())
    assert {r["ruleId"] for r in doc["runs"][0]["results"]} >= {"MS001", "MS201"}


def test_no_cache_flag_writes_nothing(write_tree):
    root = write_tree(GAPS)
    ms_scan(root, "--no-cache")
    assert not (root / CACHE_DIR).exists()
    ms_scan(root)
    assert (root / CACHE_DIR / LAST_SCAN).is_file()


def test_jsonl_is_one_finding_per_line_and_concatenates_into_a_frame(result):
    import pandas as pd

    text = render("jsonl", result)
    lines = text.splitlines()
    assert len(lines) == len(result.findings) > 0
    rows = [json.loads(line) for line in lines]
    assert [r["code"] for r in rows] == [f.code for f in result.findings]
    assert {r["mindspore"] for r in rows} == {result.release}
    frame = pd.read_json(io.StringIO(text + text), lines=True)  # two repositories' files, concatenated
    assert len(frame) == 2 * len(result.findings)
    assert frame.groupby("torch_api").size().sum() == 2 * sum(1 for f in result.findings if f.torch_api)
