"""Energy-only fit of a pair potential; forces come from a small autograd utility for monitoring only (no
create_graph anywhere, never backpropagated): first order."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def gradient(y, x, **kwargs):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), **kwargs)[0]


class Potential(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, width), nn.Hardswish(), nn.Linear(width, 1))

    def forward(self, pos):
        return self.net(pos).sum(dim=(1, 2))


model = Potential()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(2):
    pos = torch.randn(8, 5, 3).requires_grad_(True)
    e_ref = torch.randn(8)
    e = model(pos)
    forces = -gradient(e, pos, retain_graph=True)
    print("max |F|", forces.abs().max().item())
    loss = F.mse_loss(e, e_ref)
    opt.zero_grad()
    loss.backward()
    opt.step()
