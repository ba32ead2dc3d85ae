"""WGAN-GP for synthetic maple sap-flow sensor traces (thermal-dissipation probes, 64 samples / day).

Hyper-parameters live in a flat ``DEFAULTS`` dict and are patched by a named preset, the way the
lab's sweep launcher does it (``--preset paper`` reproduces the numbers in the field report).
"""
import argparse
import functools
import logging
from types import SimpleNamespace

import torch
import torch.nn as nn

log = logging.getLogger("sapflow.wgan")

DEFAULTS = dict(
    seq_len=64, latent_dim=16, width=32, critic_act="prelu", critic_pool="max",
    gen_act="leaky_relu", gp_lambda=10.0, n_critic=3, lr=2e-4, betas=(0.0, 0.9),
)

PRESETS = {
    "paper": {"critic_act": "selu", "critic_pool": "avg", "n_critic": 2},
    "debug": {"width": 8, "n_critic": 1},
}

ACTIVATIONS = {
    "prelu": nn.PReLU,
    "selu": nn.SELU,
    "leaky_relu": functools.partial(nn.LeakyReLU, 0.2),
    "tanh": nn.Tanh,
}

POOLS = {
    "max": nn.MaxPool1d,
    "avg": nn.AvgPool1d,
}


def make_config(preset):
    cfg = SimpleNamespace(**DEFAULTS)
    cfg.__dict__.update(PRESETS[preset])
    return cfg


class SapFlowCritic(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        act_cls, pool_cls = ACTIVATIONS[cfg.critic_act], POOLS[cfg.critic_pool]
        w = cfg.width
        self.features = nn.Sequential(
            nn.Conv1d(1, w, 5, padding=2), act_cls(),
            pool_cls(2),
            nn.Conv1d(w, 2 * w, 5, padding=2), act_cls(),
            pool_cls(2),
        )
        self.head = nn.Linear(2 * w * (cfg.seq_len // 4), 1)

    def forward(self, x):
        h = self.features(x.unsqueeze(1))
        return self.head(h.flatten(1)).squeeze(-1)


class SapFlowGenerator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        act = ACTIVATIONS[cfg.gen_act]
        self.net = nn.Sequential(
            nn.Linear(cfg.latent_dim, 64), act(),
            nn.Linear(64, 128), act(),
            nn.Linear(128, cfg.seq_len),
        )

    def forward(self, z):
        return self.net(z)


def synthetic_sap_flow(n, seq_len, gen):
    t = torch.linspace(0, 1, seq_len)
    peak = 0.45 + 0.1 * torch.rand(n, 1, generator=gen)
    amp = 0.5 + torch.rand(n, 1, generator=gen)
    day = amp * torch.exp(-((t - peak) ** 2) / 0.02)
    return day + 0.05 * torch.randn(n, seq_len, generator=gen)


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1)
    mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
    score = critic(mix)
    grad, = torch.autograd.grad(score.sum(), mix, create_graph=True)
    return ((grad.norm(2, dim=1) - 1.0) ** 2).mean()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", default="paper", choices=sorted(PRESETS))
    parser.add_argument("--steps", type=int, default=4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = make_config(args.preset)
    log.info("config %s", vars(cfg))

    gen = torch.Generator().manual_seed(0)
    data = synthetic_sap_flow(256, cfg.seq_len, gen)
    critic, generator = SapFlowCritic(cfg), SapFlowGenerator(cfg)
    opt_c = torch.optim.Adam(critic.parameters(), lr=cfg.lr, betas=cfg.betas)
    opt_g = torch.optim.Adam(generator.parameters(), lr=cfg.lr, betas=cfg.betas)

    for step in range(args.steps):
        for _ in range(cfg.n_critic):
            real = data[torch.randint(0, data.size(0), (32,), generator=gen)]
            fake = generator(torch.randn(32, cfg.latent_dim)).detach()
            gp = gradient_penalty(critic, real, fake)
            loss_c = critic(fake).mean() - critic(real).mean() + cfg.gp_lambda * gp
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        first_w = critic.features[0].weight
        assert first_w.grad is not None and first_w.grad.abs().sum() > 0
        loss_g = -critic(generator(torch.randn(32, cfg.latent_dim))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        log.info("step %d critic %.4f gp %.4f gen %.4f", step, loss_c.item(), gp.item(), loss_g.item())


if __name__ == "__main__":
    main()
