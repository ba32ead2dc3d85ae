"""A tiny mmcv-like registry: `@MODELS.register_module()` and `build_from_cfg(dict(type=...), REGISTRY)`."""
import copy


class Registry:
    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def __contains__(self, key):
        return key in self._module_dict

    def get(self, key):
        try:
            return self._module_dict[key]
        except KeyError:
            raise KeyError(f"'{key}' is not registered in {self.name}: {sorted(self._module_dict)}") from None

    def register_module(self, name=None, module=None, force=False):
        def _register(cls):
            key = name or cls.__name__
            if key in self._module_dict and not force:
                raise KeyError(f"{key} already registered in {self.name}")
            self._module_dict[key] = cls
            return cls

        if module is not None:
            return _register(module)
        return _register


def build_from_cfg(cfg, registry, default_args=None):
    args = dict(copy.deepcopy(cfg))
    obj_type = args.pop("type")
    for key, value in (default_args or {}).items():
        args.setdefault(key, value)
    obj_cls = registry.get(obj_type) if isinstance(obj_type, str) else obj_type
    return obj_cls(**args)


MODELS = Registry("models")
ACTIVATIONS = Registry("activations")
DOWNSAMPLERS = Registry("downsamplers")
UPSAMPLERS = Registry("upsamplers")
