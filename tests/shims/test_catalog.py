"""The shim catalogue and the shim code agree, and the catalogue path stays free of mindspore."""
import importlib
import inspect
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

from ms_scan.shims import catalog

ROOT = Path(__file__).resolve().parents[2]
FIELDS = {"name", "import_path", "torch_apis", "condition", "exact", "exact_note", "ms_releases",
          "ms_releases_note", "family", "second_order_safe"}
SHIM_MODULES = sorted(m.name for m in pkgutil.iter_modules([str(ROOT / "ms_scan" / "shims")])
                      if m.name not in {"catalog"} and not m.name.startswith("_"))


def test_catalog_fields_and_values():
    entries = catalog.load_catalog()
    assert len(entries) >= 25
    names = [e["name"] for e in entries]
    assert len(names) == len(set(names))
    for e in entries:
        assert set(e) == FIELDS, e["name"]
        assert e["import_path"] == f"ms_scan.shims.{e['import_path'].split('.')[2]}.{e['name']}"
        assert e["torch_apis"] and all(isinstance(a, str) and "." in a for a in e["torch_apis"])
        assert isinstance(e["exact"], bool) and e["exact_note"] and e["condition"]
        assert e["ms_releases"] == "all" or (isinstance(e["ms_releases"], list) and e["ms_releases"])
        assert e["family"] in catalog.FAMILIES
        assert isinstance(e["second_order_safe"], bool)


def test_shims_for():
    hits = {e["name"] for e in catalog.shims_for("torch.nn.AdaptiveAvgPool2d")}
    assert {"AdaptiveAvgPool2dTo1", "AdaptiveAvgPool2dStrided", "AdaptiveAvgPool2dBins"} <= hits
    assert catalog.shims_for("torch.no_such_api") == []
    catalog.load_catalog()[0]["name"] = "mutated"
    assert catalog.load_catalog()[0]["name"] != "mutated"


def test_every_entry_imports_as_a_cell():
    import mindspore.nn as nn
    for e in catalog.load_catalog():
        mod, _, cls = e["import_path"].rpartition(".")
        obj = getattr(importlib.import_module(mod), cls)
        assert inspect.isclass(obj) and issubclass(obj, nn.Cell), e["import_path"]
        assert obj.__doc__ and len(obj.__doc__.strip()) > 40, e["import_path"]


@pytest.mark.parametrize("module", SHIM_MODULES)
def test_every_shim_class_is_catalogued(module):
    import mindspore.nn as nn
    mod = importlib.import_module(f"ms_scan.shims.{module}")
    lines = [ln for ln in (mod.__doc__ or "").strip().splitlines() if ln.strip()]
    assert 1 <= len(lines) <= 2, f"{module}: module docstring should be one or two lines"
    public = {f"{module}.{n}" for n, o in vars(mod).items()
              if inspect.isclass(o) and issubclass(o, nn.Cell) and o.__module__ == mod.__name__
              and not n.startswith("_")}
    listed = {e["import_path"].removeprefix("ms_scan.shims.") for e in catalog.load_catalog()
              if e["import_path"].startswith(f"ms_scan.shims.{module}.")}
    assert public == listed
    assert set(getattr(mod, "__all__", [])) == {p.split(".")[1] for p in public}


def test_catalog_import_does_not_load_mindspore():
    code = ("import sys, ms_scan.shims, ms_scan.shims.catalog as c; c.load_catalog(); c.shims_for('torch.roll');"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('mindspore', 'torch', 'numpy')"
            " or (m.startswith('ms_scan.shims.') and m != 'ms_scan.shims.catalog')];"
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_catalog_json_is_plain_data():
    # The file is plain data: valid JSON, a list, newline-terminated.
    text = (ROOT / "ms_scan" / "shims" / "catalog.json").read_text()
    assert isinstance(json.loads(text), list) and text.endswith("\n")
