"""ASAM (adaptive sharpness-aware minimisation) for maglev guideway air-gap sensor fault classification.

Vehicle-dynamics lab: 1-D windows of the levitation air-gap sensor (plus coil current), classes = {nominal,
sensor dropout, guideway step, rail joint}. ASAM takes two first-order passes: ascend to w + e(w) with
e = rho * T_w^2 g / ||T_w g||, T_w = |w| + eta, take the gradient there, restore w and step. The optional
"exact" variant (differentiating through e(w)) is kept off in this configuration.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"rho": 0.5, "eta": 0.01, "lr": 0.05, "exact_ascent": False, "batch": 32, "window": 96, "log_every": 1}


class AirGapNet(nn.Module):
    def __init__(self, n_classes=4, width=16):
        super().__init__()
        self.stem = nn.Conv1d(2, width, 7, padding=3)
        self.norm = nn.GroupNorm(4, width)
        self.act = nn.PReLU(width)
        self.pool = nn.AvgPool1d(4)
        self.conv = nn.Conv1d(width, width, 3, padding=1)
        self.head = nn.Linear(width, n_classes)

    def forward(self, x):
        h = self.pool(self.act(self.norm(self.stem(x))))
        h = self.act(self.conv(h))
        return self.head(h.mean(-1))


def nll(model, x, y):
    return F.nll_loss(F.log_softmax(model(x), dim=-1), y)


class ASAM:
    def __init__(self, params, base_opt, rho, eta, exact=False):
        self.params = [p for p in params if p.requires_grad]
        self.base = base_opt
        self.rho, self.eta, self.exact = rho, eta, exact
        self.saved = {}

    @torch.no_grad()
    def first_step(self):
        scaled = [(p.abs() + self.eta) * p.grad for p in self.params if p.grad is not None]
        norm = torch.norm(torch.stack([s.norm() for s in scaled])) + 1e-12
        for p in self.params:
            if p.grad is None:
                continue
            e = self.rho * (p.abs() + self.eta) ** 2 * p.grad / norm
            self.saved[p] = e
            p.add_(e)

    @torch.no_grad()
    def second_step(self):
        for p, e in self.saved.items():
            p.sub_(e)
        self.saved.clear()
        self.base.step()

    def step(self, loss_fn):
        loss = loss_fn()
        grads = torch.autograd.grad(loss, self.params, create_graph=self.exact, allow_unused=True)
        for p, g in zip(self.params, grads):
            p.grad = None if g is None else g.detach()
        self.first_step()
        self.base.zero_grad()
        perturbed = loss_fn()
        perturbed.backward()
        self.second_step()
        return loss.detach(), perturbed.detach()


def grad_norm_report(model, x, y):
    grads = torch.autograd.grad(nll(model, x, y), list(model.parameters()))
    return {n: g.norm().item() for (n, _), g in zip(model.named_parameters(), grads) if g.dim() > 1}


def synth_windows(n, length, gen):
    y = torch.randint(0, 4, (n,), generator=gen)
    t = torch.linspace(0, 1, length)
    gap = 10 + 0.2 * torch.randn(n, length, generator=gen)
    gap[y == 1, length // 2: length // 2 + 8] = 0.0
    gap[y == 2] += (t > 0.5).float() * 1.5
    gap[y == 3] += torch.exp(-((t - 0.4) ** 2) / 1e-3) * 2.0
    current = 5 - 0.3 * (gap - 10) + 0.1 * torch.randn(n, length, generator=gen)
    x = torch.stack([gap - 10, current - 5], dim=1)
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    args = ap.parse_args()
    torch.manual_seed(9)
    gen = torch.Generator().manual_seed(9)
    model = AirGapNet()
    base = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9)
    asam = ASAM(model.parameters(), base, CFG["rho"], CFG["eta"], exact=CFG["exact_ascent"])
    for step in range(args.steps):
        x, y = synth_windows(CFG["batch"], CFG["window"], gen)
        loss, perturbed = asam.step(lambda: nll(model, x, y))
        print(f"step {step} loss {loss.item():.3f} perturbed {perturbed.item():.3f}")
        if step % CFG["log_every"] == 0:
            norms = grad_norm_report(model, x, y)
            print("  grad norms:", {k: round(v, 4) for k, v in norms.items()})


if __name__ == "__main__":
    main()
