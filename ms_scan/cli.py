"""The `ms-scan` command line: scan paths, print a report, exit 0 (clean) / 1 (findings) / 2 (usage/input error)."""
from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

import click

from ms_scan import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class _DefaultToScan(click.Group):
    """`ms-scan PATH...` means `ms-scan scan PATH...`; named subcommands stay available, also after
    their own options (`ms-scan --format html report` is `ms-scan report --format html`)."""

    def parse_args(self, ctx, args):
        if args and (args[0] in self.commands or args[0] in ("--help", "-h", "--version")):
            return super().parse_args(ctx, args)
        moved = self._options_before_command(args)
        return super().parse_args(ctx, moved if moved is not None else ["scan", *args])

    def _options_before_command(self, args):
        for j, word in enumerate(args):
            if j == 0 or word not in self.commands or word == "scan":
                continue
            opts = {name: p for p in self.commands[word].params if isinstance(p, click.Option)
                    for name in (*p.opts, *p.secondary_opts)}
            i = 0
            while i < j:
                name = args[i].split("=", 1)[0]
                if name not in opts:
                    break
                takes_value = not (opts[name].is_flag or opts[name].count) and "=" not in args[i]
                i += 2 if takes_value else 1
            if i == j:
                return [word, *args[:j], *args[j + 1:]]
        return None


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


def _fail(message: str) -> None:
    click.echo(f"ms-scan: error: {message}", err=True)
    sys.exit(EXIT_ERROR)


def _root_for(paths: list[str]) -> Path:
    """The scan root discover() will use (where the config search starts)."""
    from ms_scan.discover import _scan_root

    resolved = []
    for p in paths:
        if not Path(p).exists():
            _fail(f"{p}: no such file or directory")
        resolved.append(Path(p).resolve())
    return _scan_root(resolved)


def build_settings(root: Path, config_file: str | None, flags: dict):
    """Settings from [tool.ms-scan] (found from root upward) with the flags that were given on top."""
    from ms_scan.config import ConfigError, codes, load_for, per_file_ignores
    from ms_scan.settings import Settings
    from ms_scan.tables.mapping import available_releases

    try:
        config = load_for(root, config_file)
        values = dict(config.values)
        given = {k: v for k, v in flags.items() if v not in (None, ())}
        for key in ("select", "ignore"):
            if key in given:
                given[key] = codes(f"--{key}", list(given[key]), "command line")
        if "per_file_ignores" in given:
            table = {}
            for item in given["per_file_ignores"]:
                glob, sep, names = item.rpartition(":")
                if not sep or not glob:
                    raise ConfigError(f"--per-file-ignores {item!r}: write GLOB:CODES, e.g. 'tests/*:MS1,MS2'")
                table[glob] = names
            given["per_file_ignores"] = per_file_ignores(table, "command line")
        if given.get("ms_version") is not None and given["ms_version"] not in available_releases():
            raise ConfigError(f"no mapping table for MindSpore {given['ms_version']}; available: "
                              + ", ".join(available_releases()))
        values.update(given)
    except ConfigError as exc:
        _fail(str(exc))
    if "exclude" in values:
        values["exclude"] = tuple(values["exclude"])
    values.setdefault("jobs", os.cpu_count() or 1)
    return Settings(**values), config


def _write(fmt: str, result, summary: dict, output: str | None, options: dict) -> None:
    from ms_scan.report import renderer

    render = renderer(fmt)
    if output and output != "-":
        try:
            with open(output, "w", encoding="utf-8", newline="") as fh:
                render(result, summary, fh, options)
        except OSError as exc:
            _fail(f"cannot write {output}: {exc.strerror or exc}")
    else:
        render(result, summary, sys.stdout, options)


def _format_option(default: str | None):
    from ms_scan.report import FORMATS

    return click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default=default,
                        show_default=default is not None,
                        help="Report format: " + ", ".join(FORMATS) + ".")


@main.command("scan")
@click.argument("paths", nargs=-1, type=click.Path())
@_format_option("terminal")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the report to this file instead of stdout.")
@click.option("--config", "config_file", type=click.Path(dir_okay=False),
              help="Read this config file instead of searching for [tool.ms-scan] from the scan root up.")
@click.option("--ms-version", help="MindSpore release to migrate to (default: installed mindspore, else newest table).")
@click.option("--target", type=click.Choice(["ascend", "gpu", "cpu"]), help="Backend to check support for.")
@click.option("--mode", type=click.Choice(["graph", "pynative"]), default=None, help="[default: graph]")
@click.option("--fail-on", type=click.Choice(["error", "warning", "note"]), default=None,
              help="Lowest severity that makes the exit code 1. [default: error]")
@click.option("--min-confidence", type=click.Choice(["low", "medium", "high"]), default=None,
              help="Drop findings below this confidence. [default: low]")
@click.option("--select", multiple=True, metavar="CODES", help="Report only these codes or prefixes (MS2,MS101).")
@click.option("--ignore", multiple=True, metavar="CODES", help="Never report these codes or prefixes.")
@click.option("--per-file-ignores", multiple=True, metavar="GLOB:CODES",
              help="Ignore codes in matching files, e.g. 'tests/**:MS1'.")
@click.option("--baseline", type=click.Path(dir_okay=False),
              help="Findings recorded in this file are reported but do not fail the run.")
@click.option("--write-baseline", type=click.Path(dir_okay=False, writable=True),
              help="Record today's findings in this file (and accept them).")
@click.option("--report-unused-suppressions", is_flag=True,
              help="Report `# ms-scan: ignore` comments that cover nothing (MS901).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--exclude", multiple=True, metavar="GLOB", help="Skip paths matching this gitignore-style glob.")
