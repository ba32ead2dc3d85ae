"""Unit tests of benchmarks/accuracy/score.py matching on tiny synthetic truth and scan dicts (no torch)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks", "accuracy"))

from score import load_findings, name_matches, score  # noqa: E402

PATH = "pkg/mod.py"


def truth(uses=(), aux=(), executed=((1, 50),), partial=(), aliases=None):
    return {
        "aliases": aliases or {},
        "files": {PATH: {"executed": [list(r) for r in executed], "uses": [list(u) for u in uses],
                         "aux": [list(a) for a in aux], "partial": list(partial)}},
    }


def scan(*findings, path=PATH):
    return load_findings({"findings": [{"path": path, "line": ln, "torch_api": api} for ln, api in findings]})


def test_exact_match_counts_for_recall_and_precision():
    s = score(truth(uses=[(3, "torch.Tensor.view")]), scan((3, "torch.Tensor.view")))
    assert (s.found_exact, s.truth, s.recall) == (1, 1, 1.0)
    assert (s.correct_primary, s.judged, s.precision) == (1, 1, 1.0)


def test_wrong_line_is_a_miss_and_a_false_report():
    s = score(truth(uses=[(3, "torch.Tensor.view")]), scan((4, "torch.Tensor.view")))
    assert s.found == 0 and s.missed["torch.Tensor.view"] == 1
    assert s.false["torch.Tensor.view"] == 1 and s.precision == 0.0


def test_wrong_api_is_not_a_match():
    s = score(truth(uses=[(3, "torch.Tensor.view")]), scan((3, "torch.Tensor.reshape")))
    assert s.found == 0 and s.false["torch.Tensor.reshape"] == 1


def test_runtime_alias_matches_exactly():
    t = truth(uses=[(5, "torch.conv2d")], aliases={"torch.conv2d": ["torch.nn.functional.conv2d"]})
    s = score(t, scan((5, "torch.nn.functional.conv2d")))
    assert s.found_exact == 1 and s.found_tolerated == 0


def test_twin_namespace_is_tolerated_but_not_in_strict_mode():
    t = truth(uses=[(5, "torch.nn.functional.softmax")])
    s = score(t, scan((5, "torch.softmax")))
    assert s.found_tolerated == 1 and s.correct_primary == 1
    strict = score(t, scan((5, "torch.softmax")), tolerant=False)
    assert strict.found == 0 and strict.false["torch.softmax"] == 1


def test_tensor_method_is_not_a_twin_of_the_function():
    assert name_matches("torch.sum", "torch.Tensor.sum", {}) is None
    assert name_matches("torch.Tensor.sum", "torch.sum", {}) is None


def test_line_inside_multiline_call_span_matches():
    # a chained call starting on line 10 whose method name is on line 11
    s = score(truth(uses=[(11, "torch.Tensor.transpose", 10, 12)]), scan((10, "torch.Tensor.transpose")))
    assert s.found_span == 1 and s.found_exact == 0 and s.precision == 1.0
    outside = score(truth(uses=[(11, "torch.Tensor.transpose", 10, 12)]), scan((13, "torch.Tensor.transpose")))
    assert outside.found == 0


def test_one_finding_matches_only_one_truth_use():
    t = truth(uses=[(3, "torch.cat", 3, 6), (5, "torch.cat")])
    s = score(t, scan((5, "torch.cat")))
    assert s.found == 1 and s.truth == 2


def test_exact_line_beats_span_when_assigning():
    t = truth(uses=[(3, "torch.cat", 3, 6), (5, "torch.cat")])
    s = score(t, scan((3, "torch.cat"), (5, "torch.cat")))
    assert s.found_exact == 2 and s.found == 2


def test_aux_records_count_as_correct_but_not_for_recall():
    t = truth(aux=[(7, "torch.Tensor.shape", 7, 7, "property"), (8, "torch.Tensor.add", 8, 8, "operator")])
    s = score(t, scan((7, "torch.Tensor.shape"), (8, "torch.Tensor.add")))
    assert s.truth == 0 and s.correct_aux == 2 and s.correct_primary == 0 and s.precision == 1.0


def test_unexecuted_and_partial_lines_are_not_judged():
    t = truth(uses=[(3, "torch.zeros")], executed=[(1, 5)], partial=[4])
    s = score(t, scan((3, "torch.zeros"), (4, "torch.ones"), (20, "torch.ones")))
    assert s.judged == 1 and s.unjudged_partial == 1 and s.unjudged_unexecuted == 1 and s.precision == 1.0


def test_unobservable_api_is_not_judged():
    s = score(truth(), scan((3, "torch.finfo")), unobservable={"torch.finfo"})
    assert s.judged == 0 and s.unjudged_unobservable == 1
    judged = score(truth(), scan((3, "torch.finfo")))
    assert judged.judged == 1 and judged.false["torch.finfo"] == 1


def test_files_the_truth_run_did_not_execute_are_ignored():
    t = truth(uses=[(3, "torch.zeros")])
    t["files"]["pkg/other.py"] = {"executed": [], "uses": [[1, "torch.ones"]], "aux": []}
    s = score(t, scan((3, "torch.zeros")) | scan((1, "torch.ones"), path="pkg/other.py"))
    assert s.truth == 1 and s.reported == 1


def test_path_prefix_joins_scan_root_to_site_packages():
    found = load_findings({"findings": [{"path": "mod.py", "line": 3, "torch_api": "torch.zeros"}]}, "pkg/")
    assert set(found) == {PATH}
    s = score(truth(uses=[(3, "torch.zeros")]), found)
    assert s.recall == 1.0
    unjoined = load_findings({"findings": [{"path": "mod.py", "line": 3, "torch_api": "torch.zeros"}]})
    assert score(truth(uses=[(3, "torch.zeros")]), unjoined).recall == 0.0


def test_duplicate_findings_are_counted_once():
    s = score(truth(uses=[(3, "torch.zeros")]), scan((3, "torch.zeros"), (3, "torch.zeros")))
    assert s.reported == 1 and s.judged == 1


@pytest.mark.parametrize("reported,expected", [("torch.nn.Linear", "exact"), ("torch.nn.modules.linear.Linear", "exact"),
                                               ("torch.nn.LazyLinear", None)])
def test_class_alias(reported, expected):
    aliases = {"torch.nn.Linear": ["torch.nn.modules.linear.Linear"]}
    assert name_matches(reported, "torch.nn.Linear", aliases) == expected


def test_only_api_use_findings_are_scored():
    from score import load_findings

    scan = {"findings": [
        {"path": "a.py", "line": 1, "torch_api": "torch.cat", "code": "MS100", "kind": "call"},
        {"path": "a.py", "line": 2, "torch_api": "torch.Tensor.__getitem__[bool mask]", "code": "MS202"},
        {"path": "a.py", "line": 3, "torch_api": "torch.nn.functional.interpolate", "code": "MS106",
         "kind": "argument"},
        {"path": "a.py", "line": 4, "torch_api": "torch.nn.Module", "code": "MS100", "kind": "subclass"},
        {"path": "a.py", "line": 5, "torch_api": "torch.ones", "code": "NAIVE"},
    ]}
    assert load_findings(scan)["a.py"] == {(1, "torch.cat"), (5, "torch.ones")}


def test_module_constant_reads_are_not_judged_but_tensor_properties_are():
    from score import load_findings

    scan = {"findings": [
        {"path": "a.py", "line": 1, "torch_api": "torch.distributions.constraints.real", "code": "MS100",
         "kind": "attribute"},
        {"path": "a.py", "line": 2, "torch_api": "torch.Tensor.shape", "code": "MS100", "kind": "attribute"},
    ]}
    assert load_findings(scan)["a.py"] == {(2, "torch.Tensor.shape")}
