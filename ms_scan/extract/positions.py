"""Source positions for the nodes the extractor recorded, computed only for files that have uses.

libcst nodes carry no positions and its PositionProvider re-generates the whole file (about 1.5x
the parse). Instead each recorded node has an anchor (anchors.py) that CPython's `ast` resolves
at a fraction of the cost; every result is checked against the source text, and a file where
any anchor is missing or does not check out falls back to PositionProvider, so positions are
always exact.
"""
from __future__ import annotations

import ast
import re

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider
from libcst.metadata.position_provider import PositionProvidingCodegenState

Position = tuple[int, int, int, int]  # line, column, end_line, end_column (1-based columns)


def locate(module: cst.Module, nodes: list[cst.CSTNode], anchors: dict | None = None,
           text: str | None = None, walker=None) -> dict[int, Position]:
    """id(node) -> (line, column, end_line, end_column).

    With `anchors`, nodes are placed through `ast`; with the `walker` that walked the tree (its
    newline count when it entered each node), expression nodes are placed from the source text. Either way every
    result is checked, and any doubt means PositionProvider for the whole file."""
    if not nodes:
        return {}
    if text is not None:
        fast = None
        if anchors is not None:
            fast = _from_ast(text, nodes, anchors)
        elif walker is not None:
            fast = _from_text(module, text, nodes, walker)
        if fast is not None:
            return fast
    return _from_libcst(module, nodes)


_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


class _Ranges(PositionProvider):
    """PositionProvider's own code generation, run over one expression instead of the whole module."""

    def __init__(self) -> None:
        super().__init__()
        self._computed = {}


def _codegen(module: cst.Module, node: cst.CSTNode, indent: str = "") -> tuple[str, dict]:
    """One subtree's code and its nodes' ranges relative to it (line 1, column 0 = where it starts).
    `indent`: the enclosing block's indentation, which the subtree's own continuation lines repeat
    (libcst stores `indent=True` there instead of the spaces)."""
    provider = _Ranges()
    state = PositionProvidingCodegenState(default_indent=module.default_indent,
                                          default_newline=module.default_newline, provider=provider)
    if indent:
        state.indent_tokens.append(indent)
    node._codegen(state)
    return "".join(state.tokens), provider._computed


def _containers(stmt: cst.CSTNode | None) -> list[cst.CSTNode]:
    """Where to look for an expression that is not unique on its line: its small statement, or the
    header expressions of its compound statement (`if` test, `for` target and iterable, `with` items)."""
    if isinstance(stmt, cst.BaseSmallStatement):
        return [stmt]
    out = [getattr(stmt, f, None) for f in ("test", "target", "iter")]
    out += [item.item for item in getattr(stmt, "items", ()) if isinstance(item, cst.WithItem)]
    return [c for c in out if isinstance(c, cst.BaseExpression)]


def _offset(code: str, line: int, column: int) -> int:
    at = 0
    for _ in range(line - 1):
        at = code.index("\n", at) + 1
    return at + column


