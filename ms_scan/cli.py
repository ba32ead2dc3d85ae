"""The `ms-scan` command line: scan paths, print a report, exit 0 (clean) / 1 (findings) / 2 (usage/input error)."""
from __future__ import annotations

import os
import sys

import click

from ms_scan import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class _DefaultToScan(click.Group):
    """`ms-scan PATH...` means `ms-scan scan PATH...`; named subcommands stay available."""

    def parse_args(self, ctx, args):
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h", "--version")):
            args = ["scan", *args]
        return super().parse_args(ctx, args)


@click.group(cls=_DefaultToScan, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ms-scan")
def main() -> None:
    """Scan a PyTorch project and report what breaks when porting it to MindSpore."""


def _progress_factory(enabled: bool):
    if not enabled:
        return None

    def factory(total: int):
        if total < 50:
            return None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        progress = Progress("[progress.description]{task.description}", BarColumn(),
                            MofNCompleteColumn(), TimeElapsedColumn(),
                            console=Console(file=sys.stderr), transient=True)
        progress.start()
        task = progress.add_task("scanning", total=total)

        def advance(n):
            if n is None:
                progress.stop()
            else:
                progress.advance(task, n)
        return advance
    return factory


@main.command("scan")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["terminal", "json"]), default="terminal",
              show_default=True, help="Report format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the report to this file instead of stdout.")
@click.option("--ms-version", help="MindSpore release to migrate to (default: installed mindspore, else newest table).")
@click.option("--target", type=click.Choice(["ascend", "gpu", "cpu"]), help="Backend to check support for.")
@click.option("--mode", type=click.Choice(["graph", "pynative"]), default="graph", show_default=True)
@click.option("--fail-on", type=click.Choice(["error", "warning", "note"]), default="error",
              show_default=True, help="Lowest severity that makes the exit code 1.")
@click.option("--min-confidence", type=click.Choice(["low", "medium", "high"]), default="low",
              show_default=True, help="Drop findings below this confidence.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--exclude", multiple=True, metavar="GLOB", help="Skip paths matching this gitignore-style glob.")
@click.option("--no-gitignore", is_flag=True, help="Also scan paths .gitignore excludes.")
@click.option("--max-file-size", type=click.IntRange(min=1), default=2_000_000, show_default=True,
              help="Skip files larger than this many bytes.")
@click.option("-v", "--verbose", is_flag=True, help="List notes too, with snippets and links.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def scan_cmd(paths, fmt, output, ms_version, target, mode, fail_on, min_confidence, exit_zero, jobs,
             exclude, no_gitignore, max_file_size, verbose, no_progress) -> None:
    """Scan PATHS (files and folders; default: the current folder)."""
    from ms_scan.discover import DiscoveryError
    from ms_scan.findings import severity_rank
    from ms_scan.report import renderer
    from ms_scan.report.summary import summarize
    from ms_scan.scan import scan
    from ms_scan.settings import Settings
    from ms_scan.tables.mapping import available_releases

    if ms_version is not None and ms_version not in available_releases():
        raise click.UsageError(f"no mapping table for MindSpore {ms_version}; available: "
                               + ", ".join(available_releases()))
    settings = Settings(ms_version=ms_version, target=target, mode=mode, fail_on=fail_on,
                        min_confidence=min_confidence, jobs=jobs or os.cpu_count() or 1,
                        exclude=tuple(exclude), respect_gitignore=not no_gitignore,
                        max_file_size=max_file_size)
    show_progress = not no_progress and sys.stderr.isatty()
    try:
        result = scan(list(paths) or ["."], settings, _progress_factory(show_progress))
    except DiscoveryError as exc:
        click.echo(f"ms-scan: error: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    summary = summarize(result)
    render = renderer(fmt)
    options = {"verbose": verbose}
    if output:
        with open(output, "w", encoding="utf-8") as fh:
            render(result, summary, fh, options)
    else:
        render(result, summary, sys.stdout, options)
    if result.files == 0:
        click.echo("ms-scan: no Python files found under the given path(s)", err=True)
    failing = severity_rank(fail_on)
    bad = any(not f.suppressed and severity_rank(f.severity) >= failing for f in result.findings)
    sys.exit(EXIT_FINDINGS if bad and not exit_zero else EXIT_CLEAN)


def _register_subcommands() -> None:
    from ms_scan import commands

    commands.register(main)


_register_subcommands()
