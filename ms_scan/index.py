"""The cross-file index: the names each scanned module exports (bound to torch objects), re-exports
(imported from project modules) and the classes it declares, for project.resolve and the second-order
paths across files.

It is the part of a scan's state that grows with the number of files rather than with the findings
(about 1.5 KiB a file as dicts of tuples and strings), so when the per-file rules run in worker
processes the workers write it to disk and the main process never builds it: each worker adds its
files' rows to its own SQLite file (stdlib `sqlite3`) in a private temporary folder (`Index.directory`,
never in the scanned tree, removed when the scan ends) and sends the file's kept facts back with
`exports`, `reexports` and `classes` set to None. `Index.keep` turns those into read-only `IndexView`s,
Mappings like the dicts they replace, which query one database the worker files are merged into (by
SQLite, outside the Python heap) the first time an answer is needed. A scan whose per-file rules run
in the main process (each worker had one file at most) keeps the dicts.

A file whose per-file rules are done and that has nothing left to resolve (no use on a project-class
owner, no deferred reference) is not kept at all (evaluate.Streaming.accept): the cross-file pass finds
it by module through the index (`Modules`, `files` table), and the files it keeps travel as a `Kept`
list carrying the index. What stays in the main process for such a file is its discovery entry (its
paths and module name).
"""
from __future__ import annotations

import os
import pickle
from collections.abc import Mapping

from ms_scan.facts import ClassDecl, FileFacts

_EXPORT, _REEXPORT, _CLASS = 0, 1, 2
_FIELDS = (("exports", _EXPORT), ("reexports", _REEXPORT), ("classes", _CLASS))
_MEMO = 4096  # decoded entries kept (lookups repeat: `...utils` names, common bases)
_SEP = "\x00"
_CACHE_KIB = 256  # SQLite's page cache per connection (its default, 2 MiB, filled as the index grew)
_PICKLE = 4
# one row per name, keyed by the file's path (two files may claim one module: `a.py` and `a/__init__.py`)
_TABLE = ("CREATE TABLE IF NOT EXISTS names (path TEXT, kind INTEGER, name TEXT, value TEXT, "
          "PRIMARY KEY (path, kind, name)) WITHOUT ROWID")
# the module each written file is (the cross-file pass looks files up by module: Modules below)
# (and whether its per-file rules saw a direct torch use: the scan counted it then, not again if it comes back)
_FILES = ("CREATE TABLE IF NOT EXISTS files (module TEXT, path TEXT, direct INTEGER, PRIMARY KEY (module, path)) "
          "WITHOUT ROWID")
# each file's references to names of project modules, in order, with the context spans of their lines
# (project.resolve turns the few that lead to torch into uses; the file's record comes back only for those)
_DEFERRED = ("CREATE TABLE IF NOT EXISTS deferred (path TEXT, seq INTEGER, module TEXT, data BLOB, "
             "PRIMARY KEY (path, seq)) WITHOUT ROWID")
# each file's uses called on project-class owners (`self.register_buffer` in a subclass of a project class), with
# their context spans and snippet: the cross-file pass drops those the project's classes define
_OWNED = ("CREATE TABLE IF NOT EXISTS owned (path TEXT, seq INTEGER, module TEXT, data BLOB, "
          "PRIMARY KEY (path, seq)) WITHOUT ROWID")


def _encode(kind: int, value) -> str:
    if kind == _EXPORT:
        return value
    if kind == _REEXPORT:
        return f"{value[0]}{_SEP}{value[1]}"
    parts = [str(len(value.bases))]  # a class: the count of its bases, their module/name pairs, its methods
    for m, n in value.bases:
        parts += (m, n)
    return _SEP.join(parts + list(value.methods))


def _decode(kind: int, text: str):
    if kind == _EXPORT:
        return text
    parts = text.split(_SEP)
    if kind == _REEXPORT:
        return parts[0], parts[1]
    n = int(parts[0])
    return ClassDecl(bases=tuple((parts[1 + 2 * i], parts[2 + 2 * i]) for i in range(n)),
                     methods=tuple(parts[1 + 2 * n:]))


