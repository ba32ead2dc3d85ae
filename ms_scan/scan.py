"""The pipeline: discover -> extract (process pool) -> cross-file resolution -> rules -> findings.

Per-file work is bounded: a time limit (SIGALRM in the worker), recursion errors caught, and a
worker that dies is replaced with the file reported as MS004; the scan always finishes.
"""
from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path

from ms_scan.discover import Discovery, FileList, SourceFile, Sources, discover
from ms_scan.evaluate import TORCH_FREE, Streaming, selected
from ms_scan.facts import FileFacts, Problem
from ms_scan.index import Kept
from ms_scan.findings import Finding, sort_findings
from ms_scan.settings import CACHE_DIR, Settings

LAST_SCAN = "last_scan.jsonl"
LAST_SCAN_VERSION = 3


@dataclass
class ScanResult:
    root: Path
    release: str
    settings: Settings
    files: int = 0
    files_with_torch: int = 0
    findings: list[Finding] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)
    table_digest: str = ""
    baseline_fixed: int = 0  # baseline entries that no longer occur
    checklist: list[dict] = field(default_factory=list)  # the training recipe, filled from the code
    cached: int = 0  # files whose facts came from the facts cache (not saved in the last scan)
    extracted: int = 0  # files parsed in this scan (second looks included)
    memo_key: str = ""  # digest of everything the findings follow from (see _memo_key); "" = not memoisable
    # the config files the scan read, path -> digest ("" absent): the memo holds while each still has it
    config_deps: dict[str, str] = field(default_factory=dict)
    from_memo: bool = False  # this result is the last scan, reused because nothing it follows from changed

    def header(self) -> dict:
        """Everything but the findings, JSON-able (the first line of the last-scan file)."""
        from dataclasses import asdict

        return {"last_scan_version": LAST_SCAN_VERSION, "root": str(self.root), "release": self.release,
                "settings": asdict(self.settings), "files": self.files,
                "files_with_torch": self.files_with_torch, "finding_fields": list(FINDING_FIELDS),
                "findings": len(self.findings), "notes": [list(n) for n in self.notes],
                "table_digest": self.table_digest, "baseline_fixed": self.baseline_fixed,
                "checklist": self.checklist, "memo_key": self.memo_key, "config_deps": self.config_deps}

    def write_lines(self, out) -> None:
        """The last-scan file: the header, then one finding per line as the list of its field values
        (JSON lines, ASCII: streamed, so a model zoo's hundred thousand findings never sit in memory
        twice; never pickled)."""
        import json

        out.write(json.dumps(self.header()) + "\n")
        dumps = json.dumps
        out.writelines(dumps([getattr(f, n) for n in FINDING_FIELDS]) + "\n" for f in self.findings)

    @classmethod
    def read_lines(cls, lines, memo_key: str | None = None) -> "ScanResult | None":
        """Inverse of write_lines; None when `memo_key` is given and differs (decided on the header,
        before any finding is read). ValueError/KeyError/TypeError on anything malformed."""
        import json
        from dataclasses import fields

        d = json.loads(next(lines))
        if type(d) is not dict or d.get("last_scan_version") != LAST_SCAN_VERSION:
            raise ValueError("not an ms-scan last-scan file of this version")
        if memo_key is not None and d.get("memo_key") != memo_key:
            return None
        if d.get("finding_fields") != list(FINDING_FIELDS):
            raise ValueError("findings of another layout")
        known = {f.name for f in fields(Settings)}
        st = {k: v for k, v in d["settings"].items() if k in known}
        for k in ("exclude", "select", "ignore"):
            st[k] = tuple(st.get(k) or ())
        st["per_file_ignores"] = tuple((g, tuple(c)) for g, c in st.get("per_file_ignores") or ())
        findings = []
        loads, intern, width = json.loads, sys.intern, len(FINDING_FIELDS)
        for line in lines:
            v = loads(line)
            if type(v) is not list or len(v) != width or type(v[0]) is not str or type(v[5]) is not str \
                    or type(v[6]) is not int:
                raise ValueError("not a finding")
            for i in _INTERNED:  # paths, API names and URLs repeat across findings: share them
                if type(v[i]) is str:
                    v[i] = intern(v[i])
            findings.append(Finding(*v))
        if len(findings) != d["findings"]:
            raise ValueError("truncated last-scan file")
        return cls(root=Path(d["root"]), release=d["release"], settings=Settings(**st),
                   files=d["files"], files_with_torch=d["files_with_torch"], findings=findings,
                   notes=[tuple(n) for n in d["notes"]], table_digest=d.get("table_digest", ""),
                   baseline_fixed=d.get("baseline_fixed", 0), checklist=d.get("checklist", []),
                   memo_key=d.get("memo_key", ""), config_deps=dict(d.get("config_deps") or {}))


