"""Physics-informed network for steady roll patterns of the Swift-Hohenberg equation on a periodic cell.

    r u - (1 + lap)^2 u - u^3 = 0,   (1 + lap)^2 u = u + 2 lap u + lap lap u

The biharmonic term is the Laplacian of the Laplacian: torch.func.hessian of a function that itself returns the
trace of a torch.func.hessian, evaluated per collocation point with vmap over functional_call.
"""
import math

import torch
import torch.nn as nn
from torch.func import functional_call, hessian, vmap

R_CONTROL = 0.3
CELL = 2 * math.pi
N_COLLOC, N_STEPS = 24, 5


class FourierFeatures(nn.Module):
    def __init__(self, n_modes=4):
        super().__init__()
        self.register_buffer("k", torch.arange(1, n_modes + 1, dtype=torch.float32))

    def forward(self, x):
        phase = x.unsqueeze(-1) * self.k                      # (B, 2, M)
        return torch.cat([torch.sin(phase), torch.cos(phase)], dim=-1).flatten(1)


class GatedPatternNet(nn.Module):
    def __init__(self, n_modes=4, width=32):
        super().__init__()
        self.width = width
        self.features = FourierFeatures(n_modes)
        self.lift = nn.Linear(4 * n_modes, 2 * width)
        self.norm = nn.LayerNorm(2 * width)
        self.mix = nn.Linear(width, width)
        self.smooth = nn.SiLU()
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        h = self.norm(self.lift(self.features(x)))
        value = torch.narrow(h, -1, 0, self.width)
        gate = torch.narrow(h, -1, self.width, self.width)
        h = torch.tanh(value) * torch.sigmoid(gate)
        return self.head(self.smooth(self.mix(h)))


def point_field(model):
    def u(params, x):
        return functional_call(model, params, (x.unsqueeze(0),)).squeeze()
    return u


def sh_residual(model, params, x):
    u = point_field(model)

    def lap(p):
        return torch.trace(hessian(u, argnums=1)(params, p))

    bilap = torch.trace(hessian(lap)(x))
    value = u(params, x)
    return R_CONTROL * value - (value + 2 * lap(x) + bilap) - value ** 3


def main():
    torch.manual_seed(0)
    model = GatedPatternNet()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    residual_batch = vmap(sh_residual, in_dims=(None, None, 0))
    for step in range(N_STEPS):
        params = dict(model.named_parameters())
        x = torch.rand(N_COLLOC, 2) * CELL
        res = residual_batch(model, params, x)
        # pin the pattern amplitude so the trivial solution u = 0 is excluded
        amp = model(x).pow(2).mean()
        loss = res.pow(2).mean() + (amp - 0.1).pow(2)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: residual {res.pow(2).mean().item():.4e} amplitude {amp.item():.4f}")


if __name__ == "__main__":
    main()
