"""Parse the parameter table of a per-API `pytorch_diff/<Name>.md` page into (torch_param, kind) pairs.

Only parameter names and a normalised kind are kept; the Difference prose is read to classify, never copied.
"""
from __future__ import annotations

import re

from .docs_table import SEP_RE, split_row

IDENT_RE = re.compile(r"[A-Za-z_]\w*")
_CONSISTENT = re.compile(r"^(?:-|—|consistent|function is consistent|functions are consistent|the same|same|一致|功能一致|"
                         r"consistent functions?|consistent function)\.?$", re.I)


def _param_name(cell: str) -> str:
    s = cell.replace("`", "").replace("\\_", "_").strip()
    if s in ("", "-", "—", "/"):
        return ""
    m = IDENT_RE.search(s.lstrip("*"))
    return m.group(0) if m else ""


def _kind(diff: str) -> str:
    low = " ".join(diff.replace("`", "").lower().split())
    if _CONSISTENT.match(low):
        return ""
    if "default" in low or "默认值" in low:
        return "default"
    if "data type" in low or "dtype" in low or "数据类型" in low:
        return "dtype"
    return "behaviour"


def parse_param_table(md: str) -> tuple[list[tuple[str, str]], set[str]]:
    """Return ([(torch_param, kind)], categories_seen_with_a_difference).

    kind: `missing` (MindSpore lacks it), `renamed:<ms>`, `default`, `dtype`, `behaviour`.
    Categories are the first column, carried down blank cells (Parameters / Input / Function ...).
    """
    out: list[tuple[str, str]] = []
    cats: set[str] = set()
    in_table = False
    category = ""
    for line in md.splitlines():
        s = line.strip()
        if not s.startswith("|"):
            in_table = False
            continue
        cells = split_row(s)
        if SEP_RE.match(s):
            continue
        if cells and cells[0].strip().lower() in ("categories", "classification", "category", "分类"):
            in_table, category = True, ""
            continue
        if not in_table or len(cells) < 5:
            continue
        if cells[0].strip():
            category = cells[0].strip().lower()
        tp, mp, diff = _param_name(cells[2]), _param_name(cells[3]), cells[4]
        is_param = category.startswith("param")
        if not is_param:
            if not _CONSISTENT.match(" ".join(diff.lower().split()).strip()) and category:
                cats.add(category.rstrip("s"))
            continue
        if not tp:
            continue   # MindSpore-only parameter
        if not mp:
            kind = "missing"
        elif mp != tp:
            kind = "renamed:" + mp
        else:
            kind = _kind(diff)
            if not kind:
                continue
        cats.add("parameter")
        if all(p != tp for p, _ in out):
            out.append((tp, kind))
    return out, cats


def kind_from_params(params: list[tuple[str, str]], cats: set[str]) -> str:
    """diff_kind for a row whose table cell said only `diff`."""
    kinds = {k.split(":")[0] for _, k in params}
    if cats - {"parameter"}:
        # inputs / outputs / function-level differences
        if not kinds:
            return "function"
    if "missing" in kinds:
        return "param_count"
    if "renamed" in kinds and kinds <= {"renamed"}:
        return "param_name"
    if "default" in kinds and kinds <= {"default", "renamed"}:
        return "default"
    if "dtype" in kinds and kinds <= {"dtype", "renamed"}:
        return "dtype"
    if kinds:
        return "other"
    return "function" if cats else "other"