@click.option("--no-gitignore", is_flag=True, help="Also scan paths .gitignore excludes.")
@click.option("--max-file-size", type=click.IntRange(min=1), default=2_000_000, show_default=True,
              help="Skip files larger than this many bytes.")
@click.option("--cache-dir", type=click.Path(file_okay=False),
              help="Where the per-file facts cache and the last scan (for `ms-scan report`) are kept "
                   "(default: <root>/.ms_scan_cache).")
@click.option("--no-cache", is_flag=True,
              help="Neither read nor write the facts cache, and do not keep this scan for `ms-scan report`.")
@click.option("-v", "--verbose", is_flag=True, help="List notes too, with snippets and advice.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing: the exit code is the verdict.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def scan_cmd(paths, fmt, output, config_file, ms_version, target, mode, fail_on, min_confidence, select,
             ignore, per_file_ignores, baseline, write_baseline, report_unused_suppressions, exit_zero,
             jobs, exclude, no_gitignore, max_file_size, cache_dir, no_cache, verbose, quiet,
             no_progress) -> None:
    """Scan PATHS (files and folders; default: the current folder)."""
    from ms_scan import baseline as baselines
    from ms_scan.discover import DiscoveryError
    from ms_scan.findings import severity_rank
    from ms_scan.report import renderer
    from ms_scan.report.summary import summarize
    from ms_scan.scan import save_last_scan, scan

    paths = list(paths) or ["."]
    root = _root_for(paths)
    settings, _ = build_settings(root, config_file, {
        "ms_version": ms_version, "target": target, "mode": mode, "fail_on": fail_on,
        "min_confidence": min_confidence, "select": select, "ignore": ignore,
        "per_file_ignores": per_file_ignores, "baseline": baseline, "jobs": jobs, "exclude": exclude,
        "cache_dir": cache_dir})
    settings = replace(settings, respect_gitignore=not no_gitignore, max_file_size=max_file_size,
                       report_unused_suppressions=report_unused_suppressions, facts_cache=not no_cache)
    if write_baseline:
        settings = replace(settings, baseline=None)
    elif settings.baseline:
        try:
            baselines.load(settings.baseline)  # a bad baseline is a usage error before any work
        except baselines.BaselineError as exc:
            _fail(str(exc))
    show_progress = not no_progress and not quiet and sys.stderr.isatty()
    try:
        # the report's renderer (rich, for the terminal) is imported while the workers parse
        result = scan(paths, settings, _progress_factory(show_progress),
                      meanwhile=(lambda: renderer(fmt)) if output or not quiet else None)
    except (DiscoveryError, baselines.BaselineError) as exc:
        _fail(str(exc))
    if write_baseline:
        try:
            n = baselines.write(result.findings, write_baseline)
        except OSError as exc:
            _fail(f"cannot write baseline {write_baseline}: {exc.strerror or exc}")
        baselines.apply(result.findings, baselines.load(write_baseline))
        if not quiet:
            click.echo(f"ms-scan: recorded {n} findings in {write_baseline}", err=True)
    elif result.baseline_fixed and not quiet:
        click.echo(f"ms-scan: {result.baseline_fixed} baseline findings no longer occur: "
                   "refresh the baseline with --write-baseline", err=True)
    if not no_cache and not result.from_memo:
        save_last_scan(result)
    summary = summarize(result)
    options = {"verbose": verbose}
    if output or not quiet:
        _write(fmt, result, summary, output, options)
    if result.files == 0 and not quiet:
        click.echo("ms-scan: no Python files found under the given path(s)", err=True)
    failing = severity_rank(settings.fail_on)
    bad = any(f.counts and severity_rank(f.severity) >= failing for f in result.findings)
    sys.exit(EXIT_FINDINGS if bad and not exit_zero else EXIT_CLEAN)


@main.command("report")
@click.argument("project", required=False, default=".", type=click.Path(file_okay=False))
@_format_option("html")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write here (default: report.html, or report/report.html when report/ exists).")
@click.option("--rescan", is_flag=True, help="Scan the project again instead of using the last scan.")
@click.option("--config", "config_file", type=click.Path(dir_okay=False), help="Config file to use.")
@click.option("-v", "--verbose", is_flag=True, help="Include notes (terminal, markdown, github).")
def report_cmd(project, fmt, output, rescan, config_file, verbose) -> None:
    """Render the last scan of PROJECT (default: the current folder), scanning it first if needed."""
    from ms_scan import baseline as baselines
    from ms_scan.discover import DiscoveryError
    from ms_scan.report import DEFAULT_FILES
    from ms_scan.report.summary import summarize
    from ms_scan.scan import load_last_scan, save_last_scan, scan

    root = _root_for([project])
    settings, _ = build_settings(root, config_file, {})
    settings = replace(settings, facts_cache=True)
    result = None if rescan else load_last_scan(root, settings)
    if result is None:
        if not rescan:
            click.echo(f"ms-scan: no previous scan of {root}: scanning it now", err=True)
        try:
            result = scan([project], settings)
        except (DiscoveryError, baselines.BaselineError) as exc:
            _fail(str(exc))
        save_last_scan(result)
    if output is None and DEFAULT_FILES[fmt]:
        base = Path(project)
        folder = base / "report"
        output = str((folder if folder.is_dir() else base) / DEFAULT_FILES[fmt])
    _write(fmt, result, summarize(result), output, {"verbose": verbose})
    if output and output != "-":
        click.echo(f"ms-scan: {fmt} report of {result.root} ({len(result.findings)} findings) "
                   f"written to {output}", err=True)


def _register_subcommands() -> None:
    from ms_scan import commands

    commands.register(main)


_register_subcommands()
