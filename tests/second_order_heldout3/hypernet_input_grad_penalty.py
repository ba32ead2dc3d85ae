"""Hypernetwork producing the weights of a small SIREN-like target network, trained with an input-gradient (smoothness) penalty."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class HyperNet(nn.Module):
    def __init__(self, z_dim=8, d_in=2, hidden=32):
        super().__init__()
        self.d_in, self.hidden = d_in, hidden
        n_out = hidden * d_in + hidden + hidden
        self.body = nn.Sequential(nn.Linear(z_dim, 64), nn.ReLU(), nn.Linear(64, n_out))

    def forward(self, z):
        flat = self.body(z)
        w1, b1, w2 = flat.split([self.hidden * self.d_in, self.hidden, self.hidden])
        w1 = F.normalize(w1.view(self.hidden, self.d_in), dim=1) * 3.0
        return w1, b1, w2.view(1, self.hidden)


def target_net(x, w1, b1, w2):
    h = torch.sin(F.linear(x, w1, b1))
    h = F.gelu(h, approximate="tanh")
    return F.linear(h, w2)


def train(tasks, steps=500, smooth=1e-2):
    hyper = HyperNet()
    opt = torch.optim.Adam(hyper.parameters(), lr=1e-4)
    for _ in range(steps):
        z, x, y = tasks()
        w1, b1, w2 = hyper(z)
        x = x.requires_grad_(True)
        pred = target_net(x, w1, b1, w2)
        dx = torch.autograd.grad(pred.sum(), x, create_graph=True)[0]
        loss = F.mse_loss(pred, y) + smooth * dx.pow(2).sum(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
