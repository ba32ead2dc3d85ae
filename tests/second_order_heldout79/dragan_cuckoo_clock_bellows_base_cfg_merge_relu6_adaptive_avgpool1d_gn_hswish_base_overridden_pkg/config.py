"""Python config with an mmcv-style ``_base_`` dict merged by ``merge_cfg``."""
import copy

_base_ = dict(
    model=dict(
        generator=dict(type="BellowsGenerator", noise_dim=16, length=64, act_cfg=dict(type="ReLU")),
        critic=dict(type="BellowsCritic", in_channels=1, channels=(16, 32),
                    norm_cfg=dict(type="GN", num_groups=4), act_cfg=dict(type="Hardswish"),
                    pool_cfg=dict(type="GAP", output_size=1)),
    ),
    gp_loss=dict(type="DraganPenalty", loss_weight=10.0, perturb_scale=0.5),
    optimizer=dict(lr=2e-4, betas=(0.5, 0.9)),
    total_iters=20,
)

experiment = dict(
    model=dict(critic=dict(norm_cfg=dict(_delete_=True, type="BN"), act_cfg=dict(type="ReLU6"))),
    total_iters=4,
    batch_size=16,
)


def merge_cfg(base, override):
    out = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict) and not value.get("_delete_", False):
            out[key] = merge_cfg(out[key], value)
        else:
            value = copy.deepcopy(value)
            if isinstance(value, dict):
                value.pop("_delete_", None)
            out[key] = value
    return out


def load_config():
    return merge_cfg(_base_, experiment)