FINDING_FIELDS = tuple(Finding.__dataclass_fields__)
_INTERNED = tuple(FINDING_FIELDS.index(n) for n in ("code", "name", "severity", "confidence", "path",
                                                    "torch_api", "kind", "status", "ms_api", "note",
                                                    "docs_url", "context"))


def cache_dir(root: Path, settings: Settings) -> Path:
    return Path(settings.cache_dir) if settings.cache_dir else root / CACHE_DIR


def prepare_cache_dir(folder: Path) -> None:
    """Create the cache folder with a `*` .gitignore (OSError if it cannot be written)."""
    folder.mkdir(parents=True, exist_ok=True)
    ignore = folder / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# written by ms-scan: never commit this folder\n*\n", encoding="utf-8")


def save_last_scan(result: ScanResult) -> Path | None:
    """Keep the scan as <cache dir>/last_scan.jsonl for `ms-scan report` and the whole-scan memo;
    None if it cannot be written."""
    root = result.root if result.root.is_dir() else result.root.parent
    folder = cache_dir(root, result.settings)
    try:
        prepare_cache_dir(folder)
        target = folder / LAST_SCAN
        tmp = folder / (LAST_SCAN + ".tmp")
        with open(tmp, "w", encoding="ascii", newline="\n") as fh:
            result.write_lines(fh)
        os.replace(tmp, target)
        legacy = folder / "last_scan.json"  # ms-scan 0.1's single-document form
        if legacy.is_file():
            legacy.unlink()
        return target
    except (OSError, ValueError):  # ValueError: a finding that is not JSON-able (never expected)
        return None


def load_last_scan(root: Path, settings: Settings, memo_key: str | None = None) -> ScanResult | None:
    """The last scan kept for `ms-scan report`; with `memo_key`, only if it was made from exactly that
    (checked on the first line, before any finding is read). None if absent, unreadable, of another
    version or malformed."""
    from ms_scan.config_files import deps_hold

    path = cache_dir(root, settings) / LAST_SCAN
    try:
        with open(path, encoding="ascii") as fh:
            last = ScanResult.read_lines(iter(fh), memo_key)
        if last is not None and memo_key is not None and not deps_hold(str(root), last.config_deps):
            return None  # a config file the findings followed from changed (or came, or went)
        return last
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError, StopIteration):
        return None


class _Timeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise _Timeout()


# The `gate` value of the targeted second look that builds FileFacts.models (summaries of the model classes
# and functions other files' second-order sites import); the facts cache keys on it like on the torch gate.
MODELS_PASS = "models"


def _model_summaries(data: bytes, src: SourceFile, project_modules: frozenset[str]) -> FileFacts:
    import libcst as cst

    from ms_scan.extract import decode
    from ms_scan.extract.grads import extract_model_summaries

    facts = FileFacts(src.relpath, src.module)
    text, problem = decode(data)
    if problem is not None:
        facts.problem = problem
        return facts
    from ms_scan.config_files import ConfigReader

    reader = ConfigReader(_root_of(src), src.relpath)
    try:
        facts.models, facts.snippets = extract_model_summaries(text, src.module, src.is_package, project_modules,
                                                               reader)
    except cst.ParserSyntaxError:
        pass  # the first pass reports it (MS001)
    facts.config_deps = reader.deps
    return facts


def _root_of(src: SourceFile) -> str:
    """The scan root a file is under (its abspath less its relpath)."""
    root = os.path.abspath(src.abspath)
    for _ in src.relpath.split("/"):
        root = os.path.dirname(root)
    return root


def extract_file(src: SourceFile, project_modules: frozenset[str], settings: Settings,
                 gate: bool | str = True) -> FileFacts:
    from ms_scan.extract import extract_source

    try:
        size = os.path.getsize(src.abspath)
        if size > settings.max_file_size:
            return FileFacts(src.relpath, src.module, problem=Problem(
                "MS003", f"file is {size:,} bytes, over the {settings.max_file_size:,}-byte limit: "
                         "skipped (raise --max-file-size to scan it)"))
        with open(src.abspath, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        return FileFacts(src.relpath, src.module, problem=Problem(
            "MS003", f"cannot read the file ({exc.strerror or exc}): skipped"))
    use_alarm = settings.file_timeout > 0 and hasattr(signal, "SIGALRM")
    if use_alarm:
        old = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, settings.file_timeout)
    try:
        if gate == MODELS_PASS:
            return _model_summaries(data, src, project_modules)
        return extract_source(data, src.relpath, src.module, src.is_package, project_modules, gate, _root_of(src))
    except _Timeout:
        return FileFacts(src.relpath, src.module, problem=Problem(
            "MS004", f"analysis took longer than {settings.file_timeout:g}s: stopped"))
    except RecursionError:
        return FileFacts(src.relpath, src.module, problem=Problem(
            "MS004", "the file nests too deeply to analyse (recursion limit): stopped"))
    except MemoryError:
        return FileFacts(src.relpath, src.module, problem=Problem(
            "MS004", "the file needs too much memory to analyse: stopped"))
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


