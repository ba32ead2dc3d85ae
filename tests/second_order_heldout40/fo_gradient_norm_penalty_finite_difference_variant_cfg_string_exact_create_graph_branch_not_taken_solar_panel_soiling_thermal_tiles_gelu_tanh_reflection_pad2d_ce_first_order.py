"""Soiling-level classification of solar-panel thermal tiles with a gradient-norm penalty (flat-minima training).

Two implementations of the penalty lambda * ||grad L||: the exact one differentiates the gradient norm
(create_graph=True), the finite-difference one (Zhao et al., 2022) only needs two ordinary gradients at theta
and at theta + r * g / ||g||. The run configuration selects the finite-difference variant.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

SOILING = ["clean", "dust", "bird_droppings", "snow"]
CFG = {"penalty": "finite_difference", "lam": 0.1, "alpha": 0.8, "radius": 0.01, "epochs": 2, "batches": 3}


class TileNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad = nn.ReflectionPad2d(1)
        self.conv1 = nn.Conv2d(1, 16, 3)
        self.act = nn.GELU(approximate="tanh")
        self.conv2 = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.fc = nn.Linear(32, len(SOILING))

    def forward(self, x):
        h = self.act(self.conv1(self.pad(x)))
        h = self.act(self.conv2(h)).mean((2, 3))
        return self.fc(h)


def exact_penalty_step(model, x, y):
    loss = F.cross_entropy(model(x), y)
    grads = torch.autograd.grad(loss, list(model.parameters()), create_graph=True)
    gnorm = torch.sqrt(sum((g ** 2).sum() for g in grads))
    (loss + CFG["lam"] * gnorm).backward()
    return loss


def finite_difference_penalty_step(model, x, y):
    params = list(model.parameters())
    loss = F.cross_entropy(model(x), y)
    g0 = torch.autograd.grad(loss, params)
    norm = torch.sqrt(sum((g ** 2).sum() for g in g0)) + 1e-12
    with torch.no_grad():
        for p, g in zip(params, g0):
            p.add_(CFG["radius"] * g / norm)
    g1 = torch.autograd.grad(F.cross_entropy(model(x), y), params)
    with torch.no_grad():
        for p, a, b in zip(params, g0, g1):
            p.sub_(CFG["radius"] * a / norm)
            p.grad = (1 - CFG["alpha"]) * a + CFG["alpha"] * b
    return loss


PENALTY_STEPS = {"exact": exact_penalty_step, "finite_difference": finite_difference_penalty_step}


def main():
    torch.manual_seed(0)
    model = TileNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    step_fn = PENALTY_STEPS[CFG["penalty"]]
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["batches"]):
            x = torch.randn(16, 1, 24, 24)
            y = torch.randint(0, len(SOILING), (16,))
            opt.zero_grad()
            loss = step_fn(model, x, y)
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
