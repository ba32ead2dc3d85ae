"""Per-file facts cache: a warm re-scan reads JSON instead of parsing every file again.

Key (sha256 over, in order; computed in ms_scan/digests.py):
  * the extraction context, computed once per scan: ms-scan version, FORMAT (bump by hand on any
    change of what extraction produces), a digest of the extraction code itself (ms_scan/extract/*.py
    and ms_scan/facts.py, so a forgotten bump still invalidates), the torch catalogue files, the
    libcst version, and a digest of the sorted project-module set (the extractor decides from it
    whether an import is a project import: FileFacts.deferred / reexports depend on it, so it
    must be in the key; adding or removing a module therefore starts over, editing one does not);
  * per file: the file's relative path, module name, is-package flag, the torch gate flag (or
    scan.MODELS_PASS for the model-summary second look), and the sha256 of its bytes.
Mapping tables, --ms-version, --target, --mode and rule settings are NOT in the key: rules run on the
(cached) facts afterwards, so changing them re-evaluates without re-parsing.

Storage: `<cache dir>/facts/<2 hex>/<slot>.json`, one entry per file and pass (the slot, digests.file_slot,
hashes the file's relpath, module name, is-package flag and pass, not its bytes), written atomically (temp
file + os.replace): an edited file's entry replaces the one of its old bytes, so the cache does not grow with
the edits (a file switched back and forth between two versions is extracted again each time). JSON only,
never pickle: the cache lives inside the scanned repository, which may ship a crafted one. Entries are read with a size bound and decoded by strict, schema-driven constructors that
accept only the exact field names and JSON types of each fact dataclass; anything else (corrupt, other
format, wrong key, unexpected types) is a miss, never an error.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import fields
from pathlib import Path

from ms_scan import digests
from ms_scan.extract.grads import GradOp, GradSite, ModelSummary, ProjectCallee
from ms_scan.extract.recipe import ContextSpan, RecipeFact
from ms_scan.extract.shapes import ShapeFact
from ms_scan.facts import ApiUse, ClassDecl, FileFacts, ProjectRef, Problem

FORMAT = digests.FACTS_FORMAT
FACTS_DIR = "facts"
MAX_ENTRY_BYTES = 64 * 1024 * 1024


class CacheError(ValueError):
    """A cache entry that does not decode to facts of this version (treated as a miss)."""


# --- schema-driven JSON codec -------------------------------------------------------------------
# A spec is: str | int | bool | float, LIT (a Python literal scalar: str/int/float/bool/None/bytes),
# ("opt", s), ("list", s), ("tuple", s) (variadic), ("fixed", s1, s2, ...), ("dict", s) (str keys),
# ("intdict", s) (int keys, stored as [[k, v], ...]), or a fact dataclass (its SPECS entry).

LIT = "lit"

SPECS: dict[type, dict[str, object]] = {
    ApiUse: {"api": str, "kind": str, "line": int, "column": int, "end_line": int, "end_column": int,
             "confidence": str, "keywords": ("tuple", str), "n_args": int, "via": str,
             "args": ("tuple", str), "keyword_at": ("tuple", ("fixed", str, int, int)), "owner": ("tuple", str)},
    ProjectRef: {"module": str, "name": str, "rest": str, "use": ApiUse},
    ClassDecl: {"bases": ("tuple", ("fixed", str, str)), "methods": ("tuple", str)},
    Problem: {"code": str, "message": str, "line": int, "column": int},
    ShapeFact: {"code": str, "line": int, "column": int, "end_line": int, "end_column": int, "api": str,
                "reason": str, "origin_line": int, "confidence": str},
    GradOp: {"api": str, "line": int, "column": int, "end_line": int, "end_column": int,
             "args": ("tuple", ("fixed", str, LIT)), "via": str, "confidence": str, "path": str,
             "also": ("tuple", str), "when": str},
    ProjectCallee: {"module": str, "name": str, "role": str, "via": str, "confidence": str, "text": str,
                    "guess": str, "param": str, "live": str},
    GradSite: {"kind": str, "api": str, "line": int, "column": int, "end_line": int, "end_column": int,
               "certainty": str, "function": str, "ops": ("list", GradOp), "unresolved": ("list", str),
               "resolved": bool, "reason": str, "project": ("list", ProjectCallee)},
    ModelSummary: {"name": str, "role": str, "ops": ("list", GradOp), "project": ("list", ProjectCallee),
                   "unresolved": ("list", str), "at": str},
    RecipeFact: {"item": str, "value": str, "line": int, "column": int, "detail": str},
    ContextSpan: {"kind": str, "start_line": int, "end_line": int, "name": str},
    FileFacts: {"path": str, "module": str, "uses": ("list", ApiUse), "deferred": ("list", ProjectRef),
                "exports": ("dict", str), "reexports": ("dict", ("fixed", str, str)),
                "grad_sites": ("list", GradSite), "shapes": ("list", ShapeFact),
                "recipe": ("list", RecipeFact), "contexts": ("list", ContextSpan),
                "models": ("list", ModelSummary), "problem": ("opt", Problem), "snippets": ("intdict", str), "mentions_torch": bool,
                "classes": ("dict", ClassDecl), "config_deps": ("dict", str)},
}


def _check_specs() -> None:
    for cls, spec in SPECS.items():  # a new field without a spec would silently vanish from the cache
        if [f.name for f in fields(cls)] != list(spec):
            raise AssertionError(f"ms_scan.cache.SPECS[{cls.__name__}] is out of date")


_check_specs()


def encode(value, spec):
    if isinstance(spec, type) and spec in SPECS:
        if type(value) is not spec:
            raise CacheError(f"expected {spec.__name__}")
        return {name: encode(getattr(value, name), s) for name, s in SPECS[spec].items()}
    if spec is LIT:
        if isinstance(value, bytes):
            return {"bytes": value.hex()}
        if value is None or type(value) in (str, int, float, bool):
            return value
        raise CacheError("unexpected literal")
    if spec in (str, int, bool):
        if type(value) is not spec:
            raise CacheError(f"expected {spec.__name__}")
        return value
    kind = spec[0]
    if kind == "opt":
        return None if value is None else encode(value, spec[1])
    if kind in ("list", "tuple"):
        return [encode(v, spec[1]) for v in value]
    if kind == "fixed":
        if len(value) != len(spec) - 1:
            raise CacheError("wrong tuple length")
        return [encode(v, s) for v, s in zip(value, spec[1:])]
    if kind == "dict":
        return {str(k): encode(v, spec[1]) for k, v in value.items()}
    if kind == "intdict":
        return [[int(k), encode(v, spec[1])] for k, v in value.items()]
    raise AssertionError(spec)


def decode(data, spec):
    """JSON value -> Python value of exactly the spec's types, else CacheError (never anything else)."""
    if isinstance(spec, type) and spec in SPECS:
        fields_spec = SPECS[spec]
        if type(data) is not dict or data.keys() != fields_spec.keys():
            raise CacheError(f"bad {spec.__name__}")
        return spec(**{name: decode(data[name], s) for name, s in fields_spec.items()})
    if spec is LIT:
        if type(data) is dict and data.keys() == {"bytes"} and type(data["bytes"]) is str:
            try:
                return bytes.fromhex(data["bytes"])
            except ValueError:
                raise CacheError("bad bytes literal") from None
        if data is None or type(data) in (str, int, float, bool):
            return data
        raise CacheError("bad literal")
    if spec in (str, int, bool):
        if type(data) is not spec:
            raise CacheError(f"expected {spec.__name__}")
        return data
    kind = spec[0]
    if kind == "opt":
        return None if data is None else decode(data, spec[1])
    if kind in ("list", "tuple"):
        if type(data) is not list:
            raise CacheError("expected a list")
        out = [decode(v, spec[1]) for v in data]
        return out if kind == "list" else tuple(out)
    if kind == "fixed":
        if type(data) is not list or len(data) != len(spec) - 1:
            raise CacheError("bad tuple")
        return tuple(decode(v, s) for v, s in zip(data, spec[1:]))
    if kind == "dict":
        if type(data) is not dict:
            raise CacheError("expected an object")
        return {k: decode(v, spec[1]) for k, v in data.items()}
    if kind == "intdict":
        if type(data) is not list:
            raise CacheError("expected a list")
        out = {}
        for item in data:
            if type(item) is not list or len(item) != 2 or type(item[0]) is not int:
                raise CacheError("bad int-keyed entry")
            out[item[0]] = decode(item[1], spec[1])
        return out
    raise AssertionError(spec)


