"""The cross-file index (ms_scan/index.py): workers write each kept file's exports, re-exports and classes
to disk and the main process reads them through views that answer like the dicts; the same findings
as keeping the dicts."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from package_sample import sampled_packages

from ms_scan import index, project
from ms_scan.facts import ClassDecl, FileFacts
from ms_scan.scan import scan
from ms_scan.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "tests" / "fixtures"


def _facts(module: str, n: int) -> FileFacts:
    return FileFacts(f"{module.replace('.', '/')}.py", module,
                     exports={"nn": "torch.nn", f"T{n}": "torch.Tensor"},
                     reexports={"Block": ("pkg.layers", "Block"), f"r{n}": ("pkg.util", f"name{n}")},
                     classes={"Net": ClassDecl(bases=(("pkg.layers", "Block"), ("torch.nn", "Module")),
                                               methods=("forward", "__init__", f"m{n}")),
                              "Plain": ClassDecl()})


def _worker(directory: str, facts: list[FileFacts]) -> None:
    """Write `facts` from a forked process, as a pool worker does."""
    pid = os.fork()
    if pid == 0:
        try:
            for f in facts:
                index.write(directory, f)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def test_views_of_what_workers_wrote_answer_like_the_dicts():
    idx = index.Index()
    kept = [_facts(f"pkg.m{i}", i) for i in range(5)]
    want = [(dict(f.exports), dict(f.reexports), dict(f.classes)) for f in kept]
    _worker(idx.directory(), kept[:3])  # two workers, as a pool has
    _worker(idx.directory(), kept[3:])
    assert len([n for n in os.listdir(idx.directory()) if n.endswith(".db")]) == 2
    for f in kept:  # the parent's copies arrive without the fields (here: cleared by hand)
        f.exports = f.reexports = f.classes = None
        idx.keep(f)
    for f, (exports, reexports, classes) in zip(kept, want):
        assert isinstance(f.classes, index.IndexView)
        assert dict(f.exports) == exports and dict(f.reexports) == reexports and dict(f.classes) == classes
        assert f.classes.get("Net").bases == (("pkg.layers", "Block"), ("torch.nn", "Module"))
        assert f.classes["Net"].methods == classes["Net"].methods
        assert "Plain" in f.classes and "Nope" not in f.classes and f.classes.get("Nope") is None
        assert f.reexports.get("Block") == ("pkg.layers", "Block") and len(f.reexports) == 2
        assert sorted(f.exports) == sorted(exports) and bool(f.exports)
        with pytest.raises(KeyError):
            f.exports["missing"]
    folder = idx.directory()
    idx.close()
    assert not os.path.exists(folder)


def test_two_files_of_one_module_keep_their_own_names_and_nameless_files_are_not_indexed(tmp_path):
    idx = index.Index()
    module, package = _facts("pkg.a", 1), _facts("pkg.a", 2)  # pkg/a.py and pkg/a/__init__.py
    package.path, package.classes = "pkg/a/__init__.py", {}
    _worker(idx.directory(), [module])
    _worker(idx.directory(), [package])  # a later round (the second look), another process
    views = [FileFacts(f.path, "pkg.a", exports=None, reexports=None, classes=None) for f in (module, package)]
    for v in views:
        idx.keep(v)
    assert "Net" in views[0].classes and not views[1].classes and len(views[1].classes) == 0
    assert dict(views[1].reexports) == {"Block": ("pkg.layers", "Block"), "r2": ("pkg.util", "name2")}
    assert views[0].exports.get("T1") == "torch.Tensor" and "T1" not in views[1].exports
    nameless = FileFacts("loose.py", "", exports={"nn": "torch.nn"})
    index.write(str(tmp_path), nameless)
    assert nameless.exports == {"nn": "torch.nn"} and not list(tmp_path.iterdir())
    idx.close()


SAMPLE = FIX / "second_order_pkg"  # stands for a fixed third of its packages (package_sample.sampled_packages)
PROJECTS = [FIX / "reexport", FIX / "extract" / "class_index", SAMPLE, ROOT / "examples"]


def _outcome(result) -> tuple:
    return [f.to_dict() for f in result.findings], result.checklist, result.files_with_torch


@pytest.mark.parametrize("path", PROJECTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_index_on_disk_gives_the_findings_of_the_dicts(path, monkeypatch, tmp_path):
    if path == SAMPLE:
        path = sampled_packages(tmp_path, offset=0)
    settings = Settings(jobs=1, facts_cache=False)  # more files than jobs: the per-file rules run in workers
    on_disk = _outcome(scan([str(path)], settings))
    folders = []
    real = index.Index.directory
    monkeypatch.setattr(index.Index, "directory", lambda self: folders.append(real(self)) or folders[-1])
    assert _outcome(scan([str(path)], settings)) == on_disk
    assert folders and not os.path.exists(folders[0])  # it was used, and removed at the end
    # the workers keep the dicts, and every file's record comes back to this process
    monkeypatch.setattr(index, "write", lambda directory, facts, direct=False: None)
    in_memory = _outcome(scan([str(path)], settings))
    assert in_memory[0] and on_disk == in_memory


def test_files_done_with_are_not_kept_and_are_found_by_module(monkeypatch):
    """A file whose per-file rules ran and that has nothing left to resolve is not kept in this process;
    the cross-file pass still finds its names by module, through the index."""
    seen = {}
    real = project.resolve

    def spy(all_facts, on_file=None):
        seen["kept"] = sorted(f.path for f in all_facts)
        by_module = index.Modules(all_facts)
        seen["layers"] = by_module.get("pkg.layers")
        seen["layers_nn"] = seen["layers"].exports.get("nn") if seen["layers"] is not None else None
        seen["missing"] = by_module.get("pkg.nowhere")
        handed = seen["handed"] = {}

        def on(f):
            handed[f.path] = sorted(u.api for u in f.uses)
            on_file(f)
        real(all_facts, on)
        seen["after"] = {f.path: sorted(u.api for u in f.uses) for f in all_facts}

    monkeypatch.setattr(project, "resolve", spy)
    result = scan([str(FIX / "reexport")], Settings(jobs=1, facts_cache=False))
    # layers.py (torch names to re-export, no use of its own left) and tables.py are done with, and so is
    # model.py: its references to layers.py's names wait in the index
    assert not {"pkg/layers.py", "pkg/tables.py", "pkg/model.py"} & set(seen["kept"])
    assert seen["layers"].path == "pkg/layers.py" and seen["layers_nn"] == "torch.nn"
    assert seen["missing"] is None
    # they lead to torch, so model.py's record is made again with them, handed over for its findings and let go
    # (not brought back into the kept list); layers.py and tables.py have nothing left and are never made again
    assert {"torch.nn.GELU", "torch.nn.functional.relu"} <= set(seen["handed"]["pkg/model.py"])
    assert "pkg/model.py" not in seen["after"]
    assert "pkg/layers.py" not in seen["handed"] and "pkg/tables.py" not in seen["handed"]
    assert {"torch.nn.GELU", "torch.nn.functional.relu"} <= {f.torch_api for f in result.findings
                                                             if f.path == "pkg/model.py"}


def _torch_free_project(tmp_path: Path) -> Path:
    pkg = tmp_path / "proj" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .model import Net\n")  # no torch: a module other files import
    (pkg / "config.py").write_text("from dataclasses import dataclass\n\n@dataclass\nclass Cfg:\n    width: int = 4\n")
    (pkg / "layers.py").write_text("import torch.nn as nn\nimport torch.nn.functional as F\n")
    # no word torch either, but its layers come from layers.py: the second look finds them
    (pkg / "model.py").write_text("from .layers import nn, F\nfrom .config import Cfg\n\n\nclass Net(nn.Module):\n"
                                  "    def __init__(self):\n        super().__init__()\n"
                                  "        self.act = nn.GELU()\n        self.fc = nn.Linear(Cfg().width, 2)\n\n"
                                  "    def forward(self, x):\n        return F.relu(self.fc(self.act(x)))\n")
    (pkg / "train.py").write_text("import torch\nfrom .model import Net\n\ntorch.manual_seed(0)\n"
                                  "net = Net().cuda()\nnet.train()\n")
    return tmp_path / "proj"


def test_files_without_torch_are_not_kept_and_still_get_the_second_look(tmp_path, monkeypatch):
    """A file without the word torch leaves its module in the index and its position, not a record: the
    second look still finds the one importing torch names from a project module, and the findings are
    those of a scan that keeps every record (the workers' index switched off)."""
    root = _torch_free_project(tmp_path)
    seen = {}
    real = project.resolve

    def spy(all_facts, on_file=None):
        seen["kept"] = sorted(f.path for f in all_facts)
        seen["config"] = index.Modules(all_facts).get("pkg.config")
        real(all_facts, on_file)

    monkeypatch.setattr(project, "resolve", spy)
    settings = Settings(jobs=1, facts_cache=False)
    result = _outcome(scan([str(root)], settings))
    assert "pkg/config.py" not in seen["kept"] and "pkg/__init__.py" not in seen["kept"]
    assert seen["config"] is not None and seen["config"].path == "pkg/config.py"  # found by module
    apis = {(f["path"], f["torch_api"]) for f in result[0]}
    assert {("pkg/model.py", "torch.nn.GELU"), ("pkg/model.py", "torch.nn.functional.relu")} <= apis
    assert [r["item"] for r in result[1]] == ["seed"]  # the checklist; .cuda() and .train() are findings
    assert {"MS402", "MS403"} <= {f["code"] for f in result[0] if f["path"] == "pkg/train.py"}
    monkeypatch.setattr(index, "write", lambda directory, facts, direct=False: None)
    in_memory = _outcome(scan([str(root)], settings))
    assert "pkg/config.py" in seen["kept"] and in_memory == result


def test_a_done_file_keeps_only_its_checklist_facts():
    """The sparse / device / module-api facts of a file whose per-file rules ran became findings in the
    worker; only the checklist's recipe facts travel to the main process."""
    from ms_scan.evaluate import FileRules
    from ms_scan.extract import extract_source
    from ms_scan.extract.recipe import RECIPE_ITEMS
    from ms_scan.tables.mapping import default_release

    src = b"import torch\ntorch.manual_seed(0)\nnet = torch.nn.Linear(2, 2).cuda()\nnet.train()\n" \
          b"opt = torch.optim.SGD(net.parameters(), lr=0.1)\n"
    facts = extract_source(src, "train.py", "train")
    assert {r.item for r in facts.recipe} >= {"seed", "optimizer", "device", "module-api"}
    kept, findings, direct, done = FileRules(Settings(), default_release())(facts)
    assert done and direct and {r.item for r in kept.recipe} == {"seed", "optimizer"}
    assert all(r.item in RECIPE_ITEMS for r in kept.recipe)
    assert {"MS402", "MS403"} <= {f.code for f in findings}


def test_the_page_cache_stays_small_whatever_the_index_holds():
    """SQLite's default page cache (2 MiB a connection, the attached worker files included) filled as the
    index grew with the files: the connections ask for a bounded one."""
    idx = index.Index()
    _worker(idx.directory(), [_facts(f"pkg.m{i}", i) for i in range(50)])
    f = FileFacts("pkg/m3.py", "pkg.m3", exports=None, reexports=None, classes=None)
    idx.keep(f)
    assert f.exports.get("T3") == "torch.Tensor"  # merged
    assert idx._db.execute("PRAGMA cache_size").fetchone()[0] == -index._CACHE_KIB
    assert 0 < index._CACHE_KIB <= 512
    seen = []
    db = idx._db

    class Spy:  # sqlite3.Connection.execute cannot be patched: wrap the connection
        def execute(self, sql, *args):
            seen.append(sql)
            return db.execute(sql, *args)

        def __enter__(self):
            return db.__enter__()

        def __exit__(self, *exc):
            return db.__exit__(*exc)

    idx._db, idx._pending = Spy(), True
    try:
        idx._merged()
    finally:
        idx._db = db
    assert any(s.startswith("ATTACH") for s in seen) and f"PRAGMA w.cache_size=-{index._CACHE_KIB}" in seen
    idx.close()


def test_modules_keeps_a_bounded_number_of_stubs_and_the_pass_frees_them(monkeypatch):
    """Modules answers for files not kept with stubs read from the index: at most index._MEMO of them are
    held (they are made again when asked for), and project.resolve leaves no reference cycle that would keep
    its Modules (and the stubs) alive after it returns until a full collection (issue #8: on a 20,000-file
    project that was 300,000 blocks, 21 MiB)."""
    import gc
    import weakref

    idx = index.Index()
    written = [_facts(f"pkg.m{i}", i) for i in range(12)]
    _worker(idx.directory(), written)
    idx.written()
    monkeypatch.setattr(index, "_MEMO", 5)
    mods = index.Modules(index.Kept([], idx))
    for round_ in range(2):
        for i in range(12):
            home = mods.get(f"pkg.m{i}")
            assert home is not None and home.path == f"pkg/m{i}.py" and home.exports.get(f"T{i}") == "torch.Tensor"
            assert len(mods._stubs) <= 5
    assert mods.get("pkg.nope") is None

    made = []
    real = project.Modules

    def recording(all_facts):
        m = real(all_facts)
        made.append(weakref.ref(m))
        return m

    monkeypatch.setattr(project, "Modules", recording)
    kept = index.Kept([FileFacts("main.py", "main")], idx)
    gc.disable()
    try:
        project.resolve(kept)
        assert made and made[0]() is None, "resolve's Modules outlived the pass"
    finally:
        gc.enable()
        idx.close()


def test_a_file_that_comes_back_is_counted_once_as_using_torch(tmp_path):
    """A file with torch uses of its own and a project name that leads to torch (`from pkg.layers import Conv`)
    is dropped after its per-file rules, then comes back when the cross-file pass resolves the name: it was
    counted as using PyTorch twice (7 files, "11 use PyTorch")."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "layers.py").write_text("import torch.nn as nn\nConv = nn.Conv2d\n")
    for i in range(5):
        (pkg / f"m{i}.py").write_text("import torch\nfrom pkg.layers import Conv\nx = torch.zeros(3)\n"
                                      "c = Conv(3, 4, 3)\n")
    (pkg / "plain.py").write_text("from pkg.layers import Conv\nc = Conv(3, 4, 3)\n")  # uses torch through it
    for jobs in (1, 16):  # per-file rules in the workers (index on disk), and in this process
        result = scan([str(tmp_path)], Settings(jobs=jobs, facts_cache=False))
        assert result.files == 8
        assert result.files_with_torch == 7, jobs
        assert sum(f.torch_api == "torch.nn.Conv2d" for f in result.findings) == 7


def test_owner_uses_wait_in_the_index_and_their_file_is_not_kept(monkeypatch):
    """Uses called on project-class owners (`self.register_buffer` in a subclass of a project class) go to the
    index with their snippets: the file is not kept in this process; the cross-file pass drops the members the
    project's classes define, and a record holding the rest is made, handed over for its findings and let go."""
    seen = {}
    real = project.resolve

    def spy(all_facts, on_file=None):
        seen["kept"] = sorted(f.path for f in all_facts)
        handed = seen["handed"] = {}

        def on(f):
            handed[f.path] = sorted((u.line, u.api) for u in f.uses if u.owner)
            seen.setdefault("snippets", {})[f.path] = dict(f.snippets)
            on_file(f)
        real(all_facts, on)

    monkeypatch.setattr(project, "resolve", spy)
    result = scan([str(FIX / "extract" / "class_index")], Settings(jobs=1, facts_cache=False))
    assert "pkg/kern.py" not in seen["kept"]
    kern = seen["handed"]["pkg/kern.py"]
    assert (13, "torch.nn.Module.register_buffer") in kern and (28, "torch.nn.Module.zero_grad") in kern
    assert not any(line in (12, 22) for line, _ in kern)  # register_parameter: pkg.module.Module's own
    assert "register_buffer" in seen["snippets"]["pkg/kern.py"][13]  # the snippet came with the use
    found = {(f.line, f.torch_api) for f in result.findings if f.path == "pkg/kern.py"}
    assert not {(12, "torch.nn.Module.register_parameter"), (22, "torch.nn.Module.register_parameter")} & found


def test_the_last_names_of_exporting_modules_are_asked_of_the_index_not_held(tmp_path):
    """The second look's test (does a file without the word torch name a module that exports torch names?) asks
    the index on disk: the last components of the written modules that export a torch name, as bytes, found
    among a file's words; modules without exports, and nameless files, are not among them (issue #8: a set of
    them in memory was a name a file)."""
    idx = index.Index()
    assert idx.exporting_lasts() is None  # nothing written: nothing to ask
    exporting = [_facts(m, i) for i, m in enumerate(("pkg.sub.utils", "top", "pkg.layers", "pkg.ü"))]
    plain = [FileFacts("pkg/data.py", "pkg.data", exports={}), FileFacts("loose.py", "", exports={"x": "torch"})]
    _worker(idx.directory(), exporting + plain)
    for f in exporting + plain:
        idx.written()
    lasts = idx.exporting_lasts()
    assert lasts
    for words, named in (({b"utils"}, True), ({b"top", b"zz"}, True), ({b"import", b"layers"}, True),
                         ({"ü".encode()}, True), ({b"data"}, False), ({b"loose", b"x"}, False),
                         ({b"sub", b"pkg", b"pkg.sub.utils", b"Utils"}, False), (set(), False),
                         ({b"\xff\xfe", b"\x80"}, False)):
        assert lasts.isdisjoint(words) is not named, words
    many = [b"w%d" % i for i in range(1200)]  # more words than one query takes
    assert lasts.isdisjoint(many) and not lasts.isdisjoint(many + [b"top"])
    empty = index.Index()
    _worker(empty.directory(), plain)
    empty.written()
    assert not empty.exporting_lasts()
    idx.close()
    empty.close()
