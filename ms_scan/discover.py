"""Paths on the command line -> the Python files to scan, each with its module name under the scan root.

Skips VCS folders, virtualenvs, caches and .gitignore'd paths; follows symlinks once (loops are
detected by real path); never opens anything for writing.
"""
from __future__ import annotations

import os
from array import array
from bisect import bisect_left
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path

SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", "__pycache__", ".venv", "venv", ".tox", ".nox", ".mypy_cache",
    ".pytest_cache", ".ruff_cache", "node_modules", ".ms_scan_cache", ".eggs", ".ipynb_checkpoints",
})


class DiscoveryError(Exception):
    """A path given on the command line cannot be scanned (exit code 2)."""


@dataclass(frozen=True, slots=True)
class SourceFile:
    abspath: str
    relpath: str  # POSIX, relative to the scan root
    module: str
    is_package: bool


class FileList(Sequence):
    """The discovered files in relpath order, packed: paths and module names as one text each with their
    offsets, a SourceFile made when one is asked for. A scan of many files holds them as text, not as four
    objects a file (what a file costs the scan's main process, issue #8); `find(relpath)` looks one up."""

    __slots__ = ("_root", "_rel", "_rel_at", "_mod", "_mod_at", "_pkg", "_odd")

    def __init__(self, root: Path, files: list[SourceFile]):
        packing = _Packing(root)
        for f in files:
            packing.add(f.abspath, f.relpath, f.module, f.is_package)
        packing.fill(self)

    def __len__(self) -> int:
        return len(self._pkg)

    def _relpath(self, i: int) -> str:
        return self._rel[self._rel_at[i]:self._rel_at[i + 1] - 1]

    def _module(self, i: int) -> str:
        return self._mod[self._mod_at[i]:self._mod_at[i + 1] - 1]

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        rel = self._relpath(i)
        return SourceFile(self._odd.get(i) or os.path.join(self._root, rel), rel,
                          self._mod[self._mod_at[i]:self._mod_at[i + 1] - 1], bool(self._pkg[i]))

    def find(self, relpath: str) -> SourceFile | None:
        """The file at `relpath`, None if it is not one of these."""
        i = bisect_left(range(len(self)), relpath, key=self._relpath)
        return self[i] if i < len(self) and self._relpath(i) == relpath else None

    def modules(self) -> ModuleNames:
        return ModuleNames(m for m in self._mod.split("\0") if m)

    def __eq__(self, other) -> bool:
        return list(self) == list(other) if isinstance(other, (FileList, list)) else NotImplemented

    def __repr__(self) -> str:
        return f"FileList({len(self)} files under {self._root!r})"


class Sources(Mapping):
    """relpath -> absolute path of a FileList's files (where the snippets and suppressions are read)."""

    __slots__ = ("_files",)

    def __init__(self, files: FileList):
        self._files = files

    def __getitem__(self, relpath: str) -> str:
        src = self._files.find(relpath)
        if src is None:
            raise KeyError(relpath)
        return src.abspath

    def __contains__(self, relpath) -> bool:
        return isinstance(relpath, str) and self._files.find(relpath) is not None

    def __iter__(self):
        return (src.relpath for src in self._files)

    def __len__(self) -> int:
        return len(self._files)


class ModuleNames(Set):
    """The project's module names, sorted and packed as one text with offsets (a set of 20,000 names is
    two objects, not 20,000): membership by bisection, `below(package)` for "a module under this package",
    and `tops` (first components), made once for every file the worker extracts (issue #8: each file
    used to split every name again, quadratic in the files)."""

    __slots__ = ("_text", "_at", "_tops")

    def __init__(self, names=()):
        self._text, self._at = _pack(sorted(set(names)))
        self._tops: frozenset[str] | None = None

    def __len__(self) -> int:
        return len(self._at) - 1

    def _name(self, i: int) -> str:
        return self._text[self._at[i]:self._at[i + 1] - 1]

    def _first_at_least(self, text: str) -> int:
        return bisect_left(range(len(self)), text, key=self._name)

    def __contains__(self, name) -> bool:
        if not isinstance(name, str):
            return False
        i = self._first_at_least(name)
        return i < len(self) and self._name(i) == name

    def __iter__(self):
        return iter(self._text.split("\0")[:-1])

    def below(self, package: str) -> bool:
        """Whether a module lies under `package` (`package.x...`)."""
        i = self._first_at_least(package + ".")
        return i < len(self) and self._name(i).startswith(package + ".")

    @property
    def tops(self) -> frozenset[str]:
        if self._tops is None:
            self._tops = frozenset(m.partition(".")[0] for m in self)
        return self._tops

    __hash__ = Set._hash

    def __reduce__(self):
        return ModuleNames, (list(self),)

    def __repr__(self) -> str:
        return f"ModuleNames({len(self)} modules)"


