"""Checks on mappings/curated.csv, ms-scan's own rows for APIs the official tables never list."""
import csv
import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAP = os.path.join(ROOT, "mappings")
COLUMNS = ["torch_api", "ms_api", "status", "diff_kind", "params", "torch_version", "backends", "known_by",
           "docs_url", "src_branch", "src_commit", "src_path", "src_line", "advice"]
PARAM_RE = re.compile(r"^[A-Za-z_]\w*=(missing|renamed:[A-Za-z_]\w*|default|dtype|behaviour)$")


def rows():
    with open(os.path.join(MAP, "curated.csv"), newline="", encoding="utf-8") as f:
        r = csv.DictReader(f)
        assert r.fieldnames == COLUMNS
        return list(r)


def test_vocabularies_and_shape():
    data = rows()
    assert len(data) >= 50
    for r in data:
        assert r["known_by"] == "curated"
        assert r["status"] in {"consistent", "differs", "missing", "not-applicable"}
        assert (r["status"] == "differs") == bool(r["diff_kind"])
        if r["status"] in ("consistent", "differs"):
            assert r["ms_api"].startswith("mindspore."), r
        if r["status"] == "missing":
            assert r["ms_api"] == ""
        for p in filter(None, r["params"].split(";")):
            assert PARAM_RE.match(p), p
        assert len(r["advice"]) <= 160 and "\n" not in r["advice"]
    keys = [(r["torch_api"], r["ms_api"]) for r in data]
    assert keys == sorted(keys) and len(keys) == len(set(keys))


def test_not_listed_by_any_official_table():
    official = set()
    for path in glob.glob(os.path.join(MAP, "*", "api_mapping.csv")):
        with open(path, newline="", encoding="utf-8") as f:
            official |= {r["torch_api"] for r in csv.DictReader(f)}
    overlap = sorted({r["torch_api"] for r in rows()} & official)
    assert not overlap, overlap


def test_no_inplace_tensor_variants():
    # ms-scan derives x.foo_ from a release row for x.foo, so the curated list must not spell those out;
    # it does not derive from curated rows, so an in-place variant of a curated-only base may be listed
    official = set()
    for path in glob.glob(os.path.join(MAP, "*", "api_mapping.csv")):
        with open(path, newline="", encoding="utf-8") as f:
            official |= {r["torch_api"] for r in csv.DictReader(f)}
    assert not [r["torch_api"] for r in rows() if r["torch_api"].startswith("torch.Tensor.")
                and r["torch_api"].endswith("_") and r["torch_api"][:-1] in official]


def test_framework_switches_are_not_applicable():
    by = {r["torch_api"]: r for r in rows()}
    for name in ("torch.jit.is_scripting", "torch.compiler.disable", "torch.compiler.is_compiling",
                 "torch.cuda.is_available", "torch.autocast", "torch.is_grad_enabled", "torch.device", "torch.no_grad"):
        assert by[name]["status"] == "not-applicable", name
    assert by["torch.autocast"]["ms_api"] == "mindspore.amp.auto_mixed_precision"


def test_module_and_optimizer_members_and_dtypes():
    by = {}
    for r in rows():
        by.setdefault(r["torch_api"], []).append(r)
    assert {r["ms_api"] for r in by["torch.nn.Module.eval"]} == {"mindspore.nn.Cell.set_train"}
    assert "inference mode" in by["torch.nn.Module.eval"][0]["advice"]   # a new Cell is not in training mode
    assert {r["ms_api"] for r in by["torch.nn.Module.register_parameter"]} == {"mindspore.nn.Cell.insert_param_to_cell"}
    assert by["torch.optim.Optimizer.zero_grad"][0]["status"] == "not-applicable"
    for dtype, ms in (("float32", "float32"), ("long", "int64"), ("bool", "bool_"), ("bfloat16", "bfloat16")):
        assert [(r["ms_api"], r["status"]) for r in by[f"torch.{dtype}"]] == [(f"mindspore.{ms}", "consistent")]
