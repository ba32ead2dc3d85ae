"""Tonotopic map of the basilar membrane: predict the travelling-wave envelope along the cochlea for a pure tone.

For a stimulus frequency f the model outputs a distribution over 64 positions from base (x = 0) to apex (x = 1);
targets follow the Greenwood map f = A (10^(a (1 - x)) - k) with a frequency-dependent envelope width. Training
uses a KL loss and a membrane-curvature prior written as a finite second difference along x. The local tonotopic
slope d(centroid)/d(log f) is logged with torch.func.jacrev on detached weights; it is never trained on.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jacrev

GREENWOOD = dict(A=165.4, a=2.1, k=0.88)
POSITIONS = 64


def greenwood_place(freq_hz):
    g = GREENWOOD
    return 1.0 - torch.log10(freq_hz / g["A"] + g["k"]) / g["a"]


def target_envelope(freq_hz, n=POSITIONS):
    x = torch.linspace(0, 1, n)
    centre = greenwood_place(freq_hz).unsqueeze(1)
    width = 0.03 + 0.04 * (1 - centre)
    logits = -((x - centre) ** 2) / (2 * width ** 2) - 3.0 * F.relu(x - centre)
    return torch.softmax(logits, dim=1)


class EnvelopeNet(nn.Module):
    def __init__(self, hidden=64, fine=128):
        super().__init__()
        self.stim = nn.Sequential(nn.Linear(2, hidden), nn.Softshrink(0.05))
        self.body = nn.Sequential(nn.Linear(hidden, hidden), nn.PReLU(), nn.Linear(hidden, hidden),
                                  nn.GELU(approximate="tanh"), nn.Linear(hidden, fine))
        self.to_places = nn.AdaptiveAvgPool1d(POSITIONS)

    def forward(self, log_f):
        z = torch.stack([log_f, log_f ** 2], dim=-1)
        fine = self.body(self.stim(z))
        return F.log_softmax(self.to_places(fine.unsqueeze(-2)).squeeze(-2), dim=-1)


def curvature_prior(log_env):
    second_diff = torch.diff(log_env, n=2, dim=-1)
    return (second_diff ** 2).mean()


def centroid(model, params, log_f):
    x = torch.linspace(0, 1, POSITIONS)
    env = functional_call(model, params, (log_f,)).exp()
    return (env * x).sum(-1)


@torch.no_grad()
def tonotopic_slope(model, log_f):
    params = {k: v.detach() for k, v in model.named_parameters()}
    jac = jacrev(lambda lf: centroid(model, params, lf))(log_f)      # (B, B), tones are independent
    return torch.diagonal(jac).mean().item()


def sample_tones(n):
    log_f = math.log(200.0) + (math.log(12000.0) - math.log(200.0)) * torch.rand(n)
    return log_f, torch.exp(log_f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--w-curv", type=float, default=0.05)
    args = ap.parse_args()
    torch.manual_seed(0)
    model = EnvelopeNet()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for step in range(args.steps):
        log_f, f_hz = sample_tones(args.batch)
        scaled = (log_f - 7.0) / 2.0
        log_env = model(scaled)
        kl = F.kl_div(log_env, target_envelope(f_hz), reduction="batchmean")
        loss = kl + args.w_curv * curvature_prior(log_env)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}  kl {kl.item():.4f}  d centroid / d log f {tonotopic_slope(model, scaled):+.4f}")


if __name__ == "__main__":
    main()
