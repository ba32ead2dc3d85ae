# Elastic Weight Consolidation for a loom-camera textile-defect detector learned task by task
# (task A: weaving faults, task B: dye faults). Fisher diagonal = mean of squared first-order grads.
import torch
import torch.nn as nn
import torch.nn.functional as F


class DefectCNN(nn.Module):
    def __init__(self, n_cls=4):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.PReLU(8),
                                  nn.Conv2d(8, 8, 3, padding=1), nn.PReLU(8),
                                  nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(8, n_cls)

    def forward(self, x):
        return F.log_softmax(self.fc(self.conv(x).flatten(1)), dim=1)


def fisher_diagonal(model, batches):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, y in batches:
        model.zero_grad()
        F.nll_loss(model(x), y).backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2 / len(batches)
    return fisher


def ewc_penalty(model, fisher, anchor):
    return sum((fisher[n] * (p - anchor[n]) ** 2).sum() for n, p in model.named_parameters())


model = DefectCNN()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
task_a = [(torch.randn(4, 1, 16, 16), torch.randint(0, 4, (4,))) for _ in range(2)]
for x, y in task_a:
    opt.zero_grad()
    F.nll_loss(model(x), y).backward()
    opt.step()
fisher = fisher_diagonal(model, task_a)
anchor = {n: p.detach().clone() for n, p in model.named_parameters()}
for step in range(2):
    x, y = torch.randn(4, 1, 16, 16), torch.randint(0, 4, (4,))
    loss = F.nll_loss(model(x), y) + 100.0 * ewc_penalty(model, fisher, anchor)
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
