"""Pick the shim that closes a finding's gap, from the catalogue and the call's literal arguments.

Data only (no mindspore): conditions in the catalogue are matched with a few literal checks; a shim
whose condition needs facts a static scan cannot know (a static input size) is offered last.
"""
from __future__ import annotations

from ms_scan.shims.catalog import shims_for

_ONES = {"1", "(1,)", "(1, 1)", "[1, 1]", "(1, 1, 1)", "[1, 1, 1]"}


def _arg(args: tuple[str, ...], position: int, keyword: str) -> str | None:
    for a in args:
        if a.startswith(keyword + "="):
            return a.split("=", 1)[1]
    positional = [a for a in args if "=" not in a or a.startswith(("(", "[", "'", '"'))]
    return positional[position] if position < len(positional) else None


def _fit(entry: dict, args: tuple[str, ...]) -> int | None:
    """0 = condition shown by the call's literals, 1 = no condition, 2 = cannot be checked statically,
    None = the call's literals contradict it."""
    cond = (entry.get("condition") or "").strip()
    if "return_indices=False" in cond and "return_indices=True" in args:
        return None
    if cond.startswith("output_size == 1"):
        size = _arg(args, 0, "output_size")
        if size is None or size == "?":
            return 2
        return 0 if size in _ONES else None
    if not cond or cond.lower() in ("always", "any"):
        return 1
    if "static" in cond:
        return 2
    return 1


def pick(api: str, args: tuple[str, ...], release: str) -> dict | None:
    best = None
    for order, entry in enumerate(shims_for(api)):
        releases = entry.get("ms_releases", "all")
        if releases != "all" and release not in releases:
            continue
        fit = _fit(entry, args)
        if fit is None:
            continue
        if best is None or (fit, order) < best[0]:
            best = ((fit, order), entry)
    if best is None:
        return None
    entry = best[1]
    return {"name": entry["name"], "import_path": entry["import_path"], "exact": entry.get("exact"),
            "condition": entry.get("condition") or None}
