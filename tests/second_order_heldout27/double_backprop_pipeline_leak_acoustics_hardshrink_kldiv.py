"""Leak / no-leak / valve-noise classifier for hydrophone clips from water mains.

Trained with Drucker & LeCun double backpropagation: the norm of d(loss)/d(input) is penalised so that
the decision does not hinge on tiny spectral artefacts of a particular hydrophone. Targets are
label-smoothed distributions, trained with a KL divergence.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_CLASSES = 3
SMOOTH = 0.1
DB_WEIGHT = 0.05


class LeakNet(nn.Module):
    def __init__(self, n_bins=32, ch=12):
        super().__init__()
        self.frontend = nn.Sequential(
            nn.Conv1d(n_bins, ch, kernel_size=3, padding=1),
            nn.BatchNorm1d(ch),
            nn.Tanh(),
        )
        self.shrink = nn.Hardshrink(lambd=0.05)
        self.temporal = nn.Conv1d(ch, ch, kernel_size=5, padding=2, groups=ch)
        self.classifier = nn.Linear(ch, N_CLASSES)

    def forward(self, spec):
        h = self.frontend(spec)
        h = self.temporal(self.shrink(h))
        return self.classifier(h.mean(dim=-1))


def smoothed_targets(y):
    t = torch.full((y.size(0), N_CLASSES), SMOOTH / (N_CLASSES - 1))
    return t.scatter_(1, y.unsqueeze(1), 1 - SMOOTH)


def loss_fn(model, spec, y):
    log_p = F.log_softmax(model(spec), dim=-1)
    return F.kl_div(log_p, smoothed_targets(y), reduction="batchmean")


def synthetic_clips(n, n_bins=32, frames=20):
    y = torch.randint(0, N_CLASSES, (n,))
    spec = 0.3 * torch.randn(n, n_bins, frames)
    spec[y == 0, 20:28] += 1.0
    spec[y == 2, 2:6] += 0.8
    return spec, y


def train(epochs=3, batch=10):
    torch.manual_seed(5)
    model = LeakNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        spec, y = synthetic_clips(batch)
        spec.requires_grad_(True)
        loss = loss_fn(model, spec, y)
        (g_in,) = torch.autograd.grad(loss, spec, create_graph=True)
        total = loss + DB_WEIGHT * g_in.pow(2).sum(dim=(1, 2)).mean()
        opt.zero_grad()
        total.backward()
        opt.step()
        print(f"epoch {epoch}: kl {loss.item():.4f} total {total.item():.4f}")


if __name__ == "__main__":
    train()
