"""Stationary Fokker-Planck PINN for the (elevation, azimuth) angle density of a tethered power kite.

log p(x) is a state-dependent Gaussian mixture; the stationary FPE in log form,
    D (lap q + |grad q|^2) - (div f + f . grad q) = 0,
is enforced with torch.func (vmap over points of grad / hessian of a functional_call). Telemetry histograms
enter as a KL term. Lightning-style module + Trainer; configuration lives on a class (self.cfg.X).
"""
import math
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, hessian, vmap


class KiteConfig:
    SEED = 4
    WIDTH = 24
    K = 4                      # mixture components
    DIFFUSION = 0.05           # turbulence-driven angular diffusion (rad^2/s)
    LOOP_GAIN = 1.2            # figure-of-eight steering controller
    W_RES = 1.0
    W_NORM = 0.1
    W_KL = 0.5
    N_COLLOC = 64
    N_BINS = 8
    LR = 3e-3
    MAX_STEPS = 3
    THETA = (0.2, 1.3)         # elevation window (rad)
    PHI = (-1.0, 1.0)          # azimuth window (rad)


def drift(x, cfg):
    """Closed-loop angular drift of the kite (crude figure-of-eight) and its divergence."""
    th, ph = x[..., 0], x[..., 1]
    f_th = -cfg.LOOP_GAIN * (th - 0.7) + 0.8 * torch.sin(2 * ph)
    f_ph = -cfg.LOOP_GAIN * ph * (1.0 + 0.5 * torch.cos(th))
    div = -cfg.LOOP_GAIN - cfg.LOOP_GAIN * (1.0 + 0.5 * torch.cos(th))
    return torch.stack([f_th, f_ph], dim=-1), div


class MixtureLogDensity(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.feat = nn.Linear(2, cfg.WIDTH)
        self.hidden = nn.Linear(cfg.WIDTH, cfg.WIDTH)
        self.logits = nn.Linear(cfg.WIDTH, cfg.K)
        self.means = nn.Parameter(torch.stack([torch.linspace(0.4, 1.0, cfg.K), torch.linspace(-0.6, 0.6, cfg.K)], -1))
        self.log_scales = nn.Parameter(torch.full((cfg.K, 2), -1.0))

    def forward(self, x):
        h = F.elu(self.feat(x))
        h = self.hidden(h)
        h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6)   # RMS norm (F.normalize breaks under hessian)
        log_w = F.log_softmax(self.logits(h), dim=-1)
        z = (x.unsqueeze(-2) - self.means) / self.log_scales.exp()
        log_comp = -0.5 * z.pow(2).sum(-1) - self.log_scales.sum(-1) - math.log(2 * math.pi)
        return torch.logsumexp(log_w + log_comp, dim=-1)


class FokkerPlanckModule(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.cfg = config
        self.logp = MixtureLogDensity(config)

    def configure_optimizers(self):
        return torch.optim.Adam(self.logp.parameters(), lr=self.cfg.LR)

    def _q(self, params, x):
        return functional_call(self.logp, params, (x,))

    def residual(self, x):
        params = dict(self.logp.named_parameters())
        gq = vmap(grad(self._q, argnums=1), in_dims=(None, 0))(params, x)
        hq = vmap(hessian(self._q, argnums=1), in_dims=(None, 0))(params, x)
        lap = hq.diagonal(dim1=-2, dim2=-1).sum(-1)
        f, div_f = drift(x, self.cfg)
        return self.cfg.DIFFUSION * (lap + gq.pow(2).sum(-1)) - (div_f + (f * gq).sum(-1))

    def training_step(self, batch, batch_idx):
        colloc, bin_centres, hist = batch
        res = self.residual(colloc).pow(2).mean()
        area = (self.cfg.THETA[1] - self.cfg.THETA[0]) * (self.cfg.PHI[1] - self.cfg.PHI[0])
        log_mass = torch.logsumexp(self.logp(colloc), 0) - math.log(colloc.shape[0]) + math.log(area)
        norm = log_mass.pow(2)
        log_bins = F.log_softmax(self.logp(bin_centres), dim=0)
        kl = F.kl_div(log_bins, hist, reduction="sum")
        loss = self.cfg.W_RES * res + self.cfg.W_NORM * norm + self.cfg.W_KL * kl
        return loss, {"res": res.item(), "log_mass": log_mass.item(), "kl": kl.item()}


def make_batch(cfg, gen):
    lo = torch.tensor([cfg.THETA[0], cfg.PHI[0]])
    hi = torch.tensor([cfg.THETA[1], cfg.PHI[1]])
    colloc = lo + (hi - lo) * torch.rand(cfg.N_COLLOC, 2, generator=gen)
    t = torch.linspace(0, 1, cfg.N_BINS)
    centres = lo + (hi - lo) * torch.stack([t, t.flip(0)], -1)
    hist = torch.softmax(-((centres - torch.tensor([0.7, 0.0])) ** 2).sum(-1) / 0.1, 0)   # telemetry counts
    return colloc, centres, hist


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg

    def fit(self, module):
        gen = torch.Generator().manual_seed(self.cfg.SEED)
        opt = module.configure_optimizers()
        for step in range(self.cfg.MAX_STEPS):
            t0 = time.time()
            loss, logs = module.training_step(make_batch(self.cfg, gen), step)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            print(f"step {step} loss={loss.item():.4f} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items())
                  + f" ({time.time() - t0:.2f}s)")


if __name__ == "__main__":
    torch.manual_seed(KiteConfig.SEED)
    Trainer(KiteConfig).fit(FokkerPlanckModule(KiteConfig))
