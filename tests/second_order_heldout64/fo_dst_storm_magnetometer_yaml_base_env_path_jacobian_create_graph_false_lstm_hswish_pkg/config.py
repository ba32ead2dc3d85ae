"""YAML configs with `_base_` inheritance; the file comes from $DST_CONFIG (default: the nightly config)."""
import os

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CONFIG = os.environ.get("DST_CONFIG", "configs/dst_fast.yaml")


class Cfg(dict):
    def __getattr__(self, k):
        v = self[k]
        return Cfg(v) if isinstance(v, dict) else v


def _merge(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def _load(path):
    with open(path) as fh:
        doc = yaml.safe_load(fh)
    base = doc.pop("_base_", None)
    if base is None:
        return doc
    return _merge(_load(os.path.join(os.path.dirname(path), base)), doc)


def get_config(path=None):
    path = path or DEFAULT_CONFIG
    return Cfg(_load(path if os.path.isabs(path) else os.path.join(HERE, path)))
