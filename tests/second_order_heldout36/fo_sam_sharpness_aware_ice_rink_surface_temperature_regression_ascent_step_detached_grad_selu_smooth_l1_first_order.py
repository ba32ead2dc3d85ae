"""Ice-rink surface temperature forecaster (brine/slab/air sensors -> surface temperature in 15 min)
trained with Sharpness-Aware Minimisation. The ascent direction is the detached first gradient;
the descent gradient is taken at the perturbed weights. Plain first-order training.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class RinkForecaster(nn.Module):
    def __init__(self, n_sensors=7, hidden=24):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_sensors, hidden), nn.SELU(),
            nn.Linear(hidden, hidden), nn.SELU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


class SAM:
    def __init__(self, params, base_opt, rho=0.05):
        self.params = [p for p in params]
        self.base = base_opt
        self.rho = rho

    def ascent(self, loss):
        grads = torch.autograd.grad(loss, self.params)
        norm = torch.sqrt(sum((g ** 2).sum() for g in grads)) + 1e-12
        self.eps = []
        with torch.no_grad():
            for p, g in zip(self.params, grads):
                e = self.rho * g / norm
                p.add_(e)
                self.eps.append(e)

    def descent(self, loss):
        self.base.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p, e in zip(self.params, self.eps):
                p.sub_(e)
        self.base.step()


def rink_batch(n):
    x = torch.randn(n, 7)
    y = -4.0 + 0.6 * x[:, 0] - 0.3 * x[:, 1] + 0.1 * x[:, 2] * x[:, 3] + 0.05 * torch.randn(n)
    return x, y


def main(steps=4):
    torch.manual_seed(19)
    model = RinkForecaster()
    sam = SAM(model.parameters(), torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9))
    for step in range(steps):
        x, y = rink_batch(32)
        sam.ascent(F.smooth_l1_loss(model(x), y, beta=0.5))
        perturbed = F.smooth_l1_loss(model(x), y, beta=0.5)
        sam.descent(perturbed)
        print(f"step {step}: sharp loss {perturbed.item():.4f}")


if __name__ == "__main__":
    main()
