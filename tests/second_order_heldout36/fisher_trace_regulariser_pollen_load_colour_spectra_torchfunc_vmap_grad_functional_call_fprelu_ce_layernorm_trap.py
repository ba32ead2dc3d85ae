"""Pollen-load colour classifier (reflectance spectra, 10 bands -> 5 plant families) trained with a
Fisher-trace regulariser: the mean squared norm of per-sample gradients, computed with torch.func
(vmap over grad of a functional_call loss) and backpropagated into the weights (second order).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

N_BANDS, N_FAMILIES = 10, 5
FISHER_WEIGHT = 0.05


class SpectraNet(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(N_BANDS, hidden)
        self.ln = nn.LayerNorm(hidden)
        self.slope = nn.Parameter(torch.full((hidden,), 0.25))
        self.fc2 = nn.Linear(hidden, N_FAMILIES)

    def forward(self, x):
        h = self.ln(self.fc1(x))
        h = F.prelu(h, self.slope)
        return self.fc2(h)


def per_sample_loss(params, buffers, model, x, y):
    logits = functional_call(model, (params, buffers), (x.unsqueeze(0),))
    return F.cross_entropy(logits, y.unsqueeze(0))


def fisher_trace(model, x, y):
    params = dict(model.named_parameters())
    buffers = dict(model.named_buffers())
    per_grads = vmap(grad(per_sample_loss), in_dims=(None, None, None, 0, 0))(params, buffers, model, x, y)
    return sum(g.pow(2).flatten(1).sum(1) for g in per_grads.values()).mean()


def spectra(n):
    y = torch.randint(0, N_FAMILIES, (n,))
    centres = torch.linspace(0.2, 0.8, N_FAMILIES)[y].unsqueeze(1)
    bands = torch.linspace(0, 1, N_BANDS)
    x = torch.exp(-((bands - centres) ** 2) / 0.05) + 0.05 * torch.randn(n, N_BANDS)
    return x, y


def main(steps=3):
    torch.manual_seed(6)
    model = SpectraNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(steps):
        x, y = spectra(16)
        ce = nn.functional.cross_entropy(model(x), y)
        reg = fisher_trace(model, x, y)
        loss = ce + FISHER_WEIGHT * reg
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} ce={ce.item():.3f} fisher_tr={reg.item():.3f}")


if __name__ == "__main__":
    main()
