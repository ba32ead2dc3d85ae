"""`--format csv`: one row per finding (suppressed and baselined ones too, flagged), for spreadsheets.

pandas is imported inside render only. Cells that a spreadsheet would run as a formula (starting
with = + - @, tab or CR) get a leading apostrophe, as OWASP advises for CSV exports.
"""
from __future__ import annotations

COLUMNS = ("path", "line", "column", "end_line", "end_column", "code", "name", "severity",
           "confidence", "family", "status", "torch_api", "ms_api", "kind", "message", "note",
           "docs_url", "shim", "snippet", "suppressed", "baseline", "fingerprint")
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
    return out


def render(result, summary: dict, out, options: dict) -> None:
    import pandas as pd

    frame = pd.DataFrame(rows(result), columns=list(COLUMNS))
    frame.to_csv(out, index=False, lineterminator="\n")
