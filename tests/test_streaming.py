"""Rules run per file as facts arrive (ms_scan/evaluate.Streaming): the same findings as evaluating
all resolved facts at once, while only the cross-file parts of each file stay in memory."""
from __future__ import annotations

from pathlib import Path

import pytest
from package_sample import sampled_packages, sampled_single_files

from ms_scan import project
from ms_scan.discover import discover
from ms_scan.evaluate import Streaming, evaluate
from ms_scan.extract import extract_source
from ms_scan.scan import ScanResult, collect, post_process, scan
from ms_scan.settings import Settings
from ms_scan.tables.mapping import default_release, load_table

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "tests" / "fixtures"
# projects whose findings need the cross-file pass: re-exports (deferred references), the class
# index (uses on project-class owners), second-order paths into other files, plus single files
SAMPLE = FIX / "second_order_pkg"  # stands for a fixed third of its packages (package_sample.sampled_packages)
SINGLES = FIX / "second_order"  # stands for a fixed half of its scripts (package_sample.sampled_single_files)
PROJECTS = [FIX / "reexport", FIX / "extract" / "class_index", SAMPLE,
            SINGLES, FIX / "extract", FIX / "recipe", ROOT / "examples"]


def _settings(**kw) -> Settings:
    return Settings(jobs=1, facts_cache=False, **kw)


def _all_at_once(path: Path, settings: Settings) -> list[dict]:
    found, facts = collect([str(path)], settings)  # no sink: whole facts, resolved across files
    table = load_table(default_release())
    result = ScanResult(root=found.root, release=table.release, settings=settings,
                        findings=evaluate(facts, table, settings))
    post_process(result, {f.relpath: f.abspath for f in found.files})  # suppressions, fingerprints
    return [f.to_dict() for f in result.findings]


