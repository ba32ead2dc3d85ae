"""Loads the shim catalogue (catalog.json) and looks shims up by PyTorch API name.

Uses only json: it never imports mindspore or a shim module.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

__all__ = ["load_catalog", "shims_for", "FAMILIES"]

FAMILIES = ("equivalent", "composition", "static-shape", "second-order")


@lru_cache(maxsize=1)
def _entries() -> tuple[dict, ...]:
    # beside this file, as the mapping tables are (datafiles.py); importlib.resources costs a scan 9 ms of start-up
    text = Path(__file__).with_name("catalog.json").read_text(encoding="utf-8")
    return tuple(json.loads(text))


def load_catalog() -> list[dict]:
    """Every catalogue entry, in file order (fresh copies the caller may mutate)."""
    return [json.loads(json.dumps(e)) for e in _entries()]


@lru_cache(maxsize=1)
def _by_api() -> dict[str, tuple[dict, ...]]:
    index: dict[str, list[dict]] = {}
    for entry in _entries():
        for api in entry["torch_apis"]:
            index.setdefault(api, []).append(entry)
    return {api: tuple(entries) for api, entries in index.items()}


def shims_for(torch_api: str) -> list[dict]:
    """Entries whose `torch_apis` contain `torch_api` (a canonical name such as
    "torch.nn.functional.interpolate"), in file order; an empty list when no shim covers it.
    Called once per finding: an index built once, copies only of the matches."""
    return [json.loads(json.dumps(e)) for e in _by_api().get(torch_api, ())]