class FileJob:
    """What a worker does with one file: its facts from the cache (`store`, keyed by the file's cache key,
    made here from its content digest, SourceFile.digest, and the extraction context, made by the parent
    before the fork) or from the extractor (then stored, if the file still has the bytes its key was made
    from: it may change mid-scan), then `rules` on them (evaluate.FileRules: the per-file rules; the worker
    sends back findings plus the cross-file parts, not the whole facts). Returns (value, came from the
    cache). Picklable (spawn platforms)."""

    def __init__(self, project_modules: frozenset[str], settings: Settings, gate: bool | str = True,
                 store=None, rules=None):
        self.project_modules = project_modules
        self.settings = settings
        self.gate = gate
        self.store = store
        self.rules = rules
        self._context = None

    def context(self) -> str:
        """The extraction context of every key (digests.context_digest of the project modules), made once."""
        if self._context is None:
            from ms_scan.digests import context_digest

            self._context = context_digest(self.project_modules)
        return self._context

    def key_of(self, src: SourceFile, content: str | None | bool = False) -> str | None:
        """The facts-cache key of `src` from the sha256 of its bytes (`content`: from content_digests,
        None for a file that is not cacheable; read now when not given); None when not cacheable."""
        from ms_scan.digests import file_key_of_digest

        if content is False:
            content = _file_digest(src, self.settings)
        return content and file_key_of_digest(self.context(), content, src.relpath, src.module,
                                              src.is_package, self.gate)

    def __call__(self, src: SourceFile) -> tuple:
        key = None
        if self.store is not None:  # SourceFile.digest: "" when not cacheable, None when not made (read now)
            key = self.key_of(src, False if src.digest is None else src.digest or None)
        slot = None
        if key:
            from ms_scan.digests import file_slot

            slot = file_slot(src.relpath, src.module, src.is_package, self.gate)
        facts = self.store.get(key, src.relpath, src.module, slot) if key else None
        if facts is not None and facts.config_deps:  # (the config files it read must be as they were)
            from ms_scan.config_files import deps_hold

            facts = facts if deps_hold(_root_of(src), facts.config_deps) else None
        hit = facts is not None
        if not hit:
            facts = extract_file(src, self.project_modules, self.settings, self.gate)
            if key and _cacheable(facts) and self.key_of(src) == key:
                self.store.put(key, facts, slot)
        return (self.rules(facts, self.project_modules) if self.rules is not None else facts), hit

    def failed(self, src: SourceFile, why: str) -> tuple:
        """The value for a file whose worker timed out or died (made in the parent)."""
        facts = FileFacts(src.relpath, src.module, problem=Problem("MS004", why))
        return (self.rules(facts) if self.rules is not None else facts), False


def extract_all(files: list[SourceFile], job: FileJob, settings: Settings, progress=None,
                meanwhile=None, on_result=None) -> list:
    """`job` over `files`, always in worker processes (even for one file): a parser crash must not
    take the scan down. `meanwhile()` runs in this process once the workers have their first files;
    `on_result(i, value)` as each file's value arrives; what it returns is kept unless None, and the
    values kept come back in file order (pool.run)."""
    from ms_scan import pool

    return pool.run(files, job, settings, progress, meanwhile=meanwhile, on_result=on_result)


def _cacheable(facts: FileFacts) -> bool:
    """Facts that follow from the bytes alone (not a size limit, read error, timeout or crash)."""
    return facts.problem is None or facts.problem.code in ("MS001", "MS002")


def _extract_cached(files: list[SourceFile], project_modules: frozenset[str], settings: Settings,
                    store, gate: bool | str = True, progress=None, stats: dict | None = None,
                    meanwhile=None, rules=None, torch_free=None) -> list[FileFacts]:
    """Each file's facts, in file order, with the per-file facts cache (ms_scan/cache.py) in front when
    `store` is given; the cache keys (from each file's SourceFile.digest: content_digests saves reading the
    files again for them), the cache reads and the extraction happen in the workers.
    `rules` (optional, an evaluate.Streaming): its per-file half runs in the workers (here when each
    worker gets one file at most) and the facts returned are what it kept of the files (those it did not
    keep are left out); the positions in `files` of those it did not keep because they lack the word torch
    go to `torch_free` (a _Positions)."""
    # the per-file rules run in the workers, so this process never holds a file's whole facts; when each
    # worker gets one file at most (a pre-commit run), here, where the table loaded while they parsed
    in_workers = rules is not None and len(files) > settings.jobs
    job = FileJob(project_modules, settings, gate, store, rules=rules.per_file if in_workers else None)
    if in_workers:  # the workers write the cross-file index to disk: this process never holds it
        rules.per_file.index_dir = rules.index.directory()
    if store is not None:  # the keys are made in the workers; the context digest once, here (they inherit it)
        job.context()
    hits = 0

    def arrived(i: int, value: tuple):
        nonlocal hits
        out, hit = value
        hits += hit
        if rules is None:
            return out
        kept = rules.accept(out) if in_workers else rules.stream(out)
        if kept is TORCH_FREE:
            torch_free.add(i)
            return None
        return kept

    results = extract_all(files, job, settings, progress, meanwhile, on_result=arrived)
    if stats is not None:
        stats["cached"] = stats.get("cached", 0) + hits
        stats["extracted"] = stats.get("extracted", 0) + len(files) - hits
    return results