def _connect(path: str):
    import sqlite3

    db = sqlite3.connect(path, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")  # a worker that dies mid-write leaves its committed rows whole
    db.execute("PRAGMA synchronous=OFF")  # a temporary file: no need to survive the machine
    db.execute(f"PRAGMA cache_size=-{_CACHE_KIB}")  # lookups are memoised: a small page cache, whatever the size
    db.execute(_TABLE)
    db.execute(_FILES)
    db.execute(_DEFERRED)
    db.execute(_OWNED)
    return db


_writer: tuple | None = None  # (pid, directory, connection) of this worker process


def write(directory: str, facts: FileFacts, direct: bool = False) -> None:
    """In a worker: add the file's exports, re-exports, classes, deferred references and uses on project-class
    owners (and `direct`: it has torch uses of its own) to this process's file under `directory`, then set the
    first three to None (the main process reads them from the index), empty the references, take out the
    owner uses with their snippets, and keep only the context spans of the file's other uses."""
    global _writer
    if not facts.module:
        return  # nothing imports a file without a module name: nothing to index
    pid = os.getpid()
    if _writer is None or _writer[0] != pid or _writer[1] != directory:
        _writer = (pid, directory, _connect(os.path.join(directory, f"w{pid}.db")))
    db = _writer[2]
    rows = [(facts.path, kind, name, _encode(kind, value))
            for field, kind in _FIELDS for name, value in getattr(facts, field).items()]

    def spans(line: int) -> list:
        return [c for c in facts.contexts if c.start_line <= line <= c.end_line]

    refs = [(facts.path, seq, facts.module, pickle.dumps((ref, spans(ref.use.line)), _PICKLE))
            for seq, ref in enumerate(facts.deferred)]
    owned = [u for u in facts.uses if u.owner]
    rows_owned = [(facts.path, seq, facts.module, pickle.dumps((use, spans(use.line), facts.snippets.get(use.line)),
                                                               _PICKLE)) for seq, use in enumerate(owned)]
    with db:  # one transaction (a file is written once a scan: when its per-file rules are done)
        db.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?)", (facts.module, facts.path, int(direct)))
        db.executemany("INSERT OR REPLACE INTO names VALUES (?, ?, ?, ?)", rows)
        db.executemany("INSERT OR REPLACE INTO deferred VALUES (?, ?, ?, ?)", refs)
        db.executemany("INSERT OR REPLACE INTO owned VALUES (?, ?, ?, ?)", rows_owned)
    facts.exports = facts.reexports = facts.classes = None
    if refs or owned:
        if owned:
            facts.uses = [u for u in facts.uses if not u.owner]
        own = {u.line for u in facts.uses}
        facts.contexts = [c for c in facts.contexts if any(c.start_line <= n <= c.end_line for n in own)]
        facts.snippets = {n: t for n, t in facts.snippets.items() if n in own}
        facts.deferred = []


