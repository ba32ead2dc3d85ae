"""GradNorm (Chen et al. 2018) for depth + drivable-area multitask learning on road-scene features."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SceneMTL(nn.Module):
    def __init__(self, d_in=24, d=32, n_area=3):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Linear(d_in, d),
            nn.ELU(),
            nn.Linear(d, d),
            nn.ReLU6(),
        )
        self.depth_head = nn.Sequential(nn.Linear(d, d), nn.Hardswish(), nn.Linear(d, 1))
        self.area_head = nn.Linear(d, n_area)

    def get_last_shared_layer(self):
        return self.trunk[2]

    def forward(self, x):
        h = self.trunk(x)
        return self.depth_head(h).squeeze(-1), self.area_head(h)


model = SceneMTL()
task_weights = nn.Parameter(torch.ones(2))
opt = torch.optim.Adam(list(model.parameters()) + [task_weights], lr=1e-3)
alpha = 1.5
initial_losses = None
for it in range(2):
    x = torch.randn(8, 24)
    depth_gt, area_gt = torch.rand(8), torch.randint(0, 3, (8,))
    depth_pred, area_logits = model(x)
    task_losses = torch.stack([(depth_pred - depth_gt).abs().mean(), F.cross_entropy(area_logits, area_gt)])
    if initial_losses is None:
        initial_losses = task_losses.detach()
    weighted = task_weights * task_losses
    opt.zero_grad()
    weighted.sum().backward(retain_graph=True)

    W = model.get_last_shared_layer().weight
    norms = torch.stack([
        torch.autograd.grad(weighted[i], W, retain_graph=True, create_graph=True)[0].norm()
        for i in range(2)
    ])
    loss_ratio = task_losses.detach() / initial_losses
    inverse_rate = loss_ratio / loss_ratio.mean()
    target = (norms.mean() * inverse_rate ** alpha).detach()
    gradnorm_loss = (norms - target).abs().sum()
    task_weights.grad = torch.autograd.grad(gradnorm_loss, task_weights)[0]
    opt.step()
    with torch.no_grad():
        task_weights.data = 2 * task_weights / task_weights.sum()
