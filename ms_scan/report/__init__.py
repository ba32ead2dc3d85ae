"""Report formats: a registry name -> module with `render(result, summary, out, options)`.

A new format is a new module here plus one line in FORMATS; the scan never changes for it.
"""
from __future__ import annotations

import importlib

FORMATS = {
    "terminal": "ms_scan.report.terminal",
    "json": "ms_scan.report.json",
    "jsonl": "ms_scan.report.jsonl",
    "html": "ms_scan.report.html",
    "sarif": "ms_scan.report.sarif",
    "markdown": "ms_scan.report.markdown",
    "csv": "ms_scan.report.csv",
    "github": "ms_scan.report.github",
}
# the file `ms-scan report` writes when no -o is given (None: stdout)
DEFAULT_FILES = {"terminal": None, "github": None, "json": "report.json", "jsonl": "report.jsonl", "html": "report.html",
                 "sarif": "report.sarif", "markdown": "report.md", "csv": "report.csv"}


def renderer(fmt: str):
    return importlib.import_module(FORMATS[fmt]).render
