"""Anchors: where a recorded CST node sits, in terms CPython's `ast` can find again cheaply.

An anchor is (statement ordinal, key, occurrence): the k-th Attribute named `view` (in token order)
inside the n-th statement (pre-order), or the k-th call of the bare name `C`, and so on.
`positions.py` resolves anchors against `ast` (a fraction of libcst's PositionProvider cost) and
verifies each against the source text; any doubt falls back to PositionProvider.
"""
from __future__ import annotations

import libcst as cst

from ms_scan.extract.walk import Walker


class AnchoredVisitor(Walker):
    def __init__(self) -> None:
        super().__init__()
        self._counts: dict[tuple, int] = {}
        self._want: dict[int, tuple[str, cst.CSTNode]] = {}  # id(Attribute) -> (mode, node to place)
        self.anchors: dict[int, tuple] = {}  # id(node) -> (stmt, key, occurrence, mode)

    def _next(self, key: tuple) -> tuple[int, tuple, int]:
        stmt = self._stmt_stack[-1]
        slot = (stmt, key)
        k = self._counts.get(slot, 0)
        self._counts[slot] = k + 1
        return stmt, key, k

    # Attributes are counted in token order of their attribute name, i.e. on leave
    def leave_Attribute(self, original_node: cst.Attribute) -> None:
        stmt, key, k = self._next(("attr", original_node.attr.value))
        want = self._want.pop(id(original_node), None)
        if want is not None:
            mode, target = want
            self.anchors[id(target)] = (stmt, key, k, mode)

    def count_hidden(self, node: cst.CSTNode) -> None:
        """Count the Attributes of a subtree the visitor does not descend into, in token order."""
        if isinstance(node, cst.Attribute):
            self.count_hidden(node.value)
            stmt, key, k = self._next(("attr", node.attr.value))
            want = self._want.pop(id(node), None)  # a node inside the hidden chain that was recorded
            if want is not None:
                self.anchors[id(want[1])] = (stmt, key, k, want[0])
            return
        for child in node.children:
            self.count_hidden(child)

    def want_chain(self, node: cst.Attribute) -> None:
        self._want[id(node)] = ("chain", node)

    def want_attr_name(self, attribute: cst.Attribute) -> None:
        self._want[id(attribute)] = ("attrname", attribute.attr)

    def anchor_span(self, node: cst.Subscript, name: str) -> None:
        """Count a called subscript of a bare name (`INIT["normal_"](w)`)."""
        self.anchors[id(node)] = (*self._next(("subcall", name)), "span")

    def anchor_name(self, node: cst.Name, kind: str) -> None:
        """Count a bare name in a call / decorator / argument / keyword position."""
        self.anchors[id(node)] = (*self._next((kind, node.value)), kind)
