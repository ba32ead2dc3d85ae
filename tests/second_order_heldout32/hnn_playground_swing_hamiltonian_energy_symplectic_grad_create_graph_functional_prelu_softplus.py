"""Hamiltonian neural network (Greydanus et al. 2019) for a playground swing (q = angle, p = angular momentum)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class HamiltonianMLP(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(2, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 1)
        self.slope1 = nn.Parameter(torch.full((hidden,), 0.25))

    def forward(self, qp):
        h = F.prelu(self.fc1(qp), self.slope1)
        h = F.softplus(self.fc2(h))
        return self.fc3(h)


def symplectic_field(model, qp):
    qp = qp.requires_grad_(True)
    H = model(qp).sum()
    dH = torch.autograd.grad(H, qp, create_graph=True)[0]
    dHdq, dHdp = dH[:, :1], dH[:, 1:]
    return torch.cat([dHdp, -dHdq], dim=1)


def swing_data(n=128, g_over_l=3.0):
    q = (torch.rand(n, 1) - 0.5) * 1.6
    p = (torch.rand(n, 1) - 0.5) * 2.0
    dq, dp = p, -g_over_l * torch.sin(q)
    return torch.cat([q, p], 1), torch.cat([dq, dp], 1)


def main(epochs=3):
    torch.manual_seed(0)
    model = HamiltonianMLP()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    qp, dqp = swing_data()
    for ep in range(epochs):
        pred = symplectic_field(model, qp.clone())
        loss = (pred - dqp).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(ep, loss.item())


if __name__ == "__main__":
    main()
