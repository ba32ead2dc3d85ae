import importlib


def locate(path):
    module_name, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module_name), attr)


def instantiate(node, **overrides):
    """Build an object from a dict with a `_target_` dotted path (a tiny subset of hydra.utils.instantiate)."""
    node = dict(node)
    target = locate(node.pop("_target_"))
    node.update(overrides)
    return target(**node)
