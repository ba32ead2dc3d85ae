"""Glide-distance regression for folded paper airplanes, trained with a curvature-aware
optimizer: each step moves along -g with the Cauchy step length g.g / g.Hg, where Hg is a
Hessian-vector product. The optimizer takes a closure (like LBFGS) that returns the loss.

Input: 32 crease-angle samples along the fold line (sheet design), target: glide distance (m).
"""
import torch
import torch.nn as nn
from torch.optim import Optimizer


class CauchyStepSGD(Optimizer):
    def __init__(self, params, max_lr=0.5, damping=1e-3):
        super().__init__(params, dict(max_lr=max_lr, damping=damping))

    def step(self, closure):
        params = [p for group in self.param_groups for p in group["params"] if p.requires_grad]
        with torch.enable_grad():
            loss = closure()
            grads = torch.autograd.grad(loss, params, create_graph=True)
            directions = [g.detach() for g in grads]
            hvps = torch.autograd.grad(grads, params, grad_outputs=directions)
        group = self.param_groups[0]
        gg = sum((d * d).sum() for d in directions)
        gHg = sum((d * h).sum() for d, h in zip(directions, hvps)) + group["damping"] * gg
        lr = min(group["max_lr"], (gg / gHg).item()) if gHg > 0 else group["max_lr"]
        with torch.no_grad():
            for p, d in zip(params, directions):
                p.add_(d, alpha=-lr)
        self.last_lr = lr
        return loss


class FoldNet(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, ch, 5, padding=2),
            nn.Softshrink(0.05),
            nn.AvgPool1d(2),
            nn.Conv1d(ch, ch, 3, padding=1),
            nn.Tanh(),
        )
        self.regressor = nn.Linear(ch * 16, 1)

    def forward(self, creases):
        return self.regressor(self.features(creases[:, None]).flatten(1)).squeeze(-1)


def fold_designs(n, length=32):
    pos = torch.linspace(0, 1, length)
    wing = torch.rand(n, 1) * 0.6 + 0.2
    angles = torch.sigmoid(20 * (pos - wing)) * (torch.rand(n, 1) * 60 + 20)
    angles = angles + 3 * torch.randn(n, length)
    glide = 2.0 + 6.0 * torch.exp(-((wing.squeeze(1) - 0.45) ** 2) / 0.02) + 0.2 * torch.randn(n)
    return angles / 80.0, glide


def main():
    torch.manual_seed(0)
    model = FoldNet()
    criterion = nn.HuberLoss(delta=0.5)
    opt = CauchyStepSGD(model.parameters())
    x, y = fold_designs(48)
    for epoch in range(3):
        for xb, yb in zip(x.split(16), y.split(16)):
            def closure():
                return criterion(model(xb), yb)
            loss = opt.step(closure)
        print(f"epoch {epoch} loss {loss.item():.4f} step {opt.last_lr:.4f}")


if __name__ == "__main__":
    main()
