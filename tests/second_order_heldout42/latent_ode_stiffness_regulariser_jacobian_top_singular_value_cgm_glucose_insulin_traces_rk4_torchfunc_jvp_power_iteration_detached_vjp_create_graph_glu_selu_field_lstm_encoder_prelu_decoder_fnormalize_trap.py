"""Latent ODE forecaster for continuous-glucose-monitor (CGM) traces with a stiffness regulariser.

The latent dynamics dz/dt = f(t, z, u) are driven by the insulin signal u. To keep the learned field
non-stiff (cheap to integrate with fixed-step RK4) we penalise the top singular value of df/dz at the
visited states: the singular vectors come from a detached power iteration (jvp + vjp), and the
differentiable estimate sigma = ||J^T w|| is a vjp taken with create_graph=True.
"""
import argparse
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import jvp


@dataclass
class HParams:
    obs_len: int = 12      # 5-min samples seen by the encoder
    horizon: int = 6       # forecast steps
    latent: int = 6
    hidden: int = 24
    dt: float = 0.25
    substeps: int = 2
    power_iters: int = 3
    stiff_weight: float = 1e-2
    lr: float = 3e-3
    steps: int = 3
    batch: int = 8


class VectorField(nn.Module):
    def __init__(self, latent, hidden):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(latent + 2, 2 * hidden),
            nn.GLU(dim=-1),
            nn.Linear(hidden, hidden),
            nn.SELU(),
            nn.Linear(hidden, latent),
        )
        self.gain = nn.Parameter(torch.tensor(0.5))

    def forward(self, t, z, u):
        tf = torch.full_like(z[:, :1], t)
        return self.gain * torch.tanh(self.net(torch.cat([z, torch.sin(tf), u], dim=-1)))


class Encoder(nn.Module):
    def __init__(self, latent, hidden):
        super().__init__()
        self.rnn = nn.LSTM(2, hidden, batch_first=True)
        self.to_z = nn.Linear(hidden, latent)

    def forward(self, glucose, insulin):
        _, (h, _) = self.rnn(torch.stack([glucose, insulin], dim=-1))
        return self.to_z(h[-1])


def rk4_step(f, t, z, u, h):
    k1 = f(t, z, u)
    k2 = f(t + h / 2, z + h / 2 * k1, u)
    k3 = f(t + h / 2, z + h / 2 * k2, u)
    k4 = f(t + h, z + h * k3, u)
    return z + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def top_singular_sq(field, t, z, u, iters):
    """sigma_max(df/dz)^2 per sample; power iteration detached, final vjp differentiable."""
    zd = z.detach()
    f_t = lambda zz: field(t, zz, u)
    v = F.normalize(torch.randn_like(zd), dim=-1)
    for _ in range(iters):
        _, jv = jvp(f_t, (zd,), (v,))
        w = F.normalize(jv.detach(), dim=-1)
        zr = zd.clone().requires_grad_(True)
        (jtw,) = torch.autograd.grad(field(t, zr, u), zr, grad_outputs=w)
        v = F.normalize(jtw, dim=-1)
    _, jv = jvp(f_t, (zd,), (v,))
    w = F.normalize(jv.detach(), dim=-1)
    (jtw,) = torch.autograd.grad(field(t, z, u), z, grad_outputs=w, create_graph=True)
    return jtw.pow(2).sum(-1)


def synthetic_cgm(hp, n):
    t = torch.arange(hp.obs_len + hp.horizon, dtype=torch.float32)
    meal = torch.rand(n, 1) * 6
    glucose = 1.0 + 0.4 * torch.exp(-((t - meal) ** 2) / 8.0) + 0.02 * torch.randn(n, t.numel())
    insulin = (torch.rand(n, t.numel()) < 0.1).float() * 0.5
    glucose = glucose - 0.05 * torch.cumsum(insulin, dim=1)
    return glucose[:, :hp.obs_len], insulin[:, :hp.obs_len], glucose[:, hp.obs_len:], insulin[:, hp.obs_len:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stiff-weight", type=float, default=None)
    args = ap.parse_args()
    hp = HParams()
    if args.stiff_weight is not None:
        hp.stiff_weight = args.stiff_weight
    torch.manual_seed(0)
    enc, field = Encoder(hp.latent, hp.hidden), VectorField(hp.latent, hp.hidden)
    dec = nn.Sequential(nn.Linear(hp.latent, hp.hidden), nn.PReLU(), nn.Linear(hp.hidden, 1))
    params = [*enc.parameters(), *field.parameters(), *dec.parameters()]
    opt = torch.optim.Adam(params, lr=hp.lr)
    h = hp.dt / hp.substeps
    for step in range(hp.steps):
        g_obs, i_obs, g_fut, i_fut = synthetic_cgm(hp, hp.batch)
        z = enc(g_obs, i_obs)
        t, preds, stiff, count = 0.0, [], 0.0, 0
        for k in range(hp.horizon):
            u = i_fut[:, k:k + 1]
            for _ in range(hp.substeps):
                stiff = stiff + top_singular_sq(field, t, z, u, hp.power_iters).mean()
                count += 1
                z = rk4_step(field, t, z, u, h)
                t += h
            preds.append(dec(z))
        recon = F.huber_loss(torch.cat(preds, dim=1), g_fut, delta=0.1)
        loss = recon + hp.stiff_weight * stiff / count
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} recon {recon.item():.4f} sigma^2 {(stiff / count).item():.2e}")


if __name__ == "__main__":
    main()
