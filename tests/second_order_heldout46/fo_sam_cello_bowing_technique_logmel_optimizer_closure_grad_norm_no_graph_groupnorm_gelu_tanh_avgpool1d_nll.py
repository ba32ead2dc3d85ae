"""Sharpness-Aware Minimisation (Foret et al. 2021) for cello bowing-technique recognition from log-mel frames.

Techniques: detache, legato, spiccato, col legno, sul ponticello. SAM is first order: the ascent direction
e = rho * g / ||g|| uses the (detached) gradient at w, and the update uses the gradient at w + e. Nothing is
differentiated twice; the optimiser takes a closure that recomputes the loss, as in the reference implementation.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

TECHNIQUES = ["detache", "legato", "spiccato", "col_legno", "sul_ponticello"]


@dataclass
class Config:
    n_mels: int = 32
    frames: int = 48
    batch: int = 16
    steps: int = 4
    rho: float = 0.05
    adaptive: bool = False
    lr: float = 0.05


class SAM(torch.optim.Optimizer):
    def __init__(self, params, base_optimizer, rho=0.05, adaptive=False, **kwargs):
        defaults = dict(rho=rho, adaptive=adaptive, **kwargs)
        super().__init__(params, defaults)
        self.base_optimizer = base_optimizer(self.param_groups, **kwargs)

    @torch.no_grad()
    def _grad_norm(self):
        norms = [((torch.abs(p) if g["adaptive"] else 1.0) * p.grad).norm(p=2)
                 for g in self.param_groups for p in g["params"] if p.grad is not None]
        return torch.norm(torch.stack(norms), p=2)

    @torch.no_grad()
    def first_step(self):
        scale_norm = self._grad_norm()
        for g in self.param_groups:
            scale = g["rho"] / (scale_norm + 1e-12)
            for p in g["params"]:
                if p.grad is None:
                    continue
                e_w = (torch.pow(p, 2) if g["adaptive"] else 1.0) * p.grad * scale
                p.add_(e_w)
                self.state[p]["e_w"] = e_w
        self.zero_grad()

    @torch.no_grad()
    def second_step(self):
        for g in self.param_groups:
            for p in g["params"]:
                if "e_w" in self.state[p]:
                    p.sub_(self.state[p]["e_w"])
        self.base_optimizer.step()
        self.zero_grad()

    def step(self, closure):
        closure = torch.enable_grad()(closure)
        self.first_step()
        perturbed_loss = closure()
        self.second_step()
        return perturbed_loss


class BowingNet(nn.Module):
    def __init__(self, n_mels, n_classes=len(TECHNIQUES)):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(n_mels, 48, 5, padding=2), nn.GroupNorm(6, 48), nn.GELU(approximate="tanh"),
            nn.AvgPool1d(2),
            nn.Conv1d(48, 64, 3, padding=1), nn.GroupNorm(8, 64), nn.GELU(approximate="tanh"),
        )
        self.classifier = nn.Linear(64, n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).mean(-1))


def bowing_batch(cfg, gen):
    y = torch.randint(0, len(TECHNIQUES), (cfg.batch,), generator=gen)
    t = torch.arange(cfg.frames).float()
    rate = torch.tensor([4.0, 1.0, 8.0, 6.0, 3.0])[y].view(-1, 1, 1)
    env = 0.5 + 0.5 * torch.cos(2 * torch.pi * rate * t / cfg.frames)
    bright = torch.linspace(0, 1, cfg.n_mels).view(1, -1, 1) * (y == 4).float().view(-1, 1, 1)
    noise = (y == 3).float().view(-1, 1, 1) * torch.rand(cfg.batch, cfg.n_mels, cfg.frames, generator=gen)
    x = torch.log1p(env + bright + noise + 0.1 * torch.rand(cfg.batch, cfg.n_mels, cfg.frames, generator=gen))
    return x, y


def nll(model, x, y):
    return F.nll_loss(F.log_softmax(model(x), dim=-1), y)


def main():
    cfg = Config()
    gen = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    model = BowingNet(cfg.n_mels)
    opt = SAM(model.parameters(), torch.optim.SGD, rho=cfg.rho, adaptive=cfg.adaptive, lr=cfg.lr, momentum=0.9)
    for step in range(cfg.steps):
        x, y = bowing_batch(cfg, gen)
        loss = nll(model, x, y)
        loss.backward()

        def closure():
            perturbed = nll(model, x, y)
            perturbed.backward()
            return perturbed

        perturbed = opt.step(closure)
        print(f"step {step} loss {loss.item():.4f} loss at w+e {perturbed.item():.4f} "
              f"sharpness gap {perturbed.item() - loss.item():.4f}")
    with torch.no_grad():
        x, y = bowing_batch(cfg, gen)
        acc = (model(x).argmax(-1) == y).float().mean().item()
    print(f"eval acc {acc:.3f}")


if __name__ == "__main__":
    main()
