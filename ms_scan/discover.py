"""Paths on the command line -> the Python files to scan, each with its module name under the scan root.

Skips VCS folders, virtualenvs, caches and .gitignore'd paths; follows symlinks once (loops are
detected by real path); never writes in the scanned tree (a list of more files than one chunk is kept in a
private temporary folder, _Spill).
"""
from __future__ import annotations

import heapq
import os
import pickle
import shutil
import tempfile
import weakref
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Container, Mapping, Sequence, Set
from dataclasses import dataclass, field
from itertools import accumulate, chain, islice
from pathlib import Path

from ms_scan.config_files import MAX_FILES as MAX_CONFIGS, SUFFIXES as CONFIG_SUFFIXES

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
    # sha256 hex of the bytes once scan.content_digests made it (FileList.set_digests), "" when the file cannot
    # be cached (unreadable, over the size limit), None when not made: what the facts-cache key is made from
    digest: str | None = field(default=None, compare=False)


# A list of more than one chunk of files (_Packing.CHUNK) keeps its chunks on disk (issue #8: what a file costs
# the scan's main process and, as they fork from it, its workers): these bound what is held of them.
_LOADED = 2  # chunks held at a time (a scan walks the list in order: the pool, the findings by path)
_MEMO = 1024  # ModuleNames answers remembered by a set on disk (imports repeat from file to file)
_BLOCK = 128  # names a record of a sorted run (the merge holds one record, and a read buffer, a run)
_FAN = 16  # runs merged at once (more are merged in rounds): what the merge holds is bounded by it
_PICKLE = 5  # the files are this process's own, in a private folder


def _remove(path: str, pid: int) -> None:
    if os.getpid() == pid:  # a forked worker inherits the folder's owner: only the process that made it removes it
        shutil.rmtree(path, ignore_errors=True)


class _Spill:
    """A private temporary folder (`tempfile.mkdtemp`, never in the scanned tree) for the chunks of a file list
    longer than one chunk and of its module names: removed by `close()` (scan.scan, when the scan ends, whether
    it ends well or not), else when the last list or name set using it is let go, else at exit."""

    __slots__ = ("path", "_finalizer", "__weakref__")

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="ms-scan-files-")
        self._finalizer = weakref.finalize(self, _remove, self.path, os.getpid())

    def file(self, name: str) -> str:
        return os.path.join(self.path, name)

    def close(self) -> None:
        self._finalizer()


def _dump(path: str, value) -> None:
    with open(path, "wb") as fh:
        pickle.dump(value, fh, _PICKLE)


def _load(path: str):
    with open(path, "rb") as fh:
        return pickle.load(fh)


def _lru(loaded: dict, k: int, load):
    """Chunk `k` from `loaded` (most recently used last), `load(k)` when it is not there; at most _LOADED held."""
    chunk = loaded.pop(k, None)
    if chunk is None:
        chunk = load(k)
        if len(loaded) >= _LOADED:
            del loaded[next(iter(loaded))]
    loaded[k] = chunk
    return chunk


class _Chunk:
    """Up to _Packing.CHUNK files of a FileList, packed: the relpaths and the module names as one text each with
    their offsets, the package flags, the absolute paths that are not root/relpath (a relpath discover made with
    os.path.relpath, ".." in it) and, once scan.content_digests made them, the content digests (32 bytes a
    file; `undigested`: the positions of files that cannot be cached)."""

    __slots__ = ("rel", "rel_at", "mod", "mod_at", "pkg", "odd", "digests", "undigested")

    def __init__(self, rel: str, rel_at: array, mod: str, mod_at: array, pkg: bytearray, odd: dict[int, str],
                 digests: bytes | None = None, undigested=frozenset()):
        self.rel, self.rel_at, self.mod, self.mod_at, self.pkg, self.odd = rel, rel_at, mod, mod_at, pkg, odd
        self.digests, self.undigested = digests, frozenset(undigested)

    def __len__(self) -> int:
        return len(self.pkg)

    def relpath(self, j: int) -> str:
        return self.rel[self.rel_at[j]:self.rel_at[j + 1] - 1]

    def module(self, j: int) -> str:
        return self.mod[self.mod_at[j]:self.mod_at[j + 1] - 1]

    def source(self, j: int, root: str) -> SourceFile:
        rel = self.relpath(j)
        digest = None if self.digests is None else "" if j in self.undigested else \
            self.digests[32 * j:32 * j + 32].hex()
        return SourceFile(self.odd.get(j) or os.path.join(root, rel), rel, self.module(j), bool(self.pkg[j]), digest)

    def dump(self, path: str) -> None:
        _dump(path, (self.rel, self.rel_at.tobytes(), self.mod, self.mod_at.tobytes(), bytes(self.pkg), self.odd,
                     self.digests, tuple(self.undigested)))

    @classmethod
    def load(cls, path: str) -> "_Chunk":
        rel, rel_at, mod, mod_at, pkg, odd, digests, undigested = _load(path)
        return cls(rel, array("Q", rel_at), mod, array("Q", mod_at), bytearray(pkg), odd, digests, undigested)


