"""Shared helpers: run the real scanner (discover -> extract -> rules) on fixture files."""
from __future__ import annotations

from pathlib import Path

import pytest

from ms_scan.scan import scan
from ms_scan.settings import Settings

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def run_scan():
    def _run(*paths, **kw):
        kw.setdefault("jobs", 1)
        return scan([str(p) for p in paths], Settings(**kw))
    return _run


@pytest.fixture
def write_tree(tmp_path):
    """Write {relpath: text-or-bytes} under tmp_path and return it."""
    def _write(files: dict) -> Path:
        for rel, content in files.items():
            target = tmp_path / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content)
        return tmp_path
    return _write

