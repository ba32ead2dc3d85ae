# GradNorm (Chen et al., ICML 2018) for a two-task tabular model (regression + churn classification).
# The task weights are learned so that the gradient norms of the weighted task losses w.r.t. the last
# shared layer follow the tasks' relative training rates. The gradient norms are built with
# create_graph=True and differentiated w.r.t. the task weights.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SharedBottom(nn.Module):
    def __init__(self, d_in=16, h=64):
        super().__init__()
        self.inp = nn.Linear(d_in, h)
        self.act = nn.PReLU()
        self.last_shared = nn.Linear(h, h)
        self.ltv_head = nn.Sequential(nn.Tanh(), nn.Linear(h, 1))
        self.churn_head = nn.Sequential(nn.Tanh(), nn.Linear(h, 1))

    def forward(self, x):
        z = self.last_shared(self.act(self.inp(x)))
        return self.ltv_head(z).squeeze(-1), self.churn_head(z).squeeze(-1)


model = SharedBottom()
task_w = nn.Parameter(torch.ones(2))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
opt_w = torch.optim.Adam([task_w], lr=2.5e-2)
alpha, L0 = 1.5, None
W = model.last_shared.weight
for step in range(3):
    x = torch.randn(64, 16)
    y_ltv, y_churn = torch.randn(64), torch.randint(0, 2, (64,)).float()
    ltv, churn = model(x)
    losses = torch.stack([F.smooth_l1_loss(ltv, y_ltv, beta=0.5),
                          F.binary_cross_entropy_with_logits(churn, y_churn)])
    if L0 is None:
        L0 = losses.detach()
    weighted = task_w * losses
    opt.zero_grad()
    weighted.sum().backward(retain_graph=True)

    norms = torch.stack([torch.autograd.grad(weighted[i], W, retain_graph=True, create_graph=True)[0].norm()
                         for i in range(2)])
    ratio = losses.detach() / L0
    target = (norms.mean() * (ratio / ratio.mean()) ** alpha).detach()
    gn_loss = (norms - target).abs().sum()
    task_w.grad = torch.autograd.grad(gn_loss, task_w)[0]
    opt.step()
    opt_w.step()
    with torch.no_grad():
        task_w.mul_(2 / task_w.sum())
    print(step, losses.tolist(), task_w.tolist())
