"""Reptile (Nichol et al. 2018) across county-level crop-yield class tasks: first-order meta-learning."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class YieldClassifier(nn.Module):
    def __init__(self, d=16, n=3):
        super().__init__()
        self.l1 = nn.Linear(d, 64)
        self.glu = nn.GLU()
        self.l2 = nn.Linear(32, n)

    def forward(self, x):
        return F.log_softmax(self.l2(self.glu(self.l1(x))), dim=-1)


meta = YieldClassifier()
outer_lr, inner_lr, inner_steps = 0.1, 0.02, 4
for meta_iter in range(2):
    learner = copy.deepcopy(meta)
    inner_opt = torch.optim.SGD(learner.parameters(), lr=inner_lr)
    x, y = torch.randn(20, 16), torch.randint(0, 3, (20,))
    for _ in range(inner_steps):
        loss = F.nll_loss(learner(x), y)
        inner_opt.zero_grad()
        loss.backward()
        inner_opt.step()
    with torch.no_grad():
        for p_meta, p_task in zip(meta.parameters(), learner.parameters()):
            p_meta += outer_lr * (p_task - p_meta)
    print(meta_iter, loss.item())