class _Packing:
    """Builds a FileList one file at a time (discover's walk): the texts grow in chunks, so a walk of many
    files never holds an object a file (issue #8: the list of SourceFile records and their real paths was
    the discovery's peak, about 0.7 KiB a file, freed but left as allocator slack)."""

    CHUNK = 4096

    def __init__(self, root: Path):
        self.root = str(root)
        self.rel: list[str] = []
        self.mod: list[str] = []
        self.parts: list[list[str]] = [[], []]
        self.rel_at = array("Q", [0])
        self.mod_at = array("Q", [0])
        self.pkg = bytearray()
        self.odd: dict[int, str] = {}  # the absolute path is root/relpath, but where it is not (a relpath
        #                                discover made with os.path.relpath, ".." in it): those
        self.last = ""
        self.in_order = True  # each relpath after the one before (else discover sorts a list after all)

    def add(self, abspath: str, relpath: str, module: str, is_package: bool) -> None:
        if relpath <= self.last and len(self.pkg):
            self.in_order = False
        self.last = relpath
        if abspath != os.path.join(self.root, relpath):
            self.odd[len(self.pkg)] = abspath
        for text, at, parts, done in ((relpath, self.rel_at, self.parts[0], self.rel),
                                      (module, self.mod_at, self.parts[1], self.mod)):
            parts.append(text + "\0")
            at.append(at[-1] + len(text) + 1)
            if len(parts) >= self.CHUNK:
                done.append("".join(parts))
                parts.clear()
        self.pkg.append(is_package)

    def fill(self, files: "FileList") -> None:
        files._root = self.root
        files._rel = "".join(self.rel + self.parts[0])
        files._mod = "".join(self.mod + self.parts[1])
        files._rel_at, files._mod_at, files._pkg, files._odd = self.rel_at, self.mod_at, self.pkg, self.odd

    def file_list(self) -> "FileList":
        out = FileList.__new__(FileList)
        self.fill(out)
        return out


def _pack(texts) -> tuple[str, array]:
    """One text of `texts` each followed by NUL, and where each starts (plus the end)."""
    parts = [t + "\0" for t in texts]
    return "".join(parts), array("Q", accumulate(map(len, parts), initial=0))


@dataclass
class Discovery:
    root: Path
    files: Sequence[SourceFile] = field(default_factory=list)  # a FileList once discover() is done
    notes: list[tuple[str, str]] = field(default_factory=list)  # (relpath, why skipped)

    @property
    def project_modules(self) -> ModuleNames:
        if isinstance(self.files, FileList):
            return self.files.modules()
        return ModuleNames(f.module for f in self.files if f.module)


def _package_prefix(root: Path) -> str:
    """Dotted package path of the root itself when it sits inside a package (scan of pkg/models)."""
    parts = []
    d = root
    while (d / "__init__.py").is_file():
        parts.append(d.name)
        d = d.parent
    return ".".join(reversed(parts))


def _dotted(parts) -> bool:
    """Whether every part can stand in a dotted name (`my-repo`, `exp-1` cannot: the import path starts below)."""
    return all(p.isidentifier() for p in parts)


def module_name(rel: Path, prefix: str) -> tuple[str, bool]:
    """The dotted name `rel` (relative to the scan root, whose own package path is `prefix`) is
    imported under. When a folder between the root and the file cannot be part of a dotted name
    (`my-repo/src/pkg/mod.py`, a scan of two folders from a working directory above them), the name
    starts below the last such folder: that folder is where the import path starts."""
    parts = list(rel.with_suffix("").parts)
    is_package = bool(parts) and parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    if not _dotted(parts):
        tail = []
        for p in reversed(parts):
            if not p.isidentifier():
                break
            tail.append(p)
        return ".".join(reversed(tail)), is_package
    name = ".".join(parts)
    if prefix:
        name = f"{prefix}.{name}" if name else prefix
    return name, is_package


def _scan_root(paths: list[Path]) -> Path:
    if len(paths) == 1 and paths[0].is_dir():
        return paths[0]
    cwd = Path.cwd().resolve()
    parents = [p if p.is_dir() else p.parent for p in paths]
    if all(cwd == p or cwd in p.parents for p in parents):
        return cwd
    return Path(os.path.commonpath([str(p) for p in parents]))


def _spec(patterns: list[str]):
    """A gitignore-style matcher for `patterns`, None when there are none (pathspec is imported only
    then: 16 ms of start-up a scan without patterns does not pay)."""
    if not patterns:
        return None
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(patterns)


def _gitignore(root: Path):
    patterns = []
    for d in [root, *root.parents]:
        gi = d / ".gitignore"
        if gi.is_file() and d == root:
            patterns += gi.read_text(errors="replace").splitlines()
        if (d / ".git").exists():
            if d != root and gi.is_file():
                patterns += gi.read_text(errors="replace").splitlines()
            break
    return _spec(patterns)