class FileList(Sequence):
    """The discovered files in relpath order, packed in chunks of _Packing.CHUNK files (_Chunk: paths and module
    names as one text each with their offsets), a SourceFile made when one is asked for; `find(relpath)` looks
    one up. A list of one chunk is held in memory; a longer one keeps its chunks in a private temporary folder
    (_Spill) and holds the first relpath of each and the last chunks used (issue #8: what a file costs the scan's
    main process, which its workers inherit, does not grow with the files). `close()` removes the folder."""

    __slots__ = ("_root", "_size", "_len", "_mem", "_firsts", "_spill", "_loaded", "_modules")

    def __init__(self, root: Path, files: list[SourceFile]):
        packing = _Packing(root)
        for f in files:
            packing.add(f.abspath, f.relpath, f.module, f.is_package)
        packing.fill(self)

    def __len__(self) -> int:
        return self._len

    def _chunks(self) -> int:
        return 1 if self._spill is None else len(self._firsts)

    def _chunk(self, k: int) -> _Chunk:
        if self._spill is None:
            return self._mem
        return _lru(self._loaded, k, lambda k: _Chunk.load(self._spill.file(f"files-{k}")))

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        k, j = divmod(i, self._size)
        return self._chunk(k).source(j, self._root)

    def __iter__(self):
        for k in range(self._chunks()):
            chunk = self._chunk(k)
            for j in range(len(chunk)):
                yield chunk.source(j, self._root)

    def _names(self):
        """(relpath, module) of each file, in order (no record made)."""
        for k in range(self._chunks()):
            chunk = self._chunk(k)
            for j in range(len(chunk)):
                yield chunk.relpath(j), chunk.module(j)

    def position(self, relpath: str) -> int | None:
        """Where the file at `relpath` is in the list, None if it is not one of these."""
        k = 0 if self._spill is None else bisect_right(self._firsts, relpath) - 1
        if k < 0:
            return None
        chunk = self._chunk(k)
        j = bisect_left(range(len(chunk)), relpath, key=chunk.relpath)
        return k * self._size + j if j < len(chunk) and chunk.relpath(j) == relpath else None

    def find(self, relpath: str) -> SourceFile | None:
        """The file at `relpath`, None if it is not one of these."""
        i = self.position(relpath)
        return None if i is None else self[i]

    def modules(self) -> ModuleNames:
        """The files' module names (made once): sorted in memory for one chunk, else merged from the chunks'
        sorted names on disk into sorted chunks on disk (ModuleNames)."""
        if self._modules is None:
            if self._spill is None:
                self._modules = ModuleNames(m for m in self._mem.mod.split("\0") if m)
            else:
                self._modules = ModuleNames._merged(
                    self._spill, [self._spill.file(f"names-{k}") for k in range(len(self._firsts))], self._size)
        return self._modules

    @property
    def digested(self) -> bool:
        """Whether set_digests gave the files their content digests."""
        return not self._len or self._chunk(0).digests is not None

    def set_digests(self, digest_of) -> None:
        """Give each file the content digest `digest_of(src)` (a sha256 hex, None when the file cannot be
        cached), kept with its chunk (on disk when the list is) and carried by the SourceFiles made from now
        on (SourceFile.digest), so that no table of every file's digest is held (issue #8)."""
        for k in range(self._chunks()):
            chunk = self._chunk(k)
            digests, undigested = bytearray(), set()
            for j in range(len(chunk)):
                digest = digest_of(chunk.source(j, self._root))
                if digest is None:
                    undigested.add(j)
                digests += bytes(32) if digest is None else bytes.fromhex(digest)
            chunk.digests, chunk.undigested = bytes(digests), frozenset(undigested)
            if self._spill is not None:
                chunk.dump(self._spill.file(f"files-{k}"))

    def close(self) -> None:
        """Remove the temporary folder of a list on disk (then it, and its module names, answer no more)."""
        if self._spill is not None:
            self._spill.close()

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


