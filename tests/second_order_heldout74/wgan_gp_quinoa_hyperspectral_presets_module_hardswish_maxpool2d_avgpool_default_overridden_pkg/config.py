"""Experiment presets for the quinoa grain hyperspectral WGAN-GP (saponin-coat screening)."""
from types import SimpleNamespace

BASE = dict(
    bands=8, img=16, latent=32, width=16,
    critic_act="relu", critic_pool="avg",
    gen_act="relu", gen_upsample="nearest",
    gp_lambda=10.0, n_critic=2, lr=1e-4, betas=(0.0, 0.9), batch=16, steps=3,
)

PRESETS = {
    "wgan_gp_v1": dict(critic_act="hardswish", critic_pool="max"),
    "wgan_gp_lowmem": dict(critic_act="hardswish", critic_pool="max", width=8, batch=8),
    "baseline": dict(),
}


def get_config(name):
    base = dict(BASE)
    base.update(PRESETS[name])
    base["preset"] = name
    return SimpleNamespace(**base)
