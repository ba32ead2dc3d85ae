# Neural strain-energy model for a silicone soft-gripper finger.
# psi(C) is learned from invariants; the first Piola stress P = d psi / dF is fitted to
# measured stresses, so training differentiates psi twice.
import torch
import torch.nn as nn


class StrainEnergy(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(3, 16), nn.Softplus(), nn.Linear(16, 16), nn.Softplus(), nn.Linear(16, 1))

    def invariants(self, F_):
        C = F_.T @ F_
        I1 = torch.trace(C)
        I2 = 0.5 * (I1 ** 2 - torch.trace(C @ C))
        J = torch.det(F_)
        return torch.stack([I1 - 3.0, I2 - 3.0, J - 1.0])

    def forward(self, F_):
        return self.mlp(self.invariants(F_)).squeeze()


def piola_stress(model, F_batch):
    out = []
    for F_ in F_batch:
        F_ = F_.requires_grad_(True)
        psi = model(F_)
        P = torch.autograd.grad(psi, F_, create_graph=True)[0]
        out.append(P)
    return torch.stack(out)


model = StrainEnergy()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for it in range(3):
    F_data = torch.eye(3) + 0.1 * torch.randn(6, 3, 3)
    P_data = 0.3 * (F_data - F_data.transpose(1, 2))
    P_pred = piola_stress(model, F_data)
    loss = nn.functional.mse_loss(P_pred, P_data)
    opt.zero_grad()
    loss.backward()
    opt.step()
