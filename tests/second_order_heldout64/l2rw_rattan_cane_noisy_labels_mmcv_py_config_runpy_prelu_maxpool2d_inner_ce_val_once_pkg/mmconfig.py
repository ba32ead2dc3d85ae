"""mmcv-like `Config.fromfile`: python config files executed with runpy, `_base_` lists merged."""
import copy
import os
import runpy


class Config(dict):
    def __getattr__(self, name):
        try:
            value = self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc
        return Config(value) if isinstance(value, dict) and not isinstance(value, Config) else value

    @staticmethod
    def _merge(base, child):
        out = copy.deepcopy(base)
        for key, value in child.items():
            if isinstance(value, dict) and isinstance(out.get(key), dict) and not value.get("_delete_", False):
                out[key] = Config._merge(out[key], value)
            else:
                if isinstance(value, dict):
                    value = {k: v for k, v in value.items() if k != "_delete_"}
                out[key] = copy.deepcopy(value)
        return out

    @classmethod
    def _load(cls, path):
        ns = runpy.run_path(path)
        body = {k: v for k, v in ns.items() if not k.startswith("__") and k != "_base_"}
        merged = {}
        bases = ns.get("_base_", [])
        for rel in [bases] if isinstance(bases, str) else bases:
            merged = cls._merge(merged, cls._load(os.path.normpath(os.path.join(os.path.dirname(path), rel))))
        return cls._merge(merged, body)

    @classmethod
    def fromfile(cls, filename):
        if not os.path.isabs(filename):
            filename = os.path.join(os.path.dirname(os.path.abspath(__file__)), filename)
        return cls(cls._load(filename))

    def merge_from_dict(self, options):
        for dotted, value in options.items():
            node = self
            *parents, leaf = dotted.split(".")
            for p in parents:
                node = node[p]
            node[leaf] = value
