"""mmfewshot-style config: a ``_base_`` dict and the experiment's overrides, merged by ``Config``."""
import copy

_base_ = dict(
    model=dict(
        type="MAML",
        num_inner_steps=2,
        inner_lr=0.3,
        first_order=False,
        backbone=dict(type="Conv4", channels=16, norm_cfg=dict(type="BN"),
                      act_cfg=dict(type="PReLU"), pool_cfg=dict(type="AvgPool2d", kernel_size=2)),
        head=dict(type="LinearHead", num_ways=4),
    ),
    meta_batch_size=2,
    optimizer=dict(type="Adam", lr=1e-3),
    runner=dict(max_iters=50),
)

overrides = dict(
    model=dict(backbone=dict(act_cfg=dict(type="Hardswish"), pool_cfg=dict(type="MaxPool2d", kernel_size=2))),
    runner=dict(max_iters=3),
)


class Config(dict):
    @staticmethod
    def merge(base, new):
        merged = copy.deepcopy(base)
        for k, v in new.items():
            if isinstance(v, dict) and isinstance(merged.get(k), dict) and "type" not in v:
                merged[k] = Config.merge(merged[k], v)
            elif isinstance(v, dict) and isinstance(merged.get(k), dict) and v.get("type") == merged[k].get("type"):
                merged[k] = Config.merge(merged[k], v)
            else:
                merged[k] = copy.deepcopy(v)
        return merged

    @classmethod
    def fromdict(cls, base, new):
        return cls(cls.merge(base, new))


cfg = Config.fromdict(_base_, overrides)
