"""Scan settings: one frozen object built from CLI flags over `[tool.ms-scan]` (ms_scan/config.py) and passed down."""
from __future__ import annotations

import os
from dataclasses import dataclass, field

TARGETS = ("ascend", "gpu", "cpu")
MODES = ("graph", "pynative")
CACHE_DIR = ".ms_scan_cache"


@dataclass(frozen=True)
class Settings:
    ms_version: str | None = None  # None: installed mindspore's release, else the newest table
    target: str | None = None  # ascend | gpu | cpu; None: any backend
    mode: str = "graph"
    fail_on: str = "error"  # lowest severity that makes the exit code 1
    min_confidence: str = "low"
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    max_file_size: int = 2_000_000  # bytes; larger files are skipped with MS003
    file_timeout: float = 60.0  # seconds of analysis per file before MS004
    select: tuple[str, ...] = ()  # code prefixes to report (empty: all)
    ignore: tuple[str, ...] = ()  # code prefixes never reported
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (gitignore-style glob, code prefixes)
    baseline: str | None = None  # baseline file: findings recorded there do not fail the run
    report_unused_suppressions: bool = False  # MS901 for `# ms-scan: ignore` comments that cover nothing
    cache_dir: str | None = None  # where the last scan is kept; None: <scan root>/.ms_scan_cache
    facts_cache: bool = False  # reuse per-file facts from <cache dir>/facts (the CLI turns it on)
