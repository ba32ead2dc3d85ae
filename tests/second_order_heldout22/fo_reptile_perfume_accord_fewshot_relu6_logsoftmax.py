"""Reptile (Nichol et al.) for few-shot perfume-accord classification from GC-MS peak vectors.
Inner loop: plain SGD on a clone; outer update: interpolate towards the adapted weights."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class AccordNet(nn.Module):
    def __init__(self, n_peaks=30, n_way=4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_peaks, 32), nn.ReLU6(), nn.Linear(32, n_way))

    def forward(self, x):
        return F.log_softmax(self.body(x), dim=-1)


def sample_task():
    return torch.rand(10, 30), torch.randint(0, 4, (10,))


meta_model = AccordNet()
inner_lr, outer_lr, inner_steps = 0.02, 0.1, 3
for meta_iter in range(3):
    x, y = sample_task()
    learner = copy.deepcopy(meta_model)
    inner_opt = torch.optim.SGD(learner.parameters(), lr=inner_lr)
    for _ in range(inner_steps):
        loss = F.nll_loss(learner(x), y)
        inner_opt.zero_grad()
        loss.backward()
        inner_opt.step()
    with torch.no_grad():
        for p_meta, p_task in zip(meta_model.parameters(), learner.parameters()):
            p_meta.add_(outer_lr * (p_task - p_meta))
print(loss.item())