def content_digests(files: FileList, settings: Settings) -> None:
    """Give each file the sha256 hex of its bytes (FileList.set_digests: SourceFile.digest; "" when it is not
    cacheable, over the size limit or unreadable). One read per file per scan: the memo key and every
    facts-cache key derive from it."""
    files.set_digests(lambda src: _file_digest(src, settings))


def _file_digest(src: SourceFile, settings: Settings) -> str | None:
    """sha256 hex of one file's bytes, None if unreadable or over the size limit (read at most once)."""
    import hashlib

    limit = settings.max_file_size
    data = _head(src, limit + 1)
    return None if data is None or len(data) > limit else hashlib.sha256(data).hexdigest()


# Settings that do not change the findings (how the work is spread, where the caches live).
_MEMO_IGNORED = ("jobs", "cache_dir", "facts_cache", "file_timeout")


def _memo_key(found: Discovery, release: str, settings: Settings) -> str:
    """Digest of everything a scan's result follows from: ms-scan's code and data, the table, the
    settings, the baseline's bytes, the discovered files (path, module, bytes: their content digests,
    content_digests), discovery notes and the walked config files' names (the bytes of those a scan read are
    checked by load_last_scan: ScanResult.config_deps). Unreadable or oversized files make the scan not memoisable
    ("")."""
    import hashlib
    import json
    from dataclasses import asdict

    from ms_scan.digests import engine_digest

    opts = {k: v for k, v in asdict(settings).items() if k not in _MEMO_IGNORED}
    if settings.baseline:
        try:
            with open(settings.baseline, "rb") as fh:
                opts["baseline_bytes"] = hashlib.sha256(fh.read()).hexdigest()
        except OSError:
            return ""
    h = hashlib.sha256(engine_digest().encode())  # covers the mapping tables' bytes
    h.update(json.dumps([str(found.root), release, opts, found.notes, found.configs], sort_keys=True,
                        default=str).encode())
    for src in found.files:
        if not src.digest:
            return ""
        h.update(f"\0{src.relpath}\0{src.module}\0{src.is_package:d}\0{src.digest}".encode())
    return h.hexdigest()


def _facts_store(root: Path, settings: Settings):
    if not settings.facts_cache:
        return None
    from ms_scan.cache import FactsCache

    root = root if root.is_dir() else root.parent
    return FactsCache(cache_dir(root, settings), prepare=prepare_cache_dir)


# an entry this much older than the scan's start was not used by it (file times may lag the clock by a tick)
_PRUNE_MARGIN_S = 2.0


def _prune_cache(paths: list[str], found: Discovery, settings: Settings, started: float) -> None:
    """After a scan of a whole project folder into its own cache (the default folder: a --cache-dir may be shared
    by other projects), drop the entries the scan did not use (FactsCache.prune): a file list given on the command
    line (pre-commit) is only part of the project and prunes nothing."""
    if not settings.facts_cache or settings.cache_dir or len(paths) != 1 or not found.root.is_dir() or \
            Path(paths[0]).resolve() != found.root.resolve():
        return
    store = _facts_store(found.root, settings)
    if store is not None and store.facts_dir.is_dir():
        store.prune(started - _PRUNE_MARGIN_S)


def _head(src: SourceFile, limit: int = -1) -> bytes | None:
    """The file's bytes (the first `limit` of them), None if unreadable: the content digest and the
    cheap pre-filters below."""
    try:
        with open(src.abspath, "rb") as fh:
            return fh.read(limit)
    except OSError:
        return None


class _Positions:
    """A set of positions in the file list, one bit a file (the files without the word torch that the scan did
    not keep, those it looks at again: an array of them was 4 bytes a file, a list of records some hundred,
    issue #8); iterated in increasing order."""

    __slots__ = ("_bits", "_count")

    def __init__(self, positions=()):
        self._bits = bytearray()
        self._count = 0
        for i in positions:
            self.add(i)

    def add(self, i: int) -> None:
        byte = i >> 3
        if byte >= len(self._bits):
            self._bits.extend(bytes(byte + 1 - len(self._bits)))
        if not self._bits[byte] >> (i & 7) & 1:
            self._bits[byte] |= 1 << (i & 7)
            self._count += 1

    def __contains__(self, i) -> bool:
        return 0 <= i >> 3 < len(self._bits) and bool(self._bits[i >> 3] >> (i & 7) & 1)

    def __len__(self) -> int:
        return self._count

    def __iter__(self):
        for byte, bits in enumerate(self._bits):
            if bits:
                yield from (byte << 3 | bit for bit in range(8) if bits >> bit & 1)


