import torch
import torch.nn as nn

DT = 0.05


class LyapunovNet(nn.Module):
    def __init__(self, n=2, h=32):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(n, h), nn.ReLU6(), nn.Linear(h, h), nn.Tanh())

    def forward(self, s):
        z = self.phi(s)
        return (z * z).sum(-1, keepdim=True) + 0.01 * (s * s).sum(-1, keepdim=True)


def altitude_dynamics(s, u):
    z, vz = s[:, :1], s[:, 1:]
    return torch.cat([vz, u - 0.1 * vz], dim=1)


V = LyapunovNet()
policy = nn.Sequential(nn.Linear(2, 32), nn.Tanh(), nn.Linear(32, 1))
opt = torch.optim.Adam(list(V.parameters()) + list(policy.parameters()), lr=1e-3)
for it in range(2):
    s = (torch.rand(128, 2) * 4 - 2).requires_grad_(True)
    v = V(s)
    dVds = torch.autograd.grad(v.sum(), s, create_graph=True)[0]
    f = altitude_dynamics(s, policy(s))
    lie = (dVds * f).sum(dim=1)
    loss = torch.relu(lie + 0.1 * v.squeeze(1)).mean() + torch.relu(-v).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
