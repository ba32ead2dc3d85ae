"""The per-file facts cache (ms_scan/cache.py): round trips, warm re-scans, invalidation, hostile entries."""
from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
import time
from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest

from ms_scan import cache, scan as scan_mod
from ms_scan.cache import SPECS, CacheError, FactsCache
from ms_scan.discover import discover
from ms_scan.extract import extract_source
from ms_scan.facts import FileFacts
from ms_scan.scan import scan
from ms_scan.settings import CACHE_DIR, Settings
from package_sample import sampled_fixture_files

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(p for d in (ROOT / "tests" / "fixtures", ROOT / "examples") for p in d.rglob("*.py"))


def ms_scan(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ms_scan", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


@functools.lru_cache(maxsize=None)
def _discovered(folder: str):
    return discover([folder], (), False)  # (once a folder: 540 fixtures share one)


def _real_facts(path: Path, gate: bool | str = True) -> FileFacts:
    found = _discovered(str(path.parent))
    src = next(f for f in found.files if Path(f.abspath).resolve() == path.resolve())
    if gate == scan_mod.MODELS_PASS:  # the targeted second look (model summaries)
        return scan_mod.extract_file(src, found.project_modules, Settings(), gate)
    return extract_source(path.read_bytes(), src.relpath, src.module, src.is_package,
                          found.project_modules, gate)


def _walk_types(obj, seen: set) -> None:
    if is_dataclass(obj):
        seen.add(type(obj))
        for f in fields(obj):
            _walk_types(getattr(obj, f.name), seen)
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            _walk_types(x, seen)
    elif isinstance(obj, dict):
        for x in obj.values():
            _walk_types(x, seen)


def test_round_trip_on_real_extractions():
    seen: set = set()
    assert len(SOURCES) > 20
    for i, path in enumerate(sampled_fixture_files(SOURCES)):
        # every file's first look; the second look (model summaries, the slower one) on a fixed third
        for gate in (True, scan_mod.MODELS_PASS) if i % 3 == 0 else (True,):
            facts = _real_facts(path, gate)
            again = FileFacts.from_dict(json.loads(json.dumps(facts.to_dict())))
            assert again == facts, (path, gate)
            _walk_types(facts, seen)
    # every fact type of the cache schema occurred in some real file (Problem below)
    assert seen | {cache.Problem} == set(SPECS), set(SPECS) - seen


def test_round_trip_problem_and_literals():
    bad = extract_source(b"import torch\ndef f(:\n", "bad.py")
    assert bad.problem is not None
    assert FileFacts.from_dict(json.loads(json.dumps(bad.to_dict()))) == bad
    op = cache.GradOp("torch.nn.ELU", 1, 2, 3, 4, (("a", 1), ("b", -2.5), ("c", True), ("d", None),
                                                   ("e", "s"), ("f", b"\x00\xff"), ("g", "\ud800")))
    site = cache.GradSite("grad", "torch.autograd.grad", 1, 1, 1, 9, "definite", "<module>", ops=[op])
    facts = FileFacts("x.py", grad_sites=[site], snippets={3: "x"}, reexports={"a": ("m", "b")})
    assert FileFacts.from_dict(json.loads(json.dumps(facts.to_dict()))) == facts


@pytest.mark.parametrize("mutate", [
    lambda d: d.__setitem__("path", 1),
    lambda d: d.__setitem__("uses", {"__class__": "os.system"}),
    lambda d: d.__setitem__("evil", "x"),
    lambda d: d.pop("snippets"),
    lambda d: d.__setitem__("snippets", [["1", "x"]]),
    lambda d: d.__setitem__("mentions_torch", 1),
    lambda d: d["uses"][0].__setitem__("line", True),
    lambda d: d["uses"][0].__setitem__("line", "3"),
    lambda d: d["uses"][0].__setitem__("keyword_at", [["k", 1]]),
    lambda d: d["uses"][0].__setitem__("__reduce__", []),
    lambda d: d.__setitem__("problem", ["MS001", "x"]),
    lambda d: d.__setitem__("grad_sites", [{"kind": "grad"}]),
    lambda d: d.__setitem__("reexports", {"a": ["m"]}),
])
def test_crafted_entries_are_rejected(mutate):
    facts = _real_facts(ROOT / "examples" / "wgan_gp" / "train.py")
    d = facts.to_dict()
    mutate(d)
    with pytest.raises(CacheError):
        FileFacts.from_dict(d)


def test_crafted_cache_files_are_misses(tmp_path):
    store = FactsCache(tmp_path)
    key = "ab" * 32
    facts = FileFacts("m.py", "m", snippets={1: "import torch"})
    store.put(key, facts)
    assert store.get(key, "m.py", "m") == facts
    target = tmp_path / "facts" / key[:2] / f"{key}.json"
    good = json.loads(target.read_text())
    for doc in (b"\x80\x81 not json", b"[1, 2]", b'{"format": 1}', b"{" * 100_000 + b"}" * 100_000,
                json.dumps({**good, "format": 999}).encode(),
                json.dumps({**good, "key": "cd" * 32}).encode(),
                json.dumps({**good, "facts": {**good["facts"], "uses": "x"}}).encode(),
                json.dumps({**good, "facts": {**good["facts"], "path": "other.py"}}).encode()):
        target.write_bytes(doc)
        assert store.get(key, "m.py", "m") is None
    assert store.get("ef" * 32, "m.py", "m") is None  # absent


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "examples" / "yolox_assign", root / "yolox_assign")
    shutil.copytree(ROOT / "examples" / "wgan_gp", root / "wgan_gp")
    (root / "util.py").write_text("import torch\nx = torch.nonzero(torch.ones(3))\n")
    (root / "plain.py").write_text("print('no framework here')\n")
    return root


