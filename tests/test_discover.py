"""Module names from discovery: what cross-file resolution (re-exports, second-order paths) keys on."""
from __future__ import annotations

import shutil
from pathlib import Path

from ms_scan.discover import discover

FIX = Path(__file__).parent / "fixtures"


def _apis(result, path_end: str) -> set[tuple[int, str]]:
    return {(f.line, f.torch_api) for f in result.findings if f.path.endswith(path_end)}


def test_files_named_from_a_folder_above_an_undotted_one_keep_their_module_names(run_scan, tmp_path, monkeypatch):
    # `ms-scan my-repo/pkg/model.py my-repo/pkg/layers.py` from the folder holding my-repo (a pre-commit
    # run, a scan of a few folders): the root is the working directory, and `my-repo` cannot be part of a
    # dotted name, so the names start below it, as they do when my-repo itself is scanned
    shutil.copytree(FIX / "reexport", tmp_path / "my-repo")
    monkeypatch.chdir(tmp_path)
    found = discover(["my-repo/pkg/model.py", "my-repo/pkg/layers.py"])
    assert {f.relpath: f.module for f in found.files} == {
        "my-repo/pkg/layers.py": "pkg.layers", "my-repo/pkg/model.py": "pkg.model"}
    whole = run_scan(tmp_path / "my-repo")
    two = run_scan("my-repo/pkg/model.py", "my-repo/pkg/layers.py")
    # model.py uses nn.GELU and F.relu only through layers.py: found only when the two files' names link
    assert {api for _, api in _apis(whole, "pkg/model.py")} >= {"torch.nn.GELU", "torch.nn.functional.relu"}
    assert _apis(two, "pkg/model.py") == _apis(whole, "pkg/model.py")


def test_one_name_below_two_undotted_folders_is_dropped(tmp_path, monkeypatch):
    for exp in ("exp-1", "exp-2"):
        (tmp_path / exp).mkdir()
        (tmp_path / exp / "train.py").write_text("import torch\n")
        (tmp_path / exp / "models.py").write_text("import torch\n")
    (tmp_path / "exp-2" / "data.py").write_text("import torch\n")
    monkeypatch.chdir(tmp_path)
    found = discover(["exp-1", "exp-2"])
    # exp-1/train.py and exp-2/train.py would both be `train`: neither can be told from the other
    assert {f.relpath: f.module for f in found.files} == {
        "exp-1/models.py": "", "exp-1/train.py": "", "exp-2/data.py": "data", "exp-2/models.py": "",
        "exp-2/train.py": ""}


def test_dotted_roots_are_named_as_before(tmp_path):
    (tmp_path / "proj" / "pkg").mkdir(parents=True)
    (tmp_path / "proj" / "pkg" / "__init__.py").write_text("")
    (tmp_path / "proj" / "pkg" / "m.py").write_text("import torch\n")
    (tmp_path / "proj" / "run.py").write_text("import torch\n")
    found = discover([str(tmp_path / "proj")])
    assert {f.relpath: f.module for f in found.files} == {
        "pkg/__init__.py": "pkg", "pkg/m.py": "pkg.m", "run.py": "run"}
    inside = discover([str(tmp_path / "proj" / "pkg")])  # a root inside a package keeps the package's path
    assert {f.relpath: f.module for f in inside.files} == {"__init__.py": "pkg", "m.py": "pkg.m"}


