# Memory Aware Synapses (Aljundi et al. 2018) for continual appliance-type recognition from smart-meter
# windows: importance = |d ||f(x)||^2 / d theta| (first order), then an importance-weighted L2 anchor.
import torch
import torch.nn as nn
import torch.nn.functional as F


class LoadNet(nn.Module):
    def __init__(self, d=48, k=6):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, 64), nn.PReLU(), nn.Linear(64, 64), nn.ELU())
        self.cls = nn.Linear(64, k)
        self.logsm = nn.LogSoftmax(dim=1)

    def forward(self, x):
        return self.logsm(self.cls(self.enc(x)))


def mas_importance(model, loader):
    omega = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x in loader:
        model.zero_grad()
        out = model.cls(model.enc(x))
        out.pow(2).sum(1).mean().backward()
        for n, p in model.named_parameters():
            omega[n] += p.grad.abs() / len(loader)
    return omega


model = LoadNet()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
task_a = [torch.randn(8, 48) for _ in range(2)]
omega = mas_importance(model, task_a)
anchor = {n: p.detach().clone() for n, p in model.named_parameters()}
for step in range(3):
    x, y = torch.randn(8, 48), torch.randint(0, 6, (8,))
    loss = F.nll_loss(model(x), y)
    reg = sum((omega[n] * (p - anchor[n]).pow(2)).sum() for n, p in model.named_parameters())
    opt.zero_grad()
    (loss + 1.0 * reg).backward()
    opt.step()
