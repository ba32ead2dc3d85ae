"""Experiment presets for few-shot diatom frustule identification."""
from types import SimpleNamespace

PRESETS = {
    "shufflenet": dict(arch="shufflenet_v2_x0_5", inner_lr=0.3, inner_steps=1),
    "mobilenet_v3": dict(arch="mobilenet_v3_small", inner_lr=0.1, inner_steps=2),
}


def load_config(preset="shufflenet", **overrides):
    base = dict(n_way=3, k_shot=2, k_query=2, res=32, meta_lr=1e-3, tasks_per_batch=2, meta_iters=2)
    base.update(PRESETS[preset])
    base.update(overrides)
    return SimpleNamespace(**base)
