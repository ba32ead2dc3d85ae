"""Machine-learned force field whose forward returns energies and forces (F = -dE/dpos); forces keep their graph
only in training mode (`create_graph=self.training`), where a force-matching loss is backpropagated."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PairEnergy(nn.Module):
    def __init__(self, n_rbf=16, width=32):
        super().__init__()
        self.centers = nn.Parameter(torch.linspace(0.5, 4.0, n_rbf), requires_grad=False)
        self.mlp = nn.Sequential(nn.Linear(n_rbf, width), nn.SELU(), nn.Linear(width, width), nn.SiLU(),
                                 nn.Linear(width, 1))

    def forward(self, pos):
        diff = pos[:, :, None, :] - pos[:, None, :, :]
        r = (diff.pow(2).sum(-1) + 1e-6).sqrt()
        rbf = torch.exp(-(r[..., None] - self.centers) ** 2)
        return self.mlp(rbf).squeeze(-1).sum(dim=(1, 2))


class ForceField(nn.Module):
    def __init__(self):
        super().__init__()
        self.energy = PairEnergy()

    def forward(self, pos):
        if not pos.requires_grad:
            pos = pos.requires_grad_(True)
        e = self.energy(pos)
        forces = -torch.autograd.grad(e.sum(), pos, create_graph=self.training)[0]
        return e, forces


model = ForceField()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
model.train()
for step in range(2):
    pos = torch.randn(4, 6, 3)
    e_ref, f_ref = torch.randn(4), torch.randn(4, 6, 3)
    e, f = model(pos)
    loss = F.mse_loss(e, e_ref) + 10.0 * F.mse_loss(f, f_ref)
    opt.zero_grad()
    loss.backward()
    opt.step()