def test_the_file_list_is_packed_and_answers_like_the_list(tmp_path, monkeypatch):
    """discover() keeps its files as a FileList (paths and module names as text): the same SourceFiles in
    relpath order, each found by relpath, and the absolute path of a file named on its own kept."""
    from ms_scan.discover import FileList, SourceFile, Sources

    for rel in ("pkg/__init__.py", "pkg/b.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/ü.py", "top.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    found = discover([str(tmp_path)], (), False)
    files = found.files
    assert isinstance(files, FileList) and len(files) == 6
    plain = [SourceFile(str(tmp_path / r), r, m, p) for r, m, p in (
        ("pkg/__init__.py", "pkg", True), ("pkg/a.py", "pkg.a", False), ("pkg/b.py", "pkg.b", False),
        ("pkg/sub/__init__.py", "pkg.sub", True), ("pkg/sub/ü.py", "pkg.sub.ü", False), ("top.py", "top", False))]
    assert list(files) == plain and files[-1] == plain[-1] and files[1:3] == plain[1:3]
    assert files == plain and FileList(tmp_path, plain) == files
    assert all(files.find(s.relpath) == s for s in plain)
    assert files.find("pkg/c.py") is None and files.find("") is None and files.find("zzz.py") is None
    assert found.project_modules == frozenset({"pkg", "pkg.a", "pkg.b", "pkg.sub", "pkg.sub.ü", "top"})
    sources = Sources(files)
    assert dict(sources) == {s.relpath: s.abspath for s in plain}
    assert "pkg/a.py" in sources and "pkg/c.py" not in sources and sources["top.py"] == str(tmp_path / "top.py")
    monkeypatch.chdir(tmp_path / "pkg")
    single = discover(["a.py"], (), False).files  # a file on its own: root is its folder
    assert list(single) == [SourceFile(str(tmp_path / "pkg" / "a.py"), "a.py", "pkg.a", False)]


def test_module_names_is_a_set_answering_membership_packages_and_tops():
    """ModuleNames (the project modules every worker resolves imports with) behaves as the frozenset it
    replaces: membership, iteration in order, equality and hash with a frozenset, pickling; `below` is
    "a module under this package" and `tops` the first components, the same answers a scan over a plain
    set gives (the Extractor converts a plain set to it once)."""
    import pickle

    from ms_scan.discover import ModuleNames

    names = ["pkg.sub.deep", "pkg", "pkg.a", "top", "pkg.sub", "pkga.x", "pkg.a"]  # a duplicate, unsorted
    mods = ModuleNames(names)
    plain = frozenset(names)
    assert len(mods) == 6 and list(mods) == sorted(plain)
    assert mods == plain and hash(mods) == hash(plain) and pickle.loads(pickle.dumps(mods)) == plain
    for probe in ("pkg", "pkg.a", "pkg.sub.deep", "pkga.x", "pk", "pkg.b", "pkga", "", "zzz", "a", 3):
        assert (probe in mods) == (probe in plain), probe
    for package in ("pkg", "pkg.sub", "pkg.a", "pkga", "pk", "top", "zzz", ""):
        assert mods.below(package) == any(m.startswith(package + ".") for m in plain), package
    assert mods.below("pkg.sub") and not mods.below("pkg.a") and not mods.below("pk")
    assert mods.tops == {m.partition(".")[0] for m in plain} == {"pkg", "top", "pkga"}
    assert ModuleNames() == frozenset() and not ModuleNames().below("pkg") and "x" not in ModuleNames()


def test_walk_order_links_and_names_given_twice(tmp_path):
    """discover packs the files as it walks (no record a file in between): a folder sorts as "name/", so
    the walk itself gives relpath order ("a.py" < "a-b/" < "a/" < "a_b.py"); a symlinked file or a file named
    twice is kept once, a symlink back up the tree is a loop, and a link to a folder not walked yet is walked
    under the link's name (then the folder itself is the loop)."""
    for rel in ("a.py", "a/x.py", "a-b/y.py", "a_b.py", "pkg/__init__.py", "pkg/m.py", "z/q.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    (tmp_path / "alias.py").symlink_to(tmp_path / "a.py")
    (tmp_path / "pkg" / "loop").symlink_to(tmp_path / "pkg")
    (tmp_path / "b_link").symlink_to(tmp_path / "z")
    found = discover([str(tmp_path)], (), False)
    assert [f.relpath for f in found.files] == [
        "a-b/y.py", "a.py", "a/x.py", "a_b.py", "b_link/q.py", "pkg/__init__.py", "pkg/m.py"]
    assert sorted(found.notes) == [("pkg/loop", "symlink loop: not followed"), ("z", "symlink loop: not followed")]
    twice = discover([str(tmp_path / "pkg"), str(tmp_path / "pkg" / "m.py"), str(tmp_path / "pkg" / "m.py")], (), False)
    assert [f.relpath for f in twice.files] == ["__init__.py", "m.py"]
    given = discover([str(tmp_path / "a.py"), str(tmp_path / "alias.py")], (), False)
    assert [f.relpath for f in given.files] == ["a.py"]


def test_the_packing_crosses_its_chunks_and_keeps_paths_that_are_not_under_the_root(tmp_path, monkeypatch):
    """_Packing joins its texts every CHUNK files: the files on either side of each boundary (and the last,
    partial chunk) answer as the records they were made from; a file whose absolute path is not root/relpath
    (a relpath with "..", a file reached through a symlink) keeps its own (FileList._odd)."""
    from ms_scan.discover import FileList, SourceFile, _Packing

    monkeypatch.setattr(_Packing, "CHUNK", 3)
    records = [SourceFile(str(tmp_path / f"m{i:02d}.py"), f"m{i:02d}.py", f"m{i:02d}", i % 4 == 0) for i in range(11)]
    records[5] = SourceFile("/elsewhere/real.py", "m05.py", "m05", False)  # its bytes are not at root/relpath
    records[0] = SourceFile(str(tmp_path.parent / "up.py"), "../up.py", "", False)  # (first in relpath order)
    files = FileList(tmp_path, records)
    assert len(files) == 11 and list(files) == records
    assert [files[i] for i in (0, 2, 3, 5, 6, 9, 10)] == [records[i] for i in (0, 2, 3, 5, 6, 9, 10)]
    assert files.find("m05.py").abspath == "/elsewhere/real.py" and files.find("m06.py") == records[6]
    assert all(files.find(r.relpath) == r for r in records)
    assert files.find("../up.py").abspath == str(tmp_path.parent / "up.py")
    assert sorted(files.modules()) == sorted(r.module for r in records if r.module)