class Index:
    """The index of one scan, in the main process. `directory()` is where the workers write; `keep(facts)`
    gives a file's kept facts their views; `close()` removes the folder."""

    def __init__(self):
        self._dir: str | None = None
        self._db = None
        self._pending = False  # workers may have written rows not merged yet
        self._memo: dict[tuple, object] = {}

    def directory(self) -> str:
        if self._dir is None:
            import tempfile

            self._dir = tempfile.mkdtemp(prefix="ms-scan-index-")
        return self._dir

    def keep(self, facts: FileFacts) -> None:
        if facts.exports is None:  # written by a worker
            self._views(facts)
            self._pending = True

    def written(self) -> None:
        """A worker wrote a file the scan does not keep: merge the worker files before the next answer."""
        self._pending = True

    def _views(self, facts: FileFacts) -> None:
        for field, kind in _FIELDS:
            setattr(facts, field, IndexView(self, facts.path, kind))

    def _merged(self):
        if self._db is None:
            self._db = _connect(os.path.join(self._dir, "index.db"))
        if self._pending:
            for name in sorted(os.listdir(self._dir)):
                if name.startswith("w") and name.endswith(".db"):
                    self._db.execute("ATTACH DATABASE ? AS w", (os.path.join(self._dir, name),))
                    self._db.execute(f"PRAGMA w.cache_size=-{_CACHE_KIB}")
                    with self._db:
                        self._db.execute("INSERT OR REPLACE INTO names SELECT * FROM w.names")
                        self._db.execute("INSERT OR REPLACE INTO files SELECT * FROM w.files")
                        self._db.execute("INSERT OR REPLACE INTO deferred SELECT * FROM w.deferred")
                        self._db.execute("INSERT OR REPLACE INTO owned SELECT * FROM w.owned")
                    self._db.execute("DETACH DATABASE w")
            self._pending = False
            self._memo.clear()
        return self._db

    def get(self, path: str, kind: int, name: str):
        key = (path, kind, name)
        memo = self._memo
        if key in memo and not self._pending:
            return memo[key]
        row = self._merged().execute("SELECT value FROM names WHERE path = ? AND kind = ? AND name = ?",
                                     key).fetchone()
        value = None if row is None else _decode(kind, row[0])
        if len(memo) >= _MEMO:
            memo.clear()
        memo[key] = value
        return value

    def names(self, path: str, kind: int) -> list[str]:
        return [r[0] for r in self._merged().execute(
            "SELECT name FROM names WHERE path = ? AND kind = ? ORDER BY name", (path, kind))]

    def count(self, path: str, kind: int) -> int:
        return self._merged().execute("SELECT count(*) FROM names WHERE path = ? AND kind = ?",
                                      (path, kind)).fetchone()[0]

    def stub(self, path: str, module: str) -> FileFacts:
        """The cross-file part of a file the scan did not keep (Streaming.accept): its name and views."""
        facts = FileFacts(path, module)
        self._views(facts)
        return facts

    def module_path(self, module: str) -> str | None:
        """The last path (in path order, as a dict built in that order keeps) written as `module`."""
        if self._dir is None:
            return None
        row = self._merged().execute("SELECT max(path) FROM files WHERE module = ?", (module,)).fetchone()
        return row[0] if row else None

    def direct(self, path: str) -> bool:
        """Whether the written file had torch uses of its own (its per-file rules ran on them)."""
        if self._dir is None:
            return False
        row = self._merged().execute("SELECT max(direct) FROM files WHERE path = ?", (path,)).fetchone()
        return bool(row and row[0])

    def exporting_lasts(self) -> "Lasts | None":
        """The last components of the modules of the written files that export a torch name (an import of a
        module names it by that word: `from .utils import x`, `import a.b`), as a table of the index, asked
        one file's words at a time (issue #8: as a set in memory they were a name a file of a project whose
        modules all import torch); None when no file was written."""
        if self._dir is None:
            return None
        db = self._merged()
        with db:  # rtrim(m, m without its dots) is m up to its last dot
            db.execute("DROP TABLE IF EXISTS lasts")
            db.execute("CREATE TABLE lasts (name BLOB PRIMARY KEY) WITHOUT ROWID")
            db.execute("INSERT OR IGNORE INTO lasts SELECT CAST(substr(module, length(rtrim(module, "
                       "replace(module, '.', ''))) + 1) AS BLOB) FROM files JOIN names USING (path) "
                       "WHERE kind = ?", (_EXPORT,))
        return Lasts(db)

    def pending(self):
        """What the cross-file pass still has to decide of each written file, one file at a time in path order:
        (path, module, [(ProjectRef, its context spans)], [(owner use, its context spans, its snippet)]),
        each list in the file's own order; files with neither are left out."""
        if self._dir is None:
            return
        rows = self._merged().execute(
            "SELECT path, module, 0, seq, data FROM deferred UNION ALL SELECT path, module, 1, seq, data FROM owned "
            "ORDER BY 1, 3, 4")
        current, module, refs, owned = None, "", [], []
        for path, mod, kind, _, data in rows:
            if path != current:
                if current is not None:
                    yield current, module, refs, owned
                current, module, refs, owned = path, mod, [], []
            (owned if kind else refs).append(pickle.loads(data))
        if current is not None:
            yield current, module, refs, owned

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._dir is not None:
            import shutil

            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None
        self._memo = {}


