"""Wildfire ignition risk from tabular weather/fuel features, trained with a Hessian-trace (flatness) penalty.

Tr(H) is estimated with Hutchinson's Rademacher probes over all model parameters.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class RiskMLP(nn.Module):
    def __init__(self, n_features=18, width=48):
        super().__init__()
        self.fc1 = nn.Linear(n_features, width)
        self.act = nn.PReLU(width)
        self.fc2 = nn.Linear(width, 1)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x))).squeeze(-1)


def hutchinson_trace(loss, params, n_probes=2):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_probes):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        gv = sum((g * v).sum() for g, v in zip(grads, vs))
        hvs = torch.autograd.grad(gv, params, create_graph=True)
        trace = trace + sum((hv * v).sum() for hv, v in zip(hvs, vs))
    return trace / n_probes


model = RiskMLP()
opt = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
params = [p for p in model.parameters() if p.requires_grad]
for step in range(3):
    x = torch.randn(32, 18)
    y = (torch.rand(32) < 0.2).float()
    logits = model(x)
    loss = F.binary_cross_entropy_with_logits(logits, y, pos_weight=torch.tensor(4.0))
    tr = hutchinson_trace(loss, params)
    opt.zero_grad()
    (loss + 1e-3 * tr).backward()
    opt.step()
    print(step, loss.item(), tr.item())
