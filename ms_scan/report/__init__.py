"""Report formats: a registry name -> module with `render(result, summary, out, options)`.

A new format is a new module here plus one line in FORMATS; the scan never changes for it.
"""
from __future__ import annotations

import importlib

FORMATS = {
    "terminal": "ms_scan.report.terminal",
    "json": "ms_scan.report.json",
}


def renderer(fmt: str):
    return importlib.import_module(FORMATS[fmt]).render
