"""Module names from discovery: what cross-file resolution (re-exports, second-order paths) keys on."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

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
    """_Packing packs CHUNK files a chunk (more than one chunk: on disk): the files on either side of each
    boundary (and the last, partial chunk) answer as the records they were made from; a file whose absolute
    path is not root/relpath (a relpath with "..", a file reached through a symlink) keeps its own (_Chunk.odd)."""
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


# --- issue #8: a file list of more than one chunk, and its module names, on disk ----------------------------

def _records(tmp_path: Path, names: list[str]):
    from ms_scan.discover import SourceFile, module_name

    return [SourceFile(str(tmp_path / rel), rel, *module_name(Path(rel), "")) for rel in sorted(names)]


def _spills(tmp_path: Path, monkeypatch) -> Path:
    """Make the spill folders under tmp_path/spill (to see them come and go)."""
    import tempfile

    where = tmp_path / "spill"
    where.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(where))
    return where


def test_a_list_longer_than_a_chunk_is_on_disk_and_answers_like_the_list(tmp_path, monkeypatch):
    """Past one chunk the chunks go to a private temporary folder: the list holds the first relpath of each
    and at most _LOADED chunks, and answers iteration, indexing (negative too, slices), find (before, between
    and after the chunks' first relpaths) and equality as the records it was made from."""
    from ms_scan import discover as d

    spill = _spills(tmp_path, monkeypatch)
    monkeypatch.setattr(d._Packing, "CHUNK", 3)
    records = _records(tmp_path, [f"p{i // 4}/m{i}.py" for i in range(14)] + ["p0/__init__.py", "z.py"])
    files = d.FileList(tmp_path, records)
    assert files._spill is not None and len(files._firsts) == 6 and len(files) == 16
    folder = Path(files._spill.path)
    assert folder.parent == spill and sorted(p.name for p in folder.glob("files-*")) == [f"files-{k}" for k in range(6)]
    assert list(files) == records and files == records and len(files._loaded) <= d._LOADED
    for i in range(-16, 16):
        assert files[i] == records[i], i
    assert files[-1].relpath == "z.py" and files[2:8] == records[2:8] and files[::5] == records[::5]
    for bad in (16, -17):
        with pytest.raises(IndexError):
            files[bad]
    for r in reversed(records):  # each chunk loaded again in turn
        assert files.find(r.relpath) == r and len(files._loaded) <= d._LOADED
    for missing in ("", "a.py", "p0/m0.pz", "p1/m45.py", "p3/zz.py", "zz.py"):
        assert files.find(missing) is None, missing
    files.close()
    assert not folder.exists() and list(spill.iterdir()) == []


def test_a_list_of_one_chunk_never_touches_the_disk(tmp_path, monkeypatch):
    from ms_scan import discover as d

    def no_disk(self):
        raise AssertionError("a list of one chunk must stay in memory")

    monkeypatch.setattr(d._Spill, "__init__", no_disk)
    monkeypatch.setattr(d._Packing, "CHUNK", 4)
    records = _records(tmp_path, ["a.py", "b.py", "c/__init__.py", "c/d.py"])
    files = d.FileList(tmp_path, records)
    assert list(files) == records and files.find("c/d.py") == records[-1] and files._spill is None
    assert files.modules() == {"a", "b", "c", "c.d"}
    files.set_digests(lambda src: "ab" * 32)
    assert all(f.digest == "ab" * 32 for f in files)
    monkeypatch.setattr(d._Packing, "CHUNK", 3)
    with pytest.raises(AssertionError, match="one chunk"):
        d.FileList(tmp_path, records)


def test_module_names_on_disk_answer_like_a_frozenset(tmp_path, monkeypatch):
    """The module names of a list on disk are merged from each chunk's sorted names (runs, merged in rounds
    when there are more than _FAN) into sorted chunks on disk: membership, `below`, `tops`, iteration in order,
    equality and hash answer as the frozenset of the names; lookups are remembered (at most _MEMO) and at most
    _LOADED chunks are held."""
    from ms_scan import discover as d

    _spills(tmp_path, monkeypatch)
    monkeypatch.setattr(d._Packing, "CHUNK", 3)
    monkeypatch.setattr(d, "_FAN", 2)
    monkeypatch.setattr(d, "_BLOCK", 2)
    monkeypatch.setattr(d, "_MEMO", 5)
    rels = ["pkg/__init__.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/deep.py", "pkga/x.py", "top.py",
            "pkg/b.py", "aaa.py", "pkg/sub/e.py", "zz/__init__.py", "zz/y.py", "pkgb.py", "q/r/s.py"]
    records = _records(tmp_path, rels)
    assert records[3].relpath == "pkg/b.py"
    records[3] = d.SourceFile(records[3].abspath, records[3].relpath, "", False)  # a file without a module name
    records.append(d.SourceFile(str(tmp_path / "z2.py"), "z2.py", "pkg.a", False))  # a name given twice
    files = d.FileList(tmp_path, records)
    mods = files.modules()
    plain = frozenset(r.module for r in records if r.module)
    assert mods._dir == files._spill.path and len(mods._firsts) == 4 and files.modules() is mods
    assert len(mods) == len(plain) == 12 and list(mods) == sorted(plain)
    assert mods == plain and hash(mods) == hash(plain)
    assert sorted(p.name for p in Path(mods._dir).glob("round*")) != []  # more runs than _FAN: merged in rounds
    probes = [*plain, "", "a", "aab", "pkg.", "pkg.sub.z", "pkgc", "zzz", "q.r", "q", 3, None]
    for probe in probes * 2:
        assert (probe in mods) == (probe in plain), probe
        assert len(mods._loaded) <= d._LOADED and len(mods._memo) <= 5
    for package in ("pkg", "pkg.sub", "pkg.a", "pkga", "pk", "top", "zz", "q", "q.r", "zzz", "", "a"):
        assert mods.below(package) == any(m.startswith(package + ".") for m in plain), package
    tops = {m.partition(".")[0] for m in plain}  # more first components than a chunk has names: a container
    assert isinstance(mods.tops, d._Tops) and len(tops) > 3
    for top in (*tops, *probes):
        assert (top in mods.tops) == (top in tops), top
    few = d.FileList(tmp_path, _records(tmp_path, ["a/b.py", "a/c/d.py", "a/e.py", "f/g.py", "f/h.py"])).modules()
    assert few._dir is not None and few.tops == {"a", "f"} and isinstance(few.tops, frozenset)


def _lookups(names, probes):
    """In a spawned worker: the answers of a pickled ModuleNames."""
    return [(p in names, names.below(p), p in names.tops) for p in probes], sorted(names) == list(names)


def test_module_names_on_disk_pickle_as_their_folder_for_a_spawned_worker(tmp_path, monkeypatch):
    """A ModuleNames on disk pickles as its folder (not its names): a worker on a spawn platform reads the same
    chunks and answers the same; the copy never removes the folder, its maker does."""
    import multiprocessing as mp
    import pickle

    from ms_scan import discover as d

    _spills(tmp_path, monkeypatch)
    monkeypatch.setattr(d._Packing, "CHUNK", 3)
    records = _records(tmp_path, [f"pkg{i % 3}/m{i}.py" for i in range(20)] + ["pkg0/__init__.py"])
    files = d.FileList(tmp_path, records)
    mods = files.modules()
    data = pickle.dumps(mods)
    assert b"pkg1.m13" not in data and mods._dir.encode() in data  # the folder, not the names
    probes = ["pkg0", "pkg1", "pkg1.m13", "pkg1.m14", "pkg", "pkg2.m2", "zz"]
    here = [(p in mods, mods.below(p), p in mods.tops) for p in probes]
    with mp.get_context("spawn").Pool(1) as workers:
        there, in_order = workers.apply(_lookups, (mods, probes))
    assert there == here and in_order
    copy = pickle.loads(data)
    assert copy == mods and copy._spill is None
    del copy
    import gc

    gc.collect()
    assert Path(mods._dir).is_dir()  # a copy let go leaves the folder
    files.close()
    assert not Path(mods._dir).exists()


def test_digests_go_with_the_chunks_on_disk(tmp_path, monkeypatch):
    """set_digests keeps each file's content digest with its chunk (rewritten on disk): every SourceFile made
    afterwards carries it ("" for a file that cannot be cached), none before; equality ignores it."""
    from ms_scan import discover as d

    _spills(tmp_path, monkeypatch)
    monkeypatch.setattr(d._Packing, "CHUNK", 3)
    records = _records(tmp_path, [f"m{i:02d}.py" for i in range(10)])
    files = d.FileList(tmp_path, records)
    assert not files.digested and all(f.digest is None for f in files)
    digest = {r.relpath: None if r.relpath == "m04.py" else f"{i:064x}" for i, r in enumerate(records)}
    files.set_digests(lambda src: digest[src.relpath])
    assert files.digested and files == records
    assert [f.digest for f in files] == [digest[r.relpath] or "" for r in records]
    assert files[-3].digest == f"{7:064x}" and files.find("m04.py").digest == ""
    again = d._Chunk.load(files._spill.file("files-1"))  # on disk, not only in the chunks held
    assert again.source(1, files._root).digest == "" and again.source(2, files._root).digest == f"{5:064x}"


def test_discovery_of_a_tree_longer_than_a_chunk(tmp_path, monkeypatch):
    """discover() on a tree of several chunks (with a folder that makes names ambiguous, and a symlinked file
    that makes it deduplicate) gives the same files and module names as with one chunk, and closing the
    discovery removes its folder."""
    from ms_scan import discover as d

    spill = _spills(tmp_path, monkeypatch)
    tree = tmp_path / "tree"
    for rel in ["pkg/__init__.py", *(f"pkg/m{i}.py" for i in range(9)), "exp-1/train.py", "exp-2/train.py",
                "exp-2/data.py", "top.py"]:
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree / rel).write_text("import torch\n")
    (tree / "pkg" / "alias.py").symlink_to(tree / "pkg" / "m1.py")
    whole = d.discover([str(tree / "exp-1"), str(tree / "exp-2"), str(tree / "pkg"), str(tree / "top.py")])
    expected = (list(whole.files), sorted(whole.project_modules))
    assert {f.relpath: f.module for f in whole.files}["exp-2/data.py"] == "data"
    assert whole.files._spill is None and len(whole.files) == 14  # alias.py kept, m1.py (its target) not
    monkeypatch.setattr(d._Packing, "CHUNK", 3)
    found = d.discover([str(tree / "exp-1"), str(tree / "exp-2"), str(tree / "pkg"), str(tree / "top.py")])
    assert found.files._spill is not None and (list(found.files), sorted(found.project_modules)) == expected
    assert len(list(spill.iterdir())) == 1  # the lists replaced (deduplicated, names dropped) are removed
    found.close()
    assert list(spill.iterdir()) == []
