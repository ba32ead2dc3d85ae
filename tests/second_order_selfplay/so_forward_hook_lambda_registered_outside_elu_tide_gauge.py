"""Tide-gauge residual regressor with an input-gradient (double backprop) smoothness penalty.

The embedding layer's output is passed through an ELU by a forward hook that the training script
registers from outside the model (a lambda), so the hook's op sits on the path of the penalty.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TideResidualNet(nn.Module):
    def __init__(self, n_in=6, hidden=16):
        super().__init__()
        self.embed = nn.Linear(n_in, hidden)
        self.mix = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(torch.tanh(self.mix(self.embed(x)))).squeeze(-1)


def gauge_batch(n, gen):
    x = torch.randn(n, 6, generator=gen)
    y = torch.sin(x[:, 0]) + 0.3 * x[:, 1] * x[:, 2]
    return x, y


def train(steps=3, lam=0.05):
    gen = torch.Generator().manual_seed(4)
    net = TideResidualNet()
    handle = net.embed.register_forward_hook(lambda mod, inp, out: F.elu(out))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(steps):
        x, y = gauge_batch(16, gen)
        x.requires_grad_(True)
        fit = F.mse_loss(net(x), y)
        dx, = torch.autograd.grad(fit, x, create_graph=True)
        loss = fit + lam * dx.pow(2).sum(1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))
    handle.remove()


if __name__ == "__main__":
    train()
