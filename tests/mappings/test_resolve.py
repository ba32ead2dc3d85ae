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
    if not os.path.exists(path):
        pytest.skip(f"{name} not generated")
    bad = [t for t in targets(path) if introspect.resolve(t) is None]
    assert not bad, bad
