"""Cache and memo keys, importable without the extractor (and so without libcst): a re-scan that
nothing changed answers from the last scan without loading the parser (see scan.py's memo).

  * code_digest: what turns bytes into facts (extraction code, facts format, torch catalogue, libcst
    version); the facts cache (cache.py) keys on it.
  * engine_digest: code_digest plus everything that turns facts into a report (the whole package,
    every committed data file); the whole-scan memo keys on it.
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from itertools import islice
from pathlib import Path

FACTS_FORMAT = 6  # bump when FileFacts (or a nested fact) or the extraction output changes

_HERE = Path(__file__).resolve().parent


def _libcst_version() -> str:
    from ms_scan.datafiles import dist_version

    return dist_version("libcst") or "?"


def _hash_files(h, top: Path, files) -> None:
    for src in files:
        h.update(str(src.relative_to(top)).encode() + b"\0")
        try:
            h.update(hashlib.sha256(src.read_bytes()).digest())
        except OSError:
            h.update(b"?")


@lru_cache(maxsize=1)
def code_digest() -> str:
    """Extraction code + facts format + torch catalogue + parser version: what turns bytes into facts."""
    from ms_scan import __version__
    from ms_scan.datafiles import mappings_dir

    h = hashlib.sha256(f"ms-scan {__version__}\0format {FACTS_FORMAT}\0libcst "
                       f"{_libcst_version()}\0".encode())
    _hash_files(h, _HERE, [_HERE / "facts.py", *sorted((_HERE / "extract").glob("*.py"))])
    torch_dir = mappings_dir() / "torch"
    try:
        catalogues = sorted(torch_dir.glob("*/torch_api.json"))
    except OSError:
        catalogues = []
    _hash_files(h, torch_dir, catalogues)
    zoo = mappings_dir() / "zoo"  # torchvision / timm models' ops: read by the second-order path
    _hash_files(h, zoo, sorted(zoo.glob("*.json")) if zoo.is_dir() else [])
    return h.hexdigest()


@lru_cache(maxsize=1)
def engine_digest() -> str:
    """Everything that turns files into a report: code_digest, the whole ms_scan package (rules, shims
    catalogue, report code and templates) and every committed data file (mapping tables, bprop
    registries). With the file digests and the settings it keys the whole-scan memo (scan.py)."""
    from ms_scan.datafiles import mappings_dir

    h = hashlib.sha256(code_digest().encode())
    data = mappings_dir()
    for top, patterns in ((_HERE, ("*.py", "*.json", "*.j2")), (data, ("*.csv", "*.json"))):
        try:
            found = sorted({p for pat in patterns for p in top.rglob(pat) if "__pycache__" not in p.parts})
        except OSError:
            found = []
        _hash_files(h, top, found)
    return h.hexdigest()


def context_digest(project_modules: frozenset[str]) -> str:
    """code_digest and the sorted project modules, one per line; a discover.ModuleNames (sorted already, and
    on disk for a large project) is hashed a chunk at a time, not copied into one list and text."""
    from ms_scan.discover import ModuleNames

    h = hashlib.sha256(code_digest().encode())
    names = iter(project_modules) if isinstance(project_modules, ModuleNames) else iter(sorted(project_modules))
    sep = ""
    while chunk := list(islice(names, 4096)):
        h.update((sep + "\n".join(chunk)).encode())
        sep = "\n"
    return h.hexdigest()


def file_key_of_digest(context: str, content: str, relpath: str, module: str, is_package: bool,
                       gate: bool | str) -> str:
    """file_key from the sha256 hex digest of the file's bytes (read once per scan, see scan.py)."""
    h = hashlib.sha256(context.encode())
    h.update(json.dumps([relpath, module, is_package, gate]).encode())
    h.update(bytes.fromhex(content))
    return h.hexdigest()


def file_slot(relpath: str, module: str, is_package: bool, gate: bool | str) -> str:
    """Where a file's facts-cache entry lives: one slot per file and pass, whatever its bytes or the
    extraction context, so an edited file (or a new ms-scan) overwrites its entry instead of adding one
    and the cache stays as large as the project. The entry still carries its full key (file_key_of_digest)."""
    return hashlib.sha256(json.dumps(["slot", relpath, module, is_package, gate]).encode()).hexdigest()
