"""WGAN-GP on wicker-basket weave tension profiles, written mmgen-style.

Layers are built from config dicts through small registries (``build_activation_layer`` /
``build_norm_layer``), the gradient penalty is a ``LOSSES`` entry built from ``train_cfg``.
"""
import argparse
import copy
import logging

import torch
import torch.nn as nn

logger = logging.getLogger("wicker_gan")


class Registry:
    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None, module=None, force=False):
        def _register(cls):
            key = name or cls.__name__
            if key in self._module_dict and not force:
                raise KeyError(f"{key} is already registered in {self.name}")
            self._module_dict[key] = cls
            return cls
        if module is not None:
            return _register(module)
        return _register

    def get(self, key):
        return self._module_dict[key]

    def build(self, cfg, **default_args):
        return build_from_cfg(cfg, self, default_args)


def build_from_cfg(cfg, registry, default_args=None):
    args = copy.deepcopy(cfg)
    for k, v in (default_args or {}).items():
        args.setdefault(k, v)
    obj_type = args.pop("type")
    obj_cls = registry.get(obj_type) if isinstance(obj_type, str) else obj_type
    return obj_cls(**args)


MODELS = Registry("model")
LOSSES = Registry("loss")
ACTIVATION_LAYERS = Registry("activation layer")
NORM_LAYERS = Registry("norm layer")

ACTIVATION_LAYERS.register_module("ReLU", module=nn.ReLU)
ACTIVATION_LAYERS.register_module("LeakyReLU", module=nn.LeakyReLU)
ACTIVATION_LAYERS.register_module("SELU", module=nn.SELU)
ACTIVATION_LAYERS.register_module("Hardswish", module=nn.Hardswish)
NORM_LAYERS.register_module("LN", module=nn.LayerNorm)
NORM_LAYERS.register_module("GN", module=nn.GroupNorm)


def build_activation_layer(cfg):
    return ACTIVATION_LAYERS.build(cfg)


def build_norm_layer(cfg, num_features):
    cfg = dict(cfg)
    if cfg["type"] == "GN":
        cfg.setdefault("num_channels", num_features)
        cfg.setdefault("num_groups", 4)
    else:
        cfg.setdefault("normalized_shape", num_features)
    return cfg["type"].lower(), NORM_LAYERS.build(cfg)


class LinearModule(nn.Module):
    """Linear -> (norm) -> act, like mmcv's ConvModule for 1-D features."""

    def __init__(self, in_dim, out_dim, norm_cfg=None, act_cfg=dict(type="ReLU")):
        super().__init__()
        self.fc = nn.Linear(in_dim, out_dim)
        self.with_norm = norm_cfg is not None
        if self.with_norm:
            self.norm_name, norm = build_norm_layer(norm_cfg, out_dim)
            self.add_module(self.norm_name, norm)
        self.activate = build_activation_layer(act_cfg) if act_cfg is not None else nn.Identity()

    def forward(self, x):
        x = self.fc(x)
        if self.with_norm:
            x = getattr(self, self.norm_name)(x)
        return self.activate(x)


@MODELS.register_module()
class TensionGenerator(nn.Module):
    def __init__(self, noise_dim, out_dim, base_channels=64, act_cfg=dict(type="ReLU")):
        super().__init__()
        self.noise_dim = noise_dim
        self.body = nn.Sequential(
            LinearModule(noise_dim, base_channels, act_cfg=act_cfg),
            LinearModule(base_channels, base_channels, act_cfg=act_cfg),
            nn.Linear(base_channels, out_dim),
        )

    def forward(self, z):
        return self.body(z)


@MODELS.register_module()
class TensionCritic(nn.Module):
    def __init__(self, in_dim, base_channels=64, norm_cfg=None, act_cfg=dict(type="LeakyReLU")):
        super().__init__()
        self.blocks = nn.ModuleList([
            LinearModule(in_dim, base_channels, norm_cfg=norm_cfg, act_cfg=act_cfg),
            LinearModule(base_channels, base_channels, norm_cfg=norm_cfg, act_cfg=act_cfg),
        ])
        self.head = nn.Linear(base_channels, 1)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(x)


@LOSSES.register_module()
class GradientPenaltyLoss(nn.Module):
    def __init__(self, loss_weight=10.0, norm_mode="pixel"):
        super().__init__()
        self.loss_weight = loss_weight
        self.norm_mode = norm_mode

    def forward(self, critic, real, fake):
        alpha = torch.rand(real.size(0), 1)
        interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
        score = critic(interp)
        grad = torch.autograd.grad(score.sum(), interp, create_graph=True)[0]
        return self.loss_weight * ((grad.norm(2, dim=1) - 1) ** 2).mean()


@LOSSES.register_module()
class R1GradientPenalty(nn.Module):
    def __init__(self, loss_weight=1.0):
        super().__init__()
        self.loss_weight = loss_weight

    def forward(self, critic, real, fake=None):
        real = real.detach().requires_grad_(True)
        grad = torch.autograd.grad(critic(real).sum(), real, create_graph=True)[0]
        return self.loss_weight * grad.pow(2).sum(1).mean()


cfg = dict(
    generator=dict(type="TensionGenerator", noise_dim=16, out_dim=24, act_cfg=dict(type="Hardswish")),
    discriminator=dict(type="TensionCritic", in_dim=24, norm_cfg=dict(type="LN"), act_cfg=dict(type="SELU")),
    train_cfg=dict(disc_steps=2, gp_loss=dict(type="GradientPenaltyLoss", loss_weight=10.0)),
    optimizer=dict(lr=2e-4, betas=(0.5, 0.9)),
)


def weave_tension_batch(n, dim=24):
    t = torch.linspace(0, 6.28, dim)
    phase = torch.rand(n, 1) * 6.28
    return torch.sin(t * 2 + phase) + 0.1 * torch.randn(n, dim)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iters", type=int, default=4)
    parser.add_argument("--batch-size", type=int, default=32)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)

    gen = MODELS.build(cfg["generator"])
    disc = MODELS.build(cfg["discriminator"])
    gp_loss = LOSSES.build(cfg["train_cfg"]["gp_loss"])
    opt_g = torch.optim.Adam(gen.parameters(), **cfg["optimizer"])
    opt_d = torch.optim.Adam(disc.parameters(), **cfg["optimizer"])

    for it in range(args.iters):
        for _ in range(cfg["train_cfg"]["disc_steps"]):
            real = weave_tension_batch(args.batch_size)
            with torch.no_grad():
                fake = gen(torch.randn(args.batch_size, gen.noise_dim))
            loss_gp = gp_loss(disc, real, fake)
            loss_d = disc(fake).mean() - disc(real).mean() + loss_gp
            opt_d.zero_grad()
            loss_d.backward()
            assert disc.head.weight.grad is not None
            opt_d.step()
        fake = gen(torch.randn(args.batch_size, gen.noise_dim))
        loss_g = -disc(fake).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        logger.info("iter %d loss_d %.4f gp %.4f loss_g %.4f", it, loss_d.item(), loss_gp.item(), loss_g.item())


if __name__ == "__main__":
    main()
