"""Post-hoc calibration of a burr-wear classifier (espresso grinders) by temperature scaling.

The temperature is fitted with a few Newton steps; the Hessian comes from torch.autograd.functional.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian


class BurrNet(nn.Module):
    def __init__(self, n_cls=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(2, 8, 5, padding=2), nn.Hardswish(),
            nn.Conv1d(8, 8, 5, padding=2), nn.Hardswish(),
            nn.AdaptiveAvgPool1d(1), nn.Flatten(),
        )
        self.classifier = nn.Linear(8, n_cls)

    def forward(self, x):
        return self.classifier(self.features(x))


def smoothed_nll(logits, y, eps=0.05):
    logp = F.log_softmax(logits, dim=-1)
    q = torch.full_like(logp, eps / logits.size(-1))
    q.scatter_(1, y[:, None], 1 - eps + eps / logits.size(-1))
    return -(q * logp).sum(-1).mean()


def fit_temperature(logits, labels, steps=5):
    log_t = torch.zeros(())

    def objective(lt):
        return smoothed_nll(logits / lt.exp(), labels)

    for _ in range(steps):
        lt = log_t.clone().requires_grad_(True)
        (g,) = torch.autograd.grad(objective(lt), lt)
        h = hessian(objective, log_t)
        log_t = log_t - g / h.clamp_min(1e-4)
    return log_t.exp()


def main():
    torch.manual_seed(0)
    net = BurrNet()
    x, y = torch.randn(40, 2, 32), torch.randint(0, 4, (40,))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(2):
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad(); loss.backward(); opt.step()
    net.eval()
    with torch.no_grad():
        val_logits = net(torch.randn(30, 2, 32))
    t = fit_temperature(val_logits, torch.randint(0, 4, (30,)))
    print("temperature", float(t))


if __name__ == "__main__":
    main()