_MISSING = object()


class ModuleNames(Set):
    """The project's module names, sorted and packed as one text with offsets (a set of 20,000 names is
    two objects, not 20,000): membership by bisection, `below(package)` for "a module under this package",
    and `tops` (first components), made once for every file the worker extracts (issue #8: each file
    used to split every name again, quadratic in the files).

    The names of a FileList on disk (more than one chunk of files) are merged from each chunk's sorted names
    (an external merge sort) into sorted chunks of as many names in the list's folder, of which the first
    name of each and the last chunks used are held: a lookup bisects the firsts, then the chunk, and is
    remembered (_MEMO answers). Pickled (a worker on a spawn platform), such a set passes its folder, which
    the copy reads and never removes."""

    __slots__ = ("_text", "_at", "_len", "_tops", "_firsts", "_dir", "_spill", "_loaded", "_memo")

    def __init__(self, names=()):
        self._text, self._at = _pack(sorted(set(names)))
        self._len = len(self._at) - 1
        self._tops: frozenset[str] | _Tops | None = None
        self._firsts = self._dir = self._spill = self._loaded = self._memo = None

    def __len__(self) -> int:
        return self._len

    def _name(self, i: int) -> str:
        return self._text[self._at[i]:self._at[i + 1] - 1]

    def _first_at_least(self, text: str) -> int:
        return bisect_left(range(len(self)), text, key=self._name)

    def _chunk(self, k: int) -> tuple[str, array]:
        def load(k: int) -> tuple[str, array]:
            text, at = _load(os.path.join(self._dir, f"modules-{k}"))
            return text, array("Q", at)

        return _lru(self._loaded, k, load)

    def _at_least(self, text: str) -> str | None:
        """The first name not below `text` in sort order, None if there is none (a set on disk)."""
        found = self._memo.get(text, _MISSING)
        if found is not _MISSING:
            return found
        k = bisect_right(self._firsts, text) - 1
        if k < 0:
            found = self._firsts[0]
        else:
            names, at = self._chunk(k)
            j = bisect_left(range(len(at) - 1), text, key=lambda j: names[at[j]:at[j + 1] - 1])
            found = names[at[j]:at[j + 1] - 1] if j < len(at) - 1 else \
                self._firsts[k + 1] if k + 1 < len(self._firsts) else None
        if len(self._memo) >= _MEMO:
            self._memo.clear()
        self._memo[text] = found
        return found

    def __contains__(self, name) -> bool:
        if not isinstance(name, str):
            return False
        if self._dir is not None:
            return self._at_least(name) == name
        i = self._first_at_least(name)
        return i < len(self) and self._name(i) == name

    def __iter__(self):
        if self._dir is None:
            return iter(self._text.split("\0")[:-1])
        return self._iter_chunks()

    def _iter_chunks(self):
        for k in range(len(self._firsts)):
            yield from self._chunk(k)[0].split("\0")[:-1]

    def below(self, package: str) -> bool:
        """Whether a module lies under `package` (`package.x...`)."""
        if self._dir is not None:
            found = self._at_least(package + ".")
            return found is not None and found.startswith(package + ".")
        i = self._first_at_least(package + ".")
        return i < len(self) and self._name(i).startswith(package + ".")

    @property
    def tops(self) -> frozenset[str] | Container[str]:
        """The first components: a frozenset, but for a set on disk with more first components than a chunk
        has names, a container answering by bisection (_Tops)."""
        if self._tops is None:
            self._tops = frozenset(m.partition(".")[0] for m in self)
        return self._tops

    __hash__ = Set._hash

    def __reduce__(self):
        if self._dir is None:
            return ModuleNames, (list(self),)
        return _open_names, (self._dir, self._firsts, self._len,
                             self._tops if isinstance(self._tops, frozenset) else None)

    def __repr__(self) -> str:
        return f"ModuleNames({len(self)} modules)"

    @classmethod
    def _merged(cls, spill: _Spill, runs: list[str], size: int) -> "ModuleNames":
        """The names of the sorted `runs` (files in `spill`), in memory if they are `size` or fewer, else
        written to `spill` as sorted chunks of `size` names."""
        names = _merge_runs(spill, runs)
        head = list(islice(names, size + 1))
        if len(head) <= size:
            return cls(head)
        out = cls.__new__(cls)
        out._text = out._at = None
        out._spill, out._dir, out._firsts, out._loaded, out._memo = spill, spill.path, [], {}, {}
        count, tops = 0, set()
        names = chain(head, names)
        del head  # (let go once the first chunk is written)
        for block in _blocks(names, size):
            text, at = _pack(block)
            _dump(spill.file(f"modules-{len(out._firsts)}"), (text, at.tobytes()))
            out._firsts.append(block[0])
            count += len(block)
            if tops is not None:
                tops.update(m.partition(".")[0] for m in block)
                tops = tops if len(tops) <= size else None
        out._len = count
        out._tops = frozenset(tops) if tops is not None else _Tops(out)
        return out


