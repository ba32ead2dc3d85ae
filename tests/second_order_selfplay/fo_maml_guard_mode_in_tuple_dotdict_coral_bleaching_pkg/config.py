"""Coral bleaching few-shot settings, a nested dict read through a small dot-access wrapper."""


class DotDict:
    def __init__(self, d):
        self.__dict__.update({k: DotDict(v) if isinstance(v, dict) else v for k, v in d.items()})


cfg = DotDict({
    "meta": {"mode": "fomaml", "inner_lr": 0.1, "tasks": 2},
    "model": {"hidden": 16, "bands": 5},
})
