"""Issue #8: a scan of more files than one chunk (discover._Packing.CHUNK, lowered to 3 here) keeps its file
list, module names and content digests on disk, in a private temporary folder removed when the scan ends, and
reports what a scan holding them in memory reports, with the facts cache on or off."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ms_scan import discover, scan as scan_mod
from ms_scan.scan import scan
from ms_scan.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [ROOT / "examples", ROOT / "tests" / "second_order_heldout2"]

# The CLI with chunks of 3 files; on stderr, how many spill folders the scan made and how many are left.
_TINY = ("import os, runpy, sys\n"
         "import ms_scan.discover as d\n"
         "d._Packing.CHUNK = 3\n"
         "made, init = [], d._Spill.__init__\n"
         "def spill(self):\n"
         "    init(self)\n"
         "    made.append(self.path)\n"
         "d._Spill.__init__ = spill\n"
         "sys.argv = ['ms-scan'] + sys.argv[1:]\n"
         "try:\n"
         "    runpy.run_module('ms_scan', run_name='__main__')\n"
         "finally:\n"
         "    print('spills', len(made), sum(map(os.path.exists, made)), file=sys.stderr)\n")


def _cli(*args, tiny: bool = False) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", _TINY] if tiny else [sys.executable, "-m", "ms_scan"]
    run = subprocess.run([*cmd, *map(str, args), "--format", "json", "--exit-zero", "--no-progress"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return run


def _spills(run: subprocess.CompletedProcess) -> tuple[int, int]:
    made, left = next(line for line in run.stderr.splitlines() if line.startswith("spills ")).split()[1:]
    return int(made), int(left)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_reports_are_byte_identical_with_the_files_on_disk(folder, tmp_path):
    """Chunks of 3 files (the list, its module names and digests on disk): the JSON report is byte for byte
    the one of the default chunk, without the facts cache, and with it cold, warm (facts from the cache, keys
    made in the workers) and answered from the last scan; every spill folder is gone when the scan ends."""
    plain = _cli(folder, "--no-cache").stdout
    assert json.loads(plain)["summary"]["files"] > 3
    tiny = _cli(folder, "--no-cache", tiny=True)
    assert tiny.stdout == plain
    made, left = _spills(tiny)
    assert made >= 1 and left == 0
    cache = tmp_path / "cache"
    for step in ("cold", "warm", "memo"):
        if step == "warm":
            (cache / scan_mod.LAST_SCAN).unlink()  # no last scan: each file's facts come from the facts cache
        run = _cli(folder, "--cache-dir", cache, tiny=True)
        assert run.stdout == plain, step
        assert _spills(run)[1] == 0 and _spills(run)[0] >= 1, step
    assert any((cache / "facts").rglob("*.json"))


def test_the_facts_cache_keys_come_from_the_digests_on_disk(tmp_path, monkeypatch):
    """With the list on disk, each file's content digest travels with its chunk and the worker makes the key
    from it: a cold scan writes every file's facts under the key earlier releases made (context digest of the
    sorted module names, then path, module, package flag, pass and the sha256 of the bytes), and a warm scan
    (no last scan to answer from) takes every file from the cache, with the findings of a scan without it."""
    from ms_scan.digests import code_digest, file_key_of_digest, file_slot

    folder = FOLDERS[1]
    direct = scan([str(folder)], Settings(jobs=2))
    monkeypatch.setattr(discover._Packing, "CHUNK", 3)
    settings = Settings(jobs=2, facts_cache=True, cache_dir=str(tmp_path / "cache"))
    cold = scan([str(folder)], settings)
    warm = scan([str(folder)], settings)
    assert cold.cached == 0 and cold.extracted >= cold.files > 3
    assert warm.cached == cold.extracted and warm.extracted == 0
    for result in (cold, warm):
        assert [f.to_dict() for f in result.findings] == [f.to_dict() for f in direct.findings]
        assert result.checklist == direct.checklist and result.files_with_torch == direct.files_with_torch
    found = discover.discover([str(folder)])
    context = hashlib.sha256(code_digest().encode())
    context.update("\n".join(sorted(f.module for f in found.files if f.module)).encode())
    for src in found.files:
        key = file_key_of_digest(context.hexdigest(), hashlib.sha256(Path(src.abspath).read_bytes()).hexdigest(),
                                 src.relpath, src.module, src.is_package, True)
        slot = file_slot(src.relpath, src.module, src.is_package, True)
        entry = tmp_path / "cache" / "facts" / slot[:2] / f"{slot}.json"
        assert json.loads(entry.read_text())["key"] == key, src.relpath


def test_the_spill_folder_goes_when_the_scan_ends_even_on_an_error(tmp_path, monkeypatch):
    spill = tmp_path / "spill"
    spill.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spill))
    monkeypatch.setattr(discover._Packing, "CHUNK", 3)
    during = []
    real = scan_mod.collect

    def folders() -> None:
        during.append(sorted(p.name for p in spill.iterdir() if p.name.startswith("ms-scan-files-")))

    def watch(*args, **kw):
        folders()
        return real(*args, **kw)

    monkeypatch.setattr(scan_mod, "collect", watch)
    assert scan([str(FOLDERS[1])], Settings(jobs=2)).files > 3
    assert len(during[-1]) == 1 and list(spill.iterdir()) == []

    def broken(*args, **kw):
        folders()
        raise RuntimeError("a scan that fails")

    monkeypatch.setattr(scan_mod, "collect", broken)
    with pytest.raises(RuntimeError, match="fails"):
        scan([str(FOLDERS[1])], Settings(jobs=2))
    assert len(during[-1]) == 1 and list(spill.iterdir()) == []
    settings = Settings(jobs=2, facts_cache=True, cache_dir=str(tmp_path / "cache"))
    monkeypatch.setattr(scan_mod, "collect", real)
    scan_mod.save_last_scan(scan([str(FOLDERS[1])], settings))
    monkeypatch.setattr(scan_mod, "collect", broken)  # answered from the last scan: collect is not reached
    assert scan([str(FOLDERS[1])], settings).from_memo and list(spill.iterdir()) == []


def test_positions_and_their_files():
    """The scan's bit set of positions (the files without torch it did not keep, those it looks at again)
    and the files at them, made one at a time in order (as the pool asks for them), or out of order."""
    from ms_scan.scan import _Positions, _Subset

    picked = [0, 3, 7, 8, 9, 64, 1000]
    positions = _Positions(picked + [8, 3])  # added twice: once
    assert list(positions) == picked and len(positions) == 7 and bool(positions)
    assert all(i in positions for i in picked) and not any(i in positions for i in (1, 2, 10, 999, 1001, 5000))
    assert not _Positions() and list(_Positions()) == []
    files = [f"f{i}" for i in range(1001)]
    subset = _Subset(files, positions)
    assert len(subset) == 7 and [subset[i] for i in range(7)] == [files[i] for i in picked]
    assert subset[5] == "f64" and subset[1] == "f3" and subset[-1] == "f1000" and subset[6] == "f1000"
    with pytest.raises(IndexError):
        subset[7]


def test_the_second_look_with_the_files_on_disk(tmp_path, monkeypatch):
    """Files without the word torch that import a module exporting torch names get their second look when the
    list is on disk (positions, not records; the exporting modules' last names asked of the index): the
    findings of the default chunk, with those found only through the second look among them."""
    for i in range(4):
        pkg = tmp_path / "proj" / f"pkg{i}"
        pkg.mkdir(parents=True)
        (pkg / "__init__.py").write_text("")
        (pkg / "layers.py").write_text("import torch.nn as nn\nimport torch.nn.functional as F\n")
        (pkg / "model.py").write_text("from .layers import nn, F\n\n\nclass Net(nn.Module):\n"
                                      "    def forward(self, x):\n        return F.relu(nn.GELU()(x))\n")
        (pkg / "util.py").write_text("import math\n")  # no torch, imports nothing exporting: no second look
    root = tmp_path / "proj"
    looked = []
    real = scan_mod._needs_second_look

    def spy(*args, **kw):
        out = real(*args, **kw)
        looked.append([args[1][i].relpath for i in out])
        return out

    monkeypatch.setattr(scan_mod, "_needs_second_look", spy)
    whole = scan([str(root)], Settings(jobs=2))
    monkeypatch.setattr(discover._Packing, "CHUNK", 3)
    chunked = scan([str(root)], Settings(jobs=2))
    assert looked[0] == looked[1] == [f"pkg{i}/model.py" for i in range(4)]
    assert [f.to_dict() for f in chunked.findings] == [f.to_dict() for f in whole.findings]
    apis = {(f.path, f.torch_api) for f in chunked.findings}
    assert {(f"pkg{i}/model.py", "torch.nn.GELU") for i in range(4)} <= apis
