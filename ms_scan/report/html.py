"""`--format html`: one self-contained page (inline CSS/JS, no network) a migration lead reads first.

Header, charts (inline SVG/CSS bars), and a findings table that sorts and filters in the browser.
jinja2 (autoescape on) renders everything from the scanned repository as text; the findings go into
the page as JSON inside <script type="application/json"> with <, > and & escaped, read back with
JSON.parse and written into the table with textContent only. jinja2 is imported here and nowhere else.
"""
from __future__ import annotations

import json
from collections import Counter

from ms_scan import __version__
from ms_scan.findings import FAMILIES

STATUS_COLOURS = {"consistent": "#2e7d32", "not-applicable": "#00838f", "differs": "#f9a825",
                  "unknown": "#8e24aa", "missing": "#c62828"}
SEVERITY_COLOURS = {"error": "#c62828", "warning": "#f9a825", "note": "#90a4ae"}
TOP_FILES = 10


def _json_for_script(data) -> str:
    """JSON safe inside a <script> element: no `<`, `>`, `&` (so no `</script>`), no line separators."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    for raw, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                     ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, esc)
    return text


def _finding_row(f) -> dict:
    shim = None
    if f.shim:
        shim = {"name": f.shim.get("name"), "import_path": f.shim.get("import_path"),
                "exact": f.shim.get("exact")}
    return {"code": f.code, "name": f.name, "severity": f.severity, "confidence": f.confidence,
            "family": f.family, "status": f.status or "", "path": f.path, "line": f.line,
            "column": f.column, "torch_api": f.torch_api or "", "ms_api": f.ms_api or "",
            "note": f.note or "", "docs_url": f.docs_url or "", "shim": shim, "snippet": f.snippet,
            "message": f.message, "suppressed": f.suppressed, "baseline": f.baseline}


def context(result, summary: dict) -> dict:
    s = result.settings
    active = [f for f in result.findings if not f.suppressed]
    gaps = [f for f in active if f.severity != "note"]
    status_total = sum(summary["status"].values()) or 1
    status_bars = [{"status": k, "count": v, "pct": round(100 * v / status_total, 2),
                    "colour": STATUS_COLOURS[k]} for k, v in summary["status"].items()]
    families = []
    for fam in FAMILIES.values():
        counts = Counter(f.severity for f in active if f.family == fam)
        if sum(counts.values()):
            families.append({"family": fam, "total": sum(counts.values()),
                             "parts": [{"severity": sev, "count": counts.get(sev, 0),
                                        "colour": SEVERITY_COLOURS[sev]}
                                       for sev in ("error", "warning", "note") if counts.get(sev)]})
    fam_max = max((x["total"] for x in families), default=1)
    for x in families:
        for p in x["parts"]:
            p["pct"] = round(100 * p["count"] / fam_max, 2)
    per_file = Counter(f.path for f in gaps)
    errors = Counter(f.path for f in gaps if f.severity == "error")
    top = sorted(per_file.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_FILES]
    top_max = top[0][1] if top else 1
    top_files = [{"path": p, "count": n, "errors": errors.get(p, 0),
                  "pct": round(100 * n / top_max, 2), "err_pct": round(100 * errors.get(p, 0) / top_max, 2)}
                 for p, n in top]
    score = summary["score"]
    return {
        "version": __version__,
        "project": result.root.name or str(result.root),
        "release": result.release, "backend": s.target or "any backend", "mode": s.mode,
        "summary": summary, "score": score,
        "score_colour": "#9e9e9e" if score is None else "#2e7d32" if score >= 85 else
        "#f9a825" if score >= 60 else "#c62828",
        "score_dash": 0 if score is None else round(score * 2.8274, 2),  # circumference 2*pi*45
        "status_bars": status_bars, "families": families, "top_files": top_files,
        "notes": result.notes,
        "checklist": result.checklist,
        "data_json": _json_for_script({"findings": [_finding_row(f) for f in result.findings]}),
    }


def render_page(result, summary: dict) -> str:
    import jinja2
    from markupsafe import Markup

    env = jinja2.Environment(loader=jinja2.PackageLoader("ms_scan.report", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    ctx = context(result, summary)
    ctx["data_json"] = Markup(ctx["data_json"])  # already safe: see _json_for_script
    return env.get_template("report.html.j2").render(**ctx)


def render(result, summary: dict, out, options: dict) -> None:
    out.write(render_page(result, summary))
