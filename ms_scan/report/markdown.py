"""`--format markdown`: a summary and a findings table to paste into a pull-request comment.

Lists errors and warnings that count (notes with `verbose`); suppressed and baselined findings are
counted in the summary, not listed. Every cell from the scanned repository is escaped: `|`,
backticks and the other Markdown/HTML punctuation become literal text, newlines become spaces.
"""
from __future__ import annotations

import re

from ms_scan import __version__

MAX_ROWS = 200  # a GitHub comment holds 65,536 characters
_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~&])")
_DOTTED = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")


def cell(text) -> str:
    """Plain text for one table cell: Markdown punctuation backslash-escaped (CommonMark allows it)."""
    if text is None:
        return ""
    text = re.sub(r"\s+", " ", str(text)).strip()
    return _SPECIAL.sub(r"\\\1", text)


def code(text) -> str:
    """An identifier-like name as inline code; anything else as escaped text."""
    if text and _DOTTED.match(text):
        return f"`{text}`"
    return cell(text)


def render(result, summary: dict, out, options: dict) -> None:
    s = result.settings
    sev = summary["by_severity"]
    score = summary["score"]
    lines = [
        f"### ms-scan: {cell(result.root.name or str(result.root))} → MindSpore {cell(result.release)}",
        "",
        f"**Migration readiness {score if score is not None else '–'} / 100** · "
        f"{s.target or 'any backend'} · {s.mode} mode · {summary['files']} files, "
        f"{summary['files_with_torch']} use PyTorch · {summary['apis_distinct']} distinct APIs",
        "",
        f"| errors | warnings | notes | suppressed | baselined |",
        "|---:|---:|---:|---:|---:|",
        f"| {sev['error']} | {sev['warning']} | {sev['note']} | {summary['suppressed']} | "
        f"{summary.get('baselined', 0)} |",
        "",
    ]
    shown = [f for f in result.findings if f.counts and (options.get("verbose") or f.severity != "note")]
    if not shown:
        lines.append("No new errors or warnings. :white_check_mark:")
    else:
        lines += ["| | code | location | PyTorch | MindSpore | finding |",
                  "|---|---|---|---|---|---|"]
        icon = {"error": ":x:", "warning": ":warning:", "note": ":information_source:"}
        for f in shown[:MAX_ROWS]:
            lines.append(f"| {icon[f.severity]} | {f.code} | {cell(f.path)}:{f.line} | {code(f.torch_api)} | "
                         f"{code(f.ms_api)} | {cell(f.message)} |")
        if len(shown) > MAX_ROWS:
            lines += ["", f"… and {len(shown) - MAX_ROWS} more: see the full report "
                          "(`ms-scan --format html report`)."]
    if result.checklist:
        lines += ["", "<details><summary>Training-recipe checklist "
                      f"({len(result.checklist)} items)</summary>", "",
                  "| item | as written | where | MindSpore |", "|---|---|---|---|"]
        for r in result.checklist[:MAX_ROWS]:
            lines.append(f"| {cell(r['item'])} | {code(r['value'])} | {cell(r['path'])}:{r['line']} | "
                         f"{cell(r['mindspore'])} |")
        lines += ["", "</details>"]
    lines += ["", f"<sub>ms-scan {__version__}</sub>", ""]
    out.write("\n".join(lines))
