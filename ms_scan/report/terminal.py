"""`--format terminal` (default): a summary a migration lead reads at a glance, then findings by file.

Compact by default (errors and warnings, one line each, grouped by file); `verbose` adds notes,
snippets and the advice (MindSpore target, what differs, shim, docs). Suppressed and baselined
findings are counted in the summary, not listed.
Colour follows rich: off when stdout is not a terminal or NO_COLOR is set.
"""
from __future__ import annotations

from itertools import groupby

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ms_scan import __version__

SEV_STYLE = {"error": "bold red", "warning": "yellow", "note": "dim"}
STATUS_STYLE = {"consistent": "green", "differs": "yellow", "missing": "red",
                "not-applicable": "cyan", "unknown": "magenta"}


def _score_style(score) -> str:
    if score is None:
        return "dim"
    return "green" if score >= 85 else "yellow" if score >= 60 else "red"


def render(result, summary: dict, out, options: dict) -> None:
    console = Console(file=out, highlight=False, soft_wrap=True)
    verbose = options.get("verbose", False)
    s = result.settings
    backend = s.target or "any backend"
    console.print(f"[bold]ms-scan {__version__}[/] · MindSpore [bold]{result.release}[/] · "
                  f"{escape(backend)} · {s.mode} mode")
    console.print(f"{escape(str(result.root))}: {summary['files']} Python files, "
                  f"{summary['files_with_torch']} use PyTorch")
    if summary["apis_distinct"]:
        status = summary["status"]
        parts = [f"[{STATUS_STYLE[k]}]{k} {v}[/]" for k, v in status.items() if v]
        console.print(f"APIs used: [bold]{summary['apis_distinct']}[/] distinct, "
                      f"{summary['apis_total']} uses · " + " · ".join(parts))
        score = summary["score"]
        console.print(f"Migration readiness: [{_score_style(score)}]{score} / 100[/]")
    sev = summary["by_severity"]
    console.print(f"Findings: [bold red]{sev['error']} errors[/] · [yellow]{sev['warning']} "
                  f"warnings[/] · {sev['note']} notes"
                  + (f" · {summary['suppressed']} suppressed" if summary["suppressed"] else "")
                  + (f" · {summary['baselined']} in the baseline" if summary.get("baselined") else ""))
    if result.checklist:
        console.print(f"Training-recipe checklist: {len(result.checklist)} items filled from the code"
                      + ("" if verbose else " (--verbose lists them; every format carries them)"))
        if verbose:
            table = Table.grid(padding=(0, 1))
            for r in result.checklist:
                table.add_row(f"[bold]{escape(r['item'])}[/]", escape(str(r["value"])),
                              f"[dim]{escape(r['path'])}:{r['line']}[/]", escape(str(r["mindspore"] or "")))
            console.print(table)
    for rel, why in result.notes:
        console.print(f"[dim]skipped {escape(rel)}: {escape(why)}[/]")
    shown = [f for f in result.findings if f.counts and (verbose or f.severity != "note")]
    if not shown:
        if summary["files"] == 0:
            console.print("[yellow]No Python files found under the given path(s).[/]")
        return
    console.print()
    for path, group in groupby(shown, key=lambda f: f.path):
        console.print(f"[bold underline]{escape(path)}[/]")
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", style="dim", no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column()
        for f in group:
            table.add_row(f"{f.line}:{f.column}", f"[{SEV_STYLE[f.severity]}]{f.code}[/]",
                          escape(f.message) + (f" [dim]({f.confidence} confidence)[/]"
                                               if f.confidence != "high" else ""))
            if verbose and f.snippet:
                table.add_row("", "", f"[dim]{escape(f.snippet)}[/]")
            if verbose and f.ms_api:
                table.add_row("", "", f"[dim]MindSpore: {escape(f.ms_api)}"
                              + (f" · {escape(f.note)}" if f.note else "") + "[/]")
            if verbose and f.shim:
                table.add_row("", "", f"[dim]shim: {escape(str(f.shim.get('import_path')))}[/]")
            if verbose and f.docs_url:
                table.add_row("", "", f"[dim]{escape(f.docs_url)}[/]")
        console.print(table)
    hidden = sum(1 for f in result.findings if f.severity == "note" and f.counts)
    if not verbose and hidden:
        console.print(f"[dim]{hidden} notes (consistent APIs) not listed: --verbose shows them[/]")
