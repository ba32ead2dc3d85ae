"""Hydra-free `instantiate` for `_target_` dicts loaded from YAML (dotted paths resolved with importlib)."""
import functools
import importlib
import os

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))


def load_yaml(name):
    with open(os.path.join(HERE, "conf", name)) as fh:
        return yaml.safe_load(fh)


def get_class(dotted):
    module_path, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module_path), name)


def instantiate(spec, *args, **overrides):
    if spec is None:
        return None
    if isinstance(spec, list):
        return [instantiate(s) for s in spec]
    if not isinstance(spec, dict):
        return spec
    if "_target_" not in spec:
        return {k: instantiate(v) for k, v in spec.items()}
    kwargs = {k: instantiate(v) for k, v in spec.items() if k not in ("_target_", "_partial_")}
    kwargs.update(overrides)
    target = get_class(spec["_target_"])
    if spec.get("_partial_"):
        return functools.partial(target, *args, **kwargs)
    return target(*args, **kwargs)
