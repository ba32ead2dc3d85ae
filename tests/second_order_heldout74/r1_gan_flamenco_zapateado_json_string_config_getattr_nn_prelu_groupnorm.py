"""Non-saturating GAN with R1 on onset envelopes of flamenco zapateado (footwork) recordings.

The experiment is described by one JSON document (it is also written into the run's metadata), and
layers are resolved by name from ``torch.nn`` so the JSON can name any module.
"""
import argparse
import json
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("zapateado")

EXPERIMENT = """
{
  "data": {"length": 128, "clips": 160},
  "disc": {"act": "PReLU", "act_kwargs": {"num_parameters": 1},
           "norm": "GroupNorm", "groups": 4, "width": 16},
  "gen": {"act": "ReLU", "act_kwargs": {}, "latent": 20},
  "reg": {"r1_gamma": 2.0},
  "optim": {"lr": 2e-4, "steps": 4, "batch": 16}
}
"""


def deep_update(base, extra):
    for k, v in extra.items():
        if isinstance(v, dict) and isinstance(base.get(k), dict):
            deep_update(base[k], v)
        else:
            base[k] = v
    return base


def make_act(spec):
    return getattr(nn, spec["act"])(**spec.get("act_kwargs", {}))


class DiscBlock(nn.Module):
    def __init__(self, cin, cout, spec):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 5, stride=2, padding=2)
        self.norm = getattr(nn, spec["norm"])(spec["groups"], cout)
        self.act = make_act(spec)

    def forward(self, x):
        return self.act(self.norm(self.conv(x)))


class OnsetDiscriminator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        spec, w = cfg["disc"], cfg["disc"]["width"]
        self.blocks = nn.ModuleList([DiscBlock(1, w, spec), DiscBlock(w, 2 * w, spec), DiscBlock(2 * w, 2 * w, spec)])
        self.out = nn.Linear(2 * w * (cfg["data"]["length"] // 8), 1)

    def forward(self, x):
        h = x.unsqueeze(1)
        for block in self.blocks:
            h = block(h)
        return self.out(h.flatten(1)).squeeze(1)


class OnsetGenerator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.latent = cfg["gen"]["latent"]
        self.net = nn.Sequential(nn.Linear(self.latent, 96), make_act(cfg["gen"]), nn.Linear(96, cfg["data"]["length"]))

    def forward(self, z):
        return torch.sigmoid(self.net(z))


def synthetic_onsets(clips, length, gen):
    env = torch.zeros(clips, length)
    for i in range(clips):
        period = int(torch.randint(6, 12, (1,), generator=gen))
        env[i, ::period] = 1.0
    return (env + 0.05 * torch.rand(clips, length, generator=gen)).clamp(0, 1)


def r1(disc, real):
    real = real.detach().requires_grad_(True)
    g, = torch.autograd.grad(disc(real).sum(), real, create_graph=True)
    return g.pow(2).sum(1).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--override", default="{}", help="JSON merged into the experiment")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = deep_update(json.loads(EXPERIMENT), json.loads(args.override))
    gen = torch.Generator().manual_seed(11)
    data = synthetic_onsets(cfg["data"]["clips"], cfg["data"]["length"], gen)
    D, G = OnsetDiscriminator(cfg), OnsetGenerator(cfg)
    opt = cfg["optim"]
    opt_d = torch.optim.Adam(D.parameters(), lr=opt["lr"], betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(G.parameters(), lr=opt["lr"], betas=(0.0, 0.99))
    gamma = cfg["reg"]["r1_gamma"]
    for step in range(opt["steps"]):
        real = data[torch.randint(0, data.size(0), (opt["batch"],), generator=gen)]
        fake = G(torch.randn(opt["batch"], G.latent))
        penalty = r1(D, real)
        loss_d = F.softplus(D(fake.detach())).mean() + F.softplus(-D(real)).mean() + 0.5 * gamma * penalty
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        assert D.blocks[0].act.weight.grad is not None
        loss_g = F.softplus(-D(fake)).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        log.info("step %d D %.4f R1 %.5f G %.4f", step, loss_d.item(), penalty.item(), loss_g.item())


if __name__ == "__main__":
    main()
