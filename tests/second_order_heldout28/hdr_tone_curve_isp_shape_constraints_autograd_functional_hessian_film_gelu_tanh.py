"""Scene-adaptive global tone curve for a camera ISP, with shape constraints.

A small encoder reads the 16-bin log-luminance histogram and produces FiLM parameters;
the curve network maps log-luminance to display value. Training fits a filmic target
and penalises non-monotone slopes and convex highlights, using
torch.autograd.functional.hessian over the luminance samples (diagonal = f''(v)).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian

CFG = {"bins": 16, "hidden": 16, "n_lum": 24, "lambda_mono": 1.0, "lambda_concave": 0.1, "steps": 3}


class HistogramEncoder(nn.Module):
    def __init__(self, bins, hidden):
        super().__init__()
        self.conv = nn.Conv1d(1, 4, 3, padding=1)
        self.pool = nn.AvgPool1d(2)
        self.act = nn.ReLU6()
        self.fc = nn.Linear(4 * bins // 2, 2 * hidden)

    def forward(self, hist):
        h = self.act(self.pool(self.conv(hist[:, None])))
        gamma, beta = self.fc(h.flatten(1)).chunk(2, dim=-1)
        return gamma, beta


class ToneCurve(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.inp = nn.Linear(1, hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.mid_act = nn.CELU()
        self.out = nn.Linear(hidden, 1)

    def forward(self, v, gamma, beta):
        h = F.gelu(self.inp(v[:, None]), approximate="tanh")
        h = h * (1 + gamma) + beta
        return torch.sigmoid(self.out(self.mid_act(self.mid(h)))).squeeze(-1)


def filmic_target(v):
    x = torch.exp(v) * 0.6
    return (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14)


def random_scene(bins):
    mu, sd = torch.randn(1) * 0.8, 0.5 + torch.rand(1)
    samples = mu + sd * torch.randn(2048)
    hist = torch.histc(samples, bins=bins, min=-4.0, max=4.0)
    return hist / hist.sum()


def main():
    torch.manual_seed(0)
    encoder, curve = HistogramEncoder(CFG["bins"], CFG["hidden"]), ToneCurve(CFG["hidden"])
    opt = torch.optim.Adam(list(encoder.parameters()) + list(curve.parameters()), lr=1e-3)
    for step in range(CFG["steps"]):
        hist = random_scene(CFG["bins"])[None]
        gamma, beta = encoder(hist)
        v = torch.linspace(-3.0, 2.0, CFG["n_lum"]).requires_grad_(True)
        y = curve(v, gamma, beta)
        slope = torch.autograd.grad(y.sum(), v, create_graph=True)[0]
        H = hessian(lambda lum: curve(lum, gamma, beta).sum(), v, create_graph=True)
        curvature = torch.diagonal(H)
        highlights = v.detach() > 0.0
        fit = F.mse_loss(y, filmic_target(v.detach()))
        mono = F.relu(-slope).pow(2).mean()
        concave = F.relu(curvature[highlights]).pow(2).mean()
        loss = fit + CFG["lambda_mono"] * mono + CFG["lambda_concave"] * concave
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} fit {fit.item():.4f} mono {mono.item():.5f} concave {concave.item():.5f}")


if __name__ == "__main__":
    main()
