"""Resolve dotted MindSpore names in the installed package and read their Supported Platforms (used for 2.10)."""
from __future__ import annotations

import importlib
import inspect
import os
import re

from .platforms import platforms_in_doc, referred_api

_MISSING = object()


def resolve(target: str):
    """The object named by a dotted path such as `mindspore.mint.nn.functional.relu`, or None."""
    parts = target.split(".")
    if not parts or parts[0] != "mindspore":
        return None
    obj = importlib.import_module("mindspore")
    for i, part in enumerate(parts[1:], 1):
        nxt = getattr(obj, part, _MISSING)
        if nxt is _MISSING:
            try:
                nxt = importlib.import_module(".".join(parts[: i + 1]))
            except Exception:
                return None
        obj = nxt
    return obj


def exists(target: str) -> bool:
    return bool(target) and resolve(target) is not None


def backends(target: str, _depth: int = 0) -> tuple[str, ...] | None:
    """Platforms from the target's docstring, following one "please refer to" delegation."""
    obj = resolve(target)
    if obj is None:
        return None
    doc = getattr(obj, "__doc__", None)
    if not isinstance(doc, str):
        try:
            doc = inspect.getdoc(obj)
        except Exception:
            doc = None
    plats = platforms_in_doc(doc or "")
    ref = referred_api(doc or "")
    if plats is None and ref and ref != target and _depth < 2:
        return backends(ref, _depth + 1)
    return plats


def version() -> str:
    return importlib.import_module("mindspore").__version__


def commit() -> str:
    """The short source commit the installed wheel was built from (its `.commit_id` file), or ""."""
    path = os.path.join(os.path.dirname(importlib.import_module("mindspore").__file__), ".commit_id")
    try:
        with open(path, encoding="utf-8") as f:
            m = re.search(r"\[sha1\]:([0-9a-f]{7,40})", f.read())
    except OSError:
        return ""
    return m.group(1) if m else ""
