"""Curvature diagnostics for a tram brake-pad wear alarm model.

Only the "mid" stage is probed: its Hessian diagonal (Hutchinson) sets a per-parameter trust region
for the fine-tuning step on new depot data; the other stages are trained with plain SGD.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class WearAlarm(nn.Module):
    def __init__(self, d_in=10, width=32):
        super().__init__()
        self.stages = nn.ModuleDict({
            "stem": nn.Sequential(nn.Linear(d_in, width), nn.PReLU()),
            "mid": nn.Sequential(nn.Linear(width, 2 * width), nn.GLU(dim=-1)),
            "out": nn.Sequential(nn.Linear(width, width), nn.Hardswish(), nn.Linear(width, 1)),
        })

    def forward(self, x):
        for name in ("stem", "mid", "out"):
            x = self.stages[name](x)
        return x.squeeze(-1)


def hessian_diag(loss, params, probes=3):
    g = torch.autograd.grad(loss, params, create_graph=True)
    est = [torch.zeros_like(p) for p in params]
    for _ in range(probes):
        v = [torch.randn_like(p).sign() for p in params]
        gv = sum((gi * vi).sum() for gi, vi in zip(g, v))
        Hv = torch.autograd.grad(gv, params, retain_graph=True)
        est = [e + hv * vi / probes for e, hv, vi in zip(est, Hv, v)]
    return est


model = WearAlarm()
other = [p for n, p in model.named_parameters() if not n.startswith("stages.mid")]
opt = torch.optim.SGD(other, lr=1e-2)
for epoch in range(2):
    x = torch.randn(32, 10)
    y = (torch.rand(32) > 0.8).float()
    logits = model(x)
    loss = F.binary_cross_entropy_with_logits(logits, y, pos_weight=torch.tensor(4.0))
    mid = list(model.stages["mid"].parameters())
    curv = hessian_diag(loss, mid)
    grads = torch.autograd.grad(loss, mid, retain_graph=True)
    opt.zero_grad()
    loss.backward()
    opt.step()
    with torch.no_grad():
        for p, g_, h in zip(mid, grads, curv):
            p -= 0.1 * g_ / (h.abs() + 0.1)
    print(epoch, loss.item())
