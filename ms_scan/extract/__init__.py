"""Bytes of one file -> FileFacts: decode, cheap torch gate, libcst parse, one visitor pass, positions."""
from __future__ import annotations

import ast
import io
import re
import tokenize

import libcst as cst

from ms_scan.extract.catalog import load_catalog
from ms_scan.extract.positions import locate
from ms_scan.extract.scope import PROJECT, TENSOR, TORCH
from ms_scan.extract.grads import GradExtractor
from ms_scan.extract.recipe import RecipeExtractor
from ms_scan.extract.shapes import ShapeExtractor
from ms_scan.extract.walk import parse_module
from ms_scan.facts import ClassDecl, FileFacts, Problem, add_snippets

_PY2_HINTS = re.compile(rb"^\s*(print\s+[\"'\w]|exec\s+[\"']|except\s+\w+\s*,\s*\w+\s*:)", re.M)
TENSOR_EXPORT = "<tensor>"


def decode(data: bytes) -> tuple[str | None, Problem | None]:
    if b"\x00" in data[:8192]:
        return None, Problem("MS003", "binary file (NUL bytes), not Python source: skipped")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        return None, Problem("MS002", f"cannot determine the encoding: {exc}")
    try:
        return data.decode(encoding), None
    except (UnicodeDecodeError, LookupError) as exc:
        reason = getattr(exc, "reason", str(exc))
        line = data[: getattr(exc, "start", 0)].count(b"\n") + 1
        return None, Problem("MS002", f"not valid {encoding} text ({reason}): skipped", line)


def _syntax_problem(exc: cst.ParserSyntaxError, text: str, data: bytes) -> Problem:
    """Prefer CPython's own message and position (libcst's are terse); fall back to libcst's."""
    line, column = exc.raw_line or 1, (exc.raw_column or 0) + 1
    message = str(exc).splitlines()[0] if str(exc) else "syntax error"
    try:
        ast.parse(text)
    except SyntaxError as err:
        message = f"{err.msg} (line {err.lineno})"
        line, column = err.lineno or line, err.offset or column
    except (RecursionError, MemoryError, ValueError):
        pass
    if _PY2_HINTS.search(data):
        message += "; this looks like Python 2 code, which ms-scan cannot parse"
    return Problem("MS001", f"syntax error: {message}", line, column)


# A file differentiates twice only if it says one of these; others skip the grad analysis.
_SECOND_ORDER_HINTS = re.compile(rb"create_graph|hessian|\bhvp\b|\bvhp\b|jacrev|jacfwd|higher|learn2learn"
                                 rb"|functional_call|torch\.func")


# A module-level class with no base but `object` (`@dataclass class TrainConfig:`), in a file not read further: a
# plain class of the cross-file index (building it runs no torch op), not parsed for speed.
_PLAIN_CLASS = re.compile(rb"^class[ \t]+([A-Za-z_]\w*)[ \t]*(?:\([ \t]*(?:object)?[ \t]*\))?[ \t]*:", re.M)


class FileExtractor(ShapeExtractor, GradExtractor, RecipeExtractor):
    """API uses + dynamic-shape facts + second-order sites + training recipe, in one libcst pass."""


class _FirstOrderExtractor(ShapeExtractor, RecipeExtractor):
    """The same without the second-order analysis, for files that never differentiate twice."""


def _extractor_class(data: bytes):
    return FileExtractor if _SECOND_ORDER_HINTS.search(data) else _FirstOrderExtractor


def extract_source(data: bytes, path: str, module: str = "", is_package: bool = False,
                   project_modules: frozenset[str] = frozenset(), gate: bool = True,
                   root: str | None = None) -> FileFacts:
    """`root`: the scan root `path` is under, for the config files the code reads (config_text.file_display); None:
    no file but this one is read."""
    facts = FileFacts(path=path, module=module)
    if gate and b"torch" not in data:
        facts.mentions_torch = False
        facts.classes = {m.group(1).decode(): ClassDecl() for m in _PLAIN_CLASS.finditer(data)}
        return facts
    text, problem = decode(data)
    if problem is not None:
        facts.problem = problem
        return facts
    try:
        tree = parse_module(text)  # the parser's output, not re-validated node by node
    except cst.ParserSyntaxError as exc:
        facts.problem = _syntax_problem(exc, text, data)
        return facts
    visitor = _extractor_class(data)(load_catalog(), module, is_package, project_modules)
    if root is not None and isinstance(visitor, GradExtractor):
        from ms_scan.config_files import ConfigReader

        visitor.config_reader = ConfigReader(root, path)
    visitor.walk(tree)
    reader = getattr(visitor, "config_reader", None)
    if reader is not None:
        facts.config_deps = reader.deps
    nodes = [n for n, _ in visitor.found] + [n for n, _ in visitor.deferred] + \
        [kw for _, kw in visitor.keyword_nodes] + visitor.recipe_nodes()
    where = locate(tree, nodes, visitor.anchors, text)
    lines = text.splitlines()
    extra = visitor.shape_nodes() + (visitor.grad_nodes() if isinstance(visitor, GradExtractor) else [])
    if extra:  # arbitrary expressions (slice bounds, `if` tests): placed from the text, checked
        where.update(locate(tree, extra, text=text, walker=visitor))
    facts.shapes = visitor.shape_facts(where)
    if isinstance(visitor, GradExtractor):
        facts.grad_sites = visitor.grad_sites(where)
    facts.recipe = visitor.recipe_facts(where, lines)
    facts.contexts = visitor.context_spans()
    keyword_at: dict[int, list] = {}
    for index, kw in visitor.keyword_nodes:
        line, column, _, _ = where[id(kw)]
        keyword_at.setdefault(index, []).append((kw.value, line, column))
    for index, (node, use) in enumerate(visitor.found):
        use.line, use.column, use.end_line, use.end_column = where[id(node)]
        use.keyword_at = tuple(keyword_at.get(index, ()))
        facts.uses.append(use)
    for node, ref in visitor.deferred:
        ref.use.line, ref.use.column, ref.use.end_line, ref.use.end_column = where[id(node)]
        facts.deferred.append(ref)
    grad_lines = {s.line for s in facts.grad_sites}
    grad_lines |= {op.line for s in facts.grad_sites for op in s.ops if not op.path}  # (not a config file's)
    grad_lines |= {f.line for f in facts.shapes} | {f.line for f in facts.recipe}
    add_snippets(facts.snippets, lines, {u.line for u in facts.uses} | {r.use.line for r in facts.deferred} | grad_lines)
    for name, b in visitor.scopes.module.names.items():
        if b.kind == TORCH:
            facts.exports[name] = b.value
        elif b.kind == TENSOR and b.confidence == "high":
            facts.exports[name] = TENSOR_EXPORT  # a module-level tensor other modules import
        elif b.kind == PROJECT:
            facts.reexports[name] = tuple(b.value)
    facts.classes = visitor.class_decls  # the cross-file class index (project.resolve)
    facts.uses.sort(key=lambda u: (u.line, u.column, u.api))
    return facts
