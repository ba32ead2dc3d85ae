"""Physics-informed network for the acoustic pressure in a clarinet bore (Webster horn equation).

p_xx + (A'/A) p_x + k^2 p = 0 on x in [0, 1] (mouthpiece to bell), complex p = p_re + i p_im,
closed (reed) end p_x(0) = 0 with unit drive p_re(0) = 1, p_im(0) = 0, open bell p(1) = 0.
The wavenumber k is an input, so one network covers the playing range.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Calculus:
    """Autograd helpers used by the residuals (class-level so that several PINNs can share them)."""

    @staticmethod
    def d(y, x, create_graph=True):
        return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=create_graph)[0]

    @classmethod
    def d_and_d2(cls, y, x, col=0):
        first = cls.d(y, x)[:, col:col + 1]
        second = cls.d(first, x)[:, col:col + 1]
        return first, second

    @classmethod
    def hessian_trace(cls, y, x):
        """Laplacian through the full per-sample Hessian (slow; for 2-D bore models)."""
        g = cls.d(y, x)
        rows = [cls.d(g[:, i:i + 1], x) for i in range(x.shape[1])]
        H = torch.stack(rows, dim=1)
        return torch.stack([torch.trace(H[b]) for b in range(H.shape[0])])


class BorePINN(nn.Module):
    def __init__(self, width=40):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, width), nn.Tanh(), nn.Linear(width, width))
        self.out = nn.Linear(width, 2)

    def forward(self, xk):
        return self.out(F.selu(self.net(xk)))

    @staticmethod
    def split(out):
        p_re = torch.narrow(out, 1, 0, 1)
        p_im = torch.narrow(out, 1, 1, 1)
        return p_re, p_im


def area_ratio(x, flare_start=0.85, flare_len=0.04):
    """A'/A for a cylindrical bore with an exponential bell flare."""
    e = torch.exp((x - flare_start) / flare_len)
    return (e / flare_len) / (1.0 + e)


def residual_loss(model, x, k):
    xk = torch.cat([x, k], dim=1).requires_grad_(True)
    p_re, p_im = BorePINN.split(model(xk))
    ratio = area_ratio(xk[:, :1].detach())
    loss = 0.0
    for p in (p_re, p_im):
        p_x, p_xx = Calculus.d_and_d2(p, xk, col=0)
        loss = loss + (p_xx + ratio * p_x + (k * math.pi) ** 2 * p).pow(2).mean()
    return loss


def boundary_loss(model, k):
    x0 = torch.zeros_like(k)
    xk0 = torch.cat([x0, k], dim=1).requires_grad_(True)
    p_re0, p_im0 = BorePINN.split(model(xk0))
    reed = Calculus.d(p_re0, xk0)[:, :1].pow(2).mean() + Calculus.d(p_im0, xk0)[:, :1].pow(2).mean()
    drive = (p_re0 - 1).pow(2).mean() + p_im0.pow(2).mean()
    bell = model(torch.cat([torch.ones_like(k), k], dim=1)).pow(2).mean()
    return reed + drive + bell


def impedance_head_data(n=24, seed=0):
    """Pressure along the bore measured with a probe microphone, denoised by soft thresholding."""
    g = torch.Generator().manual_seed(seed)
    x = torch.linspace(0, 1, n)[:, None]
    k = torch.full_like(x, 0.5)
    p = torch.cos(0.5 * math.pi * x) + 0.02 * torch.randn(n, 1, generator=g)
    return x, k, F.softshrink(p, 0.01)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--k-min", type=float, default=0.3)
    ap.add_argument("--k-max", type=float, default=1.2)
    ap.add_argument("--w-data", type=float, default=0.5)
    args = ap.parse_args()
    torch.manual_seed(0)
    model = BorePINN()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    xd, kd, pd = impedance_head_data()
    for step in range(args.steps):
        x = torch.rand(128, 1)
        k = args.k_min + (args.k_max - args.k_min) * torch.rand(128, 1)
        kb = args.k_min + (args.k_max - args.k_min) * torch.rand(16, 1)
        l_res = residual_loss(model, x, k)
        l_bc = boundary_loss(model, kb)
        l_data = (BorePINN.split(model(torch.cat([xd, kd], 1)))[0] - pd).pow(2).mean()
        loss = l_res + 10.0 * l_bc + args.w_data * l_data
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: residual {l_res.item():.4f} bc {l_bc.item():.4f} data {l_data.item():.4f}")


if __name__ == "__main__":
    main()
