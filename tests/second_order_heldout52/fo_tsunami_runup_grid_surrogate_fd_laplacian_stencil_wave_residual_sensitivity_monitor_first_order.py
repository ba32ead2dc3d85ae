"""Physics-regularised grid surrogate for tsunami run-up in a coastal embayment (first order only).

A small conv net advances the sea-surface elevation eta on a 2-D grid: (eta^{n-1}, eta^n, bathymetry) -> eta^{n+1}.
Besides the data loss against a linear shallow-water solver, a wave-equation residual
    (eta^{n+1} - 2 eta^n + eta^{n-1}) - dt^2 g h Laplacian(eta^n)
is penalised, with the Laplacian taken by a fixed 5-point finite-difference stencil (conv2d), not by autograd.
A bathymetry-sensitivity map d(run-up)/d(depth) is logged for the hazard report; it is not trained on.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

G = 9.81


def laplacian_stencil(dx):
    k = torch.tensor([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]]) / dx ** 2
    return k.view(1, 1, 3, 3)


class StepNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.enc = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(3, ch, 3), nn.GELU(approximate="tanh"))
        self.down = nn.AvgPool2d(2)
        self.mid = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(ch, ch, 3), nn.GELU(approximate="tanh"))
        self.dec = nn.Conv2d(2 * ch, 1, 3, padding=1)

    def forward(self, eta_prev, eta, depth):
        x = torch.cat([eta_prev, eta, depth], dim=1)
        h = self.enc(x)
        m = F.interpolate(self.mid(self.down(h)), size=h.shape[-2:], mode="bilinear", align_corners=False)
        return eta + self.dec(torch.cat([h, m], dim=1))


class LinearSWE:
    """Reference leapfrog solver of eta_tt = g h Laplacian(eta) with reflective walls."""

    def __init__(self, dx, dt):
        self.k, self.dt = laplacian_stencil(dx), dt

    def lap(self, eta):
        return F.conv2d(F.pad(eta, (1, 1, 1, 1), mode="replicate"), self.k)

    @torch.no_grad()
    def step(self, eta_prev, eta, depth):
        return 2 * eta - eta_prev + self.dt ** 2 * G * depth * self.lap(eta)


def make_scene(batch, n, solver):
    yy, xx = torch.meshgrid(torch.linspace(0, 1, n), torch.linspace(0, 1, n), indexing="ij")
    depth = (0.05 + 0.4 * (1 - xx) ** 1.5).expand(batch, 1, n, n).clone()
    depth = depth * (1 + 0.1 * torch.rand(batch, 1, 1, 1))
    src = torch.exp(-((xx - 0.15) ** 2 + (yy - 0.5 - 0.2 * torch.rand(batch, 1, 1, 1)) ** 2) / 0.01)
    eta0 = 0.02 * src.view(batch, 1, n, n)
    eta1 = solver.step(eta0, eta0, depth)
    eta2 = solver.step(eta0, eta1, depth)
    return eta0, eta1, eta2, depth


def physics_residual(solver, eta_prev, eta, eta_next, depth):
    """Leapfrog residual, scaled by dt^2 so that it is in metres like the data term."""
    second_difference = eta_next - 2 * eta + eta_prev
    return second_difference - solver.dt ** 2 * G * depth * solver.lap(eta)


def runup_sensitivity(model, eta_prev, eta, depth):
    depth = depth.detach().requires_grad_(True)
    pred = model(eta_prev, eta, depth)
    runup = pred[..., -4:].amax(dim=(-1, -2)).sum()
    (sens,) = torch.autograd.grad(runup, depth, retain_graph=False)
    return sens.abs().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--grid", type=int, default=32)
    ap.add_argument("--w-phys", type=float, default=10.0)
    args = ap.parse_args()
    torch.manual_seed(0)
    solver = LinearSWE(dx=1.0 / (args.grid - 1), dt=2e-3)
    model = StepNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        eta0, eta1, eta2, depth = make_scene(4, args.grid, solver)
        pred = model(eta0, eta1, depth)
        loss_data = F.smooth_l1_loss(pred, eta2, beta=1e-3)
        loss_phys = physics_residual(solver, eta0, eta1, pred, depth).pow(2).mean()
        loss = loss_data + args.w_phys * loss_phys
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}  data {loss_data.item():.2e}  wave residual {loss_phys.item():.2e}  "
              f"run-up sensitivity {runup_sensitivity(model, eta0, eta1, depth):.3e}")


if __name__ == "__main__":
    main()
