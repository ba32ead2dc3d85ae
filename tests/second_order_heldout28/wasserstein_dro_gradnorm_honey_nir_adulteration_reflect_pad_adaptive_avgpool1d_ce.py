"""Distributionally robust honey-adulteration classifier (NIR spectra, 64 bands).

Wasserstein-DRO surrogate: empirical loss + rho * E ||grad_x loss||  (first-order
expansion of the worst-case loss in a Wasserstein ball around the training spectra).
Classes: pure / rice-syrup adulterated / corn-syrup adulterated.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

BANDS, N_CLASSES = 64, 3
RHO = 0.1


class SpectraCNN(nn.Module):
    def __init__(self, ch=8, pooled=8):
        super().__init__()
        self.conv1 = nn.Conv1d(1, ch, kernel_size=7)
        self.bn1 = nn.BatchNorm1d(ch)
        self.conv2 = nn.Conv1d(ch, ch, kernel_size=3, padding=1)
        self.fc = nn.Linear(ch * pooled, N_CLASSES)
        self.pooled = pooled

    def forward(self, spectra):
        h = F.pad(spectra[:, None], (3, 3), mode="reflect")
        h = F.softplus(self.bn1(self.conv1(h)))
        h = torch.tanh(self.conv2(h))
        h = F.adaptive_avg_pool1d(h, self.pooled)
        return self.fc(h.flatten(1))


def honey_batch(n):
    wl = torch.linspace(0, 1, BANDS)
    y = torch.randint(0, N_CLASSES, (n,))
    base = 0.8 * torch.exp(-((wl - 0.35) ** 2) / 0.01) + 0.5 * torch.exp(-((wl - 0.7) ** 2) / 0.02)
    rice = 0.15 * torch.exp(-((wl - 0.52) ** 2) / 0.004)
    corn = 0.15 * torch.exp(-((wl - 0.6) ** 2) / 0.004)
    x = base + (y == 1).float()[:, None] * rice + (y == 2).float()[:, None] * corn
    x = x + 0.02 * torch.randn(n, BANDS)
    if torch.rand(()) < 0.5:
        x = x + 0.01 * torch.flip(x, dims=[1])
    return x, y


def dro_loss(model, x, y, rho=RHO):
    x = x.clone().requires_grad_(True)
    loss = F.cross_entropy(model(x), y)
    g, = torch.autograd.grad(loss, x, create_graph=True, retain_graph=True)
    return loss + rho * g.norm(dim=1).mean(), loss


def main():
    torch.manual_seed(0)
    model = SpectraCNN()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(4):
        x, y = honey_batch(32)
        robust, plain = dro_loss(model, x, y)
        opt.zero_grad()
        robust.backward()
        opt.step()
        print(f"step {step} erm {plain.item():.4f} dro {robust.item():.4f}")


if __name__ == "__main__":
    main()
