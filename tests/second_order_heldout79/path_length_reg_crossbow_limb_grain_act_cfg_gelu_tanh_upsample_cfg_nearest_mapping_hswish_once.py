"""StyleGAN2-style path-length regularisation for crossbow-limb wood-grain textures (mmgen-like).

Generator pieces are built from ``act_cfg`` / ``upsample_cfg`` dicts through registries; the
path-length term is a registered loss, run every ``pl_interval`` generator steps.
"""
import argparse
import copy
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger("crossbow_pl")


class Registry:
    def __init__(self, name):
        self.name = name
        self.module_dict = {}

    def register_module(self, name=None, module=None):
        def _register(obj):
            self.module_dict[name or obj.__name__] = obj
            return obj
        return _register(module) if module is not None else _register

    def build(self, cfg, **kwargs):
        cfg = copy.deepcopy(cfg)
        obj_cls = self.module_dict[cfg.pop("type")]
        cfg.update(kwargs)
        return obj_cls(**cfg)


MODULES = Registry("module")
ACTIVATION = Registry("activation")
UPSAMPLE = Registry("upsample")
LOSSES = Registry("loss")

ACTIVATION.register_module("LeakyReLU", module=nn.LeakyReLU)
ACTIVATION.register_module("GELU", module=nn.GELU)
ACTIVATION.register_module("Hardswish", module=nn.Hardswish)
ACTIVATION.register_module("SiLU", module=nn.SiLU)
UPSAMPLE.register_module("nearest", module=nn.Upsample)
UPSAMPLE.register_module("pixel_shuffle", module=nn.PixelShuffle)


def build_upsample_layer(cfg):
    cfg = dict(cfg)
    kind = cfg.pop("type")
    if kind == "pixel_shuffle":
        return UPSAMPLE.build(dict(type=kind, upscale_factor=cfg["scale_factor"]))
    return UPSAMPLE.build(dict(type=kind, mode=kind, **cfg))


class MappingNetwork(nn.Module):
    def __init__(self, z_dim, w_dim, num_layers=3, act_cfg=dict(type="LeakyReLU", negative_slope=0.2)):
        super().__init__()
        layers = []
        for i in range(num_layers):
            layers += [nn.Linear(z_dim if i == 0 else w_dim, w_dim), ACTIVATION.build(act_cfg)]
        self.net = nn.Sequential(*layers)

    def forward(self, z):
        z = z * torch.rsqrt(z.pow(2).mean(1, keepdim=True) + 1e-8)
        return self.net(z)


class ModulatedBlock(nn.Module):
    def __init__(self, w_dim, cin, cout, act_cfg, upsample_cfg):
        super().__init__()
        self.affine = nn.Linear(w_dim, cin)
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.upsample = build_upsample_layer(upsample_cfg)
        self.activate = ACTIVATION.build(act_cfg)

    def forward(self, x, w):
        style = self.affine(w)[:, :, None, None] + 1.0
        x = self.upsample(x * style)
        return self.activate(self.conv(x))


@MODULES.register_module()
class GrainGenerator(nn.Module):
    def __init__(self, z_dim=16, w_dim=32, channels=(16, 8), mapping_act_cfg=None,
                 act_cfg=dict(type="LeakyReLU"), upsample_cfg=dict(type="nearest", scale_factor=2)):
        super().__init__()
        self.z_dim = z_dim
        self.mapping = MappingNetwork(z_dim, w_dim, act_cfg=mapping_act_cfg or act_cfg)
        self.const = nn.Parameter(torch.randn(1, channels[0], 4, 4))
        self.blocks = nn.ModuleList(
            [ModulatedBlock(w_dim, channels[0], channels[1], act_cfg, upsample_cfg),
             ModulatedBlock(w_dim, channels[1], channels[1], act_cfg, upsample_cfg)])
        self.to_rgb = nn.Conv2d(channels[1], 1, 1)

    def synthesis(self, w):
        x = self.const.expand(w.size(0), -1, -1, -1)
        for block in self.blocks:
            x = block(x, w)
        return self.to_rgb(x)

    def forward(self, z, return_latents=False):
        w = self.mapping(z)
        img = self.synthesis(w)
        return (img, w) if return_latents else img


