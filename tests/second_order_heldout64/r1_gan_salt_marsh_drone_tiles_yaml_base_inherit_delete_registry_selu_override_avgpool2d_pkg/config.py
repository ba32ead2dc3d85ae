"""YAML experiment configs with mmcv-style `_base_` inheritance, `_delete_` and --cfg-options."""
import copy
import os

import yaml


class ConfigDict(dict):
    """Attribute access on nested dicts (cfg.model.discriminator.act_cfg)."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    @classmethod
    def wrap(cls, obj):
        if isinstance(obj, dict):
            return cls({k: cls.wrap(v) for k, v in obj.items()})
        if isinstance(obj, list):
            return [cls.wrap(v) for v in obj]
        return obj


def merge(base, child):
    """Recursive merge; a child dict carrying `_delete_: true` replaces the base dict."""
    out = copy.deepcopy(base)
    for key, value in child.items():
        if isinstance(value, dict):
            value = dict(value)
            if value.pop("_delete_", False) or not isinstance(out.get(key), dict):
                out[key] = merge({}, value)
            else:
                out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _read(path):
    with open(path) as fh:
        raw = yaml.safe_load(fh) or {}
    bases = raw.pop("_base_", [])
    if isinstance(bases, str):
        bases = [bases]
    cfg = {}
    for rel in bases:
        cfg = merge(cfg, _read(os.path.join(os.path.dirname(path), rel)))
    return merge(cfg, raw)


def apply_options(cfg, options):
    for opt in options or []:
        key, value = opt.split("=", 1)
        node = cfg
        *parents, leaf = key.split(".")
        for p in parents:
            node = node.setdefault(p, {})
        node[leaf] = yaml.safe_load(value)
    return cfg


def load_config(path, options=None):
    if not os.path.isabs(path):
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), path)
    return ConfigDict.wrap(apply_options(_read(path), options))
