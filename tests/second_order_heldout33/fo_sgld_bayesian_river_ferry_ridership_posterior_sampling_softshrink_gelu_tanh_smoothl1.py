"""Stochastic-gradient Langevin dynamics (SGLD) posterior over a small ridership model for a river ferry
(hourly passengers from weather / calendar features). Parameter updates use first-order gradients only."""
import math

import torch
import torch.nn as nn


class RidershipNet(nn.Module):
    def __init__(self, n_feat=6, hidden=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_feat, hidden),
            nn.GELU(approximate="tanh"),
            nn.Linear(hidden, hidden),
            nn.Softshrink(0.1),
            nn.Linear(hidden, 1),
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


class SGLD:
    def __init__(self, params, lr=1e-3, prior_std=1.0, n_data=100):
        self.params = list(params)
        self.lr, self.prior_std, self.n_data = lr, prior_std, n_data

    def step(self, nll):
        log_prior = sum(-(p ** 2).sum() / (2 * self.prior_std ** 2) for p in self.params)
        grads = torch.autograd.grad(self.n_data * nll - log_prior, self.params)
        with torch.no_grad():
            for p, g in zip(self.params, grads):
                p.add_(-0.5 * self.lr * g + math.sqrt(self.lr) * torch.randn_like(p))


def main():
    torch.manual_seed(0)
    x = torch.randn(100, 6)
    y = 3 * torch.sigmoid(x[:, 0]) + 0.5 * x[:, 1] + 0.1 * torch.randn(100)
    model = RidershipNet()
    sampler = SGLD(model.parameters(), lr=1e-4, n_data=100)
    criterion = nn.SmoothL1Loss(beta=0.5)
    samples = []
    for it in range(6):
        idx = torch.randint(0, 100, (20,))
        nll = criterion(model(x[idx]), y[idx])
        sampler.step(nll)
        if it % 2 == 1:
            samples.append([p.detach().clone() for p in model.parameters()])
        print(f"it {it} nll {nll.item():.4f}")
    print("kept", len(samples), "posterior samples")


if __name__ == "__main__":
    main()