@MODULES.register_module()
class GrainDiscriminator(nn.Module):
    def __init__(self, channels=8):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(1, channels, 3, padding=1), nn.LeakyReLU(0.2),
                                 nn.Conv2d(channels, channels, 3, stride=2, padding=1), nn.LeakyReLU(0.2),
                                 nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(channels, 1))

    def forward(self, x):
        return self.net(x)


@LOSSES.register_module()
class GeneratorPathRegularizer(nn.Module):
    def __init__(self, loss_weight=2.0, pl_batch_shrink=1, decay=0.01):
        super().__init__()
        self.loss_weight = loss_weight
        self.pl_batch_shrink = pl_batch_shrink
        self.decay = decay
        self.register_buffer("mean_path_length", torch.zeros(()))

    def forward(self, generator, num_batches):
        z = torch.randn(max(num_batches // self.pl_batch_shrink, 1), generator.z_dim)
        fake_img, latents = generator(z, return_latents=True)
        noise = torch.randn_like(fake_img) / math.sqrt(fake_img.shape[2] * fake_img.shape[3])
        (grad,) = torch.autograd.grad((fake_img * noise).sum(), latents, create_graph=True)
        path_lengths = grad.pow(2).sum(1).sqrt()
        with torch.no_grad():
            self.mean_path_length.add_(self.decay * (path_lengths.mean() - self.mean_path_length))
        return self.loss_weight * (path_lengths - self.mean_path_length).pow(2).mean()


cfg = dict(
    generator=dict(type="GrainGenerator", z_dim=16, w_dim=32, mapping_act_cfg=dict(type="Hardswish"),
                   act_cfg=dict(type="GELU", approximate="tanh"),
                   upsample_cfg=dict(type="nearest", scale_factor=2)),
    discriminator=dict(type="GrainDiscriminator", channels=8),
    pl_loss=dict(type="GeneratorPathRegularizer", loss_weight=2.0),
    train_cfg=dict(pl_interval=2, batch_size=8),
)


def grain_textures(n, size=16):
    x = torch.linspace(0, 1, size)
    freq = 4 + 4 * torch.rand(n, 1, 1, 1)
    waves = torch.sin(2 * math.pi * freq * (x[None, None, None, :] + 0.2 * torch.sin(6 * x)[None, None, :, None]))
    return waves + 0.1 * torch.randn(n, 1, size, size)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    gen = MODULES.build(cfg["generator"])
    disc = MODULES.build(cfg["discriminator"])
    pl_loss = LOSSES.build(cfg["pl_loss"])
    bs = cfg["train_cfg"]["batch_size"]
    opt_g = torch.optim.Adam(gen.parameters(), lr=2e-3, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(disc.parameters(), lr=2e-3, betas=(0.0, 0.99))
    for it in range(args.iters):
        real = grain_textures(bs)
        fake = gen(torch.randn(bs, gen.z_dim)).detach()
        loss_d = F.softplus(disc(fake)).mean() + F.softplus(-disc(real)).mean()
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()

        loss_g = F.softplus(-disc(gen(torch.randn(bs, gen.z_dim)))).mean()
        if it % cfg["train_cfg"]["pl_interval"] == 0:
            loss_pl = pl_loss(gen, bs)
            loss_g = loss_g + loss_pl
            logger.info("iter %d path-length %.4f", it, loss_pl.item())
        opt_g.zero_grad()
        loss_g.backward()
        assert gen.blocks[0].conv.weight.grad is not None
        opt_g.step()
        logger.info("iter %d loss_d %.4f loss_g %.4f", it, loss_d.item(), loss_g.item())


if __name__ == "__main__":
    main()
