"""The pipeline: discover -> extract (process pool) -> cross-file resolution -> rules -> findings.

Per-file work is bounded: a time limit (SIGALRM in the worker), recursion errors caught, and a
worker that dies is replaced with the file reported as MS004; the scan always finishes.
"""
from __future__ import annotations

import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ms_scan.discover import Discovery, SourceFile, discover
from ms_scan.facts import FileFacts, Problem
from ms_scan.findings import Finding, confidence_rank
from ms_scan.settings import Settings



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


def extract_all(files: list[SourceFile], project_modules: frozenset[str], settings: Settings,
                gate: bool = True, progress=None) -> list[FileFacts]:
    """Always in worker processes (even for one file): a parser crash must not take the scan down."""
    from ms_scan import pool

    return pool.run(files, project_modules, settings, gate, progress)


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


def collect(paths: list[str], settings: Settings, progress_factory=None) -> tuple[Discovery, list[FileFacts]]:
    """Discover and extract: the per-file facts every rule works from (no tables involved)."""
    from ms_scan import project

    found: Discovery = discover(paths, settings.exclude, settings.respect_gitignore)
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
    return found, facts


def evaluate(facts: list[FileFacts], table, settings: Settings) -> list[Finding]:
    """Rules over facts for one mapping table: sorted findings above the confidence floor."""
    from ms_scan.rules import api_mapping, dynamic_shape, scanner, second_order

    min_conf = confidence_rank(settings.min_confidence)
    findings: list[Finding] = []
    for f in facts:
        findings.extend(scanner.check(f))
        if f.uses:
            findings.extend(api_mapping.check(f.path, f.uses, f.snippets, table, settings.target))
        if f.shapes:
            findings.extend(dynamic_shape.check(f.path, f.shapes, f.snippets, settings.mode))
        if f.grad_sites:
            findings.extend(second_order.check(f.path, f.grad_sites, f.snippets, table.release,
                                               settings.mode, settings.target))
    findings = [x for x in findings if confidence_rank(x.confidence) >= min_conf]
    findings.sort(key=Finding.sort_key)
    return findings


def scan(paths: list[str], settings: Settings, progress_factory=None) -> ScanResult:
    from ms_scan.tables.mapping import load_table

    table = load_table(settings.ms_version)
    found, facts = collect(paths, settings, progress_factory)
    result = ScanResult(root=found.root, release=table.release, settings=settings,
                        files=len(found.files), notes=list(found.notes), table_digest=table.digest)
    result.files_with_torch = sum(1 for f in facts if f.uses)
    result.findings = evaluate(facts, table, settings)
    return result


if __name__ == "__main__":  # pragma: no cover
    print("use the ms-scan command", file=sys.stderr)