def _compile(spec):
    """decode(., spec) as a closure tree: the same checks without re-dispatching on the spec (warm
    scans decode millions of values)."""
    if spec in (str, int, bool):
        def scalar(data, t=spec):
            if type(data) is not t:
                raise CacheError(f"expected {t.__name__}")
            return data
        return scalar
    if isinstance(spec, type) and spec in SPECS:
        names = tuple(SPECS[spec])
        keys = SPECS[spec].keys()
        parts = tuple((n, s, _compile(s)) for n, s in SPECS[spec].items())
        scalar_parts = tuple((n, s) for n, s, _ in parts if s in (str, int, bool))
        other_parts = tuple((n, f) for n, s, f in parts if s not in (str, int, bool))

        def record(data, cls=spec):
            if type(data) is not dict or data.keys() != keys:
                raise CacheError(f"bad {cls.__name__}")
            for n, t in scalar_parts:
                if type(data[n]) is not t:
                    raise CacheError(f"{cls.__name__}.{n}: expected {t.__name__}")
            values = dict(data)
            for n, f in other_parts:
                values[n] = f(data[n])
            return cls(**{n: values[n] for n in names})
        return record
    if spec is LIT or spec[0] in ("fixed", "intdict"):
        return lambda data, spec=spec: decode(data, spec)
    kind, inner = spec
    f = _compile(inner)
    if kind == "opt":
        return lambda data: None if data is None else f(data)
    if kind in ("list", "tuple"):
        wrap = list if kind == "list" else tuple

        def seq(data):
            if type(data) is not list:
                raise CacheError("expected a list")
            return wrap([f(v) for v in data])
        return seq
    if kind == "dict":
        def mapping(data):
            if type(data) is not dict:
                raise CacheError("expected an object")
            return {k: f(v) for k, v in data.items()}
        return mapping
    raise AssertionError(spec)