class _Subset(Sequence):
    """The files of a FileList at some _Positions, in order, each made when asked for (pool.run asks for them
    in order: the positions are walked on from the last one asked for)."""

    __slots__ = ("_files", "_positions", "_walk", "_next")

    def __init__(self, files: FileList, positions: _Positions):
        self._files, self._positions = files, positions
        self._walk, self._next = iter(positions), 0

    def __len__(self) -> int:
        return len(self._positions)

    def __getitem__(self, i: int) -> SourceFile:
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        if i < self._next:
            self._walk, self._next = iter(self._positions), 0
        for _ in range(i - self._next):
            next(self._walk)
        self._next = i + 1
        return self._files[next(self._walk)]


def _needs_second_look(facts: list[FileFacts], files: FileList, settings: Settings,
                       free: _Positions | None = None) -> _Positions:
    """The positions in `files` of the files without the word torch (kept, or not kept: `free`) that import a
    project module exporting torch names."""
    out = _Positions()
    if not free and all(f.mentions_torch for f in facts):
        return out  # no file to look at again: the names below are not needed
    # a module's last component: an import of it names it as a word (`from .utils import x`, `import a.b`);
    # those of the kept files, and of all the files the workers wrote, in the index on disk
    kept = {f.module.rpartition(".")[2].encode() for f in facts if f.exports and f.module}
    written = facts.index.exporting_lasts() if isinstance(facts, Kept) and facts.index is not None else None
    if not kept and not written:
        return out
    for i in sorted(chain((files.position(f.path) for f in facts if not f.mentions_torch), free or ())):
        data = _head(files[i], settings.max_file_size)
        if not data or b"import" not in data:
            continue
        # the file's words against the names: linear in the file (a test of each name against the file's bytes
        # was the files times the exporting modules: quadratic on a large project)
        words = set(_WORD.findall(data))
        if not kept.isdisjoint(words) or (written is not None and not written.isdisjoint(words)):
            out.add(i)
    return out


_WORD = re.compile(rb"[A-Za-z0-9_\x80-\xff]+")


def _json_list(text: str) -> list | None:
    """The JSON list a summary entry holds (a DictRef text), None for anything else."""
    try:
        got = json.loads(text)
    except ValueError:
        return None
    return got if isinstance(got, list) else None  # identifiers in UTF-8, non-ASCII ones included


