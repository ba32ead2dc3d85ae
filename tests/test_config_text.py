"""Config text read statically (ms_scan.extract.config_text): JSON by the standard library, a strict YAML subset by
hand; what it reads must agree with PyYAML where PyYAML is installed, and anything outside the subset is refused."""
from __future__ import annotations

import libcst as cst
import pytest

from ms_scan.extract.config_text import config_display, read_yaml

DOCS = [
    "model:\n  width: 16   # hidden\n  acts: [SELU, Tanh]\n  layers:\n    - 8\n    - 16\n",
    "meta:\n  second_order: no\n  first_order: Yes\n  inner_lr: 1e-3\n  lr: 1.0e-3\n  half: .5\n  name: \"maml\"\n"
    "  other: ~\n  flag: On\n",
    "a: 1\nb:\n- x\n- y\nc: 'q#z'\n",
    "---\nk: -3\nj: +4\nf: -2.5\n",
    "a:\n  b:\n    c: [1, 2.0, x]\n    d: []\n",
]


@pytest.mark.parametrize("doc", DOCS)
def test_yaml_subset_reads_as_pyyaml(doc):
    yaml = pytest.importorskip("yaml")
    assert read_yaml(doc) == yaml.safe_load(doc)


def test_yaml_booleans_and_numbers_without_pyyaml():
    got = read_yaml(DOCS[1])["meta"]
    assert got["second_order"] is False and got["first_order"] is True and got["flag"] is True
    assert got["inner_lr"] == "1e-3" and got["lr"] == 0.001 and got["half"] == 0.5 and got["other"] is None


@pytest.mark.parametrize("doc", ["x: &a 1\ny: *a\n", "x: {a: 1}\n", "x: |\n  text\n", "- a: 1\n", "a: 1\na: 2\n",
                                 "a:\n\tb: 1\n", "a: 'open\n", "a: 1\n---\nb: 2\n"])
def test_yaml_outside_the_subset_is_refused(doc):
    with pytest.raises(ValueError):
        read_yaml(doc)


def _call(src: str) -> cst.Call:
    return cst.parse_expression(src)


def test_config_display_of_json_and_yaml_literals():
    shown = config_display("json.loads", _call('json.loads(\'{"a": {"b": false}, "c": [1, "x"]}\')'))
    assert isinstance(shown, cst.Dict) and cst.Module([]).code_for_node(shown) == "{'a': {'b': False}, 'c': [1, 'x']}"
    shown = config_display("yaml.safe_load", _call('yaml.safe_load("a:\\n  b: yes\\n")'))
    assert cst.Module([]).code_for_node(shown) == "{'a': {'b': True}}"


def test_yaml_outside_the_subset_goes_through_the_safe_loader():
    """Flow mappings and anchors (outside the strict reader's subset) are read by PyYAML's safe loader; a document
    whose aliases expand past MAX_NODES (an alias bomb) is refused."""
    shown = config_display("yaml.safe_load", _call('yaml.safe_load("meta: {first_order: true, lr: 0.05}")'))
    assert cst.Module([]).code_for_node(shown) == "{'meta': {'first_order': True, 'lr': 0.05}}"
    shown = config_display("yaml.safe_load", _call('yaml.safe_load("x: &a 1\\ny: *a")'))
    assert cst.Module([]).code_for_node(shown) == "{'x': 1, 'y': 1}"
    bomb = "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\\n"
        for i in range(8))
    assert config_display("yaml.safe_load", _call(f'yaml.safe_load("{bomb}")')) is None


@pytest.mark.parametrize("path,src", [
    ("json.loads", "json.loads(text)"),  # not a literal
    ("json.loads", "json.loads('[1, 2')"),  # broken JSON
    ("json.loads", "json.loads('3')"),  # a scalar, no table
    ("yaml.safe_load", "yaml.safe_load('x: [1, 2')"),  # broken YAML (the strict reader and PyYAML refuse it)
    ("pickle.loads", "pickle.loads('{}')"),  # not a config reader
])
def test_config_display_refuses(path, src):
    assert config_display(path, _call(src)) is None