class Lasts:
    """Index.exporting_lasts: whether a file's words (bytes) name one of them."""

    __slots__ = ("_db",)
    _BATCH = 500  # words a query (SQLite's limit on parameters is 999 in old releases)

    def __init__(self, db):
        self._db = db

    def __bool__(self) -> bool:
        return self._db.execute("SELECT 1 FROM lasts LIMIT 1").fetchone() is not None

    def isdisjoint(self, words) -> bool:
        words = list(set(words))
        for at in range(0, len(words), self._BATCH):
            batch = words[at:at + self._BATCH]
            if self._db.execute(f"SELECT 1 FROM lasts WHERE name IN ({','.join('?' * len(batch))}) LIMIT 1",
                                batch).fetchone() is not None:
                return False
        return True


class IndexView(Mapping):
    """One file's exports, re-exports or classes, read from the index."""

    __slots__ = ("_index", "_path", "_kind")

    def __init__(self, index: Index, path: str, kind: int):
        self._index, self._path, self._kind = index, path, kind

    def get(self, name, default=None):
        value = self._index.get(self._path, self._kind, name)
        return default if value is None else value

    def __getitem__(self, name):
        value = self._index.get(self._path, self._kind, name)
        if value is None:
            raise KeyError(name)
        return value

    def __contains__(self, name) -> bool:
        return self._index.get(self._path, self._kind, name) is not None

    def __iter__(self):
        return iter(self._index.names(self._path, self._kind))

    def __len__(self) -> int:
        return self._index.count(self._path, self._kind)

    def __repr__(self) -> str:
        return f"IndexView({self._path!r}, {dict(self.items())!r})"


class Kept(list):
    """The files a scan keeps for the cross-file pass, in path order, and the index (or None) holding the
    cross-file part of every file written to it, kept or not: `Modules(kept)` finds both by module."""

    def __init__(self, items=(), index: Index | None = None):
        super().__init__(items)
        self.index = index
        self.restored: set[str] = set()  # files not kept, whose record came back (done with their per-file rules)

    def restore(self, facts: FileFacts) -> None:
        """Put back the record of a file that was not kept, in path order."""
        import bisect

        bisect.insort(self, facts, key=lambda f: f.path)
        self.restored.add(facts.path)


class Modules(Mapping):
    """module -> the FileFacts of the file defining it (the last such file in path order, as
    `{f.module: f for f in files}` gives): a kept file's own record, else a stub answering from the index."""

    def __init__(self, all_facts):
        self._kept = {f.module: f for f in all_facts if f.module}
        self._index = all_facts.index if isinstance(all_facts, Kept) else None
        self._stubs: dict[str, FileFacts | None] = {}

    def get(self, module, default=None):
        kept = self._kept.get(module)
        if self._index is None:
            return default if kept is None else kept
        if module not in self._stubs:
            if len(self._stubs) >= _MEMO:  # stubs are views of the index, made again when asked for
                self._stubs.clear()
            path = self._index.module_path(module)
            if path is None or (kept is not None and kept.path >= path):
                self._stubs[module] = kept
            else:
                self._stubs[module] = self._index.stub(path, module)
        found = self._stubs[module]
        return default if found is None else found

    def __getitem__(self, module):
        found = self.get(module)
        if found is None:
            raise KeyError(module)
        return found

    def __contains__(self, module) -> bool:
        return self.get(module) is not None

    def __iter__(self):  # the kept files' modules (the index's are looked up, not listed)
        return iter(self._kept)

    def __len__(self) -> int:
        return len(self._kept)