def _needs_model_summaries(facts: list[FileFacts], files: FileList, done: set[str]) -> list[SourceFile]:
    """Files defining a project name that a second-order path reaches (directly or through a summary
    built in an earlier round: project.reached_callers), re-exports followed, and files that may pass a model
    to a function whose model parameter nothing binds (they name it); `done` holds the paths already
    summarised (and, as "\\0<module>:<name>", the functions already looked for)."""
    from ms_scan import project
    from ms_scan.extract.grad_common import constant_refs, param_template, table_key_field
    from ms_scan.extract.grad_dicts import FACTORY, PRESET
    from ms_scan.extract.grad_guards import method_reach_of

    by_module = project.Modules(facts)
    out: dict[str, SourceFile] = {}
    params: set[tuple] = set()  # a function whose parameters other files bind: the files naming it and its module
    entries, memo = project.registry_entries(facts, by_module), {}  # (table entries of classes: held_entries)
    reached = project.reached_callers(facts, by_module, entries)
    for c in reached:
        mixin = c.role == "member" and c.param == project.MIXIN  # (a mixin's member: the files deriving from it)
        if (mixin or c.role in project.CALLER_ROLES) and f"\0{c.module}:{c.name}" not in done:
            done.add(f"\0{c.module}:{c.name}")
            # (or reach it through `getattr(losses, config.LOSS)`, grad_project.module_getattr)
            name = c.name.partition(".")[0].partition("[")[0]  # (`REGULARISERS[?]`: the table's name)
            params.add((re.compile(rb"\b(?:%s|getattr)\b" % re.escape(name.encode())),
                        tuple(part.encode() for part in c.module.split("."))))
            # (or build it, or a subclass, as a table's entry: `TRAINERS[args.trainer](model)`, project.follow_param)
            for home, table, _ in project.held_entries(entries, by_module, memo, c.module, name):
                params.add((re.compile(rb"\b%s\b" % re.escape(table.encode())),
                            tuple(part.encode() for part in home.split("."))))
    for c in reached:
        if c.role not in project.CALLER_ROLES:
            home = project.defining_module(by_module, c.module, c.name)
            target = by_module.get(home) if home else None
            src = files.find(target.path) if target is not None and target.path not in done else None
            if src is not None:
                out[target.path] = src
    # `ACTS[cfg.act]` (GradOp.when): the files building the config (naming its class, or passing `act=`)
    # say which entries it picks through their "called" summaries
    configs, built = set(), set()  # (built: (module, class) of the constructions a `when` names)
    holders: dict[str, set] = {}  # field -> the project dataclasses declaring it ("fields" summaries)
    outer: dict[str, set] = {}  # dataclass -> those building it by `field(default_factory=...)`
    for f in facts:
        for m in f.models if f.module else ():
            if m.role == "fields":
                for text in m.unresolved:
                    path, leaf = json.loads(text)
                    if path:
                        holders.setdefault(path[0], set()).add(m.name)
                    if path == [PRESET]:  # (the fields a preset table keyed by a parameter sets)
                        for field in json.loads(leaf)["fields"]:
                            holders.setdefault(field, set()).add(m.name)
                    if leaf.startswith(FACTORY):
                        outer.setdefault(leaf[len(FACTORY):], set()).add(m.name)

    def builders(field: str) -> set:
        """The dataclasses declaring field, and those building one of them by default, to any depth."""
        out, todo = set(), list(holders.get(field, ()))
        while todo:
            c = todo.pop()
            if c not in out:
                out.add(c)
                todo.extend(outer.get(c, ()))
        return out

    def dataclass_files(field: str) -> set:
        """Patterns of the files declaring a dataclass field (read in the next round) and of those building the
        dataclasses declaring it (builders), whose "fields" / "called" summaries give its value."""
        key = re.escape(field.encode())
        # (and the files whose command-line functions give it: an option `--act`, or a defaults dict's "act" key
        # that such a function copies, grad_dicts.argparse_entries)
        option = rb"[\"']--%s[\"']|[\"']%s[\"']\s*:" % (key.replace(b"_", b"[-_]"), key)
        return {rb"\b%s\s*:[^=\n]*=[^=]" % key, option} | {rb"\b%s\b" % re.escape(c.encode()) for c in builders(field)}
    for f in facts:
        for op in chain.from_iterable(m.ops for m in chain(f.models, f.grad_sites)):
            held = param_template(op.api)  # `getattr(nn, name)`, name given by other files' calls: a when's class
            if held is not None:  # part and field, the strings they pass read the same way: the files calling
                cls_part, key = held  # the callee, building the dataclass declaring the field, declaring it
                if cls_part:
                    configs.add(rb"\b%s\b" % re.escape(cls_part.split(":")[1].encode()))
                configs |= dataclass_files(key)
        for m in f.models:
            whens = [op.when for op in m.ops if op.when]
            if m.role == "called":  # `PENALTIES[cfg.penalty](...)` of another file's table (table_key_field)
                keyed = table_key_field(m.unresolved)
                whens += [keyed + "=|"] if keyed is not None else []
            for when in whens:
                cls_part, pick, _ = when.split("|", 2)
                consts = constant_refs(pick.partition("=")[0])
                if consts is not None:  # "&<module>:<name>+...[]": the constants, rebound by any file
                    configs.update(rb"\.%s\s*=[^=]" % re.escape(n.encode()) for _, n in consts if n)
                    continue
                configs.add(rb"\b%s\b" % re.escape(cls_part.split(":")[1].encode()) if cls_part else
                            rb"\b%s\s*(?::[^=\n]*)?=[^=]" % re.escape(pick.partition("=")[0].encode()))
                if cls_part:  # and the config dicts its constructions pass (`Denoiser(SETTINGS)`: "&0")
                    built.add(tuple(cls_part.split(":")[:2]))
                if not cls_part:  # `cfg.act` of no known class: the files building the dataclass declaring act
                    configs.update(rb"\b%s\b" % re.escape(c.encode()) for c in builders(pick.partition("=")[0]))
                elif "." in pick.partition("=")[0]:  # `cfg.model.name` of what the callers pass: the dataclass
                    configs |= dataclass_files(pick.partition("=")[0].rpartition(".")[2])  # declaring name
    for f in facts:  # (the "&<slot>" entries of the "called" summaries of those constructions: DictRef texts)
        for m in f.models if built else ():
            module, _, name = m.name.partition(":")
            if m.role != "called" or (project.defining_module(by_module, module, name) or module, name) not in built:
                continue
            for entry in m.unresolved:
                slot, _, text = entry.partition("=")
                ref = _json_list(text) if slot.startswith("&") and slot != "&**" else None
                target = by_module.get(ref[0]) if ref and isinstance(ref[0], str) else None
                src = files.find(target.path) if target is not None and target.path not in done else None
                if src is not None:
                    out[target.path] = src
    # `create_graph=not config.FIRST_ORDER`: the files rebinding that constant (`config.FIRST_ORDER = ...`) say so
    # in their "sets" summaries (project._add_written)
    configs.update(rb"\.%s\s*=[^=]" % re.escape(c.name.encode()) for c in reached
                   if c.role == "config" and c.name.isidentifier())
    # `create_graph=not self.cfg.first_order` (grad_project.field_flag_callee, "...::<field>"): the dataclasses
    # declaring the field give its default ("fields" summaries, project._field_defaults)
    fields = {tested[0] for c in reached if c.role == "flag" and (tested := project.flag_field(c.param)) is not None}
    # (and, once those are read, the files building them: `cfg = L2OConfig()` passed on to the site's function)
    configs.update(c for f in fields if f.isidentifier() for c in dataclass_files(f))
    # a site in a method some class may call under a guard (grad_guards.method_reach): the files naming the method,
    # importing anything or not (a function given the object: `def probe(trainer): trainer.gradient_penalty(...)`)
    methods = set()
    for c in reached:
        if method_reach_of(c):
            method = re.escape(c.name.rpartition(".")[2].encode())
            methods.add(rb"\.%s\b|[\"']%s[\"']" % (method, method))
    methods = [re.compile(c) for c in sorted(methods) if f"\0when:{c!r}" not in done]
    configs = [re.compile(c) for c in sorted(configs) if f"\0when:{c!r}" not in done]
    done.update(f"\0when:{c.pattern!r}" for c in configs + methods)

    def names_param(data: bytes) -> bool:
        return any(name.search(data) and any(p in data for p in parts) for name, parts in params)

    def wanted(data: bytes) -> bool:
        return names_param(data) or any(c.search(data) for c in configs)

    # a file building a class by the hydra `_target_` of a config it reads (`instantiate(cfg.critic)`, with
    # `_target_: models.Critic` in conf/critic/mlp.yaml) names it there: those configs are read with it
    from ms_scan.config_files import read_bytes

    config_deps = {f.path: f.config_deps for f in facts if f.config_deps and f.grad_sites}

    def named_in_configs(src: SourceFile) -> bool:
        deps = config_deps.get(src.relpath, {}) if params else {}
        return any(names_param(read_bytes(os.path.join(_root_of(src), rel)) or b"")
                   for rel, digest in deps.items() if digest)

    # every file (one the scan did not keep may name them), each read once for both kinds of name
    for src in files if params or configs or methods else ():
        if src.module and src.relpath not in done and src.relpath not in out:
            data = _head(src)
            if data and (b"import" in data and (wanted(data) or named_in_configs(src)) or
                         any(m.search(data) for m in methods)):
                out[src.relpath] = src
    return list(out.values())