def _settings(**kw) -> Settings:
    return Settings(jobs=1, facts_cache=True, **kw)


def test_warm_rescan_reuses_everything_and_reports_the_same(tmp_path):
    root = _tree(tmp_path)
    cold = scan([str(root)], _settings())
    assert cold.extracted == 5 and cold.cached == 0
    assert (root / CACHE_DIR / ".gitignore").read_text().strip().endswith("*")
    warm = scan([str(root)], _settings())
    assert warm.extracted == 0 and warm.cached == 5
    assert [f.to_dict() for f in warm.findings] == [f.to_dict() for f in cold.findings]
    assert warm.checklist == cold.checklist


def test_warm_cli_report_is_byte_identical(tmp_path):
    root = _tree(tmp_path)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert ms_scan(root, "--format", "json", "-o", a, "--exit-zero").returncode == 0
    entries = sorted((root / CACHE_DIR / "facts").rglob("*.json"))
    assert len(entries) == 5
    stamps = [p.stat().st_mtime_ns for p in entries]
    assert ms_scan(root, "--format", "json", "-o", b, "--exit-zero").returncode == 0
    assert a.read_bytes() == b.read_bytes()
    assert [p.stat().st_mtime_ns for p in entries] == stamps  # nothing re-extracted / rewritten


def test_changed_file_is_the_only_one_extracted(tmp_path, monkeypatch):
    root = _tree(tmp_path)
    scan([str(root)], _settings())
    log = tmp_path / "extracted.txt"  # the workers (forked: they inherit the patch) append to it
    real = scan_mod.extract_file

    def counting(src, *args, **kw):
        with open(log, "a") as fh:
            fh.write(src.relpath + "\n")
        return real(src, *args, **kw)
    monkeypatch.setattr(scan_mod, "extract_file", counting)
    (root / "util.py").write_text("import torch\nx = torch.nonzero(torch.ones(3))\ny = x.item()\n")
    result = scan([str(root)], _settings())
    assert log.read_text().split() == ["util.py"]
    assert result.extracted == 1 and result.cached == 4
    fresh = scan([str(root)], Settings(jobs=1))
    assert [f.to_dict() for f in result.findings] == [f.to_dict() for f in fresh.findings]


