"""The one tree walk: libcst's visitor protocol (`visit_X` / `leave_X`) at a fraction of its cost.

`module.visit(visitor)` rebuilds every node after visiting its children (a dataclass constructor and
its validation per node, even for a read-only visitor), formats two method names per node to find
`visit_X`/`leave_X`, and calls per-field hooks. `Walker.walk` reads each node's child fields
directly, in the order libcst itself visits them (taken from each class's own
`_visit_and_replace_children`), dispatches through a per-class table of the methods the visitor
class actually overrides, and rebuilds nothing. The semantics are libcst's: `visit_X` returning
False skips the children, `leave_X` is always called, children come in source (token) order.

While it walks, the Walker keeps the two counters every extractor needs, so they cost nothing
extra: `newlines` (newlines passed so far: the current line is `newlines + 1`) and the statement
ordinal stack the anchors use (statements numbered in pre-order, as `ast` orders them).
`module.visit(walker)` still works and keeps the same counters (for tests and small helpers).
"""
from __future__ import annotations

import dis

import libcst as cst
from libcst import MaybeSentinel
from libcst._typed_visitor import CSTTypedVisitorFunctions

_STATEMENTS = (cst.BaseSmallStatement, cst.BaseCompoundStatement)
# nodes whose own text may hold newlines: string literals and `\` line continuations
_TEXT_TYPES = tuple(t for t in (cst.SimpleString, cst.FormattedStringText, cst.SimpleWhitespace,
                                getattr(cst, "TemplatedStringText", None)) if t is not None)
# libcst's `_visit_and_replace_children` calls one of these per child field: `visit_X(self, "field", ...)`
_VISITS = frozenset(("visit_required", "visit_optional", "visit_sequence", "visit_body_sequence",
                     "visit_iterable", "visit_body_iterable", "visit_sentinel"))
_LOADS = frozenset(("LOAD_GLOBAL", "LOAD_NAME", "LOAD_ATTR", "LOAD_METHOD"))

# per node class: (child field names in visit order, or None to use `.children`; is statement; text kind)
# text kind: 0 none, 1 Newline, 2 node with a `value` string that may hold newlines
_NODE_INFO: dict[type, tuple[tuple[str, ...] | None, bool, int]] = {}


def _node_info(cls: type) -> tuple[tuple[str, ...] | None, bool, int]:
    info = _NODE_INFO.get(cls)
    if info is None:
        bases = cls.__mro__  # not issubclass: through the ABCs' hooks it costs a scan 20 ms of start-up
        text = 1 if cls is cst.Newline else 2 if any(t in bases for t in _TEXT_TYPES) else 0
        info = _NODE_INFO[cls] = (_visited_fields(cls), any(t in bases for t in _STATEMENTS), text)
    return info


def _visited_fields(cls: type) -> tuple[str, ...] | None:
    """The child fields `cls._visit_and_replace_children` visits, in its order, read from its bytecode
    (`visit_X(self, "field", ...)`: the load of a visit_X helper, `self`, then the field-name constant;
    reading the bytecode costs a fifth of reading the source and needs no source file). None, to use
    `.children`, when some visit call does not have that shape."""
    names, calls, state = [], 0, 0
    for ins in dis.get_instructions(cls._visit_and_replace_children):
        if ins.opname in _LOADS and ins.argval in _VISITS:
            calls, state = calls + 1, 1
        elif state == 1 and ins.opname == "LOAD_FAST" and ins.argval == "self":
            state = 2
        elif state == 2 and ins.opname == "LOAD_CONST" and isinstance(ins.argval, str):
            names.append(ins.argval)
            state = 0
        else:
            state = 0
    # a field visited in two branches (`ImportFrom.names`: one node or a sequence) is walked once
    return tuple(dict.fromkeys(names)) if len(names) == calls else None


def _children(node: cst.CSTNode, fields: tuple[str, ...] | None):
    """Child nodes in visiting order: each field holds a node, a sequence of nodes, None or
    MaybeSentinel (the same reading as `Walker.walk`, which inlines it)."""
    if fields is None:
        yield from node.children
        return
    for name in fields:
        value = getattr(node, name)
        vc = value.__class__
        if vc is tuple or vc is list:
            yield from value
        elif value is not None and vc is not MaybeSentinel:
            yield value


def newlines_in(node: cst.CSTNode, walker: Walker | None = None, start: int = 0) -> int:
    """Newlines in a subtree's source text, without generating its code. With a `walker`, also record
    each node's entry count (`start` + the newlines before it) and statement, as its walk would."""
    n = start
    stack = [node]
    entry_lines = walker.entry_lines if walker is not None else None
    stmt_of, stmt = (walker.stmt_of, walker._stmt_stack[-1]) if walker is not None else (None, -1)
    while stack:
        cur = stack.pop()
        fields, _, text = _node_info(cur.__class__)
        if entry_lines is not None:
            entry_lines[id(cur)] = n
            stmt_of[id(cur)] = stmt
        if text == 1:
            n += 1
        elif text == 2:
            n += cur.value.count("\n")
        children = list(_children(cur, fields))
        children.reverse()  # pop() takes them in source order
        stack.extend(children)
    return n - start


