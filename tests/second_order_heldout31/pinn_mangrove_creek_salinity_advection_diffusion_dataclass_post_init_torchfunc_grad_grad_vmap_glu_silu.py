"""Steady advection-diffusion of salinity along a mangrove creek, D s'' - v s' = 0, s(0)=1, s(1)=0.1.

The network is a dataclass whose __post_init__ builds the layers; derivatives in x come from
torch.func.grad(grad(...)) vmapped over the collocation points, and the residual loss is
back-propagated into the weights with an ordinary backward.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


@dataclass(eq=False)
class CreekNet(nn.Module):
    hidden: int = 16
    depth: int = 2

    def __post_init__(self):
        super().__init__()
        self.lift = nn.Linear(1, 2 * self.hidden)
        self.gate = nn.GLU(dim=-1)
        self.blocks = nn.ModuleList([nn.Linear(self.hidden, self.hidden) for _ in range(self.depth)])
        self.head = nn.Linear(self.hidden, 1)

    def forward(self, x):
        h = self.gate(self.lift(x))
        for blk in self.blocks:
            h = F.silu(blk(h))
        return self.head(h).squeeze(-1)


D, V = 0.05, 1.0


def pde_loss(model, x):
    params = dict(model.named_parameters())

    def s(xi):
        return functional_call(model, params, (xi.reshape(1, 1),)).squeeze()

    s_x = vmap(grad(s))(x)
    s_xx = vmap(grad(grad(s)))(x)
    return (D * s_xx - V * s_x).pow(2).mean()


def bc_loss(model):
    ends = torch.tensor([[0.0], [1.0]])
    return (model(ends) - torch.tensor([1.0, 0.1])).pow(2).mean()


def main():
    torch.manual_seed(0)
    model = CreekNet(hidden=16, depth=2)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for step in range(3):
        x = torch.rand(48)
        loss = pde_loss(model, x) + 10 * bc_loss(model)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.5f}")


if __name__ == "__main__":
    main()
