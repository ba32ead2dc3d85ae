"""Every 2.10 and curated target must resolve in the installed mindspore (skipped when it is not installed)."""
import csv
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ms = pytest.importorskip("mindspore")
from mappings import introspect  # noqa: E402


def targets(path):
    with open(path, newline="", encoding="utf-8") as f:
        return sorted({r["ms_api"] for r in csv.DictReader(f) if r["ms_api"]})


@pytest.mark.parametrize("name", ["2.10/api_mapping.csv", "curated.csv"])
def test_targets_resolve_in_installed_mindspore(name):
    path = os.path.join(ROOT, "mappings", name)
    assert os.path.exists(path), f"{name} is committed data: it must exist"
    bad = [t for t in targets(path) if introspect.resolve(t) is None]
    assert not bad, bad


def test_introspected_rows_resolve_to_callables_or_properties():
    import inspect
    with open(os.path.join(ROOT, "mappings", "2.10", "api_mapping.csv"), newline="", encoding="utf-8") as f:
        same = [r for r in csv.DictReader(f) if r["diff_kind"] == "unverified"]
    assert same
    for r in same:
        obj = introspect.resolve(r["ms_api"])
        assert obj is not None, r["ms_api"]
        assert callable(obj) or isinstance(obj, property) or inspect.isgetsetdescriptor(obj), r["ms_api"]


def test_same_named_search_is_deterministic():
    from mappings import same_name
    catalogue = same_name.load_catalogue(os.path.join(ROOT, "mappings"))
    covered = {"torch.abs"}
    a = same_name.find(catalogue, covered, introspect.resolve)
    assert "torch.abs" not in a and a == same_name.find(catalogue, covered, introspect.resolve)
    assert a["torch.nn.GLU"] == "mindspore.mint.nn.GLU"          # mint namespace preferred over nn
