"""`--format github`: GitHub Actions workflow commands, one annotation per finding that counts.

`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=MS101 api-missing::message`. Escaping
follows the Actions runner: in the message `%`, CR and LF become %25, %0D, %0A; in properties also
`:` and `,` become %3A and %2C. Notes only with `verbose`; suppressed and baselined findings never.
Paths are relative to the scan root: scan from the repository root for annotations to land.
"""
from __future__ import annotations

LEVELS = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(f) -> str:
    props = [("file", f.path), ("line", str(f.line)), ("col", str(f.column)),
             ("endLine", str(max(f.end_line, f.line))), ("endColumn", str(f.end_column)),
             ("title", f"{f.code} {f.name}")]
    head = ",".join(f"{k}={escape_property(v)}" for k, v in props)
    return f"::{LEVELS[f.severity]} {head}::{escape_data(f.message)}"


def render(result, summary: dict, out, options: dict) -> None:
    for f in result.findings:
        if f.counts and (options.get("verbose") or f.severity != "note"):
            out.write(annotation(f) + "\n")
    if result.checklist:  # the recipe checklist as a collapsible group in the job log
        out.write(f"::group::ms-scan training-recipe checklist ({len(result.checklist)} items)\n")
        for r in result.checklist:
            line = f"{r['item']}: {r['value']} ({r['path']}:{r['line']}) -> {r.get('mindspore') or '-'}"
            out.write(escape_data(line).replace("::", ": :") + "\n")
        out.write("::endgroup::\n")
