# GradNorm (Chen et al. 2018) task balancing for a two-head crop water-stress model.
# Gradient norms are taken w.r.t. the weights of the last shared layer of a builder-made trunk.
import torch
import torch.nn as nn
import torch.nn.functional as F


def build_trunk(n_in, width):
    return nn.Sequential(
        nn.Linear(n_in, width),
        nn.ELU(),
        nn.Linear(width, width),
        nn.PReLU(width),
    )


trunk = build_trunk(20, 32)
head_a, head_b = nn.Linear(32, 1), nn.Linear(32, 1)
task_w = torch.ones(2, requires_grad=True)
opt = torch.optim.Adam(list(trunk.parameters()) + list(head_a.parameters()) + list(head_b.parameters()), lr=1e-3)
w_opt = torch.optim.Adam([task_w], lr=1e-2)
alpha, L0 = 1.5, None
shared_w = trunk[2].weight

for step in range(3):
    x = torch.randn(16, 20)
    ya, yb = torch.randn(16, 1), torch.randn(16, 1)
    h = trunk(x)
    losses = torch.stack([F.mse_loss(head_a(h), ya), F.mse_loss(head_b(h), yb)])
    if L0 is None:
        L0 = losses.detach()
    G = torch.stack([torch.autograd.grad(task_w[i] * losses[i], shared_w, retain_graph=True, create_graph=True)[0].norm()
                     for i in range(2)])
    ratio = (losses.detach() / L0)
    target = (G.mean() * (ratio / ratio.mean()) ** alpha).detach()
    gn_loss = (G - target).abs().sum()
    opt.zero_grad()
    w_opt.zero_grad()
    (task_w * losses).sum().backward(retain_graph=True)
    gn_loss.backward()
    w_opt.step()
    opt.step()
    with torch.no_grad():
        task_w.mul_(2 / task_w.sum())
