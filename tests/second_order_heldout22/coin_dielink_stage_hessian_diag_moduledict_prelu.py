# Hessian-diagonal (Hutchinson, z * Hz) importance for the middle stage of an ancient-coin die-link
# matcher; the model is a ModuleDict of stages built by a config-driven builder. The mid-stage
# curvature is pushed down by a penalty (stem stage is only differentiated once).
import torch
import torch.nn as nn


def build_stages(cfg):
    return nn.ModuleDict({
        "stem": nn.Sequential(nn.Linear(cfg["in_dim"], cfg["width"]), nn.ELU()),
        "mid": nn.Sequential(nn.Linear(cfg["width"], cfg["width"]), nn.PReLU()),
        "out": nn.Sequential(nn.Unflatten(1, (1, cfg["width"])), nn.AdaptiveAvgPool1d(8),
                             nn.Flatten(), nn.Linear(8, 1)),
    })


def run(stages, x):
    for name in ("stem", "mid", "out"):
        x = stages[name](x)
    return x


cfg = {"in_dim": 10, "width": 16}
stages = build_stages(cfg)
opt = torch.optim.Adam(stages.parameters(), lr=1e-3)
for it in range(2):
    a, b = torch.randn(8, 10), torch.randn(8, 10)
    same = torch.randint(0, 2, (8, 1)).float()
    score = run(stages, a - b)
    loss = nn.functional.binary_cross_entropy(torch.sigmoid(score), same)
    mid_params = list(stages["mid"].parameters())
    g = torch.autograd.grad(loss, mid_params, create_graph=True)
    z = [torch.randn_like(p) for p in mid_params]
    Hz = torch.autograd.grad(g, mid_params, grad_outputs=z, create_graph=True)
    hdiag = sum(((zi * hzi) ** 2).sum() for zi, hzi in zip(z, Hz))
    total = loss + 1e-2 * hdiag
    opt.zero_grad()
    total.backward()
    opt.step()
print(total.item())