def _from_text(module: cst.Module, text: str, nodes: list[cst.CSTNode], walker) -> dict[int, Position] | None:
    """Expression nodes, placed from the source text. Each node's code is generated with
    PositionProvider's own state (ranges relative to the node) and looked up on the line the walker
    entered it: found exactly once, that is its column. Found twice (`k` in `x[:k] + k`), the
    innermost small statement is placed that way instead and the node inside it; what the statement's
    code says lies at that range must be what the source says. Anything else gives None."""
    lines = _LINES.findall(text)  # split as the tokenizer does (not str.splitlines: no \f, \x1c...)
    entry_lines, stmt_of, statements = walker.entry_lines, walker.stmt_of, walker.statements

    placed: dict[int, tuple | None] = {}  # a container serves every node inside it

    def place(node: cst.CSTNode) -> tuple[int, int, str, dict] | None:
        """(line, column) where node's code starts, its code, its ranges; None if not unique."""
        if id(node) not in placed:
            placed[id(node)] = _place(node)
        return placed[id(node)]

    def _place(node: cst.CSTNode) -> tuple[int, int, str, dict] | None:
        entry = entry_lines.get(id(node))
        if entry is None or entry >= len(lines):
            return None
        code, ranges = _codegen(module, node)
        first, _, rest = code.partition("\n")
        src = lines[entry]
        col = src.find(first)
        if not first or col < 0 or src.find(first, col + 1) >= 0:
            return None
        if rest:
            following = src[col:] + "".join(lines[entry + 1:entry + rest.count("\n") + 2])
            if not following.startswith(code):
                indent = block_indent(node)  # continuation lines that repeat the block's indentation
                if not indent:
                    return None
                code, ranges = _codegen(module, node, indent)
                if not following.startswith(code):
                    return None
        return entry + 1, col, code, ranges

    def block_indent(node: cst.CSTNode) -> str:
        """Leading whitespace of the line that starts the innermost statement holding `node` (its
        header line for a compound statement): the indentation libcst's `indent=True` repeats."""
        ordinal = stmt_of.get(id(node), -1)
        if not 0 <= ordinal < len(statements):
            return ""
        stmt = statements[ordinal]
        at = entry_lines.get(id(stmt))
        if at is None:
            return ""
        at += len(getattr(stmt, "leading_lines", ()))  # blank and comment lines before a compound header
        line = lines[at] if at < len(lines) else ""
        return line[:len(line) - len(line.lstrip(" \t"))]

    def absolute(line: int, col: int, rng) -> Position:
        return (line + rng.start.line - 1, rng.start.column + (col if rng.start.line == 1 else 0) + 1,
                line + rng.end.line - 1, rng.end.column + (col if rng.end.line == 1 else 0) + 1)

    out: dict[int, Position] = {}
    for node in nodes:
        if id(node) in out:
            continue
        if not isinstance(node, cst.BaseExpression):
            return None
        found = place(node)
        if found is not None:
            line, col, _, ranges = found
            out[id(node)] = absolute(line, col, ranges[node])
            continue
        ordinal = stmt_of.get(id(node), -1)
        stmt = statements[ordinal] if 0 <= ordinal < len(statements) else None
        pos = None
        for container in _containers(stmt):
            found = place(container)
            if found is None:
                continue
            line, col, code, ranges = found
            rng = ranges.get(node)
            if rng is None:
                continue
            pos = absolute(line, col, rng)
            # the container's code at the node's relative range must be the source at its absolute range
            want = code[_offset(code, rng.start.line, rng.start.column):_offset(code, rng.end.line, rng.end.column)]
            got = "".join(lines[pos[0] - 1:pos[2]])
            got = got[pos[1] - 1:len(got) - len(lines[pos[2] - 1]) + pos[3] - 1]
            if got != want:
                return None
            break
        if pos is None:
            return None
        out[id(node)] = pos
    return out


def _from_libcst(module: cst.Module, nodes: list[cst.CSTNode]) -> dict[int, Position]:
    ranges = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    out = {}
    for node in nodes:
        r = ranges.get(node)
        if r is not None:
            out[id(node)] = (r.start.line, r.start.column + 1, r.end.line, r.end.column + 1)
    return out


# --------------------------------------------------------------------------- ast side
def _statements(body: list, out: list) -> None:
    """Statements in pre-order, children in the order libcst visits them."""
    for st in body:
        out.append(st)
        for field in ("body", "handlers", "orelse", "finalbody", "cases"):
            value = getattr(st, field, None)
            if not value or not isinstance(value, list):
                continue
            if field in ("handlers", "cases"):
                for part in value:
                    _statements(part.body, out)
            elif isinstance(value[0], ast.stmt):
                _statements(value, out)


