"""The fast walk (extract/walk.py) and the text-placed positions (positions._from_text) are exact:
the facts of every example and fixture file (a fixed sample of the second-order ones) are the same as with
libcst's own `visit` and PositionProvider."""
import glob
import os

import libcst as cst
import pytest

import ms_scan.extract as extract
import ms_scan.extract.positions as positions
from ms_scan.extract.walk import Walker, newlines_in
from package_sample import sampled_fixture_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = sorted(glob.glob(os.path.join(ROOT, "examples", "**", "*.py"), recursive=True)
               + glob.glob(os.path.join(ROOT, "tests", "fixtures", "**", "*.py"), recursive=True)
               + glob.glob(os.path.join(ROOT, "tests", "dynamic_shape", "cases", "*.py"))
               + glob.glob(os.path.join(ROOT, "ms_scan", "shims", "*.py")))


def _facts(data: bytes, path: str) -> dict:
    return extract.extract_source(data, path).to_dict()


def test_corpus_is_there():
    assert len(FILES) > 150


COMPARED = sampled_fixture_files(FILES)  # (the slow side is a minute for all of them)


def test_walk_equals_libcst_visit(monkeypatch):
    assert len(COMPARED) > 450
    fast = {f: _facts(open(f, "rb").read(), f) for f in COMPARED}
    monkeypatch.setattr(Walker, "walk", lambda self, node: node.visit(self))
    monkeypatch.setattr(positions, "_from_text", lambda *a: None)  # PositionProvider for every expression
    slow = {f: _facts(open(f, "rb").read(), f) for f in COMPARED}
    differ = [f for f in COMPARED if fast[f] != slow[f]]
    assert not differ, differ[:5]
    assert sum(len(v["shapes"]) for v in fast.values()) > 50  # the text placement was exercised


@pytest.mark.parametrize("source", [
    "x = 1\n",
    'def f():\n    """doc\n    string"""\n    return (a +\n            b)\n',
    "import torch\nfrom torch import (\n    nn,\n    cat,\n)\ny = torch.cat([\n  a,\n  b]) \\\n  + 1\n",
    "s = f'''{a}\n{b}'''\nt = 'a\\\n'\n",
    "x = 1\r\ny = '''a\r\nb'''\r\n",
])
def test_newline_count_is_the_line_count(source):
    tree = cst.parse_module(source)
    w = Walker()
    w.walk(tree)
    assert w.newlines == source.count("\n") == newlines_in(tree)


def test_text_positions_disambiguate_inside_the_statement():
    text = "import torch\ndef f(x, t):\n    k = int(t.sum())\n    y = x[:k] + k\n    return y\n"
    tree = cst.parse_module(text)
    w = Walker()
    w.walk(tree)
    stmt = tree.body[1].body.body[1].body[0]  # y = x[:k] + k
    second_k = stmt.value.right
    first_k = stmt.value.left.slice[0].slice.upper
    got = positions._from_text(tree, text, [first_k, second_k], w)
    assert got == {id(first_k): (4, 12, 4, 13), id(second_k): (4, 17, 4, 18)}


def test_unvalidated_parse_builds_the_same_trees_and_restores_validation():
    from ms_scan.extract.walk import parse_module

    for f in FILES[::5]:
        text = open(f, encoding="utf-8").read()
        assert parse_module(text).deep_equals(cst.parse_module(text)), f
    with pytest.raises(cst.ParserSyntaxError):
        parse_module("def broken(:\n")
    # validation is back on for nodes built afterwards, also after a syntax error
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")


def _node_classes():
    seen, todo = [], [cst.CSTNode]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.append(sub)
                todo.append(sub)
    return [c for c in seen if "_visit_and_replace_children" in vars(c)]


def test_visited_fields_read_from_bytecode_match_the_source():
    """The walk's child order comes from each node class's bytecode; the source of
    `_visit_and_replace_children` says the same for every libcst node class, and no class falls back."""
    import inspect
    import re

    from ms_scan.extract.walk import _visited_fields

    calls = re.compile(r"\bvisit_(?:required|optional|sequence|body_sequence|iterable|body_iterable|sentinel)"
                       r"\(\s*self,\s*\"(\w+)\"")
    classes = _node_classes()
    assert len(classes) > 100
    for cls in classes:
        from_source = tuple(dict.fromkeys(calls.findall(inspect.getsource(cls._visit_and_replace_children))))
        assert _visited_fields(cls) == from_source, cls.__name__
    assert _visited_fields(cst.Call) == ("lpar", "func", "whitespace_after_func", "whitespace_before_args",
                                         "args", "rpar")


def test_annotated_defs_stay_alive_while_their_ids_are_looked_up():
    """The extractor records functions annotated `-> Tensor` (or `-> np.ndarray`) by the id() of their name's
    binding. A nested def's binding goes when its scope is popped; if nothing held it, a later binding could
    be allocated at the same address and inherit the annotation (found as a finding whose confidence
    changed from run to run on transformers' pi0 model)."""
    import gc

    import libcst as cst

    from ms_scan.extract import _extractor_class
    from ms_scan.extract.catalog import load_catalog

    src = (b"import numpy as np\nimport torch\n\n"
           b"def outer(x):\n    def helper(y) -> torch.Tensor:\n        return y * 2\n"
           b"    def other(y) -> np.ndarray:\n        return y\n    return helper(x), other(x)\n\n"
           b"def second(x):\n    def plain(y):\n        return y\n    return plain(x).view(-1)\n")
    visitor = _extractor_class(src)(load_catalog(), "m", False, frozenset())
    visitor.walk(cst.parse_module(src.decode()))
    gc.collect()
    live = {id(b) for b in visitor._annotated_defs}
    assert visitor.tensor_defs and visitor.other_defs
    assert visitor.tensor_defs <= live and set(visitor.other_defs) <= live