def collect(paths: list[str], settings: Settings, progress_factory=None,
            stats: dict | None = None, found: Discovery | None = None, meanwhile=None,
            rules=None) -> tuple[Discovery, list[FileFacts]]:
    """Discover and extract: the per-file facts every rule works from (no tables involved).

    With settings.facts_cache, unchanged files come from the facts cache; `stats` (if given) gets
    "cached" and "extracted" file counts. `found`: discovery already made by the caller (scan), with its
    content digests if the cache is on; `meanwhile()` runs here while the workers parse the first files.
    `rules`: an evaluate.Streaming, whose per-file half runs on each file's first-pass facts in the
    workers (the returned facts are then what it kept, resolved across files)."""
    from ms_scan import project  # imports the extractor before the workers fork: they inherit it

    if found is None:
        found = discover(paths, settings.exclude, settings.respect_gitignore)
    modules = found.project_modules
    store = _facts_store(found.root, settings)
    if store is not None and not found.files.digested:
        content_digests(found.files, settings)
    progress = progress_factory(len(found.files)) if progress_factory else None
    index = rules.index if rules is not None else None
    try:
        free = _Positions()  # positions in found.files of the files without the word torch not kept
        facts = Kept(_extract_cached(found.files, modules, settings, store, True, progress, stats, meanwhile,
                                     rules, free), index)
        again = _needs_second_look(facts, found.files, settings, free)
        if again:
            redo = {g.path: g for g in _extract_cached(_Subset(found.files, again), modules, settings, store,
                                                       False, stats=stats, rules=rules)}
            # a file looked at again may now be done with, and not kept (left out); one not kept before joins
            merged = [redo.pop(f.path, None if found.files.position(f.path) in again else f) for f in facts] + \
                list(redo.values())
            facts = Kept(sorted((g for g in merged if g is not None), key=lambda g: g.path), index)
        by_path = {f.path: f for f in facts}
        models_read: list[dict] = []  # FileFacts.config_deps of the model-summary passes
        done: set[str] = set()
        for _ in range(len(found.files)):  # each round summarises the files the previous one reached
            wanted = _needs_model_summaries(facts, found.files, done)
            if not wanted:
                break
            done.update(src.relpath for src in wanted)
            for extra in _extract_cached(wanted, modules, settings, store, MODELS_PASS, stats=stats):
                target = by_path.get(extra.path)
                if target is None:  # a file Streaming.accept did not keep: its record comes back
                    target = by_path[extra.path] = index.stub(extra.path, extra.module)
                    facts.restore(target)
                target.models = extra.models
                models_read.append(extra.config_deps)
                for line, text in extra.snippets.items():
                    target.snippets.setdefault(line, text)
    finally:
        if progress:
            progress(None)
    on_file = None
    if rules is not None:  # a file not kept whose uses the cross-file pass decided: its findings now
        sources = Sources(found.files)
        on_file = lambda f: rules.late_file(f, sources)  # noqa: E731
    project.resolve(facts, on_file)
    from ms_scan.config_files import ConfigFiles

    configs = ConfigFiles(str(found.root if found.root.is_dir() else found.root.parent), found.configs)
    configs.named_in(f.path for f in facts if f.grad_sites or f.models)  # (the files the second-order pass reads)
    project.resolve_grad_paths(facts, configs)
    found.config_deps = dict(configs.deps)
    # (the config files each file's extraction read, relpaths under the root: every first-pass file passes through
    # rules.accept, kept or not)
    read = list(rules.config_deps.values()) if rules is not None else [f.config_deps for f in facts]
    for deps in read + models_read:
        found.config_deps.update((os.path.join(configs.root, rel), d) for rel, d in deps.items())
    return found, facts