def _open_names(directory: str, firsts: list[str], count: int, tops: frozenset[str] | None) -> ModuleNames:
    """A ModuleNames on disk, unpickled: it reads the folder, which its maker removes."""
    out = ModuleNames.__new__(ModuleNames)
    out._text = out._at = out._spill = None
    out._dir, out._firsts, out._len, out._loaded, out._memo = directory, firsts, count, {}, {}
    out._tops = tops if tops is not None else _Tops(out)
    return out


class _Tops(Container):
    """The first components of a large set of module names on disk, as a container: `top` is one when it is a
    name or a name lies below it (by bisection, nothing held)."""

    __slots__ = ("_names",)

    def __init__(self, names: ModuleNames):
        self._names = names

    def __contains__(self, top) -> bool:
        return isinstance(top, str) and "." not in top and (top in self._names or self._names.below(top))


def _blocks(items, size: int):
    """`items` in lists of `size` (the last may be shorter)."""
    items = iter(items)
    while block := list(islice(items, size)):
        yield block


def _write_run(path: str, names) -> None:
    """A sorted run: its names in records of _BLOCK, so that a merge reads it a record at a time."""
    with open(path, "wb") as fh:
        for block in _blocks(names, _BLOCK):
            pickle.dump(block, fh, _PICKLE)


def _read_run(path: str):
    with open(path, "rb") as fh:
        while True:
            try:
                block = pickle.load(fh)
            except EOFError:
                return
            yield from block


def _distinct(names):
    """A sorted iterable's items, each once."""
    last = _MISSING
    for name in names:
        if name != last:
            yield name
            last = name


def _merge_runs(spill: _Spill, runs: list[str]):
    """The names of the sorted runs `runs` in order, each once: an external merge sort's last step (more than
    _FAN runs are first merged in rounds, so that it never reads from more than _FAN files at once)."""
    rounds = 0
    while len(runs) > _FAN:
        merged = []
        for g in range(0, len(runs), _FAN):
            merged.append(spill.file(f"round{rounds}-{g}"))
            _write_run(merged[-1], _distinct(heapq.merge(*map(_read_run, runs[g:g + _FAN]))))
        runs, rounds = merged, rounds + 1
    return _distinct(heapq.merge(*map(_read_run, runs)))


