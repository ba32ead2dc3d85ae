"""Sharpness-Aware Minimisation (Foret et al. 2021) for a church-bell crack detector on timbre spectrograms.

SAM takes two gradients per step (at w and at w + e(w)); both are plain first-order gradients."""
import torch
import torch.nn as nn


class SAM(torch.optim.Optimizer):
    def __init__(self, params, base_optimizer, rho=0.05, **kw):
        super().__init__(params, dict(rho=rho, **kw))
        self.base_optimizer = base_optimizer(self.param_groups, **kw)

    @torch.no_grad()
    def first_step(self):
        grad_norm = torch.norm(torch.stack([p.grad.norm(2) for g in self.param_groups
                                            for p in g["params"] if p.grad is not None]), 2)
        for group in self.param_groups:
            scale = group["rho"] / (grad_norm + 1e-12)
            for p in group["params"]:
                if p.grad is None:
                    continue
                e_w = p.grad * scale
                p.add_(e_w)
                self.state[p]["e_w"] = e_w

    @torch.no_grad()
    def second_step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if "e_w" in self.state[p]:
                    p.sub_(self.state[p]["e_w"])
        self.base_optimizer.step()


class BellNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.LocalResponseNorm(size=3),
            nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveMaxPool2d(1),
        )
        self.classifier = nn.Sequential(nn.Flatten(), nn.Linear(8, 1), nn.Sigmoid())

    def forward(self, x):
        return self.classifier(self.features(x)).squeeze(1)


model = BellNet()
criterion = nn.BCELoss()
optimizer = SAM(model.parameters(), torch.optim.SGD, rho=0.05, lr=0.05, momentum=0.9)
for step in range(3):
    spec = torch.rand(8, 1, 16, 16)
    cracked = (torch.rand(8) < 0.5).float()
    criterion(model(spec), cracked).backward()
    optimizer.first_step()
    optimizer.zero_grad()
    loss = criterion(model(spec), cracked)
    loss.backward()
    optimizer.second_step()
    optimizer.zero_grad()
    print(step, loss.item())