def post_process(result: ScanResult, sources: dict[str, str]) -> None:
    """After the rules: suppression comments (and MS901), fingerprints, the baseline."""
    from ms_scan import baseline, suppress

    settings = result.settings
    extra = suppress.apply(result.findings, sources, settings.report_unused_suppressions,
                           settings.max_file_size)
    if extra:
        keep = selected(settings)
        result.findings = sort_findings(result.findings + [f for f in extra if keep(f)])
    baseline.assign_fingerprints(result.findings)
    if settings.baseline:
        result.baseline_fixed = baseline.apply(result.findings, baseline.load(settings.baseline))


def _after_the_workers() -> None:
    """Import what this process needs once the workers are done (suppressions, the checklist): it
    runs while they parse, on the core the main process would leave idle."""
    import ms_scan.rules.checklist  # noqa: F401
    import ms_scan.suppress  # noqa: F401


def scan(paths: list[str], settings: Settings, progress_factory=None, meanwhile=None) -> ScanResult:
    """Scan `paths`. `meanwhile()` (optional, e.g. importing the report's renderer) runs in this process
    while the workers parse the first files."""
    from ms_scan.tables.mapping import default_release

    release = settings.ms_version or default_release()
    found = discover(paths, settings.exclude, settings.respect_gitignore)
    try:
        return _scan_found(found, paths, settings, release, progress_factory, meanwhile)
    finally:
        found.close()  # the file list's temporary folder, if it outgrew memory


def _scan_found(found: Discovery, paths: list[str], settings: Settings, release: str, progress_factory,
                meanwhile) -> ScanResult:
    stats: dict = {}
    memo = None
    if settings.facts_cache:
        content_digests(found.files, settings)
        memo = _memo_key(found, release, settings)
        last = load_last_scan(found.root if found.root.is_dir() else found.root.parent, settings,
                              memo) if memo else None
        if last is not None:
            last.settings, last.from_memo, last.cached, last.extracted = settings, True, last.files, 0
            return last
    rules = Streaming(settings, release)

    def overlap() -> None:  # while the workers parse: the table, then the imports needed afterwards
        rules.ready()
        _after_the_workers()
        if meanwhile is not None:
            meanwhile()

    started = time.time()
    try:
        found, facts = collect(paths, settings, progress_factory, stats, found, meanwhile=overlap, rules=rules)
        _prune_cache(paths, found, settings, started)
        table = rules.ready()
        result = ScanResult(root=found.root, release=table.release, settings=settings,
                            files=len(found.files), notes=list(found.notes), table_digest=table.digest,
                            memo_key=memo or "", config_deps=found.config_deps)
        result.cached, result.extracted = stats.get("cached", 0), stats.get("extracted", 0)
        sources = Sources(found.files)
        result.findings = rules.finish(facts, sources)
    finally:
        rules.index.close()  # the workers' cross-file index (a temporary folder)
    result.files_with_torch = len(rules.with_uses) + rules.dropped_with_uses
    from ms_scan.rules.checklist import build_checklist
    result.checklist = build_checklist({**rules.recipes, **{f.path: f.recipe for f in facts if f.recipe}})
    post_process(result, sources)
    return result


if __name__ == "__main__":  # pragma: no cover
    print("use the ms-scan command", file=sys.stderr)