def test_edits_replace_their_entry_so_the_cache_does_not_grow(tmp_path):
    """One entry per file and pass: an edited file's new facts overwrite those of its old bytes (a cache
    keyed by content alone kept every version of every file ever scanned)."""
    root = _tree(tmp_path)
    scan([str(root)], _settings())
    facts = root / CACHE_DIR / "facts"
    before = sorted(p.relative_to(facts) for p in facts.rglob("*.json"))
    for k in range(1, 4):
        (root / "util.py").write_text(f"import torch\nx = torch.nonzero(torch.ones({k + 3}))\n")
        edited = scan([str(root)], _settings())
        assert edited.extracted == 1 and edited.cached == 4
        assert sorted(p.relative_to(facts) for p in facts.rglob("*.json")) == before
    warm = scan([str(root)], Settings(jobs=1, facts_cache=True, ms_version="2.6"))  # not the memo: the entries
    assert warm.extracted == 0 and warm.cached == 5  # the edited file's entry is its last version's
    # an entry under the slot with another key (the file's old bytes) is a miss, never its facts
    (root / "util.py").write_text("import torch\nx = torch.nonzero(torch.ones(3))\n")
    back = scan([str(root)], _settings())
    assert back.extracted == 1 and [f.line for f in back.findings if f.path == "util.py"]


def test_entries_of_deleted_files_go_with_the_next_whole_project_scan(tmp_path, monkeypatch):
    """A scan of the whole project drops the entries it did not use (files deleted or renamed since); a scan of some
    files (pre-commit) or into a --cache-dir (maybe shared) drops nothing; the entries it used stay."""
    monkeypatch.setattr(scan_mod, "_PRUNE_MARGIN_S", 0.05)  # (file times lag the clock by a tick at most)
    root = _tree(tmp_path)
    scan([str(root)], _settings())
    facts = root / CACHE_DIR / "facts"
    entries = lambda: sorted(p.relative_to(facts) for p in facts.rglob("*.json"))  # noqa: E731
    full = entries()
    (root / "util.py").unlink()
    time.sleep(0.2)
    scan([str(root / "plain.py")], _settings())  # part of the project: nothing pruned
    assert entries() == full
    shared = Settings(jobs=1, facts_cache=True, cache_dir=str(root / CACHE_DIR))
    scan([str(root)], shared)
    assert entries() == full
    warm = scan([str(root)], Settings(jobs=1, facts_cache=True, ms_version="2.6"))  # not the memo: the entries
    assert warm.extracted == 0 and warm.cached == 4
    kept = entries()
    assert len(kept) == len(full) - 1 and set(kept) < set(full)
    time.sleep(0.2)
    again = scan([str(root)], Settings(jobs=1, facts_cache=True, ms_version="2.5"))
    assert again.extracted == 0 and again.cached == 4 and entries() == kept


def test_corrupt_entries_are_ignored_and_replaced(tmp_path):
    root = _tree(tmp_path)
    cold = scan([str(root)], _settings())
    entries = sorted((root / CACHE_DIR / "facts").rglob("*.json"))
    for i, p in enumerate(entries):
        p.write_bytes([b"", b"{", b"\x00" * 10, b"null", b'{"format": 1, "key": 5}'][i % 5])
    again = scan([str(root)], _settings())
    assert again.extracted == 5 and again.cached == 0
    assert [f.to_dict() for f in again.findings] == [f.to_dict() for f in cold.findings]
    assert scan([str(root)], _settings()).cached == 5  # rewritten


def test_no_cache_writes_nothing(tmp_path):
    root = _tree(tmp_path)
    res = ms_scan(root, "--format", "json", "-o", tmp_path / "r.json", "--exit-zero", "--no-cache")
    assert res.returncode == 0, res.stderr
    assert not (root / CACHE_DIR).exists()


def test_no_cache_reads_nothing(tmp_path):
    root = _tree(tmp_path)
    scan([str(root)], _settings())
    assert scan([str(root)], Settings(jobs=1)).extracted == 5


def test_cache_dir_flag_and_unwritable_cache(tmp_path):
    root = _tree(tmp_path)
    elsewhere = tmp_path / "cache"
    res = ms_scan(root, "--format", "json", "-o", tmp_path / "r.json", "--exit-zero", "--cache-dir", elsewhere)
    assert res.returncode == 0, res.stderr
    assert len(list((elsewhere / "facts").rglob("*.json"))) == 5
    assert not (root / CACHE_DIR).exists()
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = scan([str(root)], _settings(cache_dir=str(blocker / "sub")))  # cannot be created
    assert result.extracted == 5 and result.findings


