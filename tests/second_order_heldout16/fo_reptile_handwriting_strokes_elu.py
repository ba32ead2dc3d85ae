# Reptile on few-shot online handwriting (pen-stroke features -> character), first order by construction
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class StrokeClassifier(nn.Module):
    def __init__(self, d_in=30, n_way=5):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, 64), nn.ELU(), nn.Linear(64, 64), nn.ELU(), nn.Linear(64, n_way))

    def forward(self, x):
        return F.log_softmax(self.net(x), dim=1)


meta_model = StrokeClassifier()
meta_step, inner_lr, inner_iters = 0.1, 0.02, 3
for outer in range(3):
    task_x, task_y = torch.randn(20, 30), torch.randint(0, 5, (20,))
    learner = copy.deepcopy(meta_model)
    inner_opt = torch.optim.SGD(learner.parameters(), lr=inner_lr)
    for _ in range(inner_iters):
        inner_opt.zero_grad()
        F.nll_loss(learner(task_x), task_y).backward()
        inner_opt.step()
    with torch.no_grad():
        for p_meta, p_task in zip(meta_model.parameters(), learner.parameters()):
            p_meta.add_(meta_step * (p_task - p_meta))