def _own_nodes(stmt: ast.stmt):
    """Expression-level nodes of one statement (not those of statements nested in it)."""
    stack = []
    for field, value in ast.iter_fields(stmt):
        if field in ("body", "orelse", "finalbody") and isinstance(value, list) and value \
                and isinstance(value[0], ast.stmt):
            continue
        if field == "handlers":
            stack.extend(h.type for h in value if h.type is not None)
            continue
        if field == "cases":
            for case in value:
                stack.append(case.pattern)
                if case.guard is not None:
                    stack.append(case.guard)
            continue
        if isinstance(value, list):
            stack.extend(v for v in value if isinstance(v, ast.AST))
        elif isinstance(value, ast.AST):
            stack.append(value)
    while stack:
        node = stack.pop()
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _index(stmt: ast.stmt) -> dict[tuple, list[tuple[int, int, int, int, ast.AST]]]:
    """key -> candidate (sort position..., node) for one statement."""
    found: dict[tuple, list] = {}

    def add(key, order, node):
        found.setdefault(key, []).append((*order, node))

    def add_keywords(keywords):
        for kw in keywords:
            if kw.arg is not None:
                add(("kw", kw.arg), (kw.lineno, kw.col_offset, 0, 0), kw)
            if isinstance(kw.value, ast.Name):
                add(("arg", kw.value.id), (kw.value.lineno, kw.value.col_offset, 0, 0), kw.value)

    for node in _own_nodes(stmt):
        if isinstance(node, ast.Attribute):
            add(("attr", node.attr), (node.end_lineno, node.end_col_offset, 0, 0), node)
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                add(("call", node.func.id), (node.lineno, node.col_offset, 0, 0), node.func)
            elif isinstance(node.func, ast.Subscript) and isinstance(node.func.value, ast.Name):
                add(("subcall", node.func.value.id), (node.lineno, node.col_offset, 0, 0), node.func)
            for a in node.args:
                target = a.value if isinstance(a, ast.Starred) else a
                if isinstance(target, ast.Name):
                    add(("arg", target.id), (target.lineno, target.col_offset, 0, 0), target)
            add_keywords(node.keywords)
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        for dec in stmt.decorator_list:
            if isinstance(dec, ast.Name):
                add(("deco", dec.id), (dec.lineno, dec.col_offset, 0, 0), dec)
        if isinstance(stmt, ast.ClassDef):
            for base in stmt.bases:
                if isinstance(base, ast.Name):
                    add(("arg", base.id), (base.lineno, base.col_offset, 0, 0), base)
            add_keywords(stmt.keywords)
    for items in found.values():
        items.sort(key=lambda t: t[:4])
    return found


def _from_ast(text: str, nodes: list[cst.CSTNode], anchors: dict) -> dict[int, Position] | None:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    stmts: list[ast.stmt] = []
    try:
        _statements(tree.body, stmts)
    except RecursionError:
        return None
    lines = text.splitlines()
    line_bytes: dict[int, bytes] = {}

    def char_col(line: int, byte_col: int) -> int:
        """ast columns are UTF-8 byte offsets; libcst's (and ours) are characters."""
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        if src.isascii():
            return byte_col
        raw = line_bytes.get(line)
        if raw is None:
            raw = line_bytes[line] = src.encode("utf-8")
        return len(raw[:byte_col].decode("utf-8", errors="replace"))

    def text_at(line: int, col0: int, length: int) -> str:
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        return src[col0:col0 + length]

    indexes: dict[int, dict] = {}
    out: dict[int, Position] = {}
    for node in nodes:
        anchor = anchors.get(id(node))
        if anchor is None:
            return None
        stmt_no, key, k, mode = anchor
        if not 0 <= stmt_no < len(stmts):
            return None
        index = indexes.get(stmt_no)
        if index is None:
            index = indexes[stmt_no] = _index(stmts[stmt_no])
        candidates = index.get(key)
        if candidates is None or k >= len(candidates):
            return None
        found = candidates[k][4]
        name = key[1]
        if mode == "attrname":  # the method / property name at the end of an Attribute
            line = found.end_lineno
            end = char_col(line, found.end_col_offset)
            start = end - len(name)
            if text_at(line, start, len(name)) != name:
                return None
            out[id(node)] = (line, start + 1, line, end + 1)
        elif mode == "chain":
            line, col = found.lineno, char_col(found.lineno, found.col_offset)
            root = node
            while isinstance(root, cst.Attribute):
                root = root.value
            if not isinstance(root, cst.Name) or text_at(line, col, len(root.value)) != root.value:
                return None
            out[id(node)] = (line, col + 1, found.end_lineno,
                             char_col(found.end_lineno, found.end_col_offset) + 1)
        elif mode == "span":  # a whole expression starting with `name` (`TABLE["key"]`)
            line, col = found.lineno, char_col(found.lineno, found.col_offset)
            if text_at(line, col, len(name)) != name:
                return None
            out[id(node)] = (line, col + 1, found.end_lineno,
                             char_col(found.end_lineno, found.end_col_offset) + 1)
        else:  # a bare name: call / decorator / argument / keyword
            line, col = found.lineno, char_col(found.lineno, found.col_offset)
            if text_at(line, col, len(name)) != name:
                return None
            out[id(node)] = (line, col + 1, line, col + len(name) + 1)
    return out
