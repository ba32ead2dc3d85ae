"""`--format csv`: one row per finding (suppressed and baselined too, flagged) and per checklist item.

pandas is imported inside render only. Cells that a spreadsheet would run as a formula (starting
with = + - @, tab or CR) get a leading apostrophe, as OWASP advises for CSV exports.
"""
from __future__ import annotations

COLUMNS = ("path", "line", "column", "end_line", "end_column", "code", "name", "severity",
           "confidence", "family", "status", "torch_api", "ms_api", "kind", "message", "note",
           "docs_url", "shim", "snippet", "suppressed", "baseline", "fingerprint", "context")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _safe(value):
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value


def rows(result) -> list[dict]:
    out = []
    for f in result.findings:
        d = f.to_dict()
        d["shim"] = f.shim.get("import_path") if f.shim else None
        out.append({c: _safe(d.get(c)) for c in COLUMNS})
    # the training-recipe checklist rides along as rows of family "checklist" (no code)
    for r in result.checklist:
        out.append({c: None for c in COLUMNS} | {
            "path": _safe(r["path"]), "line": r["line"], "family": "checklist", "name": _safe(r["item"]),
            "message": _safe(str(r["value"])), "ms_api": _safe(r.get("mindspore"))})
    return out


def render(result, summary: dict, out, options: dict) -> None:
    import pandas as pd

    frame = pd.DataFrame(rows(result), columns=list(COLUMNS))
    frame.to_csv(out, index=False, lineterminator="\n")
