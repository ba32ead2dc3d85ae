# Learning a stabilising controller together with a neural Lyapunov function for a damped pendulum
# (in the spirit of Chang, Roohi & Gao, "Neural Lyapunov Control", NeurIPS 2019).
import torch
from torch import nn
from torch.nn import functional as nnf

G, L, M, B = 9.81, 0.5, 0.15, 0.1


class LyapunovNet(nn.Module):
    def __init__(self, width=24):
        super().__init__()
        self.l1 = nn.Linear(2, width)
        self.l2 = nn.Linear(width, width)
        self.out = nn.Linear(width, 1)

    def forward(self, s):
        h = nnf.elu(self.l1(s))
        h = torch.tanh(self.l2(h))
        v = self.out(h)
        v0 = self.out(torch.tanh(self.l2(nnf.elu(self.l1(torch.zeros_like(s[:1]))))))
        return (v - v0) ** 2 + 1e-3 * (s ** 2).sum(-1, keepdim=True)


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 16), nn.PReLU(16), nn.Linear(16, 1))

    def forward(self, s):
        return 2.0 * torch.tanh(self.net(s))


def dynamics(s, u):
    theta, omega = s[:, :1], s[:, 1:]
    domega = (M * G * L * torch.sin(theta) - B * omega + u) / (M * L ** 2)
    return torch.cat([omega, domega], dim=1)


def lyapunov_risk(V, pi, states, alpha=0.5):
    states = states.requires_grad_(True)
    v = V(states)
    dv_ds = torch.autograd.grad(v.sum(), states, create_graph=True)[0]
    lie = (dv_ds * dynamics(states, pi(states))).sum(dim=1, keepdim=True)
    return torch.relu(lie + alpha * v).mean() + torch.relu(-v).mean()


if __name__ == "__main__":
    V, pi = LyapunovNet(), Policy()
    opt = torch.optim.Adam([*V.parameters(), *pi.parameters()], lr=1e-2)
    for it in range(3):
        s = (torch.rand(256, 2) * 2 - 1) * torch.tensor([3.14, 6.0])
        risk = lyapunov_risk(V, pi, s)
        opt.zero_grad()
        risk.backward()
        opt.step()
        print(it, risk.item())
