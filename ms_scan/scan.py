"""The pipeline: discover -> extract (process pool) -> cross-file resolution -> rules -> findings.

Per-file work is bounded: a time limit (SIGALRM in the worker), recursion errors caught, and a
worker that dies is replaced with the file reported as MS004; the scan always finishes.
"""
from __future__ import annotations

import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from ms_scan.discover import Discovery, SourceFile, discover
from ms_scan.facts import FileFacts, Problem
from ms_scan.findings import Finding, confidence_rank
from ms_scan.settings import Settings

CHUNK = 8
IN_PROCESS_MAX_FILES = 12  # below this a pool costs more than it saves (pre-commit runs)


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


class _Timeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise _Timeout()


_PROJECT_MODULES: frozenset[str] = frozenset()
_SETTINGS: Settings | None = None


def _init_worker(project_modules: frozenset[str], settings: Settings) -> None:
    global _PROJECT_MODULES, _SETTINGS
    _PROJECT_MODULES, _SETTINGS = project_modules, settings
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C


def extract_file(src: SourceFile, project_modules: frozenset[str], settings: Settings,
                 gate: bool = True) -> FileFacts:
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
        return extract_source(data, src.relpath, src.module, src.is_package, project_modules, gate)
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


def _extract_chunk(chunk: list[SourceFile], gate: bool = True) -> list[FileFacts]:
    return [extract_file(src, _PROJECT_MODULES, _SETTINGS, gate) for src in chunk]


def _crashed(src: SourceFile) -> FileFacts:
    return FileFacts(src.relpath, src.module, problem=Problem(
        "MS004", "the analysis process crashed on this file (it was replaced; the scan went on)"))


def _run_pool(files: list[SourceFile], project_modules: frozenset[str], settings: Settings,
              gate: bool, progress=None) -> list[FileFacts]:
    chunks = [files[i:i + CHUNK] for i in range(0, len(files), CHUNK)]
    results: dict[int, list[FileFacts]] = {}
    pending = list(range(len(chunks)))
    while pending:
        retry_single: list[int] = []
        with ProcessPoolExecutor(max_workers=settings.jobs, initializer=_init_worker,
                                 initargs=(project_modules, settings)) as pool:
            futures = {i: pool.submit(_extract_chunk, chunks[i], gate) for i in pending}
            for i, fut in futures.items():
                try:
                    results[i] = fut.result()
                    if progress:
                        progress(len(chunks[i]))
                except BrokenProcessPool:
                    retry_single.append(i)
        pending = []
        if retry_single:
            # isolate the culprit: re-run every file of the broken chunks on its own
            new_chunks = []
            for i in retry_single:
                if len(chunks[i]) == 1:
                    results[i] = [_crashed(chunks[i][0])]
                    if progress:
                        progress(1)
                    continue
                for src in chunks[i]:
                    new_chunks.append([src])
            base = len(chunks)
            chunks.extend(new_chunks)
            pending = list(range(base, len(chunks)))
    ordered = []
    for i in sorted(results):
        ordered.extend(results[i])
    return ordered


def extract_all(files: list[SourceFile], project_modules: frozenset[str], settings: Settings,
                gate: bool = True, progress=None) -> list[FileFacts]:
    if settings.jobs <= 1 or len(files) <= IN_PROCESS_MAX_FILES:
        out = []
        for src in files:
            out.append(extract_file(src, project_modules, settings, gate))
            if progress:
                progress(1)
        return out
    return _run_pool(files, project_modules, settings, gate, progress)


def _needs_second_look(facts: list[FileFacts], by_rel: dict[str, SourceFile],
                       settings: Settings) -> list[SourceFile]:
    """Files without the word torch that import a project module exporting torch names."""
    exporting = {f.module.rpartition(".")[2].encode() for f in facts if f.exports and f.module}
    exporting |= {f.module.encode() for f in facts if f.exports and f.module}
    if not exporting:
        return []
    out = []
    for f in facts:
        if f.mentions_torch:
            continue
        src = by_rel[f.path]
        try:
            with open(src.abspath, "rb") as fh:
                data = fh.read(settings.max_file_size)
        except OSError:
            continue
        if b"import" in data and any(name in data for name in exporting):
            out.append(src)
    return out


def scan(paths: list[str], settings: Settings, progress_factory=None) -> ScanResult:
    from ms_scan import project
    from ms_scan.rules import api_mapping, scanner
    from ms_scan.tables.mapping import load_table

    table = load_table(settings.ms_version)
    found: Discovery = discover(paths, settings.exclude, settings.respect_gitignore)
    result = ScanResult(root=found.root, release=table.release, settings=settings,
                        files=len(found.files), notes=list(found.notes), table_digest=table.digest)
    modules = found.project_modules
    progress = progress_factory(len(found.files)) if progress_factory else None
    try:
        facts = extract_all(found.files, modules, settings, progress=progress)
        by_rel = {f.relpath: f for f in found.files}
        again = _needs_second_look(facts, by_rel, settings)
        if again:
            redo = {f.path: f for f in extract_all(again, modules, settings, gate=False)}
            facts = [redo.get(f.path, f) for f in facts]
    finally:
        if progress:
            progress(None)
    project.resolve(facts)
    min_conf = confidence_rank(settings.min_confidence)
    findings: list[Finding] = []
    for f in facts:
        result.files_with_torch += bool(f.uses)
        findings.extend(scanner.check(f))
        if f.uses:
            findings.extend(api_mapping.check(f.path, f.uses, f.snippets, table, settings.target))
    findings = [x for x in findings if confidence_rank(x.confidence) >= min_conf]
    findings.sort(key=Finding.sort_key)
    result.findings = findings
    return result


if __name__ == "__main__":  # pragma: no cover
    print("use the ms-scan command", file=sys.stderr)