@pytest.mark.parametrize("path", PROJECTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_streamed_findings_equal_evaluating_all_facts_at_once(path, tmp_path):
    if path == SAMPLE:
        path = sampled_packages(tmp_path, offset=1)
    elif path == SINGLES:
        path = sampled_single_files(tmp_path / "second_order", offset=1)
    settings = _settings()
    streamed = [f.to_dict() for f in scan([str(path)], settings).findings]
    assert streamed == _all_at_once(path, settings)
    assert streamed  # each project has findings to compare


def test_streaming_honours_select_and_confidence_like_evaluate():
    settings = _settings(select=("MS1",), min_confidence="medium")
    streamed = [f.to_dict() for f in scan([str(FIX / "extract")], settings).findings]
    assert streamed == _all_at_once(FIX / "extract", settings)
    assert streamed and all(f["code"].startswith("MS1") and f["confidence"] != "low" for f in streamed)


def _facts(path: Path, gate: bool = True):
    """Each file's first-pass facts (gate=False: the second look of a file without the word torch)."""
    found = discover([str(path)], (), False)
    return {src.relpath: extract_source(Path(src.abspath).read_bytes(), src.relpath, src.module,
                                        src.is_package, found.project_modules, gate) for src in found.files}


def test_a_streamed_file_keeps_only_its_cross_file_parts():
    facts = _facts(FIX / "extract")
    rules = Streaming(_settings(), default_release())
    name, full = next((k, f) for k, f in sorted(facts.items())
                      if f.uses and f.shapes and not f.grad_sites and not any(u.owner for u in f.uses))
    kept = rules.stream(full)
    assert kept is not full
    assert kept.uses == [] and kept.shapes == [] and kept.snippets == {} and kept.contexts == []
    assert kept.exports == full.exports and kept.reexports == full.reexports and kept.classes == full.classes
    assert rules.findings and {f.path for f in rules.findings} == {name}
    assert name in rules.with_uses


def test_owner_uses_and_deferred_references_wait_for_the_cross_file_pass():
    facts = _facts(FIX / "extract" / "class_index")
    rules = Streaming(_settings(), default_release())
    owned = [f for f in facts.values() if any(u.owner for u in f.uses)]
    assert owned, "the class-index fixture calls nn.Module members on project classes"
    for f in owned:
        kept = rules.stream(f)
        assert kept.uses and all(u.owner for u in kept.uses)
        assert set(kept.snippets) <= {u.line for u in kept.uses} | {r.use.line for r in kept.deferred}
        assert not any(x.line in {u.line for u in kept.uses} and x.torch_api in {u.api for u in kept.uses}
                       for x in rules.findings if x.path == f.path and x.code.startswith("MS1"))
    deferred = [f for f in _facts(FIX / "reexport", gate=False).values() if f.deferred]
    assert deferred
    for f in deferred:
        assert rules.stream(f).deferred == f.deferred


def test_second_order_files_and_files_without_torch_are_kept_whole(tmp_path):
    rules = Streaming(_settings(), default_release())
    grad = next(f for f in _facts(sampled_single_files(tmp_path, 0, stride=60)).values() if f.grad_sites)
    assert rules.stream(grad) is grad
    plain = extract_source(b"x = 1\n", "plain.py")
    assert not plain.mentions_torch and rules.stream(plain) is plain
    assert rules.findings == [] and rules.done == set()


def test_kept_facts_do_not_grow_with_the_files_uses(tmp_path):
    """Memory: what stays per file is independent of how much torch code the file holds."""
    body = "import torch\n" + "".join(f"y{i} = torch.cat([x, x]).view(-1).relu()\n" for i in range(400))
    (tmp_path / "big.py").write_text(body)
    (tmp_path / "small.py").write_text("import torch\ny = torch.cat([x, x])\n")
    rules = Streaming(_settings(), default_release())
    facts = _facts(tmp_path)
    big, small = rules.stream(facts["big.py"]), rules.stream(facts["small.py"])
    assert len(facts["big.py"].uses) > 1000
    assert big.uses == small.uses == [] and big.snippets == small.snippets == {}
    assert sum(1 for f in rules.findings if f.path == "big.py") >= 1000


def test_uses_resolved_through_re_exports_are_reported_after_streaming():
    """project.resolve runs on the kept facts: uses that exist only through a project re-export
    (deferred references) still become findings."""
    facts = list(_facts(FIX / "reexport", gate=False).values())
    before = {(f.path, u.line, u.column, u.api) for f in facts for u in f.uses}
    project.resolve(facts)
    added = {(f.path, u.line, u.column, u.api) for f in facts for u in f.uses} - before
    assert added, "the re-export fixture has uses that only the cross-file pass resolves"
    streamed = {(f.path, f.line, f.column, f.torch_api) for f in scan([str(FIX / "reexport")], _settings()).findings}
    assert added <= streamed


def test_deferred_references_outside_the_scanned_modules_are_let_go(tmp_path):
    """`from ...utils import x` above the scan root can never resolve: the worker drops it (memory);
    a reference into a scanned module stays for project.resolve."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "ops.py").write_text("import torch\nact = torch.relu\n")
    (pkg / "model.py").write_text("import torch\nfrom .ops import act\nfrom ..outside import helper\n"
                                  "y = act(torch.ones(2))\nz = helper(y)\n")
    found = discover([str(pkg)], (), False)
    src = next(s for s in found.files if s.relpath.endswith("model.py"))
    full = extract_source(Path(src.abspath).read_bytes(), src.relpath, src.module, src.is_package,
                          found.project_modules)
    assert {r.name for r in full.deferred} == {"act", "helper"}
    rules = Streaming(_settings(), default_release())
    kept = rules.per_file(full, found.project_modules)[0]
    assert [r.name for r in kept.deferred] == ["act"]
    assert rules.per_file(full)[0].deferred == full.deferred  # without the module set nothing is dropped
    streamed = scan([str(pkg)], _settings()).findings
    assert any(f.torch_api == "torch.relu" and f.path.endswith("model.py") for f in streamed)


def test_sorting_one_path_at_a_time_is_the_global_order():
    """findings.sort_findings groups by path to keep few sort keys alive; the order is sorted()'s,
    ties (equal keys) included."""
    import random

    from ms_scan.findings import Finding, sort_findings

    rng = random.Random(7)
    findings = [Finding(code=rng.choice(["MS101", "MS201", "MS301"]), name="n", severity="error",
                        confidence="high", message=str(i), path=rng.choice(["b.py", "a.py", "a/b.py"]),
                        line=rng.randint(1, 4), column=rng.randint(0, 1), end_line=1, end_column=1,
                        torch_api=rng.choice([None, "torch.a", "torch.b"]))
                for i in range(3000)]
    assert [f.message for f in sort_findings(findings)] == \
        [f.message for f in sorted(findings, key=Finding.sort_key)]
    assert sort_findings([]) == []
