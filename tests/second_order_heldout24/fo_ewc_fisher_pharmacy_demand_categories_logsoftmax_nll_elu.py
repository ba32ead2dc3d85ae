"""Elastic weight consolidation (Kirkpatrick et al.) when a pharmacy demand-category classifier moves
from the winter season (task A) to the summer season (task B). Fisher diagonal = mean squared grads."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class DemandNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(14, 32)
        self.fc2 = nn.Linear(32, 5)

    def forward(self, x):
        return F.log_softmax(self.fc2(F.elu(self.fc1(x))), dim=1)


def fisher_diagonal(model, batches):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, _ in batches:
        model.zero_grad()
        logp = model(x)
        y_hat = logp.argmax(1)
        F.nll_loss(logp, y_hat).backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2 / len(batches)
    return fisher


def ewc_penalty(model, fisher, anchor):
    return sum((fisher[n] * (p - anchor[n]) ** 2).sum() for n, p in model.named_parameters())


model = DemandNet()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
task_a = [(torch.randn(16, 14), torch.randint(0, 5, (16,))) for _ in range(3)]
task_b = [(torch.randn(16, 14), torch.randint(0, 5, (16,))) for _ in range(3)]
for x, y in task_a:
    opt.zero_grad()
    F.nll_loss(model(x), y).backward()
    opt.step()
fisher = fisher_diagonal(model, task_a)
anchor = {n: p.detach().clone() for n, p in model.named_parameters()}
for x, y in task_b:
    opt.zero_grad()
    loss = F.nll_loss(model(x), y) + 100.0 * ewc_penalty(model, fisher, anchor)
    loss.backward()
    opt.step()
