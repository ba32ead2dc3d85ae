# Per-sample gradient-norm penalty for a tea-leaf grading model (flush / grade labels from NIR spectra).
# Per-example parameter gradients come from torch.func (vmap over grad_and_value), and their mean squared
# norm is added to the loss, so the outer backward differentiates the per-sample gradients again.
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad_and_value, vmap

CRITERIA = {
    "ce": partial(F.cross_entropy, reduction="sum"),
    "smooth": partial(F.smooth_l1_loss, reduction="sum"),
}


class LeafGrader(nn.Module):
    def __init__(self, n_bands=24, n_grades=4):
        super().__init__()
        self.fc1 = nn.Linear(n_bands, 48)
        self.act = nn.PReLU(48)
        self.fc2 = nn.Linear(48, n_grades)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def make_sample_loss(model, criterion):
    def sample_loss(params, x, y):
        logits = functional_call(model, params, (x.unsqueeze(0),))
        return criterion(logits, y.unsqueeze(0))
    return sample_loss


model = LeafGrader()
criterion = CRITERIA["ce"]
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
per_sample = vmap(grad_and_value(make_sample_loss(model, criterion)), in_dims=(None, 0, 0))
for step in range(3):
    x = torch.randn(16, 24)
    y = torch.randint(0, 4, (16,))
    params = dict(model.named_parameters())
    grads, losses = per_sample(params, x, y)
    sq = sum(g.pow(2).flatten(1).sum(1) for g in grads.values())
    loss = losses.mean() + 1e-3 * sq.mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item())
