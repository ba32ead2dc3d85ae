"""mappings/2.10/introspected.csv (same-named MindSpore APIs judged by parameter names) and the signature
comparison that produces it."""
import csv
import os

import pytest

from mappings import signatures as sig

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATH = os.path.join(ROOT, "mappings", "2.10", "introspected.csv")


def rows():
    with open(PATH, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_docstring_signature_lines_with_overloads_and_tuple_returns():
    doc = "kthvalue(k, dim=None, keepdim=False) -> (Tensor, LongTensor)\n\nText.\nkthvalue(k, dim) -> Tensor"
    sigs = sig.doc_signatures(doc, "kthvalue")
    assert [[p.name for p in s] for s in sigs] == [["k", "dim", "keepdim"], ["k", "dim"]]
    assert sig.doc_signatures("See torch.abs()", "abs") == []
    assert [p.kind for p in sig.parse_params("input, *, out=None")] == [sig.POS, sig.KW]


def test_compare_names_renames_defaults_and_unknowns():
    P = sig.parse_params
    assert sig.compare([P("input, dim=-1, *, out=None")], [P("input, dim=-1")]).status == "consistent"
    v = sig.compare([P("input, dim, keepdim=False")], [P("x, axis, keep_dims=False")])
    assert (v.status, v.diff_kind) == ("differs", "param_name")
    assert v.params == "input=renamed:x;dim=renamed:axis;keepdim=renamed:keep_dims"
    v = sig.compare([P("probs=None, logits=None, validate_args=None")], [P("probs=None, seed=None, dtype=None")])
    assert v.diff_kind == "param_count" and "logits=missing" in v.params   # another name at a position is no rename
    assert sig.compare([P("input, dim=-1")], [P("input, dim=None")]).params == "dim=default"
    assert sig.compare([P("input")], [P("input, weight")]).diff_kind == "param_count"  # MindSpore needs more
    assert sig.compare([P("input")], []).diff_kind == "unverified"
    assert sig.compare([P("input, alpha=1")], [P("input, **kwargs")]).diff_kind == "unverified"


def test_rows_are_generated_data_with_provenance():
    data = rows()
    assert len(data) >= 150
    keys = [(r["torch_api"], r["ms_api"]) for r in data]
    assert keys == sorted(keys) and len(keys) == len(set(keys))
    for r in data:
        assert r["known_by"] == "introspected" and r["src_branch"].startswith("mindspore-2.10")
        assert (r["status"] == "differs") == bool(r["diff_kind"])
        assert bool(r["ms_api"]) == (r["status"] in ("consistent", "differs")), r
        if r["ms_api"]:
            assert r["src_path"].startswith("mindspore/") and int(r["src_line"]) > 0
        else:
            assert r["advice"]
    statuses = {r["status"] for r in data}
    assert {"consistent", "differs", "missing"} <= statuses


def test_rows_never_shadow_docs_or_curated_rows():
    from mappings.introspected import covered_apis
    assert not covered_apis() & {r["torch_api"] for r in rows()}


def test_rows_match_a_fresh_generation():
    pytest.importorskip("mindspore")
    pytest.importorskip("torch")
    from mappings.introspected import generate
    fresh = [{k: str(v) for k, v in r.items()} for r in generate()]
    assert fresh == rows()
