import copy


class Registry:
    def __init__(self, name):
        self.name = name
        self.module_dict = {}

    def register_module(self, name=None, module=None):
        if module is not None:
            self.module_dict[name or module.__name__] = module
            return module

        def deco(cls):
            self.module_dict[name or cls.__name__] = cls
            return cls
        return deco

    def build(self, cfg, **default_args):
        args = copy.deepcopy(dict(cfg))
        obj_type = args.pop("type")
        for k, v in default_args.items():
            args.setdefault(k, v)
        return self.module_dict[obj_type](**args)


MODELS = Registry("models")
BACKBONES = Registry("backbones")
HEADS = Registry("heads")
ACTIVATION_LAYERS = Registry("activation")
POOLING_LAYERS = Registry("pooling")
