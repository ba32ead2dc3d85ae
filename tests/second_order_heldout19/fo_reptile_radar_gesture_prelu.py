"""Reptile (Nichol et al.) for few-shot mm-wave radar gesture classification."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class GestureNet(nn.Module):
    def __init__(self, n_bins=32, n_way=4):
        super().__init__()
        self.fc1 = nn.Linear(n_bins, 32)
        self.act1 = nn.PReLU()
        self.fc2 = nn.Linear(32, 32)
        self.act2 = nn.PReLU()
        self.out = nn.Linear(32, n_way)

    def forward(self, x):
        return self.out(self.act2(self.fc2(self.act1(self.fc1(x)))))


model = GestureNet()
meta_step = 0.1
inner_steps, inner_lr = 3, 0.02
for meta_iter in range(2):
    task_x, task_y = torch.randn(16, 32), torch.randint(0, 4, (16,))
    learner = copy.deepcopy(model)
    inner_opt = torch.optim.SGD(learner.parameters(), lr=inner_lr)
    for _ in range(inner_steps):
        inner_opt.zero_grad()
        F.cross_entropy(learner(task_x), task_y).backward()
        inner_opt.step()
    with torch.no_grad():
        for p, q in zip(model.parameters(), learner.parameters()):
            p.add_(meta_step * (q - p))
