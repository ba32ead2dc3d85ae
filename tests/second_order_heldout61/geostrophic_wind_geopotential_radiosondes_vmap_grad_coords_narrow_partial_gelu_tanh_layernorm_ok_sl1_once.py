"""Geopotential-height field from radiosonde ascents, trained through geostrophic balance.

Phi(lat, lon, p) is a neural field; the geostrophic wind is  u_g = -(1/f) dPhi/dy,  v_g = (1/f) dPhi/dx,
with the gradient taken w.r.t. the input coordinates by vmap(grad(.)). Height observations and the
balloon-tracked winds both train the field, so the wind loss backpropagates through a gradient.
Blocks are assembled from an act / norm given as class objects.
"""
import argparse
import math
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import grad, vmap

OMEGA, A_EARTH, G0 = 7.292e-5, 6.371e6, 9.80665
DOMAIN = {"lat": (35.0, 55.0), "lon": (-10.0, 20.0), "p": (300.0, 850.0)}


def block(d_in, d_out, act, norm):
    return nn.Sequential(nn.Linear(d_in, d_out), norm(d_out), act())


class GeopotentialNet(nn.Module):
    def __init__(self, width=64, depth=3, act=partial(nn.GELU, approximate="tanh"), norm=nn.LayerNorm, n_freq=4):
        super().__init__()
        self.freqs = 2.0 ** torch.arange(n_freq)
        d_in = 3 + 4 * n_freq
        self.blocks = nn.Sequential(*[block(d_in if i == 0 else width, width, act, norm) for i in range(depth)])
        self.out = nn.Linear(width, 1)

    def encode(self, x):
        lat, lon, logp = (torch.narrow(x, -1, i, 1) for i in range(3))
        ang = torch.cat([lat, lon], dim=-1)[..., None] * self.freqs * math.pi
        return torch.cat([x, torch.sin(ang).flatten(-2), torch.cos(ang).flatten(-2)], dim=-1)

    def forward(self, x):
        return self.out(self.blocks(self.encode(x))).squeeze(-1)


def to_unit(lat, lon, p):
    span = lambda v, k: 2 * (v - DOMAIN[k][0]) / (DOMAIN[k][1] - DOMAIN[k][0]) - 1
    return torch.stack([span(lat, "lat"), span(lon, "lon"), span(p, "p")], dim=-1)


def make_wind_fn(model, phi_scale):
    phi_single = lambda x: model(x.unsqueeze(0)).squeeze(0) * phi_scale
    dphi = vmap(grad(phi_single))

    def winds(lat, lon, p):
        g = dphi(to_unit(lat, lon, p))
        dlat = g[:, 0] * 2 / math.radians(DOMAIN["lat"][1] - DOMAIN["lat"][0])
        dlon = g[:, 1] * 2 / math.radians(DOMAIN["lon"][1] - DOMAIN["lon"][0])
        f = 2 * OMEGA * torch.sin(torch.deg2rad(lat))
        dx = A_EARTH * torch.cos(torch.deg2rad(lat))
        return -dlat / (A_EARTH * f), dlon / (dx * f)

    return winds


def synthetic_soundings(n, gen, smooth):
    """A westerly jet over a meridional height gradient; balloon winds get a moving-average filter."""
    lat = DOMAIN["lat"][0] + 20 * torch.rand(n, generator=gen)
    lon = DOMAIN["lon"][0] + 30 * torch.rand(n, generator=gen)
    p = DOMAIN["p"][0] + 550 * torch.rand(n, generator=gen)
    z = 7000 * torch.log(1000 / p) - 9.0 * (lat - 45) ** 2 / 20 + 40 * torch.sin(torch.deg2rad(4 * lon))
    f = 2 * OMEGA * torch.sin(torch.deg2rad(lat))
    u = -G0 * (-18.0 * (lat - 45) / 20) * (180 / math.pi) / (A_EARTH * f)
    v = G0 * 160.0 * torch.cos(torch.deg2rad(4 * lon)) / (A_EARTH * torch.cos(torch.deg2rad(lat)) * f)
    uv = torch.stack([u, v], 0) + 1.5 * torch.randn(2, n, generator=gen)
    with torch.no_grad():
        uv = smooth(uv.unsqueeze(1)).squeeze(1)
    return lat, lon, p, G0 * z, uv[0], uv[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--n", type=int, default=128)
    ap.add_argument("--wind-weight", type=float, default=0.1)
    ap.add_argument("--smooth-profiles", action="store_true", default=True)
    args = ap.parse_args()

    gen = torch.Generator().manual_seed(29)
    smooth = nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False) if args.smooth_profiles else nn.Identity()
    lat, lon, p, phi_obs, u_obs, v_obs = synthetic_soundings(args.n, gen, smooth)
    phi_mean, phi_scale = phi_obs.mean(), phi_obs.std()
    model = GeopotentialNet()
    winds = make_wind_fn(model, phi_scale)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        phi_hat = model(to_unit(lat, lon, p)) * phi_scale + phi_mean
        u_g, v_g = winds(lat, lon, p)
        height = F.mse_loss(phi_hat / phi_scale, phi_obs / phi_scale)
        wind = F.smooth_l1_loss(torch.stack([u_g, v_g]), torch.stack([u_obs, v_obs]))
        loss = height + args.wind_weight * wind
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} height={height.item():.4f} wind_sl1={wind.item():.3f}")


if __name__ == "__main__":
    main()