def discover(paths: list[str], exclude: tuple[str, ...] = (), respect_gitignore: bool = True) -> Discovery:
    resolved = []
    for p in paths:
        path = Path(p)
        if not path.exists():
            raise DiscoveryError(f"{p}: no such file or directory")
        resolved.append(path.resolve())
    root = _scan_root(resolved)
    found = Discovery(root=root)
    prefix = _package_prefix(root) if root.is_dir() else ""
    excluded = _spec(list(exclude))
    # .gitignore applies to what a folder walk finds; files named on the command line are scanned as asked
    ignored = _gitignore(root) if respect_gitignore and any(p.is_dir() for p in resolved) else None
    seen_dirs: set[str] = set()
    packing = _Packing(root)
    # a file named on the command line or reached through a symlink may be one already found: then the
    # files are deduplicated by real path (the first found stays) and sorted after the walk, as a list
    may_repeat = False

    def rel_of(path: Path) -> Path:
        try:
            return path.relative_to(root)
        except ValueError:
            return Path(os.path.relpath(path, root))

    def skip(rel: Path, is_dir: bool) -> bool:
        text = rel.as_posix() + ("/" if is_dir else "")
        return any(spec is not None and spec.match_file(text) for spec in (excluded, ignored))

    def add(path: str, rel: Path, again: bool) -> None:
        """`again`: the file may be one already found (reached through a symlink, named on the command line)."""
        nonlocal may_repeat
        may_repeat = may_repeat or again
        mod, pkg = module_name(rel, prefix)
        packing.add(path, rel.as_posix(), mod, pkg)

    def entries(dirpath: str) -> list[tuple[str, str, bool, bool]]:
        """(sort key, path, is a folder, is a symlink) of the folder's subfolders to walk and .py files, in
        relpath order: a folder sorts as "name/", so the files below it fall where their relpaths do."""
        try:
            with os.scandir(dirpath) as it:
                listed = list(it)
        except OSError:
            return []
        out = []
        for e in listed:
            try:
                is_dir = e.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                full = Path(e.path)
                if e.name in SKIP_DIRS or (full / "pyvenv.cfg").exists() or skip(rel_of(full), True):
                    continue
                out.append((e.name + "/", e.path, True, e.is_symlink()))
            elif e.name.endswith(".py"):
                out.append((e.name, e.path, False, e.is_symlink()))
        out.sort()
        return out

    def walk(start: Path) -> None:
        stack = [(str(start), True, False)]  # (path, is a folder, reached through a symlink), the next one last
        while stack:
            path, is_dir, linked = stack.pop()
            if not is_dir:
                rel = rel_of(Path(path))
                if skip(rel, False):
                    continue
                if not os.path.exists(path):
                    found.notes.append((rel.as_posix(), "broken symlink: skipped"))
                    continue
                add(path, rel, linked)
                continue
            real = os.path.realpath(path)
            if real in seen_dirs:
                found.notes.append((rel_of(Path(path)).as_posix(), "symlink loop: not followed"))
                continue
            seen_dirs.add(real)
            linked = linked or real != path
            stack.extend((p, d, linked or link) for _, p, d, link in reversed(entries(path)))

    for start in sorted(resolved, key=lambda p: rel_of(p).as_posix() + ("/" if p.is_dir() else "")):
        if start.is_file():
            add(str(start), rel_of(start), True)
        else:
            walk(start)
    if may_repeat or not packing.in_order:
        found.files = _deduplicated(packing.file_list())
    else:
        found.files = packing.file_list()
    _drop_ambiguous(found)
    return found


def _deduplicated(files: FileList) -> FileList:
    """The files by real path, the first of each kept, in relpath order (symlinks, files named twice)."""
    seen: set[str] = set()
    kept = []
    for f in files:
        real = os.path.realpath(f.abspath)
        if real not in seen:
            seen.add(real)
            kept.append(f)
    kept.sort(key=lambda f: f.relpath)
    return FileList(Path(files._root), kept)


def _drop_ambiguous(found: Discovery) -> None:
    """A name taken from below an undotted folder (module_name) is only kept when no other file has it:
    `exp-1/train.py` and `exp-2/train.py` are both `train`, and neither can be told from the other."""
    files = found.files
    partial = [i for i in range(len(files)) if files._module(i) and not _dotted(files._relpath(i).split("/")[:-1])]
    if not partial:
        return
    from collections import Counter

    names = {files._module(i) for i in partial}
    count = Counter(m for m in map(files._module, range(len(files))) if m in names)
    blank = {i for i in partial if count[files._module(i)] > 1}
    if blank:
        found.files = FileList(Path(files._root), [
            SourceFile(f.abspath, f.relpath, "", f.is_package) if i in blank else f for i, f in enumerate(files)])