def _overridden(cls: type, name: str):
    fn = getattr(cls, name, None)
    if fn is None or fn is getattr(CSTTypedVisitorFunctions, name, None):
        return None
    return fn


class Walker(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.newlines = 0
        self.entry_lines: dict[int, int] = {}  # id(node) -> newlines before it (its line is that + 1)
        self.stmt_of: dict[int, int] = {}  # id(node) -> ordinal of the innermost statement holding it
        self.statements: list[cst.CSTNode] = []  # statement nodes by ordinal
        self._stmt_stack: list[int] = [-1]
        self._stmt_count = 0

    # ------------------------------------------------------------------ the fast walk
    def walk(self, node: cst.CSTNode) -> None:
        """Visit `node` and its subtree (libcst semantics, no rebuilding)."""
        table: dict[type, tuple] = {}
        cls = type(self)
        stack = self._stmt_stack
        entry_lines = self.entry_lines
        stmt_of = self.stmt_of
        statements = self.statements

        def entry(node_cls: type) -> tuple:
            fields, stmt, text = _node_info(node_cls)
            name = node_cls.__name__
            e = table[node_cls] = (fields, stmt, text, _overridden(cls, f"visit_{name}"),
                                   _overridden(cls, f"leave_{name}"))
            return e

        def go(node: cst.CSTNode) -> None:
            fields, stmt, text, visit, leave = table.get(node.__class__) or entry(node.__class__)
            entry_lines[id(node)] = self.newlines
            if text:
                self.newlines += 1 if text == 1 else node.value.count("\n")
            if stmt:
                stack.append(self._stmt_count)
                self._stmt_count += 1
                statements.append(node)
            stmt_of[id(node)] = stack[-1]
            if visit is None or visit(self, node) is not False:
                if fields is None:
                    for child in node.children:
                        go(child)
                else:
                    for name in fields:  # `_children`, inlined: this loop is the hot path
                        value = getattr(node, name)
                        vc = value.__class__
                        if vc is tuple or vc is list:
                            for item in value:
                                go(item)
                        elif value is not None and vc is not MaybeSentinel:
                            go(value)
            else:  # skipped subtree: count its newlines (and place its nodes) all the same
                self.newlines += _newlines_below(node, self, self.newlines)  # (no nested statements)
            if leave is not None:
                leave(self, node)
            if stmt:
                stack.pop()

        go(node)

    # ------------------------------------------------------------------ libcst's own walk, same counters
    def on_visit(self, node: cst.CSTNode) -> bool:
        _, stmt, text = _node_info(type(node))
        self.entry_lines[id(node)] = self.newlines
        if text:
            self.newlines += 1 if text == 1 else node.value.count("\n")
        if stmt:
            self._stmt_stack.append(self._stmt_count)
            self._stmt_count += 1
            self.statements.append(node)
        self.stmt_of[id(node)] = self._stmt_stack[-1]
        go = super().on_visit(node)
        if not go:
            self.newlines += _newlines_below(node, self, self.newlines)
        return go

    def on_leave(self, original_node: cst.CSTNode) -> None:
        super().on_leave(original_node)
        if _node_info(type(original_node))[1]:
            self._stmt_stack.pop()


def _newlines_below(node: cst.CSTNode, walker: Walker, start: int) -> int:
    """Newlines strictly inside `node` (its own text was counted when it was entered); places its nodes."""
    n = 0
    for child in _children(node, _node_info(node.__class__)[0]):
        n += newlines_in(child, walker, start + n)
    return n


def parse_module(text: str) -> cst.Module:
    """libcst.parse_module without re-validating every node it builds.

    Each node's `__post_init__` runs `_validate()`, pure invariant checks (no node sets anything
    there) that the parser's own output always meets; they cost about a tenth of an extraction.
    libcst's own comment there says as much ("PERF: ... avoid validating the tree when parsing a
    file"). Validation is switched off only for the duration of the parse, in this process; nodes
    built by anyone afterwards are validated as usual. ParserSyntaxError propagates as before."""
    base = cst.CSTNode
    saved = base.__dict__.get("__post_init__")
    if saved is None:  # another libcst layout: parse as usual
        return cst.parse_module(text)
    base.__post_init__ = _no_validation
    try:
        return cst.parse_module(text)
    finally:
        base.__post_init__ = saved


def _no_validation(self) -> None:
    return None