_DECODE_FACTS = _compile(FileFacts)


def facts_to_dict(facts: FileFacts) -> dict:
    return encode(facts, FileFacts)


def facts_from_dict(data) -> FileFacts:
    return _DECODE_FACTS(data)


# --- the store ----------------------------------------------------------------------------------

class FactsCache:
    """Read/write entries under <folder>/facts/. Never raises for I/O or bad entries."""

    def __init__(self, folder: Path, prepare=None):
        self.folder = Path(folder)
        self.facts_dir = self.folder / FACTS_DIR
        self._prepare = prepare  # makes the folder (and its .gitignore) before the first write
        self.writable = True
        self.hits = self.misses = self.writes = 0

    def _path(self, slot: str) -> Path:
        return self.facts_dir / slot[:2] / f"{slot}.json"

    def get(self, key: str, relpath: str, module: str, slot: str | None = None) -> FileFacts | None:
        """The facts stored under `slot` (default: the key itself) if they were stored under `key`."""
        try:
            if self.facts_dir.is_symlink():
                return None
            with open(self._path(slot or key), "rb") as fh:
                raw = fh.read(MAX_ENTRY_BYTES + 1)
            if len(raw) > MAX_ENTRY_BYTES:
                raise CacheError("entry too large")
            doc = json.loads(raw)
            if type(doc) is not dict or doc.get("format") != FORMAT or doc.get("key") != key:
                raise CacheError("other format or key")
            facts = facts_from_dict(doc.get("facts"))
            if facts.path != relpath or facts.module != module:
                raise CacheError("entry for another file")
        except (OSError, ValueError, RecursionError):  # CacheError, JSONDecodeError, UnicodeDecodeError
            self.misses += 1
            return None
        self.hits += 1
        try:
            os.utime(self._path(slot or key))  # used by this scan: kept by prune()
        except OSError:
            pass
        return facts

    def prune(self, before: float) -> int:
        """Remove the entries no scan has read or written since `before` (a time.time()), the number removed. After
        a scan of the whole project every entry it used is newer, so the older ones belong to files deleted, renamed
        or excluded since: without this the cache kept them for ever. Never raises."""
        removed = 0
        try:
            if self.facts_dir.is_symlink():
                return 0
            for sub in os.scandir(self.facts_dir):
                if not sub.is_dir(follow_symlinks=False):
                    continue
                for entry in os.scandir(sub.path):
                    try:
                        if entry.name.endswith(".json") and entry.is_file(follow_symlinks=False) and \
                                entry.stat(follow_symlinks=False).st_mtime < before:
                            os.unlink(entry.path)
                            removed += 1
                    except OSError:
                        pass
        except OSError:
            pass
        return removed

    def put(self, key: str, facts: FileFacts, slot: str | None = None) -> None:
        if not self.writable:
            return
        try:
            text = json.dumps({"format": FORMAT, "key": key, "facts": facts_to_dict(facts)},
                              separators=(",", ":"))  # ASCII: lone surrogates survive
        except (CacheError, ValueError, TypeError, RecursionError):
            return
        try:
            if self._prepare is not None:
                self._prepare(self.folder)
                self._prepare = None
            if self.facts_dir.is_symlink():
                raise OSError("facts folder is a symlink")
            target = self._path(slot or key)
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".json")
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    fh.write(text)
                os.replace(tmp, target)
            except BaseException:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
                raise
            self.writes += 1
        except OSError:
            self.writable = False  # read-only checkout, full disk...: scan on without the cache
