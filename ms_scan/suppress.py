"""`# ms-scan: ignore[...]` and `# ms-scan: file-ignore[...]` comments: mark the findings they cover.

Runs in the parent after the rules, and re-reads only files whose bytes contain "ms-scan:".
Comments are found with tokenize (a `#` inside a string is not a comment); statements come from
ast, so a comment on any line of a multi-line statement covers all of it. A compound statement
(`if`, `def`, `with` ...) counts as its header only, never its body. Nothing is removed: covered
findings get `suppressed = True`.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass, field

from ms_scan.findings import Finding

MARKER = b"ms-scan:"
DIRECTIVE = re.compile(r"#\s*ms-scan:\s*(?P<kind>file-ignore|ignore)\b(?:\[(?P<codes>[^\]]*)\])?")

_COMPOUND = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try,
             ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Match) + \
    ((ast.TryStar,) if hasattr(ast, "TryStar") else ())


@dataclass
class Directive:
    kind: str  # ignore | file-ignore
    codes: tuple[str, ...]  # code prefixes; () = every code
    line: int
    column: int  # 1-based
    lines: tuple[int, int] = (0, 0)  # statement lines it covers (ignore only)
    used: set = field(default_factory=set)  # codes (or "*") that matched a finding

    def covers(self, f: Finding) -> str | None:
        """The code entry that covers f, or None."""
        if self.kind == "ignore" and not (self.lines[0] <= f.line <= self.lines[1]):
            return None
        if not self.codes:
            return "*"
        return next((c for c in self.codes if f.code.startswith(c)), None)


def _comments(text: str) -> list[tuple[int, int, str]]:
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT and "ms-scan:" in tok.string:
                out.append((tok.start[0], tok.start[1] + 1, tok.string))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass  # a broken file: keep the comments read before the error
    return out


def _header_end(node: ast.stmt, colon_lines: dict[int, list[int]]) -> int:
    """Last line of a compound statement's header: the first depth-0 `:` from its start."""
    body = getattr(node, "body", None) or getattr(node, "cases", None) or []
    limit = body[0].lineno if body else node.end_lineno
    for line in range(node.lineno, (limit or node.lineno) + 1):
        if line in colon_lines:
            return line
    return node.lineno


def _colon_lines(text: str) -> dict[int, list[int]]:
    """Lines holding a `:` at bracket depth 0 (ends of compound-statement headers)."""
    out: dict[int, list[int]] = {}
    depth = 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.OP:
                if tok.string in "([{":
                    depth += 1
                elif tok.string in ")]}":
                    depth = max(0, depth - 1)
                elif tok.string == ":" and depth == 0:
                    out.setdefault(tok.start[0], []).append(tok.start[1])
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return out


def statement_ranges(text: str) -> list[tuple[int, int]]:
    """(first, last) line of every statement, compound statements as their header only."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    colons = None
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.stmt, ast.ExceptHandler, ast.match_case)):
            if isinstance(node, _COMPOUND + (ast.ExceptHandler,)):
                if colons is None:
                    colons = _colon_lines(text)
                out.append((node.lineno, _header_end(node, colons)))
                for deco in getattr(node, "decorator_list", ()):
                    out.append((deco.lineno, deco.end_lineno or deco.lineno))
            elif isinstance(node, ast.match_case):
                if colons is None:
                    colons = _colon_lines(text)
                out.append((node.pattern.lineno, _header_end_case(node, colons)))
            else:
                out.append((node.lineno, node.end_lineno or node.lineno))
    return out


def _header_end_case(node, colons) -> int:
    limit = node.body[0].lineno if node.body else node.pattern.end_lineno
    for line in range(node.pattern.lineno, limit + 1):
        if line in colons:
            return line
    return node.pattern.lineno


def parse(text: str) -> list[Directive]:
    """Every ms-scan directive in a file, each with the statement lines it covers."""
    found = []
    for line, col, comment in _comments(text):
        m = DIRECTIVE.search(comment)
        if not m:
            continue
        codes = tuple(c.strip().upper() for c in (m.group("codes") or "").split(",") if c.strip())
        found.append(Directive(m.group("kind"), codes, line, col + m.start()))
    if not found:
        return []
    ranges = statement_ranges(text) if any(d.kind == "ignore" for d in found) else []
    for d in found:
        if d.kind != "ignore":
            continue
        spans = [r for r in ranges if r[0] <= d.line <= r[1]]
        lo = min((r[0] for r in spans), default=d.line)
        hi = max((r[1] for r in spans), default=d.line)
        d.lines = (lo, hi)
    return found


def _read(abspath: str, limit: int) -> bytes | None:
    try:
        with open(abspath, "rb") as fh:
            return fh.read(limit)
    except OSError:
        return None


def apply(findings: list[Finding], sources: dict[str, str], report_unused: bool = False,
          max_bytes: int = 2_000_000) -> list[Finding]:
    """Mark covered findings as suppressed; return MS901 findings for unused directives (if asked).

    sources maps each scanned file's relative path to its absolute path. Only files with findings
    are read, unless report_unused asks for every directive in every file.
    """
    from ms_scan.rules.suppression import UNUSED

    by_path: dict[str, list[Finding]] = {}
    for f in findings:
        by_path.setdefault(f.path, []).append(f)
    paths = sorted(sources) if report_unused else sorted(p for p in by_path if p in sources)
    extra: list[Finding] = []
    for path in paths:
        data = _read(sources[path], max_bytes)
        if not data or MARKER not in data:
            continue
        text = data.decode("utf-8", errors="replace")
        directives = parse(text)
        for f in by_path.get(path, []):
            for d in directives:
                hit = d.covers(f)
                if hit is not None:
                    d.used.add(hit)
                    f.suppressed = True
        if not report_unused:
            continue
        lines = text.splitlines()
        for d in directives:
            entries = d.codes or ("*",)
            unused = [c for c in entries if c not in d.used]
            if not unused:
                continue
            what = "it covers no finding" if len(unused) == len(entries) else \
                f"{', '.join(unused)} matched no finding"
            spelled = f"ms-scan: {d.kind}" + (f"[{','.join(d.codes)}]" if d.codes else "")
            extra.append(Finding(
                code=UNUSED.code, name=UNUSED.name, severity=UNUSED.severity, confidence="high",
                message=f"unused suppression `{spelled}`: {what}; remove it (or the unused codes)",
                path=path, line=d.line, column=d.column, end_line=d.line,
                end_column=d.column + len(spelled) + 2,
                snippet=lines[d.line - 1].strip() if d.line <= len(lines) else ""))
    return extra
