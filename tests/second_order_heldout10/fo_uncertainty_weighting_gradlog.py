"""Multi-task learning with homoscedastic-uncertainty weighting (Kendall, Gal & Cipolla, 2018).

Per-task gradient norms w.r.t. the last shared layer are only logged (retain_graph, no create_graph),
gradients are clipped, and evaluation runs under torch.no_grad: everything is first order.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TwoTaskNet(nn.Module):
    def __init__(self, d_in=16, h=64):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(d_in, h), nn.PReLU(), nn.Linear(h, h))
        self.reg = nn.Linear(h, 1)
        self.cls = nn.Linear(h, 1)
        self.log_vars = nn.Parameter(torch.zeros(2))

    def forward(self, x):
        z = torch.tanh(self.trunk(x))
        return self.reg(z).squeeze(-1), self.cls(z).squeeze(-1)


def weighted_loss(model, x, y_reg, y_cls):
    p_reg, p_cls = model(x)
    l_reg = F.smooth_l1_loss(p_reg, y_reg, beta=0.5)
    l_cls = F.binary_cross_entropy_with_logits(p_cls, y_cls)
    s = model.log_vars
    return torch.exp(-s[0]) * l_reg + torch.exp(-s[1]) * l_cls + s.sum(), (l_reg, l_cls)


model = TwoTaskNet()
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
shared = model.trunk[2].weight
for step in range(3):
    x, y_reg, y_cls = torch.randn(64, 16), torch.randn(64), torch.randint(0, 2, (64,)).float()
    total, (l_reg, l_cls) = weighted_loss(model, x, y_reg, y_cls)
    g_reg = torch.autograd.grad(l_reg, shared, retain_graph=True)[0].norm().item()
    g_cls = torch.autograd.grad(l_cls, shared, retain_graph=True)[0].norm().item()
    opt.zero_grad()
    total.backward()
    nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    opt.step()
    with torch.no_grad():
        val, _ = weighted_loss(model, torch.randn(32, 16), torch.randn(32), torch.ones(32))
    print(step, total.item(), g_reg, g_cls, val.item())
