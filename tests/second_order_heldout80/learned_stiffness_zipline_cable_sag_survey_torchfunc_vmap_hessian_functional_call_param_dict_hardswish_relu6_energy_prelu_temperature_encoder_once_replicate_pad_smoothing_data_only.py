"""Learned elastic energy of a zipline cable from survey data, fitted through its stiffness matrix.

Each sample is a short cable segment: 4 node sag offsets q (metres) and the air temperature.  E(q; T) is a small
net; the survey rig measures the tangent stiffness K = d2E/dq2 (by static pull tests) and the node forces dE/dq.
Training runs on a stateless parameter dict: torch.func.functional_call inside vmap(hessian(...)) / vmap(grad(...)),
then an ordinary backward to the dict's tensors.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, hessian, vmap

log = logging.getLogger("zipline_energy")

N_NODES = 4


class TemperatureEncoder(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.lin = nn.Linear(1, width)
        self.act = nn.PReLU(width)

    def forward(self, temp):
        return self.act(self.lin(temp))


class CableEnergy(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.temp_enc = TemperatureEncoder()
        self.body = nn.Sequential(
            nn.Linear(N_NODES + 8, width),
            nn.Hardswish(),
            nn.Linear(width, width),
            nn.ReLU6(),
            nn.Softsign(),
        )
        self.out = nn.Linear(width, 1)

    def forward(self, q, temp):
        c = self.temp_enc(temp)
        h = self.body(torch.cat([q, c], dim=-1))
        return self.out(h).squeeze(-1) + 0.5 * (q * q).sum(-1)


def smooth_survey(raw):
    kernel = torch.full((1, 1, 3), 1.0 / 3.0)
    with torch.no_grad():
        padded = F.pad(raw.unsqueeze(1), (1, 1), mode="replicate")
        return F.conv1d(padded, kernel).squeeze(1)


def survey_batch(n, gen):
    raw = 0.2 * torch.randn(n, N_NODES, generator=gen)
    temp = 20.0 * torch.rand(n, 1, generator=gen) - 5.0
    q = smooth_survey(raw)
    k_true = torch.diag(torch.tensor([2.0, 3.0, 3.0, 2.0])) - 0.8 * torch.diag(torch.ones(3), 1) \
        - 0.8 * torch.diag(torch.ones(3), -1)
    k_meas = k_true.expand(n, N_NODES, N_NODES) * (1 + 0.01 * temp).view(n, 1, 1)
    f_meas = torch.einsum("bij,bj->bi", k_meas, q)
    return q, temp / 20.0, k_meas, f_meas


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--batch", type=int, default=12)
    ap.add_argument("--force-weight", type=float, default=0.3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(3)
    model = CableEnergy()
    params = {k: v.detach().clone().requires_grad_(True) for k, v in model.named_parameters()}
    opt = torch.optim.Adam(params.values(), lr=1e-3)

    def energy(p, q, temp):
        return functional_call(model, p, (q.unsqueeze(0), temp.unsqueeze(0)))[0]

    stiffness = vmap(hessian(energy, argnums=1), in_dims=(None, 0, 0))
    forces = vmap(grad(energy, argnums=1), in_dims=(None, 0, 0))
    for step in range(args.steps):
        q, temp, k_meas, f_meas = survey_batch(args.batch, gen)
        k_pred = stiffness(params, q, temp)
        f_pred = forces(params, q, temp)
        loss = (k_pred - k_meas).pow(2).mean() + args.force_weight * (f_pred - f_meas).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d loss %.4f |dW| %.3e", step, loss.item(), params["body.0.weight"].grad.abs().sum().item())
    assert params["body.0.weight"].grad is not None and params["temp_enc.act.weight"].grad is not None


if __name__ == "__main__":
    main()
