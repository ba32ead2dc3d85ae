"""Learning-rate hypergradient for a tidal-turbine load forecaster, one unrolled SGD step. The hardware profile is
read from an environment variable with a literal default and picks a row of PROFILES; every row keeps the unrolled
step first order (create_graph False), whichever profile runs."""
import os

import torch
import torch.nn as nn

PROFILES = {
    "edge": {"batch": 16, "unroll_second_order": False, "hyper_lr": 1e-3},
    "workstation": {"batch": 64, "unroll_second_order": False, "hyper_lr": 3e-4},
}
PROFILE = os.environ.get("TURBINE_PROFILE", "edge")


class LoadForecaster(nn.Module):
    def __init__(self, channels=3, width=12, window=24):
        super().__init__()
        self.conv = nn.Conv1d(channels, width, 3, padding=1)
        self.act = nn.GELU(approximate="tanh")
        self.pool = nn.AvgPool1d(2)
        self.out = nn.Linear(width * window // 2, 1)

    def forward(self, x):
        return self.out(self.pool(self.act(self.conv(x))).flatten(1)).squeeze(-1)


def batch(n):
    x = torch.randn(n, 3, 24)
    return x, x[:, 0, -4:].mean(-1)


def main():
    hp = PROFILES[PROFILE]
    net = LoadForecaster()
    log_lr = torch.tensor(-3.0, requires_grad=True)
    hyper_opt = torch.optim.Adam([log_lr], lr=hp["hyper_lr"])
    for step in range(2):
        x, y = batch(hp["batch"])
        xv, yv = batch(hp["batch"])
        params = dict(net.named_parameters())
        train = nn.functional.mse_loss(net(x), y)
        grads = torch.autograd.grad(train, list(params.values()), create_graph=hp["unroll_second_order"])
        fast = {k: p - log_lr.exp() * g for (k, p), g in zip(params.items(), grads)}
        val = nn.functional.mse_loss(torch.func.functional_call(net, fast, (xv,)), yv)
        hyper_opt.zero_grad()
        val.backward()
        hyper_opt.step()
        with torch.no_grad():
            for p, g in zip(params.values(), grads):
                p -= log_lr.exp() * g
        print(step, val.item(), log_lr.exp().item())


if __name__ == "__main__":
    main()
