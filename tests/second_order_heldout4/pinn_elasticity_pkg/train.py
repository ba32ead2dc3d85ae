"""Train the elasticity PINN on a unit square clamped at x = 0 under a uniform body force."""
import torch

from losses import equilibrium_residual
from models import DisplacementNet


def run(iters=5000, n=512, lr=1e-3):
    model = DisplacementNet()
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    force = torch.tensor([[0.0, -1.0]])
    for _ in range(iters):
        xy = torch.rand(n, 2, requires_grad=True)
        clamp = torch.cat([torch.zeros(n // 4, 1), torch.rand(n // 4, 1)], dim=1)
        loss = equilibrium_residual(model, xy, force.expand(n, 2)) + model(clamp).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model


if __name__ == "__main__":
    run()