class _Packing:
    """Builds a FileList one file at a time (discover's walk), a chunk of CHUNK files at a time, so a walk of
    many files never holds an object a file (issue #8: the list of SourceFile records and their real paths was
    the discovery's peak, about 0.7 KiB a file, freed but left as allocator slack). When a file comes after a
    full chunk, the chunk goes to disk (a _Spill folder) with its sorted module names (a run for
    ModuleNames' merge); a list of one chunk never touches the disk (a pre-commit run)."""

    # files a chunk (and module names a chunk of ModuleNames): what a list of one chunk weighs, the chunks held
    # of a longer one and the transients of putting a chunk on disk are in proportion to it (at 4,096 they were
    # a megabyte, reached between 2,000 and 20,000 files; tests lower it to cross chunks on small trees)
    CHUNK = 1024

    def __init__(self, root: Path):
        self.root = str(root)
        self.size = self.CHUNK
        self.spill: _Spill | None = None
        self.firsts: list[str] = []  # the first relpath of each chunk on disk
        self.count = 0
        self.last = ""
        self.in_order = True  # each relpath after the one before (else discover sorts a list after all)
        self.partial = False  # a name taken from below an undotted folder (else _drop_ambiguous has nothing to do)
        self._start()

    def _start(self) -> None:
        # the texts as UTF-8 (surrogates passed: a file name that is not UTF-8) until the chunk is done: a list of
        # parts would hold an object a file, three times the bytes (what a chunk weighs is a scan's floor)
        self.rel = bytearray()
        self.mod = bytearray()
        self.rel_at = array("Q", [0])
        self.mod_at = array("Q", [0])
        self.pkg = bytearray()
        self.odd: dict[int, str] = {}  # the absolute paths that are not root/relpath, by position in the chunk

    def add(self, abspath: str, relpath: str, module: str, is_package: bool) -> None:
        if relpath <= self.last and self.count:
            self.in_order = False
        self.last = relpath
        self.count += 1
        self.partial = self.partial or _partial(relpath, module)
        if len(self.pkg) == self.size:
            self._spill_chunk()
        if abspath != os.path.join(self.root, relpath):
            self.odd[len(self.pkg)] = abspath
        for text, at, packed in ((relpath, self.rel_at, self.rel), (module, self.mod_at, self.mod)):
            packed += text.encode("utf-8", "surrogatepass")
            packed.append(0)
            at.append(at[-1] + len(text) + 1)
        self.pkg.append(is_package)

    def _chunk(self) -> _Chunk:
        return _Chunk(self.rel.decode("utf-8", "surrogatepass"), self.rel_at, self.mod.decode("utf-8", "surrogatepass"),
                      self.mod_at, self.pkg, self.odd)

    def _spill_chunk(self) -> None:
        if self.spill is None:
            self.spill = _Spill()
        k = len(self.firsts)
        chunk = self._chunk()
        chunk.dump(self.spill.file(f"files-{k}"))
        names = set(chunk.mod.split("\0"))
        names.discard("")
        _write_run(self.spill.file(f"names-{k}"), sorted(names))
        self.firsts.append(chunk.relpath(0))
        self._start()

    def fill(self, files: "FileList") -> None:
        if self.spill is not None and self.pkg:
            self._spill_chunk()
        files._root, files._size, files._len, files._modules = self.root, self.size, self.count, None
        files._spill, files._firsts, files._loaded = self.spill, self.firsts, {}
        files._mem = self._chunk() if self.spill is None else None

    def file_list(self) -> "FileList":
        out = FileList.__new__(FileList)
        self.fill(out)
        return out


def _pack(texts: list[str]) -> tuple[str, array]:
    """One text of `texts` each followed by NUL, and where each starts (plus the end)."""
    return "\0".join(texts) + "\0" if texts else "", array("Q", accumulate((len(t) + 1 for t in texts), initial=0))


@dataclass
class Discovery:
    root: Path
    files: Sequence[SourceFile] = field(default_factory=list)  # a FileList once discover() is done
    notes: list[tuple[str, str]] = field(default_factory=list)  # (relpath, why skipped)
    # experiment config files (YAML / JSON / TOML / INI) the folder walk met, relpaths (ms_scan.config_files)
    configs: list[str] = field(default_factory=list)
    # the config files the cross-file pass read (or looked for), path -> digest ("" absent): ConfigFiles.deps
    config_deps: dict[str, str] = field(default_factory=dict)

    @property
    def project_modules(self) -> ModuleNames:
        if isinstance(self.files, FileList):
            return self.files.modules()
        return ModuleNames(f.module for f in self.files if f.module)

    def close(self) -> None:
        """Remove the file list's temporary folder, if it has one (FileList.close)."""
        if isinstance(self.files, FileList):
            self.files.close()


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


