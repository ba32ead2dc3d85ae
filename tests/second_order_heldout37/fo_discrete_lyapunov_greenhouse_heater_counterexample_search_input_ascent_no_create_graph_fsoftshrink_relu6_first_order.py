"""Discrete-time Lyapunov certificate for a greenhouse heater controller.

The decrease condition uses V(x_{k+1}) - V(x_k) (no Lie derivative, no gradient of V in the loss).
Counterexamples are searched by gradient ascent on the violation w.r.t. the states; those input
gradients are taken without create_graph and the found states are detached before training.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

STATE_DIM = 2
ALPHA = 0.05


class Certificate(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(STATE_DIM, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.act = nn.ReLU6()

    def forward(self, x):
        h = F.softshrink(self.fc1(x), lambd=0.1)
        h = self.act(self.fc2(h))
        return (h ** 2).sum(-1) + 0.01 * (x ** 2).sum(-1)


def heater_step(x, dt=0.1):
    temp_err, heater = x[:, 0], x[:, 1]
    u = -0.8 * temp_err - 0.3 * heater
    return torch.stack([temp_err + dt * (heater - 0.2 * temp_err), heater + dt * u], 1)


def violation(V, x):
    return torch.relu(V(heater_step(x)) - (1 - ALPHA) * V(x))


def find_counterexamples(V, n=32, steps=5, lr=0.2):
    x = (torch.rand(n, STATE_DIM) - 0.5) * 4
    for _ in range(steps):
        x.requires_grad_(True)
        (g,) = torch.autograd.grad(violation(V, x).sum(), x)
        x = (x + lr * g.sign()).clamp(-2, 2).detach()
    return x


def main(rounds=4):
    torch.manual_seed(18)
    V = Certificate()
    opt = torch.optim.Adam(V.parameters(), lr=5e-3)
    for r in range(rounds):
        bad = find_counterexamples(V)
        grid = (torch.rand(64, STATE_DIM) - 0.5) * 4
        x = torch.cat([grid, bad])
        loss = violation(V, x).mean() + torch.relu(0.05 * (x ** 2).sum(-1) - V(x)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"round {r} loss {loss.item():.5f} worst {violation(V, bad).max().item():.5f}")


if __name__ == "__main__":
    main()