def test_ms_version_change_re_evaluates_without_re_extracting(tmp_path):
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "examples", root)
    old = scan([str(root)], _settings(ms_version="1.7"))
    new = scan([str(root)], _settings(ms_version="2.10"))
    assert old.extracted > 0 and new.extracted == 0 and new.cached == old.extracted
    assert [f.to_dict() for f in old.findings] != [f.to_dict() for f in new.findings]
    direct = scan([str(root)], Settings(jobs=1, ms_version="2.10"))
    assert [f.to_dict() for f in new.findings] == [f.to_dict() for f in direct.findings]


def test_project_module_set_is_in_the_key(tmp_path):
    root = tmp_path / "proj"
    root.mkdir()
    (root / "main.py").write_text("import torch\nfrom helpers import act\ny = act(torch.ones(2))\n")
    first = scan([str(root)], _settings())
    assert first.extracted == 1
    (root / "helpers.py").write_text("import torch\nact = torch.relu\n")
    second = scan([str(root)], _settings())
    assert second.extracted == 2  # `helpers` became a project module: main.py's facts change
    direct = scan([str(root)], Settings(jobs=1))
    assert [f.to_dict() for f in second.findings] == [f.to_dict() for f in direct.findings]


# --- the whole-scan memo: an unchanged tree answers from the last scan ----------------------------

def _memo_scan(root: Path, **kw):
    result = scan([str(root)], _settings(**kw))
    scan_mod.save_last_scan(result)
    return result


def test_unchanged_tree_is_answered_from_the_last_scan(tmp_path, monkeypatch):
    root = _tree(tmp_path)
    cold = _memo_scan(root)
    assert not cold.from_memo and cold.memo_key

    def no_extraction(*args, **kw):
        raise AssertionError("an unchanged tree must not be extracted again")
    monkeypatch.setattr(scan_mod, "extract_all", no_extraction)
    monkeypatch.setattr(scan_mod, "collect", no_extraction)
    again = scan([str(root)], Settings(jobs=2, facts_cache=True))  # the number of workers is not in the key
    assert again.from_memo and again.extracted == 0
    assert [f.to_dict() for f in again.findings] == [f.to_dict() for f in cold.findings]
    assert again.checklist == cold.checklist and again.files == cold.files


@pytest.mark.parametrize("change", ["file", "new-file", "select", "mode", "ms_version", "baseline"])
def test_anything_the_findings_follow_from_invalidates_the_memo(tmp_path, change):
    root = _tree(tmp_path)
    baseline = tmp_path / "baseline.json"
    first = _memo_scan(root)
    from ms_scan import baseline as baselines
    baselines.write(first.findings[:1], str(baseline))
    kw: dict = {"baseline": str(baseline)}
    _memo_scan(root, **kw)
    if change == "file":
        (root / "util.py").write_text("import torch\nx = torch.ones(3)\nk = x.unique()\n")
    elif change == "new-file":
        (root / "extra.py").write_text("import torch\ny = torch.unique(torch.ones(3))\n")
    elif change == "select":
        kw["select"] = ("MS2",)
    elif change == "mode":
        kw["mode"] = "pynative"
    elif change == "ms_version":
        kw["ms_version"] = "1.7"
    else:
        baselines.write(first.findings[:3], str(baseline))
    again = scan([str(root)], _settings(**kw))
    assert not again.from_memo
    direct = scan([str(root)], Settings(jobs=1, **kw))
    assert [f.to_dict() for f in again.findings] == [f.to_dict() for f in direct.findings]
    assert again.baseline_fixed == direct.baseline_fixed


def test_cli_rescan_of_an_unchanged_tree_is_byte_identical_and_keeps_the_last_scan(tmp_path):
    root = _tree(tmp_path)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert ms_scan(root, "--format", "json", "-o", a, "--exit-zero").returncode == 0
    last = root / CACHE_DIR / scan_mod.LAST_SCAN
    stamp = last.stat().st_mtime_ns
    assert ms_scan(root, "--format", "json", "-o", b, "--exit-zero").returncode == 0
    assert a.read_bytes() == b.read_bytes()
    assert last.stat().st_mtime_ns == stamp  # answered from it, not rewritten
    (root / "util.py").write_text("import torch\nx = torch.ones(3)\nk = x.unique()\n")
    assert ms_scan(root, "--format", "json", "-o", b, "--exit-zero").returncode == 0
    assert a.read_bytes() != b.read_bytes() and last.stat().st_mtime_ns != stamp