def _partial(relpath: str, module: str) -> bool:
    """Whether the module name was taken from below an undotted folder (module_name)."""
    return bool(module) and not _dotted(relpath.split("/")[:-1])


def module_name(rel: Path | str, prefix: str) -> tuple[str, bool]:
    """The dotted name `rel` (relative to the scan root, whose own package path is `prefix`; a Path or its
    POSIX text) is imported under. When a folder between the root and the file cannot be part of a dotted
    name (`my-repo/src/pkg/mod.py`, a scan of two folders from a working directory above them), the name
    starts below the last such folder: that folder is where the import path starts."""
    parts = (rel if isinstance(rel, str) else rel.as_posix()).split("/")
    dot = parts[-1].rfind(".")
    if 0 < dot < len(parts[-1]) - 1:  # the name without its suffix, as Path.with_suffix("") makes it
        parts[-1] = parts[-1][:dot]
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

    under = str(root).rstrip("/") + "/"

    def rel_text(path: str) -> str:
        """rel_of(Path(path)).as_posix(), without a Path for a path under the root (the walk's: pathlib interns
        each name it parses, and the table of interned names grows to the most it held)."""
        return path[len(under):] if path.startswith(under) else rel_of(Path(path)).as_posix()

    def skip(rel: str, is_dir: bool) -> bool:
        text = rel + ("/" if is_dir else "")
        return any(spec is not None and spec.match_file(text) for spec in (excluded, ignored))

    def add(path: str, rel: str, again: bool) -> None:
        """`again`: the file may be one already found (reached through a symlink, named on the command line)."""
        nonlocal may_repeat
        may_repeat = may_repeat or again
        mod, pkg = module_name(rel, prefix)
        packing.add(path, rel, mod, pkg)

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
                if e.name in SKIP_DIRS or (full / "pyvenv.cfg").exists() or skip(rel_of(full).as_posix(), True):
                    continue
                out.append((e.name + "/", e.path, True, e.is_symlink()))
            elif e.name.endswith(".py"):
                out.append((e.name, e.path, False, e.is_symlink()))
            elif e.name.lower().endswith(CONFIG_SUFFIXES) and len(found.configs) < MAX_CONFIGS:
                rel = rel_of(Path(e.path)).as_posix()
                if not skip(rel, False):
                    found.configs.append(rel)
        out.sort()
        return out

    def walk(start: Path) -> None:
        stack = [(str(start), True, False)]  # (path, is a folder, reached through a symlink), the next one last
        while stack:
            path, is_dir, linked = stack.pop()
            if not is_dir:
                rel = rel_text(path)
                if skip(rel, False):
                    continue
                if not os.path.exists(path):
                    found.notes.append((rel, "broken symlink: skipped"))
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
            add(str(start), rel_of(start).as_posix(), True)
        else:
            walk(start)
    if may_repeat or not packing.in_order:
        found.files = _deduplicated(packing.file_list())
    else:
        found.files = packing.file_list()
    if packing.partial:
        _drop_ambiguous(found)
    return found


def _deduplicated(files: FileList) -> FileList:
    """The files by real path, the first of each kept, in relpath order (symlinks, files named twice). A rare
    path (files named on the command line, trees reached through a symlink), which holds a record and a real
    path a file."""
    seen: set[str] = set()
    kept = []
    for f in files:
        real = os.path.realpath(f.abspath)
        if real not in seen:
            seen.add(real)
            kept.append(f)
    kept.sort(key=lambda f: f.relpath)
    out = FileList(Path(files._root), kept)
    files.close()
    return out


def _drop_ambiguous(found: Discovery) -> None:
    """A name taken from below an undotted folder (module_name) is only kept when no other file has it:
    `exp-1/train.py` and `exp-2/train.py` are both `train`, and neither can be told from the other."""
    files = found.files
    names = {m for rel, m in files._names() if _partial(rel, m)}  # (only files below an undotted folder)
    if not names:
        return
    from collections import Counter

    count = Counter(m for _, m in files._names() if m in names)
    blank = {m for m in names if count[m] > 1}
    if blank:
        packing = _Packing(Path(files._root))
        for f in files:
            packing.add(f.abspath, f.relpath, "" if f.module in blank and _partial(f.relpath, f.module) else f.module,
                        f.is_package)
        found.files = packing.file_list()
        files.close()
